import Foundation

/// Runs the built `rkmap` binary as a user would and captures what it did,
/// like swift-argument-parser's `AssertExecuteCommand`.
///
/// stdout and stderr go to temporary files rather than pipes, so a large output
/// can never deadlock the test against a full pipe buffer.
enum RKMapExecutable {
    struct Result: Equatable, CustomStringConvertible {
        var stdout: String
        var stderr: String
        var status: Int32
        var stdoutBytes: [UInt8]

        var description: String {
            "exit status \(status)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
        }
    }

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "no rkmap executable found (run 'swift build' first); looked in:\n  "
                + searched.joined(separator: "\n  ")
        }
    }

    /// The repository root: this file is `Tests/RKMapCLITests/RKMapExecutable.swift`.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the binary is, searched in order of trust:
    /// 1. `RKMAP_BINARY` in the environment (to test an installed or release build);
    /// 2. the products directory the test bundle was built into (`swift test`);
    /// 3. the directory of the running test executable;
    /// 4. `.build/debug/rkmap` under the repository root.
    static func locate() throws -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["RKMAP_BINARY"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        let bundle = Bundle.main.bundleURL
        let products = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        candidates.append(products.appendingPathComponent("rkmap"))
        if let argv0 = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: argv0).deletingLastPathComponent().appendingPathComponent("rkmap"))
        }
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug/rkmap"))
        for url in candidates where FileManager.default.isExecutableFile(atPath: url.path) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return url.standardizedFileURL
            }
        }
        throw NotFound(searched: candidates.map(\.path))
    }

    /// Runs `rkmap args…`.
    ///
    /// - Parameters:
    ///   - stdin: bytes fed to standard input; `nil` gives it an empty input
    ///     (`/dev/null`), never the test runner's own stdin.
    ///   - directory: the working directory, default the repository root.
    ///   - environment: variables set (or, with `nil`, removed) on top of the
    ///     test runner's environment; `NO_COLOR=1` is set unless overridden.
    ///   - stdoutClosed: stdout is a pipe whose reader is already gone (`| head`).
    static func run(
        _ args: [String], stdin: [UInt8]? = nil, directory: URL? = nil,
        environment: [String: String?] = [:], stdoutClosed: Bool = false
    ) throws -> Result {
        let process = Process()
        process.executableURL = try locate()
        process.arguments = args
        process.currentDirectoryURL = directory ?? repositoryRoot

        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env

        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("rkmap-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: Data(stdin ?? []))

        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        defer { try? out.close(); try? err.close(); try? input.close() }
        if stdoutClosed {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        process.standardInput = input

        try process.run()
        process.waitUntilExit()

        let outBytes = [UInt8](try Data(contentsOf: outURL))
        let errBytes = [UInt8](try Data(contentsOf: errURL))
        return Result(
            stdout: String(decoding: outBytes, as: UTF8.self),
            stderr: String(decoding: errBytes, as: UTF8.self),
            status: process.terminationStatus,
            stdoutBytes: outBytes
        )
    }
}
