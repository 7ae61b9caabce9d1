import CSQLite

/// An error reported by SQLite: the result code, SQLite's own message
/// (`sqlite3_errmsg`) and the SQL that failed, if any.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ResultCode
    public var message: String
    /// The statement being prepared or run; `nil` for open/close and similar calls.
    public var sql: String?

    public init(code: ResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// One line: `SQLite error 19: UNIQUE constraint failed: T.id (in: INSERT …)`.
    /// A statement longer than 300 characters (a table of thousands of
    /// columns) is cut, with how much was left out: the line stays readable.
    public var description: String {
        var text = "SQLite error \(code.rawValue): \(message)"
        if let sql {
            let shown = sql.count > 300 ? String(sql.prefix(240)) + " … (\(sql.count - 240) more characters)" : sql
            text += " (in: \(shown))"
        }
        return text
    }
}

extension SQLiteError {
    /// The error for a failed C call: SQLite's message for the connection when
    /// there is one, else the generic text of the code.
    init(_ code: Int32, database: OpaquePointer?, sql: String?) {
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.init(code: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// The one place where C result codes become Swift errors: every SQLite call
    /// that returns a code goes through here.
    @inline(__always)
    static func check(_ code: Int32, database: OpaquePointer?, sql: String? = nil) throws(SQLiteError) {
        if code != SQLITE_OK { throw SQLiteError(code, database: database, sql: sql) }
    }
}
