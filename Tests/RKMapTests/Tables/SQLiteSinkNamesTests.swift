import Foundation
import Testing
@testable import RKMap

@Suite struct SQLiteSinkNamesTests {
    static let hostile = [
        #"Order "x""#, "select", "with space", "dot.ted", "a\"b", "drop table", #"x"); DROP TABLE "y"#, "Ünïcode 名前", "'quote'",
    ]

    @Test(arguments: hostile)
    func hostileTypeAndAttributeNamesAreQuoted(name: String) throws {
        let path = Fixture.temporaryPath()
        let child = Fixture.mapper(name + "Child", entity: true, identification: [name], [.attribute(name)])
        let m = Fixture.mapper(name, entity: true, identification: ["order"], [
            .attribute("order", .int), .attribute(name), .attribute("group"), .relationship("from"), .relationship(name + "s"),
        ])
        let c = Fixture.record(child, [name: .string("k")])
        let r = Fixture.record(m, [
            "order": .int(1), name: .string("v"), "group": .int(2), "from": .record(c), name + "s": .many([.record(c)]),
        ])
        try Fixture.run(try SQLiteSink(path: path), [[r], [r]])
        let q = SQL.quote
        #expect(try Fixture.query(path, "SELECT \(q("order")), \(q(name)), \(q("group")), \(q("from")) FROM \(q(name))")
            == [[1, "v", 2, "k"]])
        #expect(try Fixture.query(path, "SELECT * FROM \(q(name + "_" + name + "s"))") == [[1, "k", 0]])
        let tables = try Fixture.query(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        #expect(Set(tables) == Set([[.text(name)], [.text(name + "Child")], [.text(name + "_" + name + "s")]]))
    }

    @Test func quoteDoublesEmbeddedQuotes() {
        #expect(SQL.quote(#"a"b"#) == #""a""b""#)
        #expect(SQL.quote("") == #""""#)
        #expect(SQL.literal("it's") == "'it''s'")
    }

    @Test func schemaReadsAsASensibleSchema() throws {
        let path = Fixture.temporaryPath()
        let author = Fixture.mapper("Author", entity: true, identification: ["id"], [.attribute("id", .int), .attribute("name")])
        let article = Fixture.mapper("Article", entity: true, identification: ["id"], [
            .attribute("id", .int), .attribute("title"), .relationship("editor"), .relationship("authors"),
        ])
        let au = Fixture.record(author, ["id": .int(13), "name": .string("Blake")])
        try Fixture.run(try SQLiteSink(path: path), [[
            Fixture.record(article, ["id": .int(1), "title": .string("T"), "editor": .record(au), "authors": .many([.record(au)])]),
        ]])
        let schema = try Fixture.query(path, "SELECT sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
        #expect(schema == [
            [#"CREATE TABLE "Article" ("id" INTEGER NOT NULL, "title" TEXT, "editor" INTEGER REFERENCES "Author" ("id"), PRIMARY KEY ("id"))"#],
            [#"CREATE TABLE "Article_authors" ("parent_id" INTEGER NOT NULL, "child_id" INTEGER NOT NULL, "position" INTEGER NOT NULL, PRIMARY KEY ("parent_id", "position"), FOREIGN KEY ("parent_id") REFERENCES "Article" ("id"), FOREIGN KEY ("child_id") REFERENCES "Author" ("id"))"#],
            [#"CREATE TABLE "Author" ("id" INTEGER NOT NULL, "name" TEXT, PRIMARY KEY ("id"))"#],
        ])
        // The stored schema passes SQLite's own foreign key check.
        #expect(try Fixture.query(path, "PRAGMA foreign_key_check") == [])
    }
}

@Suite struct SQLiteSinkBusyTests {
    /// Another connection holds the write lock from a thread of its own until
    /// `release` is signalled.
    final class LockHolder: @unchecked Sendable {
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)

        init(path: String) {
            Thread.detachNewThread { [self] in
                do {
                    let db = try SQLiteDatabase(path: path)
                    try db.beginTransaction(.immediate)
                    try db.execute(#"CREATE TABLE "Other" ("x")"#)
                    held.signal()
                    release.wait()
                    try db.commit()
                } catch {
                    held.signal()
                }
                done.signal()
            }
            held.wait()
        }
    }

    @Test func waitsForAnotherWriterInsteadOfFailing() throws {
        let path = Fixture.temporaryPath()
        let holder = LockHolder(path: path)
        let user = Fixture.mapper("User", [.attribute("n")])
        let sink = try SQLiteSink(path: path)
        // Let the holder go shortly; the sink's BEGIN IMMEDIATE waits for it.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { holder.release.signal() }
        try Fixture.run(sink, [[Fixture.record(user, ["n": .int(1)])]])
        holder.done.wait()
        #expect(try Fixture.query(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") == [["Other"], ["User"]])
    }

    @Test func busyBeyondTheTimeoutIsAnSQLiteBusyError() throws {
        let path = Fixture.temporaryPath()
        let holder = LockHolder(path: path)
        defer { holder.release.signal(); holder.done.wait() }
        let sink = try SQLiteSink(path: path, busyTimeoutMilliseconds: 50)
        do {
            try sink.beginDocument(DocumentInfo(input: "-", index: 0))
            Issue.record("BEGIN should have failed while another connection writes")
        } catch ResultCode.SQLITE_BUSY {
            // expected
        }
    }
}
