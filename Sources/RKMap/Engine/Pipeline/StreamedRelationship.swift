import Synchronization

/// A to-many relationship of the root mapper's record whose array may be
/// streamed element by element when the content is one large object
/// (`{"items": [...24 MB...]}` mapped as one record with an `items`
/// relationship), or an element of the content array is one: the
/// record is mapped without the array and written around it, and the
/// array's elements are mapped as the relationship maps them, in units of
/// their own, and written between (`WorkUnit.parent`, `.related`,
/// `.parentEnd`).
///
/// Only where that gives a whole read's answer: the root mapper is an object
/// mapper that reads the array through this relationship alone (no other
/// key path of it goes there or stops on the way, no attribute of the nil
/// key path, no relationship from it whose mapper reads there) and
/// writes the array's field to a plain name that no dotted destination
/// nests into; no `@parent` key path reads the array (or
/// what holds it) of whatever it reaches; the source is one key or several
/// (`data.children`: the array in the object at `data`). What the record's
/// mapping reports from the relationship's place on (later properties,
/// validations, a rejection, a failure) is reported after the elements, as
/// a whole read reports it, and the record is written only if it passed
/// (`WorkResult.opened`). The output takes encoded roots (JSON in the
/// `collection` and `dictionary` shapes, NDJSON) or the record open
/// (SQLite, CSV), and there are no connections
/// (`Splitter.streamedRelationships`).
///
/// When a key path reads `@parent` or `@root` (which make every projection
/// read everything), the splitter reads the record's object, all but the
/// array, once (`readsObject`): the record is mapped from it, and its
/// elements see it as their `@parent`.
///
/// When the root mapper is dynamic (a Stripe-style `{"object": "list",
/// "data": [...]}`), each object mapper it may choose has its candidates,
/// under ids of their own, read with what the matchers read
/// (`MappingGraph.choiceProjection(of:)`); one whose array a matcher reads
/// into (`data.@count`, `ANY data.amount > 0`, an object `expectValue`) is
/// left out. The splitter cuts the object before choosing, and the worker
/// chooses from the object without the array (`Splitter.chosenRecords`).
struct StreamedRelationship: Sendable {
    /// The relationship's source key path as written (`items`,
    /// `data.children`): which one it is, in units and to the splitter.
    let key: String
    /// Its members, outermost first: the array is at the last, in objects
    /// at the others (`{"data": {"children": [...]}}`).
    let keys: [String]
    let sourcePath: KeyPath
    /// The record's mapper, the relationship's slot in it, and the mapper of its elements.
    let parentMapper: ObjectMapper
    let slot: Int
    let target: MapperRef
    /// What of the record's object is read: its projection, with the array
    /// not built (`null` takes its place, an empty array once read). Made
    /// when first read: made for every candidate, a root mapper of 4,000
    /// relationships made 4,000 plans of 4,000 members (8.5 GB, 12 s).
    var parentProjection: ProjectionPlan { parentPlan.plan }
    private let parentPlan: LazyProjectionPlan
    /// What of each element is read.
    let elementProjection: ProjectionPlan
    /// The splitter reads the record's object, every member but the array
    /// (`PipelineState.DocumentValue.parentObject`): the record's projection reads
    /// everything, or an element reads `@parent`.
    let readsObject: Bool
    /// The record's attributes that count the array (`items.@count`), by
    /// their index in `parentMapper.steps`: the splitter counts its
    /// elements as it skips them (`StreamedRecord.length`), and the record's
    /// mapping takes that number for them (`DocumentMapper.streamedCount`).
    let countingSteps: [Int]

    /// The root mapper's relationships that may be streamed, by id (the
    /// splitter streams the first large one it meets); empty when none may
    /// (see the type's notes). When the root mapper is dynamic, those of each
    /// object mapper it may choose (`chosen`) whose choice the array cannot
    /// change: no matcher reads into the array (its kind, or that of what
    /// holds it, is the same with the array empty).
    ///
    /// - Parameter toOneUnlessMany: CSV's rule (`MappingOptions`): a
    ///   relationship without `"many": true` is to-one, an array there is
    ///   left out with a warning, so only those with it may be streamed.
    static func candidates(
        graph: MappingGraph, descriptors: [Descriptor], readsProjection: Bool, compacting: Bool = false, toOneUnlessMany: Bool
    ) -> [String: StreamedRelationship] {
        guard readsProjection, descriptors.count == 1 else { return [:] }
        let folding = graph.options.caseInsensitiveKeys
        let root = descriptors[0].rootMapper
        switch graph.mappers[root] {
        case .object(let mapper):
            return candidates(
                of: mapper, graph: graph, projection: graph.representationProjection(of: root, compacting: compacting),
                compacting: compacting, toOneUnlessMany: toOneUnlessMany)
        case .dynamic:
            guard let choice = graph.choiceProjection(of: root), choice != .everything else { return [:] }
            let matchers = graph.choiceKeyPaths(of: root).filter { $0.path.anchor == .representation }
            let chosen = Set(graph.objectMappers(producedBy: root).map(ObjectIdentifier.init))
            var found: [String: StreamedRelationship] = [:]
            for (ref, mapper) in graph.mappers.enumerated() {
                guard case .object(let object) = mapper, chosen.contains(ObjectIdentifier(object)) else { continue }
                let mine = candidates(
                    of: object, graph: graph, projection: choice.merged(with: graph.representationProjection(of: ref, compacting: compacting)),
                    compacting: compacting, toOneUnlessMany: toOneUnlessMany, id: { "\(ref)#\($0)" }
                ) { keys in
                    // The array, or what is in it, decides: a whole read may
                    // choose another mapper than the record's empty array gives.
                    !matchers.contains { matcher in
                        overlaps(matcher.path.components, keys, folding: folding)
                            && (!matcher.kindOrScalar || matcher.path.components.count > keys.count)
                    }
                }
                found.merge(mine) { first, _ in first }
            }
            return found
        }
    }

    /// `mapper`'s relationships that may be streamed when it maps the
    /// record, by id (`id` of the source key path as written), reading
    /// `projection` of the record's object; `allowed` tells whether the
    /// array at these keys may be left out of it.
    private static func candidates(
        of mapper: ObjectMapper, graph: MappingGraph, projection: JSONProjection, compacting: Bool, toOneUnlessMany: Bool,
        id: (String) -> String = { $0 }, allowed: ([String]) -> Bool = { _ in true }
    ) -> [String: StreamedRelationship] {
        guard !mapper.forceCollection, mapper.keyAttributeSlot == nil, mapper.connections.isEmpty,
              // The object itself as a value (an attribute from `""`) would
              // be read with the array empty.
              !mapper.steps.contains(where: { $0.sourceIsNil && $0.target == nil })
        else { return [:] }
        // Relationships from `""` map the record's object again: what their
        // mappers read of it (`graph.representationProjection`).
        let folding = graph.options.caseInsensitiveKeys
        let fromObject = mapper.steps.compactMap { $0.sourceIsNil ? $0.target.map { graph.representationProjection(of: $0) } : nil }
            .map { folding ? $0.folded : $0 }
        let projection = folding ? projection.folded : projection
        let readsParent = !graph.parentKeyPaths.isEmpty
        var found: [String: StreamedRelationship] = [:]
        // Made once, not per relationship (each a scan of every step or
        // slot: quadratic in a mapper of thousands of relationships):
        // properties per slot, the steps that may
        // read a member by its first key (or by anything: an index or an
        // operator first), and each target's element projection.
        var propertiesPerSlot: [Int: Int] = [:]
        for step in mapper.steps { propertiesPerSlot[step.slot, default: 0] += 1 }
        var readersByFirstKey: [String: [Int]] = [:]
        var readersOfAnything: [Int] = []
        for (i, other) in mapper.steps.enumerated() where !other.sourceIsNil && other.source.anchor == .representation {
            if case .key(let name)? = other.source.components.first {
                readersByFirstKey[folding ? name.lowercased() : name, default: []].append(i)
            } else {
                readersOfAnything.append(i)
            }
        }
        var elementPlans: [MapperRef: ProjectionPlan] = [:]
        for (stepIndex, step) in mapper.steps.enumerated() {
            guard let target = step.target, step.many == true || (step.many == nil && !toOneUnlessMany),
                  step.source.anchor == .representation, !step.source.components.isEmpty
            else { continue }
            let keys = step.source.components.compactMap { if case .key(let key) = $0 { key } else { nil } }
            guard keys.count == step.source.components.count, allowed(keys) else { continue }
            // With `keyMatching: caseInsensitive` a key finds members of
            // any case: keys are compared, and projections read, folded.
            let folded = folding ? keys.map { $0.lowercased() } : keys
            // Another property writing the same field: the last one mapped wins.
            guard propertiesPerSlot[step.slot] == 1 else { continue }
            // Dotted destinations nest, each object placed where its first
            // field is written (`RecordEncoder.nest`): the array's field must
            // be a plain name that none of them writes into or replaces
            // (`items.total` would), so that it has one place in the record.
            guard mapper.hasOnePlace(step.slot) else { continue }
            // Read by another key path of the record (a second relationship,
            // `items.name`, `data` for `data.children`): one that reaches
            // into the array, or holds it. An attribute counting it
            // (`items.@count`) needs only its length, which the splitter
            // counts as it finds the array, unless keys ignore case
            // (the record is mapped whole).
            var countingSteps: [Int] = []
            let readers = ((readersByFirstKey[folded[0]] ?? []) + readersOfAnything).sorted()
            let others = readers.filter { i in
                let other = mapper.steps[i]
                guard i != stepIndex, !other.sourceIsNil, other.source.anchor == .representation,
                      Self.overlaps(other.source.components, keys, folding: folding)
                else { return false }
                if !folding, other.target == nil, Self.counts(other.source.components, keys) {
                    countingSteps.append(i)
                    return false
                }
                return true
            }
            guard others.isEmpty, !fromObject.contains(where: { Self.reaches(folded[...], $0) }) else { continue }
            // `@parent` may be the record's object (the array is not in the
            // one its elements see), at any depth: none may read the array
            // in what it reaches, nor what holds it.
            let readsMember = graph.parentKeyPaths.contains { Self.overlaps($0.components, keys, folding: folding) }
            guard !readsMember else { continue }
            let parentPlan: LazyProjectionPlan
            if case .members = projection {
                guard Self.canLeaveOut(folded[...], from: projection) else { continue }
                parentPlan = LazyProjectionPlan { ProjectionPlan(Self.leavingOut(folded[...], from: projection)!, caseInsensitive: folding) }
            } else {
                parentPlan = LazyProjectionPlan { .everything }
            }
            let elementPlan = elementPlans[target] ?? ProjectionPlan(graph.representationProjection(of: target, compacting: compacting), caseInsensitive: folding)
            elementPlans[target] = elementPlan
            found[id(step.source.source)] = StreamedRelationship(
                key: id(step.source.source), keys: keys, sourcePath: step.source, parentMapper: mapper, slot: step.slot, target: target,
                parentPlan: parentPlan, elementProjection: elementPlan,
                readsObject: readsParent || projection == .everything, countingSteps: countingSteps)
        }
        return found
    }

    /// Whether a key path with these components reads the array at `keys`
    /// or what holds it: it follows the same members as far as one of them
    /// goes (a path with no member reads the whole object); `folding`:
    /// names equal ignoring case are the same member.
    static func overlaps(_ components: [KeyPath.Component], _ keys: [String], folding: Bool = false) -> Bool {
        for (component, key) in zip(components, keys) {
            // An index or an operator on the way: taken as reading it.
            guard case .key(let name) = component else { return true }
            if folding ? name.lowercased() != key.lowercased() : name != key { return false }
        }
        return true
    }

    /// Whether a key path with these components is the array at `keys`
    /// counted (`items.@count`) and nothing else.
    static func counts(_ components: [KeyPath.Component], _ keys: [String]) -> Bool {
        guard components.count == keys.count + 1, components.last == .collection(.count) else { return false }
        return zip(components, keys).allSatisfy { component, key in
            if case .key(let name) = component { name == key } else { false }
        }
    }

    /// Whether `projection` reads the array at `keys` or what is in it (a
    /// relationship from `""` whose mapper reads `items`, `items.@count`, or
    /// everything); reading other members of the objects on the way
    /// (`data.after` for `data.children`) is not.
    static func reaches(_ keys: ArraySlice<String>, _ projection: JSONProjection) -> Bool {
        switch projection {
        case .everything, .verbatim: return true
        case .nothing: return false
        case .elements(let inner): return reaches(keys, inner)
        case .members(let members):
            guard let key = keys.first else { return true }
            guard let inner = members[key], inner != .nothing else { return false }
            return keys.count == 1 || reaches(keys.dropFirst(), inner)
        }
    }

    /// `object` with an empty array at `keys`, where the record's mapping
    /// finds the relationship's (the object at each key before the last is
    /// there: the splitter found the array in it). `folding`: each key
    /// before the last is followed as a lookup ignoring case follows it (the
    /// exact member, else the first equal ignoring case), and the last is
    /// set exactly, which such a lookup then finds first.
    static func emptied(_ object: JSONObject, at keys: ArraySlice<String>, folding: Bool = false) -> JSONObject {
        guard let key = keys.first else { return object }
        var object = object
        // By exact names (`JSONObject.sameKey`), as the record's lookups find them.
        if keys.count == 1 {
            object[key] = .array([])
            return object
        }
        let member = object.followedKey(key, caseInsensitive: folding) ?? key
        if case .object(let inner)? = object[member] {
            object[member] = .object(emptied(inner, at: keys.dropFirst(), folding: folding))
        }
        return object
    }

    /// Whether `leavingOut(keys, from: projection)` is not nil, without
    /// making it (a copy of each level's members).
    static func canLeaveOut(_ keys: ArraySlice<String>, from projection: JSONProjection) -> Bool {
        guard let key = keys.first else { return true }
        switch projection {
        case .everything, .verbatim: return false
        case .nothing: return true
        case .elements(let inner): return canLeaveOut(keys, from: inner)
        case .members(let members): return canLeaveOut(keys.dropFirst(), from: members[key] ?? .nothing)
        }
    }

    /// `projection` with the value at `keys` not read; nil when it reads
    /// all of what holds it.
    static func leavingOut(_ keys: ArraySlice<String>, from projection: JSONProjection) -> JSONProjection? {
        guard let key = keys.first else { return JSONProjection.nothing }
        switch projection {
        case .everything, .verbatim: return nil
        case .nothing: return .nothing
        case .elements(let inner): return leavingOut(keys, from: inner)
        case .members(var members):
            guard let inner = leavingOut(keys.dropFirst(), from: members[key] ?? .nothing) else { return nil }
            members[key] = inner
            return .members(members)
        }
    }
}

/// A projection plan made when it is first read, once (workers may ask together).
final class LazyProjectionPlan: Sendable {
    private let make: @Sendable () -> ProjectionPlan
    private let made = Mutex<ProjectionPlan?>(nil)

    init(_ make: @escaping @Sendable () -> ProjectionPlan) { self.make = make }

    var plan: ProjectionPlan {
        made.withLock { made in
            if let plan = made { return plan }
            let plan = make()
            made = plan
            return plan
        }
    }
}
