/// The keys of a streamed `forceCollection` object met so far, so that a key
/// that appears again is found (docs/spec.md §5.3): a streamed object keeps
/// the first occurrence of a key, since its records are written before the
/// object ends.
///
/// Keys are equal when their code units are (`JSONValue.sameText`: `"é"`
/// and `"e\u{301}"` are two keys), as they are for a large object read whole
/// (`MemberIndex`), so a streamed object keeps the members a whole one does.
///
/// It is the one thing of a streamed object that grows with it, so it is kept
/// small: each key's UTF-8 bytes once, behind 32 bits of its hash and its
/// length, in pages of 1 MiB that never move (no copy, no doubling slack),
/// and an open-addressing table of 6-byte slots (an 8-bit tag of the hash and
/// the key's 40-bit offset) that is rebuilt from the pages when it grows (from
/// the stored hashes: no key is hashed again), so the old table is gone before
/// the new one is made. About the key's length plus 13–21 bytes a key, where a
/// `Set<String>` takes 21–43 bytes for a short key (and an allocation more
/// for one past 15 bytes), and half as much again while it grows.
///
/// ```swift
/// var seen = SeenKeys()
/// seen.insert("a")  // true
/// seen.insert("a")  // false: seen before
/// ```
struct SeenKeys {
    /// The arena: keys as their 32-bit hash (`hash32`, little-endian), a LEB128
    /// length and their bytes, never split across pages. Offsets run on from
    /// page to page (`pageStarts`).
    private var pages: [[UInt8]] = []
    private var pageStarts: [Int] = []
    /// How full the last page may get (a key longer than a page gets one of its own).
    private var lastPageLimit = 0
    private var end = 0
    private static let pageSize = 1 << 20

    /// `slotCount` slots of 6 bytes, little-endian (and 2 bytes of padding,
    /// so that any slot can be loaded as 8 bytes): 0 when empty, else
    /// `tag << offsetBits | (offset + 1)`.
    private var table: [UInt8] = Array(repeating: 0, count: 16 * 6 + 2)
    private var slotCount = 16
    private(set) var count = 0

    private static let offsetBits: UInt64 = 40
    private static let offsetMask: UInt64 = (1 << offsetBits) - 1
    private static let slotMask: UInt64 = (1 << 48) - 1

    private func slot(_ i: Int) -> UInt64 {
        table.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: i * 6, as: UInt64.self)) } & Self.slotMask
    }

    private mutating func setSlot(_ i: Int, _ value: UInt64) {
        table.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: i * 6, as: UInt32.self)
            bytes.storeBytes(of: UInt16(truncatingIfNeeded: value >> 32).littleEndian, toByteOffset: i * 6 + 4, as: UInt16.self)
        }
    }

    /// Adds `key`. - Returns: false when it was there already.
    /// - Complexity: O(key length) on average.
    mutating func insert(_ key: String) -> Bool {
        // By bytes (`JSONValue.textHash`): Swift's hash normalizes, quadratic in a run of combining marks.
        let full = UInt64(UInt(bitPattern: JSONValue.textHash(key)))
        let hash = UInt32(truncatingIfNeeded: full ^ (full >> 32))
        var bytes = key  // made contiguous UTF-8 if it is not
        return bytes.withUTF8 { insert(key, bytes: $0, hash: hash) }
    }

    /// The slot a hash starts probing at, and its tag: the top byte, which
    /// rules out 255 other keys in 256 without reading the arena (independent
    /// of the slot up to 2^24 slots).
    private static func place(_ hash: UInt32, mask: Int) -> (slot: Int, tag: UInt64) {
        (Int(hash) & mask, UInt64(hash >> 24))
    }

    private mutating func insert(_ string: String, bytes key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Bool {
        let mask = slotCount - 1
        let (first, tag) = Self.place(hash, mask: mask)
        var i = first
        while true {
            let slot = slot(i)
            if slot == 0 { break }
            if slot >> Self.offsetBits == tag, matches(string, key, at: Int(slot & Self.offsetMask) - 1) { return false }
            i = (i + 1) & mask
        }
        let offset = append(key, hash: hash)
        precondition(offset < Self.offsetMask, "a streamed object's keys take more than 1 TiB")
        setSlot(i, tag << Self.offsetBits | UInt64(offset + 1))
        count += 1
        // At most 3/4 full, so a probe ends soon.
        if count * 4 > slotCount * 3 { rebuild(slotCount: slotCount * 2) }
        return true
    }

    /// Stores a key in the arena. - Returns: its offset.
    private mutating func append(_ key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int {
        var headerSize = 5
        var rest = key.count >> 7
        while rest > 0 {
            headerSize += 1
            rest >>= 7
        }
        let size = headerSize + key.count
        if pages.isEmpty || pages[pages.count - 1].count + size > lastPageLimit {
            lastPageLimit = max(Self.pageSize, size)
            var page: [UInt8] = []
            page.reserveCapacity(lastPageLimit)
            pages.append(page)
            pageStarts.append(end)
        }
        let last = pages.count - 1
        for shift in stride(from: 0, to: 32, by: 8) { pages[last].append(UInt8(truncatingIfNeeded: hash >> UInt32(shift))) }
        var length = key.count
        repeat {
            pages[last].append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
            length >>= 7
        } while length > 0
        pages[last].append(contentsOf: key)
        let offset = end
        end += size
        return offset
    }

    /// Reached only when the tags agree: a repeat, or one in millions.
    private func matches(_ string: String, _ key: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        // The page holding `offset`: the last that starts at or before it.
        var low = 0
        var high = pageStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pageStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return pages[low].withUnsafeBufferPointer { page in
            let stored = Self.key(at: offset - pageStarts[low], in: page).bytes
            return stored.count == key.count && stored.elementsEqual(key)
        }
    }

    /// The hash and bytes of the key stored at `offset` of a page, and the
    /// offset just past it.
    private static func key(
        at offset: Int, in page: UnsafeBufferPointer<UInt8>
    ) -> (hash: UInt32, bytes: UnsafeBufferPointer<UInt8>, next: Int) {
        let hash = UInt32(page[offset]) | UInt32(page[offset + 1]) << 8 | UInt32(page[offset + 2]) << 16 | UInt32(page[offset + 3]) << 24
        var at = offset + 4
        let length = page.readLEB128(at: &at)
        return (hash, UnsafeBufferPointer(rebasing: page[at..<at + length]), at + length)
    }

    /// A bigger table, filled again from the arena (the slots keep too few
    /// hash bits to place a key; the arena keeps enough), the old table freed
    /// before the new one is allocated.
    private mutating func rebuild(slotCount: Int) {
        table = []
        table = Array(repeating: 0, count: slotCount * 6 + 2)
        self.slotCount = slotCount
        let mask = slotCount - 1
        for (p, page) in pages.enumerated() {
            page.withUnsafeBufferPointer { page in
                var at = 0
                while at < page.count {
                    let (hash, _, next) = Self.key(at: at, in: page)
                    let (first, tag) = Self.place(hash, mask: mask)
        var i = first
                    while slot(i) != 0 { i = (i + 1) & mask }
                    setSlot(i, tag << Self.offsetBits | UInt64(pageStarts[p] + at + 1))
                    at = next
                }
            }
        }
    }
}
