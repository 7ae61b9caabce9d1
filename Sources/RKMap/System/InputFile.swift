/// Reads an input named on the command line: a file path, or `-` for stdin.
public enum InputFile {
    /// An input that cannot be read (missing, a directory, no permission).
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var errno: Int32
        /// Why, when it is not a system error (an input over a size limit).
        public var reason: String?
        public init(path: String, errno: Int32, reason: String? = nil) { self.path = path; self.errno = errno; self.reason = reason }
        public var description: String { "cannot read '\(path)': \(reason ?? String(cString: strerror(errno)))" }
    }

    /// The most a whole-read input (a spec, a fixture) may hold: such inputs are
    /// parsed whole, so an endless one (`/dev/zero`, a runaway producer) must
    /// stop somewhere rather than fill memory.
    public static let wholeReadLimit = 256 << 20

    /// The name diagnostics use for an input: `<stdin>` for `-`.
    public static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// Why `path` cannot be read, or `nil` when it can (`-` always can). Commands
    /// check every input with this before writing anything, so a missing file or
    /// a directory is a usage error (exit 2) rather than a failure halfway through.
    public static func unreadable(_ path: String) -> Failure? {
        guard path != "-" else { return nil }
        if access(path, R_OK) != 0 { return Failure(path: path, errno: errno) }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return Failure(path: path, errno: EISDIR) }
        return nil
    }

    /// The size of a regular file, or nil (stdin, a pipe, a device).
    public static func size(_ path: String) -> Int? {
        var info = stat()
        let ok = path == "-" ? fstat(0, &info) == 0 : stat(path, &info) == 0
        return ok && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    }

    /// All bytes of `path` (`-` reads stdin to its end), for inputs parsed whole.
    ///
    /// Reading stops early at the first byte that is valid nowhere in JSON or a
    /// spec (a control character other than tab, line feed and carriage
    /// return): the parser then reports it, with its line and column, instead
    /// of waiting for the end of an input that never ends (`/dev/zero`). An
    /// input over `limit` bytes is refused.
    public static func readAll(_ path: String, limit: Int = wholeReadLimit) throws(Failure) -> [UInt8] {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(path: path, errno: errno) }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        // Size the buffer once for regular files; grow by doubling for pipes.
        var info = stat()
        var capacity = 64 * 1024
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
            capacity = min(Int(info.st_size), limit) + 1
        }
        bytes.reserveCapacity(capacity)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, errno: errno)
            }
            if n == 0 { break }
            if let bad = chunk[0..<n].firstIndex(where: neverValid) {
                bytes.append(contentsOf: chunk[0...bad])
                break
            }
            guard bytes.count + n <= limit else {
                throw Failure(path: path, errno: EFBIG, reason: "larger than \(limit >> 20) MiB; an input read whole must be smaller")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// A byte no JSON text or spec may hold anywhere: a control character other
    /// than tab, line feed and carriage return (RFC 8259 §2, §7).
    @inline(__always)
    private static func neverValid(_ b: UInt8) -> Bool {
        b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D
    }
}
