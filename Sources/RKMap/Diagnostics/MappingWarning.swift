/// A problem found while mapping a document that leaves something out but does
/// not fail the document (docs/spec.md §11; a failure under `--strict`): the
/// engine raises these as values, and their text lives here, in one place.
///
/// `kind` names the problem whatever the values in the text: with the mapper
/// and attribute it says which warnings repeat one another, so that the same
/// warning is printed at most 10 times (`RepeatedWarningLimit`).
public enum MappingWarning: Sendable, Equatable {
    /// Dynamic mappers choose each other without reaching an object mapper.
    case dynamicCycle
    /// A connection's value matches no record of the document (docs/spec.md §6).
    case connectionNotFound(connection: String, type: String, attribute: String, value: String, otherKindFound: Bool = false)
    /// A connection's source value (or an element of it) is an object or an
    /// array: connections compare strings, numbers and booleans.
    case connectionValueNotScalar(connection: String, value: String)
    /// A relationship declared `"many": false` whose source is an array.
    case toOneFromArray(relationship: String)
    /// A relationship without `"many"` in CSV output (to-one there) whose source is an array.
    case toOneFromArrayInCSV(relationship: String)
    /// A to-one relationship (declared, or in CSV output) whose mapper maps a
    /// keyed collection (`forceCollection`).
    case toOneFromCollection(relationship: String, mapper: String, declared: Bool)
    /// `@sum`/`@avg` without a representable result (docs/spec.md §4).
    case arithmetic(keyPath: String, problem: String)
    /// The mapper reads no key of the object.
    case readsNoKeys
    /// None of the keys the mapper reads is in the object.
    case noMappedKeyPresent(keys: [String])
    /// A value that cannot be converted to the attribute's type (docs/spec.md §5).
    case conversion(String)
    /// A validation with `"onFailure": "skip"` failed (docs/spec.md §8).
    case validationSkipped(String)
    /// A validation with `"onFailure": "reject"` failed.
    case validationRejected(String)
    /// A validation with `"onFailure": "fail"` failed (the document fails too).
    case validationFailed(String)
    /// A dynamic nesting key over an object with `count` keys, not one.
    case dynamicKeyCount(Int)
    /// A scalar where the mapper has no attribute from the nil key path.
    case scalarElement(kind: String, mapper: String)
    /// The same under a dynamic nesting key (a `keyAttribute` mapper).
    case keyedScalar(key: String, kind: String, mapper: String)
    /// A scalar or array for which no matcher of a dynamic mapper chose a
    /// mapper (an object is declined silently, as RestKit declines it).
    case scalarDeclined(kind: String, mapper: String)
    /// A field that dotted fields nest in holds a value they cannot be
    /// written into; it gives way to them.
    case nestedGivesWay(outer: String, kind: String, inner: String)
    /// A matcher's predicate has no answer for the representation (a `MATCHES`
    /// pattern from the document that does not compile, docs/spec.md §9); the
    /// matcher is skipped.
    case matcherUndecided(predicate: String, problem: String)

    /// What kind of problem, whatever the values (docs/spec.md §11). The raw
    /// values are names for reading in a debugger or test, not output.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case dynamicCycle = "dynamic-cycle"
        case connectionNotFound = "connection-not-found"
        case toOneArray = "to-one-array"
        case toOneCollection = "to-one-collection"
        case arithmetic
        case unmappable
        case conversion
        case validationSkip = "validation-skip"
        case validationReject = "validation-reject"
        case validationFail = "validation-fail"
        case dynamicKeyCount = "dynamic-key-count"
        case scalarElement = "scalar-element"
        case matcherUndecided = "matcher-undecided"
    }

    public var kind: Kind {
        switch self {
        case .dynamicCycle: .dynamicCycle
        case .connectionNotFound, .connectionValueNotScalar: .connectionNotFound
        case .toOneFromArray, .toOneFromArrayInCSV: .toOneArray
        case .toOneFromCollection: .toOneCollection
        case .arithmetic: .arithmetic
        case .readsNoKeys, .noMappedKeyPresent: .unmappable
        case .conversion, .nestedGivesWay: .conversion
        case .validationSkipped: .validationSkip
        case .validationRejected: .validationReject
        case .validationFailed: .validationFail
        case .dynamicKeyCount: .dynamicKeyCount
        case .scalarElement, .keyedScalar, .scalarDeclined: .scalarElement
        case .matcherUndecided: .matcherUndecided
        }
    }

    /// The warning's text, as printed after `warning: `.
    public var message: String {
        switch self {
        case .dynamicCycle:
            return "dynamic mappers choose each other in a cycle without reaching an object mapper"
        case .connectionNotFound(let connection, let type, let attribute, let value, let otherKindFound):
            var message = "connection '\(connection)': no \(type) with \(attribute) = \(value) in the document; the value is left out"
            if otherKindFound {
                let other = value.hasPrefix("\"") ? "the number \(value.dropFirst().dropLast())" : "the string \"\(value)\""
                // "an Athlete", "a User" (a type's first letter; U mostly sounds "you").
                let article = type.first.map { "AEIOaeio".contains($0) } == true ? "an" : "a"
                message += " (\(article) \(type) has \(attribute) = \(other): a number and a string never match; give both attributes one type in \"types\")"
            }
            return message
        case .connectionValueNotScalar(let connection, let value):
            return "connection '\(connection)': \(value) is not a string, number or boolean, the values connections compare; it is left out"
        case .toOneFromArray(let relationship):
            return "relationship '\(relationship)' is to-one (\"many\": false) but its source is an array; it is left out"
        case .toOneFromArrayInCSV(let relationship):
            return "relationship '\(relationship)' is to-one in CSV output but its source is an array; its cells are left empty; "
                + "declare \"many\": true to write it as JSON text"
        case .toOneFromCollection(let relationship, let mapper, let declared):
            let why = declared ? "(\"many\": false)" : "in CSV output (declare \"many\": true to write it as JSON text)"
            return "relationship '\(relationship)' is to-one \(why) but mapper '\(mapper)' maps a collection (forceCollection); it is left out"
        case .arithmetic(let keyPath, let problem):
            return "'\(keyPath)': \(problem); the attribute is left out"
        case .readsNoKeys:
            return "the mapper reads no keys of the object, so the object is not mapped"
        case .noMappedKeyPresent(let keys):
            let list = keys.prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (keys.count > 8 ? ", …" : "")
            return "none of the mapped keys (\(list)) is present; the object is not mapped"
        case .conversion(let message):
            return message
        case .validationSkipped(let text):
            return "\(text); the attribute is left out"
        case .validationRejected(let text):
            return "\(text); the record is rejected"
        case .validationFailed(let text):
            return "\(text); the document fails"
        case .dynamicKeyCount(let count) where count > 1:
            return "a dynamic nesting key needs a dictionary with exactly one key, found \(count); "
                + "set \"forceCollection\": true to map each key as a record"
        case .dynamicKeyCount:
            return "a dynamic nesting key needs a dictionary with exactly one key, found none"
        case .nestedGivesWay(let outer, let kind, let inner):
            let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            let shown = kind.hasPrefix("to-many") ? "the \(kind)" : "\(article) \(kind)"
            return "'\(outer)' holds \(shown), which \(inner) cannot be written into (only an object or a to-one record can): "
                + "JSON output leaves the value of '\(outer)' out; rename one of the destinations"
        case .keyedScalar(let key, let kind, let mapper):
            let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            return "the value of key '\(key)' is \(article) \(kind), not an object: mapper '\(mapper)' maps the object under a key "
                + "as a record; it maps another value only with an attribute from the nil key path (\"\")"
        case .scalarElement(let kind, let mapper):
            let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            return "cannot map \(article) \(kind) with mapper '\(mapper)': it has no attribute from the nil key path (\"\")"
        case .scalarDeclined(let kind, let mapper):
            let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            return "cannot map \(article) \(kind) with dynamic mapper '\(mapper)': none of its matchers chose a mapper for it, "
                + "so the value is left out"
        case .matcherUndecided(let predicate, let problem):
            return "the predicate '\(predicate)' cannot be decided: \(problem); the matcher is skipped"
        }
    }
}
