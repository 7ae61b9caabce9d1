/// A `JSONProjection` ready for reading: at each level, the member names with
/// their UTF-8 bytes, so that a reader matches a key against them in its own
/// buffer, without making a string of the key or hashing it, and a member
/// that is read takes its name from here (no allocation per key).
///
/// Compile a projection once (per run, not per document).
public final class ProjectionPlan: Sendable {
    public enum Reads: Sendable { case nothing, everything, verbatim, members, elements, records, wholeHolding }

    /// How many bytes of input an array read for `JSONProjection.elements`
    /// spans before it is held as compact text rather than a tree: a small
    /// array costs little as a tree and is read faster so.
    public static let holdingArraysFrom = 256 << 10

    public let projection: JSONProjection
    let reads: Reads
    /// For `elements`: the bytes of input from which an array is held
    /// (`holdingArraysFrom`; tests give less), and in `members` the one plan
    /// of its elements.
    let holdBytes: Int
    /// For `members`: the names, their UTF-8, and what is read of each (sorted
    /// by name, so that plans compare and print the same every run).
    let names: [String]
    let utf8: [[UInt8]]
    let members: [ProjectionPlan]
    /// Many names: where to look by length, first and last byte.
    private let buckets: [Int: [Int]]?
    /// Keys match names case-insensitively (`keyMatching: caseInsensitive`,
    /// docs/spec.md §4): `names` are lowercased, and every member whose key
    /// lowercases to one of them is read, under its own key, so that a lookup
    /// still prefers the exact key and otherwise takes the first in document order.
    public let caseInsensitive: Bool

    public init(_ projection: JSONProjection, caseInsensitive: Bool = false, holdingArraysFrom holdBytes: Int = ProjectionPlan.holdingArraysFrom) {
        self.projection = projection
        self.caseInsensitive = caseInsensitive
        self.holdBytes = holdBytes
        switch projection {
        case .elements(let inner):
            reads = .elements
            names = []
            utf8 = []
            members = [ProjectionPlan(inner, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)]
            buckets = nil
        case .nothing, .everything, .verbatim:
            reads = projection == .nothing ? .nothing : projection == .everything ? .everything : .verbatim
            names = []
            utf8 = []
            members = []
            buckets = nil
        case .members(var map):
            reads = .members
            // Names that differ only in case read the same members: one entry.
            if caseInsensitive { map = Self.folded(map) }
            let sorted = map.sorted { $0.key < $1.key }
            names = sorted.map(\.key)
            utf8 = sorted.map { Array($0.key.utf8) }
            members = sorted.map { ProjectionPlan($0.value, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes) }
            buckets = Self.buckets(utf8)
        }
    }

    public static let everything = ProjectionPlan(.everything)

    /// `map` with its names lowercased, the projections of names that
    /// differ only in case merged (`keyMatching: caseInsensitive`).
    private static func folded(_ map: [String: JSONProjection]) -> [String: JSONProjection] {
        var folded: [String: JSONProjection] = [:]
        for (name, sub) in map { folded[name.lowercased()] = (folded[name.lowercased()] ?? .nothing).merged(with: sub) }
        return folded
    }

    /// Records as `rkmap serialize` reads them (docs/spec.md §13): everything,
    /// but a member of a record (an object, or an object in a top-level
    /// array) that is an array spanning `holdBytes` or more is held as the
    /// compact text of its elements (`JSONScanner.heldArray`), each read
    /// back whole when it is inverted, so that one record of 180,000 related
    /// records does not cost their tree beside the body made from them.
    ///
    /// `projection` reads `.everything`: what is read is the whole record.
    init(recordsHoldingArraysFrom holdBytes: Int) {
        projection = .everything
        caseInsensitive = false
        self.holdBytes = holdBytes
        reads = .records
        names = []
        utf8 = []
        members = [ProjectionPlan(.elements(.everything), holdingArraysFrom: holdBytes)]
        buckets = nil
    }

    /// The whole document as `rkmap check` reads it (docs/spec.md §12: every
    /// member, to find those nothing reads), but each value that `mapping`
    /// (a document projection made `holding`) reads for `elements`, a
    /// relationship's source, read so: a large array there is held as the
    /// compact text of its whole elements, each read back as a tree when the
    /// relationship maps it, as `apply` holds it; and each value it reads
    /// `verbatim` (an attribute that only copies it) as its compact text.
    /// `nil` when `mapping` holds nothing, and the whole tree is the plan.
    ///
    /// `projection` reads `.everything`: what is read is the whole document.
    convenience init?(wholeHoldingAsIn mapping: JSONProjection, caseInsensitive: Bool, holdingArraysFrom holdBytes: Int) {
        guard case .members(var map) = mapping else { return nil }
        // As the mapping's own plan folds them: names that differ only in
        // case read the same members, through their merged projection.
        if caseInsensitive { map = Self.folded(map) }
        var held: [String: ProjectionPlan] = [:]
        for (name, sub) in map {
            switch sub {
            case .elements:
                held[name] = ProjectionPlan(.elements(.everything), caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
            case .verbatim:
                // A value only ever copied (a GeoJSON geometry's
                // coordinates): its compact text, as `apply` reads it.
                held[name] = ProjectionPlan(.verbatim, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
            case .members:
                held[name] = ProjectionPlan(wholeHoldingAsIn: sub, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
            default:
                continue
            }
        }
        guard !held.isEmpty else { return nil }
        self.init(.everything, reads: .wholeHolding, members: held, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
    }

    /// `init(wholeHoldingAsIn:)`, and for a `mapping` that holds the document
    /// itself (a top-level array read through a descriptor's operator,
    /// `MappingGraph.heldProjection`) the plan of its elements, each read
    /// whole; for one that only copies it (a dictionary's value that an
    /// untyped nil key path copies), its compact text.
    static func wholeHolding(asIn mapping: JSONProjection, caseInsensitive: Bool, holdingArraysFrom holdBytes: Int) -> ProjectionPlan? {
        switch mapping {
        case .elements: return ProjectionPlan(.elements(.everything), caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
        case .verbatim: return ProjectionPlan(.verbatim, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
        default: break
        }
        return ProjectionPlan(wholeHoldingAsIn: mapping, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
    }

    /// `read` (what a document's `@root` key paths read of it, names matched
    /// exactly), but each value that `held` names read as `held` reads it
    /// (`MappingEngine.contentsCopiedOnly`: a content only copied, or copied
    /// and counted): where `read` reads that value, or what holds it, whole,
    /// as `wholeHolding(asIn:)` does, and below a value of which `read`
    /// names members, the same for each. `"@root.items": "all"` beside
    /// `@root.items.@count` reads `items` whole (`.everything`, merged), but
    /// its elements' text tells both. Nil when nothing `read` reads whole is
    /// held: then `read` is the plan.
    ///
    /// Under `caseInsensitive` (`keyMatching: caseInsensitive`) names are
    /// folded on both sides, as the plan's own init folds them: names
    /// that differ only in case read the same members.
    static func reading(
        _ read: JSONProjection, holding held: JSONProjection, caseInsensitive: Bool = false, holdingArraysFrom holdBytes: Int
    ) -> ProjectionPlan? {
        switch (read, held) {
        case (.everything, _):
            return wholeHolding(asIn: held, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
        case (.members(var map), .members(var heldMap)):
            if caseInsensitive {
                map = folded(map)
                heldMap = folded(heldMap)
            }
            var plans: [String: ProjectionPlan] = [:]
            var holds = false
            for (name, sub) in map {
                if let inner = heldMap[name],
                   let plan = reading(sub, holding: inner, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes) {
                    plans[name] = plan
                    holds = true
                } else {
                    plans[name] = ProjectionPlan(sub, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
                }
            }
            return holds
                ? ProjectionPlan(.members(map), reads: .members, members: plans, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes)
                : nil
        default:
            // Read as its text already (`verbatim`), or not read.
            return nil
        }
    }

    /// A plan that reads the members named in `plans` each by its own plan:
    /// only those (`members`), or with everything else whole (`wholeHolding`).
    private init(
        _ projection: JSONProjection, reads: Reads, members plans: [String: ProjectionPlan], caseInsensitive: Bool,
        holdingArraysFrom holdBytes: Int
    ) {
        self.projection = projection
        self.caseInsensitive = caseInsensitive
        self.holdBytes = holdBytes
        self.reads = reads
        let sorted = plans.sorted { $0.key < $1.key }
        names = sorted.map(\.key)
        utf8 = sorted.map { Array($0.key.utf8) }
        members = sorted.map(\.value)
        buckets = Self.buckets(utf8)
    }

    /// The member whose name is exactly these bytes (a key without escapes).
    @inline(__always)
    func member(matching key: UnsafeRawBufferPointer) -> Int? {
        if let buckets {
            guard let candidates = buckets[Self.signature(key)] else { return nil }
            for i in candidates where Self.same(utf8[i], key) { return i }
            return nil
        }
        for i in utf8.indices where Self.same(utf8[i], key) { return i }
        return nil
    }

    /// The member with this name (a key that had escapes, decoded; any key
    /// when matching case-insensitively).
    func member(named key: String) -> Int? {
        // The same code units, as a lookup compares (`JSONValue.sameText`);
        // ignoring case, the key lowercased against the lowercased names (the
        // lookup then prefers an exact match among the members kept). Not
        // Swift's `<`/`==`: they compare canonical forms, in time quadratic in
        // a run of combining marks.
        var probe = caseInsensitive ? key.lowercased() : key
        return probe.withUTF8 { member(matching: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    private static func same(_ name: [UInt8], _ key: UnsafeRawBufferPointer) -> Bool {
        guard name.count == key.count else { return false }
        for i in name.indices where name[i] != key[i] { return false }
        return true
    }

    /// Many names: their indexes by signature; a few are compared in turn.
    private static func buckets(_ utf8: [[UInt8]]) -> [Int: [Int]]? {
        guard utf8.count > 8 else { return nil }
        var buckets: [Int: [Int]] = [:]
        for (i, bytes) in utf8.enumerated() { buckets[signature(bytes), default: []].append(i) }
        return buckets
    }

    private static func signature<C: RandomAccessCollection<UInt8>>(_ bytes: C) -> Int {
        guard let first = bytes.first, let last = bytes.last else { return 0 }
        return bytes.count << 16 | Int(first) << 8 | Int(last)
    }
}
