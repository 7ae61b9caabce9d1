extension SQLiteSink {
    /// Whether a file exists at `path` (checked before SQLite opens, and so
    /// creates, it).
    static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// After a rolled-back run, removes the database file when this run created
    /// it and nothing was ever committed to it (it is still empty): a failed run
    /// leaves no trace, as docs/spec.md §10.4 promises for an existing file. A file that
    /// holds data — someone else's, or a committed run's — is never touched.
    func removeFileIfCreatedEmpty() {
        guard createdFile else { return }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 else { return }
        unlink(path)
    }
}
