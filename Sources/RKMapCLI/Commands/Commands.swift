import RKMap

/// What each command does once its arguments are parsed. `main.swift` only
/// parses, dispatches here and exits with the status returned:
/// 0 success, 1 the data failed, 2 usage or spec error (docs/spec.md §11).
///
/// Each command lives in its own `Commands+Name.swift`, so one can be replaced
/// without touching the others. Commands write results to `stdout` and everything
/// else to `stderr`; they do not flush (the caller does, once, at the end).
public enum Commands {
    /// Exit statuses (docs/spec.md §11).
    public static let success: Int32 = 0
    public static let dataFailed: Int32 = 1
    public static let usageOrSpecError: Int32 = 2

    /// Runs `body`, turning a closed stdout (`| head`) into a quiet success:
    /// the reader has what it wanted. Any other write failure (disk full) is
    /// reported on `stderr` and fails the run.
    static func stoppingQuietly(stderr: ByteSink? = nil, _ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch is ByteSink.Closed {
            return success
        } catch {
            try? stderr?.write(CommandFailure.cannotWriteOutput(error).line)
            return dataFailed
        }
    }

    /// Runs `body`; on any error rolls `destination` back first (an output is
    /// never left half-written), then passes the error on.
    static func rollingBack<T>(_ destination: OutputDestination, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            destination.rollback()
            throw error
        }
    }

    /// A failure to write stdout (a closed reader, a full disk): `stoppingQuietly`'s business.
    static func isOutputFailure(_ error: any Error) -> Bool {
        error is ByteSink.Closed || error is ByteSink.WriteError
    }

    /// Replaces the file at `path` with `text` all at once (temporary file and
    /// rename; a failure or a signal leaves the file as it was and no
    /// temporary file).
    static func replaceFile(_ path: String, with text: String) throws {
        let file = try AtomicFileOutput(path: path)
        do {
            try file.sink.write(text)
            try file.commit()
        } catch {
            file.rollback()
            throw error
        }
    }
}
