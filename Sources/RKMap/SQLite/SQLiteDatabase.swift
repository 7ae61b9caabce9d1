import CSQLite

/// One SQLite connection: open, run SQL, prepare (and cache) statements,
/// transactions that roll back on error.
///
/// ```swift
/// let db = try SQLiteDatabase(path: "out.db")
/// try db.inTransaction(.immediate) {
///     try db.execute(#"CREATE TABLE "T" ("a" INTEGER)"#)
/// }
/// ```
///
/// Not thread-safe: one connection belongs to one sink on one thread (the
/// connection is opened with `SQLITE_OPEN_NOMUTEX` for speed).
final class SQLiteDatabase {
    let handle: OpaquePointer
    let path: String
    /// Prepared statements by SQL text: the sinks run the same few statements
    /// millions of times, and preparing is far dearer than binding.
    private var statementCache: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path`.
    ///
    /// - Parameters:
    ///   - path: A file path; `":memory:"` for a private in-memory database.
    ///   - busyTimeoutMilliseconds: How long a statement waits for another
    ///     connection's lock before failing with `SQLITE_BUSY`.
    /// - Throws: `SQLiteError` when the file cannot be opened or is not a database.
    init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(SQLiteError) {
        _ = Self.configured
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code, database: connection, sql: nil)
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
        sqlite3_extended_result_codes(connection, 1)
        do {
            try SQLiteError.check(sqlite3_busy_timeout(connection, busyTimeoutMilliseconds), database: connection)
            // SQLite reads the file lazily: read the schema now, so that a file
            // that is not a database fails here, before any document is mapped.
            let probe = "SELECT count(*) FROM sqlite_master"
            var errorMessage: UnsafeMutablePointer<CChar>?
            let code = sqlite3_exec(connection, probe, nil, nil, &errorMessage)
            sqlite3_free(errorMessage)
            try SQLiteError.check(code, database: connection)
        } catch {
            sqlite3_close_v2(connection)
            throw error
        }
    }

    /// Process-wide settings, applied once before the first connection
    /// (SQLite accepts them only before it initializes). Memory statistics
    /// off: rkmap never reads them, and keeping them takes a global mutex on
    /// every SQLite allocation, a few percent of a bulk write.
    private static let configured: Void = {
        _ = rkmap_sqlite3_disable_memory_statistics()
    }()

    deinit {
        // Statements must be finalized before the connection closes; `close_v2`
        // also tolerates any that escaped (it defers the close until they go).
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that return no rows of interest.
    func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: ResultCode(rawValue: code), message: message, sql: sql)
        }
    }

    /// A new statement, not cached (for one-off SQL).
    func makeStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(database: handle, sql: sql)
    }

    /// The cached statement for `sql`, prepared on first use and reset on reuse.
    func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try SQLiteStatement(database: handle, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Drops cached statements (after schema changes they would re-prepare
    /// anyway; this frees them early).
    func clearStatementCache() { statementCache.removeAll() }

    /// All rows of a query, each as its column values.
    func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try makeStatement(sql)
        for (i, argument) in arguments.enumerated() { try statement.bind(argument, at: Int32(i + 1)) }
        var result: [[SQLiteValue]] = []
        while try statement.step() { result.append(statement.row()) }
        return result
    }

    /// The rowid of the last row inserted on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// True inside BEGIN … COMMIT/ROLLBACK.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
