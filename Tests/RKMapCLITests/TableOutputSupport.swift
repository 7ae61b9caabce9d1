import Foundation
import Testing
@testable import RKMap

/// Shared helpers of the table-output tests: a scratch directory per test, runs
/// of the built `rkmap`, and SQL read-back through the project's own SQLite layer
/// (so the tests need no `sqlite3` binary).
enum Tables {
    static let fixtures = RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/tables")

    /// `fixtures/tables/NAME` as a path.
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// `specs/NAME` or `fixtures/examples/NAME` as a path.
    static func repository(_ relative: String) -> String {
        RKMapExecutable.repositoryRoot.appendingPathComponent(relative).path
    }

    /// `rkmap apply SPEC INPUTS… --format sqlite -o DB`; `stdin` is read when
    /// `inputs` is `["-"]`.
    @discardableResult
    static func applySQLite(
        spec: String, _ inputs: [String], database: String, stdin: String? = nil,
        environment: [String: String?] = [:]
    ) throws -> RKMapExecutable.Result {
        try RKMapExecutable.run(
            ["apply", spec] + inputs + ["--format", "sqlite", "-o", database],
            stdin: stdin.map { Array($0.utf8) }, environment: environment)
    }

    /// Maps `payload` (one JSON document, given on stdin) into `database` and
    /// expects success.
    static func upsert(spec: String, _ payload: String, database: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let r = try applySQLite(spec: spec, ["-"], database: database, stdin: payload)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)", sourceLocation: sourceLocation)
    }

    /// All rows of `sql` on the database at `path` (which must exist: opening
    /// would otherwise create it).
    static func query(_ path: String, _ sql: String) throws -> [[SQLiteValue]] {
        try #require(FileManager.default.fileExists(atPath: path), "no database at \(path)")
        let database = try SQLiteDatabase(path: path)
        return try database.rows(sql)
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A file's size in bytes (0 when it does not exist).
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Where a program is on `PATH`, or nil.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a helper program (python3, sqlite3) and returns its stdout; the
    /// test fails when it exits non-zero.
    static func runTool(_ executable: String, _ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONIOENCODING"] = "utf-8"
        process.environment = environment
        let scratch = try Scratch()
        defer { scratch.remove() }
        let outPath = scratch.path("stdout")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        defer { try? out.close() }
        process.standardOutput = out
        process.standardError = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) \(arguments) failed", sourceLocation: sourceLocation)
        return String(decoding: try bytes(outPath), as: UTF8.self)
    }
}

