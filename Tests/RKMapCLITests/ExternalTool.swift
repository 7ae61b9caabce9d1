import Foundation

/// A program the tests use when it is installed (bash, zsh, fish, groff). A
/// test that needs one and does not find it prints a visible skip message.
struct ExternalTool {
    let url: URL

    /// The program `name` on PATH, or `nil` after printing why the check is skipped.
    static func find(_ name: String, for purpose: String) -> ExternalTool? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return ExternalTool(url: candidate) }
        }
        print("SKIPPED: \(purpose): '\(name)' is not installed")
        return nil
    }

    /// Runs the program with `arguments` and `stdin`; returns stdout, stderr and status.
    func run(_ arguments: [String], stdin: String = "") throws -> (stdout: String, stderr: String, status: Int32) {
        let scratch = try Scratch()
        let outURL = URL(fileURLWithPath: scratch.path("out"))
        let errURL = URL(fileURLWithPath: scratch.path("err"))
        let inPath = try scratch.write("in", stdin)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        try process.run()
        process.waitUntilExit()
        return (try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8),
                process.terminationStatus)
    }
}
