/// A buffered writer to a file descriptor: stdout, stderr, or a file.
///
/// Output is collected in a 64 KiB buffer and handed to `write(2)` in large
/// chunks: one system call per buffer rather than per record is what keeps
/// `apply` fast on large inputs.
///
/// A reader that goes away (`rkmap apply … | head`) makes `write(2)` fail with
/// `EPIPE` (the executable ignores `SIGPIPE`); the sink then throws `Closed`, and
/// commands stop quietly with exit status 0.
///
/// ```swift
/// let out = ByteSink(fd: 1)
/// try out.write("[\n")
/// try out.flush()
/// ```
public final class ByteSink {
    /// The reader closed its end (EPIPE): stop writing, quietly.
    public struct Closed: Error, Sendable, Equatable {
        public init() {}
    }

    /// A write failed for another reason (disk full, bad descriptor).
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        public var errno: Int32
        public init(errno: Int32) { self.errno = errno }
        public var description: String { String(cString: strerror(errno)) }
    }

    public static let bufferSize = 64 * 1024

    public let fd: Int32
    private var buffer: [UInt8] = []
    /// Set once the reader is gone, so later writes fail fast without a syscall.
    private var closed = false

    public init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Appends bytes, writing the buffer out when it fills.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends bytes, writing the buffer out when it fills.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        if closed { throw Closed() }
        if buffer.count + bytes.count > Self.bufferSize {
            try flush()
            // A chunk larger than the buffer goes straight out: copying it first buys nothing.
            if bytes.count >= Self.bufferSize {
                try writeAll(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Appends a string's UTF-8 bytes.
    public func write(_ s: String) throws {
        var s = s
        try s.withUTF8 { utf8 in
            if closed { throw Closed() }
            if buffer.count + utf8.count > Self.bufferSize {
                try flush()
                if utf8.count >= Self.bufferSize {
                    try writeAll(UnsafeRawBufferPointer(utf8))
                    return
                }
            }
            buffer.append(contentsOf: utf8)
        }
    }

    /// Writes out everything buffered.
    public func flush() throws {
        if closed { throw Closed() }
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { try writeAll($0) }
    }

    /// Drops buffered bytes without writing them (used when a run is abandoned).
    public func discardBuffered() {
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes`, however many calls it takes.
    ///
    /// A reader that stops reading (`| less` at a page, a full pipe) blocks
    /// `write(2)`. A signal that stops the run (`Interruption`) wakes this
    /// thread, whichever thread the signal reached, and the write returns
    /// (`EINTR`, or a short count); from then on only what the descriptor
    /// takes without blocking is written (the run's last words on a
    /// terminal), and output that would block ends with `Interrupted`,
    /// where it used to wait for the reader, deaf to Ctrl-C and SIGTERM.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let start = bytes.baseAddress! + offset
            var n: Int
            if let written = Interruption.writing({ systemWrite(fd, start, bytes.count - offset) }) {
                n = written
            } else if Interruption.canWriteWithoutBlocking(fd) {
                n = systemWrite(fd, start, min(bytes.count - offset, Interruption.pipeAtomicBytes))
            } else {
                throw Interrupted(signal: Interruption.signal ?? SIGINT)
            }
            if n < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                if code == EPIPE {
                    closed = true
                    throw Closed()
                }
                throw WriteError(errno: code)
            }
            offset += n
        }
    }
}
