import Foundation
import Testing
@testable import RKMap

@Suite struct HARReaderTests {
    typealias F = CheckFixtures

    private func read(_ har: String) throws -> (ScratchDirectory, [Exchange]) {
        let dir = try ScratchDirectory()
        let path = try dir.write("x.har", har)
        return (dir, HARReader.exchanges(in: path))
    }

    private func body(_ e: Exchange) -> String? {
        if case .body(let bytes, _) = e.content { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    private func problems(_ e: Exchange) -> [Diagnostic] {
        if case .malformed(let d) = e.content { return d }
        return []
    }

    @Test func plainAndBase64BodiesWithFacts() throws {
        let json = #"{"articles": [{"id": 1, "title": "Café"}]}"#
        let base64 = Data(json.utf8).base64EncodedString()
        let (dir, exchanges) = try read(F.har([
            F.entry(url: "https://api.example.com/articles?page=2#top", text: F.quoted(json)),
            F.entry(method: "post", url: "https://api.example.com/articles", status: 201, mimeType: "application/json; charset=utf-8",
                    text: F.quoted(base64), encoding: "base64"),
        ]))
        #expect(exchanges.count == 2)
        #expect(exchanges[0].name == dir.path + "/x.har#0")
        #expect(exchanges[0].entry == 0)
        #expect(exchanges[0].facts == ExchangeFacts(method: "GET", path: "/articles", status: 200))
        #expect(body(exchanges[0]) == json)
        #expect(exchanges[1].facts == ExchangeFacts(method: "POST", path: "/articles", status: 201))
        #expect(body(exchanges[1]) == json, "base64 is decoded")
    }

    @Test func nonJSONEntriesAreIgnoredAndKeepTheirIndex() throws {
        let (_, exchanges) = try read(F.har([
            F.entry(url: "https://h/app.css", mimeType: "text/css", text: F.quoted("body{}")),
            F.entry(url: "https://h/page", mimeType: "text/html", text: nil),
            F.entry(url: "https://h/problem", status: 404, mimeType: "application/problem+json", text: F.quoted("{}")),
            F.entry(url: "https://h/x", mimeType: "application/jsonp", text: F.quoted("cb({})")),
        ]))
        #expect(exchanges.map(\.entry) == [2], "only the +json entry is an exchange")
    }

    @Test(arguments: [
        ("application/json", true), ("Application/JSON; charset=UTF-8", true), ("application/vnd.api+json", true),
        ("application/problem+json;charset=utf-8", true), ("text/json", false), ("application/json-seq", false),
        ("text/plain", false), ("", false),
    ])
    func jsonMimeTypes(_ mimeType: String, _ isJSON: Bool) {
        #expect(HARReader.isJSON(mimeType) == isJSON)
    }

    @Test(arguments: [
        ("https://api.example.com/articles/12?x=1", "/articles/12"), ("http://h", "/"), ("http://h?q", "/"),
        ("/relative/path?q=1", "/relative/path"), ("https://h:8080/a%20b/", "/a%20b/"),
    ])
    func urlPaths(_ url: String, _ path: String) {
        #expect(HARReader.urlPath(url) == path)
    }

    @Test func missingContentFailsThatEntryOnly() throws {
        let noContent = #"{"request": {"method": "GET", "url": "https://h/a", "headers": []}, "response": {"status": 200, "headers": []}}"#
        let (_, exchanges) = try read(F.har([noContent, F.entry(url: "https://h/articles", text: F.quoted("{}"))]))
        #expect(exchanges.count == 2)
        #expect(problems(exchanges[0]).map(\.message) == ["missing"])
        #expect(problems(exchanges[0]).first?.location == .jsonPath("$.log.entries[0].response.content"))
        #expect(body(exchanges[1]) == "{}")
    }

    @Test func missingTextOfAJSONResponseIsAFailureThatSaysHowToExport() throws {
        let (_, exchanges) = try read(F.har([F.entry(url: "https://h/a", text: nil, size: 120)]))
        let d = try #require(problems(exchanges[0]).first)
        #expect(d.location == .jsonPath("$.log.entries[0].response.content.text"))
        #expect(d.message.hasPrefix("missing: the HAR has no body for this application/json response"))
    }

    @Test func badBase64AndUnknownEncoding() throws {
        let (_, exchanges) = try read(F.har([
            F.entry(url: "https://h/a", text: F.quoted("not base64!"), encoding: "base64"),
            F.entry(url: "https://h/b", text: F.quoted("{}"), encoding: "gzip"),
        ]))
        #expect(problems(exchanges[0]).map(\.message) == ["\"encoding\" is \"base64\" but the text is not valid base64"])
        #expect(problems(exchanges[1]).first?.location == .jsonPath("$.log.entries[1].response.content.encoding"))
    }

    @Test(arguments: [
        (#"[1, 2]"#, "$.log", "expected an object, found array (a HAR file is {\"log\": {\"entries\": [...]}})"),
        (#"{"entries": []}"#, "$.log", "missing (a HAR file is {\"log\": {\"entries\": [...]}})"),
        (#"{"log": {"version": "1.2"}}"#, "$.log.entries", "missing (a HAR file is {\"log\": {\"entries\": [...]}})"),
        (#"{"log": {"entries": {}}}"#, "$.log.entries", "expected an array, found object (a HAR file is {\"log\": {\"entries\": [...]}})"),
    ])
    func notAHARIsOneFailingExchangeNamingTheField(_ text: String, _ path: String, _ message: String) throws {
        let (dir, exchanges) = try read(text)
        #expect(exchanges.count == 1)
        #expect(exchanges[0].name == dir.path + "/x.har")
        let d = try #require(problems(exchanges[0]).first)
        #expect(d.message == message)
        if text.hasPrefix("[") {
            #expect(d.location == .jsonPath("$"))
        } else {
            #expect(d.location == .jsonPath(path))
        }
    }

    @Test func malformedJSONGivesLineAndColumn() throws {
        let (_, exchanges) = try read("{\"log\": {\n  \"entries\": [,]}}")
        let d = try #require(problems(exchanges[0]).first)
        #expect(d.location == .source(SourceLocation(line: 2, column: 15)))
        #expect(d.code == .fixture)
    }

    @Test func entryThatIsNotAnObject() throws {
        let (_, exchanges) = try read(F.har(["42"]))
        #expect(problems(exchanges[0]).first?.location == .jsonPath("$.log.entries[0]"))
        #expect(problems(exchanges[0]).first?.message == "expected an object, found number")
    }
    // MARK: SPEC §12: body-less entries, JSON under another type, form bodies

    private func noBody(_ e: Exchange) -> Exchange.NoBody? {
        if case .noBody(let reason) = e.content { return reason }
        return nil
    }

    @Test func bodylessEntriesAreExchangesWithTheirReason() throws {
        let (_, exchanges) = try read(F.har([
            F.entry(url: "https://h/a", status: 304, text: nil),
            F.entry(method: "options", url: "https://h/a", status: 204, mimeType: "", text: nil),
            F.entry(method: "HEAD", url: "https://h/a", text: nil),
            F.entry(method: "DELETE", url: "https://h/a/1", status: 204, mimeType: "x-unknown", text: nil),
            F.entry(url: "https://h/b", text: F.quoted("")),
            F.entry(url: "https://h/c", text: F.quoted(" ")),
            F.entry(method: "OPTIONS", url: "https://h/a", mimeType: "text/plain", text: F.quoted("")),
        ]))
        #expect(exchanges.map(\.entry) == [0, 1, 2, 3, 4, 5, 6])
        #expect(exchanges.map(noBody) == [.notModified, .preflight, .head, .noContent, .empty, .empty, .preflight])
        #expect(exchanges[1].facts == ExchangeFacts(method: "OPTIONS", path: "/a", status: 204))
    }

    @Test func bodylessResponsesOfOtherTypesAreNotTheAPI() throws {
        let (_, exchanges) = try read(F.har([
            F.entry(url: "https://h/logo.png", status: 304, mimeType: "image/png", text: nil),
            F.entry(method: "HEAD", url: "https://h/index.html", mimeType: "text/html", text: nil),
            F.entry(url: "https://h/site.css", mimeType: "text/css", text: F.quoted("body { color: red }")),
        ]))
        #expect(exchanges.isEmpty)
    }

    @Test func jsonServedAsAnotherTypeIsAnExchangeWithANote() throws {
        let json = #"{"articles": []}"#
        let (dir, exchanges) = try read(F.har([
            F.entry(url: "https://h/a", mimeType: "text/html; charset=utf-8", text: F.quoted("\n " + json)),
            F.entry(url: "https://h/b", mimeType: "text/html", text: F.quoted("<html>{}</html>")),
            F.entry(url: "https://h/c", mimeType: "text/plain", text: F.quoted(Data(json.utf8).base64EncodedString()), encoding: "base64"),
            F.entry(url: "https://h/d", mimeType: "text/html", text: F.quoted("{not json")),
            F.entry(url: "https://h/e", mimeType: "", text: F.quoted("[1]")),
        ]))
        #expect(exchanges.map(\.entry) == [0, 2, 4])
        #expect(body(exchanges[0]) == "\n " + json)
        #expect(body(exchanges[1]) == json, "base64 is decoded")
        let note = try #require(exchanges[0].notes.first)
        #expect(note.severity == .note)
        #expect(note.file == dir.path + "/x.har")
        #expect(note.location == .jsonPath("$.log.entries[0].response.content.mimeType"))
        #expect(note.message == "the response has mimeType 'text/html; charset=utf-8' but its body is JSON: checked as JSON")
        #expect(exchanges[2].notes.first?.message == "the response has no mimeType but its body is JSON: checked as JSON")
    }

    @Test func formBodiesAreFormExchanges() throws {
        let (_, exchanges) = try read(F.har([
            F.entry(method: "POST", url: "https://h/login/oauth/access_token", mimeType: "application/x-www-form-urlencoded; charset=utf-8",
                    text: F.quoted("access_token=abc&token_type=bearer")),
        ]))
        guard case .body(let bytes, let kind)? = exchanges.first?.content else { Issue.record("no body"); return }
        #expect(kind == .form)
        #expect(String(decoding: bytes, as: UTF8.self) == "access_token=abc&token_type=bearer")
    }

    @Test func responseHeadersBecomeFacts() throws {
        let headers = #"[{"name": "ETag", "value": "W/\"1\""}, {"name": "link", "value": "<a>"}, {"name": "Link", "value": "<b>"}]"#
        let (_, exchanges) = try read(F.har([F.entry(url: "https://h/a", text: F.quoted("{}"), headers: headers)]))
        #expect(exchanges[0].facts.headers == ResponseHeaders([("ETag", "W/\"1\""), ("link", "<a>, <b>")]))
        #expect(exchanges[0].facts.headers["LINK"] == "<a>, <b>")
    }

    @Test func aMalformedHeaderFailsThatEntryWithItsPathAndFacts() throws {
        let (_, exchanges) = try read(F.har([F.entry(method: "post", url: "https://h/a?x", status: 201, text: F.quoted("{}"), headers: #"[{"name": "ETag"}]"#)]))
        let d = try #require(problems(exchanges[0]).first)
        #expect(d.location == .jsonPath("$.log.entries[0].response.headers[0]"))
        #expect(d.message == #"expected a header {"name": "…", "value": "…"}, found {"name":"ETag"}"#)
        #expect(exchanges[0].facts == ExchangeFacts(method: "POST", path: "/a", status: 201), "a broken entry's line still names its request")
    }
}

@Suite struct Base64Tests {
    @Test(arguments: [
        ("", ""), ("Zg==", "f"), ("Zm8=", "fo"), ("Zm9v", "foo"), ("Zm9vYg==", "foob"), ("Zm9vYmE=", "fooba"),
        ("Zm9vYmFy", "foobar"), ("Zm9v\nYmFy", "foobar"), ("Zm9vYg", "foob"),
    ])
    func rfc4648Vectors(_ encoded: String, _ decoded: String) {
        #expect(Base64.decode(encoded) == Array(decoded.utf8))
    }

    @Test(arguments: ["Zm9v!", "Z", "Zg==Zg==", "Zh=="])
    func rejects(_ encoded: String) {
        #expect(Base64.decode(encoded) == nil)
    }

    @Test func binaryRoundTrip() {
        let bytes = (0..<256).map { UInt8($0) }
        #expect(Base64.decode(Data(bytes).base64EncodedString()) == bytes)
    }

}
