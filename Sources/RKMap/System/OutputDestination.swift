/// Where a run's output ends up, settled once at the end of the run: `commit()`
/// when the run succeeds, `rollback()` on every failure path (a failed
/// document without `--keep-going`, a write error, a signal). The command that
/// runs owns no file lifetimes itself: a temporary file beside `-o FILE`
/// (`AtomicFileOutput`), a database's transaction (`SQLiteSink`) and stdout
/// (`StandardOutput`) each know how to commit and how far they can roll back
/// (docs/spec.md §10.4, §11).
package protocol OutputDestination: AnyObject {
    /// Makes the run's output the destination's content (renames the temporary
    /// file over the target, commits the transaction, flushes). Idempotent.
    func commit() throws
    /// Takes the run's output back as far as the destination allows and
    /// removes anything the run created. Never throws; after `commit()` it does
    /// nothing.
    func rollback()
    /// What a rollback leaves, to tell the user; `nil` when output already went
    /// out and cannot be taken back (stdout, a device or FIFO written directly).
    var rollbackOutcome: RollbackOutcome? { get }
}

/// What a rolled-back destination was left as.
package struct RollbackOutcome: Sendable, Equatable {
    package enum Kind: Sendable, Equatable { case file, database }
    package var kind: Kind
    package var path: String
    /// True when the destination was there before the run (and so is left
    /// unchanged); false when it was never created.
    package var existed: Bool

    package init(kind: Kind, path: String, existed: Bool) {
        self.kind = kind
        self.path = path
        self.existed = existed
    }
}

/// Output written straight to a stream (stdout): what earlier documents
/// produced is already out and stays valid (docs/spec.md §11), so a rollback
/// does nothing and tells nothing; what is still buffered goes out with the
/// program's last flush.
package final class StandardOutput: OutputDestination {
    package let sink: ByteSink

    package init(_ sink: ByteSink) { self.sink = sink }

    package func commit() throws { try sink.flush() }

    package func rollback() {}

    package var rollbackOutcome: RollbackOutcome? { nil }
}
