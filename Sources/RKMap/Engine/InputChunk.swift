import Foundation

/// A piece of an input in memory: the buffer `ChunkedInput` reads into.
///
/// The reading thread appends bytes at the end while pipeline workers read
/// bytes handed to them earlier. Bytes below a unit's `InputView.count` are
/// written before the unit is published (under the pipeline's lock) and never
/// again, so readers and the appending thread never touch the same bytes; the
/// chunk is freed when the last view of it goes (ARC), which is what bounds
/// memory: a chunk lives while a unit cut from it is waiting or being mapped.
final class InputChunk: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let capacity: Int
    /// Bytes read so far; only the reading thread changes it.
    private(set) var count: Int
    /// Where `base[0]` is in the input: line and column, and byte offset.
    let origin: TextOrigin
    let inputOffset: Int
    private let owned: Bool

    /// Where the buffer goes back to when the chunk goes (`nil`: freed).
    private let pool: ChunkPool?

    /// A chunk of `capacity` bytes; one of the pool's size takes its buffer
    /// from the pool and gives it back.
    init(capacity: Int, origin: TextOrigin, inputOffset: Int, pool: ChunkPool? = nil) throws(ChunkedInput.ReadError) {
        let pooled = pool.flatMap { $0.bufferSize == capacity ? $0 : nil }
        guard let base = pooled?.take() ?? malloc(max(capacity, 1)) else { throw ChunkedInput.ReadError(errno: ENOMEM) }
        self.base = base
        self.capacity = capacity
        self.count = 0
        self.origin = origin
        self.inputOffset = inputOffset
        self.owned = true
        self.pool = pooled
    }

    /// A chunk over bytes someone else owns and keeps alive (an input already in memory).
    init(borrowing bytes: UnsafeRawBufferPointer, origin: TextOrigin) {
        self.base = UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!)
        self.capacity = bytes.count
        self.count = bytes.count
        self.origin = origin
        self.inputOffset = 0
        self.owned = false
        self.pool = nil
    }

    deinit {
        guard owned else { return }
        if let pool { pool.give(base) } else { free(base) }
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
    var room: Int { capacity - count }

    /// Gives the whole pages of `bytes[..<end]` back to the system, their
    /// contents gone (`madvise(MADV_DONTNEED)`: read again, they are zeros):
    /// for bytes no reader will look at again, before the chunk goes. Only
    /// an owned buffer; the allocator's own bytes before `base` are never in
    /// a whole page of it.
    func discardPages(before end: Int) {
        guard owned else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let stop = (Int(bitPattern: base) + min(end, count)) / page * page
        guard stop > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, stop - start, Int32(MADV_DONTNEED))
    }

    /// Appends bytes read into `base + count` by `read`.
    func appendRead(_ read: (UnsafeMutableRawPointer, Int) -> Int) -> Int {
        let n = read(base + count, capacity - count)
        if n > 0 { count += n }
        return n
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        memcpy(base + count, bytes.baseAddress!, bytes.count)
        count += bytes.count
    }
}

/// The bytes of a chunk a pipeline unit was cut from: it keeps the chunk alive
/// until the unit is mapped.
struct InputView: Sendable {
    let chunk: InputChunk
    /// The chunk's length when the unit was cut (bytes below never change).
    let count: Int

    init(_ chunk: InputChunk) {
        self.chunk = chunk
        self.count = chunk.count
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: chunk.base, count: count) }
    var origin: TextOrigin { chunk.origin }
    var inputOffset: Int { chunk.inputOffset }
}
