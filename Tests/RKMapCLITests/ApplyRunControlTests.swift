import Foundation
import Testing
@testable import RKMap
@testable import RKMapCLI

/// `apply`'s run control through the binary (SPEC 1.1 §11): the output format
/// from `-o`'s extension, `--keep-going` (files, stdin, the pipeline, SQLite),
/// signals, `--progress`, spec warnings before input, and never hanging when
/// large thread stacks cannot be reserved.
@Suite struct ApplyRunControlTests {
    static let articleSpec = #"{"keyPath": "articles", "mappers": [{"id": "a", "targetName": "Article", "attributes": ["id", "title"]}]}"#
    static let articles = #"{"articles": [{"id": 1, "title": "One"}]}"# + "\n"

    // MARK: -o and --format

    @Test(arguments: [
        ("out.db", "sqlite"), ("out.sqlite", "sqlite"), ("out.sqlite3", "sqlite"), ("OUT.DB", "sqlite"),
        ("out.csv", "csv"), ("Out.Csv", "csv"), ("out.ndjson", "ndjson"), ("out.jsonl", "ndjson"),
        ("out.json", "json"), ("out.txt", "json"), ("out", "json"), (".csv", "json"), ("dir.csv/out", "json"),
    ])
    func theOutputExtensionChoosesTheFormat(_ name: String, _ format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.articleSpec)
        try scratch.write("in.json", Self.articles)
        try FileManager.default.createDirectory(atPath: scratch.path("dir.csv"), withIntermediateDirectories: true)
        let r = try RKMapExecutable.run(["apply", "spec.json", "in.json", "-o", name], directory: scratch.url)
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r)")
        let bytes = try Tables.bytes(scratch.path(name))
        let text = String(decoding: bytes, as: UTF8.self)
        switch format {
        case "sqlite":
            #expect(bytes.starts(with: Array("SQLite format 3\0".utf8)))
            #expect(try Tables.query(scratch.path(name), #"SELECT "id", "title" FROM "Article""#) == [[.integer(1), .text("One")]])
        case "csv": #expect(text == "@type,id,title\r\nArticle,1,One\r\n")
        case "ndjson": #expect(text == #"{"@type":"Article","id":1,"title":"One"}"# + "\n")
        default: #expect(text == "[\n  {\n    \"@type\": \"Article\",\n    \"id\": 1,\n    \"title\": \"One\"\n  }\n]\n")
        }
    }

    @Test func anExplicitFormatWinsOverTheExtension() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.articleSpec)
        try scratch.write("in.json", Self.articles)
        let r = try RKMapExecutable.run(["apply", "spec.json", "in.json", "-o", "out.db", "--format", "ndjson"], directory: scratch.url)
        #expect(r.status == 0, "\(r)")
        #expect(String(decoding: try Tables.bytes(scratch.path("out.db")), as: UTF8.self) == #"{"@type":"Article","id":1,"title":"One"}"# + "\n")
    }

    @Test func dashIsStdoutAndCreatesNoFile() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.articleSpec)
        try scratch.write("in.json", Self.articles)
        let r = try RKMapExecutable.run(["apply", "spec.json", "in.json", "-o", "-", "--format", "ndjson"], directory: scratch.url)
        #expect(r.status == 0 && r.stdout == #"{"@type":"Article","id":1,"title":"One"}"# + "\n", "\(r)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory).sorted() == ["in.json", "spec.json"])
        // `-o -` does not make SQLite writable to stdout.
        let sqlite = try RKMapExecutable.run(["apply", "spec.json", "in.json", "-o", "-", "--format", "sqlite"], directory: scratch.url)
        #expect(sqlite.status == 2)
        #expect(sqlite.stderr.hasPrefix("error: '--format sqlite' writes a file: add '-o FILE'\n"), "\(sqlite)")
    }

    // MARK: --keep-going

    /// People 1 (an update), 5 (fails validation), 6; then a line that does
    /// not parse, then 7.
    static let mixedPeople = """
        {"id":1,"name":"Changed","age":31}
        {"id":5,"name":"Eve","age":-1}
        {"id":6,"name":"Fay","age":2}
        {"id":3,"name" "Cid"}
        {"id":7,"name":"Gus","age":3}

        """

    @Test(arguments: ["0", nil] as [String?])
    func keepGoingCommitsTheDocumentsThatMapped(threshold: String?) throws {
        let scratch = try Scratch()
        let db = try TableOutputTests.baseDatabase(in: scratch)
        let input = try scratch.write("mixed.ndjson", Self.mixedPeople)
        let r = try RKMapExecutable.run(
            ["apply", TableOutputTests.peopleSpec, input, "-o", db, "--keep-going"],
            environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr == """
            \(input): $: warning: age must not be negative; the document fails (document 2) [mapper person, attribute age]
            \(input): $: error: age must not be negative (document 2) [mapper person, attribute age]
            \(input):4:16: error: expected ':' after an object key, found '"'

            """, "\(r)")
        #expect(try Tables.query(db, #"SELECT "id", "name", "age" FROM "Person" ORDER BY 1"#) == [
            [.integer(1), .text("Changed"), .integer(31)], [.integer(2), .text("Bob"), .integer(40)],
            [.integer(6), .text("Fay"), .integer(2)], [.integer(7), .text("Gus"), .integer(3)],
        ])
        #expect(!FileManager.default.fileExists(atPath: db + "-journal"))
    }

    /// The keep-going and stop-at-first-failure golden cases give the same
    /// answers on the multi-threaded pipeline (forced with a threshold of 0).
    @Test(arguments: [
        "cli-keep-going-ndjson", "cli-keep-going-concatenated-and-files", "cli-keep-going-off-stops-at-first-failure",
        "cli-keep-going-off-mapping-failure-stops", "cli-no-json-document-keep-going", "cli-no-json-document-file-stops-run",
        "cli-explain-key-path-not-found", "ndjson-warning-names-document",
    ])
    func goldenCasesOnThePipeline(_ name: String) throws {
        let golden = try GoldenCase(directory: GoldenCaseTests.casesDirectory.appendingPathComponent(name))
        let r = try RKMapExecutable.run(
            golden.arguments, stdin: golden.stdin, directory: golden.directory,
            environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
        for failure in golden.mismatches(in: r) {
            Issue.record("case \(name) on the pipeline: \(failure)")
        }
    }

    /// A failing document that wrote rows before failing (a streamed array on
    /// the pipeline) is taken back alone: its savepoint is rolled back.
    @Test func keepGoingTakesBackAStreamedDocumentThatFailsHalfway() throws {
        let scratch = try Scratch()
        let db = scratch.path("new.db")
        var elements: [String] = []
        for i in 0..<5_000 { elements.append(#"{"id": \#(i + 100), "name": "n\#(i)", "age": \#(i == 4_000 ? -1 : i % 90)}"#) }
        let big = "[" + elements.joined(separator: ",\n") + "]\n"
        let input = try scratch.write("in.json", #"{"id": 1, "name": "first", "age": 1}"# + "\n" + big + #"{"id": 2, "name": "last", "age": 2}"# + "\n")
        let r = try RKMapExecutable.run(
            ["apply", TableOutputTests.peopleSpec, input, "-o", db, "--keep-going"],
            environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("\(input): $[4000]: error: age must not be negative (document 2) [mapper person, attribute age]"), "\(r)")
        #expect(try Tables.query(db, #"SELECT "id", "name" FROM "Person" ORDER BY 1"#) == [
            [.integer(1), .text("first")], [.integer(2), .text("last")],
        ])
    }

    static let entitySpec = #"{"mappers": [{"id": "p", "entity": true, "target": "Person", "attributes": ["id", "name"], "identification": ["id"]}], "descriptors": [{"root-map-ref": "p"}]}"#

    /// A record the database cannot store (an entity without its
    /// identification value) fails its document only, with --keep-going;
    /// without it, the run is rolled back as before. Either way the error
    /// names the file, the record's path, the document and the attribute,
    /// and says how to fix it (before, without --keep-going it named none).
    @Test(arguments: ["0", nil] as [String?])
    func keepGoingSkipsADocumentTheDatabaseCannotStore(threshold: String?) throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.entitySpec)
        let input = try scratch.write("in.ndjson", #"{"id":1,"name":"a"}"# + "\n" + #"{"name":"no id"}"# + "\n" + #"{"id":3,"name":"c"}"# + "\n")
        let db = scratch.path("out.db")
        let message = "\(input): $: error: the Person record has no 'id', its identification attribute, so SQLite output cannot store it "
            + "(Person rows are keyed by it); fix the input, or give 'id' a value in \"defaults\" (document 2) [mapper p, attribute id]"
        let r = try RKMapExecutable.run(
            ["apply", spec, input, "-o", db, "--keep-going"], environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        #expect(r.status == 1)
        #expect(r.stderr == "\(message)\n", "\(r)")
        #expect(try Tables.query(db, #"SELECT "id", "name" FROM "Person" ORDER BY 1"#) == [
            [.integer(1), .text("a")], [.integer(3), .text("c")],
        ])
        try FileManager.default.removeItem(atPath: db)
        let stopped = try RKMapExecutable.run(
            ["apply", spec, input, "-o", db], environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        #expect(stopped.status == 1)
        #expect(stopped.stderr == "\(message)\nerror: the database '\(db)' was not created because a document failed\n", "\(stopped)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// The same inside a large document streamed element by element.
    @Test func keepGoingSkipsAStreamedDocumentTheDatabaseCannotStore() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.entitySpec)
        var elements: [String] = []
        for i in 0..<3_000 { elements.append(i == 2_500 ? #"{"name": "no id"}"# : #"{"id": \#(i + 100), "name": "n\#(i)"}"#) }
        let input = try scratch.write(
            "in.json", #"{"id": 1, "name": "first"}"# + "\n[" + elements.joined(separator: ",\n") + "]\n" + #"{"id": 2, "name": "last"}"# + "\n")
        let db = scratch.path("out.db")
        let r = try RKMapExecutable.run(
            ["apply", spec, input, "-o", db, "--keep-going"], environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.hasSuffix(#"\#(input): $[2500]: error: the Person record has no 'id', its identification attribute, so SQLite output cannot store it (Person rows are keyed by it); fix the input, or give 'id' a value in "defaults" (document 2) [mapper p, attribute id]"# + "\n"), "\(r)")
        #expect(try Tables.query(db, #"SELECT "id", "name" FROM "Person" ORDER BY 1"#) == [
            [.integer(1), .text("first")], [.integer(2), .text("last")],
        ])
    }

    @Test func keepGoingWritesTheOtherDocumentsToAnOutputFile() throws {
        let scratch = try Scratch()
        let input = try scratch.write("mixed.ndjson", Self.mixedPeople)
        let out = try scratch.write("out.csv", "previous\n")
        let r = try RKMapExecutable.run(["apply", TableOutputTests.peopleSpec, input, "-o", out, "--keep-going", "--no-type"])
        #expect(r.status == 1, "\(r)")
        #expect(String(decoding: try Tables.bytes(out), as: UTF8.self) == "id,name,age\r\n1,Changed,31\r\n6,Fay,2\r\n7,Gus,3\r\n")
        // Without it, the file keeps its previous contents.
        let stopped = try RKMapExecutable.run(["apply", TableOutputTests.peopleSpec, input, "-o", out, "--no-type"])
        #expect(stopped.status == 1)
        #expect(stopped.stderr.hasSuffix("error: '\(out)' was left unchanged because a document failed\n"), "\(stopped)")
        #expect(String(decoding: try Tables.bytes(out), as: UTF8.self) == "id,name,age\r\n1,Changed,31\r\n6,Fay,2\r\n7,Gus,3\r\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory).sorted() == ["mixed.ndjson", "out.csv"])
    }

    /// Through a stdin pipe the answer is the same as for the file.
    @Test func keepGoingOnAStdinPipeMatchesTheFile() throws {
        let scratch = try Scratch()
        let input = try scratch.write("mixed.ndjson", Self.mixedPeople)
        let args = ["apply", TableOutputTests.peopleSpec, "--keep-going", "--format", "ndjson"]
        let file = try RKMapExecutable.run(args + [input])
        let piped = try StdinStreamTests.runThroughPipe(args, input: Array(Self.mixedPeople.utf8), directory: RKMapExecutable.repositoryRoot)
        #expect(file.status == 1 && piped.status == 1)
        #expect(piped.stdout == file.stdout)
        #expect(piped.stdout.split(separator: "\n").count == 3)
        #expect(piped.stderr == file.stderr.replacingOccurrences(of: input, with: "<stdin>"))
    }

    // MARK: Signals

    /// A run reading a stdin pipe that stays open, stopped by `signal` once it
    /// is under way: exit 128 + signal, no temporary file, outputs as before.
    func interrupt(
        _ signal: Int32, arguments: [String], in scratch: Scratch, waitFor ready: @escaping () -> Bool
    ) throws -> (status: Int32, stderr: String) {
        let r = try SignalledRun.run(
            signal, arguments: arguments, in: scratch, firstInput: #"{"id":9,"name":"Ida","age":9}"#, waitFor: ready)
        #expect(!r.killedBySignal, "apply stops by itself, with exit status 128 + signal")
        return (r.status, r.stderr)
    }

    @Test func sigintLeavesAnOutputFileAsItWasAndNoTemporaryFile() throws {
        let scratch = try Scratch()
        try scratch.write("out.ndjson", "previous\n")
        let r = try interrupt(SIGINT, arguments: ["apply", TableOutputTests.peopleSpec, "-o", "out.ndjson"], in: scratch) {
            SignalledRun.hasTemporaryFile(for: "out.ndjson", in: scratch.directory)
        }
        #expect(r.status == 130)
        #expect(r.stderr == "error: interrupted by SIGINT\nerror: 'out.ndjson' was left unchanged because the run was interrupted\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory).sorted() == ["out.ndjson"])
        #expect(String(decoding: try Tables.bytes(scratch.path("out.ndjson")), as: UTF8.self) == "previous\n")
    }

    @Test func sigtermLeavesNoDatabaseWhereThereWasNone() throws {
        let scratch = try Scratch()
        let r = try interrupt(SIGTERM, arguments: ["apply", TableOutputTests.peopleSpec, "-o", "new.db"], in: scratch) {
            FileManager.default.fileExists(atPath: scratch.path("new.db-journal"))
        }
        #expect(r.status == 143)
        #expect(r.stderr == "error: interrupted by SIGTERM\nerror: the database 'new.db' was not created because the run was interrupted\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory) == [])
    }

    @Test func sighupLeavesAnExistingDatabaseByteIdentical() throws {
        let scratch = try Scratch()
        let db = try TableOutputTests.baseDatabase(in: scratch)
        let before = try Tables.bytes(db)
        let r = try interrupt(SIGHUP, arguments: ["apply", TableOutputTests.peopleSpec, "-o", db], in: scratch) {
            FileManager.default.fileExists(atPath: db + "-journal")
        }
        #expect(r.status == 129)
        #expect(r.stderr == "error: interrupted by SIGHUP\nerror: the database '\(db)' was left unchanged because the run was interrupted\n")
        #expect(try Tables.bytes(db) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory) == ["people.db"])
    }

    // MARK: Spec warnings before input

    /// A reader that stops reading (`| less` at a page) blocks the run's
    /// writes to stdout; SIGINT, SIGTERM and SIGHUP still end it at once,
    /// with 128 + signal and the message (docs/spec.md §11), whether the
    /// document is streamed or read whole (which writes its output in one
    /// piece), where the run used to wait for the reader, deaf to both. What
    /// reached the pipe is the start of the run's output.
    @Test(arguments: [(SIGINT, "0"), (SIGTERM, "0"), (SIGHUP, "0"), (SIGINT, "1000000000"), (SIGTERM, "1000000000")])
    func aSignalEndsARunBlockedWritingToAReaderThatDoesNotRead(signal: Int32, threshold: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "items", "root-map-ref": "i", "mappers": [{"id": "i", "target": "Item", "attributes": ["n", "s"]}]}"#)
        let items = (0..<60_000).map { #"{"n": \#($0), "s": "item \#($0)"}"# }
        try scratch.write("in.json", #"{"items": ["# + items.joined(separator: ",") + "]}\n")
        let arguments = ["apply", "spec.json", "in.json", "--format", "ndjson"]
        let run = try SignalledRun.signalWhenOutputBlocks(
            signal, arguments: arguments, in: scratch, environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        let ended = try #require(run, "the run did not end after the signal")
        let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP"
        #expect(ended.status == 128 + signal)
        #expect(ended.stderr == "error: interrupted by \(name)\n")
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url)
        #expect(whole.status == 0)
        #expect(!ended.rest.isEmpty && whole.stdoutBytes.starts(with: ended.rest), "\(ended.rest.count) bytes")
        #expect(ended.rest.count < whole.stdoutBytes.count)
    }

    /// The spec's warning is on stderr while stdin is still open and empty.
    @Test func specWarningsComeBeforeAnyInputIsRead() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "articles", "mappers": [{"id": "a", "attributes": ["id"], "atributes": []}]}"#)
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = ["apply", "spec.json", "--compact"]
        process.currentDirectoryURL = scratch.url
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        let warning = "spec.json:1:71: warning: unknown field 'atributes' in mapper 'a'; did you mean 'attributes'?\n"
        var seen = Data()
        let reader = stderr.fileHandleForReading
        let deadline = Date().addingTimeInterval(20)
        while seen.count < warning.utf8.count, Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        #expect(String(decoding: seen, as: UTF8.self) == warning)
        #expect(process.isRunning)  // still waiting for input
        stdin.fileHandleForWriting.write(Data(#"{"articles": [{"id": 1}]}"#.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    // MARK: --progress

    @Test func progressIsOneLineOnStderrAndNothingOnStdout() throws {
        let scratch = try Scratch()
        var text = ""
        for i in 0..<60_000 { text += #"{"id":\#(i),"name":"person number \#(i)","age":\#(i % 90)}"# + "\n" }
        let input = try scratch.write("people.ndjson", text)
        let r = try RKMapExecutable.run(
            ["apply", TableOutputTests.peopleSpec, input, "--format", "ndjson", "--progress"],
            environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 60_000)
        #expect(!r.stdout.contains("rkmap:") && !r.stdout.contains("\r"))
        // Refreshes are "\r" + line (padded to the previous width); the last one
        // ends with a newline, so later messages start on a line of their own.
        #expect(r.stderr.hasPrefix("\r") && r.stderr.hasSuffix("\n"), "\(r)")
        let states = r.stderr.dropLast().split(separator: "\r", omittingEmptySubsequences: true)
        let last = try #require(states.last).trimmingCharacters(in: .whitespaces)
        let size = ProgressLineFormat.size(text.utf8.count)
        #expect(last.hasPrefix("rkmap: \(size) read (100% of \(input)), 60,000 records, "), "\(last)")
        #expect(last.hasSuffix("/s"))
        for state in states {
            #expect(state.hasPrefix("rkmap: ") && !state.contains("\n"), "\(state)")
        }
    }

    @Test func noProgressWithoutTheOptionWhenStderrIsNotATerminal() throws {
        let scratch = try Scratch()
        let input = try scratch.write("people.ndjson", #"{"id":1,"name":"A","age":1}"# + "\n")
        let r = try RKMapExecutable.run(["apply", TableOutputTests.peopleSpec, input, "--format", "ndjson"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
    }

    // MARK: Colour on a terminal

    /// `--color auto` colours only on a terminal without `NO_COLOR`; `script`
    /// gives the run a pseudo-terminal (skipped, visibly, where it is missing).
    @Test(arguments: [nil, "1"] as [String?])
    func autoColourOnATerminal(noColor: String?) throws {
        guard let script = Tables.which("script") else {
            print("skipped: autoColourOnATerminal needs the 'script' program for a pseudo-terminal")
            return
        }
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.articleSpec)
        try scratch.write("empty.json", "")
        let binary = try RKMapExecutable.locate().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", "'\(binary)' apply spec.json empty.json", "/dev/null"]
        process.currentDirectoryURL = scratch.url
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColor
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text == (noColor == nil ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + "no JSON document in empty.json\r\n")
    }

    // MARK: Thread stacks

    /// With the address space capped below what 1 GiB stacks need, rkmap still
    /// answers (smaller stacks, a lower depth limit) instead of waiting forever.
    @Test func aCappedAddressSpaceNeverHangs() throws {
        let binary = try RKMapExecutable.locate().path
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.articleSpec)
        try scratch.write("in.json", Self.articles)
        // One shell per limit: 800000 KiB (the issue's), then tighter.
        for limit in [800_000, 300_000] {
            let script = """
                ulimit -v \(limit) || exit 99
                '\(binary)' --version || exit 1
                RKMAP_PIPELINE_THRESHOLD=0 '\(binary)' apply spec.json in.json --compact || exit 2
                exec '\(binary)' apply spec.json in.json --max-depth 10000
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.currentDirectoryURL = scratch.url
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline { usleep(50_000) }
            if process.isRunning {
                process.terminate()
                Issue.record("rkmap hung under ulimit -v \(limit)")
                continue
            }
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(stdout.hasPrefix("rkmap "), "\(limit): \(stdout)\(stderr)")
            #expect(stdout.contains(#"[{"@type":"Article","id":1,"title":"One"}]"#), "\(limit): \(stdout)\(stderr)")
            // 10000 levels need the whole 1 GiB stack: either it was reserved
            // (the run succeeds) or --max-depth says how far it can go.
            if process.terminationStatus == 2 {
                #expect(stderr.contains("error: invalid value '10000' for '--max-depth'; expected a whole number from 1 to "), "\(stderr)")
                #expect(stderr.contains("stack this process could reserve allows no more; raise 'ulimit -v')"), "\(stderr)")
            } else {
                #expect(process.terminationStatus == 0, "\(limit): \(stderr)")
            }
        }
    }
}

/// The sizes `--progress` prints, as the tests expect them (`96.0 MiB`).
enum ProgressLineFormat {
    static func size(_ bytes: Int) -> String { ProgressLine.size(bytes) }
}
