import Testing
@testable import RKMap

@Suite struct JSONPathLocatorTests {
    private let document = """
        {"articles": [
          {"id": 1, "title": "A"},
          {"id": 2, "title": "B", "subtitle": "s"}
         ],
         "odd key": {"x": [10, 20]},
         "users": {"blake": {"email": "e"}}}
        """

    @Test(arguments: [
        ("$", 1, 1), ("$.articles", 1, 14), ("$.articles[1].title", 3, 22), ("$.articles[*].subtitle", 3, 39),
        ("$[\"odd key\"].x[1]", 5, 24), ("$.users.*.email", 6, 31),
    ])
    func findsTheValue(_ path: String, _ line: Int, _ column: Int) {
        #expect(JSONPathLocator.location(of: path, in: Array(document.utf8)) == SourceLocation(line: line, column: column))
    }

    @Test(arguments: ["$.nope", "$.articles[7]", "$.articles.title", "articles", "$.", "$[x]", "$[\"open"])
    func missingOrMalformedPathsAreNil(_ path: String) {
        #expect(JSONPathLocator.location(of: path, in: Array(document.utf8)) == nil)
    }

    @Test func parsesRenderedPaths() {
        #expect(JSONPathLocator.parse("$.a[2][*].*[\"b.c\\\"\"]") == [.key("a"), .index(2), .anyIndex, .anyKey, .key("b.c\"")])
    }
}
