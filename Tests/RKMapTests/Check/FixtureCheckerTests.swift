import Foundation
import Testing
@testable import RKMap

/// The four checks of docs/spec.md §12, each passing and failing.
@Suite struct FixtureCheckerTests {
    typealias F = CheckFixtures

    private func body(_ json: String, method: String? = "GET", path: String? = "/articles", status: Int? = nil, entry: Int? = nil) -> Exchange {
        Exchange(name: "b.json", file: "b.json", entry: entry, facts: ExchangeFacts(method: method, path: path, status: status), content: .body(Array(json.utf8), .json))
    }

    private let twoArticles = #"{"articles": [{"id": 1, "title": "A", "author": {"id": 7, "name": "Ada"}}, {"id": 2, "title": "B"}]}"#

    // MARK: 1. descriptor

    @Test func descriptorAppliesAndRecordsAreCounted() throws {
        let r = try F.checker().check(body(twoArticles))
        #expect(r.outcome == .passed)
        #expect(r.records == 2)
        #expect(r.reasons.isEmpty)
    }

    @Test func noDescriptorExplainsEachDescriptor() throws {
        let r = try F.checker().check(body(twoArticles, method: "POST", path: "/comments", status: 201))
        #expect(r.outcome == .failed)
        #expect(r.reasons.map(\.message) == [
            "no descriptor applies to POST /comments 201",
            "descriptor 1 (path '/articles'): path '/comments' does not match pattern '/articles'",
            "descriptor 2 (path '/articles/:articleID'): path '/comments' does not match pattern '/articles/:articleID'",
            "descriptor 3: status 201 is not one of 4XX",
        ])
        #expect(r.reasons[0].severity == .error)
        #expect(r.reasons[1].file == "spec.json")
        if case .source(let at) = r.reasons[1].location { #expect(at.line == 13) } else { Issue.record("no location") }
    }

    @Test func methodMismatchIsExplained() throws {
        let r = try F.checker().check(body(twoArticles, method: "DELETE"))
        #expect(r.reasons.contains { $0.message == "descriptor 1 (path '/articles'): method DELETE is not one of GET" })
    }

    @Test func unmatchedHAREntryIsSkippedUnlessUnmatchedError() throws {
        let entry = body("{}", path: "/health", entry: 3)
        let skipped = try F.checker().check(entry)
        #expect(skipped.outcome == .skipped)
        #expect(skipped.reasons.allSatisfy { $0.severity == .note })
        let failed = try F.checker { $0.unmatched = .error }.check(entry)
        #expect(failed.outcome == .failed)
    }

    // MARK: 2. mapping

    @Test func aMappingWarningFailsUnlessAllowed() throws {
        let drifted = #"{"articles": [{"id": "x-1", "title": "A"}]}"#
        let r = try F.checker().check(body(drifted))
        #expect(r.outcome == .failed)
        let d = try #require(r.reasons.first)
        #expect(d.code == .mapping)
        #expect(d.location == .jsonPath("$.articles[0].id"))  // the path ends at the value (docs/spec.md §11)
        #expect(d.mapperID == "article")
        #expect(d.attribute == "id")
        #expect(d.message.contains("\"x-1\""))
        let allowed = try F.checker { $0.allowWarnings = true }.check(body(drifted))
        #expect(allowed.outcome == .passed)
        #expect(allowed.reasons.map(\.severity) == [.warning, .warning])
        #expect(allowed.reasons.map(\.code) == [.mapping, .missing], "no article has an author: SPEC §12 missing keys")
    }

    @Test func noMappableContentFails() throws {
        let r = try F.checker().check(body(#"{"items": []}"#))
        #expect(r.outcome == .failed)
        #expect(r.records == nil)
        #expect(r.reasons.map(\.message) == ["no mappable content: none of the key paths 'articles' is in the document"])
    }

    @Test func bodySyntaxErrorHasLineAndColumn() throws {
        let r = try F.checker().check(body("{\"articles\": [\n  {\"id\": 1,}\n]}"))
        #expect(r.outcome == .failed)
        #expect(r.reasons.first?.location == .source(SourceLocation(line: 2, column: 12)))
        #expect(r.reasons.first?.code == .fixture)
    }

    @Test func harBodySyntaxErrorNamesTheEntryText() throws {
        let r = try F.checker().check(body("{\"articles\": [", entry: 4))
        #expect(r.reasons.first?.location == .jsonPath("$.log.entries[4].response.content.text"))
        #expect(r.reasons.first?.message.hasPrefix("the response body is not JSON: ") == true)
    }

    @Test func anEmptyHARBodyFails() throws {
        let r = try F.checker().check(body("", entry: 2))
        #expect(r.outcome == .failed)
        #expect(r.reasons.map(\.message) == ["the response body is not JSON: empty: expected one JSON value (line 1, column 1 of the body)"])
    }

    @Test func twoDocumentsInOneBodyFail() throws {
        let r = try F.checker().check(body(#"{"articles": []} {"articles": []}"#))
        #expect(r.outcome == .failed)
        #expect(r.reasons.first?.location == .source(SourceLocation(line: 1, column: 18)))
    }

    @Test func pathParameterReachesTheMapping() throws {
        let r = try F.checker().check(body(#"{"article": {"id": 12, "title": "T"}}"#, path: "/articles/12"))
        #expect(r.outcome == .passed)
        #expect(String(decoding: try #require(r.output), as: UTF8.self).contains("\"requested\": 12"))
    }

    // MARK: 3. unmapped keys

    @Test func unmappedMembersAreAggregatedPerPattern() throws {
        var articles: [String] = []
        for i in 0..<20 { articles.append(#"{"id": \#(i), "title": "t", "subtitle": "s", "author": {"id": 1, "name": "a", "bio": "b"}}"#) }
        let json = #"{"articles": ["# + articles.joined(separator: ",") + "], \"meta\": {}}"
        let r = try F.checker().check(body(json))
        #expect(r.outcome == .passed, "unmapped keys warn by default")
        let unmapped = r.reasons.filter { $0.code == .unmapped }
        // SPEC §12: root members nothing reads (`meta`) are reported like any other.
        #expect(unmapped.map(\.location) == [.jsonPath("$.articles[*].author.bio"), .jsonPath("$.articles[*].subtitle"), .jsonPath("$.meta")])
        #expect(unmapped.map(\.message) == ["not mapped (20 times)", "not mapped (20 times)", "not mapped (1 time)"])
        #expect(unmapped.map(\.mapperID) == ["author", "article", nil])
        #expect(unmapped.allSatisfy { $0.severity == .warning })
    }

    @Test func unmappedPolicyErrorFailsAndIgnoreIsSilent() throws {
        let json = #"{"articles": [{"id": 1, "title": "t", "extra": true}]}"#
        #expect(try F.checker { $0.unmapped = .error }.check(body(json)).outcome == .failed)
        let ignored = try F.checker { $0.unmapped = .ignore }.check(body(json))
        #expect(ignored.outcome == .passed)
        #expect(ignored.reasons.filter { $0.code == .unmapped }.isEmpty)
    }

    @Test func escapedMemberNamesInPatterns() throws {
        let r = try F.checker().check(body(#"{"articles": [{"id": 1, "title": "t", "odd key": 1}]}"#))
        #expect(r.reasons.filter { $0.code == .unmapped }.map(\.location) == [.jsonPath("$.articles[*][\"odd key\"]")])
    }

    // MARK: tracker and apply

    @Test func trackingDoesNotChangeTheOutput() throws {
        let graph = try F.graph()
        var reader = JSONDocumentReader(bytes: Array(twoArticles.utf8))
        let document = try #require(try reader.next())
        func run(_ tracker: ReadTracker?) throws -> [UInt8] {
            let engine = try MappingEngine(graph: graph, options: MappingOptions(path: "/articles", method: "GET"))
            let sink = CountingSink()
            _ = try engine.map(document: document, info: DocumentInfo(input: "x", index: 0), sink: sink, diagnostics: DiagnosticList(), readTracker: tracker)
            return sink.bytes
        }
        let tracked = try run(ReadTracker())
        #expect(tracked == (try run(nil)))
        #expect(!tracked.isEmpty)
    }

    // MARK: body-less responses, form bodies, missing keys

    private func bodyless(_ reason: Exchange.NoBody, method: String = "GET", path: String = "/articles", status: Int = 200) -> Exchange {
        Exchange(name: "s.har#1", file: "s.har", entry: 1, facts: ExchangeFacts(method: method, path: path, status: status), content: .noBody(reason))
    }

    @Test func aBodylessEntryNoDescriptorAppliesToIsSkippedWithTheReason() throws {
        for unmatched in CheckOptions.Unmatched.allCases {
            let r = try F.checker { $0.unmatched = unmatched }.check(bodyless(.preflight, method: "OPTIONS", status: 204))
            #expect(r.outcome == .skipped, "there is nothing to check, even under --unmatched \(unmatched)")
            #expect(r.reasons.first?.message == "no descriptor applies to OPTIONS /articles 204; the response has no body (an OPTIONS preflight)")
            #expect(r.reasons.allSatisfy { $0.severity == .note })
        }
    }

    @Test func aBodylessSuccessADescriptorAppliesToPassesWithNothingMapped() throws {
        let r = try F.checker().check(bodyless(.head, method: "GET"))
        #expect(r.outcome == .passed)
        #expect(r.records == nil)
        #expect(r.output == nil)
        #expect(r.reasons.map(\.message) == ["the response has no body (a HEAD request): nothing to map"])
        #expect(r.reasons.map(\.severity) == [.note])
    }

    @Test func aBodylessErrorResponseADescriptorAppliesToFails() throws {
        let r = try F.checker().check(bodyless(.empty, path: "/articles/9", status: 404))
        #expect(r.outcome == .failed)
        #expect(r.reasons.map(\.message) == ["no mappable content: the 404 response has no body (empty content)"])
    }

    @Test func formBodiesAreReadAsFormDocuments() throws {
        let spec = #"{"path": "/token", "mappers": [{"id": "t", "attributes": {"access_token": "token", "scope": "scope", "user.name": "user"}}]}"#
        let ok = Exchange(name: "s.har#0", file: "s.har", entry: 0, facts: ExchangeFacts(method: "POST", path: "/token"),
                          content: .body(Array("access_token=abc&scope=repo%2Cgist&user[name]=Ada+L\r\n".utf8), .form))
        let r = try F.checker(spec).check(ok)
        #expect(r.outcome == .passed)
        #expect(r.reasons.isEmpty)
        #expect(String(decoding: try #require(r.output), as: UTF8.self) == "[\n  {\n    \"@type\": \"t\",\n    \"token\": \"abc\",\n    \"scope\": \"repo,gist\",\n    \"user\": \"Ada L\"\n  }\n]\n")

        // A byte order mark before the body is not part of its first key.
        let marked = Exchange(name: "s.har#1", file: "s.har", entry: 1, facts: ExchangeFacts(method: "POST", path: "/token"),
                              content: .body([0xEF, 0xBB, 0xBF] + Array("access_token=abc&scope=repo%2Cgist&user[name]=Ada+L".utf8), .form))
        let markedResult = try F.checker(spec).check(marked)
        #expect(markedResult.outcome == .passed && markedResult.reasons.isEmpty, "\(markedResult.reasons)")
        #expect(markedResult.output == r.output)

        let bad = Exchange(name: "s.har#3", file: "s.har", entry: 3, facts: ExchangeFacts(method: "POST", path: "/token"), content: .body(Array("a=%G1".utf8), .form))
        let failed = try F.checker(spec).check(bad)
        #expect(failed.outcome == .failed)
        #expect(failed.reasons.first?.location == .jsonPath("$.log.entries[3].response.content.text"))
        #expect(failed.reasons.first?.message.hasPrefix("the form-encoded body is not valid: malformed percent escape '%G1'") == true)
        #expect(failed.reasons.first?.message.hasSuffix("(column 3 of the body)") == true)
    }

    @Test func notesOfTheExchangeComeFirst() throws {
        var e = body(#"{"articles": []}"#)
        e.notes = [Diagnostic(.note, "served as text/html", file: "b.json", code: .fixture)]
        let r = try F.checker().check(e)
        #expect(r.outcome == .passed)
        #expect(r.reasons.map(\.message) == ["served as text/html"])
    }

    @Test func aKeyMissingFromEveryMappedObjectIsReported() throws {
        var articles: [String] = []
        for i in 0..<20 { articles.append(#"{"id": \#(i), "headline": "t", "author": {"id": 1, "name": "a"}}"#) }
        let r = try F.checker().check(body(#"{"articles": ["# + articles.joined(separator: ",") + "]}"))
        #expect(r.outcome == .passed, "missing keys warn by default")
        let missing = r.reasons.filter { $0.code == .missing }
        #expect(missing.map(\.location) == [.jsonPath("$.articles[*].title")])
        #expect(missing.map(\.message) == ["mapped but missing (20 of 20)"])
        #expect(missing.map(\.mapperID) == ["article"])
        #expect(missing.map(\.severity) == [.warning])
        #expect(try F.checker { $0.missing = .error }.check(body(#"{"articles": ["# + articles.joined(separator: ",") + "]}")).outcome == .failed)
        let ignored = try F.checker { $0.missing = .ignore }.check(body(#"{"articles": ["# + articles.joined(separator: ",") + "]}"))
        #expect(ignored.reasons.filter { $0.code == .missing }.isEmpty)
    }

    @Test func aKeyPresentInSomeObjectsIsNotMissing() throws {
        let r = try F.checker().check(body(twoArticles))
        #expect(r.reasons.filter { $0.code == .missing }.isEmpty, "the second article has no author, the first has one")
    }

    // MARK: root members (SPEC §12 check 3)

    @Test func rootMembersNothingReadsAreReportedWithoutAMapper() throws {
        let r = try F.checker().check(body(#"{"articles": [{"id": 1, "title": "t", "author": {"id": 1, "name": "a"}}], "meta": {"page": 1}}"#))
        let unmapped = r.reasons.filter { $0.code == .unmapped }
        #expect(unmapped.map(\.location) == [.jsonPath("$.meta")])
        #expect(unmapped.map(\.mapperID) == [nil])
        #expect(CheckReport.text(unmapped[0], exchangeFile: "b.json") == "unmapped (warning): $.meta: not mapped (1 time)")
    }

    @Test func anEnvelopeMapperBesideADataDescriptorDoesNotMakeDataUnmapped() throws {
        let spec = #"""
            {"mappers": [{"id": "page", "attributes": ["total"]}, {"id": "item", "attributes": ["id"]}],
             "descriptors": [{"root-map-ref": "page"}, {"keyPath": "data", "root-map-ref": "item"}]}
            """#
        let r = try F.checker(spec).check(body(#"{"total": 1, "data": [{"id": 1}], "links": {}}"#, method: nil, path: nil))
        #expect(r.reasons.filter { $0.code == .unmapped }.map(\.location) == [.jsonPath("$.links")])
        #expect(r.reasons.filter { $0.code == .unmapped }.map(\.mapperID) == ["page"])
    }

    @Test func rootReadsCountForAnUnmappedRoot() throws {
        let spec = #"{"mappers": [{"id": "item", "attributes": {"id": "id", "@root.version": "v"}}], "descriptors": [{"keyPath": "data", "root-map-ref": "item"}]}"#
        let r = try F.checker(spec).check(body(#"{"version": 2, "data": [{"id": 1}], "extra": true}"#, method: nil, path: nil))
        #expect(r.reasons.filter { $0.code == .unmapped }.map(\.location) == [.jsonPath("$.extra")])
    }
}
