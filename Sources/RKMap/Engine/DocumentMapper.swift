/// Maps the representations of one document into records (docs/spec.md §5).
///
/// One instance per document and descriptor run; it carries the key path
/// context (root, parents, collection index), the JSON path for diagnostics,
/// and the recursion depth. Nothing here touches the spec text: everything
/// comes pre-compiled from the `MappingGraph`.
final class DocumentMapper {
    let graph: MappingGraph
    let runtime: EngineRuntime
    let inputName: String
    let diagnostics: DiagnosticCollector
    let strict: Bool
    let maxDepth: Int
    let caseInsensitive: Bool
    /// `MappingOptions.relationshipsToOneUnlessMany` (CSV output).
    let toOneUnlessMany: Bool
    /// `MappingOptions.keysRecordsByIdentity` (SQLite output).
    let keysByIdentity: Bool
    /// Whether the records made from an array held as its elements' text
    /// are held as bytes too (`mapList(held:)`), connections filled in as
    /// they are read (`MappingEngine.connect`).
    let holdsRecordLists: Bool

    // The mutable state below is only ever touched by the one thread mapping a
    // document, one access at a time: the runtime's exclusivity checks on a
    // class's stored properties (a call and a thread-local lookup per access,
    // about 3% of mapping) are turned off for it, in every build; the test
    // suite ran with them on for every other access, and before this change
    // for these too, without a violation.
    @exclusivity(unchecked) var context: KeyPathContext
    /// 0-based position of the document in its input (for messages).
    @exclusivity(unchecked) var documentIndex = 0
    @exclusivity(unchecked) var path = DocumentPath()
    @exclusivity(unchecked) var depth = 0
    /// How many to-many relationships the record being mapped is inside.
    /// CSV writes such records as JSON text, not columns, so its to-one rule
    /// (`toOneUnlessMany`) applies only at 0: inside, a relationship maps
    /// what its source holds, as in JSON output.
    @exclusivity(unchecked) var insideCollections = 0
    @exclusivity(unchecked) var stats = DocumentStats()
    /// The root record's relationship whose array is streamed
    /// (`WorkUnit.parent`): `reached` is called when it is mapped (with its
    /// array empty, `mapRelationship`), so that what the record's mapping
    /// reports after it can be reported after the array's elements, as a
    /// whole read reports it.
    @exclusivity(unchecked) var streamedStep: (mapper: ObjectMapper, reached: () -> Void)?
    /// Its slot, -1 when there is none: what mapping every relationship
    /// compares (one integer; the tuple would be copied and retained).
    @exclusivity(unchecked) var streamedSlot = -1
    /// The streamed array's length, for the record's attributes that count
    /// it (`streamedCounting`, indices in its mapper's steps); -1 when none.
    @exclusivity(unchecked) var streamedCount = -1
    @exclusivity(unchecked) var streamedCounting: [Int] = []
    /// The record's depth: 1 for the content object, 2 for an element of the content array.
    @exclusivity(unchecked) var streamedDepth = 1
    /// Records made so far for this document, and the most allowed
    /// (`--max-records`): one add and one compare per record.
    @exclusivity(unchecked) var recordCount = 0
    @exclusivity(unchecked) var recordLimit = Int.max
    /// Whether this document made a list of records held as bytes
    /// (`mapList(held:)`): a pipeline worker then leaves its records to the
    /// sink, which writes them out as they are encoded, rather than encoding
    /// them whole first.
    @exclusivity(unchecked) var madeHeldList = false
    /// Whether a list held as bytes indexes the records connections can find
    /// in it (`HeldRecords.first`), for `MappingEngine.connect`; else it
    /// only logs where they are (`HeldRecords.TargetIndex.logged`): a
    /// streamed element under connections, whose records the pipeline's
    /// writer holds, taking the list as it is and indexing it from the log
    /// (an index per list would be waste).
    @exclusivity(unchecked) var indexesHeldLists = true
    /// `rkmap check` only: records which members each mapped object had and
    /// which ones the mapping read. `nil` for `apply`, where it costs one nil
    /// check per mapped object (in `mapObject`).
    var readTracker: ReadObserver?
    /// Whether the last object `mapObject` made no record of had none of
    /// its mapper's keys (docs/spec.md §5.2), rather than a record rejected
    /// by a validation: `rkmap check` then reports its members as unmapped.
    var lastObjectHadNoKeys = false

    init(engine: MappingEngine, document: JSONValue, inputName: String, diagnostics: DiagnosticCollector) {
        self.graph = engine.graph
        self.runtime = engine.runtime
        self.inputName = inputName
        self.diagnostics = diagnostics
        self.strict = engine.options.strict
        self.maxDepth = engine.options.maxDepth
        self.caseInsensitive = engine.graph.options.caseInsensitiveKeys
        self.toOneUnlessMany = engine.options.relationshipsToOneUnlessMany
        self.keysByIdentity = engine.options.keysRecordsByIdentity
        self.holdsRecordLists = engine.options.holdsLargeArrays
        self.context = KeyPathContext(root: document, caseInsensitive: engine.graph.options.caseInsensitiveKeys)
    }

    /// Makes the mapper ready for another document, as if it were new: a
    /// pipeline worker keeps one for all its documents and streamed elements
    /// rather than allocating one (with its path and counters) for each.
    func prepare(document: JSONValue, index: Int, recordLimit: Int) {
        // Field by field, so the parents stack keeps its storage.
        context.operatorResults.forget(unlessRootIs: document)
        context.root = document
        context.parents.removeAll(keepingCapacity: true)
        context.metadata = JSONObject()
        context.collectionIndex = nil
        documentIndex = index
        path.removeAll()
        depth = 0
        stats = DocumentStats()
        recordCount = 0
        self.recordLimit = recordLimit
        madeHeldList = false
    }

    // MARK: Content and collections (docs/spec.md §5.2)

    /// Maps the content found at a descriptor's key path.
    func mapContent(_ content: JSONValue, with ref: MapperRef) throws(MappingFailure) -> [FieldValue] {
        switch content {
        case .null:
            return []
        case .array(let elements):
            return try mapCollection(elements, with: ref)
        case .compact(let held) where held.elements != nil:
            return try mapCollection(held: held, with: ref)
        default:
            return try mapSingle(content, with: ref)
        }
    }

    /// `mapContent` that holds the records of a content held as its
    /// elements' text as bytes (`mapList(held:)`) rather than as records.
    func mapContentList(_ content: JSONValue, with ref: MapperRef) throws(MappingFailure) -> FieldList {
        if case .compact(let held) = content, held.elements != nil { return try mapList(held: held, with: ref) }
        return FieldList(try mapContent(content, with: ref))
    }

    /// Maps a non-array, non-null value at the top of a collection slot: one record,
    /// or several for a `forceCollection` dictionary.
    func mapSingle(_ value: JSONValue, with ref: MapperRef) throws(MappingFailure) -> [FieldValue] {
        guard let mapper = resolve(ref, for: value) else { return [] }
        if case .object(let object) = value, mapper.forceCollection {
            return try mapKeyedCollection(object, with: mapper)
        }
        if let record = try mapRepresentation(value, with: mapper) { return [.record(record)] }
        return []
    }

    /// Maps each element of an array (docs/spec.md §5.2): `null` maps to nothing, an inner
    /// array is a nested collection, a scalar needs a nil-key-path attribute.
    func mapCollection(_ elements: [JSONValue], with ref: MapperRef) throws(MappingFailure) -> [FieldValue] {
        try enter()
        defer { leave() }
        var out: [FieldValue] = []
        out.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            try mapElement(element, index: i, with: ref, into: &out)
        }
        return out
    }

    /// `mapCollection` of an array held element by element
    /// (`JSONProjection.elements`): each element is read as its tree when it
    /// is mapped, and gone once it is, so that only the records made from
    /// them grow.
    func mapCollection(held: CompactJSON, with ref: MapperRef) throws(MappingFailure) -> [FieldValue] {
        try enter()
        defer { leave() }
        var out: [FieldValue] = []
        out.reserveCapacity(held.heldCount)
        for i in 0..<held.heldCount {
            try mapElement(held.element(at: i), index: i, with: ref, into: &out)
        }
        return out
    }

    /// `mapCollection(held:)` for a relationship or a nested array: the
    /// records are held as bytes as they are made (`HeldFieldList`), so that
    /// neither the array's tree nor its records are held whole.
    ///
    /// A large value the records share (each item's `@parent.items.name`,
    /// the array of every item's name, evaluated once for their parent) is
    /// held once among them (`HeldRecords.shared`): as bytes each record
    /// held a copy of it, memory the size of output quadratic in the array
    /// (2.2 GB for a 1 MB array). Records after the first still much larger
    /// than the elements they come from (a value shared where the held
    /// bytes do not see it met again) are kept as records instead, from
    /// the first such one on, where they share it.
    func mapList(held: CompactJSON, with ref: MapperRef) throws(MappingFailure) -> FieldList {
        guard holdsRecordLists else { return FieldList(try mapCollection(held: held, with: ref)) }
        try enter()
        defer { leave() }
        var list = HeldFieldList.Builder(graph: graph, indexing: indexesHeldLists ? .kept : .logged)
        var kept: [FieldValue]?
        var out: [FieldValue] = []
        for i in 0..<held.heldCount {
            out.removeAll(keepingCapacity: true)
            try mapElement(held.element(at: i), index: i, with: ref, into: &out)
            if kept != nil {
                kept!.append(contentsOf: out)
                continue
            }
            let before = list.byteCount
            for value in out { list.append(value) }
            // The first record holds a value its list's records share
            // (`HeldRecords.shared`) as bytes, the others name it.
            if i > 0, list.byteCount - before > Self.heldRecordGrowth * held.elementByteCount(i) + Self.heldRecordSlack {
                // Read back, the records so far are no larger than that.
                let made = list.finish()
                kept = (0..<made.count).map(made.element(at:))
            }
        }
        if let kept { return FieldList(kept) }
        madeHeldList = true
        return FieldList(held: list.finish())
    }

    /// A record held as bytes at most this many times its element's text,
    /// plus `heldRecordSlack` (a record of a few small fields beside its
    /// type and a note), else its list's records are kept as records.
    static let heldRecordGrowth = 8
    static let heldRecordSlack = 4096

    /// Maps one element of a collection at position `index` (its
    /// `@metadata.mapping.collectionIndex`), appending what it produces.
    func mapElement(_ element: JSONValue, index: Int, with ref: MapperRef, into out: inout [FieldValue]) throws(MappingFailure) {
        try atPosition(index, .index(index)) { () throws(MappingFailure) in
            switch element {
            case .null:
                return
            case .array(let inner):
                out.append(.many(FieldList(try mapCollection(inner, with: ref))))
            case .compact(let held) where held.elements != nil:
                out.append(.many(try mapList(held: held, with: ref)))
            default:
                out.append(contentsOf: try mapSingle(element, with: ref))
            }
        }
    }

    /// Maps one element of a nested array that is streamed (`WorkUnit.nested`),
    /// as `mapElement` maps it inside the arrays at positions `outer` (the
    /// outermost first): the same paths, depth and collection index.
    func mapElement(
        _ element: JSONValue, index: Int, outer: ArraySlice<Int>, with ref: MapperRef, into out: inout [FieldValue]
    ) throws(MappingFailure) {
        guard let first = outer.first else { return try mapElement(element, index: index, with: ref, into: &out) }
        try atPosition(first, .index(first)) { () throws(MappingFailure) in
            try enter()
            defer { leave() }
            try mapElement(element, index: index, outer: outer.dropFirst(), with: ref, into: &out)
        }
    }

    /// `forceCollection`: every key of the dictionary is one record, in document
    /// order, its position being its collection index (docs/spec.md §5.3).
    func mapKeyedCollection(_ object: JSONObject, with mapper: ObjectMapper) throws(MappingFailure) -> [FieldValue] {
        // Matchers that chose this mapper read the dictionary, not its members.
        readTracker?.discardMatcherReads(parentDepth: context.parents.count)
        var out: [FieldValue] = []
        for (i, member) in object.members.enumerated() {
            if let record = try mapMember(member.key, member.value, index: i, with: mapper) { out.append(.record(record)) }
        }
        return out
    }

    /// Maps one member of a `forceCollection` dictionary, the one at position
    /// `index` (its collection index): for the whole dictionary above, and
    /// for a streamed one member by member (`PipelineWorker`).
    func mapMember(_ key: String, _ value: JSONValue, index: Int, with mapper: ObjectMapper) throws(MappingFailure) -> Record? {
        try atPosition(index, .dynamicKey(key)) { () throws(MappingFailure) -> Record? in
            if mapper.keyAttributeSlot != nil {
                return try mapValue(value, key: key, with: mapper, composing: false)
            }
            return try mapRepresentation(value, with: mapper)
        }
    }

    /// Runs `body` for the collection member at position `index`, reached by
    /// `step`: its `@metadata.mapping.collectionIndex`, and its place in the
    /// JSON path of diagnostics, for the time of the call.
    @inline(__always)
    private func atPosition<T>(
        _ index: Int, _ step: DocumentPath.Component, _ body: () throws(MappingFailure) -> T
    ) throws(MappingFailure) -> T {
        let savedIndex = context.collectionIndex
        context.collectionIndex = index
        path.push(step)
        defer {
            path.pop()
            context.collectionIndex = savedIndex
        }
        return try body()
    }

    /// Maps one representation with a resolved object mapper: handles dynamic
    /// nesting keys and scalars, then the object itself.
    func mapRepresentation(_ value: JSONValue, with mapper: ObjectMapper, composing: Bool = false) throws(MappingFailure) -> Record? {
        if mapper.keyAttributeSlot != nil, case .object(let object) = value {
            guard object.count == 1, let member = object.members.first else {
                warn(.dynamicKeyCount(object.count), mapper: mapper)
                stats.unmappable += 1
                return nil
            }
            path.push(.dynamicKey(member.key))
            defer { path.pop() }
            return try mapValue(member.value, key: member.key, with: mapper, composing: composing)
        }
        return try mapValue(value, key: nil, with: mapper, composing: composing)
    }

    /// One representation, or the value under a dynamic nesting key `key`
    /// (docs/spec.md §5.3), as a record: an object is mapped (`{}` under a key
    /// makes a record of the key alone); `null` maps to nothing, and any other
    /// value needs an attribute from the nil key path (§5.2), else a warning,
    /// never a record of the key alone that looks like one mapped from `{}`.
    private func mapValue(_ value: JSONValue, key: String?, with mapper: ObjectMapper, composing: Bool) throws(MappingFailure) -> Record? {
        switch value {
        case .object:
            break
        case .null:
            // `rkmap check`: what matchers that chose the mapper read
            // outside the value (`@root.data`) was read all the same.
            readTracker?.discardMatcherReads(parentDepth: context.parents.count)
            return nil
        default:
            guard mapper.mapsNilKeyPath else {
                readTracker?.discardMatcherReads(parentDepth: context.parents.count)
                let kind = value.kind.rawValue
                warn(key.map { .keyedScalar(key: $0, kind: kind, mapper: mapper.id) } ?? .scalarElement(kind: kind, mapper: mapper.id), mapper: mapper)
                stats.unmappable += 1
                return nil
            }
        }
        return try mapObject(value, with: mapper, key: key, composing: composing)
    }

    // MARK: Depth

    func enter() throws(MappingFailure) {
        depth += 1
        if depth > maxDepth {
            throw MappingFailure(.tooDeep(limit: maxDepth), message: "nesting deeper than --max-depth \(maxDepth)", path: path.rendered)
        }
    }

    func leave() { depth -= 1 }

    /// Counts a record made for the document; past `--max-records` the document fails.
    func countRecord(of mapper: ObjectMapper) throws(MappingFailure) {
        recordCount += 1
        if recordCount > recordLimit { throw Self.tooManyRecords(limit: recordLimit, path: path.rendered) }
        stats.records.count(mapper)
    }

    static func tooManyRecords(limit: Int, path: String) -> MappingFailure {
        MappingFailure(
            .tooManyRecords(limit: limit),
            message: "the document makes more than \(RepeatedWarningLimit.grouped(limit)) records; stopped (raise the limit with --max-records N)",
            path: path)
    }

    // MARK: Diagnostics

    /// Reports a mapping warning at the current JSON path; its kind lets
    /// repeats of it be summarized (docs/spec.md §11).
    /// `at`: another path than the current one (a record's, `Record.path`).
    func warn(
        _ warning: MappingWarning, mapper: ObjectMapper? = nil, mapperID: String? = nil, attribute: String? = nil, at place: String? = nil
    ) {
        stats.warnings += 1
        diagnostics.emit(Self.warning(
            warning, inputName: inputName, document: documentIndex, path: place ?? path.rendered, mapperID: mapper?.id ?? mapperID,
            attribute: attribute))
    }

    /// A mapping warning as it is reported.
    static func warning(
        _ warning: MappingWarning, inputName: String, document: Int, path: String, mapperID: String?, attribute: String?
    ) -> Diagnostic {
        Diagnostic(
            .warning, warning.message + MappingFailure.documentSuffix(document), file: inputName, location: .jsonPath(path),
            mapperID: mapperID, attribute: attribute, code: .mapping, kind: warning.kind)
    }
}
