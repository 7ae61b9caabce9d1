import Foundation
import Testing
@testable import RKMap

@Suite struct SQLiteSinkAtomicityTests {
    static let user = Fixture.mapper(
        "User", entity: true, identification: ["id"], [.attribute("id", .int), .attribute("name")])

    static func user(_ id: Int, _ name: String) -> Record {
        Fixture.record(user, ["id": .int(id), "name": .string(name)])
    }

    /// A database holding one committed run, and its bytes.
    func seededDatabase() throws -> (path: String, bytes: Data) {
        let path = Fixture.temporaryPath()
        try Fixture.run(try SQLiteSink(path: path), [[Self.user(1, "stored")]])
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func abandonedSecondDocumentLeavesTheFileByteIdentical() throws {
        let (path, before) = try seededDatabase()
        let sink = try SQLiteSink(path: path)
        let extra = Fixture.mapper("Extra", [.attribute("x")])
        #expect(throws: SQLiteSinkError.runAbandoned(path: path)) {
            try Fixture.run(sink, [
                [Self.user(1, "changed"), Self.user(2, "new")],
                [Fixture.record(extra, ["x": .int(1)]), Self.user(3, "half")],
                [Self.user(4, "after the failure")],
            ], abandon: [1])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Fixture.query(path, #"SELECT * FROM "User""#) == [[1, "stored"]])
    }

    @Test func rollbackLeavesTheFileByteIdentical() throws {
        let (path, before) = try seededDatabase()
        let sink = try SQLiteSink(path: path)
        try sink.beginDocument(DocumentInfo(input: "-", index: 0))
        for i in 2...2_000 { try sink.write(.record(Self.user(i, "n")), descriptor: Fixture.descriptor) }
        try sink.endDocument()
        sink.rollback()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(throws: SQLiteSinkError.finished) { try sink.beginDocument(DocumentInfo(input: "-", index: 1)) }
    }

    @Test func sinkDroppedWithoutFinishCommitsNothing() throws {
        let (path, before) = try seededDatabase()
        do {
            let sink = try SQLiteSink(path: path)
            try sink.beginDocument(DocumentInfo(input: "-", index: 0))
            try sink.write(.record(Self.user(2, "n")), descriptor: Fixture.descriptor)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func runIsInvisibleToReadersUntilFinish() throws {
        let (path, _) = try seededDatabase()
        let sink = try SQLiteSink(path: path)
        try sink.beginDocument(DocumentInfo(input: "-", index: 0))
        try sink.write(.record(Self.user(2, "n")), descriptor: Fixture.descriptor)
        try sink.endDocument()
        #expect(try Fixture.query(path, #"SELECT count(*) FROM "User""#) == [[1]])
        try sink.finish()
        #expect(try Fixture.query(path, #"SELECT count(*) FROM "User""#) == [[2]])
    }

    // MARK: A killed process

    static let childEnvironment = "RKMAP_TABLES_KILLED_WRITER_DB"

    /// The child half of `killedProcessLeavesThePreviousContents`: does nothing
    /// in a normal test run. Run by the parent with the database path in the
    /// environment, it writes many rows in one run (a tiny page cache makes
    /// SQLite spill changed pages into the database file mid-transaction), says
    /// READY, and waits to be killed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childEnvironment] != nil,
                   "runs only as the child process of killedProcessLeavesThePreviousContents"))
    func killedWriterChild() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.childEnvironment])
        let sink = try SQLiteSink(path: path)
        try sink.database.execute("PRAGMA cache_size = 5")
        try sink.beginDocument(DocumentInfo(input: "-", index: 0))
        for i in 2...20_000 { try sink.write(.record(Self.user(i, String(repeating: "x", count: 40))), descriptor: Fixture.descriptor) }
        try sink.endDocument()
        FileHandle.standardOutput.write(Data("\nREADY\n".utf8))
        Thread.sleep(forTimeInterval: 120)
        Issue.record("the parent test should have killed this process")
    }

    /// Linux only: elsewhere there is no portable way to find the test binary,
    /// and the byte-identical tests above cover the rollback journal.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"),
                   "needs /proc/self/exe (Linux) to start the test binary as a child"))
    func killedProcessLeavesThePreviousContents() throws {
        let (path, before) = try seededDatabase()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--filter", "killedWriterChild", "--testing-library", "swift-testing"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childEnvironment: path]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("\nREADY\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the child ended without getting ready
            seen.append(chunk)
        }
        let ready = String(decoding: seen, as: UTF8.self).contains("\nREADY\n")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        try #require(ready, "the child writer failed: \(String(decoding: seen, as: UTF8.self))")
        // Mid-run, the file holds spilled pages and a hot journal beside it.
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != before)
        // Opening the database rolls the journal back: the previous contents, exactly.
        #expect(try Fixture.query(path, #"SELECT * FROM "User""#) == [[1, "stored"]])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
