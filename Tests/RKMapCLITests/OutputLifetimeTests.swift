import Foundation
import Testing
@testable import RKMap

/// What the commands other than `apply` leave when a signal or an error stops
/// them (docs/spec.md §11: no temporary file is left behind, an output file
/// keeps its previous contents). `apply`'s own cases are in
/// `ApplyRunControlTests`.
@Suite struct OutputLifetimeTests {
    static let record = #"{"@type":"Person","id":9,"name":"Ida","age":9}"#

    /// `serialize -o FILE` reading a slow stdin pipe, stopped by `signal` while
    /// its temporary file is open: like `apply`, it stops at the document
    /// boundary, says so, takes the temporary file back, and exits with
    /// 128 + signal (docs/spec.md §11); `FILE` is as it was.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func serializeStoppedBySignalLeavesTheOutputAsItWas(_ signal: Int32) throws {
        let scratch = try Scratch()
        try scratch.write("out.json", "previous\n")
        let r = try SignalledRun.run(
            signal, arguments: ["serialize", TableOutputTests.peopleSpec, "-", "-o", "out.json"], in: scratch,
            firstInput: Self.record
        ) { SignalledRun.hasTemporaryFile(for: "out.json", in: scratch.directory) }
        let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP"
        #expect(!r.killedBySignal && r.status == 128 + signal, "\(r)")
        #expect(r.stderr == "error: interrupted by \(name)\nerror: 'out.json' was left unchanged because the run was interrupted\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory).sorted() == ["out.json"])
        #expect(String(decoding: try Tables.bytes(scratch.path("out.json")), as: UTF8.self) == "previous\n")
    }

    @Test func serializeStoppedBySignalCreatesNoFile() throws {
        let scratch = try Scratch()
        let r = try SignalledRun.run(
            SIGTERM, arguments: ["serialize", TableOutputTests.peopleSpec, "-", "-o", "new.json"], in: scratch,
            firstInput: Self.record
        ) { SignalledRun.hasTemporaryFile(for: "new.json", in: scratch.directory) }
        #expect(!r.killedBySignal && r.status == 143, "\(r)")
        #expect(r.stderr == "error: interrupted by SIGTERM\nerror: 'new.json' was not created because the run was interrupted\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory) == [])
    }

    /// A broken input leaves `-o FILE` as it was, or not created, and says which.
    @Test(arguments: [true, false])
    func serializeWithAnInputThatDoesNotParseLeavesNoFile(existing: Bool) throws {
        let scratch = try Scratch()
        if existing { try scratch.write("out.json", "previous\n") }
        try scratch.write("records.ndjson", Self.record + "\n{\"id\": \n")
        let r = try RKMapExecutable.run(
            ["serialize", TableOutputTests.peopleSpec, "records.ndjson", "-o", "out.json"], directory: scratch.url)
        #expect(r.status == 1)
        let became = existing ? "was left unchanged" : "was not created"
        #expect(r.stderr.hasSuffix("error: 'out.json' \(became) because an input does not parse\n"), "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.directory).sorted()
        #expect(left == (existing ? ["out.json", "records.ndjson"] : ["records.ndjson"]))
        if existing {
            #expect(String(decoding: try Tables.bytes(scratch.path("out.json")), as: UTF8.self) == "previous\n")
        }
    }

    /// `infer -o` (like `fmt --write` and `check --report`) replaces a file
    /// whole: a target that cannot be written is an error naming it, and leaves
    /// no temporary file.
    @Test func writersThatCannotWriteLeaveNoTemporaryFile() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        try scratch.write("sample.json", #"{"id": 1}"#)
        let r = try RKMapExecutable.run(["infer", "sample.json", "-o", "out"], directory: scratch.url)
        // The command line's path: 2, as for `apply -o` and `check --report`.
        #expect(r.status == 2)
        #expect(r.stderr.hasSuffix("\nerror: cannot write out: cannot write 'out': Is a directory\n"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory).sorted() == ["out", "sample.json"])
    }
}
