import Testing
@testable import RKMap

/// Path patterns (docs/spec.md §2), expected values from the spec's own rules.
@Suite struct PathPatternTests {
    static let matching: [(pattern: String, path: String, parameters: [String])] = [
        ("/articles", "/articles", []),
        ("articles", "/articles", []),                       // leading `/` optional
        ("/articles", "articles/", []),                      // trailing `/` ignored
        ("/articles/", "/articles", []),
        ("/articles", "/articles?page=2", []),               // query ignored
        ("/articles/:articleID", "/articles/12", ["articleID=12"]),
        ("/articles/:articleID", "/articles/12?x=1", ["articleID=12"]),
        ("/users/:id/posts/:postID", "/users/7/posts/99", ["id=7", "postID=99"]),
        ("/:file\\.json", "/42.json", ["file=42"]),          // escaped dot ends the name
        ("/files/:name.ext", "/files/abc", ["name.ext=abc"]),  // an unescaped dot belongs to the name
        ("/search/:term", "/search/caf%C3%A9", ["term=café"]), // percent-decoded
        ("/a/:x-:y", "/a/1-2", ["x=1", "y=2"]),                // stops at the next literal character
        ("api/login", "/api/login", []),
    ]

    @Test(arguments: matching.indices)
    func matches(_ i: Int) throws {
        let (pattern, path, expected) = Self.matching[i]
        let compiled = try PathPattern(parsing: pattern)
        let captured = try #require(compiled.match(path), "\(pattern) should match \(path)")
        #expect(captured.map { "\($0.name)=\($0.value)" } == expected)
    }

    static let notMatching: [(String, String)] = [
        ("/articles", "/Articles"),              // case-sensitive
        ("/articles/:id", "/articles"),          // a parameter needs a non-empty value
        ("/articles/:id", "/articles/1/comments"),
        ("/articles", "/articles/1"),
        ("/:file\\.json", "/42.xml"),
        ("/api/login", "/api/logout"),
    ]

    @Test(arguments: notMatching.indices)
    func doesNotMatch(_ i: Int) throws {
        let (pattern, path) = Self.notMatching[i]
        #expect(try PathPattern(parsing: pattern).match(path) == nil)
    }

    @Test func parameterNames() throws {
        #expect(try PathPattern(parsing: "/users/:id/posts/:postID").parameterNames == ["id", "postID"])
    }

    @Test func rejectsAColonWithoutAName() {
        #expect(throws: PathPattern.SyntaxError.self) { try PathPattern(parsing: "/articles/:") }
        #expect(throws: PathPattern.SyntaxError.self) { try PathPattern(parsing: "/:a:b") }
    }
}
