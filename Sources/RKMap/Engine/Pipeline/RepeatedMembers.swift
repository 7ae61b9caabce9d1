/// The members of an object held in memory whose key repeats an earlier
/// member's (docs/spec.md §5.3: a streamed `forceCollection` object keeps a
/// key's first occurrence), by their position among the object's members.
///
/// `SeenKeys` finds repeats as the members pass, keeping every key; an
/// object whose document was read into memory first (a dynamic mapper's
/// matchers read it, `@root`, several descriptors) can be looked at twice
/// instead: one pass hashes its keys into 8 bytes each, sorted, and only keys
/// whose hashes meet are read again and compared by their code units (as
/// `SeenKeys` and an object read whole compare them). The
/// hashes are freed before the members are split.
///
/// ```swift
/// // {"a": 1, "b": 2, "a": 3}
/// try RepeatedMembers.find(inObjectAt: scanner)  // [2]
/// ```
enum RepeatedMembers {
    /// - Parameter scanner: at the object's `{`, the whole object in its bytes
    ///   (validated already).
    /// - Complexity: O(n log n) for n members, and a second pass over the keys
    ///   when two hashes meet.
    static func find(inObjectAt scanner: JSONScanner) throws(JSONSyntaxError) -> Set<Int> {
        var reader = scanner
        reader.depth = 0
        // Hash in the high half, position in the low: sorted, equal hashes
        // are adjacent and in document order.
        var entries: [UInt64] = []
        try reader.enterObject()
        var position: UInt64 = 0
        while let name = try reader.nextKey() {
            let full = UInt64(UInt(bitPattern: JSONValue.textHash(name)))
            entries.append(UInt64(UInt32(truncatingIfNeeded: full ^ (full >> 32))) << 32 | position)
            try reader.skipValue()
            position += 1
        }
        entries.sort()
        var candidates: [Int: String] = [:]
        var runs: [[Int]] = []
        var i = 0
        while i < entries.count {
            var j = i + 1
            while j < entries.count, entries[j] >> 32 == entries[i] >> 32 { j += 1 }
            if j - i > 1 {
                let run = entries[i..<j].map { Int($0 & 0xFFFF_FFFF) }
                runs.append(run)
                for member in run { candidates[member] = "" }
            }
            i = j
        }
        entries = []
        guard !runs.isEmpty else { return [] }
        // The keys whose hashes meet, read again.
        reader = scanner
        reader.depth = 0
        try reader.enterObject()
        var member = 0
        while let name = try reader.nextKey() {
            if candidates[member] != nil { candidates[member] = name }
            try reader.skipValue()
            member += 1
        }
        var repeated: Set<Int> = []
        for run in runs {
            // In document order: a key seen before in the run is a repeat (one
            // key repeated thousands of times is one run, met once each).
            // Keys are one when their code units are (`JSONValue.sameText`).
            var seen: Set<[UInt8]> = []
            for member in run where !seen.insert(Array(candidates[member]!.utf8)).inserted {
                repeated.insert(member)
            }
        }
        return repeated
    }
}
