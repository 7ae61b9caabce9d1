import Testing
@testable import RKMap

/// The text and kind of every mapping warning (docs/spec.md §11), pinned in one
/// table: a new case without a row, or a changed text, fails here.
@Suite struct MappingWarningTests {
    static let table: [(MappingWarning, MappingWarning.Kind, String)] = [
        (.dynamicCycle, .dynamicCycle,
         "dynamic mappers choose each other in a cycle without reaching an object mapper"),
        (.connectionNotFound(connection: "author", type: "User", attribute: "id", value: "7"), .connectionNotFound,
         "connection 'author': no User with id = 7 in the document; the value is left out"),
        (.toOneFromArray(relationship: "owner"), .toOneArray,
         #"relationship 'owner' is to-one ("many": false) but its source is an array; it is left out"#),
        (.toOneFromArrayInCSV(relationship: "tags"), .toOneArray,
         #"relationship 'tags' is to-one in CSV output but its source is an array; its cells are left empty; declare "many": true to write it as JSON text"#),
        (.toOneFromCollection(relationship: "items", mapper: "item", declared: true), .toOneCollection,
         #"relationship 'items' is to-one ("many": false) but mapper 'item' maps a collection (forceCollection); it is left out"#),
        (.toOneFromCollection(relationship: "items", mapper: "item", declared: false), .toOneCollection,
         #"relationship 'items' is to-one in CSV output (declare "many": true to write it as JSON text) but mapper 'item' maps a collection (forceCollection); it is left out"#),
        (.arithmetic(keyPath: "prices.@sum", problem: "'x' is not a number"), .arithmetic,
         "'prices.@sum': 'x' is not a number; the attribute is left out"),
        (.readsNoKeys, .unmappable,
         "the mapper reads no keys of the object, so the object is not mapped"),
        (.noMappedKeyPresent(keys: ["id", "name"]), .unmappable,
         "none of the mapped keys ('id', 'name') is present; the object is not mapped"),
        (.noMappedKeyPresent(keys: (1...9).map { "k\($0)" }), .unmappable,
         "none of the mapped keys ('k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', …) is present; the object is not mapped"),
        (.conversion("cannot convert \"abc\" to int"), .conversion,
         "cannot convert \"abc\" to int"),
        (.validationSkipped("age must not be negative"), .validationSkip,
         "age must not be negative; the attribute is left out"),
        (.validationRejected("age must not be negative"), .validationReject,
         "age must not be negative; the record is rejected"),
        (.validationFailed("age must not be negative"), .validationFail,
         "age must not be negative; the document fails"),
        (.dynamicKeyCount(3), .dynamicKeyCount,
         #"a dynamic nesting key needs a dictionary with exactly one key, found 3; set "forceCollection": true to map each key as a record"#),
        (.dynamicKeyCount(0), .dynamicKeyCount,
         "a dynamic nesting key needs a dictionary with exactly one key, found none"),
        (.scalarElement(kind: "number", mapper: "tag"), .scalarElement,
         #"cannot map a number with mapper 'tag': it has no attribute from the nil key path ("")"#),
        (.scalarElement(kind: "array", mapper: "tag"), .scalarElement,
         #"cannot map an array with mapper 'tag': it has no attribute from the nil key path ("")"#),
        (.matcherUndecided(predicate: "code MATCHES rule", problem: "the pattern '(' of MATCHES is not a valid regular expression: unbalanced '(' at offset 0"),
         .matcherUndecided,
         "the predicate 'code MATCHES rule' cannot be decided: the pattern '(' of MATCHES is not a valid regular expression: unbalanced '(' at offset 0; the matcher is skipped"),
    ]

    @Test(arguments: 0..<table.count)
    func textAndKind(_ row: Int) {
        let (warning, kind, text) = Self.table[row]
        #expect(warning.message == text)
        #expect(warning.kind == kind)
    }

    @Test func everyKindHasARow() {
        let covered = Set(Self.table.map(\.1))
        #expect(covered == Set(MappingWarning.Kind.allCases))
    }
}
