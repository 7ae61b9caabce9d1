import Foundation

/// Reads an input of JSON documents (one, NDJSON, or concatenated) into chunks
/// of fixed size, so memory stays bounded by the chunk (and the largest
/// document, or array element of a streamed document), not the input: a 30 GB
/// export maps in the same few megabytes as a 30 MB one.
///
/// Readers scan the current chunk and ask for more when a scan reaches its
/// end (`JSONSyntaxError.needsMoreInput`, or a number the next bytes might
/// continue): `fill` appends to the chunk while it has room, and `moveOn`
/// starts the next chunk with the bytes still needed. Boundaries are never
/// searched for in a pass of their own; only a document left incomplete at
/// the end of a chunk is looked at twice.
///
/// Files and pipes go the same way. `fill` returns as soon as nothing more is
/// waiting on a pipe, so `tail -f events.ndjson | rkmap apply …` writes each
/// record as it arrives. A `TextOrigin` per chunk keeps line and column numbers
/// counting from the start of the input.
///
/// Chunks are read with `read(2)` (one copy, like `mmap`'s page faults, without
/// reserving address space for the whole file); measured against `mmap` with
/// `madvise(MADV_DONTNEED)` behind the cursor, it was as fast on files and is
/// the only way for pipes.
package struct ChunkedInput: Sendable {
    /// Default chunk: large enough that the pipeline gets big batches, small
    /// enough to be a constant.
    package static let defaultWindow = 1 << 20

    /// A failed `read(2)`.
    package struct ReadError: Error, Sendable {
        package var errno: Int32
    }

    /// -1 for an input already in memory.
    private let fd: Int32
    private let window: Int
    private(set) var chunk: InputChunk
    /// Buffers of chunks the pipeline is done with, for the next ones.
    private let pool: ChunkPool?
    /// True once `read(2)` returned 0: nothing more will come.
    package private(set) var atEnd: Bool
    /// The input's size when it is a regular file.
    package let knownSize: Int?

    /// An input read from `fd` (not closed here).
    package init(fd: Int32, window: Int = defaultWindow) throws(ReadError) {
        self.fd = fd
        // At least a byte order mark's three bytes, which must be read together.
        self.window = max(window, 4)
        let pool = ChunkPool(bufferSize: self.window)
        self.pool = pool
        self.chunk = try InputChunk(capacity: self.window, origin: .start, inputOffset: 0, pool: pool)
        self.atEnd = false
        var info = stat()
        let known = fstat(fd, &info) == 0
        knownSize = known && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        if known, (info.st_mode & S_IFMT) == S_IFIFO { Self.enlargePipe(fd, to: self.window) }
    }

    /// Asks for a pipe buffer as large as a chunk (best effort: a failure
    /// leaves the default).
    ///
    /// With Linux's default 64 KiB, a fast producer (`cat big.ndjson |`)
    /// blocks every 64 KiB and the pipe is often empty for a moment when the
    /// splitter looks: each time it reads a few kilobytes, sends what it has
    /// as a small batch and an `idle` unit, as for a slow producer. A buffer
    /// the size of a chunk lets the producer run ahead by a chunk. A slow
    /// producer (`tail -f`) is unaffected: `fill` still returns when nothing
    /// more is waiting.
    private static func enlargePipe(_ fd: Int32, to size: Int) {
        #if os(Linux)
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (Linux 2.6.35), not exported to Swift
        _ = fcntl(fd, setPipeSize, Int32(clamping: size))
        #endif
    }

    /// An input already in memory; `bytes` must outlive every use of the input.
    package init(bytes: UnsafeRawBufferPointer) {
        fd = -1
        window = max(bytes.count, 1)
        chunk = InputChunk(borrowing: bytes, origin: .start)
        pool = nil
        atEnd = true
        knownSize = bytes.count
    }

    package var bytes: UnsafeRawBufferPointer { chunk.bytes }
    package var origin: TextOrigin { chunk.origin }
    /// The input offset of `bytes[0]`.
    package var offset: Int { chunk.inputOffset }
    /// The chunk is full: `moveOn` must come before `fill` can add anything.
    package var isFull: Bool { chunk.room == 0 }

    /// Reads until the chunk is full, the input ends, or (for a pipe) no more
    /// bytes are waiting; waits for at least one byte (or the end) first.
    /// Waiting for a slow producer does not delay a signal (docs/spec.md §11).
    package mutating func fill() throws {
        guard !atEnd, fd >= 0 else {
            atEnd = true
            return
        }
        var waited = false
        while chunk.room > 0 {
            if waited, !moreWaiting(), !startsWithPartialByteOrderMark { return }
            try Interruption.waitForInput(fd)
            let fd = self.fd
            let n = chunk.appendRead { systemRead(fd, $0, $1) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(errno: errno)
            }
            if n == 0 {
                atEnd = true
                return
            }
            waited = true
        }
    }

    /// Gives the memory of the chunk's bytes before `end` back to the system
    /// while the chunk stays (`InputChunk.discardPages`): those bytes must
    /// not be read again, and the line and column `moveOn` counts over them
    /// (`origin`) are no longer right past them: only for a reader that
    /// counts its own lines, as form input does. A form line of the whole
    /// input, once converted, is not held beside its JSON while that is
    /// mapped.
    package func discardBytes(before end: Int) {
        chunk.discardPages(before: end)
    }

    /// Drops the bytes before `keep` (mapped, or handed to the pipeline in
    /// units that keep the old chunk alive) and starts a new chunk holding the
    /// rest, with room for at least as much again: a document or element larger
    /// than the window makes the chunk grow, never the other way round.
    package mutating func moveOn(keeping keep: Int) throws {
        let old = chunk
        let kept = UnsafeRawBufferPointer(rebasing: old.bytes[keep...])
        let capacity = max(window, kept.count * 2)
        // Line counting is paid here, once per chunk, and never per document.
        let next = try InputChunk(
            capacity: capacity, origin: old.origin.advanced(over: old.bytes, to: keep), inputOffset: old.inputOffset + keep,
            pool: pool)
        next.append(kept)
        chunk = next
    }

    /// Lets go of the current chunk once another reader has a copy of this
    /// input and reads on alone (the pipeline's splitter): the chunk is then
    /// freed as soon as the units cut from it are mapped, rather than when this
    /// copy goes. Nothing more can be read from this copy.
    package mutating func relinquish() {
        chunk = InputChunk(borrowing: UnsafeRawBufferPointer(start: nil, count: 0), origin: chunk.origin)
        atEnd = true
    }

    /// The input's first bytes could be the start of a byte order mark that
    /// has not arrived whole (the scanner skips it only when it sees all of it).
    private var startsWithPartialByteOrderMark: Bool {
        chunk.inputOffset == 0 && chunk.count < 3 && chunk.count > 0 && chunk.base.load(as: UInt8.self) == 0xEF
    }

    /// True when more input can be read at once without waiting (always, for a
    /// regular file).
    package func moreWaiting() -> Bool {
        guard fd >= 0, !atEnd else { return false }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0 && (p.revents & Int16(POLLIN | POLLHUP)) != 0
    }
}

extension ChunkedInput {
    /// After `moveOn`: reads on until the bytes kept hold the end of a document,
    /// the chunk is full or the input ends, so a document a slow producer
    /// sends in pieces is not scanned again for every piece. With nothing
    /// kept, one `fill`. (A full chunk goes back to the caller, which may
    /// stream the document rather than have it grow the chunk.)
    package mutating func fillToDocumentEnd() throws {
        guard bytes.count > 0 else { return try fill() }
        var finder = DocumentBoundaryFinder()
        while !atEnd, !isFull, !finder.holdsCompleteValue(in: bytes) {
            try fill()
        }
    }

    /// Hands the input to `map` a window at a time: `map(bytes, origin, offset,
    /// final)` reads the documents in `bytes` (which starts at `offset` in the
    /// input) and returns how many bytes it used — it stops before a document
    /// whose scan needs more input unless `final` — and whether to stop.
    package mutating func forEachWindow(
        _ map: (_ bytes: UnsafeRawBufferPointer, _ origin: TextOrigin, _ offset: Int, _ final: Bool) throws -> (consumed: Int, stop: Bool)
    ) throws {
        try fill()
        while true {
            let final = atEnd
            let (consumed, stop) = try map(bytes, origin, offset, final)
            if stop || final { return }
            try moveOn(keeping: consumed)
            try fillToDocumentEnd()
        }
    }
}
