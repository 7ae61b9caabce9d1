#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output bytes in memory this buffer owns, appended through a pointer.
///
/// Writing records is a long run of small appends (a brace, a quoted name, a
/// number's digits). On an `Array` each one checks the storage is uniquely
/// referenced and goes through the generic `append(contentsOf:)`; here it is a
/// capacity comparison and a store or a `memcpy` (with names copied whole,
/// a third fewer instructions for encoding records). Non-copyable, so the
/// memory has one owner and no reference count. It grows with `realloc`,
/// which moves a large block without copying it and never holds the old
/// block beside the new one (a document's JSON text of 8 MB peaked at 12).
///
/// ```swift
/// var out = OutputBuffer()
/// out.append(UInt8(ascii: "["))
/// out.append("1]")
/// out.array  // [0x5B, 0x31, 0x5D]
/// ```
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    private(set) var count: Int
    /// Bytes the memory holds before it must grow.
    private(set) var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 16)
        self.base = Self.reallocated(nil, capacity: self.capacity)
        self.count = 0
    }

    deinit { free(base) }

    var isEmpty: Bool { count == 0 }

    /// A copy of the bytes written.
    var array: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let to = buffer.baseAddress { Self.copy(base, to: to, count: count) }
            initialized = count
        }
    }

    /// Appends a copy of the bytes written to `bytes` (one `memcpy`).
    func append(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes, keeping the memory.
    mutating func removeAll() { count = 0 }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count &+= 1
    }

    /// Appends `n` bytes from `start`.
    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, count n: Int) {
        if capacity &- count < n { grow(toHold: n) }
        Self.copy(start, to: base + count, count: n)
        count &+= n
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        append(start, count: bytes.count)
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        append(start.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Room for `n` more bytes: the caller writes up to `n` bytes at the
    /// returned pointer, then calls `commit` with how many it wrote.
    @inline(__always)
    mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- count < n { grow(toHold: n) }
        return base + count
    }

    /// Counts `n` bytes written at the pointer `reserve` returned.
    @inline(__always)
    mutating func commit(_ n: Int) {
        count &+= n
    }

    /// `memcpy`: typed `update(from:count:)` compiles to a loop over bytes.
    @inline(__always)
    static func copy(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int) {
        memcpy(to, from, count)
    }

    /// At least doubles, so appends stay amortised O(1).
    @inline(never)
    private mutating func grow(toHold n: Int) {
        let needed = count + n
        var newCapacity = Swift.max(capacity, 16)
        while newCapacity < needed { newCapacity *= 2 }
        base = Self.reallocated(base, capacity: newCapacity)
        capacity = newCapacity
    }

    private static func reallocated(_ base: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = realloc(base, capacity) else { fatalError("out of memory: \(capacity) bytes of output") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }
}
