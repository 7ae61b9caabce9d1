import Foundation
@testable import RKMap

/// Runs the binary reading a stdin pipe that stays open, as a slow producer's
/// would, and sends it `signal` once the run is under way (`ready`): the way
/// the tests see what SIGINT, SIGTERM and SIGHUP leave behind (docs/spec.md §11).
enum SignalledRun {
    struct Result {
        var status: Int32
        /// True when the process ended by the signal itself (not by `exit`).
        var killedBySignal: Bool
        var stderr: String
    }

    static func run(
        _ signal: Int32, arguments: [String], in scratch: Scratch, firstInput: String,
        waitFor ready: @escaping () -> Bool
    ) throws -> Result {
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = arguments
        process.currentDirectoryURL = scratch.url
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let stdin = Pipe()
        let errURL = URL(fileURLWithPath: scratch.path("stderr.txt"))
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        // One document now; the pipe stays open.
        stdin.fileHandleForWriting.write(Data(firstInput.utf8 + [0x0A]))
        let deadline = Date().addingTimeInterval(20)
        while !ready(), Date() < deadline { usleep(20_000) }
        usleep(200_000)  // the document is handled; the run waits for more input
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        try err.close()
        let text = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        try FileManager.default.removeItem(at: errURL)
        return Result(
            status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal, stderr: text)
    }

    /// Runs the binary with `input` on stdin, a pipe left open, and sends it
    /// `signal` once it has had `delay` seconds to read it: the run is then
    /// waiting for the rest of a document. Returns nil when the run has not
    /// ended 30 seconds later (it is then killed): a hang.
    static func signalWhileReading(
        _ signal: Int32, arguments: [String], in scratch: Scratch, input: Data, delay: TimeInterval,
        environment: [String: String] = [:]
    ) throws -> Output? {
        let process = try binary(arguments, in: scratch, environment: environment)
        let stdin = Pipe()
        let (outURL, errURL, out, err) = try outputFiles(in: scratch)
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        stdin.fileHandleForWriting.write(input)
        usleep(UInt32(delay * 1_000_000))
        kill(process.processIdentifier, signal)
        defer { try? stdin.fileHandleForWriting.close() }
        guard endsWithin30Seconds(process) else { return nil }
        try out.close()
        try err.close()
        return Output(
            first: Data(), rest: try Data(contentsOf: outURL), status: process.terminationStatus,
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// What a run signalled once it has written its first byte gives.
    struct Output {
        var first: Data
        var rest: Data
        var status: Int32
        var stderr: String
    }

    /// Runs the binary with stdout and stderr on pipes, `input` on stdin (a
    /// pipe left open until the run ends) or none, and sends it `signal` as
    /// soon as stdout has its first byte: the run is then writing, and blocks
    /// when the pipe is full, as nothing more is read until the signal.
    static func signalOnFirstOutput(
        _ signal: Int32, arguments: [String], in scratch: Scratch, input: Data? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = arguments
        process.currentDirectoryURL = scratch.url
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        let first = stdout.fileHandleForReading.readData(ofLength: 1)
        kill(process.processIdentifier, signal)
        let rest = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        return Output(first: first, rest: rest, status: process.terminationStatus, stderr: errors)
    }

    /// Runs the binary with stdout on a regular file, where a write never
    /// blocks, and sends it `signal` as soon as the file has its first byte:
    /// the run is then busy writing, not waiting on the reader (a pipe would
    /// make it block, and a blocked write is answered at once). Returns nil
    /// when the run ended before it wrote anything or the signal could be sent.
    static func signalOnFirstOutputToFile(
        _ signal: Int32, arguments: [String], in scratch: Scratch, environment: [String: String] = [:]
    ) throws -> Output? {
        let process = try binary(arguments, in: scratch, environment: environment)
        let (outURL, errURL, out, err) = try outputFiles(in: scratch)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var size = stat()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline, stat(outURL.path, &size) == 0, size.st_size == 0 { usleep(500) }
        guard process.isRunning, size.st_size > 0 else {
            process.waitUntilExit()
            return nil
        }
        kill(process.processIdentifier, signal)
        guard endsWithin30Seconds(process) else { return nil }
        try out.close()
        try err.close()
        return Output(
            first: Data(), rest: try Data(contentsOf: outURL), status: process.terminationStatus,
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs the binary with stdout on a pipe that nothing reads until the run
    /// ends, and sends it `signal` once that pipe is full (what it holds has
    /// stopped growing): the run is then blocked writing, as under `| less`
    /// waiting at a page. Returns nil when the run has not ended 30 seconds
    /// after the signal (it is then killed): a hang. `rest` is what the pipe
    /// held.
    static func signalWhenOutputBlocks(
        _ signal: Int32, arguments: [String], in scratch: Scratch, environment: [String: String] = [:]
    ) throws -> Output? {
        let process = try binary(arguments, in: scratch, environment: environment)
        let stdout = Pipe()
        let errURL = URL(fileURLWithPath: scratch.path("stderr.txt"))
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = err
        try process.run()
        let reader = stdout.fileHandleForReading.fileDescriptor
        func held() -> Int32 {
            var n: Int32 = 0
            _ = ioctl(reader, UInt(FIONREAD), &n)
            return n
        }
        // Full: at least 4 KiB held and no more after 300 ms (the run writes
        // far faster than that while it can).
        var last: Int32 = -1
        let ready = Date().addingTimeInterval(20)
        while Date() < ready {
            usleep(300_000)
            let now = held()
            if now >= 4096, now == last { break }
            last = now
        }
        kill(process.processIdentifier, signal)
        guard endsWithin30Seconds(process) else { return nil }
        try stdout.fileHandleForWriting.close()
        let rest = stdout.fileHandleForReading.readDataToEndOfFile()
        try err.close()
        return Output(
            first: Data(), rest: rest, status: process.terminationStatus,
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Empty `stdout.txt` and `stderr.txt` in `scratch`, open for the run to write.
    private static func outputFiles(in scratch: Scratch) throws -> (URL, URL, FileHandle, FileHandle) {
        let outURL = URL(fileURLWithPath: scratch.path("stdout.txt"))
        let errURL = URL(fileURLWithPath: scratch.path("stderr.txt"))
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        return (outURL, errURL, try FileHandle(forWritingTo: outURL), try FileHandle(forWritingTo: errURL))
    }

    /// The binary about to run `arguments` in `scratch`.
    private static func binary(_ arguments: [String], in scratch: Scratch, environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = arguments
        process.currentDirectoryURL = scratch.url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return process
    }

    /// Waits for `process` to end; false (and the process killed) when it
    /// has not ended 30 seconds later: a hang.
    private static func endsWithin30Seconds(_ process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }

    /// Whether a hidden temporary file for `name` (`.NAME.rkmap-XXXXXX`) is in `directory`.
    static func hasTemporaryFile(for name: String, in directory: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains { $0.hasPrefix(".\(name).rkmap-") }
    }
}
