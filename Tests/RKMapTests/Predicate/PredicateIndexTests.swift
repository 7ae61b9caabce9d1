import Testing
@testable import RKMap

/// Predicates share key paths with mappers, indexes included (docs/spec.md §4, §9).
@Suite struct PredicateIndexTests {
    static let json = #"{"coordinates": [2.35, 48.85], "matrix": [[1, 2], [3, 4]], "points": [{"x": 1}, {"x": 2}], "name": "n"}"#

    @Test(arguments: [
        ("coordinates[0] == 2.35", true),
        ("coordinates[-1] > 48", true),
        ("coordinates[2] == nil", true),
        ("matrix[1][0] == 3", true),
        ("points[1].x == 2", true),
        ("SELF.points[0].x == 1", true),
        ("ANY points.x == 2", true),
        ("name[0] == nil", true),
        ("name CONTAINS[c] 'N'", true),   // a modifier is still a modifier
        ("coordinates[0] BETWEEN {2, 3}", true),
        ("coordinates[1] < 10", false),
    ])
    func evaluates(_ text: String, _ expected: Bool) throws {
        let value = try JSONScanner.parse(Array(Self.json.utf8))
        let predicate = try Predicate(parsing: text)
        #expect(try predicate.evaluate(value, context: KeyPathContext(root: value)) == expected, "\(text)")
    }

    /// A modifier still follows an operator word directly (`CONTAINS[c]`,
    /// `IN[c]`), and an operator symbol (`==[c]`).
    @Test func modifiersAfterOperatorsAreNotIndexes() throws {
        let value = try JSONScanner.parse(Array(#"{"items": [{"id": 1, "name": "Ab"}]}"#.utf8))
        let context = KeyPathContext(root: value)
        #expect(try Predicate(parsing: "items[0].name CONTAINS[c] 'a'").evaluate(value, context: context))
        #expect(try Predicate(parsing: "items[0].name BEGINSWITH[cd] 'a'").evaluate(value, context: context))
        #expect(try Predicate(parsing: "items[0].name ==[c] 'ab'").evaluate(value, context: context))
        #expect(try Predicate(parsing: "items[0].name IN[c] {'ab'}").evaluate(value, context: context))
        #expect(try Predicate(parsing: "items[0].name LIKE[c] 'a*'").evaluate(value, context: context))
        #expect(try Predicate(parsing: "items[0].name BETWEEN[c] {'aa', 'ac'}").evaluate(value, context: context))
        #expect(try !Predicate(parsing: "items[0].name BETWEEN {'aa', 'ac'}").evaluate(value, context: context))
        // An operator word right after an index is the operator.
        #expect(try Predicate(parsing: "items[0].name[0]contains 'x'").evaluate(value, context: context) == false)
        #expect(try Predicate(parsing: "items[0]contains nil").evaluate(value, context: context) == false)
    }

    @Test func indexesOnSelf() throws {
        let value = try JSONScanner.parse(Array("[7, 8]".utf8))
        #expect(try Predicate(parsing: "SELF[-1] == 8").evaluate(value, context: KeyPathContext(root: value)))
        #expect(try Predicate(parsing: "[0] == 7").evaluate(value, context: KeyPathContext(root: value)))
    }

    @Test(arguments: [
        ("a[1x] == 1", "malformed index '[1x]' in key path 'a[1x]': expected an integer such as [0] or [-1]", 2),
        ("x.a[-] == 1", "malformed index '[-]' in key path 'x.a[-]': expected an integer such as [0] or [-1]", 4),
        // At the `[`, in lint's words (a tester's find: these said
        // "unexpected character '.'" after the index, or "unclosed index").
        ("a[1 == 1", "unclosed '[' in key path 'a[1'; an index is written [0] or [-1]", 2),
        ("items[x].id == 1", "malformed index '[x]' in key path 'items[x].id': expected an integer such as [0] or [-1]", 6),
        ("items[0 ].id == 1", "malformed index '[0 ]' in key path 'items[0 ].id': expected an integer such as [0] or [-1]", 6),
        ("items[].id == 1", "malformed index '[]' in key path 'items[].id': expected an integer such as [0] or [-1]", 6),
        ("a[0]b == 1", "unexpected 'b' after an index in key path 'a[0]b'; put a '.' before the next key", 5),
    ])
    func rejects(_ text: String, _ message: String, _ column: Int) {
        #expect(throws: PredicateSyntaxError(message: message, column: column)) { try Predicate(parsing: text) }
    }
}
