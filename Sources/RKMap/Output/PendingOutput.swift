/// A file or stream sink's output on its way to `output`, including a held
/// document's (`RecordSink.holdDocumentOutput`): a streamed document under
/// `--strict` or with a `fail` validation is written only at its end, so all
/// of its output waits here.
///
/// Held output goes into pieces of about `pieceSize` rather than one array: an
/// array that doubles as it grows would cost up to twice the output, and a
/// copy of it each time (a 24 MB document's pretty JSON, 42 MB, peaked at
/// 4.2× the input held in one array).
struct PendingOutput {
    /// The bytes after the held pieces. Sinks append here.
    var bytes: [UInt8] = []
    /// Full pieces of held output, oldest first, until the next flush.
    private var pieces: [[UInt8]] = []
    /// Where the held document began: a piece (`pieces.count` for `bytes`)
    /// and an offset in it.
    private var documentStart: (piece: Int, offset: Int)?

    static let pieceSize = 1 << 20

    var isHolding: Bool { documentStart != nil }

    /// The document that begins now is held until `release` or `abandon`.
    mutating func hold() {
        documentStart = (pieces.count, bytes.count)
    }

    /// The held document is written: its output goes with the next flush.
    mutating func release() {
        documentStart = nil
    }

    /// Takes back what the held document wrote.
    mutating func abandon() {
        guard let start = documentStart else { return }
        if start.piece < pieces.count {
            bytes = pieces[start.piece]
            pieces.removeSubrange(start.piece...)
        }
        bytes.removeSubrange(start.offset...)
        documentStart = nil
    }

    /// Called after appending once `bytes` has reached a sink's flush
    /// threshold: flushes when nothing is held, or moves a full piece aside.
    mutating func filled(_ output: Output) throws {
        guard isHolding else { return try flush(output) }
        guard bytes.count >= Self.pieceSize else { return }
        pieces.append(bytes)
        bytes = []
        bytes.reserveCapacity(Self.pieceSize + Self.pieceSize / 4)
    }

    /// Hands everything to `output` (a held document's bytes only once it is
    /// released: the callers flush after `release` or `abandon`).
    mutating func flush(_ output: Output) throws {
        for piece in pieces { try piece.withUnsafeBytes(output) }
        pieces = []
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes(output)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends `piece`; one of `pieceSize` or more while nothing is held goes
    /// to `output` as it is, after what waits, rather than being copied here
    /// first (a worker's bytes for a record holding a large value).
    mutating func append(_ piece: UnsafeRawBufferPointer, _ output: Output) throws {
        guard piece.count >= Self.pieceSize, !isHolding else {
            bytes.append(contentsOf: piece)
            return
        }
        try flush(output)
        try output(piece)
    }

    /// Where bytes go once they are written: a file's or a stream's sink.
    typealias Output = (UnsafeRawBufferPointer) throws -> Void
}

/// Writes out a piece of a large record as it is encoded
/// (`SpilledBytes(draining:)`), for the JSON and NDJSON sinks: a record whose
/// many related records are held as bytes (`FieldList`) is never held whole
/// as its text (under `--strict` or a `fail` validation its output waits in
/// the sink's `PendingOutput`, as any document's does). The encoder cannot
/// throw, so the first error is kept and thrown once the record is encoded.
final class SpillDrain {
    private var error: (any Error)?

    /// Runs `write` for a piece, unless an earlier one failed. A signal
    /// stops the record here, between pieces: a record of millions of
    /// related records is written over seconds.
    func run(_ write: () throws -> Void) {
        guard error == nil else { return }
        do {
            try Interruption.check()
            try write()
        } catch {
            self.error = error
        }
    }

    /// Throws what `run` could not write.
    func throwIfFailed() throws {
        guard let error else { return }
        self.error = nil
        throw error
    }
}
