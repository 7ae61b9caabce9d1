/// Which parts of a document a reader needs, so that the rest is validated and
/// skipped instead of built (`JSONScanner.readValue(projection:)`).
///
/// A key path only ever looks up members, through arrays element by element
/// (KVC, docs/spec.md §4), so a projection names members: everything else in an
/// object is left out, every element of an array is projected the same way, and a
/// scalar where members are asked for is read as it is (a key on it is missing
/// either way, and its kind stays what the document says). The value at the end
/// of a path, or after an index or a collection operator, is kept whole.
///
/// ```swift
/// JSONProjection.nothing.adding(["author", "name"])  // { author: { name: everything } }
/// ```
public indirect enum JSONProjection: Sendable, Equatable {
    /// Nothing is read: the value is skipped and reads as `null`.
    case nothing
    /// The whole value is read.
    case everything
    /// The whole value is read, and only ever copied to the output as it is
    /// (an untyped attribute nothing else reads): an array or object is kept
    /// as its compact text (`JSONValue.compact`), not as a tree.
    case verbatim
    /// Only these members of an object (of each element, for an array).
    case members([String: JSONProjection])
    /// What the inner projection reads, where the value is only ever mapped
    /// by relationships (docs/spec.md §3.2), an array element by element: a
    /// large array is held as the compact text of its elements, each read
    /// as the inner projection reads it (`CompactJSON.elements`), and read
    /// as a tree one at a time when a relationship maps it, so that a
    /// document mapped whole does not hold the tree of its large array
    /// beside the records made from it. A key path through it (`items.name`,
    /// from an attribute, a matcher or a predicate) reads those members of
    /// each element, held in the same text; `@count` and a matcher that
    /// reads only its kind (`countOnly`) are answered by the held text too,
    /// and so is an index into it (`items[0].name`: every element is read
    /// as the rest of the path reads it, `KeyPath.element` picks one).
    /// An attribute that copies the array as it is (`verbatim`: untyped,
    /// or typed `array`, `any`, `set` or a type that refuses an array), and
    /// a collection operator other than `@count` (`items.@sum`,
    /// `items.@distinctUnionOfObjects`), make every element held whole: that
    /// text is the array's compact text, which the attribute copies, and
    /// `set` and the operators read one element at a time
    /// (`JSONValue.distinctElements`, `KeyPath.heldResult`). Anything else
    /// that reads the value itself whole reads its tree.
    case elements(JSONProjection)

    /// Whether this projection has more than `limit` nodes, counted only
    /// as far as `limit`: a projection is a tree, and one built from a spec
    /// whose to-one relationships form cycles names every path through them,
    /// exponentially many (`MappingGraph.projectionNodeLimit`).
    func hasMoreNodes(than limit: Int) -> Bool {
        nodeCount(upTo: limit) > limit
    }

    /// How many nodes this projection has, or `limit + 1` when it has more.
    func nodeCount(upTo limit: Int) -> Int {
        var budget = limit
        return fits(within: &budget) ? limit - budget : limit + 1
    }

    private func fits(within budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch self {
        case .nothing, .everything, .verbatim: return true
        case .elements(let inner): return inner.fits(within: &budget)
        case .members(let map):
            for sub in map.values where !sub.fits(within: &budget) { return false }
            return true
        }
    }

    /// This projection plus what a path of member names needs, then `tail`
    /// (`everything` for the value at the end of a key path).
    public func adding(_ keys: ArraySlice<String>, then tail: JSONProjection = .everything) -> JSONProjection {
        var projection = self
        projection.add(keys, then: tail)
        return projection
    }

    /// Adds what a path of member names needs, then `tail`, in place: a
    /// mapper of many attributes adds one path each, and `adding` copied the
    /// member map every time (8,000 attributes took 3.8 s to set up, 60,000
    /// over two minutes).
    public mutating func add(_ keys: ArraySlice<String>, then tail: JSONProjection = .everything) {
        guard let key = keys.first else {
            self = merged(with: tail)
            return
        }
        if case .elements(var inner) = self {
            // A key path through the array reads members of each element
            // (KVC, docs/spec.md §4): the elements' text holds them too,
            // and `KeyPath.lookup` reads them element by element.
            self = .nothing
            inner.add(keys, then: tail)
            self = .elements(inner)
            return
        }
        guard var map = takeMembers() else {
            if case .nothing = self {
                self = .members([key: JSONProjection.nothing.adding(keys.dropFirst(), then: tail)])
            } else {
                // Members of a value copied whole are read too: its tree.
                self = .everything
            }
            return
        }
        var member = map.removeValue(forKey: key) ?? .nothing
        member.add(keys.dropFirst(), then: tail)
        map[key] = member
        self = .members(map)
    }

    /// The member map, this value left `.nothing` (so that the map is the
    /// only reference to its storage, and changes it in place); nil, this
    /// value unchanged, when it holds none.
    private mutating func takeMembers() -> [String: JSONProjection]? {
        guard case .members(let map) = self else { return nil }
        self = .nothing
        return map
    }

    /// What either projection reads.
    public func merged(with other: JSONProjection) -> JSONProjection {
        switch (self, other) {
        case (.everything, _), (_, .everything): return .everything
        case (.nothing, _): return other
        case (_, .nothing): return self
        case (.elements(let a), .elements(let b)): return .elements(a.merged(with: b))
        // Mapped by a relationship and counted (`countOnly`, which reads the
        // value's kind and how many elements it has): the elements' text
        // tells both (`KeyPath.heldResult`). Members read through the array
        // (a key path `items.name`, a matcher or predicate reading into its
        // elements) are members of each element: its text holds them too
        // (`KeyPath.lookup` reads them element by element).
        case (.elements(let a), .members(let m)) where m.isEmpty: return .elements(a)
        case (.members(let m), .elements(let b)) where m.isEmpty: return .elements(b)
        case (.elements(let a), .members): return .elements(a.merged(with: other))
        case (.members, .elements(let b)): return .elements(merged(with: b))
        // Mapped by a relationship and copied whole (an untyped attribute
        // of the array itself): every element's whole text, which is the
        // array's compact text as `verbatim` would read it, so the attribute
        // copies it as it is and the relationship reads each element back.
        case (.elements, .verbatim), (.verbatim, .elements): return .elements(.everything)
        // Mapped by a relationship and read whole too: the tree.
        case (.elements(let a), _): return a.merged(with: other)
        case (_, .elements(let b)): return merged(with: b)
        case (.verbatim, .verbatim): return .verbatim
        // Copied whole and read into: the tree.
        case (.verbatim, _), (_, .verbatim): return .everything
        case (.members(var a), .members(let b)):
            for (key, sub) in b { a[key] = (a[key] ?? .nothing).merged(with: sub) }
            return .members(a)
        }
    }

    /// The same projection with member names lowercased, names that differ
    /// only in case merged (what a `ProjectionPlan` ignoring case reads).
    public var folded: JSONProjection {
        if case .elements(let inner) = self { return .elements(inner.folded) }
        guard case .members(let map) = self else { return self }
        var folded: [String: JSONProjection] = [:]
        for (name, sub) in map { folded[name.lowercased()] = (folded[name.lowercased()] ?? .nothing).merged(with: sub.folded) }
        return .members(folded)
    }
}
