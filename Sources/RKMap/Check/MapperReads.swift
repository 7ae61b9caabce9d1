/// The members a mapper reads from the object it maps, known from its compiled
/// key paths: a tree of the members read through paths anchored at the
/// representation (whole, or through dotted key paths into their inner
/// members), what `@parent` paths read of each enclosing object, a tree of what `@root` paths read of the
/// document, whether some nil key path reads it whole, and the source key
/// paths the missing-keys check looks for.
///
/// A nil-key-path relationship reads nothing here: it maps the same object
/// again with its own mapper, whose reads the tracker adds when it runs.
struct MapperReads {
    var members = ReadTree()
    /// What `@parent` key paths read of the `n`-th enclosing object, as
    /// `members` is of the object itself: `@parent.items.name` reads `name`
    /// in each element of its `items`, not all of `items` (which hid drift
    /// inside it from `check`).
    /// `value`: the same read as `valueReads` has it, for the objects below
    /// the enclosing one (`@parent.items.@count` reads none of the members
    /// of each item).
    var parentReads: [ParentRead] = []

    struct ParentRead {
        var n: Int
        var tree = ReadTree()
        var value = ReadTree()
        /// Relationship sources through the enclosing object, as
        /// `sourceReads` (`@parent.items` reads the member `items`, none of
        /// the members of each item, which its own mapper reads).
        var sources: [[String]] = []
        /// `@parent` itself read as a value (copied): all of the enclosing object.
        var all = false
    }
    /// `@root.meta.next_token` reads `next_token` of `$.meta`, not all of `meta`.
    var root = ReadTree()
    /// `@root` alone reads the whole document.
    var rootAll = false
    var all = false
    /// `members` and `root` split by what reads them, for the objects below
    /// (`ReadTracker`'s inherited reads, docs/spec.md §12: a member counts as
    /// read when any mapping reads it): what attributes, matchers and
    /// predicates read (`items.extra` reads `extra` of each element of
    /// `items`), and the sources of relationships, which read the member
    /// they map but none of its members (those are its mapper's to read).
    var valueReads = ReadTree()
    /// Each source's keys, as they are: as a tree, `items` mapped would
    /// swallow `items.owner` passing through each item.
    var sourceReads: [[String]] = []
    var rootValueReads = ReadTree()
    var rootSourceReads: [[String]] = []
    /// An attribute or matcher reads `@root` itself: every member of the document.
    var rootValueAll = false
    /// The keys of each source key path anchored at the representation, up to
    /// its first collection operator (`tags.@count` reads `tags`); only an
    /// object mapper's own attributes and relationships (docs/spec.md §12 check 3).
    var sources: [[String]] = []
    /// The same with their indexes (`owners[0].kind`): the element a
    /// source is looked for in, and its name in the report.
    var sourceSteps: [[KeyPath.Component]] = []

    init() {}

    init(_ mapper: ObjectMapper) {
        var distinctSources: Set<[KeyPath.Component]> = []
        for property in mapper.properties {
            let source: KeyPath
            switch property {
            case .attribute(let a): source = a.source
            case .relationship(let r): source = r.source
            }
            // RestKit's nil key path relationship: the target mapper reads the
            // object; a member named "" is never read by it.
            if case .relationship = property, source.isNil { continue }
            if case .relationship = property { add(source, asSource: true) } else { add(source) }
            if source.anchor == .representation {
                let steps = Self.steps(of: source)
                if steps.contains(where: { if case .key = $0 { true } else { false } }), distinctSources.insert(steps).inserted {
                    sources.append(Self.keys(of: source))
                    sourceSteps.append(steps)
                }
            }
        }
    }

    /// What one matcher of a dynamic mapper reads of the value it tests.
    init(_ matcher: Matcher) {
        switch matcher.test {
        case .expectValue(let k, _), .valueMap(let k, _):
            add(k)
        case .expectType(let k, _):
            // The kind of the value, not what it holds: members of an
            // object tested with `expectType: object` are still checked.
            if k.anchor == .representation {
                members.addPresence(Self.keys(of: k)[...])
                valueReads.addPresence(Self.keys(of: k)[...])
            } else if k.anchor == .root {
                root.addPresence(Self.keys(of: k)[...])
                rootValueReads.addPresence(Self.keys(of: k)[...])
            } else if case .parent(let n) = k.anchor {
                var presence = ReadTree()
                presence.addPresence(Self.keys(of: k)[...])
                parentReads.append(ParentRead(n: n, tree: presence, value: presence))
            } else {
                add(k)
            }
        case .predicate(let p):
            p.root.forEachKeyPath { add($0) }
        }
    }

    /// What all the matchers of `mapper` read.
    init(_ mapper: DynamicMapper) {
        for matcher in mapper.matchers { add(MapperReads(matcher)) }
    }

    /// The matchers of `mapper` that read a key path no matcher before them
    /// reads (the same kind of read), by position, with what they read: the
    /// matchers up to any one read what those of these up to it read.
    /// Forty matchers of `type` are one.
    static func adding(of mapper: DynamicMapper) -> [(index: Int, reads: MapperReads)] {
        var seen: Set<KeyPath> = []
        var seenKinds: Set<KeyPath> = []
        var adding: [(index: Int, reads: MapperReads)] = []
        for (i, matcher) in mapper.matchers.enumerated() {
            var new = false
            switch matcher.test {
            case .expectValue(let k, _), .valueMap(let k, _):
                new = seen.insert(k).inserted
            case .expectType(let k, _):
                new = seenKinds.insert(k).inserted
            case .predicate(let p):
                p.root.forEachKeyPath { if seen.insert($0).inserted { new = true } }
            }
            if new { adding.append((i, MapperReads(matcher))) }
        }
        return adding
    }

    /// Reads of something other than the object itself: of enclosing
    /// objects (`@parent`) or of the document (`@root`).
    var readsOutside: Bool {
        !parentReads.isEmpty || !root.isEmpty || rootAll || rootValueAll || !rootValueReads.isEmpty || !rootSourceReads.isEmpty
    }

    var isEmpty: Bool { members.isEmpty && parentReads.isEmpty && root.isEmpty && !rootAll && !all }

    /// How many keys below the object `valueReads` and `sourceReads` reach
    /// (`Int.max` when a nil key path reads it all), and `rootValueReads`
    /// and `rootSourceReads` below the document: objects deeper than that
    /// inherit nothing from them (`ReadTracker.inherit`), so a document
    /// 10,000 levels deep is not walked level by level for each object.
    var valueDepth: Int { all ? Int.max : Swift.max(valueReads.depth, sourceReads.map(\.count).max() ?? 0) }
    var rootDepth: Int { rootValueAll ? Int.max : Swift.max(rootValueReads.reach, rootSourceReads.map(\.count).max() ?? 0) }

    /// Adds the reads of `other` (matchers that chose the mapper); its
    /// sources are not this mapper's.
    mutating func add(_ other: MapperReads) {
        guard !other.isEmpty else { return }
        members.merge(other.members)
        parentReads += other.parentReads
        root.merge(other.root)
        rootAll = rootAll || other.rootAll
        all = all || other.all
        valueReads.merge(other.valueReads)
        sourceReads += other.sourceReads
        rootValueReads.merge(other.rootValueReads)
        rootSourceReads += other.rootSourceReads
        rootValueAll = rootValueAll || other.rootValueAll
    }

    /// - Parameter asSource: a relationship's source (`sourceReads`).
    mutating func add(_ keyPath: KeyPath, asSource: Bool = false) {
        guard case .key? = keyPath.components.first else {
            if keyPath.isNil { all = true }
            // `@root` itself copied reads the whole document; as a
            // relationship's source it maps the document again, reading
            // none of its members (it read them all, and the document's
            // unread members went unreported).
            if keyPath.anchor == .root, keyPath.components.isEmpty, !asSource {
                rootAll = true
                rootValueAll = true
            }
            // A relationship from `@parent` maps the enclosing object again,
            // reading none of its members (as from `@root`).
            if case .parent(let n) = keyPath.anchor, keyPath.components.isEmpty, !asSource {
                parentReads.append(ParentRead(n: n, all: true))
            }
            return
        }
        let keys = Self.keys(of: keyPath)[...]
        // `items.@count` reads how many elements there are, none of their members.
        let counts = keyPath.components.first { if case .collection = $0 { true } else { false } } == .collection(.count)
        switch keyPath.anchor {
        case .representation:
            members.add(keys)
            if asSource { sourceReads.append(Array(keys)) } else if counts { valueReads.addPresence(keys) } else { valueReads.add(keys) }
        case .parent(let n):
            // As `members`: a key before a collection operator is read whole.
            var tree = ReadTree()
            tree.add(keys)
            var value = ReadTree()
            if asSource {
                parentReads.append(ParentRead(n: n, tree: tree, sources: [Array(keys)]))
                return
            }
            if counts { value.addPresence(keys) } else { value.add(keys) }
            parentReads.append(ParentRead(n: n, tree: tree, value: value))
        case .root:
            root.add(keys)
            if asSource { rootSourceReads.append(Array(keys)) } else if counts { rootValueReads.addPresence(keys) } else { rootValueReads.add(keys) }
        case .metadata: break
        }
    }

    /// The keys and indexes of `keyPath` up to its first collection operator.
    static func steps(of keyPath: KeyPath) -> [KeyPath.Component] {
        var steps: [KeyPath.Component] = []
        for component in keyPath.components {
            if case .collection = component { break }
            steps.append(component)
        }
        return steps
    }

    /// The leading keys of a key path, up to its first collection operator;
    /// an index is passed through (`owners[0].kind` reads `kind` in the
    /// elements of `owners`, as a dotted path through an array does): it
    /// used to end the keys, so `owners` counted as read whole and drift
    /// inside its elements went unreported.
    static func keys(of keyPath: KeyPath) -> [String] {
        var keys: [String] = []
        for component in keyPath.components {
            switch component {
            case .key(let k): keys.append(k)
            case .index: continue
            case .collection: return keys
            }
        }
        return keys
    }
}

/// Which members of an object are read: some whole (an attribute's value, a
/// relationship's source, the last key of a dotted path), others only through
/// dotted key paths into their inner members (`reactions.total_count` reads
/// `total_count` of `reactions`; the other members of `reactions` are unread).
struct ReadTree {
    /// Member names in the order first read, with what is read of each.
    private(set) var entries: [(key: String, node: Node)] = []
    /// The position of each key in `entries` once there are 16 of them (a
    /// mapper of 32,000 attributes looked each up by a scan).
    private var positions: [ExactText: Int] = [:]

    indirect enum Node {
        case whole
        case inner(ReadTree)

        /// What either reads of one member.
        func merged(with other: Node) -> Node {
            guard case .inner(var mine) = self, case .inner(let tree) = other else { return .whole }
            mine.merge(tree)
            return .inner(mine)
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Whether both read the same members, first read in the same order.
    func same(as other: ReadTree) -> Bool {
        guard entries.count == other.entries.count else { return false }
        for (a, b) in zip(entries, other.entries) {
            guard JSONObject.sameKey(a.key, b.key) else { return false }
            switch (a.node, b.node) {
            case (.whole, .whole): continue
            case (.inner(let x), .inner(let y)): if !x.same(as: y) { return false }
            default: return false
            }
        }
        return true
    }

    /// How deep below its top the tree reads: a value read whole reads
    /// every object below it (`Int.max`).
    var reach: Int {
        var most = 0
        for (_, node) in entries {
            switch node {
            case .whole: return Int.max
            case .inner(let inner): most = Swift.max(most, inner.reach == Int.max ? Int.max : 1 + inner.reach)
            }
        }
        return most
    }

    /// The most keys of a path through the tree.
    var depth: Int {
        var most = 0
        for (_, node) in entries {
            switch node {
            case .whole: most = Swift.max(most, 1)
            case .inner(let inner): most = Swift.max(most, 1 + inner.depth)
            }
        }
        return most
    }

    /// The position in `entries` of `key` (`JSONObject.sameKey`).
    func position(ofKey key: String) -> Int? {
        if entries.count >= 16 { return positions[ExactText(key)] }
        return entries.firstIndex { JSONObject.sameKey($0.key, key) }
    }

    private mutating func append(_ key: String, _ node: Node) {
        entries.append((key, node))
        if entries.count == 16 {
            for (i, e) in entries.enumerated() { positions[ExactText(e.key)] = i }
        } else if entries.count > 16 {
            positions[ExactText(key)] = entries.count - 1
        }
    }

    mutating func add(_ keys: ArraySlice<String>) {
        guard let key = keys.first else { return }
        let rest = keys.dropFirst()
        guard let i = position(ofKey: key) else {
            if rest.isEmpty {
                append(key, .whole)
            } else {
                var inner = ReadTree()
                inner.add(rest)
                append(key, .inner(inner))
            }
            return
        }
        guard case .inner(var inner) = entries[i].node else { return }
        // The entry lets go of the inner tree while it changes, so that it
        // changes in place: copied at every key, 40,000 dotted sources under
        // one key took `check` 24 s.
        entries[i].node = .whole
        if !rest.isEmpty {
            inner.add(rest)
            entries[i].node = .inner(inner)
        }
    }

    /// Reads that the member at the end of `keys` is there (its kind), not
    /// what it holds: an object's members stay unread.
    mutating func addPresence(_ keys: ArraySlice<String>) {
        guard let key = keys.first else { return }
        let rest = keys.dropFirst()
        guard let i = position(ofKey: key) else {
            var inner = ReadTree()
            inner.addPresence(rest)
            append(key, .inner(inner))
            return
        }
        guard case .inner(var inner) = entries[i].node else { return }
        entries[i].node = .whole
        inner.addPresence(rest)
        entries[i].node = .inner(inner)
    }

    /// Whether every member `other` reads, this reads (whole, or at least
    /// what `other` reads inside it): merging `other` would change nothing.
    func contains(_ other: ReadTree) -> Bool {
        for (key, node) in other.entries {
            guard let i = position(ofKey: key) else { return false }
            switch (entries[i].node, node) {
            case (.whole, _): continue
            case (.inner, .whole): return false
            case (.inner(let mine), .inner(let tree)): if !mine.contains(tree) { return false }
            }
        }
        return true
    }

    mutating func merge(_ other: ReadTree) {
        for (key, node) in other.entries {
            switch node {
            case .whole: add([key])
            case .inner(let tree):
                if let i = position(ofKey: key) {
                    if case .inner(var mine) = entries[i].node {
                        entries[i].node = .whole
                        mine.merge(tree)
                        entries[i].node = .inner(mine)
                    }
                } else {
                    append(key, node)
                }
            }
        }
    }
}

extension PredicateNode {
    /// Calls `body` with every key path the predicate reads (`SELF` is the nil key path).
    func forEachKeyPath(_ body: (KeyPath) -> Void) {
        switch self {
        case .constant: break
        case .not(let n): n.forEachKeyPath(body)
        case .and(let a, let b), .or(let a, let b):
            a.forEachKeyPath(body)
            b.forEachKeyPath(body)
        case .comparison(let c):
            c.lhs.forEachKeyPath(body)
            c.rhs.forEachKeyPath(body)
        }
    }
}

extension PredicateExpression {
    func forEachKeyPath(_ body: (KeyPath) -> Void) {
        switch self {
        case .constant: break
        case .keyPath(let k): body(k)
        case .aggregate(let list): for e in list { e.forEachKeyPath(body) }
        }
    }
}
