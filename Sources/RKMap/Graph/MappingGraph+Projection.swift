/// What of a document mapping reads (docs/spec.md §4, §5), so that a reader
/// builds only that and validates the rest (`JSONScanner.readValue(projection:)`).
///
/// Most specs read a few members of each object: the benchmark's articles
/// carry a `source` object, counts and ids no mapper names. Not building them
/// saves their allocation and release, per document, and the memory of a
/// document mapped whole.
///
/// Reading through a projection must give the same records, warnings and
/// statistics as reading the whole document, so anything that reads members
/// not named in advance reads the whole value:
/// - a nil key path (the representation itself), a dynamic nesting key or
///   `forceCollection` (every member of the object);
/// - an index or a collection operator in a key path (the value from there on;
///   with `holding`, an index reads each element as the rest of the path does);
/// - `@root` and `@parent` anywhere (what they read depends on where the
///   mapping is): the whole document.
/// With case-insensitive keys the projection is read case-insensitively
/// (`ProjectionPlan.caseInsensitive`).
/// With `compacting`, the value of an attribute that is only ever copied to
/// the output (`copiesWhole`) is read `verbatim`: an array or object as its
/// compact text, not a tree. With `holding`, the value at a relationship's
/// source is read for `elements`: a large array that nothing else reads is
/// held as its elements' compact text, each read when it is mapped.
/// Scalars are always read as they are, where members are asked for too, so a
/// relationship that meets a string still warns about it.
extension MappingGraph {
    /// The projection of a document mapped through `descriptors`.
    package func documentProjection(for descriptors: [Descriptor], compacting: Bool = false, holding: Bool = false) -> JSONProjection {
        guard !readsAnywhere else { return .everything }
        var memo: ProjectionMemo = [:]
        var projection = JSONProjection.nothing
        for descriptor in descriptors {
            var visiting: Set<MapperRef> = []
            let (content, _) = representationProjection(
                of: descriptor.rootMapper, compacting: compacting, holding: holding, visiting: &visiting, memo: &memo)
            projection.add(descriptor.keyPath, then: content)
        }
        return projection
    }

    /// Where a document that `rkmap check` reads whole may hold its large
    /// arrays (`ProjectionPlan(wholeHoldingAsIn:)`): the `documentProjection`
    /// made `compacting` and `holding`, whose `elements` are the sources of
    /// relationships (an attribute copying such an array whole shares its
    /// held text), and that also when key paths read `@root` or `@parent`.
    /// What those read depends on where the mapping is, so each is added
    /// wherever it may land: an `@root` path at the document, an `@parent`
    /// path at every object of the projection (any may be a parent). An
    /// array one of them reads whole is then read whole (`merged`), one
    /// they read into or count stays held (`KeyPath.lookup`, `heldResult`).
    /// A descriptor's key path through an operator or an index holds the
    /// array before it too (`items.@distinctUnionOfObjects`, `batches[2].items`;
    /// `KeyPath.find` reads a held array element by element), the document
    /// itself when the path starts with an operator (`@sum` of a top-level
    /// array: the projection is then `elements`). `.everything` (hold
    /// nothing) for a descriptor anchored outside the document.
    package func heldProjection(for descriptors: [Descriptor]) -> JSONProjection {
        guard descriptors.allSatisfy({ $0.keyPath.anchor == .representation }) else { return .everything }
        var memo: ProjectionMemo = [:]
        var projection = JSONProjection.nothing
        for descriptor in descriptors {
            var visiting: Set<MapperRef> = []
            let (content, _) = representationProjection(
                of: descriptor.rootMapper, compacting: true, holding: true, visiting: &visiting, memo: &memo)
            if case .collection(let op)? = descriptor.keyPath.components.first, op != .count {
                projection = projection.merged(with: .elements(.everything))
            } else {
                projection.add(descriptor.keyPath, then: content, holdingIndexes: true)
            }
        }
        guard readsAnywhere else { return projection }
        return projection.addingOutsideReads(of: self)
    }

    /// The held projection of one representation mapped with `ref` (an
    /// element `rkmap check` maps from a content array's bytes), as
    /// `heldProjection(for:)` makes a document's. `@root` reads are not
    /// added: what they read is the document's, not this element's.
    package func heldProjection(ofRepresentationOf ref: MapperRef) -> JSONProjection {
        var visiting: Set<MapperRef> = []
        var memo: ProjectionMemo = [:]
        let projection = representationProjection(of: ref, compacting: true, holding: true, visiting: &visiting, memo: &memo).projection
        guard readsAnywhere else { return projection }
        return projection.addingOutsideReads(of: self, atRoot: false)
    }

    /// The held projection of the value under one key of a dictionary that
    /// `ref` maps member by member (a content dictionary `rkmap check` maps
    /// from its bytes), as `heldProjection(ofRepresentationOf:)` makes an
    /// element's: `memberProjection` made `compacting` and `holding`;
    /// `.everything` when key paths read `@root` or `@parent`.
    package func heldProjection(ofMemberOf ref: MapperRef) -> JSONProjection {
        memberProjection(of: ref, compacting: true, holding: true)
    }

    /// The key paths anchored at `@root` and at `@parent` that the mappers
    /// evaluate (`readsKeyPath`), each once.
    func outsideKeyPaths() -> (root: Set<KeyPath>, parent: Set<KeyPath>) {
        var root: Set<KeyPath> = []
        var parent: Set<KeyPath> = []
        _ = readsKeyPath { path in
            switch path.anchor {
            case .root: root.insert(path)
            case .parent: parent.insert(path)
            case .representation, .metadata: break
            }
            return false
        }
        return (root, parent)
    }

    /// The projection of one representation mapped with `ref` (an element of a
    /// streamed content array, or the content itself).
    package func representationProjection(of ref: MapperRef, compacting: Bool = false, holding: Bool = false) -> JSONProjection {
        guard !readsAnywhere else { return .everything }
        var visiting: Set<MapperRef> = []
        var memo: ProjectionMemo = [:]
        return representationProjection(of: ref, compacting: compacting, holding: holding, visiting: &visiting, memo: &memo).projection
    }

    /// Each mapper's projection, with a bound on its nodes (`projectionNodeLimit`).
    private typealias ProjectionMemo = [MapperRef: (projection: JSONProjection, bound: Int)]

    /// The projection of `ref`'s representation and a bound on its nodes:
    /// one per key of the paths added, plus the bounds of what they lead to
    /// (only past `projectionNodeLimit` are the nodes counted, as far as it).
    private func representationProjection(
        of ref: MapperRef, compacting: Bool, holding: Bool, visiting: inout Set<MapperRef>, memo: inout ProjectionMemo
    ) -> (projection: JSONProjection, bound: Int) {
        if let known = memo[ref] { return known }
        // A mapper reached again from itself (a tree of comments and replies):
        // its representation is read whole, however deep it goes.
        guard visiting.insert(ref).inserted else { return (.everything, 1) }
        defer { visiting.remove(ref) }
        var projection = JSONProjection.nothing
        var bound = 1
        switch mappers[ref] {
        case .object(let mapper):
            if mapper.keyAttributeSlot != nil || mapper.forceCollection || mapper.mapsNilKeyPath { return (.everything, 1) }
            (projection, bound) = propertiesProjection(of: mapper, compacting: compacting, holding: holding, visiting: &visiting, memo: &memo)
            // A mapper that reads nothing of what it maps (only `@metadata`)
            // maps it all the same, and warns (§5.2): the value is read as
            // its kind (`{}` for an object, each element so, a scalar as it
            // is), not skipped as `null`, which maps to nothing, silently
            // (`apply` wrote `"list": null`, or `[]` for such a content).
            if projection == .nothing { projection = .members([:]) }
        case .dynamic(let dynamic):
            for matcher in dynamic.matchers {
                switch matcher.test {
                // A kind, or a scalar's value, is all these matchers read at
                // their key path (`countOnly` keeps both, as in
                // `choiceProjection`): a large array a relationship maps
                // stays held when a matcher only asks whether it is one.
                case .expectType(let path, _):
                    projection.add(path, then: .countOnly)
                    bound += path.components.count + 1
                case .expectValue(let path, let expected):
                    let scalar = expected.kind != .object && expected.kind != .array
                    projection.add(path, then: scalar ? .countOnly : .everything)
                    bound += path.components.count + 1
                case .valueMap(let path, let table):
                    projection.add(path, then: .countOnly)
                    bound += path.components.count + 1
                    for next in table.values {
                        let (chosen, chosenBound) = representationProjection(of: next, compacting: compacting, holding: holding, visiting: &visiting, memo: &memo)
                        projection = projection.merged(with: chosen)
                        bound += chosenBound
                    }
                case .predicate(let predicate):
                    projection = projection.merged(with: predicate.documentProjection)
                    // A predicate names few paths; counted when the bound is passed.
                    bound += Self.projectionNodeLimit
                }
                if let next = matcher.mapper {
                    let (chosen, chosenBound) = representationProjection(of: next, compacting: compacting, holding: holding, visiting: &visiting, memo: &memo)
                    projection = projection.merged(with: chosen)
                    bound += chosenBound
                }
            }
        }
        // A projection of more nodes than any real spec needs names the paths
        // of a graph of to-one relationships that cycle (every mapper
        // leading to two others: 2^n paths); the whole value is read from
        // here instead, which any mapping may read. Without this, a spec of
        // 30 such mappers (5 KB) took 4.75 GB and half a minute to set up.
        if bound > Self.projectionNodeLimit {
            bound = projection.nodeCount(upTo: Self.projectionNodeLimit)
            if bound > Self.projectionNodeLimit { (projection, bound) = (.everything, 1) }
        }
        // Sound wherever the mapper is met again: a cycle cut on the way reads
        // everything from there, more than any context needs.
        memo[ref] = (projection, bound)
        return (projection, bound)
    }

    /// What `mapper`'s attributes and relationships read of the value they
    /// are evaluated on, and a bound on its nodes (`representationProjection`).
    private func propertiesProjection(
        of mapper: ObjectMapper, compacting: Bool, holding: Bool, visiting: inout Set<MapperRef>, memo: inout ProjectionMemo
    ) -> (projection: JSONProjection, bound: Int) {
        var projection = JSONProjection.nothing
        var bound = 1
        for property in mapper.properties {
            switch property {
            case .attribute(let attribute):
                let copied = compacting && copiesWhole(attribute.slot, of: mapper)
                projection.add(attribute.source, then: copied ? .verbatim : .everything, holdingIndexes: holding)
                bound += attribute.source.components.count + 2
            case .relationship(let relationship):
                let (target, targetBound) = representationProjection(
                    of: relationship.mapper, compacting: compacting, holding: holding, visiting: &visiting, memo: &memo)
                bound += relationship.source.components.count + 2 + targetBound
                // Not from `""`: the value there is the representation
                // itself; nor for a mapper that reads nothing (the value
                // is then not read at all, as without holding).
                let held = holding && !relationship.source.isNil && target != .nothing
                projection.add(relationship.source, then: held ? .elements(target) : target, holdingIndexes: holding)
            }
        }
        return (projection, bound)
    }

    /// The projection of the value under one key of a dictionary that `ref`,
    /// an object mapper with `forceCollection`, maps member by member
    /// (docs/spec.md §5.3): that value is the representation its key paths
    /// are evaluated on (the key is not part of it), so it is read as an
    /// element of a content array is — the members they name, and a value
    /// only an untyped nil key path copies (`"": "value"`) as its compact
    /// text with `compacting`, not as a tree. `.everything` for any other
    /// mapper, or when key paths read `@root` or `@parent`.
    package func memberProjection(of ref: MapperRef, compacting: Bool = false, holding: Bool = false) -> JSONProjection {
        guard !readsAnywhere, case .object(let mapper) = mappers[ref], mapper.forceCollection else { return .everything }
        // A relationship back to this mapper reads its value whole.
        var visiting: Set<MapperRef> = [ref]
        var memo: ProjectionMemo = [:]
        let (projection, bound) = propertiesProjection(
            of: mapper, compacting: compacting, holding: holding, visiting: &visiting, memo: &memo)
        if bound > Self.projectionNodeLimit, projection.hasMoreNodes(than: Self.projectionNodeLimit) { return .everything }
        // Read as an object when nothing of it is read (a mapper of a
        // `keyAttribute` or `@metadata` alone): a value read as `nothing`
        // would be `null`, and make no record.
        return projection == .nothing ? .members([:]) : projection
    }

    /// The most nodes a mapper's projection keeps before it reads the whole
    /// value (`representationProjection`): far more than a spec names,
    /// since a projection names only what mappers read.
    static let projectionNodeLimit = 1 << 14

    /// Whether mapping only ever copies the value of `mapper`'s attribute in
    /// `slot` to the output as it is, so that it may be read as compact text:
    /// untyped, or of a type that keeps an array or object as it is (`any`,
    /// `array`), or refuses it (`string`, `int`, `date`, …: a warning, the same
    /// for the text as for the tree), or `set`, which reads the text's
    /// elements one at a time (`JSONValue.distinctElements`); and not an
    /// identification, version, validated or connection value, nor one that
    /// dotted destinations write into — each of those compares or rebuilds
    /// the value. (A key path that also reads into the value reads its
    /// tree: `JSONProjection.merged`.)
    func copiesWhole(_ slot: Int, of mapper: ObjectMapper) -> Bool {
        if mapper.identification.contains(slot) || mapper.modificationSlot == slot || mapper.keyAttributeSlot == slot { return false }
        if mapper.validations.contains(where: { $0.slot == slot }) { return false }
        if mapper.connections.contains(where: { $0.sourceSlot == slot }) { return false }
        if mapper.nestings.contains(where: { $0.outer == slot }) { return false }
        return !(connectionTargets[mapper.typeName]?.contains(mapper.slots[slot].name) ?? false)
    }

    /// What a dynamic mapper's matchers read of a representation to choose
    /// an object mapper (through the dynamic mappers they choose), or `nil`
    /// when `ref` is not dynamic or none of the mappers it may choose maps a
    /// dictionary with `forceCollection`. A large content object is then read
    /// through this to choose, and streamed member by member when the choice
    /// is such a mapper (`Splitter`): the matchers never read the members the
    /// chosen mapper maps. `everything` when a matcher reads the whole value.
    package func keyedChoiceProjection(of ref: MapperRef) -> JSONProjection? {
        guard objectMappers(producedBy: ref).contains(where: \.forceCollection) else { return nil }
        return choiceProjection(of: ref)
    }

    /// What a dynamic mapper's matchers read of a representation to choose
    /// an object mapper (through the dynamic mappers they choose), or `nil`
    /// when `ref` is not dynamic; `everything` when a matcher reads the
    /// whole value (`keyedChoiceProjection`).
    package func choiceProjection(of ref: MapperRef) -> JSONProjection? {
        guard case .dynamic = mappers[ref] else { return nil }
        var projection = JSONProjection.nothing
        forEachChoiceTest(of: ref) { test in
            // A kind, or a scalar's value, is all some matchers need of the
            // value at their key path (`countOnly` keeps both): `expectType
            // object` on the nil key path does not read the object's members.
            switch test {
            case .expectType(let path, _), .valueMap(let path, _):
                // A `valueMap`: only a string or a number picks a mapper.
                projection.add(path, then: .countOnly)
            case .expectValue(let path, let expected):
                let scalar = expected.kind != .object && expected.kind != .array
                projection.add(path, then: scalar ? .countOnly : .everything)
            case .predicate(let predicate):
                projection = projection.merged(with: predicate.documentProjection)
            }
        }
        // Read as an object even when no matcher reads a member of it: a value
        // read as `nothing` would be `null`.
        return projection == .nothing ? .members([:]) : projection
    }

    /// The key paths that a dynamic mapper's matchers read of a representation
    /// to choose (through the dynamic mappers they choose), each with whether
    /// only the kind or a scalar value of what is there decides (an
    /// `expectType`, a `valueMap`, an `expectValue` of a scalar), or the value
    /// itself (an `expectValue` of an object or an array, a predicate's key path).
    package func choiceKeyPaths(of ref: MapperRef) -> [(path: KeyPath, kindOrScalar: Bool)] {
        var paths: [(path: KeyPath, kindOrScalar: Bool)] = []
        forEachChoiceTest(of: ref) { test in
            switch test {
            case .expectType(let path, _), .valueMap(let path, _):
                paths.append((path, true))
            case .expectValue(let path, let expected):
                paths.append((path, expected.kind != .object && expected.kind != .array))
            case .predicate(let predicate):
                _ = predicate.root.readsKeyPath { path in
                    paths.append((path, false))
                    return false
                }
            }
        }
        return paths
    }

    /// Calls `body` with the test of every matcher that choosing from `ref`
    /// may evaluate: `ref`'s own, then those of the dynamic mappers they
    /// (or a `valueMap`'s table) choose, each mapper once.
    private func forEachChoiceTest(of ref: MapperRef, _ body: (Matcher.Test) -> Void) {
        var visited: Set<MapperRef> = []
        var stack = [ref]
        while let next = stack.popLast() {
            guard visited.insert(next).inserted, case .dynamic(let dynamic) = mappers[next] else { continue }
            for matcher in dynamic.matchers {
                body(matcher.test)
                if case .valueMap(_, let table) = matcher.test { stack.append(contentsOf: table.values) }
                if let chosen = matcher.mapper { stack.append(chosen) }
            }
        }
    }

    /// What the `@root` key paths of the mappers read of a document (matchers,
    /// attributes, relationships and predicates alike), or `nil` when none
    /// does. A streamed document's root is read through this before its
    /// elements are mapped (`Splitter`), so that each element sees the same
    /// `@root` as in a whole-document read without the document's tree.
    /// An attribute that only copies what its `@root` path finds (untyped,
    /// nothing else reads it: `"@root": "raw"`) reads it as its compact
    /// text (`verbatim`), as a member copied so is read: a document whose
    /// root is copied whole is then held as its text, not as a tree beside
    /// it. Any other read of the same value reads its tree.
    package var rootProjection: JSONProjection? {
        var projection: JSONProjection?
        forEachRootRead { path, tail in
            projection = (projection ?? .nothing).adding(componentsOf: path, then: tail)
        }
        return projection
    }

    /// Each `@root` key path of the mappers, with what it reads of the
    /// value it finds (`verbatim` for an attribute that only copies it),
    /// in the order `rootProjection` adds them. Apart, a copy and a path
    /// tell what each reads of a content, where together they read the
    /// tree (`rkmap check` maps the items of a document whose root is
    /// copied beside `@root.page.total` one at a time, from their text).
    package func forEachRootRead(_ body: (KeyPath, JSONProjection) -> Void) {
        for case .object(let m) in mappers {
            for step in m.steps where step.target == nil && step.source.anchor == .root {
                body(step.source, copiesWhole(step.slot, of: m) ? .verbatim : .everything)
            }
        }
        _ = Self.readsKeyPath(in: mappers, attributes: false) { path in
            if path.anchor == .root { body(path, .everything) }
            return false
        }
    }

    /// How the `@root` key paths that reach the value at the end of `keys`
    /// (a descriptor's content) read it, when they all copy it, or what
    /// holds it, whole (`"@root": "doc"` beside `@root.page.total`, which
    /// does not reach `items`), and some does: `verbatim`, as its text; or,
    /// when a path also counts it (`@root.items.@count`) or, with `through`,
    /// reads through its elements, `elements`, its elements' text, which the
    /// copy writes as it is and `@count` counts.
    /// Nil when none copies it or some path reads it otherwise. Merged, a
    /// copy and a path into one value read its tree; apart, the copies read
    /// the content as its text, and the paths read the rest of the document.
    ///
    /// - Parameter through: paths into the content's elements (a key, an
    ///   index or an operator after its keys: `@root.items.id`,
    ///   `@root.items[0].id`, `@root.items.price.@sum`) read it as its
    ///   elements' text too, each element read back for them
    ///   (`KeyPath.lookup`), their value kept per document
    ///   (`OperatorResults`). `apply` asks so; `check`, whose report would
    ///   hold every item such a path may read, does not.
    ///
    ///   Under `keyMatching: caseInsensitive` keys equal ignoring case are
    ///   the same: a path's key reaches the content's member when no other
    ///   member of its object equals it ignoring case (the caller's
    ///   condition: `check`'s skeleton finds each content key exactly once).
    package func rootCopyReads(_ keys: [String], through: Bool = false) -> JSONProjection? {
        var copies = false
        var byElement = false
        var reads = false
        let folding = options.caseInsensitiveKeys
        let contentKeys = folding ? keys.map { $0.lowercased() } : keys
        forEachRootRead { path, tail in
            let leading = folding ? path.leadingKeys.map { $0.lowercased() } : path.leadingKeys
            // Parts from the content's keys before either ends: reads none of it.
            if zip(leading, contentKeys).contains(where: { !JSONValue.sameText($0, $1) }) { return }
            if leading.count == path.components.count, leading.count <= keys.count, tail == .verbatim {
                // Keys only, to the content or what holds it, copied as they are.
                copies = true
            } else if leading.count == keys.count, path.components.count == keys.count + 1,
                      case .collection(.count) = path.components[keys.count] {
                // The content counted: its elements' text tells how many.
                byElement = true
            } else if through, leading.count >= keys.count, path.components.count > keys.count {
                // Into the content's elements (`@root.items.id`, `@root.items[0].id`,
                // `@root.items.price.@sum`): each element's text holds it.
                byElement = true
            } else {
                // Into the content, or read otherwise on the way to it (a
                // typed copy, an index or another operator: `@root.data.@count`).
                reads = true
            }
        }
        guard copies, !reads else { return nil }
        return byElement ? .elements(.everything) : .verbatim
    }

    /// Some key path reads by position in the document rather than by name
    /// (`@root`, `@parent`): mapping reads the whole document. Computed
    /// once (`MappingGraph.init`): a projection is asked for per streamed
    /// relationship, and each scan of every mapper made set-up quadratic.
    static func readsAnywhere(_ mappers: [Mapper], _ descriptors: [Descriptor]) -> Bool {
        let outside: (KeyPath) -> Bool = { path in
            if case .parent = path.anchor { return true }
            return path.anchor == .root
        }
        return readsKeyPath(in: mappers, where: outside) || descriptors.contains { outside($0.keyPath) }
    }

    /// Whether some key path the mappers evaluate (attributes, relationships,
    /// matchers, and the predicates of matchers and validations) passes `test`.
    func readsKeyPath(where test: (KeyPath) -> Bool) -> Bool {
        Self.readsKeyPath(in: mappers, where: test)
    }

    /// - Parameter attributes: whether attributes' source key paths are
    ///   among those tested (`rootProjection` adds them itself).
    static func readsKeyPath(in mappers: [Mapper], attributes: Bool = true, where test: (KeyPath) -> Bool) -> Bool {
        for mapper in mappers {
            switch mapper {
            case .object(let m):
                for step in m.steps where attributes || step.target != nil {
                    if test(step.source) { return true }
                }
                if m.validations.contains(where: { $0.predicate.root.readsKeyPath(where: test) }) { return true }
            case .dynamic(let d):
                for matcher in d.matchers {
                    switch matcher.test {
                    case .expectValue(let k, _), .expectType(let k, _), .valueMap(let k, _):
                        if test(k) { return true }
                    case .predicate(let p):
                        if p.root.readsKeyPath(where: test) { return true }
                    }
                }
            }
        }
        return false
    }
}

extension JSONProjection {
    /// This projection with what the `graph`'s `@root` key paths read added at
    /// the top (with `atRoot`; the projection is a document's) and what its
    /// `@parent` key paths read added at every object (`heldProjection`).
    fileprivate func addingOutsideReads(of graph: MappingGraph, atRoot: Bool = true) -> JSONProjection {
        let (root, parent) = graph.outsideKeyPaths()
        var parentReads = JSONProjection.nothing
        // Read as a representation's own key paths are when holding: an
        // index or an operator after a name reads each element of a held
        // array (`KeyPath.element`, `heldResult`).
        for path in parent { parentReads.add(componentsOf: path, holdingIndexes: true) }
        var projection = parentReads == .nothing ? self : addingAtEveryObject(parentReads)
        if atRoot {
            for path in root { projection.add(componentsOf: path, holdingIndexes: true) }
        }
        return projection
    }

    /// `extra` merged into every object this projection reads (each
    /// `members`, and those of `elements`), after what is below it: a value
    /// `extra` names whole is then read whole wherever it is.
    private func addingAtEveryObject(_ extra: JSONProjection) -> JSONProjection {
        switch self {
        case .members(let map):
            return JSONProjection.members(map.mapValues { $0.addingAtEveryObject(extra) }).merged(with: extra)
        case .elements(let inner):
            return .elements(inner.addingAtEveryObject(extra))
        case .nothing, .everything, .verbatim:
            return self
        }
    }

    /// This projection plus what evaluating `path` on the value reads, with
    /// `tail` at its end (`adding(componentsOf:then:)`). `@metadata`, `@root`
    /// and `@parent` read nothing of the value (the caller reads the whole
    /// document for the last two).
    func adding(_ path: KeyPath, then tail: JSONProjection = .everything) -> JSONProjection {
        var projection = self
        projection.add(path, then: tail)
        return projection
    }

    /// `adding(_:then:)` in place (see `add(_:then:)` of member names, and
    /// `add(componentsOf:then:holdingIndexes:)`).
    mutating func add(_ path: KeyPath, then tail: JSONProjection = .everything, holdingIndexes: Bool = false) {
        guard path.anchor == .representation else { return }
        add(componentsOf: path, then: tail, holdingIndexes: holdingIndexes)
    }
}
