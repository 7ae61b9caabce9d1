import Foundation

extension InputFile {
    /// Opens `path` (`-` is stdin) as a `ChunkedInput` for `body`; a failed
    /// read becomes a `Failure` naming the path.
    package static func withChunkedInput<T>(
        _ path: String, window: Int = ChunkedInput.defaultWindow, _ body: (inout ChunkedInput) throws -> T
    ) throws -> T {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(path: path, errno: errno) }
        defer { if fd != 0 { close(fd) } }
        do {
            var input = try ChunkedInput(fd: fd, window: window)
            return try body(&input)
        } catch let failure as ChunkedInput.ReadError {
            throw Failure(path: path, errno: failure.errno)
        }
    }
}
