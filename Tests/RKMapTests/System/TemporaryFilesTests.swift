import Foundation
import Testing
@testable import RKMap

/// Every file a run may leave behind is registered for signal cleanup exactly
/// while it is uncommitted (docs/spec.md §11); the signal path itself is tested
/// through the binary (`OutputLifetimeTests`).
@Suite struct TemporaryFilesTests {
    private func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rkmap-cleanup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func registeredUntilUnregistered() {
        let path = "/tmp/rkmap-never-created-\(UUID().uuidString)"
        let registration = TemporaryFiles.register(path)
        #expect(registration != nil)
        #expect(TemporaryFiles.registered.contains(path))
        TemporaryFiles.unregister(registration)
        #expect(!TemporaryFiles.registered.contains(path))
    }

    @Test func slotsAreReusedAfterUnregistering() {
        // Far more registrations than slots, one at a time: none is refused.
        for i in 0..<500 {
            let registration = TemporaryFiles.register("/tmp/rkmap-slot-\(i)")
            #expect(registration != nil)
            TemporaryFiles.unregister(registration)
        }
    }

    @Test(arguments: [true, false])
    func anAtomicFileIsRegisteredUntilCommittedOrRolledBack(commit: Bool) throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try AtomicFileOutput(path: dir.appendingPathComponent("out.json").path)
        #expect(TemporaryFiles.registered.contains(file.temporaryPath))
        if commit { try file.commit() } else { file.rollback() }
        #expect(!TemporaryFiles.registered.contains(file.temporaryPath))
    }

    @Test func aDatabaseTheRunCreatesIsRegisteredUntilCommitted() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("new.db").path
        let sink = try SQLiteSink(path: path)
        #expect(TemporaryFiles.registered.contains(path))
        #expect(TemporaryFiles.registered.contains(path + "-journal"))
        try sink.commit()
        #expect(!TemporaryFiles.registered.contains(path))
        #expect(!TemporaryFiles.registered.contains(path + "-journal"))
        // An existing database is never the run's to remove.
        let again = try SQLiteSink(path: path)
        #expect(!TemporaryFiles.registered.contains(path))
        again.rollback()
    }

    @Test func aRolledBackNewDatabaseIsGoneAndUnregistered() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("new.db").path
        let sink = try SQLiteSink(path: path)
        try sink.beginDocument(DocumentInfo(input: "-", index: 0))
        try sink.write(.record(SQLiteSinkAtomicityTests.user(1, "a")), descriptor: Fixture.descriptor)
        sink.rollback()
        #expect(sink.rollbackOutcome == RollbackOutcome(kind: .database, path: path, existed: false))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(!TemporaryFiles.registered.contains(path))
    }
}
