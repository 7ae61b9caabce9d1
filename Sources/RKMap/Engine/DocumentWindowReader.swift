/// Reads an input of JSON documents (one, NDJSON, or concatenated) through a
/// window of fixed size and hands over runs of complete documents, so memory
/// stays bounded by the window (and the largest document), not the input:
/// a 30 GB export maps in the same few megabytes as a 30 MB one.
///
/// Files and pipes go the same way. The window is handed over when it is full,
/// at the end of the input, or — for a pipe whose producer is slow — as soon as
/// no more bytes are waiting, so `tail -f events.ndjson | rkmap apply …` writes
/// each record as it arrives. Bytes already mapped are dropped; a `TextOrigin`
/// keeps line and column numbers counting from the start of the input.
///
/// Chunks are read with `read(2)` into the window (one copy, like `mmap`'s page
/// faults, without reserving address space for the whole file); measured against
/// `mmap` with `madvise(MADV_DONTNEED)` behind the cursor, it was as fast on
/// files and is the only way for pipes.
package struct DocumentWindowReader {
    /// Default window: large enough that the pipeline gets big batches (it
    /// starts threads per batch), small enough to be a constant.
    package static let defaultWindow = 8 << 20

    /// A failed `read(2)`.
    package struct ReadError: Error, Sendable {
        package var errno: Int32
    }

    private let fd: Int32
    private var capacity: Int

    package init(fd: Int32, window: Int = defaultWindow) {
        self.fd = fd
        self.capacity = max(window, 1)
    }

    /// Reads to the end of the input, calling `map(window, origin, firstIndex)`
    /// for each run of complete documents: `window` ends at a document boundary
    /// and starts at `origin` in the input; its first document is number
    /// `firstIndex`. `map` returns how many documents it read and whether to
    /// stop (a syntax error ends the input).
    package mutating func read(
        _ map: (_ window: UnsafeRawBufferPointer, _ origin: TextOrigin, _ firstIndex: Int) throws -> (documents: Int, stop: Bool)
    ) throws {
        guard var buffer = malloc(capacity) else { throw ReadError(errno: ENOMEM) }
        defer { free(buffer) }
        var used = 0
        var finder = DocumentBoundaryFinder()
        var origin = TextOrigin.start
        var nextIndex = 0
        var atEnd = false
        while true {
            if used == capacity {
                // One document is larger than the window: it must be whole to be
                // read (unless the pipeline streams it), so the window grows.
                // (`realloc` moves large blocks by remapping pages, not copying.)
                guard let larger = realloc(buffer, capacity * 2) else { throw ReadError(errno: ENOMEM) }
                capacity *= 2
                buffer = larger
            }
            // Waiting for a slow producer must not delay a signal (docs/spec.md §11).
            try Interruption.waitForInput(fd)
            let n = systemRead(fd, buffer + used, capacity - used)
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(errno: errno)
            }
            if n == 0 { atEnd = true } else { used += n }
            // Map when nothing more is waiting or the window is full; until then
            // keep reading, without looking for boundaries yet.
            guard atEnd || used == capacity || !moreWaiting() else { continue }
            // At the end of the input nothing more can complete a document: the
            // engine reads what is left as it reads a whole file (an incomplete
            // last document is its syntax error), so the boundaries need not be
            // found first. The finder's pass is paid only for full windows, not
            // for the last one — nor for an input that fits in one.
            let end = atEnd ? used : finder.completeEnd(in: UnsafeRawBufferPointer(start: buffer, count: used), atEndOfInput: false)
            guard end > 0 else {
                if atEnd { return }
                continue
            }
            let window = UnsafeRawBufferPointer(start: buffer, count: end)
            let (documents, stop) = try map(window, origin, nextIndex)
            if stop { return }
            nextIndex += documents
            origin = origin.advanced(over: window, to: end)
            // Keep the incomplete document at the end; drop what was mapped.
            if end < used { memmove(buffer, buffer + end, used - end) }
            used -= end
            finder.discard(end)
            if atEnd { return }
        }
    }

    /// True when more input can be read at once without waiting (always, for a
    /// regular file).
    private func moreWaiting() -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0 && (p.revents & Int16(POLLIN)) != 0
    }
}
