/// A problem found while compiling a spec (docs/spec.md §1–§4). Every message a user can
/// see about a spec's meaning is produced here, in one place, so wording stays
/// consistent and each case can be pinned by a test.
///
/// Syntax problems (relaxed JSON) come from the spec reader; these are the
/// problems of a spec that parsed.
enum SpecIssue: Sendable, Equatable {
    // Structure and kinds
    case specNotObject(found: String)
    case wrongKind(field: String, context: String, expected: String, found: String)
    case unknownField(field: String, context: String, suggestion: String?)
    case duplicateField(field: String, context: String)
    /// A descriptor key path written as JSONPath (`$.results`).
    case jsonPathKeyPath(text: String, suggestion: String)
    /// Two spellings of one field (`target` and `targetName`).
    case duplicateSpelling(field: String, other: String, context: String)
    case missingField(field: String, context: String)
    case descriptorFieldAtTopLevel(field: String)
    case misplacedOption(field: String)
    // Mappers and references
    case missingMapperID
    case duplicateMapperID(id: String, firstLine: Int)
    case unknownMapper(id: String, suggestion: String?)
    case ambiguousRoot(mapperCount: Int)
    case noMappers
    case noDescriptors
    // Descriptor values
    case invalidStatusCode(text: String)
    case emptyStatusCodes
    case unknownMethod(text: String, suggestion: String?)
    case invalidPathPattern(message: String)
    case unknownKeyMatching(text: String, suggestion: String?)
    case unknownTimeZone(text: String)
    case invalidDateFormat(message: String)
    // Key paths and destinations
    case invalidKeyPath(message: String)
    case invalidDestination(text: String)
    case reservedDestination(name: String)
    case anchorDestination(name: String, anchor: String)
    /// Two mappings of one mapper write one destination (`first` and
    /// `second` name them: `'id'`, the nil key path, the keyAttribute).
    case sharedDestination(destination: String, first: String, second: String)
    /// A connection's relationship is a destination a mapping writes.
    case connectionOverDestination(relationship: String, first: String)
    case normalizationVariants(first: String, second: String)
    /// A key or string with more than 30 combining marks in a row (`CombiningMarks`).
    case longCombiningRun(text: String, run: Int)
    /// Under `keyMatching: caseInsensitive`: two names whose lowercased
    /// forms are two spellings of one text (`Café` and `CAFE\u0301`).
    case normalizationVariantsIgnoringCase(first: String, second: String)
    case mapperMapsNothing(id: String, misspelt: String?, suggestion: String?)
    case dynamicKeyMismatch(keyPath: String, written: String, keyAttribute: String)
    case dynamicKeyWithoutKeyAttribute(keyPath: String, written: String)
    case unknownDestination(name: String, field: String, suggestion: String?)
    case unmappedDestination(name: String, field: String, hint: String? = nil)
    case identificationWithoutEntity
    case entityWithoutIdentification(candidates: [String])
    case unknownType(type: String, destination: String, suggestion: String?)
    case invalidEnumValue(field: String, value: String, allowed: [String], suggestion: String?)
    // Connections
    case unknownTargetType(type: String, suggestion: String?)
    case unknownTargetAttribute(type: String, attribute: String, suggestion: String?)
    // Dynamic mappers
    case matcherNeedsOneTest
    case matcherNeedsKeyPath(test: String)
    case matcherNeedsMapper
    case unknownExpectType(text: String, suggestion: String?)
    case emptyMatchers
    case dynamicCycle(path: [String])
    // Predicates
    case invalidPredicate(PredicateSyntaxError)
    // Request descriptors (§13)
    case unknownRequestTarget(type: String, suggestion: String?)
    case invalidRootKeyPath(text: String)
    case notInvertible(mapperID: String, reason: String)

    var severity: Severity {
        switch self {
        case .unknownField, .duplicateField, .duplicateSpelling, .jsonPathKeyPath, .misplacedOption, .unmappedDestination, .identificationWithoutEntity, .entityWithoutIdentification, .emptyStatusCodes,
             .dynamicKeyWithoutKeyAttribute, .emptyMatchers, .anchorDestination, .sharedDestination, .connectionOverDestination, .dynamicCycle:
            return .warning
        default:
            return .error
        }
    }

    /// `'p' → 'q' → 'p'`; a long cycle by its ends (a ring of 6,000 mappers
    /// was spelled whole in each of its warnings: 211 MB).
    static func chain(_ path: [String]) -> String {
        let quoted = { (ids: ArraySlice<String>) in ids.map { "'\($0)'" } }
        let shown = path.count <= 7 ? quoted(path[...]) : quoted(path.prefix(3)) + ["… \(path.count - 5) more …"] + quoted(path.suffix(2))
        return shown.joined(separator: " → ")
    }

    /// A short machine-readable code for JSON reports and filtering.
    var code: DiagnosticCode {
        switch self {
        case .specNotObject, .wrongKind: return .wrongKind
        case .unknownField: return .unknownField
        case .duplicateField, .duplicateSpelling: return .duplicateField
        case .jsonPathKeyPath: return .keyPath
        case .missingField, .missingMapperID: return .missingField
        case .descriptorFieldAtTopLevel, .misplacedOption: return .misplacedField
        case .duplicateMapperID: return .duplicateMapper
        case .unknownMapper: return .unknownMapper
        case .ambiguousRoot, .noMappers: return .ambiguousRoot
        case .noDescriptors: return .noDescriptors
        case .invalidStatusCode, .emptyStatusCodes: return .statusCode
        case .unknownMethod: return .method
        case .invalidPathPattern: return .pathPattern
        case .unknownKeyMatching, .invalidEnumValue, .unknownExpectType, .longCombiningRun: return .invalidValue
        case .unknownTimeZone: return .timeZone
        case .invalidDateFormat: return .dateFormat
        case .invalidKeyPath, .dynamicKeyMismatch, .dynamicKeyWithoutKeyAttribute: return .keyPath
        case .invalidDestination, .unknownDestination, .unmappedDestination, .reservedDestination, .anchorDestination, .sharedDestination,
             .connectionOverDestination, .normalizationVariants,
             .normalizationVariantsIgnoringCase:
            return .destination
        case .identificationWithoutEntity, .entityWithoutIdentification: return .misplacedField
        case .mapperMapsNothing: return .mapsNothing
        case .unknownType: return .unknownType
        case .unknownTargetType, .unknownTargetAttribute: return .connection
        case .matcherNeedsOneTest, .matcherNeedsKeyPath, .matcherNeedsMapper, .emptyMatchers, .dynamicCycle: return .matcher
        case .invalidPredicate: return .predicate
        case .unknownRequestTarget, .invalidRootKeyPath, .notInvertible: return .requestDescriptor
        }
    }

    /// The first 12 characters (Unicode scalars) of `text`, escaped, with `…` when there are more.
    static func shortened(_ text: String) -> String {
        text.unicodeScalars.count > 12 ? escaped(String(String.UnicodeScalarView(text.unicodeScalars.prefix(12)))) + "…" : escaped(text)
    }

    /// `name` with every non-ASCII scalar as `\u{…}`, so that two spellings show apart.
    static func escaped(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }.joined()
    }

    var message: String {
        switch self {
        case .specNotObject(let found):
            return "a spec must be a JSON object or an array of descriptor objects; found \(found)"
        case .wrongKind(let field, let context, let expected, let found):
            return "'\(field)'\(Self.space(context)) must be \(expected); found \(found)"
        case .unknownField(let field, let context, let suggestion):
            return "unknown field '\(field)'\(Self.space(context))" + Self.didYouMean(suggestion)
        case .duplicateField(let field, let context):
            return "duplicate field '\(field)'\(Self.space(context)); the last one is used"
        case .jsonPathKeyPath(let text, let suggestion):
            return "key path '\(text)' reads a key named '$': key paths are not JSONPath, they start at the document; "
                + (suggestion.isEmpty ? "write \"\" for the document itself" : "write '\(suggestion)'")
        case .duplicateSpelling(let field, let other, let context):
            return "'\(field)'\(Self.space(context)) repeats '\(other)' (two spellings of one field); the last one is used"
        case .missingField(let field, let context):
            return "missing field '\(field)'\(Self.space(context))"
        case .descriptorFieldAtTopLevel(let field):
            return "'\(field)' is a descriptor field; with \"descriptors\", move it into a descriptor"
        case .misplacedOption(let field):
            return "'\(field)' applies to the whole spec and is ignored in a descriptor; move it to the top level"
        case .missingMapperID:
            return "mapper has no \"id\"; add one so \"map-ref\" and \"root-map-ref\" can name it"
        case .duplicateMapperID(let id, let firstLine):
            return "duplicate mapper id '\(id)'; first declared at line \(firstLine)"
        case .unknownMapper(let id, let suggestion):
            return "unknown mapper '\(id)'" + Self.didYouMean(suggestion)
        case .ambiguousRoot(let count):
            return "ambiguous root: the spec declares \(count) mappers; add \"root-map-ref\""
        case .noDescriptors:
            return "no descriptors: the spec maps nothing; add a descriptor object"
        case .noMappers:
            return "no mapper to apply: the spec declares no mappers; add one under \"mappers\""
        case .invalidStatusCode(let text):
            return "invalid status code \(text): expected an integer from 100 to 599 or a class \"1XX\" to \"5XX\""
        case .emptyStatusCodes:
            return "empty \"statusCodes\": the descriptor never applies"
        case .unknownMethod(let text, let suggestion):
            return "unknown method '\(text)'" + Self.didYouMean(suggestion)
                + " (expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or ANY)"
        case .invalidPathPattern(let message):
            return "invalid path pattern: \(message)"
        case .unknownKeyMatching(let text, let suggestion):
            return "unknown keyMatching '\(text)'" + Self.didYouMean(suggestion) + " (expected \"exact\" or \"caseInsensitive\")"
        case .unknownTimeZone(let text):
            return "unknown time zone '\(text)' (expected an IANA name such as \"Europe/Paris\", or \"UTC\")"
        case .invalidDateFormat(let message):
            return message
        case .invalidKeyPath(let message):
            return "invalid key path: \(message)"
        case .invalidDestination(let text):
            return "invalid destination '\(text)': a destination name must be non-empty and have no empty part between dots"
        case .normalizationVariants(let first, let second):
            return "'\(Self.escaped(second))' and '\(Self.escaped(first))' are two Unicode spellings of one text "
                + "(canonically equivalent); documents are matched code unit for code unit, and a spec may use only one spelling: "
                + "write the one your documents use"
        case .longCombiningRun(let text, let run):
            return "'\(Self.shortened(text))' has \(run) combining marks in a row; a spec allows at most \(CombiningMarks.streamSafeLimit) "
                + "in any key or string (Unicode's stream-safe limit, UAX #15), because names are compared "
                + "by canonical equivalence, whose cost grows with the square of such a run: write a shorter run (a document's key "
                + "with a longer one cannot be named in a spec, and rkmap check reports it as unmapped)"
        case .normalizationVariantsIgnoringCase(let first, let second):
            return "'\(Self.escaped(second))' and '\(Self.escaped(first))' are, ignoring case, two Unicode spellings of one text "
                + "(canonically equivalent once lowercased); keys are matched ignoring case code unit for code unit, "
                + "and a spec may use only one spelling: write the one your documents use"
        case .anchorDestination(let name, let anchor):
            return "destination '\(name)' begins with '\(anchor)', which anchors source key paths, not field names; "
                + "name the field without it: {\"\(name)\": \"\(Self.fieldName(for: name))\"} reads that value into '\(Self.fieldName(for: name))' "
                + "(a name in the list form is both source and destination)"
        case .sharedDestination(let destination, let first, let second):
            if first == second { return "\(second) maps to '\(destination)' a second time; remove one" }
            return "\(second) maps to '\(destination)', as \(first) does before it: a record gets the value of \(second) "
                + "where its object has that key, else of \(first) (the later mapping wins; RestKit refuses two mappings "
                + "of one destination); give each its own destination, or remove one"
        case .connectionOverDestination(let relationship, let first):
            return "connection '\(relationship)' fills '\(relationship)', which \(first) maps to: the connected records replace "
                + "that value in every record; give the connection a relationship name of its own"
        case .reservedDestination(let name):
            return "destination '\(name)' is reserved: every output writes the record type as '@type'; choose another name, such as 'type' or 'ldType'"
        case .mapperMapsNothing(let id, let misspelt, let suggestion):
            var hint = "; add \"attributes\" or \"relationships\""
            if let misspelt, let suggestion { hint = "; '\(misspelt)' is not a mapper field: did you mean '\(suggestion)'?" }
            return "mapper '\(id)' maps nothing: it has no attributes, no relationships and no keyAttribute" + hint
        case .dynamicKeyMismatch(let keyPath, let written, let keyAttribute):
            return "key path '\(keyPath)' names the dynamic key '(\(written))' but the keyAttribute is '\(keyAttribute)'; write '(\(keyAttribute))'"
        case .dynamicKeyWithoutKeyAttribute(let keyPath, let written):
            return "key path '\(keyPath)' names a dynamic key '(\(written))' but the mapper has no keyAttribute; it is read as a literal key"
        case .unknownDestination(let name, let field, let suggestion):
            return "'\(field)' names '\(name)', which the mapper does not map" + Self.didYouMean(suggestion)
        case .unmappedDestination(let name, let field, let hint):
            return "'\(field)' names '\(name)', which the mapper does not map; it has no effect" + (hint.map { "; \($0)" } ?? "")
        case .entityWithoutIdentification(let candidates):
            return "an entity without identification: no attribute is named "
                + candidates.map { "'\($0)'" }.joined(separator: ", ")
                + ", so every record is a new one (SQLite inserts a row each time); add \"identification\": [\"...\"]"
        case .identificationWithoutEntity:
            return "'identification' has no effect on a mapper that is not an entity (records have identity only with \"entity\": true)"
        case .unknownType(let type, let destination, let suggestion):
            return "unknown type '\(type)' for '\(destination)'" + Self.didYouMean(suggestion)
                + " (expected string, int, double, number, decimal, bool, date, url, array, set or any)"
        case .invalidEnumValue(let field, let value, let allowed, let suggestion):
            return "invalid \(field) '\(value)'" + Self.didYouMean(suggestion)
                + " (expected " + Self.list(allowed) + ")"
        case .unknownTargetType(let type, let suggestion):
            return "connection target '\(type)' is not a type any mapper produces" + Self.didYouMean(suggestion)
        case .unknownTargetAttribute(let type, let attribute, let suggestion):
            return "no mapper of type '\(type)' maps '\(attribute)'" + Self.didYouMean(suggestion)
        case .matcherNeedsOneTest:
            return "a matcher needs exactly one of \"expectValue\", \"expectType\", \"valueMap\" or \"predicate\""
        case .matcherNeedsKeyPath(let test):
            return "a matcher with \"\(test)\" needs a \"keyPath\""
        case .matcherNeedsMapper:
            return "a matcher needs a \"map-ref\" naming the mapper it chooses"
        case .unknownExpectType(let text, let suggestion):
            return "unknown expectType '\(text)'" + Self.didYouMean(suggestion)
                + " (expected string, number, bool, object, array or null)"
        case .emptyMatchers:
            return "dynamic mapper has no matchers: every representation is declined"
        case .dynamicCycle(let path):
            let what = path.count == 2
                ? "this matcher chooses '\(path[0])', the dynamic mapper it is in"
                : "this matcher closes a cycle of dynamic mappers, " + Self.chain(path)
            return what + ": an object it matches may never reach an object mapper (apply warns and declines it); "
                + "choose an object mapper"
        case .invalidPredicate(let error):
            return "invalid predicate: \(error.message) at column \(error.column)"
        case .unknownRequestTarget(let type, let suggestion):
            return "request descriptor target '\(type)' is not a type any mapper produces" + Self.didYouMean(suggestion)
        case .invalidRootKeyPath(let text):
            return "invalid rootKeyPath '\(text)': it must be plain keys separated by dots (no '@' operators or indexes)"
        case .notInvertible(let mapperID, let reason):
            return "mapper '\(mapperID)' cannot be inverted to serialize requests: \(reason); use a request mapper with \"inverse\": false"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func space(_ context: String) -> String {
        context.isEmpty ? "" : " " + context
    }
}

extension SpecIssue {
    /// A field name for a value read through an anchor: `@parent.id` → `parentId`.
    static func fieldName(for anchored: String) -> String {
        let words = anchored.split(whereSeparator: { $0 == "@" || $0 == "." }).map(String.init)
        guard let first = words.first else { return "value" }
        return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
