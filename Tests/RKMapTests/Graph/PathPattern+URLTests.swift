import Testing
@testable import RKMap

/// `--path` also takes a full URL as pasted from curl or a browser (SPEC 1.1
/// §11): scheme and host are dropped; the query is ignored by matching.
@Suite struct PathPatternURLTests {
    @Test(arguments: [
        ("https://api.example.com/v1/articles?page=2", "/v1/articles?page=2"),
        ("http://user:secret@example.com:8080/a/b", "/a/b"),
        ("HTTPS://EXAMPLE.COM/Case", "/Case"),
        ("https://example.com", "/"),
        ("https://example.com?x=1", "?x=1"),
        ("https://example.com#top", "#top"),
        ("git+ssh://host/repo", "/repo"),
        // Not URLs: kept as paths.
        ("/v1/articles", "/v1/articles"),
        ("api/login", "api/login"),
        ("/a:b/c", "/a:b/c"),
        ("a:b", "a:b"),
        ("mailto:x@example.com", "mailto:x@example.com"),
        ("1http://x/y", "1http://x/y"),
        ("", ""),
    ])
    func requestPath(_ text: String, _ path: String) {
        #expect(PathPattern.requestPath(text) == path)
    }

    @Test func aURLMatchesLikeItsPath() throws {
        let pattern = try PathPattern(parsing: "/articles/:id")
        let captured = try #require(pattern.match("https://api.example.com/articles/caf%C3%A9?page=2"))
        #expect(captured.map(\.name) == ["id"])
        #expect(captured.map(\.value) == ["café"])
        #expect(pattern.match("https://articles.example.com/other/1") == nil)
    }
}
