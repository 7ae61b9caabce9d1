import Foundation
import Testing
@testable import RKMap

@Suite struct GoldenDiffTests {
    private func value(_ text: String) throws -> JSONValue {
        var reader = JSONDocumentReader(bytes: Array(text.utf8))
        return try #require(try reader.next())
    }

    private func diff(_ expected: String, _ actual: String) throws -> [String] {
        GoldenDiff.differences(expected: try value(expected), actual: try value(actual)).map(\.description)
    }

    @Test func equalValuesHaveNoDifference() throws {
        #expect(try diff(#"[{"@type": "A", "n": 1.0}]"#, #"[{"@type": "A", "n": 1}]"#) == [], "numbers compare as numbers")
    }

    @Test func changedValueByPath() throws {
        #expect(try diff(#"[{"title": "A"}]"#, #"[{"title": "B"}]"#) == [#"$[0].title: expected "A", got "B""#])
        #expect(try diff(#"[{"id": 12}]"#, #"[{"id": "12"}]"#) == [#"$[0].id: expected 12, got "12""#])
    }

    @Test func missingAndUnexpectedRecordsAndMembers() throws {
        #expect(try diff(#"[{"@type": "A"}, {"@type": "B"}]"#, #"[{"@type": "A"}]"#) == [#"$[1]: missing record (expected {"@type":"B"})"#])
        #expect(try diff(#"[]"#, #"[{"@type": "A"}]"#) == [#"$[0]: unexpected record {"@type":"A"}"#])
        #expect(try diff(#"[{"a": 1, "b": 2}]"#, #"[{"a": 1, "c": 3}]"#) == [
            "$[0].b: missing (expected 2)", "$[0].c: unexpected member, got 3",
        ])
    }

    @Test func memberOrderCounts() throws {
        #expect(try diff(#"{"a": 1, "b": 2}"#, #"{"b": 2, "a": 1}"#) == [#"$: members in another order: expected "a", "b", got "b", "a""#])
    }

    @Test func stopsAtTheLimit() throws {
        let expected = "[" + (0..<10).map { "{\"n\": \($0)}" }.joined(separator: ",") + "]"
        let actual = "[" + (0..<10).map { "{\"n\": \($0 + 1)}" }.joined(separator: ",") + "]"
        #expect(try diff(expected, actual).count == 5)
    }

    @Test func longValuesAreCut() throws {
        let long = String(repeating: "x", count: 100)
        let d = try diff("\"\(long)\"", "1")
        #expect(d[0].hasSuffix("…, got 1"))
    }
}

@Suite struct GoldenFileTests {
    typealias F = CheckFixtures

    @Test func updateThenCompareRoundTripForABodyFile() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("articles.json", #"{"articles": [{"id": 1, "title": "A"}]}"#)
        try dir.write("articles.meta.json", #"{"method": "GET", "path": "/articles"}"#)
        let updated = try F.checker { $0.update = true }.check(FixtureReader.read(path, defaults: ExchangeFacts()))
        #expect(updated.results[0].outcome == .passed)
        #expect(try dir.read("articles.expected.json") == "[\n  {\n    \"@type\": \"Article\",\n    \"id\": 1,\n    \"title\": \"A\"\n  }\n]\n")
        #expect(try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0].outcome == .passed)

        try dir.write("articles.json", #"{"articles": [{"id": 1, "title": "B"}, {"id": 2, "title": "C"}]}"#)
        let drifted = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(drifted.outcome == .failed)
        let golden = drifted.reasons.filter { $0.code == .golden }
        #expect(golden.map(\.location) == [.jsonPath("$[0].title"), .jsonPath("$[1]")])
        #expect(golden.map(\.message) == [#"expected "A", got "B""#, #"unexpected record {"@type":"Article","id":2,"title":"C"}"#])
        #expect(golden.allSatisfy { $0.file == dir.path + "/articles.expected.json" })
    }

    /// A checked exchange lets its body go (its result keeps the exchange
    /// with `.body([], .json)`), so that a large body is not held beside its
    /// document and records nor through the rest of the run. A body whose
    /// output differs from its golden is mapped again, from its file read
    /// again; a file gone by then fails the exchange, saying why, rather
    /// than comparing nothing.
    @Test func aCheckedBodyIsLetGoAndReadAgainForAGoldenThatDiffers() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("articles.json", #"{"articles": [{"id": 1, "title": "A"}]}"#)
        try dir.write("articles.expected.json", #"[{"@type": "Article", "id": 1, "title": "Z"}]"#)
        let checked = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(checked.outcome == .failed)
        #expect(checked.reasons.filter { $0.code == .golden }.map(\.message) == [#"expected "Z", got "A""#])
        guard case .body(let kept, .json) = checked.exchange.content else {
            Issue.record("not a body: \(checked.exchange.content)")
            return
        }
        #expect(kept.isEmpty)

        let file = FixtureReader.read(path, defaults: ExchangeFacts())
        try FileManager.default.removeItem(atPath: path)
        let gone = try F.checker().check(file).results[0]
        #expect(gone.outcome == .failed)
        #expect(gone.reasons.map(\.code) == [.fixture])
        #expect(gone.reasons.first?.message.contains("articles.json") == true, "\(gone.reasons)")
    }

    /// The output is rendered only for a golden file (or `--update`): pretty
    /// JSON is several times the input, and without a golden nothing reads
    /// it (`check` of a 20 MB fixture peaked at 12× its size, 8.4× without).
    /// `--update` writes it into the golden as it is rendered, holding none
    /// of it (a 12 MB fixture's 22 MB of output held: 4.4× its size).
    @Test func theOutputIsRenderedOnlyForAGolden() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("articles.json", #"{"articles": [{"id": 1, "title": "A"}]}"#)
        try dir.write("articles.meta.json", #"{"method": "GET", "path": "/articles"}"#)
        let plain = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(plain.outcome == .passed && plain.records == 1)
        #expect(plain.output == nil)
        let updated = try F.checker { $0.update = true }.check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(updated.outcome == .passed && updated.output == nil)
        let written = try dir.read("articles.expected.json")
        #expect(written == "[\n  {\n    \"@type\": \"Article\",\n    \"id\": 1,\n    \"title\": \"A\"\n  }\n]\n")
        // A golden that is the output's text is compared as the output is
        // rendered, holding neither.
        let compared = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(compared.outcome == .passed && compared.goldenComparison == .exactText)
        #expect(compared.output == nil)
        // One that is not (formatted otherwise) is compared as values: the
        // output is rendered again and compared element by element, not held.
        try dir.write("articles.expected.json", #"[{"@type": "Article", "id": 1, "title": "A"}]"#)
        let reformatted = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(reformatted.outcome == .passed && reformatted.goldenComparison == .byElement)
        #expect(reformatted.output == nil)
        // A golden that is not an array is compared as a whole value, the
        // output held for it.
        try dir.write("articles.expected.json", #"{"@type": "Article"}"#)
        let object = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(object.outcome == .failed && object.goldenComparison == nil)
        #expect(object.output == Array(written.utf8))
    }

    /// A golden compared as the output is rendered passes only when it is
    /// the output exactly: a prefix of it, the output followed by more, or a
    /// byte changed anywhere (before or after the comparison's first 64 KiB,
    /// changing the length or not) is compared as values, with the
    /// differences by path.
    @Test func aGoldenComparedAsRenderedPassesOnlyOnTheExactText() throws {
        let dir = try ScratchDirectory()
        let items = (0..<2_000).map { #"{"id": \#($0), "title": "t\#($0)"}"# }.joined(separator: ", ")
        let path = try dir.write("articles.json", #"{"articles": ["# + items + "]}")
        try dir.write("articles.meta.json", #"{"method": "GET", "path": "/articles"}"#)
        _ = try F.checker { $0.update = true }.check(FixtureReader.read(path, defaults: ExchangeFacts()))
        let golden = try dir.read("articles.expected.json")
        #expect(golden.utf8.count > GoldenStream.chunkSize)
        func check() throws -> ExchangeResult { try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0] }
        #expect(try check().goldenComparison == .exactText)
        let last = #""title": "t1999""#
        let variants: [(String, [String])] = [
            (golden.replacingOccurrences(of: #""title": "t5""#, with: #""title": "t55""#), [#"$[5].title: expected "t55", got "t5""#]),
            (golden.replacingOccurrences(of: last, with: #""title": "x""#), [#"$[1999].title: expected "x", got "t1999""#]),
            (golden.replacingOccurrences(of: last, with: #""title": "t1998""#), [#"$[1999].title: expected "t1998", got "t1999""#]),
            (golden + "\n", []),
            (String(golden.dropLast(2)), ["the golden"]),
            (golden + "[]", ["the golden"]),
            ("", ["the golden"]),
        ]
        for (text, expected) in variants {
            try dir.write("articles.expected.json", text)
            let r = try check()
            #expect(r.goldenComparison != .exactText)
            let messages = r.reasons.filter { $0.code == .golden }.map { r in
                if case .jsonPath(let p) = r.location { return "\(p): \(r.message)" }
                return "the golden: \(r.message)"
            }
            if expected.isEmpty {
                #expect(r.outcome == .passed && messages.isEmpty, "equal values, formatted otherwise")
            } else if expected == ["the golden"] {
                #expect(r.outcome == .failed && messages.count == 1, "\(messages)")
            } else {
                #expect(r.outcome == .failed && messages == expected, "\(messages)")
            }
        }
    }

    /// `GoldenStream` itself: output in pieces of any size, across its chunks.
    @Test func theStreamComparesAcrossPiecesAndChunks() throws {
        let dir = try ScratchDirectory()
        let text = [UInt8]((0..<(3 * GoldenStream.chunkSize + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) })
        let path = try dir.write("g.json", "")
        try Data(text).write(to: URL(fileURLWithPath: path))
        func compare(_ output: [UInt8], pieces: Int) -> Bool {
            let stream = GoldenStream(path: path)!
            var start = 0
            let size = max(1, output.count / pieces)
            while start < output.count {
                let end = min(output.count, start + size)
                output[start..<end].withUnsafeBytes { stream.compare($0) }
                start = end
            }
            return stream.matches
        }
        for pieces in [1, 2, 3, 7, 1_000] {
            #expect(compare(text, pieces: pieces), "\(pieces)")
            #expect(!compare(Array(text.dropLast()), pieces: pieces), "a prefix, \(pieces)")
            #expect(!compare(text + [0], pieces: pieces), "longer, \(pieces)")
            var changed = text
            changed[GoldenStream.chunkSize + 3] ^= 1
            #expect(!compare(changed, pieces: pieces), "a byte changed, \(pieces)")
        }
        #expect(!compare([], pieces: 1))
        #expect(GoldenStream(path: dir.path + "/none.json") == nil)
        // A directory opens but cannot be read: it differs.
        let directory = GoldenStream(path: dir.path)
        #expect(directory.map { !$0.matches } ?? true)
    }

    @Test func updateNeverWritesTheGoldenOfAFailingExchange() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("articles.json", #"{"articles": [{"id": "x-1", "title": "A"}]}"#)
        try dir.write("articles.meta.json", #"{"method": "GET", "path": "/articles"}"#)
        let r = try F.checker { $0.update = true }.check(FixtureReader.read(path, defaults: ExchangeFacts())).results[0]
        #expect(r.outcome == .failed)
        #expect(!dir.exists("articles.expected.json"))
        let note = try #require(r.reasons.last)
        #expect(note.severity == .note)
        #expect(note.code == .golden)
        #expect(note.message == "not written: this exchange fails another check (a broken mapping must not become the golden)")

        let har = try dir.write("s.har", F.har([
            F.entry(url: "https://h/articles", text: F.quoted(#"{"articles": [{"id": 1, "title": "A"}]}"#)),
            F.entry(url: "https://h/articles", text: F.quoted(#"{"articles": [{"id": "x", "title": "B"}]}"#)),
        ]))
        let results = try F.checker { $0.update = true }.check(FixtureReader.read(har, defaults: ExchangeFacts())).results
        #expect(results.map(\.outcome) == [.passed, .failed])
        #expect(!dir.exists("s.har.expected.json"), "the HAR's golden holds every checked entry")
        #expect(results[1].reasons.last?.message == "not written: 1 of 2 checked entries fail another check (a broken mapping must not become the golden)")
    }

    @Test func harGoldenHasOneOutputPerCheckedEntry() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("s.har", F.har([
            F.entry(url: "https://h/articles", text: F.quoted(#"{"articles": [{"id": 1}]}"#)),
            F.entry(url: "https://h/health", text: F.quoted("{}")),
            F.entry(url: "https://h/logo.png", mimeType: "image/png", text: F.quoted("")),
            F.entry(url: "https://h/articles/9", status: 404, mimeType: "application/problem+json", text: F.quoted(#"{"error": {"code": "gone"}}"#)),
        ]))
        let updated = try F.checker { $0.update = true }.check(FixtureReader.read(path, defaults: ExchangeFacts()))
        #expect(updated.results.map(\.outcome) == [.passed, .skipped, .passed])
        var reader = JSONDocumentReader(bytes: Array(try dir.read("s.har.expected.json").utf8))
        guard case .array(let outputs)? = try reader.next() else { Issue.record("not an array"); return }
        #expect(outputs.count == 2)
        #expect(try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results.map(\.outcome) == [.passed, .skipped, .passed])

        try dir.write("s.har.expected.json", "[[]]")
        let short = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts())).results
        #expect(short[0].reasons.filter { $0.code == .golden }.map(\.location) == [.jsonPath("$[0][0]")], "paths are into the golden file")
        #expect(short[2].reasons.first?.message.hasPrefix("no expected output for this entry: the golden has 1 for 2 checked entries") == true)
    }

    @Test func aGoldenThatIsNotJSONFailsWithItsLocation() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("a.json", #"{"articles": []}"#)
        try dir.write("a.expected.json", "[\n  oops\n]")
        let r = try F.checker().check(FixtureReader.read(path, defaults: ExchangeFacts(method: "GET", path: "/articles"))).results[0]
        #expect(r.outcome == .failed)
        #expect(r.reasons.first?.location == .source(SourceLocation(line: 2, column: 3)))
        #expect(r.reasons.first?.code == .golden)
    }
}

@Suite struct SidecarTests {
    typealias F = CheckFixtures

    private func exchange(_ sidecar: String, defaults: ExchangeFacts = ExchangeFacts()) throws -> (ScratchDirectory, Exchange) {
        let dir = try ScratchDirectory()
        let path = try dir.write("b.json", "{}")
        try dir.write("b.meta.json", sidecar)
        return (dir, FixtureReader.read(path, defaults: defaults).exchanges[0])
    }

    @Test func sidecarFactsWinOverFlagsFieldByField() throws {
        let (_, e) = try exchange(#"{"method": "post", "status": 201, "headers": {"X": "y"}}"#, defaults: ExchangeFacts(method: "GET", path: "/p", status: 200))
        #expect(e.facts == ExchangeFacts(method: "POST", path: "/p", status: 201, headers: ResponseHeaders([("X", "y")])))
    }

    @Test func sidecarHeadersAsAnObjectOrAHARList() throws {
        let (_, a) = try exchange(#"{"headers": {"Link": "<a>", "Set-Cookie": ["x=1", "y=2"]}}"#)
        #expect(a.facts.headers == ResponseHeaders([("Link", "<a>"), ("Set-Cookie", "x=1, y=2")]))
        let (_, b) = try exchange(#"{"headers": [{"name": "ETag", "value": "1"}]}"#)
        #expect(b.facts.headers == ResponseHeaders([("ETag", "1")]))
    }

    @Test(arguments: [
        (#"{"headers": {"ETag": 1}}"#, "$.headers.ETag", "expected a string header value (or an array of them), found number"),
        (#"{"headers": {"Set-Cookie": ["a", null]}}"#, "$.headers[\"Set-Cookie\"][1]", "expected a string header value, found null"),
        (#"{"headers": [["ETag", "1"]]}"#, "$.headers[0]", #"expected a header {"name": "…", "value": "…"}, found ["ETag","1"]"#),
    ])
    func badSidecarHeaders(_ sidecar: String, _ path: String, _ message: String) throws {
        let (_, e) = try exchange(sidecar)
        guard case .malformed(let reasons) = e.content else { Issue.record("not malformed"); return }
        #expect(reasons.first?.location == .jsonPath(path))
        #expect(reasons.first?.message == message)
    }

    @Test(arguments: [
        (#"{"status": "201"}"#, "$.status", "expected an integer, found string"),
        (#"{"status": 2000}"#, "$.status", "expected an HTTP status code (100-599), found 2000"),
        (#"{"method": 1}"#, "$.method", "expected a string, found number"),
        (#"{"stauts": 200}"#, "$.stauts", "unknown key 'stauts'; did you mean 'status'? (a sidecar has method, path, status, headers)"),
        (#"[]"#, "$", "expected an object like {\"method\": \"GET\", \"path\": \"/articles\", \"status\": 200}, found array"),
    ])
    func badSidecarFailsTheExchange(_ sidecar: String, _ path: String, _ message: String) throws {
        let (dir, e) = try exchange(sidecar)
        guard case .malformed(let d) = e.content else { Issue.record("not malformed"); return }
        #expect(d == [Diagnostic(.error, message, file: dir.path + "/b.meta.json", location: .jsonPath(path), code: .fixture)])
    }

    @Test func sidecarSyntaxErrorHasLineAndColumn() throws {
        let (_, e) = try exchange("{\n\"method\" \"GET\"}")
        guard case .malformed(let d) = e.content else { Issue.record("not malformed"); return }
        #expect(d.first?.location == .source(SourceLocation(line: 2, column: 10)))
    }
}

@Suite struct FixtureDiscoveryTests {
    @Test func directoriesListFixturesInSortedPathOrder() throws {
        let dir = try ScratchDirectory()
        for name in ["b.json", "b.meta.json", "b.expected.json", "a/z.har", "a/z.har.expected.json", "a/y.json", "notes.txt", "B.json"] {
            try dir.write(name, "{}")
        }
        let files = try FixtureDiscovery.files(for: [dir.path + "/"])
        #expect(files == ["B.json", "a/y.json", "a/z.har", "b.json"].map { dir.path + "/" + $0 })
    }

    @Test func missingArgumentAndEmptyDirectoryAreErrors() throws {
        let dir = try ScratchDirectory()
        #expect(throws: FixtureDiscovery.Failure(path: dir.path + "/nope", message: "no such fixture file or directory")) {
            try FixtureDiscovery.files(for: [dir.path + "/nope"])
        }
        try dir.write("x.txt", "")
        #expect(throws: FixtureDiscovery.Failure(path: dir.path, message: "no fixtures (*.json, *.har) in the directory")) {
            try FixtureDiscovery.files(for: [dir.path])
        }
    }
}
