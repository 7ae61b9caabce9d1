import Foundation
import Testing

/// `fmt --write` over many files and `check --report` over many fixtures can be
/// interrupted part way: they read their files one after the other. A named
/// pipe among them holds the run there (the command blocks reading it), so the
/// signal arrives at a known point, after the files before it were handled.
/// Both end at once by the signal (docs/spec.md §11, docs/behaviour.md
/// "Signals"): files written before it are whole, the others untouched, no
/// temporary file is left, and a report is only ever written complete, at the end.
@Suite struct SignalWindowTests {
    /// Runs `arguments` in `scratch`, waits until the command opens `fifo` for
    /// reading (it is then blocked there, mid-run), sends `signal`, and waits;
    /// its stderr is `stderr.txt` in `scratch` (`said(in:)`).
    static func interrupt(_ signal: Int32, arguments: [String], in scratch: Scratch, fifo: String) throws -> Process {
        let process = try start(arguments, in: scratch)
        // Opening a pipe's write end without blocking fails (ENXIO) until a
        // reader has it open: then the command is reading it.
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(30)
        while writer < 0, Date() < deadline, process.isRunning {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(5_000) }
        }
        #expect(writer >= 0, "the command never opened \(fifo)")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        if writer >= 0 { close(writer) }
        return process
    }

    /// Starts `rkmap arguments…` in `scratch`, stdin and stdout empty, its
    /// stderr into `stderr.txt` there (`said(in:)`).
    static func start(_ arguments: [String], in scratch: Scratch) throws -> Process {
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = arguments
        process.currentDirectoryURL = scratch.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: scratch.path("stderr.txt"), contents: nil)
        let stderr = try FileHandle(forWritingTo: scratch.url.appendingPathComponent("stderr.txt"))
        defer { try? stderr.close() }
        process.standardError = stderr
        try process.run()
        return process
    }

    /// What the command wrote to stderr.
    static func said(in scratch: Scratch) throws -> String {
        try String(contentsOfFile: scratch.path("stderr.txt"), encoding: .utf8)
    }

    static func temporaryFiles(in scratch: Scratch) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.directory).filter { $0.contains(".rkmap-") }
    }

    static let compactSpec = #"{"mappers": [{"id": "m", "target": "Thing", "attributes": ["a", "b"]}]}"#

    @Test func fmtWriteInterruptedBetweenFilesLeavesEachFileWholeOrUntouched() throws {
        let scratch = try Scratch()
        let names = (0..<6).map { "spec-\($0).json" }
        for name in names { _ = try scratch.write(name, Self.compactSpec + "\n") }
        let canonical = try RKMapExecutable.run(["fmt", scratch.path(names[0])])
        #expect(canonical.status == 0)
        #expect(canonical.stdout != Self.compactSpec + "\n", "the specs need formatting")
        let fifo = scratch.path("spec-3-slow.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The first three files, then the pipe, then three more.
        let order = Array(names.prefix(3)) + ["spec-3-slow.json"] + Array(names.suffix(3))
        let process = try Self.interrupt(SIGINT, arguments: ["fmt", "--write"] + order, in: scratch, fifo: fifo)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        // It says why it stopped, as `apply` does (it said nothing: a tester's find).
        #expect(try Self.said(in: scratch) == "error: interrupted by SIGINT\n")
        for (i, name) in names.enumerated() {
            let text = try String(contentsOfFile: scratch.path(name), encoding: .utf8)
            #expect(text == (i < 3 ? canonical.stdout : Self.compactSpec + "\n"), "\(name)")
        }
        #expect(try Self.temporaryFiles(in: scratch) == [])
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func checkReportInterruptedMidRunLeavesTheReportAsItWas(_ signal: Int32) throws {
        let scratch = try Scratch()
        _ = try scratch.write("report.xml", "previous\n")
        let fixtures = RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/check")
        let fifo = scratch.path("slow.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try Self.interrupt(
            signal,
            arguments: ["check", fixtures.appendingPathComponent("api.json").path,
                        fixtures.appendingPathComponent("api/articles.json").path, fifo,
                        "--report", "junit=report.xml"],
            in: scratch, fifo: fifo)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(try Self.said(in: scratch) == "error: interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")\n")
        #expect(try String(contentsOfFile: scratch.path("report.xml"), encoding: .utf8) == "previous\n")
        #expect(try Self.temporaryFiles(in: scratch) == [])
    }

    /// `apply` of a named pipe no writer has opened waits in `open(2)`: a
    /// signal ended the wait only on a second one, which killed it with
    /// nothing said (a reviewer's find). The first now stops it as any
    /// other wait for input does, saying so, with exit status 130; the
    /// wait is bounded here so that a regression fails rather than hangs.
    @Test func applyWaitingToOpenANamedPipeStopsOnTheFirstSignal() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.compactSpec)
        let fifo = scratch.path("in.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try Self.start(["apply", "spec.json", "in.json"], in: scratch)
        usleep(800_000)  // in open(2) by now; nothing opens the pipe's other end
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("apply kept waiting to open the pipe after SIGINT")
            return
        }
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(try Self.said(in: scratch) == "error: interrupted by SIGINT\n")
    }
}
