#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares `rkmap check`'s rendered output with a body's golden file as the
/// output is written, byte for byte, holding one chunk of the file: a golden
/// that `--update` wrote is the output's exact text, so a passing exchange
/// needs neither the output nor the golden in memory, nor either parsed.
/// Anything else (a difference, a golden formatted by hand, a read error) is
/// `differs`, and the checker compares the two as JSON values as before.
///
/// ```swift
/// let golden = GoldenStream(path: "articles.expected.json")!
/// golden.compare(outputBytes)
/// golden.matches  // true when the output was the whole file, exactly
/// ```
final class GoldenStream {
    private let descriptor: Int32
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// Some byte differed, the output went past the file's end, or the file
    /// could not be read.
    private(set) var differs = false

    static let chunkSize = 1 << 16

    /// - Returns: `nil` when the file cannot be opened (the whole-value
    ///   comparison then reports why).
    init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// The next piece of the output.
    func compare(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while !differs, offset < bytes.count {
            if position == chunk.count, !refill() {
                differs = true
                return
            }
            let n = min(bytes.count - offset, chunk.count - position)
            let same = chunk.withUnsafeBytes { mine in
                memcmp(mine.baseAddress! + position, bytes.baseAddress! + offset, n) == 0
            }
            guard same else {
                differs = true
                return
            }
            offset += n
            position += n
        }
    }

    /// Whether the output compared so far is the whole file, exactly.
    var matches: Bool {
        guard !differs else { return false }
        if position < chunk.count { return false }
        return !refill() && !differs
    }

    /// Reads the next chunk. - Returns: false at the end of the file (or on
    /// an error, which is `differs`).
    private func refill() -> Bool {
        guard !atEnd else { return false }
        chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        var count = 0
        while true {
            count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            break
        }
        if count < 0 { differs = true }
        guard count > 0 else {
            atEnd = true
            chunk = []
            position = 0
            return false
        }
        chunk.removeSubrange(count...)
        position = 0
        return true
    }
}
