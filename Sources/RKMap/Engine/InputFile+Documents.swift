import Foundation

extension InputFile {
    /// Opens `path` (`-` is stdin) as a `ChunkedInput` for `body`; a failed
    /// read becomes a `Failure` naming the path.
    package static func withChunkedInput<T>(
        _ path: String, window: Int = ChunkedInput.defaultWindow, _ body: (inout ChunkedInput) throws -> T
    ) throws -> T {
        let fd: Int32 = path == "-" ? 0 : try openWaiting(path)
        guard fd >= 0 else { throw Failure(path: path, errno: errno) }
        defer { if fd != 0 { close(fd) } }
        do {
            var input = try ChunkedInput(fd: fd, window: window)
            return try body(&input)
        } catch let failure as ChunkedInput.ReadError {
            throw Failure(path: path, errno: failure.errno)
        }
    }

    /// `open(path)` for reading, which waits while `path` is a named pipe
    /// no writer has opened: a signal that stops the run ends the wait
    /// (the opening thread is known to the handler, as a blocked write's
    /// is, `Interruption.writing`) and throws `Interrupted`; `-1` with
    /// `errno` for any other failure.
    private static func openWaiting(_ path: String) throws(Interrupted) -> Int32 {
        while true {
            guard let fd = Interruption.writing({ Int(open(path, O_RDONLY)) }) else {
                try Interruption.check()
                continue
            }
            if fd < 0, errno == EINTR {
                try Interruption.check()
                continue
            }
            return Int32(fd)
        }
    }
}
