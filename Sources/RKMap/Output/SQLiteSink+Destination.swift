extension SQLiteSink: OutputDestination {
    /// Whether a file exists at `path` (checked before SQLite opens, and so
    /// creates, it).
    static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// A database this run creates is removed if a signal ends the process
    /// before the run commits (with its rollback journal): "a database the run
    /// would have created does not exist" (docs/spec.md §11).
    static func registerForSignalCleanup(_ path: String) -> [TemporaryFiles.Registration?] {
        [TemporaryFiles.register(path), TemporaryFiles.register(path + "-journal")]
    }

    /// COMMIT: `finish()`, which throws instead after an abandoned document.
    package func commit() throws { try finish() }

    /// Abandons the run: rolls back everything written since the first document
    /// and removes the file if this run created it. For every failure outside
    /// the documents (a write error, a signal, a failed document without
    /// `--keep-going`); does nothing once the run is committed.
    public func rollback() {
        guard !committed else { return }
        state = .finished
        pendingConnections.removeAll()
        discardPendingLinks()
        try? database.rollback()
        removeFileIfCreatedEmpty()
    }

    /// The database as it was, or not created at all.
    package var rollbackOutcome: RollbackOutcome? {
        RollbackOutcome(kind: .database, path: path, existed: !createdFile)
    }

    /// After a rolled-back run, removes the database file when this run created
    /// it and nothing was ever committed to it (it is still empty): a failed run
    /// leaves no trace, as docs/spec.md §10.4 promises for an existing file. A file that
    /// holds data — someone else's, or a committed run's — is never touched.
    func removeFileIfCreatedEmpty() {
        defer { settled() }
        guard createdFile else { return }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 else { return }
        unlink(path)
    }

    /// The run is committed or rolled back: a signal leaves the file alone.
    func settled() {
        for registration in signalCleanup { TemporaryFiles.unregister(registration) }
        signalCleanup = []
    }
}
