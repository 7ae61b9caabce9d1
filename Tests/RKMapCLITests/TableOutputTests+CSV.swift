import Foundation
import Testing

/// `--format csv` beyond the golden cases (`fixtures/cases/csv-*`): a real CSV
/// reader reads the quoting cases back, and `-o FILE` is replaced only when the
/// run succeeds.
extension TableOutputTests {
    static let python = Tables.which("python3")

    /// Reads `csv` with Python's `csv` module (strict mode) and returns the rows;
    /// cells and rows travel back separated by ASCII unit/record separators,
    /// which no test cell contains.
    static func readWithPython(_ csvPath: String) throws -> [[String]] {
        let script = """
            import csv, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                rows = list(csv.reader(f, strict=True))
            sys.stdout.write('\\x1e'.join('\\x1f'.join(row) for row in rows))
            """
        let text = try Tables.runTool(try #require(python), ["-c", script, csvPath])
        return text.split(separator: "\u{1E}", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test(.enabled(if: python != nil, "python3 is not installed: the CSV read-back with Python's csv module is skipped"))
    func pythonsCSVReaderReadsBackEveryQuotingCase() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = scratch.path("quoting.csv")
        let dir = RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/cases/csv-quoting")
        let r = try RKMapExecutable.run(["apply", "spec.json", "input.json", "--format", "csv", "-o", out], directory: dir)
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r)")
        // The values of csv-quoting/input.json, as strings; absent "note" is empty.
        #expect(try Self.readWithPython(out) == [
            ["@type", "id", "text", #"note, "quoted""#],
            ["Row", "1", "a,b", "header needs quotes"],
            ["Row", "2", #"say "hi""#, ""],
            ["Row", "3", "line1\nline2", ""],
            ["Row", "4", "Zürich 東京 🎉", ""],
            ["Row", "5", " padded\t", ""],
            ["Row", "6", "cr\r\nlf", ""],
            ["Row", "7", "", ""],
            ["Row", "8", "1.50", ""],
            ["Row", "9", "true", ""],
            ["Row", "10", "it's", ""],
        ])
    }

    @Test(.enabled(if: python != nil, "python3 is not installed: the CSV read-back with Python's csv module is skipped"))
    func pythonReadsEveryRowAsWideAsTheHeaderWhateverFieldsEachRecordHas() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // 3 documents with different fields: the columns come from the spec (SPEC 1.1 §10.3).
        let input = try scratch.write("people.ndjson", """
            {"name": "Ann, \\"A\\""}
            {"name": "Bob", "phone": "555"}
            {"name": "Cy", "email": "cy@example.com\\nsecond line"}

            """)
        let out = scratch.path("people.csv")
        let spec = RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/cases/csv-late-column-next-document/spec.json").path
        let r = try RKMapExecutable.run(["apply", spec, input, "--format", "csv", "--no-type", "-o", out])
        #expect(r.status == 0, "\(r)")
        #expect(try Self.readWithPython(out) == [
            ["name", "email", "phone"],
            [#"Ann, "A""#, "", ""],
            ["Bob", "", "555"],
            ["Cy", "cy@example.com\nsecond line", ""],
        ])
    }

    /// `-o FILE` is replaced only when the run succeeds (`rkmap help apply`):
    /// a failing document leaves the previous file, for CSV as for the database.
    @Test(arguments: ["csv", "json", "ndjson"])
    func aFailingRunLeavesThePreviousOutputFile(format: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = try scratch.write("out.\(format)", "previous contents\n")
        let r = try RKMapExecutable.run(
            ["apply", Self.peopleSpec, Tables.fixture("people-bad-json.ndjson"), "--format", format, "-o", out])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasSuffix("error: '\(out)' was left unchanged because a document failed\n"), "\(r)")
        #expect(try Tables.bytes(out) == Array("previous contents\n".utf8))
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["out.\(format)"])
    }

    /// §10.3: a to-many relationship is one cell of compact JSON text, which
    /// holds its records as JSON output does: a relationship inside it maps
    /// an array without `"many": true` (Slack's `rich_text` elements). Only a
    /// to-one relationship flattened into the row's columns (`first`) keeps
    /// CSV's to-one rule, with its warning. Streamed and whole alike.
    @Test func aToManyCellHoldsItsRecordsAsJSONOutputDoes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "m", "mappers": [
              {"id": "m", "target": "Message", "attributes": ["ts"],
               "relationships": [{"from": "blocks", "to": "blocks", "map-ref": "b", "many": true},
                                 {"from": "first", "to": "first", "map-ref": "b"}]},
              {"id": "b", "target": "Block", "attributes": ["type"], "relationships": [{"from": "elements", "to": "elements", "map-ref": "e"}]},
              {"id": "e", "target": "Elem", "attributes": ["text"]}]}
            """#)
        try scratch.write("in.json", #"""
            {"ts": "1", "first": {"type": "t", "elements": [{"text": "z"}]},
             "blocks": [{"type": "rich_text", "elements": [{"text": "a"}, {"text": "b"}]}, {"type": "x", "elements": {"text": "c"}}]}
            """#)
        let expected = "@type,ts,blocks,first.type,first.elements.text\r\n"
            + #"Message,1,"[{""@type"":""Block"",""type"":""rich_text"",""elements"":[{""@type"":""Elem"",""text"":""a""},"#
            + #"{""@type"":""Elem"",""text"":""b""}]},{""@type"":""Block"",""type"":""x"",""elements"":{""@type"":""Elem"",""text"":""c""}}]",t,"#
            + "\r\n"
        for threshold in ["0", "1000000000"] {
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--format", "csv"], directory: scratch.url,
                environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
            #expect(run.status == 0)
            #expect(run.stdout == expected)
            #expect(run.stderr == "in.json: $.first.elements: warning: relationship 'elements' is to-one in CSV output but its source is an array; "
                + "its cells are left empty; declare \"many\": true to write it as JSON text [mapper b, attribute elements]\n")
        }
    }

    @Test func aSuccessfulRunReplacesTheOutputFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = try scratch.write("out.csv", "previous contents\n")
        let r = try RKMapExecutable.run(
            ["apply", Self.peopleSpec, Tables.fixture("people-base.ndjson"), "--format", "csv", "-o", out])
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r)")
        #expect(String(decoding: try Tables.bytes(out), as: UTF8.self) == "@type,id,name,age\r\nPerson,1,Ann,30\r\nPerson,2,Bob,40\r\n")
    }

    /// Without `-o`, failing documents do not take back what earlier documents
    /// produced (docs/spec.md §11: output already written stays valid).
    @Test func onStdoutTheDocumentsBeforeAFailureAreStillWritten() throws {
        let r = try RKMapExecutable.run(
            ["apply", Self.peopleSpec, Tables.fixture("people-bad-json.ndjson"), "--format", "csv"])
        #expect(r.status == 1)
        #expect(r.stdout == "@type,id,name,age\r\nPerson,1,Changed,31\r\n")
    }

    /// `-o` naming something that is not a regular file (here a FIFO, like
    /// `/dev/null`) writes into it: renaming a temporary file over it would
    /// replace the device or pipe with a plain file.
    @Test func anOutputThatIsNotARegularFileIsWrittenInPlace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.path("out.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // Open the reading end first (non-blocking), so rkmap's open succeeds at once.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let r = try RKMapExecutable.run(
            ["apply", Self.peopleSpec, Tables.fixture("people-base.ndjson"), "--format", "csv", "-o", fifo])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            == "@type,id,name,age\r\nPerson,1,Ann,30\r\nPerson,2,Bob,40\r\n")
        var info = stat()
        #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["out.fifo"])
    }
}

extension TableOutputTests {
    /// CSV streams (SPEC 1.1 §10.3): the header and the first row arrive while
    /// stdin is still open, so nothing waits for the end of the input.
    @Test func csvRowsAreWrittenBeforeStdinCloses() throws {
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = ["apply", "specs/example1-articles.json", "--format", "csv"]
        process.currentDirectoryURL = RKMapExecutable.repositoryRoot
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? stdin.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        stdin.fileHandleForWriting.write(Data("{\"articles\": [{\"title\": \"first\"}]}\n".utf8))
        let reader = stdout.fileHandleForReading
        var received = Data()
        let deadline = Date().addingTimeInterval(20)
        while received.filter({ $0 == UInt8(ascii: "\n") }).count < 2, Date() < deadline {
            received.append(reader.availableData)
        }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("@type,"))
        #expect(String(decoding: received, as: UTF8.self).hasSuffix("\r\nArticle,first,,,\r\n"))
        #expect(process.isRunning)
    }

    /// A to-one relationship that can hold records of two types (a dynamic
    /// mapper: a Spotify playlist item's `track`, a Track or an Episode) has
    /// a `track.@type` column before the flattened fields (docs/spec.md
    /// §10.3), so rows of the two types can be told apart, as SQLite's
    /// `track_type` tells them; not with `--no-type`.
    @Test func aPolymorphicToOneHasATypeColumn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"keyPath": "items", "root-map-ref": "item", "mappers": [
              {"id": "item", "target": "PlaylistItem", "attributes": ["added_at"], "relationships": [{"from": "track", "to": "track", "map-ref": "media"}]},
              {"id": "media", "dynamic": true, "matchers": [{"keyPath": "type", "expectValue": "track", "map-ref": "track"},
                                                            {"keyPath": "type", "expectValue": "episode", "map-ref": "episode"}]},
              {"id": "track", "target": "Track", "attributes": ["id", "name"]},
              {"id": "episode", "target": "Episode", "attributes": ["id", "name", "show"]}]}
            """#)
        try scratch.write("in.json", #"""
            {"items": [{"added_at": "x", "track": {"type": "track", "id": "t1", "name": "Song"}},
                       {"added_at": "y", "track": {"type": "episode", "id": "e1", "name": "Ep", "show": "S"}},
                       {"added_at": "z", "track": null}]}
            """#)
        let typed = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "csv"], directory: scratch.url)
        #expect(typed.status == 0 && typed.stderr.isEmpty)
        #expect(typed.stdout == "@type,added_at,track.@type,track.id,track.name,track.show\r\n"
            + "PlaylistItem,x,Track,t1,Song,\r\nPlaylistItem,y,Episode,e1,Ep,S\r\nPlaylistItem,z,,,,\r\n")
        let untyped = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "csv", "--no-type"], directory: scratch.url)
        #expect(untyped.stdout == "added_at,track.id,track.name,track.show\r\nx,t1,Song,\r\ny,e1,Ep,S\r\nz,,,\r\n")
    }
}
