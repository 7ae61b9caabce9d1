#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written all at once or not at all: `-o FILE` is never left half-written.
///
/// Bytes go to a temporary file beside the target (same directory, so the final
/// `rename(2)` is atomic on the same file system); `commit()` renames it over the
/// target; `discard()` (or dropping the object uncommitted) removes it and leaves
/// any existing target untouched. An existing target that is not a regular file
/// (`-o /dev/null`, a FIFO) is opened and written directly instead.
///
/// ```swift
/// let file = try AtomicFileOutput(path: "out.json")
/// try file.sink.write("[]\n")
/// try file.commit()
/// ```
public final class AtomicFileOutput {
    /// The temporary file could not be created, written, or renamed.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var operation: String
        public var errno: Int32
        public init(path: String, operation: String, errno: Int32) {
            self.path = path
            self.operation = operation
            self.errno = errno
        }
        public var description: String {
            "cannot \(operation) '\(path)': \(String(cString: strerror(errno)))"
        }
    }

    public let path: String
    public let temporaryPath: String
    /// Where to write the content.
    public let sink: ByteSink
    /// True when the target is not a regular file and is written directly
    /// (`temporaryPath` is then the target itself).
    public let writesInPlace: Bool
    private var finished = false

    public init(path: String) throws(Failure) {
        self.path = path
        // An existing target that is not a regular file (`/dev/null`, a FIFO, a
        // terminal) is written in place: renaming a temporary over it would
        // replace the device with a plain file (and needs a writable /dev).
        var target = stat()
        if stat(path, &target) == 0, (target.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Failure(path: path, operation: "open", errno: errno) }
            temporaryPath = path
            writesInPlace = true
            sink = ByteSink(fd: fd)
            return
        }
        writesInPlace = false
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + "." + base + ".rkmap-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(path: path, operation: "create a temporary file for", errno: errno) }
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp makes the file 0600; give it the mode the target has, or the
        // mode a plain new file would get (0666 less the umask).
        var info = stat()
        let mode: mode_t
        if stat(path, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(fd, mode)
        sink = ByteSink(fd: fd)
    }

    /// Flushes, closes and renames the temporary file over the target.
    /// On failure the temporary file is removed and the target left as it was.
    public func commit() throws {
        guard !finished else { return }
        finished = true
        do {
            try sink.flush()
        } catch {
            close(sink.fd)
            if !writesInPlace { unlink(temporaryPath) }
            throw error
        }
        if close(sink.fd) != 0 {
            let code = errno
            if !writesInPlace { unlink(temporaryPath) }
            throw Failure(path: path, operation: "write", errno: code)
        }
        if writesInPlace { return }
        if rename(temporaryPath, path) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw Failure(path: path, operation: "replace", errno: code)
        }
    }

    /// Removes the temporary file; the target is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        sink.discardBuffered()
        close(sink.fd)
        if !writesInPlace { unlink(temporaryPath) }
    }

    deinit { discard() }
}
