/// Where the samples hold the members an inference left out: a member named
/// "" cannot be read by name, since `""` is the nil key path and no escape
/// names an empty key (docs/spec.md §4, §15), and a spec spells a key one
/// way only, so a second Unicode spelling of a field's key (`"e\u{301}"`
/// beside `"é"`) is not read either. The samples are walked as the
/// inferred spec maps them, so each path is the pattern `rkmap check`
/// reports the member at (`$[*][""]`, `$.users.*[""]` in a keyed dictionary),
/// and keys that are data (a `keyAttribute` dictionary's) or members of a
/// value read whole are not reported.
///
/// ```swift
/// builder.leftOutMembers(in: samples, descriptors: descriptors, contentPath: ["data"])
/// // [LeftOutMember(path: "$.data[*][\"\"]", sample: 0)]
/// ```
extension InferBuilder {
    func leftOutMembers(
        in samples: InferDocuments, descriptors: [(keyPath: [String], mapper: Int)], contentPath: [String]
    ) -> LeftOutReport {
        var walk = LeftOutWalk(builder: self)
        var report = LeftOutReport()
        let paths = DescriptorPaths(descriptors.map(\.keyPath))
        let content = descriptors.first.map { resolve($0.mapper) }
        // Each sample where it is (`InferNode`): a document held as its key
        // is walked, not built.
        for index in samples.indices {
            let sample = samples.node(index)
            walk.sample = index
            // The envelope's objects on the way to the content (SpecInferrer.envelope).
            for depth in 0..<contentPath.count {
                let prefix = Array(contentPath.prefix(depth))
                guard let holder = sample.node(at: prefix), holder.kind == .object else { continue }
                if holder.member("") != nil { walk.found(LeftOutWalk.path(prefix) + LeftOutWalk.step("")) }
                // Another spelling of a key the envelope's spec reads.
                holder.forEachMember { key, _ in
                    guard !key.isEmpty else { return true }
                    // A key no spec can name (docs/spec.md §4).
                    guard InferNaming.canName(key) else {
                        walk.found(LeftOutWalk.path(prefix) + LeftOutWalk.step(key), key: key)
                        return true
                    }
                    guard let spelling = envelopeSpellings[prefix.map(ExactText.init)]?[SpellingKey(key)], !JSONValue.sameText(spelling, key) else { return true }
                    walk.found(LeftOutWalk.path(prefix) + LeftOutWalk.step(key), key: key, spellingOf: spelling)
                    return true
                }
            }
            // What each descriptor finds, in one walk of the sample along
            // their key paths: NDJSON lines `{"k1": [...]}`, `{"k2": [...]}`
            // each make a descriptor, and 60,000 of them were each looked
            // for in every line (330 s); a sample object's lookups scan.
            let reach = paths.reach(in: sample)
            var applies = false
            var mapsContent = false
            var throughArray: [String]?
            for i in reach.found.sorted() {
                let descriptor = descriptors[i]
                applies = true
                if resolve(descriptor.mapper) == content { mapsContent = true }
                if let found = reach.direct[i] {
                    walk.visit(found, mapper: descriptor.mapper, at: LeftOutWalk.path(descriptor.keyPath))
                } else if throughArray == nil, reach.passesUnread {
                    // Content found through an array (`a.items` in `{"a": [{"items": ...}]}`)
                    // is mapped as well (docs/spec.md §2), but not walked here.
                    throughArray = descriptor.keyPath
                }
            }
            if !applies {
                report.withoutContent.append(index)
            } else if !mapsContent {
                report.envelopeOnly.append(index)
            }
            if let throughArray { report.throughArray.append(ContentThroughArray(sample: index, keyPath: throughArray)) }
        }
        report.leftOut = walk.members
        report.unmapped = walk.unmapped
        return report
    }
}

/// What `InferBuilder.leftOutMembers` found in the samples.
struct LeftOutReport {
    /// Members no spec can name, or in a second spelling (`InferredSpec.leftOut`).
    var leftOut: [LeftOutMember] = []
    /// Objects that give no record (`InferredSpec.unmapped`).
    var unmapped: [LeftOutMember] = []
    /// Samples no descriptor finds anything in (`InferredSpec.withoutContent`).
    var withoutContent: [Int] = []
    /// Samples without the content, of which the spec maps only the
    /// envelope (`InferredSpec.envelopeOnly`).
    var envelopeOnly: [Int] = []
    /// Samples in which a descriptor finds its content only through an
    /// array (`InferredSpec.throughArray`).
    var throughArray: [ContentThroughArray] = []
}

/// The descriptors' key paths as a tree of keys (exact code units, as a
/// lookup follows them), walked once over a sample to find what every
/// descriptor finds as `apply` and `check` do (docs/spec.md §2: through an
/// array, when at least one element at any depth has the rest), and
/// whether an object reached through an array has a member no key path
/// names, which nothing maps. Trying each descriptor over a root array of
/// 20,000 objects beside 20,000 descriptors took 6.6 s.
struct DescriptorPaths {
    private final class Node {
        var children: [ExactText: Node] = [:]
        /// The descriptors whose key path ends here.
        var ends: [Int] = []
    }

    private let root = Node()

    init(_ keyPaths: [[String]]) {
        for (i, keyPath) in keyPaths.enumerated() {
            var node = root
            for key in keyPath {
                if let next = node.children[ExactText(key)] {
                    node = next
                } else {
                    let next = Node()
                    node.children[ExactText(key)] = next
                    node = next
                }
            }
            node.ends.append(i)
        }
    }

    struct Reach {
        /// The descriptors (positions) that find content in the sample.
        var found: Set<Int> = []
        /// What those found through objects alone find (`InferNode.node(at:)`).
        var direct: [Int: InferNode] = [:]
        /// Whether an object reached through an array, on the way to
        /// content and not itself any descriptor's, has a member no key path
        /// names there (`request_id` in `[{"request_id": "r-1", "results":
        /// [...]}]`): `rkmap check` reports it as unmapped.
        var passesUnread = false
    }

    func reach(in sample: InferNode) -> Reach {
        var reach = Reach()
        walk(sample, root, inArray: false, &reach)
        return reach
    }

    private func walk(_ value: InferNode, _ node: Node, inArray: Bool, _ reach: inout Reach) {
        for i in node.ends {
            reach.found.insert(i)
            if !inArray { reach.direct[i] = value }
        }
        // No key path goes further: what is below is content.
        guard !node.children.isEmpty else { return }
        switch value.kind {
        case .array:
            // A key applied to an array collects it from each element.
            value.forEachElement { walk($0, node, inArray: true, &reach) }
        case .object:
            // Mapped (or content) where a key path ends: its mapper's reads.
            let onTheWay = node.ends.isEmpty
            // A sample's keys are unique (the reader keeps one member of a
            // key), so each member is the one a lookup follows: asking
            // `position(ofKey:)` scanned the unindexed object per member.
            value.forEachMember { key, member in
                guard let child = node.children[ExactText(key)] else {
                    if inArray, onTheWay { reach.passesUnread = true }
                    return true
                }
                walk(member, child, inArray: inArray, &reach)
                return true
            }
        default:
            break
        }
    }
}

private struct LeftOutWalk {
    let builder: InferBuilder
    var sample = 0
    var members: [LeftOutMember] = []
    /// Objects the spec maps no record from: an empty one (or one with only
    /// the member ""), or one with none of its mapper's keys present
    /// (docs/spec.md §5.2: a warning, which `rkmap check` fails on).
    var unmapped: [LeftOutMember] = []
    /// Paths as written, code unit for code unit: two spellings of a key are two paths.
    private var seen: Set<ExactText> = []
    private var seenUnmapped: Set<ExactText> = []
    /// Field positions by key, per mapper with many fields (see `field(_:of:)`).
    private var fieldIndexes: [Int: FieldIndex] = [:]

    init(builder: InferBuilder) { self.builder = builder }

    mutating func found(_ path: String, key: String = "", spellingOf field: String? = nil) {
        guard seen.insert(ExactText(path)).inserted else { return }
        members.append(LeftOutMember(path: path, sample: sample, key: key, spellingOf: field))
    }

    mutating func foundUnmapped(_ path: String, absentKeys: [String] = []) {
        guard seenUnmapped.insert(ExactText(path)).inserted else { return }
        unmapped.append(LeftOutMember(path: path, sample: sample, absentKeys: absentKeys))
    }

    /// A descriptor's content or a relationship's value: objects, or arrays of
    /// them at any depth, as `InferBuilder.mapper(for:)` and `heldObjects` collect them.
    mutating func visit(_ value: InferNode, mapper: Int, at path: String) {
        switch value.kind {
        case .array:
            value.forEachElement { visit($0, mapper: mapper, at: path + "[*]") }
        case .object:
            visit(object: value, mapper: mapper, at: path)
        default:
            break
        }
    }

    private mutating func visit(object: InferNode, mapper: Int, at path: String) {
        let inferred = builder.mappers[mapper]
        switch inferred.kind {
        case .scalar:
            return
        case .byKind(let objects, _, _):
            visit(object: object, mapper: objects, at: path)
        case .dynamic(let key, let choices):
            // Every object at a discriminated place has the key (`InferBuilder.discriminator`).
            guard case .string(let value)? = object.member(key)?.value(), let choice = choices.first(where: { $0.value == value }) else { return }
            visit(object: object, mapper: choice.mapper, at: path)
        case .object:
            guard inferred.keyAttribute == nil else {
                // Keys that are data: each value is one object of the mapper.
                object.forEachMember { _, value in
                    if value.kind == .object { fields(of: value, mapper: mapper, at: path + ".*") }
                    return true
                }
                return
            }
            var nameable = false
            var read = false
            object.forEachMember { key, _ in
                if !nameable, InferNaming.canName(key) { nameable = true }
                if !read, field(key, of: mapper) != nil { read = true }
                return !(nameable && read)
            }
            if !nameable {
                foundUnmapped(path)
            } else if !read {
                // Members, but none the mapper reads: an envelope's scalars
                // (`next_cursor`, `total`) on a last page without them.
                foundUnmapped(path, absentKeys: inferred.fields.map(\.key))
            }
            fields(of: object, mapper: mapper, at: path)
        }
    }

    private mutating func fields(of object: InferNode, mapper: Int, at path: String) {
        object.forEachMember { key, value in
            // "", or a key with a long run of combining marks: no spec can name it.
            guard InferNaming.canName(key) else {
                found(path + Self.step(key), key: key)
                return true
            }
            guard let field = field(key, of: mapper) else { return true }
            // Another spelling of the field's key (`InferBuilder.fields(of:)`).
            guard JSONValue.sameText(field.key, key) else {
                found(path + Self.step(key), key: key, spellingOf: field.key)
                return true
            }
            guard case .relationship(let child, _) = field.role else { return true }
            visit(value, mapper: child, at: path + Self.step(key))
            return true
        }
    }

    /// The field of `mapper` that reads `key` (the first, as a scan finds it):
    /// through an index per mapper, built on first use, so that an object of
    /// many members is not scanned once per member.
    private mutating func field(_ key: String, of mapper: Int) -> InferField? {
        let fields = builder.mappers[mapper].fields
        guard fields.count >= 16 else { return fields.first { SpellingKey($0.key) == SpellingKey(key) } }
        if fieldIndexes[mapper] == nil { fieldIndexes[mapper] = FieldIndex(fields) }
        return fieldIndexes[mapper]!.find(key, in: fields).map { fields[$0] }
    }

    /// `$.hits.hits`: member keys as JSON path steps.
    static func path(_ keys: [String]) -> String { "$" + keys.map(step).joined() }

    /// `.name` for a plain name, `["odd key"]` otherwise (as `rkmap check` writes them).
    static func step(_ key: String) -> String {
        let plain = key.utf8.first.map { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
            && key.utf8.allSatisfy { b in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
            }
        return plain ? "." + key : "[" + JSONWriter.serialize(.string(key), pretty: false) + "]"
    }
}

/// The positions of a mapper's fields by key (`SpellingKey`: one text in two
/// spellings is one key; the first field with it wins), in a
/// `PositionTable`: a mapper of a million fields (one sample object of a
/// million keys) took a `Dictionary` of 50 MB and its 24 MB of pairs beside
/// the fields, where this takes 8 MB.
private struct FieldIndex {
    private var table: PositionTable

    init(_ fields: [InferField]) {
        table = PositionTable(capacity: fields.count)
        for i in fields.indices {
            let key = SpellingKey(fields[i].key)
            guard find(key, in: fields) == nil else { continue }
            table.insert(i, hash: key.hashValue, rehash: { SpellingKey(fields[$0].key).hashValue })
        }
    }

    /// The position of the field whose key is `key` (as `SpellingKey` compares).
    func find(_ key: String, in fields: [InferField]) -> Int? {
        find(SpellingKey(key), in: fields)
    }

    private func find(_ key: SpellingKey, in fields: [InferField]) -> Int? {
        table.find(hash: key.hashValue, where: { SpellingKey(fields[$0].key) == key })
    }
}
