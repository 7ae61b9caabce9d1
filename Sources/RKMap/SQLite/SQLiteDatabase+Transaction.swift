/// How BEGIN takes its locks.
enum SQLiteTransactionKind: String, Sendable {
    /// Locks on first read/write.
    case deferred = "DEFERRED"
    /// Takes the write lock at BEGIN (waiting up to the busy timeout), so a
    /// writer never fails halfway through because another writer came first.
    case immediate = "IMMEDIATE"
    case exclusive = "EXCLUSIVE"
}

extension SQLiteDatabase {
    func beginTransaction(_ kind: SQLiteTransactionKind = .deferred) throws(SQLiteError) {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
    }

    func commit() throws(SQLiteError) {
        try execute("COMMIT TRANSACTION")
    }

    /// Rolls back the open transaction; does nothing outside one (SQLite may
    /// already have rolled back by itself after some errors, e.g. a full disk).
    func rollback() throws(SQLiteError) {
        guard isInTransaction else { return }
        try execute("ROLLBACK TRANSACTION")
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when
    /// it (or the commit) throws, and rethrows that first error — a failing
    /// rollback never hides the cause.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: The error thrown by `body`, BEGIN or COMMIT.
    func inTransaction<T>(_ kind: SQLiteTransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try beginTransaction(kind)
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            try? rollback()
            throw error
        }
    }
}
