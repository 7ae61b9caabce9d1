/// The keys of a streamed `forceCollection` object met so far, so that a key
/// that appears again is found (docs/spec.md §5.3): a streamed object keeps
/// the first occurrence of a key, since its records are written before the
/// object ends.
///
/// Memory grows with the object's keys, not its values, and is kept small
/// because it is the one thing of a streamed object that grows with it: each
/// key's UTF-8 bytes once in one arena (behind their length), and an open
/// addressing table of 8-byte slots (a hash tag and the arena offset). A
/// `Set<String>` costs 16 bytes a slot plus an allocation per key longer than
/// 15 bytes (about 100 bytes for a UUID key, against about 50 here).
///
/// Keys are equal as Swift strings are (canonical equivalence: `"é"` and
/// `"e\u{301}"` are one key), as they are for a large object read whole
/// (`MemberIndex`), so a streamed object keeps the members a whole one does.
///
/// ```swift
/// var seen = SeenKeys()
/// seen.insert("a")  // true
/// seen.insert("a")  // false: seen before
/// ```
struct SeenKeys {
    /// Each key as a LEB128 length followed by its UTF-8 bytes.
    private var arena: [UInt8] = []
    /// 0 when empty, else `tag << offsetBits | (arena offset + 1)`.
    private var slots: [UInt64] = Array(repeating: 0, count: 16)
    private(set) var count = 0

    private static let offsetBits: UInt64 = 40
    private static let offsetMask: UInt64 = (1 << offsetBits) - 1

    /// Adds `key`. - Returns: false when it was there already.
    /// - Complexity: O(key length) on average.
    mutating func insert(_ key: String) -> Bool {
        let hash = UInt64(UInt(bitPattern: key.hashValue))  // as `Self.hash` of its bytes
        var bytes = key  // made contiguous UTF-8 if it is not
        return bytes.withUTF8 { insert(key, bytes: $0, hash: hash) }
    }

    private mutating func insert(_ string: String, bytes key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
        // The tag (the hash's top bits, never 0 in a used slot) rules out
        // almost every other key without reading the arena.
        let tag = (hash >> Self.offsetBits) | 1
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 {
            let slot = slots[i]
            if slot >> Self.offsetBits == tag, matches(string, key, at: Int(slot & Self.offsetMask) - 1) { return false }
            i = (i + 1) & mask
        }
        let offset = arena.count
        var length = key.count
        repeat {
            arena.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
            length >>= 7
        } while length > 0
        arena.append(contentsOf: key)
        slots[i] = tag << Self.offsetBits | UInt64(offset + 1)
        count += 1
        // At most 3/4 full, so a probe ends soon.
        if count * 4 > slots.count * 3 { grow() }
        return true
    }

    /// Reached only when the tags agree: a repeat, or one in millions.
    private func matches(_ string: String, _ key: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        arena.withUnsafeBufferPointer { arena in
            let stored = Self.key(at: offset, in: arena)
            if stored.count == key.count, stored.elementsEqual(key) { return true }
            return String(decoding: stored, as: UTF8.self) == string
        }
    }

    /// The bytes of the key stored at `offset` (behind its length).
    private static func key(at offset: Int, in arena: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var at = offset
        var length = 0
        var shift = 0
        while true {
            let byte = arena[at]
            at += 1
            length |= Int(byte & 0x7F) << shift
            shift += 7
            if byte & 0x80 == 0 { break }
        }
        return UnsafeBufferPointer(rebasing: arena[at..<at + length])
    }

    /// The string's hash (consistent with `==`, so canonically equivalent
    /// keys meet).
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        UInt64(UInt(bitPattern: String(decoding: key, as: UTF8.self).hashValue))
    }

    /// Doubles the table. The slots keep too few hash bits to place a key,
    /// so each is hashed again from the arena (once per doubling: about one
    /// more hash per key in all).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        arena.withUnsafeBufferPointer { arena in
            for slot in old where slot != 0 {
                var i = Int(truncatingIfNeeded: Self.hash(Self.key(at: Int(slot & Self.offsetMask) - 1, in: arena))) & mask
                while slots[i] != 0 { i = (i + 1) & mask }
                slots[i] = slot
            }
        }
    }
}
