/// A file written all at once or not at all: `-o FILE` is never left half-written.
///
/// Bytes go to a temporary file beside the target (same directory, so the final
/// `rename(2)` is atomic on the same file system); `commit()` renames it over the
/// target; `rollback()` (or dropping the object uncommitted) removes it and leaves
/// any existing target untouched; a signal that ends the process removes it too
/// (`TemporaryFiles`). Through a symlink, the file it names is
/// replaced. A device or a FIFO (`/dev/null`, a named pipe) cannot be replaced
/// atomically and is written directly; so is the process's own stream named
/// as a file (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`),
/// through its descriptor, whatever it is open on.
///
/// ```swift
/// let file = try AtomicFileOutput(path: "out.json")
/// try file.sink.write("[]\n")
/// try file.commit()
/// ```
public final class AtomicFileOutput: OutputDestination {
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
    /// Where the bytes go until `commit()`; the target itself when it is a
    /// device or a pipe (see `init`).
    public let temporaryPath: String
    /// Where to write the content.
    public let sink: ByteSink
    /// The file `commit()` renames over: `path`, or the file a symlink names.
    private let target: String
    /// Writing straight to `path`, which cannot be replaced by `rename(2)`.
    private let direct: Bool
    /// True when the target is a device or FIFO written directly, so a failed
    /// run cannot leave it "as it was".
    public var writesInPlace: Bool { direct }
    private var finished = false
    /// The temporary file's entry in the signal cleanup table.
    private var registration: TemporaryFiles.Registration?

    /// - Throws: `Failure` when `path` is empty or a directory, or the temporary
    ///   file cannot be created.
    public init(path: String) throws(Failure) {
        self.path = path
        guard !path.isEmpty else { throw Failure(path: path, operation: "write", errno: ENOENT) }
        var info = stat()
        let exists = stat(path, &info) == 0
        if let fd = try Self.directDescriptor(path, exists: exists, info: info) {
            temporaryPath = path
            target = path
            direct = true
            sink = ByteSink(fd: fd)
            return
        }
        // Through a symlink, replace the file it names, not the link.
        var linkInfo = stat()
        var target = path
        if exists, lstat(path, &linkInfo) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) {
            target = String(cString: real)
            free(real)
        }
        self.target = target
        direct = false
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((directory + "." + base + ".rkmap-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(path: path, operation: "create a temporary file for", errno: errno) }
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        registration = TemporaryFiles.register(temporaryPath)
        // mkstemp makes the file 0600; give it the mode the target has, or the
        // mode a plain new file would get (0666 less the umask).
        let mode: mode_t
        if exists {
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
        // Renamed or removed below; either way a signal has nothing left to remove.
        defer { TemporaryFiles.unregister(registration) }
        do {
            try sink.flush()
        } catch {
            close(sink.fd)
            if !direct { unlink(temporaryPath) }
            throw error
        }
        if close(sink.fd) != 0 {
            let code = errno
            if !direct { unlink(temporaryPath) }
            throw Failure(path: path, operation: "write", errno: code)
        }
        if direct { return }
        if rename(temporaryPath, target) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw Failure(path: path, operation: "replace", errno: code)
        }
    }

    /// Removes the temporary file; the target is untouched.
    public func rollback() {
        guard !finished else { return }
        finished = true
        sink.discardBuffered()
        close(sink.fd)
        if !direct { unlink(temporaryPath) }
        TemporaryFiles.unregister(registration)
    }

    /// A device or FIFO written directly keeps what was written; otherwise the
    /// target is as it was before the run, or not there.
    package var rollbackOutcome: RollbackOutcome? {
        direct ? nil : RollbackOutcome(kind: .file, path: path, existed: access(path, F_OK) == 0)
    }

    deinit { rollback() }

    /// A descriptor to write `path` through when it cannot be replaced by
    /// `rename(2)`, as a shell redirection writes it; nil for a file to
    /// replace.
    /// - Throws: `Failure` for a directory, or a target that cannot be opened.
    private static func directDescriptor(_ path: String, exists: Bool, info: stat) throws(Failure) -> Int32? {
        let fd: Int32
        if let stream = streamDescriptor(named: path) {
            // The process's own stream, through its descriptor, at its
            // offset. When it is open on a regular file, renaming a file over
            // the name replaced that file (what was written to it before and
            // after was lost), or, for a file since deleted, the link itself:
            // a system's `/dev/stdout` became a regular file, and the output
            // went nowhere, exit 0.
            fd = dup(stream)
        } else if exists, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(path: path, operation: "write", errno: EISDIR)
        } else if exists, (info.st_mode & S_IFMT) != S_IFREG {
            // A device or a FIFO (`-o /dev/null`, a named pipe): renaming a
            // temporary file over it would replace the node itself.
            fd = open(path, O_WRONLY)
        } else if exists, isUnresolvableLink(path) {
            // A link that opens but names no path (a descriptor's link to a
            // deleted file): written through, never replaced.
            fd = open(path, O_WRONLY | O_TRUNC)
        } else {
            return nil
        }
        guard fd >= 0 else { throw Failure(path: path, operation: "write", errno: errno) }
        return fd
    }

    private static func isUnresolvableLink(_ path: String) -> Bool {
        var linkInfo = stat()
        guard lstat(path, &linkInfo) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK else { return false }
        guard let real = realpath(path, nil) else { return true }
        free(real)
        return false
    }

    /// The descriptor a path names when it is the process's own stream:
    /// `/dev/stdout` (1), `/dev/stderr` (2), `/dev/fd/N`, `/proc/self/fd/N`.
    static func streamDescriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.count <= 9, number.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int32(number) else { return nil }
            return n
        }
        return nil
    }
}
