/// Reads a stream input (stdin, a pipe, a FIFO, a terminal) and hands over
/// complete documents as they arrive, so `producer | rkmap apply spec.json`
/// writes each record while the producer is still running.
///
/// Bytes are kept from the start of the stream, so diagnostics carry the line
/// and column in the whole stream. Complete documents are handed over as soon
/// as no more input is waiting; while more is waiting (a fast producer) they
/// are gathered up to `batchBytes`, so large streams still reach the pipeline.
public enum InputStream {
    public static let batchBytes = 1 << 20

    /// True for inputs to read as a stream rather than whole: stdin and other
    /// files that are not regular files (pipes, FIFOs, terminals).
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        let ok = path == "-" ? fstat(0, &info) == 0 : stat(path, &info) == 0
        return ok && (info.st_mode & S_IFMT) != S_IFREG
    }

    /// Reads `path` to its end, calling `map(bytes, range, firstIndex)` for each
    /// run of complete documents; `map` returns how many documents it read and
    /// whether to stop (a syntax error ends the input).
    public static func read(
        _ path: String,
        map: (_ bytes: [UInt8], _ range: Range<Int>, _ firstIndex: Int) throws -> (documents: Int, stop: Bool)
    ) throws {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw InputFile.Failure(path: path, errno: errno) }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var finder = DocumentBoundaryFinder()
        var mapped = 0
        var nextIndex = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var atEnd = false
        while !atEnd {
            // Waiting for a slow producer must not delay a signal (docs/spec.md §11).
            try Interruption.waitForInput(fd)
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputFile.Failure(path: path, errno: errno)
            }
            if n == 0 { atEnd = true } else { bytes.append(contentsOf: chunk[0..<n]) }
            let end = bytes.withUnsafeBytes { finder.completeEnd(in: $0, atEndOfInput: atEnd) }
            guard end > mapped, atEnd || end - mapped >= batchBytes || !moreWaiting(fd) else { continue }
            let (documents, stop) = try map(bytes, mapped..<end, nextIndex)
            nextIndex += documents
            mapped = end
            if stop { return }
        }
    }

    /// True when more input can be read at once without waiting.
    private static func moreWaiting(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0 && (p.revents & Int16(POLLIN)) != 0
    }
}
