/// Where CSVSink keeps rows until `finish()`: bytes in memory, spilled to an
/// anonymous temporary file past a threshold, so memory stays bounded whatever
/// the output size. Rows are stored with the cells they had when written; the
/// spool remembers, per run of rows, how many cells that was (`segments`: only
/// one entry per column addition), so the replay can pad short rows.
final class CSVSpool {
    struct Segment { var end: Int; var cells: Int }
    struct Checkpoint { var bytes: Int; var segments: Int; var lastSegmentEnd: Int? }

    private let threshold: Int
    private var memory: [UInt8] = []
    private var file: UnsafeMutablePointer<FILE>?
    /// Bytes already in the file (they precede `memory`).
    private var spilled = 0
    private(set) var segments: [Segment] = []
    var count: Int { spilled + memory.count }

    init(threshold: Int) { self.threshold = threshold }

    deinit { if let file { fclose(file) } }

    /// Appends one serialized row of `cells` cells.
    func append(row: [UInt8], cells: Int) throws {
        memory.append(contentsOf: row)
        if let last = segments.last, last.cells == cells {
            segments[segments.count - 1].end = count
        } else {
            segments.append(Segment(end: count, cells: cells))
        }
        if memory.count >= threshold { try spill() }
    }

    func checkpoint() -> Checkpoint {
        Checkpoint(bytes: count, segments: segments.count, lastSegmentEnd: segments.last?.end)
    }

    /// Forgets everything appended since `checkpoint` (an abandoned document).
    func truncate(to checkpoint: Checkpoint) throws {
        segments.removeLast(segments.count - checkpoint.segments)
        if let end = checkpoint.lastSegmentEnd { segments[segments.count - 1].end = end }
        if checkpoint.bytes >= spilled {
            memory.removeLast(count - checkpoint.bytes)
            return
        }
        guard let file else { return }
        memory.removeAll(keepingCapacity: true)
        guard fflush(file) == 0, ftruncate(fileno(file), off_t(checkpoint.bytes)) == 0, fseek(file, 0, SEEK_END) == 0 else {
            throw CSVSinkError.temporaryFile(Self.systemError())
        }
        spilled = checkpoint.bytes
    }

    private func spill() throws {
        if file == nil {
            guard let f = tmpfile() else { throw CSVSinkError.temporaryFile(Self.systemError()) }
            file = f
        }
        let written = memory.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == memory.count else { throw CSVSinkError.temporaryFile(Self.systemError()) }
        spilled += memory.count
        memory.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with every stored byte, in order, in chunks.
    func forEachChunk(_ body: ([UInt8]) throws -> Void) throws {
        if let file {
            guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else { throw CSVSinkError.temporaryFile(Self.systemError()) }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var remaining = spilled
            while remaining > 0 {
                let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, min($0.count, remaining), file) }
                guard n > 0 else { throw CSVSinkError.temporaryFile(Self.systemError()) }
                try body(Array(buffer[..<n]))
                remaining -= n
            }
            _ = fseek(file, 0, SEEK_END)
        }
        if !memory.isEmpty { try body(memory) }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}

/// Copies spooled rows to the output, adding empty cells to rows written
/// before later columns appeared.
struct CSVRowPadder {
    let segments: [CSVSpool.Segment]
    let width: Int
    private var segment = 0
    private var offset = 0
    private var inQuotes = false

    init(segments: [CSVSpool.Segment], width: Int) {
        self.segments = segments
        self.width = width
    }

    /// Pads the rows in `chunk` (a continuation of the previous chunks).
    mutating func pad(_ chunk: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(chunk.count)
        var i = 0
        while i < chunk.count {
            while segment < segments.count - 1 && offset >= segments[segment].end { segment += 1 }
            let current = segments[segment]
            let runEnd = min(chunk.count, i + (current.end - offset))
            let padding = width - max(current.cells, 1)
            if padding <= 0 {
                // Rows already as wide as the header: copied in bulk.
                out.append(contentsOf: chunk[i..<runEnd])
            } else {
                for byte in chunk[i..<runEnd] {
                    if byte == UInt8(ascii: "\"") {
                        inQuotes.toggle()
                    } else if byte == UInt8(ascii: "\r") && !inQuotes {
                        // The row's CRLF: cells inside quotes never end a row.
                        out.append(contentsOf: repeatElement(UInt8(ascii: ","), count: padding))
                    }
                    out.append(byte)
                }
            }
            offset += runEnd - i
            i = runEnd
        }
        return out
    }
}
