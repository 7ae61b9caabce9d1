import Foundation
import Testing
@testable import RKMap

@Suite struct SQLiteDatabaseTests {
    @Test func bindsAndReadsEveryStorageClass() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        let values: [SQLiteValue] = [.null, .integer(Int64.min), .real(0.1), .text(""), .text("Ünïcode \"q\" 名前"), .blob([0, 1, 255]), .blob([])]
        let s = try db.makeStatement("SELECT " + Array(repeating: "?", count: values.count).joined(separator: ", "))
        for (i, v) in values.enumerated() { try s.bind(v, at: Int32(i + 1)) }
        #expect(try s.step())
        #expect(s.row() == values)
        #expect(try s.step() == false)
    }

    /// `run(binding:)` binds text without a copy: what lands in the table must
    /// be every string exactly (small inline strings, large heap ones, empty,
    /// non-ASCII, NUL inside), and the bindings are cleared afterwards.
    @Test func runBindingStoresEveryValueAndClearsTheBindings() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t (a, b, c, d, e)")
        let insert = try db.makeStatement("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        let long = String(repeating: "long text ", count: 500)
        let rows: [[SQLiteValue]] = [
            [.text("short"), .text(long), .text(""), .integer(42), .text("Ünïcode 名前")],
            [.null, .real(0.5), .text("a\u{0}b"), .blob([1, 2]), .text(long + "!")],
        ]
        for row in rows { try insert.run(binding: row) }
        #expect(try db.rows("SELECT * FROM t ORDER BY rowid") == rows)
        // Cleared: running again without binding inserts NULLs, not stale pointers.
        try insert.run()
        #expect(try db.rows("SELECT * FROM t WHERE rowid = 3") == [[.null, .null, .null, .null, .null]])
    }

    @Test func runBindingThrowsTheStepsErrorAndStaysUsable() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        let insert = try db.makeStatement("INSERT INTO t VALUES (?)")
        try insert.run(binding: [.text("same key, long enough not to be a small string")])
        #expect(throws: SQLiteError.self) { try insert.run(binding: [.text("same key, long enough not to be a small string")]) }
        try insert.run(binding: [.text("another")])
        #expect(try db.rows("SELECT count(*) FROM t") == [[.integer(2)]])
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        #expect(throws: SQLiteError(code: .SQLITE_ERROR, message: "no such table: nope", sql: "SELECT * FROM nope")) {
            _ = try db.makeStatement("SELECT * FROM nope")
        }
        #expect(SQLiteError(code: .SQLITE_ERROR, message: "no such table: nope", sql: "SELECT 1").description
            == "SQLite error 1: no such table: nope (in: SELECT 1)")
    }

    @Test func resultCodePatternMatchesExtendedCodes() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        do {
            try db.execute("INSERT INTO t VALUES (1)")
            Issue.record("expected a constraint error")
        } catch ResultCode.SQLITE_CONSTRAINT {
            // SQLITE_CONSTRAINT_PRIMARYKEY (1555) matches its primary code.
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(!(ResultCode.SQLITE_BUSY ~= SQLiteError(code: ResultCode(rawValue: 1555), message: "")))
        #expect(!(ResultCode(rawValue: 2067) ~= SQLiteError(code: ResultCode(rawValue: 1555), message: "")))
    }

    @Test func inTransactionRollsBackAndRethrowsTheFirstError() throws {
        struct Boom: Error, Equatable {}
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t (x)")
        #expect(throws: Boom()) {
            try db.inTransaction(.immediate) {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(db.isInTransaction == false)
        #expect(try db.rows("SELECT count(*) FROM t") == [[0]])
        try db.inTransaction { try db.execute("INSERT INTO t VALUES (2)") }
        #expect(try db.rows("SELECT x FROM t") == [[2]])
    }

    @Test func cachedStatementsAreReusedAndReset() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        let a = try db.cachedStatement("SELECT 1 UNION ALL SELECT 2")
        #expect(try a.step())
        let b = try db.cachedStatement("SELECT 1 UNION ALL SELECT 2")
        #expect(a === b)
        #expect(try b.step() && b.int64(at: 0) == 1)
    }

    @Test func openingSomethingThatIsNotADatabaseFails() throws {
        let path = Fixture.temporaryPath("not.db")
        try Array("this is not an SQLite database, just text that is long enough to be read".utf8).withUnsafeBytes {
            try Foundation.Data($0).write(to: URL(fileURLWithPath: path))
        }
        // Opening reads the schema, so the error comes before any document is mapped.
        do {
            _ = try SQLiteDatabase(path: path)
            Issue.record("opened a file that is not a database")
        } catch ResultCode.SQLITE_NOTADB {} catch { Issue.record("\(error)") }
    }
}
