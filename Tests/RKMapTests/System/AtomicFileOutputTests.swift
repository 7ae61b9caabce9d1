import Foundation
import Testing
@testable import RKMap

/// `-o FILE` is written whole or not at all.
@Suite struct AtomicFileOutputTests {
    private func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rkmap-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func contents(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func commitReplacesTheTargetAndLeavesNoTemporary() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.json")
        try Data("old\n".utf8).write(to: target)

        let file = try AtomicFileOutput(path: target.path)
        try file.sink.write("[1, 2]\n")
        // Before commit the old content is intact and the temporary sits beside it.
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n")
        #expect(try contents(dir).count == 2)
        try file.commit()

        #expect(try String(contentsOf: target, encoding: .utf8) == "[1, 2]\n")
        #expect(try contents(dir) == ["out.json"])
    }

    @Test func discardLeavesTheTargetAsItWas() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.csv")
        try Data("keep me\n".utf8).write(to: target)

        let file = try AtomicFileOutput(path: target.path)
        try file.sink.write(String(repeating: "x", count: 3 * ByteSink.bufferSize))
        file.rollback()

        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        #expect(try contents(dir) == ["out.csv"])
    }

    @Test func droppingWithoutCommitDiscards() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("new.json")
        do {
            let file = try AtomicFileOutput(path: target.path)
            try file.sink.write("partial")
        }
        #expect(try contents(dir).isEmpty)
    }

    @Test func newFileGetsAPlainFileModeAndExistingModeIsKept() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fresh = dir.appendingPathComponent("fresh.json")
        let a = try AtomicFileOutput(path: fresh.path)
        try a.commit()
        let freshMode = try FileManager.default.attributesOfItem(atPath: fresh.path)[.posixPermissions] as? Int
        #expect(freshMode != 0o600, "not mkstemp's private mode")

        let existing = dir.appendingPathComponent("exec.sh")
        try Data("#!/bin/sh\n".utf8).write(to: existing)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: existing.path)
        let b = try AtomicFileOutput(path: existing.path)
        try b.sink.write("#!/bin/sh\necho\n")
        try b.commit()
        #expect(try FileManager.default.attributesOfItem(atPath: existing.path)[.posixPermissions] as? Int == 0o750)
    }

    @Test func missingDirectoryFailsWithThePath() throws {
        #expect(throws: AtomicFileOutput.Failure.self) {
            try AtomicFileOutput(path: "/nonexistent-dir-for-rkmap/out.json")
        }
        do {
            _ = try AtomicFileOutput(path: "/nonexistent-dir-for-rkmap/out.json")
        } catch {
            #expect(error.description == "cannot create a temporary file for '/nonexistent-dir-for-rkmap/out.json': No such file or directory")
        }
    }

    @Test func relativePathInTheCurrentDirectory() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(dir.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let file = try AtomicFileOutput(path: "rel.json")
        #expect(file.temporaryPath.hasPrefix(".rel.json.rkmap-"))
        try file.sink.write("{}\n")
        try file.commit()
        #expect(try String(contentsOf: dir.appendingPathComponent("rel.json"), encoding: .utf8) == "{}\n")
    }
}
