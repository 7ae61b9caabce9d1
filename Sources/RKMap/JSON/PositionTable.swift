/// A hash set of positions in a collection kept elsewhere: what a
/// `Set<Key>` or `[Key: Int]` would answer (is this one here, and where)
/// without a second copy of every key.
///
/// Open addressing in one `UInt32` a slot, at most 4/5 full: the position
/// plus one in the low bits (0: an empty slot), and as many high bits of the
/// element's hash as are left over, so that a probe compares an element
/// only when those agree. Growing asks the hash of each element again
/// (`rehash`), as the table keeps only part of it.
///
/// `infer` keeps an entry per distinct key or shape it meets, and a sample
/// whose keys are all distinct meets as many as it has members: a
/// dictionary holding a key (and an array of values) each cost five times
/// the sample's text on its own, a set of the names taken by a mapper's
/// fields, or an index of them by key, more than the fields.
///
/// ```swift
/// var table = PositionTable()
/// let hash = key.hashValue
/// if table.find(hash: hash, where: { keys[$0] == key }) == nil {
///     table.insert(keys.count, hash: hash, rehash: { keys[$0].hashValue })
///     keys.append(key)
/// }
/// ```
struct PositionTable {
    private var slots: [UInt32] = []
    private var mask = -1
    private var positionBits = 0
    /// How many positions were inserted.
    private(set) var count = 0

    /// A table with room for `capacity` positions before it grows.
    init(capacity: Int = 0) {
        if capacity > 0 { layOut(forAtLeast: capacity) }
    }

    /// The first position inserted with `hash` for which `matches` is true.
    func find(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let tag = tag(hash)
        let positionMask = positionBits == 32 ? UInt32.max : (1 << UInt32(positionBits)) - 1
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry & ~positionMask == tag, matches(Int(entry & positionMask) - 1) { return Int(entry & positionMask) - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Inserts `position` under `hash`; the caller has looked for its
    /// element with `find`. `rehash` gives the hash of the element at a
    /// position inserted before, when the table grows.
    mutating func insert(_ position: Int, hash: Int, rehash: (Int) -> Int) {
        precondition(position >= 0)
        // Room for one more, and for the position itself in a slot's low
        // bits (positions are those of a collection: fewer than the slots).
        if (count + 1) * 5 > slots.count * 4 || position >= slots.count - 1 {
            let old = slots
            let oldMask = positionBits == 32 ? UInt32.max : (1 << UInt32(positionBits)) - 1
            layOut(forAtLeast: Swift.max(count + 1, position + 2))
            for entry in old where entry != 0 {
                let position = Int(entry & oldMask) - 1
                place(position, hash: rehash(position))
            }
        }
        place(position, hash: hash)
        count += 1
    }

    /// Empty slots for `n` positions, 4/5 full at most (so that positions
    /// below `n`, plus one, fit in the bits the slots' count needs).
    private mutating func layOut(forAtLeast n: Int) {
        var capacity = 16
        while capacity * 4 < n * 5 { capacity <<= 1 }
        // Positions plus one stay below the capacity; a collection of 2^32
        // elements is more than `infer` or a spec can hold.
        precondition(capacity <= 1 << 32, "PositionTable holds fewer than 2^32 positions")
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        positionBits = capacity.trailingZeroBitCount
    }

    /// The high bits of `hash` that a slot keeps above its position.
    private func tag(_ hash: Int) -> UInt32 {
        positionBits == 32 ? 0 : UInt32(truncatingIfNeeded: UInt64(bitPattern: Int64(hash)) >> 32) & ~((1 << UInt32(positionBits)) - 1)
    }

    private mutating func place(_ position: Int, hash: Int) {
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = tag(hash) | UInt32(position + 1)
    }
}
