/// `rkmap check` of a large body without its tree: the content array's
/// elements (or a `forceCollection` dictionary's members) are read and mapped
/// one at a time from the body's bytes, as `map(document:…)` maps them from
/// the whole tree (docs/spec.md §5.2, §5.3), so a fixture costs its bytes and
/// one element's tree, not the document's tree (about four times the text for
/// small objects) and every record at once.
extension MappingEngine {
    /// Where a body's content arrays are, and the document around them.
    struct ElementwiseDocument {
        /// The document with each content array replaced by `[]` (a
        /// dictionary by `{}`): what the read tracker's report on the document
        /// root needs (the contents are read whole there, so their elements
        /// are never looked at).
        var skeleton: JSONValue
        /// Per applicable descriptor, in order: the byte offset of its content
        /// array's `[`, or of its dictionary's `{`.
        var contentStarts: [Int]
        /// For a descriptor whose last key is found in each element of an
        /// array (`pages.items`): where that key's value starts in each
        /// element, -1 where the element has none. The content is the array
        /// of these values (`null` for none), as a key on an array collects.
        var collected: [Int: [Int]] = [:]
        /// Per applicable descriptor: how its content object is read to
        /// choose a dynamic root mapper that may map it member by member
        /// (`keyedChoice(_:)`), made once for the body.
        var choices: [KeyedChoice?] = []
        /// Per applicable descriptor: whether it is a descriptor of the
        /// document itself beside descriptors of contents inside it (a root
        /// envelope mapper beside `items`, as `infer` writes), which maps the
        /// skeleton: it holds each content emptied, or whole where that
        /// mapper reads into it.
        var mapsSkeleton: [Bool] = []
    }

    /// The body read for element-wise mapping, or `nil` when it must be
    /// mapped whole: that maps it exactly as before, and reports what this
    /// does not (a syntax error, content that is not there or not an array).
    ///
    /// Element-wise only when nothing could tell the two apart: the
    /// applicable descriptors' key paths are keys from the document (`data`,
    /// `response.items`; JSON:API's `data` and `included`), with indexes
    /// into arrays on the way (`results[0].items`, `pages[-1].items`), or none (the
    /// document is the content, as GitHub's lists are top-level arrays; beside
    /// others, an envelope, which maps the skeleton; so does a descriptor
    /// of an object on the way to others' contents, Elasticsearch's `hits`
    /// beside `hits.hits`, and one whose content is one object beside an
    /// array's, `hits.total`, kept in the skeleton whole), no
    /// `@root` read of what holds a content whole, nor into an array an
    /// index picks from (the others read the skeleton, which has everything
    /// else of the document, and each content reached by keys, or the
    /// document as the content, as they read it: under `keyMatching:
    /// caseInsensitive`, every member equal ignoring case to a name they
    /// read), a body
    /// that is one valid
    /// JSON document, and each key of each path found exactly once in an
    /// object on the way (exactly, or ignoring case under `keyMatching:
    /// caseInsensitive`; a member that two paths' keys could both name, or a
    /// key found twice, leaves the choice to a whole read), ending at an
    /// array that no other path goes into, or at an object that each
    /// descriptor there maps with a `forceCollection` object mapper (not a
    /// dynamic one, whose matchers read the object) and that repeats no key
    /// (a whole read keeps the first one's position with the last one's value).
    ///
    /// - Parameter invalid: set when the body was read and is not one valid
    ///   JSON document: a whole read would build its tree up to the error,
    ///   then fail; the caller validates it without building one instead.
    func elementwiseDocument(_ body: [UInt8], invalid: inout Bool) -> ElementwiseDocument? {
        guard !applicable.isEmpty, options.onlyType == nil else { return nil }
        var paths: [[KeyPath.Component]] = []
        for (descriptor, _) in applicable {
            guard descriptor.keyPath.anchor == .representation else { return nil }
            for component in descriptor.keyPath.components {
                if case .collection = component { return nil }
            }
            paths.append(descriptor.keyPath.components)
        }
        // The document itself is every descriptor's content; or some
        // descriptors' (envelopes), which map the skeleton, beside others'
        // inside it, which the skeleton holds whole where an envelope's
        // mapper reads into them (`envelopeReads`).
        let whole = paths.allSatisfy(\.isEmpty)
        let caseInsensitive = graph.options.caseInsensitiveKeys
        // An envelope: the document itself, or an object on the way to
        // other descriptors' contents (Elasticsearch's `hits` beside
        // `hits.hits`), which maps that object of the skeleton.
        var mapsSkeleton = paths.map { path in
            !whole && (path.isEmpty || paths.contains { Self.next(after: path, in: $0, caseInsensitive: caseInsensitive) != nil })
        }
        let choices = applicable.map { keyedMapper($0.descriptor) == nil ? keyedChoice($0.descriptor) : nil }
        let keyed = applicable.indices.map { keyedMapper(applicable[$0].descriptor) != nil || choices[$0] != nil }
        if mapsSkeleton.contains(true) {
            let fold = { (key: String) in caseInsensitive ? key.lowercased() : key }
            for d in paths.indices where mapsSkeleton[d] {
                // A dictionary mapped member by member would map the emptied
                // contents as members: a whole read.
                guard !keyed[d] else { return nil }
                var relationshipKeys: [String] = []
                var visiting: Set<MapperRef> = []
                guard relationshipFirstKeys(of: applicable[d].descriptor.rootMapper, into: &relationshipKeys, visiting: &visiting) else { return nil }
                // The keys after the envelope's path that lead to a content
                // or to another envelope (a relationship mapping one would
                // map it emptied), each a key: an envelope is an object.
                var contentKeys: Set<String> = []
                for other in paths {
                    guard let next = Self.next(after: paths[d], in: other, caseInsensitive: caseInsensitive) else { continue }
                    guard case .key(let key) = next else { return nil }
                    contentKeys.insert(fold(key))
                }
                guard !relationshipKeys.contains(where: { contentKeys.contains(fold($0)) }) else { return nil }
            }
        }
        // `@root` key paths read the skeleton: beside the contents, or into
        // a content reached by keys, which the skeleton then holds as they
        // read it (`@root.items.@count`: every element, none of its members).
        var contentReads = Array(repeating: JSONProjection.nothing, count: paths.count)
        if let reads = graph.rootProjection {
            let folded = caseInsensitive ? reads.folded : reads
            for (d, path) in paths.enumerated() where !mapsSkeleton[d] {
                let keys = applicable[d].descriptor.keyPath.leadingKeys
                var reached = Self.rootReads(folded, of: keys, caseInsensitive: caseInsensitive)
                // A copy of what holds the content beside paths that read none
                // of it: the copy reads the content as its text (as a copy
                // alone does), the paths the skeleton, which holds the rest.
                // The document itself, or the content, copied and counted
                // (`"@root": "all"` beside `@root.@count` of a top-level array,
                // `"@root.items": "all"` beside `@root.items.@count`), reads it
                // so too: merged, they read it whole.
                if reached == nil || reached == .everything, let copied = graph.rootCopyReads(keys, through: true) {
                    reached = copied
                }
                guard let read = reached else { return nil }
                if case .nothing = read { continue }
                // Into an array an index picks from: the whole tree. Into
                // the document itself (`@root.@count` of a top-level array):
                // the skeleton is the document as they read it. Under
                // `caseInsensitive`, names folded: the skeleton holds every
                // member equal ignoring case to a name read, so a lookup
                // there follows the member it follows in the document.
                guard keys.count == path.count else { return nil }
                // The document itself read whole (a key path ending at it):
                // the whole tree. Copied (read as its text), or copied and
                // counted (`@root.@count` beside `"@root": "all"`: its
                // elements' text), the skeleton holds it so.
                if keys.isEmpty {
                    switch read {
                    case .members, .verbatim, .elements(.everything): break
                    default: return nil
                    }
                }
                contentReads[d] = read
            }
        }
        // Copies as `verbatim` (`compacting`): a content only copied is held as its text.
        if let reads = envelopeReads(mapsSkeleton, compacting: true) {
            let folded = caseInsensitive ? reads.folded : reads
            for (d, path) in paths.enumerated() where !mapsSkeleton[d] {
                let keys = applicable[d].descriptor.keyPath.leadingKeys
                let read = Self.rootReads(folded, of: keys, caseInsensitive: caseInsensitive)
                if read == .nothing { continue }
                guard keys.count == path.count else { return nil }
                switch read {
                case .verbatim?, JSONProjection.countOnly?:
                    // Only copied, or only counted (`items.@count`): read
                    // whole for the report, the skeleton holds it as they
                    // read it (its text; each element, none of its members).
                    contentReads[d] = contentReads[d].merged(with: read!)
                default:
                    // A key path through it (`items.id`; a relationship into
                    // it is a whole read, above): the skeleton holds it as
                    // the envelope reads it. The document itself, or an
                    // array on the way, read whole: the tree a whole read
                    // would build of it.
                    contentReads[d] = read.map { contentReads[d].merged(with: $0) } ?? .everything
                }
            }
        }
        return body.withUnsafeBytes { buf -> ElementwiseDocument? in
            // Read once, validating as it goes (the content arrays are
            // skipped, which validates them): one valid document, as
            // `FixtureReader.parseOne` reads it, or the whole read reports
            // what is wrong with its own messages.
            var reader = JSONScanner(bytes: buf, offset: 0, maxDepth: options.maxDepth)
            do throws(JSONSyntaxError) {
                if try reader.atEnd() { return nil }
                var found: ElementwiseDocument
                if whole {
                    guard let empty = try Self.emptyContent(at: &reader, keyed: !keyed.contains(false)) else { return nil }
                    let start = reader.offset
                    // Every path is empty: every descriptor's reads are the same.
                    let skeleton: JSONValue
                    if case .nothing = contentReads[0] {
                        try reader.skipValue()
                        skeleton = empty
                    } else {
                        // As `@root` reads it (as a streamed `apply` reads the root).
                        skeleton = try reader.readValue(projection: ProjectionPlan(contentReads[0], caseInsensitive: caseInsensitive))
                    }
                    found = ElementwiseDocument(skeleton: skeleton, contentStarts: Array(repeating: start, count: paths.count))
                } else {
                    let root = ContentPaths(caseInsensitive: caseInsensitive)
                    // A content that turns out to be one object is read as a
                    // record of an array content is (`recordPlan` in
                    // `mapElementwise`): a large array its relationships map
                    // held as its elements' text, as a whole read holds it.
                    let holdsObjects = options.holdsLargeArrays && options.readsProjection && !hasConnections
                    for (d, keys) in paths.enumerated() where !mapsSkeleton[d] {
                        let plan = holdsObjects
                            ? ProjectionPlan(
                                wholeHoldingAsIn: graph.heldProjection(ofRepresentationOf: applicable[d].descriptor.rootMapper),
                                caseInsensitive: caseInsensitive, holdingArraysFrom: options.holdingArraysFrom)
                            : nil
                        root.add(keys[...], descriptor: d, rootReads: contentReads[d], objectPlan: plan)
                    }
                    if mapsSkeleton.contains(true), options.holdsLargeArrays, options.readsProjection, !hasConnections {
                        // The rest of the body as a whole read holds it for the envelopes.
                        let envelopes = applicable.indices.filter { mapsSkeleton[$0] }.map { applicable[$0].descriptor }
                        root.hold(graph.heldProjection(for: envelopes), holdingArraysFrom: options.holdingArraysFrom)
                    }
                    if options.holdsLargeArrays {
                        // The members on no content's path and the elements
                        // an index does not lead into that no `@root` path
                        // and no envelope reads: as their text.
                        let readers = [graph.rootProjection, envelopeReads(mapsSkeleton)].compactMap { $0 }
                        root.holdUnreadAsText(unlessReadBy: readers.map { caseInsensitive ? $0.folded : $0 })
                    }
                    // An envelope's content is the skeleton: no start.
                    var starts = mapsSkeleton.map { $0 ? 0 : -1 }
                    var collected: [Int: [Int]] = [:]
                    guard let skeleton = try Self.skeleton(root, keyed: keyed, reader: &reader, starts: &starts, collected: &collected),
                          !starts.contains(-1)
                    else {
                        return nil
                    }
                    // A content that is one object (`hits.total`) stays in
                    // the skeleton, mapped from there as an envelope is.
                    for d in starts.indices where starts[d] == Self.objectInSkeleton {
                        mapsSkeleton[d] = true
                        starts[d] = 0
                    }
                    // Without an array (or dictionary) to map one element at
                    // a time, a whole read, which lets the body go once read.
                    guard mapsSkeleton.contains(false) else { return nil }
                    found = ElementwiseDocument(skeleton: skeleton, contentStarts: starts, collected: collected)
                }
                guard try reader.atEnd() else { return nil }
                // An envelope on the way maps an object, as a whole read
                // finds it (an array there would be mapped element by
                // element, each with its content emptied).
                for d in paths.indices where mapsSkeleton[d] && !paths[d].isEmpty {
                    guard case .object? = Self.value(at: paths[d], in: found.skeleton, caseInsensitive: caseInsensitive) else { return nil }
                }
                found.choices = choices
                found.mapsSkeleton = mapsSkeleton
                // A dictionary that repeats a key is left to a whole read.
                for start in Set(found.contentStarts) where buf[start] == UInt8(ascii: "{") {
                    let dictionary = JSONScanner(bytes: buf, offset: start, maxDepth: options.maxDepth, trusted: true)
                    guard try RepeatedMembers.find(inObjectAt: dictionary).isEmpty else { return nil }
                }
                return found
            } catch {
                invalid = true
                return nil
            }
        }
    }

    /// The first keys of the members that relationships of `ref` map
    /// (`""` relationships and a dynamic mapper's choices map the same
    /// object again: theirs too) added to `keys`; `false` when one starts
    /// otherwise (an index or an operator on the representation itself). An envelope whose
    /// relationship maps into a content is left to a whole read: a mapper
    /// that reads no keys there (only `@metadata`) has no projection, so
    /// the content would be emptied and its warnings lost, and a whole read
    /// holds such an array as its elements' text.
    private func relationshipFirstKeys(of ref: MapperRef, into keys: inout [String], visiting: inout Set<MapperRef>) -> Bool {
        guard visiting.insert(ref).inserted else { return true }
        for mapper in graph.objectMappers(producedBy: ref) {
            for case .relationship(let relationship) in mapper.properties {
                if relationship.source.isNil {
                    guard relationshipFirstKeys(of: relationship.mapper, into: &keys, visiting: &visiting) else { return false }
                    continue
                }
                guard relationship.source.anchor == .representation, case .key(let key)? = relationship.source.components.first else {
                    if relationship.source.anchor == .metadata { continue }
                    return false
                }
                keys.append(key)
            }
        }
        return true
    }

    /// What the mappers of the descriptors of the document itself beside
    /// others, and of objects on the way to them (`mapsSkeleton`), read of
    /// it (`.everything` when any key path of the spec reads `@root` or
    /// `@parent`; with `compacting`, what they only copy `verbatim`), or
    /// `nil` for none.
    private func envelopeReads(_ mapsSkeleton: [Bool], compacting: Bool = false) -> JSONProjection? {
        var reads: JSONProjection?
        for d in mapsSkeleton.indices where mapsSkeleton[d] {
            let descriptor = applicable[d].descriptor
            let own = graph.representationProjection(of: descriptor.rootMapper, compacting: compacting)
            // Of the document: what it reads of the object at its path.
            let envelope = descriptor.keyPath.isNil ? own : JSONProjection.nothing.adding(componentsOf: descriptor.keyPath, then: own)
            reads = reads.map { $0.merged(with: envelope) } ?? envelope
        }
        return reads
    }

    /// The component of `path` after `prefix` when `prefix` is a proper
    /// prefix of it (keys compared as a lookup compares them: ignoring
    /// case under `caseInsensitive`), nil otherwise.
    private static func next(
        after prefix: [KeyPath.Component], in path: [KeyPath.Component], caseInsensitive: Bool
    ) -> KeyPath.Component? {
        guard path.count > prefix.count else { return nil }
        for (a, b) in zip(prefix, path) {
            switch (a, b) {
            case (.key(let x), .key(let y)):
                guard caseInsensitive ? x.lowercased() == y.lowercased() : JSONObject.sameKey(x, y) else { return nil }
            case (.index(let m), .index(let n)):
                guard m == n else { return nil }
            default:
                return nil
            }
        }
        return path[prefix.count]
    }

    /// The value at the end of `path` (keys and indexes) in `value`: where
    /// an envelope on the way to a content finds its object in the skeleton.
    private static func value(at path: [KeyPath.Component], in value: JSONValue, caseInsensitive: Bool) -> JSONValue? {
        var current = value
        for component in path {
            switch component {
            case .key(let key):
                guard case .object(let object) = current,
                      let next = caseInsensitive ? object.value(forKey: key, caseInsensitive: true) : object[key]
                else { return nil }
                current = next
            case .index(let n):
                guard let next = KeyPath.element(n, of: current) else { return nil }
                current = next
            case .collection:
                return nil
            }
        }
        return current
    }

    /// What `@root` key paths read (`reads`, folded under `caseInsensitive`)
    /// of the content at the end of `keys` (`.nothing`: none reaches it;
    /// `items.@count` reads every element, none of its members), or nil
    /// when they read what holds it whole (`@root.data` beside a
    /// `data.items` descriptor, `@root` alone).
    private static func rootReads(_ reads: JSONProjection, of keys: [String], caseInsensitive: Bool) -> JSONProjection? {
        var projection = reads
        for key in keys {
            switch projection {
            case .nothing: return .nothing
            // (`@root` key paths never make `elements`; a value mapped by a
            // relationship is read, so it counts as reached.)
            // Copied whole (`"@root": "raw"`, read as its text): so is
            // everything below, the content too, held as its text.
            case .verbatim: return .verbatim
            case .everything, .elements: return nil
            case .members(let map): projection = map[caseInsensitive ? key.lowercased() : key] ?? .nothing
            }
        }
        return projection
    }

    /// How `rkmap check` reads the value under each key of a dictionary that
    /// `keyed` maps member by member: whole (`nil`: as a tree), but what
    /// `MappingGraph.heldProjection(ofMemberOf:)` holds held.
    private func memberPlan(of keyed: ObjectMapper) -> ProjectionPlan? {
        let ref = graph.mappers.firstIndex { if case .object(let object) = $0 { object === keyed } else { false } }
        guard let ref else { return nil }
        return ProjectionPlan.wholeHolding(
            asIn: graph.heldProjection(ofMemberOf: ref), caseInsensitive: graph.options.caseInsensitiveKeys,
            holdingArraysFrom: options.holdingArraysFrom)
    }

    /// The `forceCollection` object mapper that maps `descriptor`'s content
    /// dictionary member by member, if its root mapper is one.
    private func keyedMapper(_ descriptor: Descriptor) -> ObjectMapper? {
        guard case .object(let mapper) = graph.mappers[descriptor.rootMapper], mapper.forceCollection else { return nil }
        return mapper
    }

    /// How a content object is read to choose its mapper when `descriptor`'s
    /// root mapper is dynamic and may choose a `forceCollection` one whose
    /// matchers do not read the whole object (`KeyedChoice`, as `apply`'s
    /// splitter reads it): the object is chosen for from what they read, then
    /// mapped member by member, or read whole for one record.
    private func keyedChoice(_ descriptor: Descriptor) -> KeyedChoice? {
        KeyedChoice(graph: graph, root: descriptor.rootMapper, projecting: options.readsProjection)
    }

    /// The content at the reader (after its whitespace) emptied, `[]` or
    /// `{}`: `nil` unless an array, or an object that `keyed` descriptors map.
    private static func emptyContent(at reader: inout JSONScanner, keyed: Bool) throws(JSONSyntaxError) -> JSONValue? {
        let kind = try reader.peekKind()
        reader.skipWhitespace()
        switch kind {
        case .array: return .array([])
        case .object where keyed: return .object(JSONObject())
        default: return nil
        }
    }

    /// The applicable descriptors' key paths as a tree of keys and indexes:
    /// at each level, the keys (or, in an array, the indexes) that lead on,
    /// and the descriptors whose content is there.
    private final class ContentPaths {
        let caseInsensitive: Bool
        var keys: [(key: String, folded: String, next: ContentPaths)] = []
        /// Indexes as written (negative from the end).
        var indexes: [(index: Int, next: ContentPaths)] = []
        /// What `@root` key paths read of the content here (`.nothing`: the
        /// skeleton has it empty).
        var rootReads = JSONProjection.nothing
        /// Descriptors whose key path ends here.
        var descriptors: [Int] = []
        /// Whether a member of the object at this level matched.
        var found = false
        /// How the other members at this level are read, by name (folded
        /// under `caseInsensitive`): as a whole read holds them for an
        /// envelope (`hold(_:)`); a member not named is read as a tree.
        var held: [String: ProjectionPlan] = [:]
        /// Whether the elements of the array at this level that no index
        /// leads into are held as their compact text (nothing maps them;
        /// the read tracker reads each back when it reports on them), not
        /// as trees: 99 pages beside `pages[3].items` cost their bytes.
        var otherElementsAsText = false
        /// How a content here that is one object is read into the skeleton
        /// (nil: as a tree).
        var objectPlan: ProjectionPlan?

        init(caseInsensitive: Bool) { self.caseInsensitive = caseInsensitive }

        /// Sets `otherElementsAsText` along the paths where none of `reads`
        /// (projections of the document, folded under `caseInsensitive`)
        /// reaches the array an index leads into, and `readers` and
        /// `membersAsText` at each level.
        func holdUnreadAsText(unlessReadBy reads: [JSONProjection]) {
            if !indexes.isEmpty { otherElementsAsText = reads.allSatisfy { $0 == .nothing } }
            readers = reads
            membersAsText = true
            for entry in keys {
                entry.next.holdUnreadAsText(unlessReadBy: reads.map { Self.member(entry.folded, of: $0) })
            }
            for (_, next) in indexes {
                next.holdUnreadAsText(unlessReadBy: reads.map { read in
                    switch read {
                    case .nothing: .nothing
                    case .elements(let inner): inner
                    default: .everything
                    }
                })
            }
        }

        func add(_ path: ArraySlice<KeyPath.Component>, descriptor: Int, rootReads: JSONProjection, objectPlan: ProjectionPlan? = nil) {
            guard let component = path.first else {
                descriptors.append(descriptor)
                // Descriptors with one content have one path: the same reads.
                self.rootReads = rootReads
                // Several mappers of one object: read whole, as a tree.
                self.objectPlan = descriptors.count == 1 ? objectPlan : nil
                return
            }
            guard case .key(let key) = component else {
                guard case .index(let n) = component else { preconditionFailure("no operators in a content path") }
                if let i = indexes.firstIndex(where: { $0.index == n }) {
                    indexes[i].next.add(path.dropFirst(), descriptor: descriptor, rootReads: rootReads, objectPlan: objectPlan)
                } else {
                    let next = ContentPaths(caseInsensitive: caseInsensitive)
                    next.add(path.dropFirst(), descriptor: descriptor, rootReads: rootReads, objectPlan: objectPlan)
                    indexes.append((n, next))
                }
                return
            }
            if let i = keys.firstIndex(where: { JSONObject.sameKey($0.key, key) }) {
                keys[i].next.add(path.dropFirst(), descriptor: descriptor, rootReads: rootReads, objectPlan: objectPlan)
                return
            }
            let next = ContentPaths(caseInsensitive: caseInsensitive)
            next.add(path.dropFirst(), descriptor: descriptor, rootReads: rootReads, objectPlan: objectPlan)
            keys.append((key, caseInsensitive ? key.lowercased() : key, next))
        }

        /// Reads the members at this level, and along each key below it, as
        /// a whole read of the document holds them for `mapping` (the held
        /// projection of the envelopes, `MappingGraph.heldProjection(for:)`):
        /// a large array a relationship maps as its elements' text, a value
        /// only copied as its compact text (`ProjectionPlan.wholeHolding`).
        func hold(_ mapping: JSONProjection, holdingArraysFrom holdBytes: Int) {
            guard case .members(let map) = mapping else { return }
            for (name, sub) in map {
                let key = caseInsensitive ? name.lowercased() : name
                if let plan = ProjectionPlan.wholeHolding(asIn: sub, caseInsensitive: caseInsensitive, holdingArraysFrom: holdBytes) {
                    held[key] = plan
                }
                for entry in keys where entry.folded == key || (!caseInsensitive && JSONObject.sameKey(entry.key, name)) {
                    entry.next.hold(sub, holdingArraysFrom: holdBytes)
                }
            }
        }

        /// What `read` reads of the member named `key` (folded): `.everything`
        /// where it reads more than named members.
        static func member(_ key: String, of read: JSONProjection) -> JSONProjection {
            switch read {
            case .nothing: .nothing
            case .members(let map): map[key] ?? .nothing
            default: .everything
            }
        }

        /// What the skeleton's readers (`@root` paths, envelopes) read of
        /// the object at this level, folded under `caseInsensitive`.
        var readers: [JSONProjection] = []
        /// Whether a member none of `readers` reads is held as its compact
        /// text: the report names it without looking inside (`$.included:
        /// not mapped`), so a large one costs its bytes, not its tree.
        var membersAsText = false

        /// A member that is on no content's path, read as `held` says, as
        /// its text when nothing reads it (`membersAsText`), else whole.
        func read(_ name: String, at reader: inout JSONScanner) throws(JSONSyntaxError) -> JSONValue {
            let key = caseInsensitive ? name.lowercased() : name
            if let plan = held[key] { return try reader.readValue(projection: plan) }
            if membersAsText, readers.allSatisfy({ Self.member(key, of: $0) == .nothing }) {
                return try reader.readValue(projection: .verbatim)
            }
            return try reader.readValue()
        }

        /// The one key a member named `name` is found by; `nil` for none,
        /// and `.some(nil)` when several could name it.
        func next(for name: String) -> ContentPaths?? {
            var match: ContentPaths?
            let folded = caseInsensitive ? name.lowercased() : nil
            for entry in keys where JSONObject.sameKey(name, entry.key) || (folded != nil && folded == entry.folded) {
                if match != nil { return .some(nil) }
                match = entry.next
            }
            return match.map { .some($0) } ?? nil
        }
    }

    /// The object at the reader with the arrays `paths` lead to skipped
    /// (their offsets into `starts`) and replaced by `[]` (dictionaries that
    /// `keyed` descriptors map by `{}`); `nil` when a key is not found exactly
    /// once or leads elsewhere than through objects (and arrays, by an index)
    /// to such content. An array an index leads into keeps its other
    /// elements as they are.
    private static func skeleton(
        _ paths: ContentPaths, keyed: [Bool], reader: inout JSONScanner, starts: inout [Int], collected: inout [Int: [Int]]
    ) throws(JSONSyntaxError) -> JSONValue? {
        if !paths.indexes.isEmpty {
            guard paths.keys.isEmpty, try reader.peekKind() == .array else { return nil }
            var counter = reader
            let count = try counter.skipArrayCountingElements()
            // Each index as a position from the start (`KeyPath.element`); two that name one element leave it to a whole read.
            var at: [Int: ContentPaths] = [:]
            for (n, next) in paths.indexes {
                let i = n < 0 ? count + n : n
                guard (0..<count).contains(i), at.updateValue(next, forKey: i) == nil else { return nil }
            }
            try reader.enterArray()
            var elements: [JSONValue] = []
            var i = 0
            while try reader.nextElement() {
                defer { i += 1 }
                guard let next = at[i] else {
                    elements.append(paths.otherElementsAsText ? try reader.readValue(projection: .verbatim) : try reader.readValue())
                    continue
                }
                guard let inner = try element(next, keyed: keyed, reader: &reader, starts: &starts, collected: &collected) else { return nil }
                elements.append(inner)
            }
            return .array(elements)
        }
        if try reader.peekKind() == .array {
            return try collecting(paths, keyed: keyed, reader: &reader, starts: &starts, collected: &collected)
        }
        guard try reader.peekKind() == .object else { return nil }
        try reader.enterObject()
        var pairs: [(String, JSONValue)] = []
        while let name = try reader.nextKey() {
            // Code unit for code unit, as a whole read looks keys up (`sameKey`).
            guard let match = paths.next(for: name) else {
                pairs.append((name, try paths.read(name, at: &reader)))
                continue
            }
            guard let next = match, !next.found else { return nil }
            next.found = true
            guard let inner = try element(next, keyed: keyed, reader: &reader, starts: &starts, collected: &collected) else { return nil }
            pairs.append((name, inner))
        }
        return paths.keys.allSatisfy(\.next.found) ? .object(JSONObject(pairs)) : nil
    }

    /// The array at the reader, whose elements the last key of a path is
    /// looked up in (`pages.items`: the content is each page's `items`, as
    /// a key on an array collects): each element kept with that member
    /// emptied, where each value starts noted in `collected`. Only for a
    /// content of descriptors that map it as an array (not a keyed
    /// dictionary) and that `@root` does not read into, in an array of
    /// objects, `null` and scalars (an element without the key gives `null`,
    /// as a whole read collects it; a nested array is left to a whole read),
    /// some element having the key exactly once.
    private static func collecting(
        _ paths: ContentPaths, keyed: [Bool], reader: inout JSONScanner, starts: inout [Int], collected: inout [Int: [Int]]
    ) throws(JSONSyntaxError) -> JSONValue? {
        guard paths.indexes.isEmpty, paths.keys.count == 1 else { return nil }
        let next = paths.keys[0].next
        guard !next.descriptors.isEmpty, next.keys.isEmpty, next.indexes.isEmpty, !next.descriptors.contains(where: { keyed[$0] }) else {
            return nil
        }
        if case .nothing = next.rootReads {} else { return nil }
        reader.skipWhitespace()
        let arrayStart = reader.offset
        try reader.enterArray()
        var elements: [JSONValue] = []
        var offsets: [Int] = []
        while try reader.nextElement() {
            switch try reader.peekKind() {
            case .array:
                return nil
            case .object:
                break
            default:
                elements.append(try reader.readValue())
                offsets.append(-1)
                continue
            }
            try reader.enterObject()
            var pairs: [(String, JSONValue)] = []
            var at = -1
            while let name = try reader.nextKey() {
                guard let match = paths.next(for: name) else {
                    pairs.append((name, try reader.readValue()))
                    continue
                }
                // Two spellings that could both name it, or the key twice: a whole read.
                guard match != nil, at < 0 else { return nil }
                reader.skipWhitespace()
                at = reader.offset
                try reader.skipValue()
                pairs.append((name, .array([])))
            }
            elements.append(.object(JSONObject(pairs)))
            offsets.append(at)
        }
        guard offsets.contains(where: { $0 >= 0 }) else { return nil }
        for d in next.descriptors {
            starts[d] = arrayStart
            collected[d] = offsets
        }
        return .array(elements)
    }

    /// In `starts`, for a descriptor whose content is one object kept
    /// whole in the skeleton (`element`).
    private static let objectInSkeleton = -2

    /// The value at the reader that `next` leads into: an object or array on
    /// the way (`skeleton`), or a content, emptied.
    private static func element(
        _ next: ContentPaths, keyed: [Bool], reader: inout JSONScanner, starts: inout [Int], collected: inout [Int: [Int]]
    ) throws(JSONSyntaxError) -> JSONValue? {
        if next.descriptors.isEmpty { return try skeleton(next, keyed: keyed, reader: &reader, starts: &starts, collected: &collected) }
        // Content, which no other path goes into.
        guard next.keys.isEmpty, next.indexes.isEmpty else { return nil }
        guard let empty = try emptyContent(at: &reader, keyed: next.descriptors.allSatisfy { keyed[$0] }) else {
            // One object that no descriptor there maps member by member:
            // kept whole, as a whole read has it, and mapped from the skeleton.
            guard try reader.peekKind() == .object, !next.descriptors.contains(where: { keyed[$0] }) else { return nil }
            for d in next.descriptors { starts[d] = objectInSkeleton }
            if let plan = next.objectPlan { return try reader.readValue(projection: plan) }
            return try reader.readValue()
        }
        for d in next.descriptors { starts[d] = reader.offset }
        if case .nothing = next.rootReads {
            try reader.skipValue()
            return empty
        }
        // As `@root` reads it (as a streamed `apply` reads the root).
        return try reader.readValue(projection: ProjectionPlan(next.rootReads, caseInsensitive: next.caseInsensitive))
    }

    /// Maps the content of `document` (found by `elementwiseDocument` in
    /// `body`), descriptor by descriptor in file order, element by element
    /// (member by member), handing each one's records to `sink` as they are made;
    /// the same records, diagnostics, reads and result as `map(document:…)`
    /// of the whole tree.
    ///
    /// Under a spec with connections (docs/spec.md §3.4), which may find
    /// their target anywhere in the document, the records are held as bytes
    /// (`HeldRecords`, as a streamed `apply` holds them) until every
    /// descriptor is mapped, then connected and written
    /// (`HeldConnections`): a large fixture costs its bytes and its records'
    /// compact bytes, not its tree and its records.
    ///
    /// The sink sees `beginDocument` before the first record; a document that
    /// fails is abandoned (`abandonDocument`), where a whole read never
    /// began it: for `check`'s counting sink, whose output is read only when
    /// the document mapped.
    func mapElementwise(
        _ document: ElementwiseDocument, body: [UInt8], info: DocumentInfo, sink: RecordSink,
        diagnostics: DiagnosticCollector, readTracker: ReadObserver?
    ) throws -> Bool {
        let mapper = DocumentMapper(engine: self, document: document.skeleton, inputName: info.input, diagnostics: diagnostics)
        mapper.documentIndex = info.index
        mapper.recordLimit = options.recordLimit(documentBytes: info.byteCount)
        mapper.readTracker = readTracker
        try sink.beginDocument(info)
        var held = hasConnections ? HeldRecords(graph: graph) : nil
        /// A root to the sink, or held until the document's end to be connected.
        func put(_ root: FieldValue, _ descriptor: Descriptor) throws {
            if held != nil { held!.append(root) } else { try sink.write(root, descriptor: descriptor) }
        }
        do {
            for (d, (descriptor, metadata)) in applicable.enumerated() {
                // As `mapDescriptors` maps each.
                mapper.context.metadata = metadata
                let pushed = mapper.path.push(descriptor.keyPath, from: document.skeleton, caseInsensitive: mapper.context.caseInsensitive)
                defer { mapper.path.pop(pushed) }
                if held != nil { held!.appendDescriptor(d) } else { try sink.beginDescriptor(descriptor) }
                if document.mapsSkeleton[d] {
                    // As `mapContent` maps the document, or the object at
                    // the descriptor's key path (found as `forEachContent`
                    // finds it): the skeleton has all of it that the
                    // descriptor's mapper reads.
                    let content = descriptor.keyPath.isNil
                        ? document.skeleton : descriptor.keyPath.find(in: document.skeleton, context: mapper.context)
                    guard let content else { continue }
                    for root in try mapper.mapContent(content, with: descriptor.rootMapper) { try put(root, descriptor) }
                    continue
                }
                try body.withUnsafeBytes { buf throws in
                    // An element that is a large array (a page of a collected
                    // content, an inner array of nested ones) is held as its
                    // elements' text and its records as bytes (`mapList(held:)`),
                    // as `apply` holds one, not as a tree and records; not under
                    // connections, which hold the roots as bytes already.
                    let holding = options.holdsLargeArrays && held == nil
                    let plan = ProjectionPlan(.elements(.everything), holdingArraysFrom: options.holdingArraysFrom)
                    // An element that is a record of a large to-many
                    // relationship (a batch of items) holds the relationship's
                    // array so, the rest of it read whole, as a body mapped
                    // whole holds it (`ProjectionPlan(wholeHoldingAsIn:)`).
                    let recordPlan = holding && options.readsProjection
                        ? ProjectionPlan(
                            wholeHoldingAsIn: graph.heldProjection(ofRepresentationOf: descriptor.rootMapper),
                            caseInsensitive: mapper.context.caseInsensitive, holdingArraysFrom: options.holdingArraysFrom)
                        : nil
                    func element(_ reader: inout JSONScanner) throws -> JSONValue {
                        guard holding else { return try reader.readValue() }
                        if let recordPlan, try reader.peekKind() == .object { return try reader.readValue(projection: recordPlan) }
                        return try reader.readValue(projection: plan)
                    }
                    if let offsets = document.collected[d] {
                        // As `mapCollection` maps the collected array: each element's value, or `null`.
                        try mapper.enter()
                        var roots: [FieldValue] = []
                        for (index, offset) in offsets.enumerated() {
                            var value = JSONValue.null
                            if offset >= 0 {
                                var reader = JSONScanner(bytes: buf, offset: offset, maxDepth: options.maxDepth, trusted: true)
                                value = try element(&reader)
                            }
                            try mapper.mapElement(value, index: index, with: descriptor.rootMapper, into: &roots)
                            for root in roots { try put(root, descriptor) }
                            roots.removeAll(keepingCapacity: true)
                        }
                        mapper.leave()
                        return
                    }
                    // Validated by `elementwiseDocument`.
                    var reader = JSONScanner(bytes: buf, offset: document.contentStarts[d], maxDepth: options.maxDepth, trusted: true)
                    /// As `mapSingle` maps a dictionary (`mapKeyedCollection`), from the reader's object.
                    func mapMembers(with keyed: ObjectMapper) throws {
                        mapper.readTracker?.discardMatcherReads(parentDepth: mapper.context.parents.count)
                        // Each value read whole, its large arrays that
                        // relationships map held and what an untyped nil key
                        // path only copies kept as text, as an element's
                        // (`recordPlan`) and as `apply` reads it.
                        let plan = holding && options.readsProjection ? memberPlan(of: keyed) : nil
                        try reader.enterObject()
                        var index = 0
                        while let key = try reader.nextKey() {
                            let value = try plan.map { plan throws in try reader.readValue(projection: plan) } ?? reader.readValue()
                            if let record = try mapper.mapMember(key, value, index: index, with: keyed) {
                                try put(.record(record), descriptor)
                            }
                            index += 1
                        }
                    }
                    if let keyed = keyedMapper(descriptor), try reader.peekKind() == .object {
                        try mapMembers(with: keyed)
                        return
                    }
                    if let choice = document.choices[d], try reader.peekKind() == .object {
                        // As `mapSingle` maps an object: the mapper chosen from
                        // what the matchers read (the same choice, warnings and
                        // reads as for the whole object), then a dictionary
                        // member by member, or one record from the whole object.
                        reader.skipWhitespace()
                        let start = reader.offset
                        let partial = choice.readsMembers ? try reader.readValue(projection: choice.projection) : .object(JSONObject())
                        guard let chosen = mapper.resolve(descriptor.rootMapper, for: partial) else { return }
                        reader = JSONScanner(bytes: buf, offset: start, maxDepth: options.maxDepth, trusted: true)
                        if chosen.forceCollection {
                            try mapMembers(with: chosen)
                        } else if let record = try mapper.mapRepresentation(try reader.readValue(), with: chosen) {
                            try put(.record(record), descriptor)
                        }
                        return
                    }
                    try reader.enterArray()
                    // As `mapCollection` maps the array.
                    try mapper.enter()
                    var index = 0
                    var roots: [FieldValue] = []
                    while try reader.nextElement() {
                        try mapper.mapElement(try element(&reader), index: index, with: descriptor.rootMapper, into: &roots)
                        for root in roots { try put(root, descriptor) }
                        roots.removeAll(keepingCapacity: true)
                        index += 1
                    }
                    mapper.leave()
                }
            }
            let connections = held.map(HeldConnections.init)
            held = nil
            if let connections {
                // Every connection looked up first, its warnings given (as `connect` gives them).
                connections.lookUpAll(beforeRoot: {}) { c, record, value, otherKind in
                    mapper.warn(
                        Self.connectionNotFound(c, value: value, otherKindFound: otherKind), mapper: record.mapper,
                        attribute: c.relationship, at: record.path)
                }
            }
            if options.strict, mapper.stats.warnings > 0 { throw strictFailure(warnings: mapper.stats.warnings) }
            if let connections {
                var descriptor = applicable[0].descriptor
                try connections.held.forEach { entry in
                    switch entry {
                    case .descriptor(let d):
                        descriptor = applicable[d].descriptor
                        try sink.beginDescriptor(descriptor)
                    case .root(var root):
                        connections.fill(&root)
                        try sink.write(root, descriptor: descriptor)
                    case .nested:
                        break
                    }
                }
            }
        } catch let failure as MappingFailure {
            try sink.abandonDocument()
            return fail(failure, stats: mapper.stats, info: info, diagnostics: diagnostics)
        } catch let error as JSONSyntaxError {
            // Unreachable after the validation; reported rather than trusted.
            try sink.abandonDocument()
            return fail(MappingFailure(.syntax, message: error.message), stats: mapper.stats, info: info, diagnostics: diagnostics)
        }
        updateStats {
            $0.add(mapper.stats)
            $0.documents += 1
        }
        try sink.endDocument()
        return true
    }
}
