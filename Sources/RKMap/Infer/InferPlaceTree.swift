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
struct InferPlaceTree {
    /// A place's index; `nil` for a value past the capacity (nothing settled).
    typealias Index = Int

    /// The questions a string at a place can still change the answer to, one
    /// bit each (`InferSampleSet.StringQuestion`); all open at first.
    private(set) var open: [UInt8] = [.max]
    private var members: [[ExactText: Index]] = [[:]]
    /// The member met at each position of the last object at a place: objects
    /// at one place mostly list their keys in one order, and comparing the
    /// key there costs less than hashing it.
    private var memberOrder: [[(key: String, place: Index)]] = [[]]
    private var elements: [Index?] = [nil]
    private var variants: [[[Discriminant]: Index]] = [[:]]
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

    init(capacity: Int = 1 << 16) { self.capacity = capacity }

    static let root: Index = 0

    mutating func close(_ questions: UInt8, at place: Index) {
        open[place] &= ~questions
    }

    /// The place of the member `key`, found at `position` in its object.
    mutating func member(_ key: String, at position: Int, of place: Index) -> Index? {
        if position < memberOrder[place].count, JSONValue.sameText(memberOrder[place][position].key, key) {
            return memberOrder[place][position].place
        }
        let child: Index
        if let known = members[place][ExactText(key)] {
            child = known
        } else {
            guard let new = add() else { return nil }
            members[place][ExactText(key)] = new
            child = new
        }
        if position < memberOrder[place].count {
            memberOrder[place][position] = (key, child)
        } else if position == memberOrder[place].count {
            memberOrder[place].append((key, child))
        }
        return child
    }

    /// The place of the elements of an array at `place`.
    mutating func element(of place: Index) -> Index? {
        if let known = elements[place] { return known }
        guard let new = add() else { return nil }
        elements[place] = new
        return new
    }

    /// The place of an object at `place` with these discriminator members (in
    /// member order); the place itself when it has none.
    mutating func variant(_ signature: [Discriminant], of place: Index) -> Index? {
        guard !signature.isEmpty else { return place }
        if let known = variants[place][signature] { return known }
        guard let new = add() else { return nil }
        variants[place][signature] = new
        return new
    }

    private mutating func add() -> Index? {
        guard open.count < capacity else { return nil }
        open.append(.max)
        members.append([:])
        memberOrder.append([])
        elements.append(nil)
        variants.append([:])
        return open.count - 1
    }
}
