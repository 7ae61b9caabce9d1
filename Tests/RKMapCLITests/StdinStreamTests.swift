import Foundation
import Testing

/// stdin as a pipe is read as a stream: documents are mapped as they arrive,
/// with the same output, diagnostics and exit status as the same bytes in a file.
@Suite struct StdinStreamTests {
    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// Runs rkmap with `input` written into a pipe on stdin.
    static func runThroughPipe(_ args: [String], input: [UInt8], directory: URL) throws -> Run {
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = args
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both outputs on their own threads so neither pipe fills up.
        nonisolated(unsafe) var out = Data(), err = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Run(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self), status: process.terminationStatus)
    }

    static func compare(_ input: String, args: [String]) throws {
        let scratch = try Scratch()
        try scratch.write("in.ndjson", input)
        let file = try RKMapExecutable.run(args + [scratch.path("in.ndjson")], directory: RKMapExecutable.repositoryRoot)
        let piped = try runThroughPipe(args, input: Array(input.utf8), directory: RKMapExecutable.repositoryRoot)
        #expect(piped.status == file.status)
        #expect(piped.stdout == file.stdout)
        #expect(piped.stderr == file.stderr.replacingOccurrences(of: scratch.path("in.ndjson"), with: "<stdin>"))
    }

    @Test func smallDocumentsWithWarningsAndASyntaxError() throws {
        let input = """
            {"articles": [{"title": "a"}]}
            {"other": 1}
            {"articles": [{"nope": 1}]}
            {"articles": [1,]}
            {"articles": [{"title": "never mapped"}]}

            """
        try Self.compare(input, args: ["apply", "specs/example1-articles.json", "--compact"])
    }

    @Test func concatenatedValuesAndATrailingNumber() throws {
        try Self.compare(#"{"articles":[]}{"articles":[{"title":"x"}]} 12"#, args: ["apply", "specs/example1-articles.json"])
    }

    @Test func aLargeStreamMatchesTheFile() throws {
        // Several MiB, so batches reach the multi-threaded pipeline.
        let line = #"{"articles": [{"title": "t", "body": "\#(String(repeating: "é", count: 300))", "author": "x"}]}"#
        let input = Array(repeating: line, count: 12_000).joined(separator: "\n") + "\n"
        try Self.compare(input, args: ["apply", "specs/example1-articles.json", "--format", "ndjson"])
    }

    /// The first record is written while stdin is still open.
    @Test func recordsAreWrittenBeforeStdinCloses() throws {
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = ["apply", "specs/example1-articles.json", "--compact"]
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
        // Wait (bounded) for the first line while stdin stays open.
        let reader = stdout.fileHandleForReading
        var received = Data()
        let deadline = Date().addingTimeInterval(20)
        while !received.contains(UInt8(ascii: "\n")), Date() < deadline {
            received.append(reader.availableData)
        }
        #expect(String(decoding: received, as: UTF8.self) == "[{\"@type\":\"Article\",\"title\":\"first\"}]\n")
        #expect(process.isRunning)
    }
}
