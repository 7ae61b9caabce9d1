/// Builds the mappers of an inferred spec from the objects met at each place
/// (docs/spec.md §15), then writes them as spec JSON.
///
/// A *place* is where objects sit in the samples (`data[*]`, `data[*].author`).
/// All objects met at one place, in every sample, are inferred together: the
/// union of their keys, in first-seen order, and each attribute's type from all
/// of its values.
struct InferBuilder {
    var mappers: [InferMapper] = []
    /// The attributes' values (`InferField` holds where they are).
    var pool = InferValuePool()
    var dateFormats: [String] = []
    /// Per envelope (the objects on the way to the content), the spelling
    /// of each key its mapper and descriptors read, the content's included
    /// (by text: another spelling of one is left out, `leftOutMembers`).
    var envelopeSpellings: [[ExactText]: [SpellingKey: String]] = [:]
    /// The one spelling the spec uses for each text that has others (its
    /// keys and destinations, docs/spec.md §4): the first met.
    var spellings = SpecSpellings()
    /// Each object mapper's destinations, made by `prepareSpec`.
    var destinations: [Int: InferDestinations] = [:]
    let entity: Bool
    /// The mapper made for one object, by its storage (`objectMapper`),
    /// the object kept so that the storage is not another's while known.
    /// Emptied by `merge`, which ends building: the samples are then
    /// released before the spec is written.
    private var mapperOfObject: [UInt: (object: JSONObject, mapper: Int)] = [:]

    init(entity: Bool) { self.entity = entity }

    /// Member keys that carry the type of an object in discriminated lists.
    static let discriminatorKeys = ["type", "kind", "object", "@type"]

    /// The position of `key` among `discriminatorKeys`, by code units (a
    /// document's key compared with Swift's `==` is normalized first, in time
    /// quadratic in a run of combining marks).
    static func discriminatorPosition(_ key: String) -> Int? {
        discriminatorKeys.firstIndex { JSONValue.sameText($0, key) }
    }
    /// At most this many distinct discriminator values make a dynamic mapper.
    static let maxDiscriminatorValues = 10

    // MARK: - Building

    /// The mapper for `values` met at one place; arrays are collections of
    /// their elements when `elements` (a descriptor's content, a to-many source).
    /// An object of a document held as its key is referred to by where it
    /// is (`InferObjects`), built each time it is visited: the content of a
    /// large document is never built whole.
    mutating func mapper(for values: [InferNode], hint: String, elements: Bool) -> Int? {
        mapper(forEach: { body in values.forEach(body) }, hint: hint, elements: elements)
    }

    /// The same, of the values `values` hands its body in order (each
    /// found as it is asked for: an array of a node per sample took 32
    /// bytes for each of 168,000 one-member lines).
    mutating func mapper(forEach values: ((InferNode) -> Void) -> Void, hint: String, elements: Bool) -> Int? {
        // Counted first, so that the objects are given their room at once:
        // a sample of 168,000 documents collected into a growing array held
        // 262,144 places (4.2 MB) for them.
        var treeCount = 0
        var keyCount = 0
        func count(_ node: InferNode) {
            switch node.kind {
            case .object:
                if case .key = node { keyCount += 1 } else { treeCount += 1 }
            case .array where elements: node.forEachElement(count)
            default: break
            }
        }
        values(count)
        var collector = InferObjects.Collector(trees: treeCount, inKeys: keyCount)
        var scalars: [JSONValue] = []
        func collect(_ node: InferNode) {
            switch node.kind {
            case .object: collector.add(node)
            case .array where elements: node.forEachElement(collect)
            case .null: break
            default: scalars.append(node.value())
            }
        }
        values(collect)
        let objects = collector.objects
        // Objects with some member a key path can name (only `""` members
        // would make a mapper that maps nothing: the value is mapped whole).
        if !objects.isEmpty, objects.indices.contains(where: { i in
            var nameable = false
            objects.node(i).forEachMember { key, _ in
                nameable = InferNaming.canName(key)
                return !nameable
            }
            return nameable
        }) {
            let object = objectMapper(objects, hint: hint)
            guard !scalars.isEmpty else { return object }
            // Objects and scalars side by side: an object mapper alone warns
            // on each scalar ("cannot map a number"), which `check` fails on.
            // Each is mapped by what it is, as a dynamic mapper chooses by kind.
            var kinds: [JSONKind] = []
            for value in scalars where !kinds.contains(value.kind) { kinds.append(value.kind) }
            mappers.append(InferMapper(kind: .scalar(values: scalars), nameHint: InferNaming.typeName(fromKey: hint) + "Value"))
            mappers.append(InferMapper(kind: .byKind(object: object, scalar: mappers.count - 1, scalarKinds: kinds), nameHint: hint))
            return mappers.count - 1
        }
        guard !scalars.isEmpty else { return nil }
        // Scalars, and objects with nothing to name (`{}`, `{"": 1}`) beside
        // them: each value mapped whole, the objects too (so not typed).
        mappers.append(InferMapper(kind: .scalar(values: scalars + objects.map { JSONValue.object($0) }), nameHint: hint))
        return mappers.count - 1
    }

    /// An object mapper, a dynamic mapper for a discriminated list, or a
    /// dynamic-nesting mapper for a dictionary keyed by data.
    mutating func objectMapper(_ objects: InferObjects, hint: String) -> Int {
        // One object met before as the same storage (the values of a large
        // sample object share it by shape, `InferSampleSet.SharedValues`):
        // its mapper is the one made then, as `merge` would make one of the
        // two — when it would: only plain object mappers merge, so one whose
        // making made any other kind (a dictionary keyed by data, a dynamic
        // mapper) is made again, as it was before.
        // (An object read from a key is new storage each time it is built.)
        let only = objects.count == 1 ? objects.heldObject(0) : nil
        let single = only?.storage
        if let single, let known = mapperOfObject[single] { return known.mapper }
        let index = newObjectMapper(objects, hint: hint)
        if let only, let single, mappers[index...].allSatisfy({ $0.keyAttribute == nil && $0.kind.isObject }) {
            mapperOfObject[single] = (only, index)
        }
        return index
    }

    private mutating func newObjectMapper(_ objects: InferObjects, hint: String) -> Int {
        if let (key, groups) = Self.discriminator(objects) {
            let index = mappers.count
            mappers.append(InferMapper(kind: .dynamic(key: key, choices: []), nameHint: hint))
            var choices: [(value: String, mapper: Int)] = []
            for (value, members) in groups {
                choices.append((value, objectMapper(members, hint: value)))
            }
            mappers[index].kind = .dynamic(key: key, choices: choices)
            return index
        }
        let index = mappers.count
        mappers.append(InferMapper(kind: .object, nameHint: hint))
        if let keyed = Self.keyedDictionary(objects) {
            let fields = fields(of: keyed.values)
            var taken = Set(fields.map { SpellingKey(InferNaming.destination(fromKey: $0.key).lowercased()) })
            mappers[index].keyAttribute = InferNaming.unique(keyed.keyName, in: &taken)
            mappers[index].fields = fields
        } else {
            mappers[index].fields = fields(of: objects)
        }
        return index
    }

    /// The fields of the objects at one place: the union of their keys.
    ///
    /// A spec may spell a key only one way (docs/spec.md §4), so keys that
    /// are one text in two Unicode spellings (`"é"`, `"e\u{301}"`) are one
    /// field, in the spelling met first, from that spelling's values alone;
    /// the other is left out and said so (`leftOutMembers`).
    mutating func fields(of objects: [JSONObject]) -> [InferField] {
        fields(of: InferObjects(objects))
    }

    mutating func fields(of objects: InferObjects) -> [InferField] {
        // One object whose keys are all ASCII (keys are distinct within an
        // object, and ASCII text has one spelling): its members in order,
        // without the table that merges spellings. A sample object of a
        // million members made that table, beside the fields, the largest
        // part of `infer`'s memory.
        // Its members are visited one at a time (`InferNode`): a document
        // held as its key is not built whole beside its fields.
        if objects.count == 1, case let only = objects.node(0), Self.hasOnlyASCIIKeys(only) {
            var fields: [InferField] = []
            fields.reserveCapacity(only.memberCount)
            // ASCII keys have no combining marks: only "" cannot be named
            // (`InferNaming.canName` would scan every key again).
            only.forEachMemberValue { key, value in
                guard !key.isEmpty else { return true }
                let spelled = spellings.spelling(of: key)
                var field = InferField(key: spelled)
                let kind = fieldKind(value.isNull ? [] : [value], key: key)
                pool.set(kind, of: &field)
                fields.append(field)
                return true
            }
            return fields
        }
        // By text (canonical equivalence, `SpellingKey`): the first spelling
        // and its values, gathered in the field itself; another spelling of
        // it is left out. The table finds a field by its key without a
        // second copy of every key (objects whose keys are all distinct
        // make a field of each).
        var fields: [InferField] = []
        let count = Self.fieldCount(of: objects)
        fields.reserveCapacity(count)
        // Laid out for them at once too: grown, its last two layouts were
        // held together as the last one was filled (0.5 MB beside 1 MB for
        // 168,000 keys).
        var index = PositionTable(capacity: count)
        // The arrays and objects of a field read from keys, where they are
        // (`InferNode`): built, they were held beside the keys they were
        // read from (a spec's 2,964 mappers each held its `attributes`
        // object as a tree), where a relationship needs only where they
        // are. A field that also has a scalar value has them built, in
        // order, as they come.
        var unbuilt: [Int: [InferNode]] = [:]
        for i in objects.indices {
            objects.node(i).forEachMember { memberKey, node in
                guard InferNaming.canName(memberKey) else { return true }
                let key = SpellingKey(memberKey)
                let hash = key.hashValue
                let position: Int
                if let known = index.find(hash: hash, where: { SpellingKey(fields[$0].key) == key }) {
                    guard JSONValue.sameText(fields[known].key, memberKey) else { return true }
                    position = known
                } else {
                    position = fields.count
                    index.insert(position, hash: hash, rehash: { SpellingKey(fields[$0].key).hashValue })
                    fields.append(InferField(key: memberKey))
                }
                let kind = node.kind
                guard kind != .null else { return true }
                if case .key = node, kind == .array || kind == .object, fields[position].hasNoValue {
                    unbuilt[position, default: []].append(node)
                    return true
                }
                if let earlier = unbuilt.removeValue(forKey: position) {
                    for node in earlier { pool.append(node.value(), to: &fields[position]) }
                }
                pool.append(node.value(), to: &fields[position])
                return true
            }
        }
        index = PositionTable()
        // The spec's spelling of each key: another place may have met
        // another spelling first; this place's is then left out
        // (`leftOutMembers` finds the field by text, not by code units).
        for position in fields.indices {
            let key = fields[position].key
            guard fields[position].isAttribute else { continue }
            // Taken out, so that they are not copied if kept.
            var field = fields[position]
            let values = pool.take(from: &field)
            field.key = spellings.spelling(of: key)
            if let nodes = unbuilt.removeValue(forKey: position) {
                if let (objects, sawArray) = Self.heldObjects(nodes) {
                    let child = objectMapper(objects, hint: key)
                    pool.makeRelationship(&field, mapper: child, many: sawArray || mappers[child].keyAttribute != nil)
                    fields[position] = field
                    continue
                }
                var built = InferValues.none
                for node in nodes { built.append(node.value()) }
                pool.set(fieldKind(built, key: key), of: &field)
                fields[position] = field
                continue
            }
            pool.set(fieldKind(values, key: key), of: &field)
            fields[position] = field
        }
        return fields
    }

    /// The objects `values` hold when they hold nothing else (nulls aside), and
    /// whether arrays held them; nil for scalars, empty objects (or ones with
    /// only `""` members) or a mix. Read where they are: objects of keys as
    /// places in them (`InferObjects`), none built.
    static func heldObjects(_ values: [InferNode]) -> (InferObjects, Bool)? {
        var objects: [InferNode] = []
        var sawArray = false
        var onlyObjects = true
        func collect(_ node: InferNode) {
            switch node.kind {
            case .object:
                var nameable = false
                node.forEachMember { key, _ in
                    nameable = InferNaming.canName(key)
                    return !nameable
                }
                // An empty object (or one with only `""` members) would map
                // nothing, a warning (docs/spec.md §5.2) that `check` fails on:
                // the member is mapped whole.
                if nameable { objects.append(node) } else { onlyObjects = false }
            case .array:
                sawArray = true
                node.forEachElement(collect)
            case .null:
                break
            case .scalar:
                onlyObjects = false
            }
        }
        values.forEach(collect)
        guard onlyObjects, !objects.isEmpty else { return nil }
        return (InferObjects(nodes: objects), sawArray)
    }

    /// How many fields `fields(of:)` makes of `objects` (their distinct
    /// keys a key path can name, by `SpellingKey`), counted first when
    /// they have many members, so that the fields are given their room at
    /// once: grown by doubling, 168,000 fields of as many one-member
    /// samples were held in 262,144 places and their 131,072 predecessors
    /// while they moved, 15.8 MB for 6.7. Counting keeps each distinct
    /// key's hash (8 bytes and a slot), let go before the fields are made,
    /// and visits each object once (a document held as its key is built
    /// for it). Two keys of one hash count once: the fields then grow once
    /// more. Few members: 0, and the fields grow as they come.
    static func fieldCount(of objects: InferObjects) -> Int {
        var members = 0
        var hashes = Set<Int>()
        for i in objects.indices {
            objects.node(i).forEachMember { key, _ in
                members += 1
                if InferNaming.canName(key) { hashes.insert(SpellingKey(key).hashValue) }
                return true
            }
        }
        return members >= 1 << 12 ? hashes.count : 0
    }

    /// Whether every key of the object is ASCII (read from its key, not built).
    static func hasOnlyASCIIKeys(_ object: InferNode) -> Bool {
        var ascii = true
        object.forEachMember { key, _ in
            ascii = key.utf8.allSatisfy { $0 < 0x80 }
            return ascii
        }
        return ascii
    }

    /// A relationship when every value holds non-empty objects (directly, or in
    /// arrays at any depth); otherwise an attribute. An empty object would be an
    /// unmappable representation (a warning), so such a member stays an attribute.
    mutating func fieldKind(_ values: [JSONValue], key: String) -> InferField.Kind {
        fieldKind(InferValues(values), key: key)
    }

    mutating func fieldKind(_ values: InferValues, key: String) -> InferField.Kind {
        // One value that holds no object (most members): no array to look in.
        if case .one(let value) = values {
            switch value {
            case .object, .array: break
            default: return .attribute(values: values)
            }
        }
        guard let (objects, sawArray) = Self.heldObjects(values.all.map(InferNode.tree)) else { return .attribute(values: values) }
        let child = objectMapper(objects, hint: key)
        let many = sawArray || mappers[child].keyAttribute != nil
        return .relationship(mapper: child, many: many)
    }

    /// The envelope around the content at `prefix`: members holding objects get
    /// descriptors of their own (`meta`, `links`), the other members one mapper
    /// of the holding object, so that every member is read.
    ///
    /// The holders' members are read one at a time (`InferNode`): the
    /// content among them is not built.
    mutating func envelope(_ holders: [InferNode], at prefix: [String], skipping content: String)
        -> [(keyPath: [String], mapper: Int)]
    {
        var order: [String] = []
        // As `fields(of:)`: one spelling of each text, the content's as the
        // descriptor's key path spells it.
        var values: [SpellingKey: (spelling: String, values: [JSONValue])] = [SpellingKey(content): (content, [])]
        for holder in holders {
            holder.forEachMemberValue(skipping: { JSONValue.sameText($0, content) }) { memberKey, member in
                guard InferNaming.canName(memberKey) else { return true }
                let key = SpellingKey(memberKey)
                if let field = values[key] {
                    guard JSONValue.sameText(field.spelling, memberKey) else { return true }
                } else {
                    order.append(memberKey)
                    values[key] = (memberKey, [])
                }
                values[key]!.values.append(member)
                return true
            }
        }
        // The spec's spelling of each key (the content's was met first).
        for i in order.indices { order[i] = spellings.spelling(of: order[i]) }
        for (key, entry) in values { values[key]!.spelling = spellings.spelling(of: entry.spelling) }
        envelopeSpellings[prefix.map(ExactText.init)] = values.mapValues(\.spelling)
        var descriptors: [(keyPath: [String], mapper: Int)] = []
        var scalarFields: [InferField] = []
        for key in order {
            let present = values[SpellingKey(key)]!.values.filter { !$0.isNull }
            if Self.heldObjects(present.map(InferNode.tree)) != nil, let mapper = mapper(for: present.map(InferNode.tree), hint: key, elements: true) {
                descriptors.append((prefix + [key], mapper))
                continue
            }
            var field = InferField(key: key)
            pool.store(InferValues(present), in: &field)
            scalarFields.append(field)
        }
        guard !scalarFields.isEmpty else { return descriptors }
        var holder = InferMapper(kind: .object, nameHint: prefix.last ?? "response")
        holder.fields = scalarFields
        mappers.append(holder)
        return [(prefix, mappers.count - 1)] + descriptors
    }

    // MARK: - Shapes

    /// A member whose string value names the object's kind, with 2 to 10 values
    /// whose objects have different key sets: the groups, in first-seen order.
    static func discriminator(_ objects: InferObjects) -> (String, [(String, InferObjects)])? {
        guard objects.count >= 2 else { return nil }
        candidates: for key in discriminatorKeys {
            var order: [String] = []
            // Each value's objects, by position (a document is built each
            // time it is visited, and not held here).
            var groups: [String: [Int]] = [:]
            for position in objects.indices {
                // A value no spec may hold (`expectValue`, a type name) is no discriminator.
                guard case .string(let value)? = objects.node(position).member(key)?.value(), CombiningMarks.longRun(in: value) == nil else { continue candidates }
                if groups[value] == nil { order.append(value); groups[value] = [] }
                groups[value]!.append(position)
            }
            guard (2...maxDiscriminatorValues).contains(order.count) else { continue }
            // Keys are data: by `SpellingKey`, as fields merge them (a `String`
            // hash of a long run of combining marks is quadratic in it).
            let keySets = order.map { value in
                var keys = Set<SpellingKey>()
                for position in groups[value]! {
                    objects.node(position).forEachMember { key, _ in
                        keys.insert(SpellingKey(key))
                        return true
                    }
                }
                return keys
            }
            guard Set(keySets).count > 1 else { continue }
            return (key, order.map { ($0, objects.subset(groups[$0]!)) })
        }
        return nil
    }

    /// Objects whose keys are data (`{"1001": {…}, "1002": {…}}`): at least three
    /// keys, every value a non-empty object of one shape (the keys all of them
    /// have are at least half of all their keys), and keys that look like ids
    /// or dates — or at least five keys (names such as usernames).
    static func keyedDictionary(_ objects: InferObjects) -> (values: InferObjects, keyName: String)? {
        // The values' keys: all of them, and those every value has. Optional
        // members (one user of twelve with a `nickname`) keep the shape one:
        // the keys every value has are at least half of all.
        var keySet: Set<String>?
        var shared: Set<String> = []
        var values: [InferNode] = []
        // Values met already, by storage (or by place in a key): a sample's
        // dictionary of a million values of a few shapes shares each
        // shape's storage (`InferSampleSet.SharedValues`; read from its key,
        // a repeated value is at its first one's place), and a value equal
        // to one met adds no key, no type and no field, so it is looked at
        // once.
        var met: Set<NodeIdentity> = []
        var dateLike = true
        var idLike = true
        // Each object's members one at a time, none built (`InferNode`): one
        // sample object of many scalar members stops at its first, and a
        // member holding objects nested deep is not built at each level.
        var counts: [Int] = []
        for i in objects.indices {
            let object = objects.node(i)
            let count = object.memberCount
            guard count >= 3 else { return nil }
            counts.append(count)
            var keyed = true
            object.forEachMember { key, value in
                guard value.kind == .object, value.memberCount > 0 else {
                    keyed = false
                    return false
                }
                if dateLike {
                    if case .untyped = InferValueType.guessString([key]) { dateLike = false }
                    if key.hasPrefix("http") { dateLike = false }
                }
                if idLike, !looksLikeID(key) { idLike = false }
                if let identity = NodeIdentity(value), !met.insert(identity).inserted { return true }
                var set = Set<String>()
                value.forEachMember { key, _ in
                    set.insert(key)
                    return true
                }
                if let all = keySet {
                    keySet = all.union(set)
                    shared.formIntersection(set)
                } else {
                    keySet = set
                    shared = set
                }
                values.append(value)
                return true
            }
            guard keyed else { return nil }
        }
        guard let keySet, !shared.isEmpty, shared.count * 2 >= keySet.count else { return nil }
        idLike = !dateLike && idLike
        guard idLike || dateLike || counts.allSatisfy({ $0 >= 5 }) else { return nil }
        let preferred = idLike ? "id" : dateLike ? "date" : "key"
        return (InferObjects(nodes: values), keySet.contains(preferred) ? "key" : preferred)
    }

    /// An object value's identity: its storage, or its place in its key.
    enum NodeIdentity: Hashable {
        case storage(UInt)
        case place(key: Int, offset: Int)

        init?(_ node: InferNode) {
            switch node {
            case .tree(.object(let object)):
                guard let storage = object.storage else { return nil }
                self = .storage(storage)
            case .key(_, let key, let offset):
                self = .place(key: key, offset: offset)
            case .tree:
                return nil
            }
        }
    }

    /// Digits, or a hexadecimal id / UUID of at least 8 characters, or a word with digits.
    static func looksLikeID(_ key: String) -> Bool {
        guard !key.isEmpty else { return false }
        if key.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        let hex = key.allSatisfy { $0.isHexDigit || $0 == "-" }
        if hex && key.count >= 8 { return true }
        return key.contains { $0.isNumber } && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    // MARK: - Merging

    /// Places whose objects have the same keys, read the same way (same related
    /// mappers), share one mapper: its attribute types are inferred from the
    /// values of all of them. Repeats until nothing changes, so that parents
    /// merge once their children have.
    ///
    /// Each pass groups the plain object mappers by their shape (`shape(of:)`)
    /// and merges each group into its first
    /// mapper, in order: linear in the mappers, where comparing every pair
    /// was quadratic (4,000 nested places took 16 s).
    mutating func merge() {
        mapperOfObject = [:]
        var changed = true
        while changed {
            changed = false
            var first: [Shape: Int] = [:]
            var groups: [(first: Int, rest: [Int])] = []
            // Shapes are equal only with as many members: a mapper whose
            // count no other has merges with none, and its shape (a set of
            // every member, for a sample object of a million members the
            // largest part of `infer`'s memory) is not made.
            var counts: [Int: Int] = [:]
            for j in mappers.indices where isPlainObject(j) { counts[mappers[j].fields.count, default: 0] += 1 }
            for j in mappers.indices where isPlainObject(j) && counts[mappers[j].fields.count, default: 0] > 1 {
                let shape = shape(of: j)
                if let g = first[shape] {
                    groups[g].rest.append(j)
                } else {
                    first[shape] = groups.count
                    groups.append((j, []))
                }
            }
            for group in groups {
                for j in group.rest {
                    absorb(j, into: group.first)
                    changed = true
                }
            }
        }
    }

    /// A member of a mapper's shape: its key, spelled exactly, and whether it
    /// is an attribute or a relationship to which (merged) mapper, how many.
    struct ShapeField: Hashable {
        let key: ExactText
        let mapper: Int?
        let many: Bool
    }

    /// A mapper's shape: its members, and how many (a repeated key would
    /// otherwise count once). Two spellings of a key are two shapes: merged,
    /// one would go unread.
    struct Shape: Hashable {
        let count: Int
        let fields: Set<ShapeField>
    }

    private func shape(of i: Int) -> Shape {
        Shape(count: mappers[i].fields.count, fields: Set(mappers[i].fields.lazy.map { field in
            switch field.role {
            case .attribute: return ShapeField(key: ExactText(field.key), mapper: nil, many: false)
            case .relationship(let m, let many): return ShapeField(key: ExactText(field.key), mapper: resolve(m), many: many)
            }
        }))
    }

    func resolve(_ index: Int) -> Int {
        var i = index
        while let next = mappers[i].mergedInto { i = next }
        return i
    }

    private func isPlainObject(_ i: Int) -> Bool {
        guard mappers[i].mergedInto == nil, mappers[i].keyAttribute == nil, case .object = mappers[i].kind else {
            return false
        }
        return true
    }

    private mutating func absorb(_ j: Int, into i: Int) {
        var extra: [ExactText: InferValues] = [:]
        for field in mappers[j].fields where field.isAttribute {
            extra[ExactText(field.key)] = pool.values(of: field)
        }
        for k in mappers[i].fields.indices {
            guard mappers[i].fields[k].isAttribute, let more = extra[ExactText(mappers[i].fields[k].key)] else { continue }
            // Taken out, so that the values are appended in place: 100,000
            // mappers merged into one copied its growing values each time.
            var field = mappers[i].fields[k]
            var values = pool.take(from: &field)
            values.append(more)
            pool.store(values, in: &field)
            mappers[i].fields[k] = field
        }
        mappers[j].mergedInto = i
    }
}
