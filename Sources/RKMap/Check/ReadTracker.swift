/// Records, while one document is mapped, which members of each mapped object
/// the mapping read, and aggregates the ones nothing read by path pattern
/// (`rkmap check`'s unmapped-key report, docs/spec.md §12 check 3).
///
/// The engine calls `open` before mapping an object and `close` after; reads
/// are known statically from the mapper (its source key paths, the matchers of
/// the dynamic mappers that chose it), so the mapping itself is not slowed by
/// per-lookup bookkeeping. A nil key path attribute reads the whole object; a
/// nil key path relationship maps the same object again, and what its mapper
/// reads counts for the object; `@parent.key` reads a member of an enclosing
/// object; `@root.meta.next_token` reads `next_token` of the document root's
/// `meta` (the other members of `meta` are checked). A descriptor's content
/// is read in every mapped object on the way to it.
///
/// The report is complete once `finish(document:)` was called: the document
/// root's members are reported then, when every `@root` read is known.
///
/// ```swift
/// let tracker = ReadTracker()
/// _ = try engine.map(document: doc, info: info, sink: sink, diagnostics: list, readTracker: tracker)
/// tracker.unmapped  // [$.articles[*].subtitle: 20 times, mapper article]
/// tracker.missing   // [$.articles[*].title: 20 of 20, mapper article]
/// ```
public final class ReadTracker: ReadObserver {
    /// One member path pattern that some mapped objects had and nothing read.
    public struct Unmapped: Sendable, Equatable {
        /// `$.articles[*].subtitle`: array indices are `[*]`, dynamic keys `*`;
        /// members inside objects read through dotted key paths continue the
        /// path (`$.issues[*].reactions.total`).
        public var path: String
        /// The mappers of the objects that had it, first seen first; none for
        /// a member of an unmapped document root.
        public var mapperIDs: [String]
        /// How many mapped objects had it.
        public var count: Int
    }

    /// A source key path a mapper reads that was missing from every object the
    /// mapper mapped (a field the API dropped or renamed), per path pattern.
    public struct Missing: Sendable, Equatable {
        /// `$.articles[*].title`: the objects' path pattern and the key path.
        public var path: String
        public var mapperID: String
        /// Objects mapped at this pattern, all without the key path.
        public var count: Int
    }

    /// Member paths nothing read, sorted by path.
    public var unmapped: [Unmapped] {
        found.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
    }

    /// Source key paths missing from every object their mapper mapped, sorted by path.
    public var missing: [Missing] {
        var out: [Missing] = []
        for entry in entries where entry.mapped > 0 {
            for s in entry.reads.sources.indices where !entry.present[s] {
                let source = String(DocumentPath.render(entry.reads.sourceSteps[s].map {
                    if case .index(let i) = $0 { .index(i) } else if case .key(let k) = $0 { .key(k) } else { .key("") }
                }).dropFirst())
                for (pattern, n) in entry.patterns {
                    out.append(Missing(path: pattern + source, mapperID: entry.id, count: n))
                }
            }
        }
        return out.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
    }

    /// In the order objects were closed (children before their parents).
    private var found: [Unmapped] = []

    /// Objects that no matcher of a dynamic mapper chose a mapper for, per
    /// path pattern: nothing of them is mapped (a `kind` the spec does not
    /// know yet).
    public struct Declined: Sendable, Equatable {
        public var path: String
        public var mapperID: String
        public var count: Int
    }

    /// Declined objects per path pattern, first seen first.
    public private(set) var declinedFound: [Declined] = []
    private var declinedIndex: [ExactText: Int] = [:]

    /// A mapper's reads and what the objects it mapped had.
    ///
    /// A source is reported missing when no object the mapper mapped had
    /// it, for every pattern the objects were at: so what is counted per
    /// object is what it has, found from its members where the mapper reads
    /// many sources (`sourceIndex`), not what it lacks. 20,000 objects of
    /// three keys under a mapper of 4,000 attributes had every source looked
    /// up in each, and each lacking one counted: 10.9 s, where `apply` takes
    /// 0.1 s.
    private final class MapperEntry {
        let id: String
        let reads: MapperReads
        /// Objects mapped (kept).
        var mapped = 0
        /// Objects mapped (kept) per path pattern, first seen first, while
        /// some source was in none of them (after that, none is reported).
        var patterns: [(String, Int)] = []
        /// Per source key path: whether some object mapped (kept) had it.
        var present: [Bool]
        var presentCount = 0
        /// The sources by their first key, for an object of few members
        /// under a mapper of many (`KeySkipIndex`); the mapper's member reads
        /// likewise (`reads.members`).
        let sourceIndex: KeySkipIndex?
        let memberIndex: KeySkipIndex?

        /// `reads.valueDepth` and `reads.rootDepth`, once.
        let valueDepth: Int
        let rootDepth: Int

        init(id: String, reads: MapperReads) {
            self.id = id
            self.reads = reads
            valueDepth = reads.valueDepth
            rootDepth = reads.rootDepth
            present = Array(repeating: false, count: reads.sources.count)
            let sources = reads.sources
            sourceIndex = KeySkipIndex(count: sources.count) { sources[$0].first }
            let members = reads.members.entries.map(\.key)
            memberIndex = KeySkipIndex(count: members.count) { members[$0] }
        }

        var allPresent: Bool { presentCount == present.count }
    }

    /// What was read of one member of a mapped object.
    private enum MemberRead {
        case unread
        case whole
        /// Only through dotted key paths: what is read inside.
        case inner(ReadTree)

        mutating func add(_ other: MemberRead) {
            switch (self, other) {
            case (_, .unread), (.whole, _): return
            case (.unread, _), (_, .whole): self = other
            case (.inner(var mine), .inner(let tree)):
                mine.merge(tree)
                self = .inner(mine)
            }
        }

        /// Whether both read the same (an inner tree's keys in the same order).
        func same(as other: MemberRead) -> Bool {
            switch (self, other) {
            case (.unread, .unread), (.whole, .whole): true
            case (.inner(let a), .inner(let b)): a.same(as: b)
            default: false
            }
        }
    }

    private struct Frame {
        var object: JSONObject
        var reads: [MemberRead]
        var readsAll: Bool
        /// Indices of the mapper's sources the object has, of those no
        /// object mapped before had.
        var has: [Int] = []
        /// `context.parents.count` when the object was opened.
        var parentDepth: Int
        var path: [DocumentPath.Component]
        var entry: MapperEntry
        /// Mapped by a nil-key-path relationship: the object of the frame
        /// below, whose reads this frame's are added to when it closes.
        var composed = false
        /// The member keys of `path` (indices not counted), and the deepest
        /// key count that the reads of this frame's mapper or of an
        /// enclosing frame's reach (`inherit`).
        var keyDepth = 0
        var reachOut = 0
        /// What `@parent` paths of the objects below read of this object
        /// (`@parent.items.qty`): objects of `items` opened later read it;
        /// and the relationship sources among them (`@parent.items`).
        var parentTrees = ReadTree()
        var parentSources: [[String]] = []
        /// `@parent` itself was read of this object (copied whole): all below it is read.
        var parentAll = false
        /// Closed objects below this one that a `@parent` read landing on
        /// this object, or on an enclosing one, may read into (a `@parent`
        /// read lands only on an open object). When this object closes,
        /// each moves to the enclosing frame while such a read may still
        /// come, to `pending` while only a `@root` read may, and otherwise
        /// its unread members are counted. So a read landing here looks at
        /// the objects below it only.
        var held: [Frame] = []
        /// For a held object: the fewest keys deep an object a `@parent`
        /// read may reach it from is (`Int.max`: none), and whether a
        /// `@root` read may reach it.
        var holdDepth = Int.max
        var holdForRoot = false
        /// `holdForRoot` only because `@root` itself may still be read
        /// (`rootMayBeReadWhole`), in a spec with no other `@root` path.
        var holdForWholeRootOnly = false
        /// When it was put in `pending`: its place among the objects
        /// counted apart (`provisionalSteps`), which `finish` keeps.
        var waited = 0
        /// Mapped from a `@root` source (`@root.meta`, for each order): at
        /// its place in the document, which each mapping of it names again.
        var fromRoot = false
        /// How many closed objects this frame in `pending` stands for:
        /// one that a read would mark and count exactly as an earlier one
        /// waits as that one, counted as many (`coalescing(_:)`).
        var copies = 1
        /// Mapped through a relationship whose source is anchored
        /// (`@parent.items`, `@root.meta`): its path names where the
        /// relationship put it, not where it is in the document, so reads
        /// by path from the frames below `frames[outside]` (those open when
        /// the relationship began) and from `@root` paths do not reach it.
        var outside: Int?
    }

    private let caseInsensitive: Bool
    private var frames: [Frame] = []
    /// The document (`begin`): where `@root` paths start.
    private var document: JSONValue?
    /// `containers(path:start:)` for exact keys, which never asks it.
    private let exactKeys = Containers(path: [], start: nil, caseInsensitive: false)
    /// The leading keys of the applied descriptors' key paths: their content
    /// is read, in the document root and in every mapped object on the way
    /// (docs/spec.md §12: an envelope mapper beside a `data` descriptor does not
    /// make `data` unmapped, at the root or at `hits` beside `hits.hits`).
    private var contentPaths: [[String]] = []
    /// The same paths with their indexes (`pages[3].items`): an object
    /// below an array is on the way only in the element the index picks
    /// (where the array's length is not known, every element).
    private var contentSteps: [[KeyPath.Component]] = []
    /// A descriptor without a key path applies: the document itself is its
    /// content, read whole like any descriptor's (a `forceCollection`
    /// dictionary's keys, or a dynamic nesting key, are not unmapped members).
    private var documentIsContent = false
    /// Every applied descriptor's key path starts with a key: a root array's
    /// objects are on the way to the content, not (by an operator or an
    /// index on the array itself, `@distinctUnionOfObjects`, `[1]`) content.
    private var arrayRootIsOnTheWay = false
    /// Whether the document root was mapped as an object (it had a frame).
    private var rootMapped = false
    /// Mapped document roots, closed: their unread members are counted in
    /// `finish`, once every `@root` read is known (a later descriptor's
    /// mapper may read `@root.meta.next_token`).
    private var closedRoots: [Frame] = []
    /// What `@root` key paths of any mapper or matcher read of the document.
    private var rootReads = ReadTree()
    /// Some key path read `@root` itself: the whole document.
    private var rootReadWhole = false
    /// `rootReads` split as `MapperReads.rootValueReads` and
    /// `rootSourceReads` are, for the objects below the root (`inherit`).
    private var rootValueReads = ReadTree()
    private var rootSourceReads: [[String]] = []
    private var rootValueAll = false
    /// The most keys below the document that `rootValueReads` and
    /// `rootSourceReads` reach (`MapperReads.rootDepth`).
    private var rootReach = 0
    /// The mappers whose `@root` reads are in `rootValueReads` and `rootSourceReads`.
    private var rootMerged: Set<ObjectIdentifier> = []
    /// What an enclosing mapper's reads say of the members of an object at
    /// keys below its own (`inherited(from:along:)`), per mapper and keys.
    private var inheritedMemo: [InheritedKey: Inherited] = [:]
    /// The matchers tried for the next object opened (those that chose its
    /// mapper): per dynamic mapper, the ones of `MapperReads.adding(of:)`
    /// up to `through`. Marked one by one: a prefix merged for each object
    /// cost a spec of 2,000 matchers of distinct keys 2 ms an object.
    private var notedMatchers: [(reads: DynamicReads, through: Int)] = []
    private var dynamicReads: [ObjectIdentifier: DynamicReads] = [:]
    /// How many matchers' reads the kept merges of `DynamicReads.outside` hold.
    private var keptOutsideReads = 0
    private var entryByMapper: [ObjectIdentifier: MapperEntry] = [:]
    /// First opened first, so the missing-keys report does not depend on hashing.
    private var entries: [MapperEntry] = []
    private var unmappedIndex: [ExactText: Int] = [:]
    /// The keys of the spec's `@parent` paths (`@parent.items.qty`:
    /// `items`, `qty`), lowercased under `caseInsensitive`, each with how
    /// many of its first keys may lead to an object it reads into (all,
    /// but one less for a path that only counts, `@parent.items.@count`):
    /// what may read into an object mapped, and closed, before the mapping
    /// that reads it runs (a sibling relationship's records reading their
    /// parent's `items`). Such an object waits (`Frame.held`) while an
    /// object such a read could land on is open.
    private let parentSequences: [(keys: [String], leading: Int)]
    /// The same for the spec's `@root` paths, from the document: items
    /// mapped before a shipment that reads `@root.items.qty`.
    private let rootSequences: [(keys: [String], leading: Int)]
    /// The keys of those that end a path (`page.total`, not `page`):
    /// reading along `page` to `total` reads no other member of `page`.
    /// With whether the path reads only that its last member is there
    /// (`@root.items.@count`): then it reads into none of the objects at
    /// or below it (an item of `items`).
    private let rootLeafSequences: [(keys: [String], presence: Bool)]
    /// Closed objects that a later `@root` read may read into: their unread
    /// members are counted at `finish`. (Those a `@parent` read may read
    /// into are `held` by an enclosing frame.)
    private var pending: [Frame] = []
    /// The positions in `pending` of frames another may wait as
    /// (`coalescing(_:)`), by the hash of what makes them alike.
    private var pendingAlike: [Int: [Int]] = [:]
    /// Unread members of closed objects that only a read of `@root` itself
    /// may still read (`Frame.holdForWholeRootOnly`), counted as each
    /// closes but apart from `found`: dropped if that read comes
    /// (`resolvePendingAll`), added to `found` in `finish` otherwise. Such
    /// objects were held in `pending` until then, every object of the
    /// document with its frame (a spec with a `@root` copy that never ran
    /// took 221 MB to check a 10 MB document, 33 MB without it).
    private var provisional: [Unmapped] = []
    private var provisionalIndex: [ExactText: Int] = [:]
    /// For each entry of `provisional`, the member keys of the objects
    /// counted into it (their common start), and whether it was dropped:
    /// a `@root` path that reads whole what holds them (`@root.data` for
    /// the items of `data.items`) came after they closed, and read them all.
    private var provisionalKeys: [(keys: [String], dropped: Bool)] = []
    /// The member keys of the object being counted into `provisional`.
    private var provisionalObjectKeys: [String] = []
    /// When each entry of `provisional` was made and each of its mapper
    /// ids added (`mapper`, -1 for an entry made without one), by the
    /// `waitCount` of the object that made or added it: `finish` counts
    /// them in that order among the objects of `pending`, so that a report
    /// line names its mappers in the order their objects closed, whichever
    /// way each waited.
    private var provisionalSteps: [(waited: Int, entry: Int, mapper: Int, made: Bool)] = []
    /// How many closed objects went to `pending` or were counted apart.
    private var waitCount = 0
    /// `record` counts into `provisional`.
    private var recordingProvisionally = false
    /// Some mapper or matcher of the spec reads `@root` itself (a value,
    /// not a relationship's source): every object closed before it runs
    /// waits for it.
    private let rootMayBeReadWhole: Bool
    /// Some mapper or matcher reads `@parent` itself (a value): an object
    /// closed waits while any object enclosing it is open.
    private let parentMayBeReadWhole: Bool
    /// `frames.count` when each relationship with an anchored source
    /// being mapped began (`Frame.outside`).
    private var anchors: [Int] = []
    /// Per entry of `anchors`: whether the source is from the document
    /// root (`@root.meta`), so that the paths of the objects it maps are
    /// where they are in the document.
    private var anchoredAtRoot: [Bool] = []
    /// The places and mappers of the objects from `@root` sources counted
    /// in this document (`Frame.fromRoot`).
    private var rootSourced: Set<ExactText> = []
    /// Some frame was given `parentTrees` in this document.
    private var parentTreesMarked = false

    /// - Parameters:
    ///   - caseInsensitive: the spec's `keyMatching: caseInsensitive`: a
    ///     read of `sportId` then reads a member spelled `sportID`.
    ///   - graph: the spec, whose `@parent` and `@root` paths may read into
    ///     an object mapped before them (`parentSequences`); without it,
    ///     such reads count only for objects mapped after them.
    public init(caseInsensitive: Bool = false, graph: MappingGraph? = nil) {
        self.caseInsensitive = caseInsensitive
        var parents: [[String]: Int] = [:]
        var roots: [[String]: Int] = [:]
        var rootLeaves: [[String]: Bool] = [:]
        var rootWhole = false
        var parentWhole = false
        for mapper in graph?.mappers ?? [] {
            let reads: MapperReads
            switch mapper {
            case .object(let object): reads = MapperReads(object)
            case .dynamic(let dynamic): reads = MapperReads(dynamic)
            }
            /// Each path of `tree` with how many of its keys lead to an object it reads into.
            func collect(_ tree: ReadTree, into sequences: inout [[String]: Int], leaves: inout [[String]: Bool]) {
                Self.forEachPath(of: tree) { keys, presence, leaf in
                    let folded = caseInsensitive ? keys.map { $0.lowercased() } : keys
                    let leading = presence ? keys.count - 1 : keys.count
                    if leading > 0 { sequences[folded] = max(sequences[folded] ?? 0, leading) }
                    // (A path ends in one node: presence, or a value read whole.)
                    if leaf { leaves[folded] = (leaves[folded] ?? true) && presence }
                }
            }
            var unused: [[String]: Bool] = [:]
            for read in reads.parentReads {
                if read.all { parentWhole = true }
                collect(read.value, into: &parents, leaves: &unused)
                // A source reads into the objects on its way, not the one at its end.
                for keys in read.sources where keys.count > 1 {
                    let folded = caseInsensitive ? keys.map { $0.lowercased() } : keys
                    parents[folded] = max(parents[folded] ?? 0, keys.count - 1)
                }
            }
            collect(reads.rootValueReads, into: &roots, leaves: &rootLeaves)
            if reads.rootValueAll { rootWhole = true }
        }
        rootMayBeReadWhole = rootWhole
        parentMayBeReadWhole = parentWhole
        parentSequences = parents.map { ($0.key, $0.value) }
        rootSequences = roots.map { ($0.key, $0.value) }
        rootLeafSequences = rootLeaves.map { ($0.key, $0.value) }
    }

    /// Every path from the top of `tree` to one of its nodes, whether
    /// the node reads only that the member is there (`addPresence`), and
    /// whether it ends a path (nothing is read below it but it).
    private static func forEachPath(of tree: ReadTree, prefix: [String] = [], _ body: ([String], Bool, Bool) -> Void) {
        for (key, node) in tree.entries {
            let path = prefix + [key]
            if case .inner(let inner) = node {
                body(path, inner.isEmpty, inner.isEmpty)
                forEachPath(of: inner, prefix: path, body)
            } else {
                body(path, false, true)
            }
        }
    }

    /// The objects holding the member keys of a path below an object
    /// (`start`), as the engine's lookup follows them, found on the first
    /// need: under `keyMatching: caseInsensitive` which member a read key
    /// equal to a path's key ignoring case names depends on the object (in
    /// an order with `items` and `Items`, `@parent.items` reads `items`
    /// only). A key collected through an array is held by the element its
    /// index picks (`$.entry[2].resource`); with no index after it, by
    /// every element, and not known.
    private final class Containers {
        private let path: ArraySlice<DocumentPath.Component>
        private let start: JSONValue?
        private let caseInsensitive: Bool
        private var objects: [JSONObject?]?
        /// Some key's object was asked for: what was found depends on the objects.
        private(set) var consulted = false

        private let elements: HeldElementCache?

        init(path: ArraySlice<DocumentPath.Component>, start: JSONValue?, caseInsensitive: Bool, elements: HeldElementCache? = nil) {
            self.path = path
            self.start = start
            self.caseInsensitive = caseInsensitive
            self.elements = elements
        }

        /// The object holding member key `n` of the path (`keys(_:)`'s order).
        func object(holdingKey n: Int) -> JSONObject? {
            consulted = true
            if objects == nil { objects = walk() }
            return n < objects!.count ? objects![n] : nil
        }

        private func walk() -> [JSONObject?] {
            var objects: [JSONObject?] = []
            var current = start
            // Keys collected through arrays, waiting for the index that
            // picks their element (`DocumentPath.render`'s order).
            var waiting: [(n: Int, key: String, level: Int)] = []
            func enter(_ n: Int, _ key: String) {
                while objects.count <= n { objects.append(nil) }
                if case .compact(let held)? = current, held.elements == nil { current = held.expanded }
                if case .object(let object)? = current {
                    objects[n] = object
                    current = KeyPath.lookup(key, in: .object(object), caseInsensitive: caseInsensitive)
                } else {
                    current = nil
                }
            }
            func unknown() {
                guard !waiting.isEmpty else { return }
                while objects.count <= waiting.last!.n { objects.append(nil) }
                waiting.removeAll()
                current = nil
            }
            var n = 0
            for component in path {
                switch component {
                case .index(let i):
                    current = current.flatMap { elements?.element(i, of: $0) ?? KeyPath.element(i, of: $0) }
                    for w in waiting.indices { waiting[w].level -= 1 }
                    while let first = waiting.first, first.level <= 0 {
                        enter(first.n, first.key)
                        waiting.removeFirst()
                    }
                case .within(let k, let level):
                    waiting.append((n, k, level))
                    n += 1
                case .key(let k), .dynamicKey(let k):
                    unknown()
                    enter(n, k)
                    n += 1
                }
            }
            unknown()
            return objects
        }
    }

    // MARK: The document

    /// Before mapping: the key paths of the descriptors that apply.
    ///
    /// - Parameter document: the document being mapped (its skeleton when
    ///   it is mapped element by element), which `@root` paths read.
    public func begin(contentKeyPaths: [KeyPath], document: JSONValue? = nil) {
        self.document = document
        way = []
        heldElements.removeAll()
        documentIsContent = contentKeyPaths.contains(where: \.isNil)
        arrayRootIsOnTheWay = contentKeyPaths.allSatisfy { $0.anchor == .representation && !MapperReads.keys(of: $0).isEmpty }
        contentPaths = contentKeyPaths.compactMap { path in
            guard path.anchor == .representation else { return nil }
            // Indexes passing through as a read's do (docs/spec.md §12 check 3).
            let keys = MapperReads.keys(of: path)
            return keys.isEmpty ? nil : keys
        }
        contentSteps = contentKeyPaths.compactMap { path in
            guard path.anchor == .representation, !MapperReads.keys(of: path).isEmpty else { return nil }
            var steps: [KeyPath.Component] = []
            for component in path.components {
                if case .collection = component { break }
                steps.append(component)
            }
            return steps
        }
    }

    /// After mapping: the unread members of the document root. A mapped root's
    /// are counted now, with the `@root` reads of every mapper; an object root
    /// that no mapper mapped has its members that nothing read (no
    /// descriptor's content, no `@root` read) reported like any other
    /// (docs/spec.md §12 check 3), with no mapper.
    public func finish(document: JSONValue) {
        self.document = nil
        rootSourced = []
        way = []
        heldElements.removeAll()
        let waiting = pending
        pending = []
        pendingAlike = [:]
        parentTreesMarked = false
        // The unread members counted apart while `@root` itself might still
        // be read (it was not), each entry's count once, with the step that
        // made it; and those of the objects held back for a read that did
        // not come (a `@root` relationship source reads the document but
        // none of its members; only a value read of `@root` itself reads
        // them, and marked them as it came, `resolvePendingAll`). Both in
        // the order the objects closed.
        var step = 0
        func countApart(before waited: Int) {
            while step < provisionalSteps.count, provisionalSteps[step].waited < waited {
                let (_, e, mapper, made) = provisionalSteps[step]
                step += 1
                if provisionalKeys[e].dropped { continue }
                record(provisional[e].path, mapperID: mapper < 0 ? nil : provisional[e].mapperIDs[mapper], count: made ? provisional[e].count : 0)
            }
        }
        for frame in waiting {
            countApart(before: frame.waited)
            recordUnread(frame)
        }
        countApart(before: .max)
        provisional = []
        provisionalIndex = [:]
        provisionalSteps = []
        provisionalKeys = []
        // Left open by a mapping that stopped early: what they hold is counted too.
        for f in frames.indices {
            for frame in frames[f].held { recordUnread(frame) }
            frames[f].held = []
        }
        let roots = closedRoots
        closedRoots = []
        if var merged = roots.first {
            // Every mapping of the document root is of one object (two
            // descriptors without a key path, a `"from": "@root"`
            // relationship): a member any of them read is read (docs/spec.md
            // §12 check 3), one none read is counted once, under each mapper.
            for frame in roots.dropFirst() {
                merged.readsAll = merged.readsAll || frame.readsAll
                for i in merged.reads.indices where i < frame.reads.count { merged.reads[i].add(frame.reads[i]) }
            }
            if rootReadWhole { merged.readsAll = true } else { mark(rootReads, in: &merged) }
            recordUnread(merged)
            var named: [ObjectIdentifier] = [ObjectIdentifier(merged.entry)]
            for frame in roots.dropFirst() where !named.contains(ObjectIdentifier(frame.entry)) {
                named.append(ObjectIdentifier(frame.entry))
                var alike = merged
                alike.entry = frame.entry
                alike.copies = 0
                recordUnread(alike)
            }
        }
        guard !rootMapped, !rootReadWhole, !documentIsContent else { return }
        // A root array too: its objects are on the way to content found
        // through it (`results` in `[{"request_id": "r-1", "results": [...]}]`,
        // docs/spec.md §2), and their other members were never reported.
        switch document {
        case .object:
            break
        case .array where arrayRootIsOnTheWay:
            break
        default:
            return
        }
        var read = rootReads
        // The content is read whole, the objects on the way to it only along
        // the path: `_embedded.persons` beside `_embedded.people` is reported.
        for keys in contentPaths { read.add(keys[...]) }
        recordUnread(in: document, tree: read, at: "$", mapperID: nil)
    }

    // MARK: ReadObserver

    func enterAnchoredSource(atRoot: Bool) {
        anchors.append(frames.count)
        anchoredAtRoot.append(atRoot)
    }

    func leaveAnchoredSource() {
        anchors.removeLast()
        anchoredAtRoot.removeLast()
    }

    func noteMatchers(of dynamic: DynamicMapper, through last: Int?) {
        let id = ObjectIdentifier(dynamic)
        let reads: DynamicReads
        if let known = dynamicReads[id] {
            reads = known
        } else {
            reads = DynamicReads(MapperReads.adding(of: dynamic))
            dynamicReads[id] = reads
        }
        guard let first = reads.adding.first, first.index <= last ?? Int.max else { return }
        notedMatchers.append((reads, last ?? Int.max))
    }

    /// A dynamic mapper's matchers that read a key no earlier one reads
    /// (`MapperReads.adding(of:)`), and what those reading outside the
    /// object (`@parent`, `@root`) read up to each, merged once: merged for
    /// each object, 2,000 matchers of `@parent.kN` took 25.6 s for 20,000
    /// items (14.3 s before the matchers were told apart).
    private final class DynamicReads {
        let adding: [(index: Int, reads: MapperReads)]
        /// Positions in `adding` of the matchers that read outside the object.
        let outside: [Int]
        /// The outside reads of the first `n` of `outside`, by `n`.
        var merged: [Int: MapperReads] = [:]

        init(_ adding: [(index: Int, reads: MapperReads)]) {
            self.adding = adding
            outside = adding.indices.filter { adding[$0].reads.readsOutside }
        }

        /// How many of `outside` are tried up to matcher `through`.
        func outsideCount(through: Int) -> Int {
            var low = 0, high = outside.count
            while low < high {
                let mid = (low + high) / 2
                if adding[outside[mid]].index <= through { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// Calls `body` with the reads of each matcher noted since the last open.
    private func forEachMatcherRead(_ body: (MapperReads) -> Void) {
        for (dynamic, through) in notedMatchers {
            for (index, reads) in dynamic.adding {
                if index > through { break }
                body(reads)
            }
        }
    }

    /// The outside reads of the first `n` outside-reading matchers of
    /// `dynamic`, kept while the kept ones are few.
    private func outsideReads(of dynamic: DynamicReads, first n: Int) -> MapperReads {
        if let known = dynamic.merged[n] { return known }
        var reads = MapperReads()
        for i in dynamic.outside.prefix(n) { reads.add(dynamic.adding[i].reads) }
        // One `@parent` read per depth: landing on the same object, they
        // read there what each would (2,000 matchers of `@parent.kN` were
        // 2,000 reads landed for each object).
        var byDepth: [Int: Int] = [:]
        var parents: [MapperReads.ParentRead] = []
        for read in reads.parentReads {
            guard let at = byDepth[read.n] else {
                byDepth[read.n] = parents.count
                parents.append(read)
                continue
            }
            parents[at].tree.merge(read.tree)
            parents[at].value.merge(read.value)
            parents[at].sources += read.sources.filter { !parents[at].sources.contains($0) }
            parents[at].all = parents[at].all || read.all
        }
        reads.parentReads = parents
        if keptOutsideReads + n <= 1 << 16 {
            keptOutsideReads += n
            dynamic.merged[n] = reads
        }
        return reads
    }

    /// What the matchers noted read of the object (`members`); whether
    /// some read it all (a nil key path, `SELF`).
    private func markMatcherReads(in frame: inout Frame) {
        forEachMatcherRead { reads in
            if reads.all { frame.readsAll = true }
            if !frame.readsAll { mark(reads.members, in: &frame) }
        }
    }

    func discardMatcherReads(parentDepth: Int) {
        keepOutsideMatcherReads(parentDepth: parentDepth)
    }

    func declined(_ value: JSONValue, by dynamic: DynamicMapper, path: [DocumentPath.Component]) {
        // A declined object is drift to report (a new `kind`, a changed
        // shape): nothing maps it. `null` and scalars are declined quietly.
        guard case .object = value else { return }
        if let top = frames.last, !notedMatchers.isEmpty, top.path.count == path.count, Self.same(top.path, path[...]) {
            // The enclosing object itself, declined for a nil key path
            // relationship: the matchers read it all the same.
            markMatcherReads(in: &frames[frames.count - 1])
        }
        let pattern = Self.pattern(path)
        if let i = declinedIndex[ExactText(pattern)] {
            declinedFound[i].count += 1
        } else {
            declinedIndex[ExactText(pattern)] = declinedFound.count
            declinedFound.append(Declined(path: pattern, mapperID: dynamic.id, count: 1))
        }
    }

    func open(_ object: JSONObject, mapper: ObjectMapper, path: [DocumentPath.Component], parentDepth: Int, composed: Bool) {
        let entry = self.entry(for: mapper)
        let reads = entry.reads
        var frame = Frame(
            object: object, reads: [MemberRead](repeating: .unread, count: object.count), readsAll: reads.all,
            parentDepth: parentDepth, path: path, entry: entry)
        if let below = frames.last {
            if composed, below.path.count == path.count, Self.same(below.path, path[...]) {
                // A nil-key-path relationship maps the object below again.
                frame.composed = true
            } else if path.count == below.path.count + 1, case .dynamicKey(let key)? = path.last,
                      Self.same(below.path, path.dropLast()) {
                // A member of the object below mapped as a dynamic key (a nil
                // key path relationship to a `keyAttribute` mapper): read.
                mark(key, in: &frames[frames.count - 1])
            }
        }
        if !frame.readsAll {
            if let order = entry.memberIndex?.order(of: object, caseInsensitive: caseInsensitive) {
                // Only the reads whose key the object has can find a member.
                for i in order { mark(reads.members.entries[i], in: &frame) }
            } else {
                mark(reads.members, in: &frame)
            }
            if !notedMatchers.isEmpty { markMatcherReads(in: &frame) }
        }
        keepOutsideMatcherReads(parentDepth: frame.parentDepth)
        if !entry.allPresent {
            // A source whose first key the object lacks is not there. Once
            // some object had a source, it cannot be missing from every one:
            // it is not looked up again.
            let has = { (s: Int) in
                !entry.present[s] && Self.present(reads.sourceSteps[s][...], in: .object(object), caseInsensitive: self.caseInsensitive)
            }
            if let order = entry.sourceIndex?.order(of: object, caseInsensitive: caseInsensitive) {
                for s in order where has(s) { frame.has.append(s) }
            } else {
                for s in reads.sources.indices where has(s) { frame.has.append(s) }
            }
        }
        for read in reads.parentReads {
            // The n-th enclosing object was opened with n fewer parents (a
            // composed frame, one more than the object it maps again, which
            // it passes its reads to); one that had no frame (not an object)
            // is passed over, hence `<=`.
            let target = parentDepth - read.n
            if let i = frames.lastIndex(where: { $0.parentDepth <= target }) { markParentRead(read, at: i) }
        }
        if path.isEmpty { rootMapped = true }
        frame.outside = anchors.last
        // A descriptor's content is read in an object at its place: also one
        // a `@root` source maps (the document root of `"from": "@root"`).
        frame.fromRoot = frame.outside != nil && anchoredAtRoot.last == true
        if frame.outside == nil || frame.fromRoot { markContent(in: &frame) }
        // `@root` reads are marked on the mapped roots in `finish`.
        rootReads.merge(reads.root)
        if reads.rootAll { rootReadWhole = true }
        if rootMerged.insert(ObjectIdentifier(entry)).inserted {
            resolvePending(reads.rootValueReads, landing: nil)
            dropProvisional(readWhole: reads.rootValueReads)
            if reads.rootValueAll, !rootValueAll { resolvePendingAll() }
            rootValueReads.merge(reads.rootValueReads)
            rootSourceReads += reads.rootSourceReads
            if reads.rootValueAll { rootValueAll = true }
            rootReach = max(rootReach, entry.rootDepth)
        }
        frame.keyDepth = Self.keyCount(path)
        let reach = entry.valueDepth == Int.max ? Int.max : frame.keyDepth + entry.valueDepth
        frame.reachOut = max(reach, frames.last?.reachOut ?? 0)
        if !frame.readsAll, !path.isEmpty { inherit(into: &frame) }
        frames.append(frame)
    }

    // MARK: Reads by other mappings (docs/spec.md §12: "any mapping")

    private struct InheritedKey: Hashable {
        let mapper: ObjectIdentifier
        let keys: [String]
    }

    /// What reads of an enclosing object, or of the document, read of an
    /// object below it: all of it, or these trees of its members.
    private struct Inherited {
        var all = false
        var trees: [ReadTree] = []
    }

    /// Marks what mappings other than the object's own read of it: an
    /// enclosing mapper's attributes, matchers and predicates through its
    /// key (`items.extra` on the list reads `extra` of each item; `items`
    /// copied whole, or a nil key path attribute, reads all of them), the
    /// source of a relationship through it (`items.owner` reads each item's
    /// `owner`, whose members its own mapper reads), and `@root` key paths
    /// (`@root.items.name`, of every mapper opened so far). A relationship
    /// whose source is the object itself reads none of its members.
    private func inherit(into frame: inout Frame) {
        // Mapped through an anchored source: only the frames opened inside
        // that relationship enclose it where it is.
        let from = frame.outside ?? 0
        if parentTreesMarked {
            // `@parent` reads of an enclosing object made before this one
            // was opened (by the records of a relationship mapped first).
            for below in frames[from...] where (!below.parentTrees.isEmpty || !below.parentSources.isEmpty || below.parentAll)
                && below.path.count < frame.path.count && Self.same(below.path, frame.path.prefix(below.path.count)) {
                if below.parentAll {
                    frame.readsAll = true
                    return
                }
                guard let keys = Self.keys(frame.path[below.path.count...]), !keys.isEmpty else { continue }
                let found = inherited(values: below.parentTrees, sources: below.parentSources, all: false, along: keys,
                                      path: frame.path[below.path.count...], from: .object(below.object))
                if apply(found, to: &frame) { return }
            }
        }
        // Innermost first; once no frame from here out reaches this deep, stop.
        // Inside an object read whole (copied): read whole too. The
        // innermost enclosing frame tells: each was marked so when opened.
        if let below = frames[from...].last(where: { $0.path.count < frame.path.count }), below.readsAll,
           Self.same(below.path, frame.path.prefix(below.path.count)) {
            frame.readsAll = true
            return
        }
        for below in frames[from...].reversed() {
            if below.reachOut < frame.keyDepth { break }
            let reach = below.entry.valueDepth == Int.max ? Int.max : below.keyDepth + below.entry.valueDepth
            guard reach >= frame.keyDepth, below.path.count < frame.path.count,
                  Self.same(below.path, frame.path.prefix(below.path.count)) else { continue }
            if below.entry.reads.all {
                frame.readsAll = true
                return
            }
            guard let keys = Self.keys(frame.path[below.path.count...]), !keys.isEmpty else { continue }
            let memo = InheritedKey(mapper: ObjectIdentifier(below.entry), keys: keys)
            let found: Inherited
            if let known = inheritedMemo[memo] {
                found = known
            } else {
                let reads = below.entry.reads
                let containers = containers(path: frame.path[below.path.count...], start: .object(below.object))
                found = inherited(values: reads.valueReads, sources: reads.sourceReads, all: reads.all, along: keys, containers: containers)
                // Found through the objects on the way: theirs, not the mapper's.
                if !containers.consulted { inheritedMemo[memo] = found }
            }
            if apply(found, to: &frame) { return }
        }
        guard frame.outside == nil else { return }
        if rootValueAll {
            frame.readsAll = true
            return
        }
        guard frame.keyDepth <= rootReach, let keys = Self.keys(frame.path[...]), !keys.isEmpty else { return }
        _ = apply(inherited(values: rootValueReads, sources: rootSourceReads, all: false, along: keys,
                            path: frame.path[...], from: document), to: &frame)
    }

    /// The member keys of `path` (`keys(_:)`'s count, dynamic keys too).
    private static func keyCount(_ path: [DocumentPath.Component]) -> Int {
        var n = 0
        for component in path {
            if case .index = component { continue }
            n += 1
        }
        return n
    }

    /// - Returns: whether the frame now reads all of its object.
    private func apply(_ found: Inherited, to frame: inout Frame) -> Bool {
        if found.all {
            frame.readsAll = true
            return true
        }
        for tree in found.trees { mark(tree, in: &frame) }
        return false
    }

    /// What `values` and `sources`, read of the object `start`, read of the
    /// object at `path` below it (`keys`, its member keys). A key of the
    /// reads names the member of the object on the way that the engine's
    /// lookup finds for it, which under `keyMatching: caseInsensitive` is
    /// not every key equal to it ignoring case: `items` read names `items`,
    /// not `Items` beside it (`Containers`).
    private func inherited(
        values: ReadTree, sources: [[String]], all: Bool, along keys: [String],
        path: ArraySlice<DocumentPath.Component>, from start: JSONValue?
    ) -> Inherited {
        inherited(values: values, sources: sources, all: all, along: keys,
                  containers: containers(path: path, start: start))
    }

    /// The objects on a path, asked for only under `caseInsensitive`: for
    /// exact keys one shared instance stands for all (no allocation for
    /// each object opened and each frame enclosing it).
    private func containers(path: ArraySlice<DocumentPath.Component>, start: JSONValue?) -> Containers {
        caseInsensitive ? Containers(path: path, start: start, caseInsensitive: true, elements: heldElements) : exactKeys
    }

    private func inherited(values: ReadTree, sources: [[String]], all: Bool, along keys: [String], containers: Containers) -> Inherited {
        var found = Inherited(all: all)
        guard !all else { return found }
        // What values read along the keys: a whole read on the way reads
        // the object whole; an inner tree at its end, those members.
        var tree = values
        var reached = true
        for (n, key) in keys.enumerated() {
            guard let node = node(ofKey: n, key, in: tree, containers: containers) else {
                reached = false
                break
            }
            switch node {
            case .whole:
                found.all = true
                return found
            case .inner(let inner):
                tree = inner
            }
        }
        if reached, !tree.isEmpty { found.trees.append(tree) }
        // Sources through the object: the members they map (a source that
        // ends at the object, or on the way to it, reads none of its members).
        tree = ReadTree()
        for source in sources where source.count > keys.count
            && keys.indices.allSatisfy({ names(source[$0], key: $0, keys[$0], containers) }) {
            tree.add(source[keys.count...])
        }
        if !tree.isEmpty { found.trees.append(tree) }
        return found
    }

    /// The node of the member that key `n` of a path (`key`) names in
    /// `tree`: the read of that key, and under `caseInsensitive` of each
    /// key that the lookup in the object holding it follows to the same
    /// member (`Meta.z` and `META.PAGE` both read `Meta`), merged.
    private func node(ofKey n: Int, _ key: String, in tree: ReadTree, containers: Containers) -> ReadTree.Node? {
        var found = tree.position(ofKey: key).map { tree.entries[$0].node }
        guard caseInsensitive else { return found }
        for entry in tree.entries where !JSONObject.sameKey(entry.key, key) && names(entry.key, key: n, key, containers) {
            found = found.map { $0.merged(with: entry.node) } ?? entry.node
        }
        return found
    }

    /// Whether the read key `read` names the member that key `n` of a
    /// path (`key`) names: the same key, or under `caseInsensitive` one
    /// equal ignoring case that the lookup in the object holding them
    /// follows to the same member. Where that object is not known (a key
    /// collected through an array with no index after it), it does not: a
    /// member a read reached may be reported, none that no read reached
    /// passes.
    private func names(_ read: String, key n: Int, _ key: String, _ containers: Containers) -> Bool {
        if JSONObject.sameKey(read, key) { return true }
        guard caseInsensitive, read.lowercased() == key.lowercased(), let object = containers.object(holdingKey: n),
              let member = index(of: key, in: object) else { return false }
        return index(of: read, in: object) == member
    }

    /// The member keys of a path below an object (an index passes through,
    /// as a key path through an array reads each element). A dynamic key is
    /// data, but a key path may name it all the same (`@root.users.admin.email`
    /// reads the email of the user keyed `admin`).
    private static func keys(_ components: ArraySlice<DocumentPath.Component>) -> [String]? {
        var keys: [String] = []
        for component in components {
            switch component {
            case .key(let k), .within(let k, _), .dynamicKey(let k): keys.append(k)
            case .index: continue
            }
        }
        return keys
    }

    /// The next key of each descriptor content below the frame's object: read
    /// whole (its objects are mapped, and checked, by that descriptor's mapper).
    private func markContent(in frame: inout Frame) {
        guard !contentSteps.isEmpty else { return }
        // The frame's path against each content path: an index in the frame
        // where the path has a key passes through (an element of `entry` is
        // on the way to `entry.resource`, as KVC collects through arrays);
        // where the path has an index, the element must be the one it picks
        // (one from the end, whose array's length is not known here, any).
        for steps in contentSteps {
            var p = 0
            var onTheWay = true
            walk: for (position, component) in frame.path.enumerated() {
                switch component {
                case .key(let k), .within(let k, _):
                    while p < steps.count, case .index = steps[p] { p += 1 }
                    guard p < steps.count, case .key(let key) = steps[p], keyEquals(k, key) else {
                        onTheWay = false
                        break walk
                    }
                    p += 1
                case .index(let i):
                    if p < steps.count, case .index(let n) = steps[p] {
                        // Either may count from the end (a path keeps an
                        // index as written): compared as positions.
                        if n != i {
                            let count = n < 0 || i < 0 ? arrayCount(at: frame.path[..<position]) : nil
                            let picked = n >= 0 ? n : count.map { $0 + n }
                            let element = i >= 0 ? i : count.map { $0 + i }
                            if let picked, let element, picked != element {
                                onTheWay = false
                                break walk
                            }
                        }
                        p += 1
                    }
                case .dynamicKey:
                    return
                }
            }
            guard onTheWay else { continue }
            var rest: [String] = []
            for step in steps[p...] { if case .key(let k) = step { rest.append(k) } }
            guard !rest.isEmpty else { continue }
            var tree = ReadTree()
            tree.add(rest[...])
            mark(tree, in: &frame)
        }
    }

    /// How many elements the array at `path` (keys and indexes from the
    /// document root) has in the document being mapped, or nil where that
    /// is not known (no document, another kind of step, not an array).
    private func arrayCount(at path: ArraySlice<DocumentPath.Component>) -> Int? {
        guard var current = document else { return nil }
        for component in path {
            switch component {
            case .key(let k):
                guard case .object(let object) = current, let next = object[k] else { return nil }
                current = next
            case .index(let i):
                guard let next = KeyPath.element(i, of: current) else { return nil }
                current = next
            default:
                return nil
            }
        }
        switch current {
        case .array(let elements): return elements.count
        case .compact(let held) where held.kind == .array && held.elements != nil: return held.heldCount
        default: return nil
        }
    }

    private func keyEquals(_ a: String, _ b: String) -> Bool {
        JSONObject.sameKey(a, b) || (caseInsensitive && a.lowercased() == b.lowercased())
    }

    private static func same(_ a: [DocumentPath.Component], _ b: ArraySlice<DocumentPath.Component>) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.key(let p), .key(let q)), (.dynamicKey(let p), .dynamicKey(let q)): if p != q { return false }
            case (.index(let p), .index(let q)): if p != q { return false }
            case (.within(let p, let l), .within(let q, let m)): if p != q || l != m { return false }
            default: return false
            }
        }
        return true
    }

    /// Ends the innermost object; with `keep` (the object was mapped), its
    /// unread members and missing key paths are counted. With `noKeyPresent`
    /// (it had none of the mapper's keys, docs/spec.md §5.2, and made no
    /// record) its unread members are: they are in the document and nothing
    /// maps them (`{"x": 5}` among items read by `id`). A record a
    /// validation rejected is the spec's choice: its members are not reported.
    func close(keep: Bool, noKeyPresent: Bool) {
        let frame = frames.removeLast()
        if frame.composed, !frames.isEmpty {
            // The same object as the frame below: what this mapper read, it read there.
            frames[frames.count - 1].readsAll = frames[frames.count - 1].readsAll || frame.readsAll
            for i in frame.reads.indices { frames[frames.count - 1].reads[i].add(frame.reads[i]) }
            frames[frames.count - 1].parentTrees.merge(frame.parentTrees)
            frames[frames.count - 1].parentSources += frame.parentSources
            if frame.parentAll { frames[frames.count - 1].parentAll = true }
            frames[frames.count - 1].held += frame.held
        } else {
            // No `@parent` read can land on this object any more.
            for held in frame.held where !keepHolding(held) { recordUnread(held) }
        }
        // An object a nil key path relationship maps again counts as mapped
        // by its mapper for the missing-keys check even when it made no
        // record (RestKit makes none from an object without any of its
        // keys, and no warning): those keys missing from every such object
        // is an API that dropped them, not a pass. One that had none of its
        // mapper's keys does not count for it (its warning names the keys),
        // but its members are reported below.
        guard keep || frame.composed || noKeyPresent else { return }
        let entry = frame.entry
        var pattern: String?
        if keep || frame.composed { entry.mapped += 1 }
        if keep || frame.composed, !entry.allPresent {
            let base = Self.pattern(frame.path)
            pattern = base
            if let i = entry.patterns.lastIndex(where: { $0.0 == base }) {
                entry.patterns[i].1 += 1
            } else {
                entry.patterns.append((base, 1))
            }
            for s in frame.has where !entry.present[s] {
                entry.present[s] = true
                entry.presentCount += 1
            }
        }
        if frame.composed { return }
        if frame.path.isEmpty {
            closedRoots.append(frame)
            return
        }
        var waiting = frame
        // The objects below it that wait were put where they wait above.
        waiting.held = []
        (waiting.holdForRoot, waiting.holdForWholeRootOnly, waiting.holdDepth) = hold(frame)
        if !keepHolding(waiting) { recordUnread(frame, pattern: pattern) }
    }

    /// Whether a `@parent` path of the spec may read into the object of
    /// `frame` once it is closed (`parentSequences`): its keys end with the
    /// first keys of one that reads into what they lead to (a dynamic key
    /// is a key a path may name), and the enclosing object it would read from has not been
    /// read so already (then the object inherited the read when it was
    /// opened: the items of a record whose items read `@parent.items.name`
    /// are not held back); or a `@root` path, of keys all the way.
    private func hold(_ frame: Frame) -> (root: Bool, wholeRootOnly: Bool, depth: Int) {
        // Read all already, or a spec that reads no `@parent`/`@root` path
        // into objects: nothing to wait for (and no path to fold per object).
        if frame.readsAll { return (false, false, .max) }
        guard !parentSequences.isEmpty || !rootSequences.isEmpty || rootMayBeReadWhole || parentMayBeReadWhole else {
            return (false, false, .max)
        }
        let folded = foldedKeys(frame.path)
        // A `@root` path whose keys lead to the object (or into it through
        // the document's arrays), not read along already by a mapper
        // opened before (`rootValueReads`, which objects opened after it
        // inherit).
        // A copy from an anchored source is not where `@root` paths read.
        let whole = frame.outside == nil && rootMayBeReadWhole && !rootValueAll
        // A `@root` path may still read into it: a later read marks what
        // it reads on the object, which must then be held as it is. (One
        // read along a path already was inherited when it was opened, or
        // marked on it while open: a later one along it adds nothing.)
        let byPath = frame.outside == nil && !rootValueAll && rootSequences.contains { s in
            folded.count <= s.leading && s.keys.prefix(folded.count).elementsEqual(folded)
                && !reads(rootValueReads, along: s.keys)
        }
        // A `@root` path that reads whole the object or what holds it
        // (`"@root.data": "d"` for an item of `data.items`), not read yet:
        // a later mapper's copy reads all of it.
        let copied = frame.outside == nil && !rootValueAll && rootLeafSequences.contains { leaf in
            !leaf.presence && leaf.keys.count <= folded.count && folded.prefix(leaf.keys.count).elementsEqual(leaf.keys)
                && !readsWhole(rootValueReads, at: leaf.keys)
        }
        let root = whole || byPath || copied
        // Counted apart only when no `@root` path but `@root` itself, or
        // one that reads whole the object or what holds it, can reach it:
        // all of it, or nothing. A later `@root.items` (or
        // `@root.items.name` after a `@root.items.id`) may read into an
        // object, or below one, that `byPath` does not name, and marks it
        // only while it waits. A path whose keys part from the object's
        // before either ends (`@root.page.total` for an item of `items`, or
        // of `page.items`) never reaches it; nor does one that only counts
        // what holds it (`@root.items.@count`, which reads how many items
        // there are).
        let wholeOnly = (whole || copied) && rootLeafSequences.allSatisfy { leaf in
            zip(folded, leaf.keys).contains { $0 != $1 } || (leaf.presence && folded.count >= leaf.keys.count)
                || (!leaf.presence && leaf.keys.count <= folded.count)
        }
        // Any enclosing object may be copied by a `@parent` read still to come.
        if parentMayBeReadWhole { return (root, wholeOnly, 0) }
        var shallowest = Int.max
        for s in parentSequences {
            for j in stride(from: 1, through: min(s.leading, folded.count), by: 1)
            where folded.suffix(j).elementsEqual(s.keys.prefix(j))
                && !readAlready(s.keys, below: folded.count - j, of: frame) {
                shallowest = min(shallowest, folded.count - j)
            }
        }
        return (root, wholeOnly, shallowest)
    }

    /// Puts a closed object that a read may still reach where it waits
    /// (`Frame.held`): in the innermost open frame while a `@parent` read
    /// may land on it or an enclosing one, else in `pending` while a
    /// `@root` read may come. False when nothing may read it any more.
    private func keepHolding(_ frame: Frame) -> Bool {
        guard !frame.readsAll else { return false }
        // A copy from an anchored source waits only inside the relationship
        // that maps it: no read from outside reaches it.
        if let last = frames.indices.last, frames[last].keyDepth >= frame.holdDepth, last >= frame.outside ?? 0 {
            holding(frame, in: last)
            return true
        }
        if frame.holdForWholeRootOnly {
            // Only `@root` itself may read it, all of it or nothing: its
            // unread members are counted now, apart, and it is let go.
            waitCount += 1
            recordingProvisionally = true
            provisionalObjectKeys = foldedKeys(frame.path)
            recordUnread(frame)
            recordingProvisionally = false
            return true
        }
        if frame.holdForRoot {
            waitCount += 1
            var frame = frame
            frame.waited = waitCount
            coalescing(frame)
            return true
        }
        return false
    }

    /// Puts `frame` in `pending`, or counts it as a copy of a frame there
    /// that any later read would mark and count as it (the same mapper,
    /// the same path but for indices, the same reads so far, an object of
    /// the same keys at every depth): the items of a document whose copy
    /// of `@root` beside `@root.items.id` waited each with its tree until
    /// the end (13.9 times the document), though all would be counted the
    /// same. A later read marks what waits by the keys on its path and
    /// the object's keys, so the copies stay alike; their unread members
    /// are counted with the first's, which made every line they add to.
    /// Under `keyMatching: caseInsensitive` a read's key names the member
    /// that the lookup in each object on the way follows, which may differ
    /// by index: only frames whose every object on the way has one member
    /// under the path's key ignoring case are alike
    /// (`followsItsOwnMembersOnly`). A copy from an anchored source is not
    /// reached by path: each such frame waits as itself.
    private func coalescing(_ frame: Frame) {
        var hasher = Hasher()
        guard frame.outside == nil, Self.hashShape(.object(frame.object), into: &hasher),
              followsItsOwnMembersOnly(frame.path) else {
            pending.append(frame)
            return
        }
        hasher.combine(ObjectIdentifier(frame.entry))
        hasher.combine(frame.holdForWholeRootOnly)
        hasher.combine(frame.holdDepth)
        for component in frame.path {
            switch component {
            case .key(let k): hasher.combine(0); hasher.combine(ExactText(k))
            case .dynamicKey(let k): hasher.combine(1); hasher.combine(ExactText(k))
            case .within(let k, let l): hasher.combine(2); hasher.combine(ExactText(k)); hasher.combine(l)
            case .index: hasher.combine(3)
            }
        }
        let hash = hasher.finalize()
        // The last few alike by hash: frames that differ only in reads
        // differ by a read that came between them, so few are looked at.
        for p in (pendingAlike[hash] ?? []).suffix(4).reversed() where Self.alike(pending[p], frame) {
            pending[p].copies += frame.copies
            return
        }
        pendingAlike[hash, default: []].append(pending.count)
        pending.append(frame)
    }

    /// Puts `frame` in `frames[f].held`, or counts it as a copy of one of
    /// the last few there that any later read would mark and count as it
    /// (`coalescing(_:)`): the items of a record that a sibling's
    /// `@parent.items.price` may still read waited each with its tree
    /// until the record closed (11 times a record of 12 MB). A `@parent`
    /// read lands on an open object and reads what waits below it by the
    /// keys of the path from there, the same for each copy.
    private func holding(_ frame: Frame, in f: Int) {
        if frame.outside == nil, followsItsOwnMembersOnly(frame.path) {
            for h in frames[f].held.indices.suffix(4).reversed()
            where Self.alike(frames[f].held[h], frame) && followsItsOwnMembersOnly(frames[f].held[h].path) {
                frames[f].held[h].copies += frame.copies
                return
            }
        }
        frames[f].held.append(frame)
    }

    /// Whether a read's key names the member on `path` in every object on
    /// the way from the document exactly when it equals the path's key
    /// ignoring case: true when each such object has that member only
    /// under the path's key ignoring case (with `Items` beside `items`, a
    /// read of `Items` follows one and `items` the other, by what each
    /// object holds). A read then marks every frame at that path but for
    /// indices alike, whatever object each is in. Always true for exact
    /// keys; false where an object on the way is not known (an element not
    /// held in the document's skeleton) or has more than
    /// `foldedMembersLimit` members (each member's key is lowercased).
    private func followsItsOwnMembersOnly(_ path: [DocumentPath.Component]) -> Bool {
        guard caseInsensitive else { return true }
        // From the document, as `Containers` walks it, continuing the last
        // walk where the paths part (the items of one order share the way
        // to it: an order held as its text was read back for each of its
        // items, quadratic). A trailing index is not taken (an element
        // held as its text is read back only when a key follows); a key
        // collected through an array is not known.
        var k = 0
        while k < path.count, k < way.count, Self.sameStep(path[k], way[k].step) { k += 1 }
        way.removeSubrange(k...)
        if let last = way.last, !last.unambiguous { return false }
        // Where the last step reached nothing (an index past the end, an
        // element the skeleton does not hold), nothing: not the document.
        var current = way.isEmpty ? document : way[way.count - 1].value
        for component in path[k...] {
            var unambiguous = true
            switch component {
            case .index(let i):
                if way.count == path.count - 1 { return true }
                current = current.flatMap { KeyPath.element(i, of: $0) }
            case .within:
                unambiguous = false
            case .key(let key), .dynamicKey(let key):
                if case .compact(let held)? = current, held.elements == nil { current = held.expanded }
                guard case .object(let object)? = current, object.count <= Self.foldedMembersLimit else {
                    unambiguous = false
                    break
                }
                let folded = key.lowercased()
                var found = 0
                for member in object.members where Self.equalIgnoringCase(member.key, folded: folded) { found += 1 }
                unambiguous = found == 1
                current = KeyPath.lookup(key, in: .object(object), caseInsensitive: true)
            }
            way.append((component, unambiguous ? current : nil, unambiguous))
            if !unambiguous { return false }
        }
        return true
    }

    /// The last element `Containers` read back from an array held as its
    /// text (element-wise `check` holds a content copied by `@root` so):
    /// the objects waiting inside one order each walk through it, and it
    /// was read back for each of them, quadratic in the order. It keeps
    /// the array it came from, so that no other array is taken for it.
    final class HeldElementCache {
        private var held: CompactJSON?
        private var index = 0
        private var value: JSONValue?
        /// How many elements were read back from their text (tests count
        /// it instead of timing: once for each element walked through).
        private(set) var readBacks = 0

        /// Element `i` of `array` when it is held as its text, nil otherwise
        /// (`KeyPath.element` reads any other array at once).
        func element(_ i: Int, of array: JSONValue) -> JSONValue?? {
            guard case .compact(let compact) = array, compact.elements != nil else { return nil }
            if let held, held === compact, index == i { return .some(value) }
            readBacks += 1
            let element = KeyPath.element(i, of: array)
            (held, index, value) = (compact, i, element)
            return .some(element)
        }

        func removeAll() { (held, value) = (nil, nil) }
    }

    private let heldElements = HeldElementCache()

    /// How many held elements the walks under caseInsensitive read back
    /// from their text (`HeldElementCache`), over every document.
    package var heldElementReadBacks: Int { heldElements.readBacks }

    /// Whether two steps of paths are the same, keys by code units.
    private static func sameStep(_ a: DocumentPath.Component, _ b: DocumentPath.Component) -> Bool {
        switch (a, b) {
        case (.key(let p), .key(let q)), (.dynamicKey(let p), .dynamicKey(let q)): JSONValue.sameText(p, q)
        case (.index(let p), .index(let q)): p == q
        case (.within(let p, let l), .within(let q, let m)): JSONValue.sameText(p, q) && l == m
        default: false
        }
    }

    /// Whether `name` lowercased is `folded` (a key lowercased), as a
    /// lookup ignoring case compares them; byte by byte when both are
    /// ASCII (a name of other characters may lowercase to ASCII: `K`, the
    /// Kelvin sign).
    private static func equalIgnoringCase(_ name: String, folded: String) -> Bool {
        var name = name, folded = folded
        let ascii: Bool? = name.withUTF8 { n in
            folded.withUTF8 { f in
                guard n.allSatisfy({ $0 < 0x80 }), f.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard n.count == f.count else { return false }
                for (a, b) in zip(n, f) where (a >= 0x41 && a <= 0x5A ? a | 0x20 : a) != b { return false }
                return true
            }
        }
        return ascii ?? JSONValue.sameText(name.lowercased(), folded)
    }

    /// See `followsItsOwnMembersOnly`.
    private static let foldedMembersLimit = 256
    /// The last way `followsItsOwnMembersOnly` walked: each step, the value
    /// it reached and whether the way to it was unambiguous. Its values are
    /// the document's: emptied with it.
    private var way: [(step: DocumentPath.Component, value: JSONValue?, unambiguous: Bool)] = []

    /// Whether a read marks and counts `b` as it does `a` (see `coalescing(_:)`).
    private static func alike(_ a: Frame, _ b: Frame) -> Bool {
        a.entry === b.entry && a.outside == nil && b.outside == nil && a.readsAll == b.readsAll
            && a.holdForRoot == b.holdForRoot && a.holdForWholeRootOnly == b.holdForWholeRootOnly
            && a.holdDepth == b.holdDepth && a.keyDepth == b.keyDepth
            && sameIgnoringIndices(a.path, b.path)
            && a.reads.count == b.reads.count && zip(a.reads, b.reads).allSatisfy { $0.same(as: $1) }
            && sameShape(.object(a.object), .object(b.object))
    }

    private static func sameIgnoringIndices(_ a: [DocumentPath.Component], _ b: [DocumentPath.Component]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.index, .index): continue
            case (.key(let p), .key(let q)), (.dynamicKey(let p), .dynamicKey(let q)):
                if !JSONObject.sameKey(p, q) { return false }
            case (.within(let p, let l), .within(let q, let m)):
                if !JSONObject.sameKey(p, q) || l != m { return false }
            default: return false
            }
        }
        return true
    }

    /// What of a value its marks and its unread members' count depend on:
    /// the keys of its objects in order at every depth, and the elements
    /// of an array that holds an object; a value that holds no object (a
    /// scalar, an array of scalars) has no member to count. False for a
    /// long value held as its text that may hold one, which is not read back.
    private static func hashShape(_ value: JSONValue, into hasher: inout Hasher) -> Bool {
        if holdsNoObject(value) {
            hasher.combine(0)
            return true
        }
        switch value {
        case .object(let object):
            hasher.combine(6)
            hasher.combine(object.count)
            for member in object.members {
                hasher.combine(ExactText(member.key))
                guard hashShape(member.value, into: &hasher) else { return false }
            }
            return true
        case .array(let elements):
            hasher.combine(5)
            hasher.combine(elements.count)
            for element in elements {
                guard hashShape(element, into: &hasher) else { return false }
            }
            return true
        case .compact(let held):
            guard let tree = smallTree(held) else { return false }
            return hashShape(tree, into: &hasher)
        default:
            return true
        }
    }

    /// `hashShape` as equality (see there).
    private static func sameShape(_ a: JSONValue, _ b: JSONValue) -> Bool {
        let (x, y) = (holdsNoObject(a), holdsNoObject(b))
        if x || y { return x && y }
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (m, n) in zip(x.members, y.members) {
                guard JSONObject.sameKey(m.key, n.key), sameShape(m.value, n.value) else { return false }
            }
            return true
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameShape($0, $1) }
        case (.compact(let x), _):
            guard let tree = smallTree(x) else { return false }
            return sameShape(tree, b)
        case (_, .compact(let y)):
            guard let tree = smallTree(y) else { return false }
            return sameShape(a, tree)
        default:
            return false
        }
    }

    /// Whether no object is in `value`: a scalar, or an array of such
    /// values; an array held as its text with no `{` in it (one in a
    /// string only makes it looked at more closely).
    private static func holdsNoObject(_ value: JSONValue) -> Bool {
        switch value {
        case .object: false
        case .array(let elements): elements.allSatisfy(holdsNoObject)
        case .compact(let held):
            held.kind == .array && held.withUnsafeBytes { !$0.contains(UInt8(ascii: "{")) }
        default: true
        }
    }

    /// A value held as its text (an untyped attribute copied as it is),
    /// read back when short: what a report counts of it is its tree's.
    private static func smallTree(_ held: CompactJSON) -> JSONValue? {
        held.count <= 1 << 12 ? held.expanded : nil
    }

    /// Whether the open object `depth` keys deep on `frame`'s path has been
    /// read along `keys` by a `@parent` path (`parentTrees`).
    private func readAlready(_ keys: [String], below depth: Int, of frame: Frame) -> Bool {
        guard let t = frames.firstIndex(where: { $0.keyDepth == depth && $0.path.count < frame.path.count }),
              Self.same(frames[t].path, frame.path.prefix(frames[t].path.count)) else { return false }
        return reads(frames[t].parentTrees, along: keys)
    }

    /// Whether `tree` reads along `keys` to their end (or reads a member on
    /// the way whole).
    private func reads(_ tree: ReadTree, along keys: [String]) -> Bool {
        var tree = tree
        for key in keys {
            // The exact key: one the lookup may not follow to the member
            // leaves the object held, which costs only its memory.
            guard let i = tree.position(ofKey: key) else { return false }
            let node = tree.entries[i].node
            guard case .inner(let inner) = node else { return true }
            tree = inner
        }
        return true
    }

    /// Whether `tree` reads the value at the end of `keys` whole (or what
    /// holds it): a read into it (`@root.data.total` beside a copy of
    /// `@root.data` still to come) does not.
    private func readsWhole(_ tree: ReadTree, at keys: [String]) -> Bool {
        var tree = tree
        for key in keys {
            guard let i = tree.position(ofKey: key) else { return false }
            guard case .inner(let inner) = tree.entries[i].node else { return true }
            tree = inner
        }
        return false
    }

    /// A `@parent` path's reads of the open object at `frames[i]`: `tree`
    /// marked on it; `value` and `sources`, what it reads of the objects
    /// below, kept for those opened later (`inherit`) and applied to those
    /// closed already (`held`, `pending`) or open above it. A read the
    /// object had already changes nothing below it: the objects closed
    /// since were not held for it, and those opened since inherited it
    /// (a shipment per order reading `@parent.items.qty` looked at every
    /// held item again: 3 MB took 68 s).
    private func markParentRead(_ read: MapperReads.ParentRead, at landing: Int) {
        // An object mapped again by a nil key path relationship: the read
        // is the object's, kept in its first frame with what waits below it.
        var i = landing
        while i > 0, frames[i].composed { i -= 1 }
        if read.all {
            guard !frames[i].parentAll else { return }
            frames[i].parentAll = true
            frames[i].readsAll = true
            parentTreesMarked = true
            resolvePendingAll(landing: i)
            return
        }
        let (tree, value, sources) = (read.tree, read.value, read.sources)
        mark(tree, in: &frames[i])
        guard !parentSequences.isEmpty else { return }
        let newValue = !frames[i].parentTrees.contains(value)
        var newSources: [[String]] = []
        for source in sources where !frames[i].parentSources.contains(source) && !newSources.contains(source) {
            newSources.append(source)
        }
        guard newValue || !newSources.isEmpty else { return }
        if newValue { frames[i].parentTrees.merge(value) }
        frames[i].parentSources += newSources
        parentTreesMarked = true
        resolvePending(newValue ? value : ReadTree(), sources: newSources, landing: i)
    }

    /// `@root` itself read (`landing` nil), or `@parent` of the open
    /// object at `frames[landing]`: every object waiting below it, and every
    /// open one above it (opened before the read), is read, and no longer
    /// waits. Objects mapped through an anchored source from inside are
    /// not below it (`Frame.outside`).
    private func resolvePendingAll(landing: Int? = nil) {
        if landing == nil {
            pending.removeAll()
            pendingAlike.removeAll()
            provisional.removeAll()
            provisionalIndex.removeAll()
            provisionalSteps.removeAll()
            provisionalKeys.removeAll()
        }
        for f in (landing ?? 0)..<frames.count {
            frames[f].held.removeAll { reaches(landing, $0) }
            if f > (landing ?? -1), reaches(landing, frames[f]) { frames[f].readsAll = true }
        }
    }

    /// `@root` paths read (`tree`): what was counted apart of objects that
    /// one of them reads whole, or reads what holds them whole
    /// (`@root.data` for the items of `data.items`, closed before it came),
    /// is dropped, as `resolvePendingAll` drops all of it for `@root`.
    private func dropProvisional(readWhole tree: ReadTree) {
        guard !provisional.isEmpty else { return }
        Self.forEachPath(of: tree) { keys, presence, leaf in
            guard leaf, !presence else { return }
            let folded = caseInsensitive ? keys.map { $0.lowercased() } : keys
            for e in provisionalKeys.indices where !provisionalKeys[e].dropped
                && provisionalKeys[e].keys.count >= folded.count && provisionalKeys[e].keys.prefix(folded.count).elementsEqual(folded) {
                provisionalKeys[e].dropped = true
                // A later object counted at the same place is a new entry.
                provisionalIndex[ExactText(provisional[e].path)] = nil
            }
        }
    }

    /// The member keys of `path` (a dynamic key too: a key path may name
    /// it), lowercased under `caseInsensitive`.
    private func foldedKeys(_ path: [DocumentPath.Component]) -> [String] {
        var folded: [String] = []
        for component in path {
            switch component {
            case .key(let k), .within(let k, _), .dynamicKey(let k): folded.append(caseInsensitive ? k.lowercased() : k)
            case .index: continue
            }
        }
        return folded
    }

    /// Whether a read by path from the document (`landing` nil) or from
    /// the open object at `frames[landing]` may reach `frame`'s object.
    private func reaches(_ landing: Int?, _ frame: Frame) -> Bool {
        guard let outside = frame.outside else { return true }
        guard let landing else { return false }
        return landing >= outside
    }

    /// Marks what `tree` and `sources`, read from the document (`landing`
    /// nil) or from the open object at `frames[landing]`, read of each
    /// object waiting below it, and of each open one above it (opened
    /// before the read was known, so not inheriting it), as an object
    /// opened later inherits them: the keys on the way followed (an index
    /// passes through).
    private func resolvePending(_ tree: ReadTree, sources: [[String]] = [], landing: Int?) {
        guard !tree.isEmpty || !sources.isEmpty else { return }
        let base = landing.map { frames[$0].path } ?? []
        let start = landing.map { JSONValue.object(frames[$0].object) } ?? document
        func resolve(_ frame: inout Frame) {
            guard !frame.readsAll, reaches(landing, frame), frame.path.count > base.count, Self.same(base, frame.path.prefix(base.count)),
                  let keys = Self.keys(frame.path[base.count...]) else { return }
            _ = apply(inherited(values: tree, sources: sources, all: false, along: keys,
                                path: frame.path[base.count...], from: start), to: &frame)
        }
        if landing == nil {
            for p in pending.indices { resolve(&pending[p]) }
        }
        for f in (landing ?? 0)..<frames.count {
            for h in frames[f].held.indices { resolve(&frames[f].held[h]) }
            if f > (landing ?? -1) { resolve(&frames[f]) }
        }
    }

    /// The members of a kept frame's object that nothing read.
    private func recordUnread(_ frame: Frame, pattern: String? = nil) {
        guard !frame.readsAll else { return }
        // One object a `@root` source maps for every order is counted once
        // per mapper: the same members, read the same way.
        if frame.fromRoot, !rootSourced.insert(ExactText(DocumentPath.render(frame.path) + " " + frame.entry.id)).inserted { return }
        var pattern = pattern
        for (i, member) in frame.object.members.enumerated() {
            switch frame.reads[i] {
            case .whole: continue
            case .unread:
                let base = pattern ?? Self.pattern(frame.path)
                pattern = base
                record(base + String(DocumentPath.render([.key(member.key)]).dropFirst()), mapperID: frame.entry.id, count: frame.copies)
            case .inner(let tree):
                let base = pattern ?? Self.pattern(frame.path)
                pattern = base
                recordUnread(in: member.value, tree: tree, at: base + String(DocumentPath.render([.key(member.key)]).dropFirst()),
                             mapperID: frame.entry.id, count: frame.copies)
            }
        }
    }

    // MARK: Helpers

    /// The matchers' `@parent`/`@root` reads apply like the mapper's own, for
    /// a value `parentDepth` objects deep; their member reads were marked
    /// already, or are of no object opened. Then they are dropped.
    private func keepOutsideMatcherReads(parentDepth: Int) {
        guard !notedMatchers.isEmpty else { return }
        var matcherReads = MapperReads()
        for (dynamic, through) in notedMatchers {
            let n = dynamic.outsideCount(through: through)
            guard n > 0 else { continue }
            let reads = outsideReads(of: dynamic, first: n)
            // The first as it is (its arrays shared, not copied element by element).
            if matcherReads.isEmpty { matcherReads = reads } else { matcherReads.add(reads) }
        }
        notedMatchers.removeAll(keepingCapacity: true)
        let parents = matcherReads.parentReads
        rootReads.merge(matcherReads.root)
        if matcherReads.rootAll { rootReadWhole = true }
        // Matchers read values, never a relationship's source.
        if matcherReads.rootValueAll, !rootValueAll { resolvePendingAll() }
        // Once per read: what waits and what is open had it then, what
        // opened since inherited it (a matcher reading `@root.cfg.mode` for
        // each event looked at every waiting item again).
        if !matcherReads.rootValueReads.isEmpty, !rootValueReads.contains(matcherReads.rootValueReads) {
            resolvePending(matcherReads.rootValueReads, landing: nil)
            dropProvisional(readWhole: matcherReads.rootValueReads)
            rootValueReads.merge(matcherReads.rootValueReads)
        }
        if !matcherReads.rootValueReads.isEmpty {
            rootReach = max(rootReach, matcherReads.rootDepth)
        }
        if matcherReads.rootValueAll { rootValueAll = true }
        for read in parents {
            let target = parentDepth - read.n
            if let i = frames.lastIndex(where: { $0.parentDepth <= target }) { markParentRead(read, at: i) }
        }
    }

    private func mark(_ tree: ReadTree, in frame: inout Frame) {
        for entry in tree.entries { mark(entry, in: &frame) }
    }

    private func mark(_ entry: (key: String, node: ReadTree.Node), in frame: inout Frame) {
        guard let i = index(of: entry.key, in: frame.object) else { return }
        switch entry.node {
        case .whole: frame.reads[i] = .whole
        case .inner(let inner): frame.reads[i].add(.inner(inner))
        }
    }

    private func mark(_ key: String, in frame: inout Frame) {
        if let i = index(of: key, in: frame.object) { frame.reads[i] = .whole }
    }

    private func index(of key: String, in object: JSONObject) -> Int? {
        if let i = object.position(ofKey: key) { return i }
        guard caseInsensitive else { return nil }
        return object.position(ofKeyIgnoringCase: key)
    }

    /// Members of `value` (an object read through dotted key paths, or an
    /// array of them) that `tree` does not read, recursively.
    private func recordUnread(in value: JSONValue, tree: ReadTree, at path: String, mapperID: String?, count: Int = 1) {
        switch value {
        case .object(let object):
            // Each read finds the member the engine's lookup finds in this
            // object (the exact key, else the first equal ignoring case), so
            // reads spelled differently can find one member (`META.PAGE` and
            // `Meta.z` both read `Meta`), and a member no read finds is
            // unread even when it folds like one that is (`meta` after `Meta`).
            var reads: [Int: ReadTree.Node] = [:]
            for (key, node) in tree.entries {
                guard let i = index(of: key, in: object) else { continue }
                reads[i] = reads[i].map { $0.merged(with: node) } ?? node
            }
            for (i, member) in object.members.enumerated() {
                let memberPath = path + String(DocumentPath.render([.key(member.key)]).dropFirst())
                guard let node = reads[i] else {
                    record(memberPath, mapperID: mapperID, count: count)
                    continue
                }
                if case .inner(let inner) = node { recordUnread(in: member.value, tree: inner, at: memberPath, mapperID: mapperID, count: count) }
            }
        case .array(let elements):
            for element in elements { recordUnread(in: element, tree: tree, at: path + "[*]", mapperID: mapperID, count: count) }
        case .compact(let held) where held.kind == .array:
            // A large array held as its elements' text (read so that a
            // relationship maps it, `ProjectionPlan(wholeHoldingAsIn:)`):
            // each element read back whole, one at a time.
            held.forEachElement { recordUnread(in: $0, tree: tree, at: path + "[*]", mapperID: mapperID, count: count) }
        case .compact(let held):
            recordUnread(in: held.expanded, tree: tree, at: path, mapperID: mapperID, count: count)
        default:
            break
        }
    }

    private func record(_ path: String, mapperID: String?, count: Int = 1) {
        if recordingProvisionally {
            let (entry, added) = Self.tally(path, mapperID: mapperID, count: count, in: &provisional, index: &provisionalIndex)
            if let added { provisionalSteps.append((waitCount, entry, added.mapper, added.made)) }
            if entry == provisionalKeys.count {
                provisionalKeys.append((provisionalObjectKeys, false))
            } else if !provisionalKeys[entry].keys.elementsEqual(provisionalObjectKeys) {
                let common = zip(provisionalKeys[entry].keys, provisionalObjectKeys).prefix { $0 == $1 }.count
                provisionalKeys[entry].keys.removeSubrange(common...)
            }
        } else {
            Self.tally(path, mapperID: mapperID, count: count, in: &found, index: &unmappedIndex)
        }
    }

    /// Counts `path` for `mapperID` in `list`: the entry's position, and
    /// what was added to it, if anything: the entry itself (`made`, with
    /// `mapper` 0, or -1 without a mapper id) or the mapper id at `mapper`.
    @discardableResult
    private static func tally(_ path: String, mapperID: String?, count: Int, in list: inout [Unmapped],
                              index: inout [ExactText: Int]) -> (entry: Int, added: (mapper: Int, made: Bool)?) {
        if let at = index[ExactText(path)] {
            list[at].count += count
            guard let mapperID, !list[at].mapperIDs.contains(mapperID) else { return (at, nil) }
            list[at].mapperIDs.append(mapperID)
            return (at, (list[at].mapperIDs.count - 1, false))
        }
        index[ExactText(path)] = list.count
        list.append(Unmapped(path: path, mapperIDs: mapperID.map { [$0] } ?? [], count: count))
        return (list.count - 1, (mapperID == nil ? -1 : 0, true))
    }

    /// Whether the key path `keys` finds a value in `value`, as the engine's
    /// lookup would (docs/spec.md §4): `null` on the way counts as present (the member
    /// is there), and through an array the rest must be in at least one
    /// element (an empty array cannot tell, so it counts as present).
    static func present(_ steps: ArraySlice<KeyPath.Component>, in value: JSONValue, caseInsensitive: Bool) -> Bool {
        let picks = steps.contains { if case .index = $0 { true } else { false } }
        // Without an index, nothing picks from what was collected: each
        // array is asked element by element, none of it collected (a key
        // path through a 165,000-element content held a box per element).
        if !picks { return present(keys: steps, in: value, caseInsensitive: caseInsensitive) }
        var found = Found.value(value)
        for step in steps {
            switch step {
            case .key(let key): found = found.following(key, caseInsensitive: caseInsensitive)
            case .index(let i): found = found.picking(i)
            case .collection: return found.present
            }
            if case .missing = found { return false }
        }
        return found.present
    }

    /// `present(_:in:caseInsensitive:)` for steps without an index: through
    /// an array, the rest in at least one element (or the array empty).
    private static func present(keys steps: ArraySlice<KeyPath.Component>, in value: JSONValue, caseInsensitive: Bool) -> Bool {
        guard case .key(let key)? = steps.first else { return true }
        switch value {
        case .object(let object):
            guard let next = caseInsensitive ? object.value(forKey: key, caseInsensitive: true) : object[key] else { return false }
            return present(keys: steps.dropFirst(), in: next, caseInsensitive: caseInsensitive)
        case .array(let elements):
            return elements.isEmpty || elements.contains { present(keys: steps, in: $0, caseInsensitive: caseInsensitive) }
        case .compact(let held) where held.kind == .array:
            // Held as its elements' text: read back one at a time.
            guard held.elements != nil else { return present(keys: steps, in: held.expanded, caseInsensitive: caseInsensitive) }
            return held.heldCount == 0
                || (0..<held.heldCount).contains { present(keys: steps, in: held.element(at: $0), caseInsensitive: caseInsensitive) }
        case .compact(let held):
            return present(keys: steps, in: held.expanded, caseInsensitive: caseInsensitive)
        case .null:
            // `null` on the way counts as present (the member is there, empty).
            return true
        default:
            return false
        }
    }

    /// A source followed through an object as the engine's lookup follows
    /// it (docs/spec.md §4): a key on an array collects over its elements,
    /// an index picks from the outermost array collected (`entry.resource[0]`
    /// is the first entry's `resource`) or from the array itself.
    private indirect enum Found {
        case value(JSONValue)
        case missing
        case collected([Found])

        func following(_ key: String, caseInsensitive: Bool) -> Found {
            switch self {
            case .missing: return .missing
            case .collected(let list): return .collected(list.map { $0.following(key, caseInsensitive: caseInsensitive) })
            case .value(let value):
                switch value {
                case .object(let object):
                    let next = caseInsensitive ? object.value(forKey: key, caseInsensitive: true) : object[key]
                    return next.map { .value($0) } ?? .missing
                case .array(let elements):
                    return .collected(elements.map { Found.value($0).following(key, caseInsensitive: caseInsensitive) })
                case .compact(let held) where held.kind == .array:
                    // Held as its elements' text: read back one at a time.
                    guard held.elements != nil else { return Found.value(held.expanded).following(key, caseInsensitive: caseInsensitive) }
                    return .collected((0..<held.heldCount).map { Found.value(held.element(at: $0)).following(key, caseInsensitive: caseInsensitive) })
                case .compact(let held):
                    return Found.value(held.expanded).following(key, caseInsensitive: caseInsensitive)
                case .null:
                    // `null` on the way counts as present (the member is there, empty).
                    return self
                default:
                    return .missing
                }
            }
        }

        /// An array too short for the index is not a key dropped: present.
        func picking(_ i: Int) -> Found {
            switch self {
            case .missing: return .missing
            case .collected(let list):
                let n = i < 0 ? list.count + i : i
                return list.indices.contains(n) ? list[n] : .value(.null)
            case .value(let value):
                switch value {
                case .array(let elements):
                    let n = i < 0 ? elements.count + i : i
                    return elements.indices.contains(n) ? .value(elements[n]) : .value(.null)
                case .compact(let held) where held.kind == .array:
                    guard held.elements != nil else { return Found.value(held.expanded).picking(i) }
                    let n = i < 0 ? held.heldCount + i : i
                    return (0..<held.heldCount).contains(n) ? .value(held.element(at: n)) : .value(.null)
                case .null: return self
                default: return .missing
                }
            }
        }

        /// Through an array, the rest is in at least one element (or the
        /// array is empty).
        var present: Bool {
            switch self {
            case .value: return true
            case .missing: return false
            case .collected(let list): return list.isEmpty || list.contains { $0.present }
            }
        }
    }

    private func entry(for mapper: ObjectMapper) -> MapperEntry {
        let id = ObjectIdentifier(mapper)
        if let cached = entryByMapper[id] { return cached }
        let entry = MapperEntry(id: mapper.id, reads: MapperReads(mapper))
        entryByMapper[id] = entry
        entries.append(entry)
        return entry
    }


    /// `$.articles[*]`: the path with indices and dynamic keys as wildcards.
    static func pattern(_ components: [DocumentPath.Component]) -> String {
        DocumentPath.render(components, index: { _ in "[*]" }, dynamicKey: { _ in ".*" })
    }
}
