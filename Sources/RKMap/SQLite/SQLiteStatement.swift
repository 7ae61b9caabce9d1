import CSQLite

/// A prepared statement. It owns its handle and finalizes it in `deinit`, so a
/// statement can never outlive its use nor be finalized twice.
///
/// ```swift
/// let s = try db.cachedStatement("INSERT INTO \"T\" (\"a\") VALUES (?)")
/// try s.bind(.integer(1), at: 1)
/// try s.run()
/// ```
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String

    init(database: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code == SQLITE_OK ? SQLITE_MISUSE : code, database: database, sql: sql)
        }
        self.handle = statement
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Number of `?` parameters.
    var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    // MARK: Binding (1-based indexes, as in SQLite)

    func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        var value = value
        // Native Swift strings are contiguous UTF-8: bind their bytes directly
        // instead of bridging through a NUL-terminated copy.
        let code = value.withUTF8 { bytes -> Int32 in
            // A NULL pointer would bind SQL NULL, so an empty string gets a real one.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, SQLiteDestructor.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), SQLiteDestructor.transient)
            }
        }
        try check(code)
    }

    func bind(blob: [UInt8], at index: Int32) throws(SQLiteError) {
        let code = blob.withUnsafeBytes { bytes in
            sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), SQLiteDestructor.transient)
        }
        try check(code)
    }

    func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let i): try bind(i, at: index)
        case .real(let d): try bind(d, at: index)
        case .text(let s): try bind(s, at: index)
        case .blob(let b): try bind(blob: b, at: index)
        }
    }

    // MARK: Running

    /// Advances one step: `true` when a row is available, `false` when done.
    @discardableResult
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = currentError(code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion and resets it for reuse.
    func run() throws(SQLiteError) {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Binds `values` to parameters 1…n, runs the statement to completion and
    /// resets it, with its bindings cleared.
    ///
    /// Text is bound without a copy (`SQLITE_STATIC`): the step runs inside
    /// each string's `withUTF8` scope, so SQLite reads the string's own bytes
    /// while they are guaranteed valid, and the bindings are cleared before
    /// the scopes end so no pointer outlives them. Binding a copy costs SQLite
    /// an allocation and a copy per value: on bulk output, a tenth of its work.
    ///
    /// `texts`: parameters bound to text instead of their `values`
    /// (placeholders), from bytes their owners keep (`SQLiteBorrowedText`).
    ///
    /// - Precondition: `values.count` is the statement's parameter count.
    func run(binding values: [SQLiteValue], texts: [(index: Int, text: SQLiteBorrowedText)] = []) throws(SQLiteError) {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bindAndRun(values, from: 0, texts: texts)
    }

    /// Binds `values[index...]` (then `texts`) and runs; recurses into a
    /// `withUTF8` scope at each text value.
    private func bindAndRun(_ values: [SQLiteValue], from index: Int, texts: [(index: Int, text: SQLiteBorrowedText)]) throws(SQLiteError) {
        var i = index
        while i < values.count {
            guard case .text(var text) = values[i] else {
                try bind(values[i], at: Int32(i + 1))
                i += 1
                continue
            }
            let next = i + 1
            let parameter = Int32(next)
            let failure: SQLiteError? = text.withUTF8 { bytes -> SQLiteError? in
                // A NULL pointer would bind SQL NULL, so an empty string gets a real one.
                let code = bytes.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text(handle, parameter, $0, Int32(bytes.count), SQLiteDestructor.static)
                    }
                } ?? sqlite3_bind_text(handle, parameter, "", 0, SQLiteDestructor.transient)
                do throws(SQLiteError) {
                    try check(code)
                    try bindAndRun(values, from: next, texts: texts)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
            return
        }
        for (index, text) in texts {
            guard let base = text.bytes.baseAddress else {
                try check(sqlite3_bind_text(handle, Int32(index + 1), "", 0, SQLiteDestructor.transient))
                continue
            }
            // (64-bit length: past SQLite's limit it is SQLite's error, not a trap here.)
            try check(sqlite3_bind_text64(
                handle, Int32(index + 1), base.assumingMemoryBound(to: CChar.self), UInt64(text.bytes.count),
                SQLiteDestructor.static, UInt8(SQLITE_UTF8)))
        }
        while try step() {}
    }

    /// Makes the statement ready to run again (bindings are kept). Any error of
    /// the previous run was already thrown by `step`, so the code is ignored.
    func reset() { sqlite3_reset(handle) }

    // MARK: Reading columns of the current row (0-based)

    var columnCount: Int32 { sqlite3_column_count(handle) }

    func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(at column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func text(at column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(int64(at: column))
        case SQLITE_FLOAT: return .real(double(at: column))
        case SQLITE_TEXT: return .text(text(at: column) ?? "")
        default:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let base = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
        }
    }

    /// Every column of the current row.
    func row() -> [SQLiteValue] { (0..<columnCount).map { value(at: $0) } }

    // MARK: Errors

    @inline(__always)
    private func check(_ code: Int32) throws(SQLiteError) {
        try SQLiteError.check(code, database: sqlite3_db_handle(handle), sql: sql)
    }

    private func currentError(_ code: Int32) -> SQLiteError {
        SQLiteError(code, database: sqlite3_db_handle(handle), sql: sql)
    }
}

/// SQLite's `SQLITE_TRANSIENT` destructor (the C macro `((sqlite3_destructor_type)-1)`
/// does not import into Swift): tells SQLite to copy bound bytes before the call returns.
enum SQLiteDestructor {
    static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
    }

    /// `SQLITE_STATIC` (0): SQLite uses the caller's bytes as they are, so
    /// they must stay valid until the binding is replaced or cleared.
    static var `static`: sqlite3_destructor_type? { nil }
}

/// Text that a statement binds from bytes another object owns (a large
/// value's compact JSON), not copied into a `String` first: `owner` keeps
/// `bytes` alive for as long as this is held.
struct SQLiteBorrowedText {
    let owner: AnyObject
    let bytes: UnsafeRawBufferPointer
}
