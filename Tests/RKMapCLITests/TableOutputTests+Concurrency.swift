import Foundation
import Testing
@testable import RKMap

/// SQLite output with other writers and with the multi-threaded pipeline.
extension TableOutputTests {
    /// Every row of every table, tables by name, rows in key order: a database's
    /// content independent of page layout.
    static func content(_ db: String) throws -> [String: [[SQLiteValue]]] {
        var result: [String: [[SQLiteValue]]] = [:]
        for row in try Tables.query(db, "SELECT name FROM sqlite_master WHERE type = 'table'") {
            guard case .text(let name) = row[0] else { continue }
            result[name] = try Tables.query(db, "SELECT * FROM \(SQL.quote(name)) ORDER BY 1, 2, 3")
        }
        return result
    }

    /// The pipeline (RKMAP_PIPELINE_THRESHOLD=0) must give the same tables as
    /// the one-document-at-a-time path, connections included.
    @Test func thePipelineWritesTheSameTablesAsTheSerialPath() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var lines: [String] = []
        for i in 0..<2_000 {
            let a = i % 50, b = (i + 7) % 50
            lines.append(#"{"article": {"title": "t\#(i)", "body": "b\#(i)", "authorIds": [\#(a), \#(b), 999], "publication_date": "7/\#(i % 28 + 1)/2011"}, "authors": [{"id": \#(a), "name": "n\#(a)-\#(i)"}, {"id": \#(b), "email": "e\#(b)"}]}"#)
        }
        let input = try scratch.write("articles.ndjson", lines.joined(separator: "\n") + "\n")
        var contents: [[String: [[SQLiteValue]]]] = []
        for threshold in [nil, "0"] as [String?] {
            let db = scratch.path("out-\(threshold ?? "serial").db")
            let r = try Tables.applySQLite(
                spec: Self.example5Spec, [input], database: db, environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
            #expect(r.status == 0, "exit status \(r.status)")
            contents.append(try Self.content(db))
        }
        #expect(contents[0] == contents[1])
        // Spot check: the last document's author 49 (i = 1999: a = 49) and its links.
        #expect(contents[0]["Author"]?.first { $0.first == .integer(49) }
            == [.integer(49), .text("n49-1999"), .text("e49")])
        #expect(try Tables.query(scratch.path("out-0.db"), #"SELECT "child_authorId" FROM "Article_authors" WHERE "parent_title" = 't1999' ORDER BY "position""#)
            == [[.integer(49)], [.integer(6)]])
    }

    /// A database another connection is writing to makes rkmap wait (busy
    /// timeout) instead of failing at once. If rkmap happens to start after the
    /// lock is gone, the test still passes; it fails only when rkmap gives up.
    @Test func aDatabaseHeldByAnotherWriterIsWaitedFor() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = try Self.baseDatabase(in: scratch)
        let other = try SQLiteDatabase(path: db)
        try other.beginTransaction(.immediate)
        try other.execute(#"INSERT INTO "Person" ("id", "name", "age") VALUES (9, 'Held', 9)"#)

        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = ["apply", Self.peopleSpec, "-", "--format", "sqlite", "-o", db]
        let input = try scratch.write("in.json", #"{"id": 3, "name": "Cy", "age": 3}"#)
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(300_000)
        try other.commit()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try Tables.query(db, #"SELECT "id", "name" FROM "Person" ORDER BY 1"#) == [
            [.integer(1), .text("Ann")], [.integer(2), .text("Bob")], [.integer(3), .text("Cy")], [.integer(9), .text("Held")],
        ])
    }
}
