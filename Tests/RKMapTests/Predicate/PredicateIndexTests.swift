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

    @Test func indexesOnSelf() throws {
        let value = try JSONScanner.parse(Array("[7, 8]".utf8))
        #expect(try Predicate(parsing: "SELF[-1] == 8").evaluate(value, context: KeyPathContext(root: value)))
        #expect(try Predicate(parsing: "[0] == 7").evaluate(value, context: KeyPathContext(root: value)))
    }

    @Test(arguments: [
        ("a[1x] == 1", "malformed index '[1x]' in key path 'a[1x]': expected an integer such as [0] or [-1]", 2),
        ("x.a[-] == 1", "malformed index '[-]' in key path 'x.a[-]': expected an integer such as [0] or [-1]", 4),
        ("a[1 == 1", "unclosed index 'a[1'; expected ']'", 4),
    ])
    func rejects(_ text: String, _ message: String, _ column: Int) {
        #expect(throws: PredicateSyntaxError(message: message, column: column)) { try Predicate(parsing: text) }
    }
}
