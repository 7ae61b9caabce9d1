/// Where each scalar of the samples sits, and which typing questions are
/// already settled there, so that `InferSampleSet` stops asking a string
/// whether it is an http(s) URL or a date once a value at its place has said
/// no (docs/spec.md §15: an attribute is typed only when *every* value agrees,
/// so one "no" decides the question for good).
///
/// A place is finer than anything inference groups values by: the exact path
/// from the document's root (member keys, and one step per array level), with
/// every object on the way told apart by its discriminator members (`type`,
/// `kind`, `object`, `@type`: inference may split the objects at one path into
/// a dynamic mapper's choices by them). Every attribute inference types
/// therefore holds *all* the values of each place it draws from, the "no"
/// included — which is what makes skipping the question exact.
///
/// Memory is bounded: past `capacity` places, new places are not recorded and
/// every question is asked there (slower, never different).
///
/// Each place is a few numbers in arrays shared by all places, its member
/// key in one byte array, and one slot of a table that finds a member's
/// place by its object's place and its key. A place that holds nothing (a
/// scalar's: most of them) costs about 25 bytes and its key's. A
/// dictionary of members and an array of member order for every place,
/// empty or not, took 100 bytes a place: 7.4 MB at the default 65,536
/// places, which samples whose keys all differ reach in a few megabytes,
/// and the largest part of `infer`'s reading.
struct InferPlaceTree {
    /// A place's index; `nil` for a value past the capacity (nothing settled).
    typealias Index = Int

    /// The questions a string at a place can still change the answer to, one
    /// bit each (`InferSampleSet.StringQuestion`); all open at first.
    private(set) var open: [UInt8] = [.max]
    /// The place of the elements of an array at each place; 0 (the root,
    /// never an element's place) when there is none yet.
    private var elements: [UInt32] = [0]
    /// The place of the object each member place is a member of.
    private var parents: [UInt32] = [0]
    /// Where each place's key ends in `keyBytes` (it starts where the
    /// place before's ends): the member key of a member place, empty for
    /// the others.
    private var keyEnds: [UInt32] = [0]
    private var keyBytes: [UInt8] = []
    /// The member places, by their parent and key.
    private var memberTable = PositionTable()
    /// The members met at each position of the last object at a place:
    /// objects at one place mostly list their keys in one order, and
    /// comparing the key there costs less than hashing it. Per place, its
    /// list's position in `orders` plus one (0: none yet, as for a place
    /// that never held an object).
    private var orderOf: [UInt32] = [0]
    private var orders: [[UInt32]] = []
    /// The places of objects told apart by their discriminator members, by
    /// the place they sit at (few places have any).
    private var variants: [Index: [[Discriminant]: Index]] = [:]
    let capacity: Int

    /// A discriminator member of an object: which key (its position in
    /// `InferBuilder.discriminatorKeys`) and its string value, `nil` when the
    /// value is not a string (inference treats that as absent).
    struct Discriminant: Hashable {
        var key: Int
        var value: String?

        // The value by code units (`ExactText`), not Swift's canonical form.
        static func == (lhs: Discriminant, rhs: Discriminant) -> Bool {
            guard lhs.key == rhs.key else { return false }
            switch (lhs.value, rhs.value) {
            case (nil, nil): return true
            case (let a?, let b?): return JSONValue.sameText(a, b)
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            if let value { JSONValue.hashText(value, into: &hasher) } else { hasher.combine(-1) }
        }
    }

    init(capacity: Int = 1 << 16) {
        // Places are numbered in 32 bits; past 2^32 they are not recorded.
        self.capacity = min(capacity, Int(UInt32.max))
    }

    static let root: Index = 0

    mutating func close(_ questions: UInt8, at place: Index) {
        open[place] &= ~questions
    }

    /// The place of the member `key`, found at `position` in its object.
    mutating func member(_ key: String, at position: Int, of place: Index) -> Index? {
        var key = key
        return key.withUTF8 { member($0, at: position, of: place) }
    }

    private mutating func member(_ key: UnsafeBufferPointer<UInt8>, at position: Int, of place: Index) -> Index? {
        let order = Int(orderOf[place]) - 1
        if order >= 0, position < orders[order].count, hasKey(Int(orders[order][position]), key) {
            return Int(orders[order][position])
        }
        let hash = InferSampleSet.hash(key, context: place)
        let child: Index
        if let known = memberTable.find(hash: hash, where: { parents[$0] == UInt32(place) && hasKey($0, key) }) {
            child = known
        } else {
            // Keys past 4 GiB in all are not recorded either.
            guard keyBytes.count + key.count <= Int(UInt32.max), let new = add() else { return nil }
            parents[new] = UInt32(place)
            keyBytes.append(contentsOf: key)
            keyEnds[new] = UInt32(keyBytes.count)
            // Taken out while it grows, which asks the places' hashes.
            var grown = PositionTable()
            swap(&grown, &memberTable)
            grown.insert(new, hash: hash, rehash: { self.hash(of: $0) })
            memberTable = grown
            child = new
        }
        if order < 0 {
            guard position == 0 else { return child }
            orders.append([UInt32(child)])
            orderOf[place] = UInt32(orders.count)
        } else if position < orders[order].count {
            orders[order][position] = UInt32(child)
        } else if position == orders[order].count {
            orders[order].append(UInt32(child))
        }
        return child
    }

    /// The place of the elements of an array at `place`.
    mutating func element(of place: Index) -> Index? {
        if elements[place] != 0 { return Int(elements[place]) }
        guard let new = add() else { return nil }
        elements[place] = UInt32(new)
        return new
    }

    /// The place of an object at `place` with these discriminator members (in
    /// member order); the place itself when it has none.
    mutating func variant(_ signature: [Discriminant], of place: Index) -> Index? {
        guard !signature.isEmpty else { return place }
        if let known = variants[place]?[signature] { return known }
        guard let new = add() else { return nil }
        variants[place, default: [:]][signature] = new
        return new
    }

    /// Whether member place `place`'s key is `key`, by code units.
    private func hasKey(_ place: Index, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        withKey(of: place) { $0.count == key.count && (key.isEmpty || memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0) }
    }

    /// The hash member place `place` was inserted with.
    private func hash(of place: Index) -> Int {
        withKey(of: place) { InferSampleSet.hash($0, context: Int(parents[place])) }
    }

    /// Place `place`'s key bytes (empty for a place that is not a member's).
    private func withKey<R>(of place: Index, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = place == 0 ? 0 : Int(keyEnds[place - 1])
        return keyBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<Int(keyEnds[place])])) }
    }

    private mutating func add() -> Index? {
        guard open.count < capacity else { return nil }
        if parents.count == parents.capacity {
            // Doubled as places come, but never past the capacity: a full
            // tree's arrays grown by doubling held room for twice its places.
            let room = Swift.min(capacity, Swift.max(16, 2 * parents.count))
            open.reserveCapacity(room)
            elements.reserveCapacity(room)
            parents.reserveCapacity(room)
            keyEnds.reserveCapacity(room)
            orderOf.reserveCapacity(room)
        }
        open.append(.max)
        elements.append(0)
        parents.append(0)
        keyEnds.append(UInt32(keyBytes.count))
        orderOf.append(0)
        return open.count - 1
    }
}
