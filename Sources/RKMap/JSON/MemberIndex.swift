/// Finds a key among the members a `JSONScanner` has read so far of one large
/// object, so that a repeated key is found in O(1) (last value, first position).
///
/// An open-addressing table of member positions rather than a `[String: Int]`:
/// the keys are already in the member stack, so a slot holds 4 bytes instead of
/// a second reference to every key (24 bytes a bucket) — for an object of
/// millions of members the dictionary took more memory than the members.
struct MemberIndex {
    /// Member position relative to `base`, plus one; 0 is an empty slot.
    private var slots: [UInt32]
    private var mask: Int
    private var count = 0
    private var base: Int

    /// Indexes `members[base...]`, which have distinct keys.
    init(_ members: [JSONObject.Member], base: Int) {
        self.base = base
        var capacity = 64
        while capacity < (members.count - base) * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for i in base..<members.count { insertNew(at: i, in: members) }
    }

    /// This index for the members from `base` on moved into an array of
    /// their own (`JSONObject`'s).
    func rebased() -> MemberIndex {
        var copy = self
        copy.base = 0
        return copy
    }

    /// The position in `members` of `key`, if it is there.
    func find(_ key: String, in members: [JSONObject.Member]) -> Int? {
        var slot = key.hashValue & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if JSONObject.sameKey(members[base + entry - 1].key, key) { return base + entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Indexes the member at `position` of `members`, whose key is not indexed yet.
    mutating func insertNew(at position: Int, in members: [JSONObject.Member]) {
        if (count + 1) * 2 > slots.count {
            // At most half full keeps probes short; a rehash reads the keys
            // from the members, which the table does not copy.
            let old = slots
            slots = Array(repeating: 0, count: old.count * 2)
            mask = slots.count - 1
            for entry in old where entry != 0 { place(entry, hash: members[base + Int(entry) - 1].key.hashValue) }
        }
        place(UInt32(truncatingIfNeeded: position - base + 1), hash: members[position].key.hashValue)
        count += 1
    }

    private mutating func place(_ entry: UInt32, hash: Int) {
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }
}

/// A `MemberIndex` held by reference (`JSONObject`'s), changed only while
/// one object holds it, so it is safe to share between threads.
final class MemberIndexBox: @unchecked Sendable {
    var index: MemberIndex

    init(_ index: MemberIndex) { self.index = index }
}
