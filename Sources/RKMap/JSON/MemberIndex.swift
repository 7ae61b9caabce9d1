import Synchronization

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
        var slot = JSONValue.textHash(key) & mask
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
            for entry in old where entry != 0 { place(entry, hash: JSONValue.textHash(members[base + Int(entry) - 1].key)) }
        }
        place(UInt32(truncatingIfNeeded: position - base + 1), hash: JSONValue.textHash(members[position].key))
        count += 1
    }

    private mutating func place(_ entry: UInt32, hash: Int) {
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }
}

/// Finds the first member of a large object whose key equals a key ignoring
/// case (`lowercased()`, as `keyMatching: caseInsensitive` compares), so
/// that a lookup that finds no exact key costs O(1), not a scan that folds
/// every key: 8,000 attributes differing in case from an object's 8,000
/// members took 0.7 s to apply and 1.7 s to check, four times as long per
/// doubling.
///
/// Like `MemberIndex`, a table of positions (with each key's folded hash),
/// not a second copy of the keys: a probe that meets the same hash folds
/// that member's key to compare.
struct FoldedMemberIndex {
    /// Member position plus one; 0 is an empty slot.
    private var slots: [UInt32]
    private var hashes: [Int]
    private var mask: Int
    private var count = 0

    /// Indexes every member; of keys that fold alike, the first.
    init(_ members: [JSONObject.Member]) {
        var capacity = 64
        while capacity < members.count * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for i in members.indices { add(at: i, in: members) }
    }

    /// The first position in `members` whose key folds to `folded` (a key's `lowercased()`).
    func find(folded: String, in members: [JSONObject.Member]) -> Int? {
        let hash = JSONValue.textHash(folded)
        var slot = hash & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if hashes[slot] == hash, JSONValue.sameText(members[entry - 1].key.lowercased(), folded) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Indexes the member at `position` (appended after those indexed)
    /// unless an earlier key folds alike.
    mutating func add(at position: Int, in members: [JSONObject.Member]) {
        let folded = members[position].key.lowercased()
        guard find(folded: folded, in: members) == nil else { return }
        if (count + 1) * 2 > slots.count {
            let (oldSlots, oldHashes) = (slots, hashes)
            slots = Array(repeating: 0, count: oldSlots.count * 2)
            hashes = Array(repeating: 0, count: oldSlots.count * 2)
            mask = slots.count - 1
            for (slot, entry) in oldSlots.enumerated() where entry != 0 { place(entry, hash: oldHashes[slot]) }
        }
        place(UInt32(truncatingIfNeeded: position + 1), hash: JSONValue.textHash(folded))
        count += 1
    }

    private mutating func place(_ entry: UInt32, hash: Int) {
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
        hashes[slot] = hash
    }
}

/// A `MemberIndex` held by reference (`JSONObject`'s), changed only while
/// one object holds it, so it is safe to share between threads.
///
/// The folded index is built on the first lookup ignoring case that finds no
/// exact key, under a lock (copies of an object share the box, and
/// a document's objects are read from several threads), and kept up to
/// date while members are only appended; a removal makes a new box.
final class MemberIndexBox: @unchecked Sendable {
    var index: MemberIndex
    private let folded = Mutex<FoldedMemberIndex?>(nil)

    init(_ index: MemberIndex) { self.index = index }

    /// The first of `members` (the object's own) whose key equals `key` ignoring case.
    func firstPosition(ignoringCase key: String, in members: [JSONObject.Member]) -> Int? {
        let probe = key.lowercased()
        return folded.withLock { table in
            if table == nil { table = FoldedMemberIndex(members) }
            return table!.find(folded: probe, in: members)
        }
    }

    /// The member at `position` of `members` was appended.
    func appended(at position: Int, in members: [JSONObject.Member]) {
        folded.withLock { table in
            guard table != nil else { return }
            table!.add(at: position, in: members)
        }
    }
}
