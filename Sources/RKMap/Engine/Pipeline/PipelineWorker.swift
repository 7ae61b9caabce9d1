/// Parses and maps units on a worker thread. Everything it reads from the
/// engine is immutable during a run (graph, runtime, options, descriptors);
/// stats and diagnostics travel back in the results and are merged by the writer.
struct PipelineWorker {
    let engine: MappingEngine
    let state: PipelineState
    let inputName: String
    /// Set when the sink takes pre-encoded records: workers then encode too.
    let encoding: RootEncoding?
    /// Where this worker encodes, document after document (no allocation each).
    private let scratch = EncodingScratch()
    /// With connections, a streamed document's records go to the writer as
    /// records, all of them: it connects them at the document's end
    /// (`HeldRecords`), and `--type` keeps its own only then.
    private var holdsStreamed: Bool { engine.hasConnections }

    func run() {
        // The splitter has validated every byte already, depth included, so the
        // workers skip UTF-8 validation (trusted mode): every unit they read lies
        // inside a value the splitter's `skipValue` or probe has checked.
        var scanner = JSONScanner(bytes: UnsafeRawBufferPointer(start: nil, count: 0), offset: 0, maxDepth: engine.options.maxDepth, trusted: true)
        let collector = DiagnosticList()
        // One mapper for every document and element this worker maps (`prepare`).
        let mapper = DocumentMapper(engine: engine, document: .null, inputName: inputName, diagnostics: collector)
        mapper.indexesHeldLists = !holdsStreamed
        var lastEncodedCount = 0
        while var next = state.take() {
            let (seq, unit) = (next.seq, next.unit)
            // Frees the record trees of results already written (see `takeRetired`).
            _ = state.takeRetired()
            // The chunk is needed until the unit's last value is read, not
            // while it is mapped: a large document's bytes go before its
            // records are made (`release`). Moved out, so `view` is its only holder here.
            var view: InputView? = nil
            swap(&view, &next.view)
            // Units from the same chunk see more of it each time (the reader
            // appends): point the scanner at what this unit may read.
            scanner.reset(bytes: view!.bytes, origin: view!.origin)
            let base = view!.inputOffset
            let last = unit.valueCount - 1
            let result: WorkResult
            // Room for what the last unit encoded: growing by doubling copied
            // every unit's output about once more.
            var encoded = EncodedOutput()
            if encoding != nil { encoded.reserveCapacity(lastEncodedCount) }
            switch unit {
            case .documents(let starts, let firstIndex):
                result = .documents(starts.enumerated().map { i, start in
                    let unit = mapDocument(at: start, index: firstIndex + i, scanner: &scanner, mapper: mapper, collector: collector) {
                        if i == last { view = nil }
                    }
                    // A document whose records hold a list held as bytes
                    // goes to the sink as records: it writes them out as it
                    // encodes them (`SpilledBytes.drain`), where encoding it
                    // here would hold its whole output.
                    let heldList = mapper.madeHeldList
                    return unit.map { results in
                        guard let encoding, !heldList else { return .values(results) }
                        let from = encoded.count
                        encoding.encodeDocument(results, into: &encoded, scratch: scratch)
                        return .encoded(from..<encoded.count, roots: 0)
                    }
                }, encoded: encoded)
            case .elements(let starts, let document, let firstPosition, let d, let outer, let within):
                let rootMapper = engine.applicable[d].descriptor.rootMapper
                result = mapRoots(
                    starts, document: document, descriptor: d, projection: engine.elementProjections[d], scanner: &scanner,
                    mapper: mapper, collector: collector, encoded: &encoded, depth: outer.count, within: within,
                    release: { i in if i == last { view = nil } }
                ) { (mapper, value, i) throws(MappingFailure) in
                    // Inside the content array, as a whole read maps it (`mapCollection`).
                    try mapper.enter()
                    defer { mapper.leave() }
                    var roots: [FieldValue] = []
                    if outer.isEmpty {
                        try mapper.mapElement(value, index: firstPosition + i, with: rootMapper, into: &roots)
                    } else {
                        // In a nested array: where a whole read maps it, inside
                        // its enclosing arrays' positions.
                        try mapper.mapElement(value, index: firstPosition + i, outer: outer[...], with: rootMapper, into: &roots)
                    }
                    return roots
                }
            case .collected(let starts, let document, let firstPosition, let d, let rest, let within):
                let rootMapper = engine.applicable[d].descriptor.rootMapper
                let path = rest.map { KeyPath.Component.key($0) }
                // The elements' plan under the key path, holding large arrays
                // from the same size it does (`RKMAP_HELD_ARRAY_BYTES`).
                let projection = ProjectionPlan(
                    JSONProjection.nothing.adding(rest[...], then: engine.elementProjections[d].projection),
                    caseInsensitive: engine.graph.options.caseInsensitiveKeys,
                    holdingArraysFrom: engine.elementProjections[d].holdBytes)
                result = mapRoots(
                    starts, document: document, descriptor: d, projection: projection, scanner: &scanner,
                    mapper: mapper, collector: collector, encoded: &encoded, within: within, release: { i in if i == last { view = nil } }
                ) { (mapper, value, i) throws(MappingFailure) in
                    // The content's element: what the key path collects from this
                    // one, whether or not it found the keys (`[null]` from an
                    // inner array without them is a nested collection, as when read whole).
                    let element = KeyPath.follow(path[...], from: value, caseInsensitive: projection.caseInsensitive) ?? .null
                    if within > 0, !rest.isEmpty {
                        // The splitter followed the keys before `rest` through
                        // objects and met an array: `rest` is followed inside
                        // it, as a whole read names it (`$.a[1].b[1].c`).
                        mapper.path.pop(rest.count)
                        _ = mapper.path.push(
                            KeyPath(source: "", anchor: .representation, components: path), from: .array([value]),
                            caseInsensitive: projection.caseInsensitive)
                    }
                    try mapper.enter()  // the collected array (`mapCollection`)
                    defer { mapper.leave() }
                    var roots: [FieldValue] = []
                    try mapper.mapElement(element, index: firstPosition + i, with: rootMapper, into: &roots)
                    return roots
                }
            case .members(let keys, let starts, let document, let firstPosition, let d, let dictionaryMapper):
                // A member's value is read as what the mapper reads of it
                // (`MappingGraph.memberProjection`).
                let projection = engine.memberProjections[ObjectIdentifier(dictionaryMapper)] ?? .everything
                result = mapRoots(
                    starts, document: document, descriptor: d, projection: projection, scanner: &scanner, mapper: mapper,
                    collector: collector, encoded: &encoded, release: { i in if i == last { view = nil } }
                ) { (mapper, value, i) throws(MappingFailure) in
                    try mapper.mapMember(keys[i], value, index: firstPosition + i, with: dictionaryMapper).map { [.record($0)] } ?? []
                }
            case .chosen(let start, let document, let d, let chosen):
                // Choosing again warns and counts as a whole read does, before
                // a dictionary's members' records; one record is mapped here.
                let rootMapper = engine.applicable[d].descriptor.rootMapper
                let choice = engine.keyedChoice!
                let oneRecord = chosen.flatMap { $0.forceCollection ? nil : choice.oneRecord[ObjectIdentifier($0)] }
                // Matchers that read no member see `{}`: the splitter did not
                // hold the object for them (`KeyedChoice.readsMembers`).
                let unit = mapStreamed(
                    at: start, document: document, descriptor: d, projection: oneRecord ?? choice.projection, scanner: &scanner,
                    mapper: mapper, collector: collector, release: { view = nil },
                    value: oneRecord == nil && !choice.readsMembers ? .object(JSONObject()) : nil
                ) { (mapper, value) throws(MappingFailure) -> [FieldValue]? in
                    guard oneRecord != nil else {
                        _ = mapper.resolve(rootMapper, for: value)
                        return []
                    }
                    let roots = try mapper.mapContent(value, with: rootMapper)
                    if let type = engine.options.onlyType, !holdsStreamed { return MappingEngine.keeping(type, in: roots) }
                    return roots
                }
                result = .roots([unit.map { roots in roots.map { encode($0, into: &encoded, held: mapper.madeHeldList) } }], encoded: encoded)
            case .content(let start, let document, let rest, let d):
                let rootMapper = engine.applicable[d].descriptor.rootMapper
                // The content itself (a record whose relationship is large):
                // its own plan, which may hold arrays in a value read whole.
                let projection = rest.isEmpty ? engine.elementProjections[d] : ProjectionPlan(
                    JSONProjection.nothing.adding(
                        componentsOf: KeyPath(source: "", anchor: .representation, components: rest),
                        then: engine.elementProjections[d].projection),
                    caseInsensitive: engine.graph.options.caseInsensitiveKeys,
                    holdingArraysFrom: engine.elementProjections[d].holdBytes)
                let unit = mapStreamed(
                    at: start, document: document, descriptor: d, projection: projection, scanner: &scanner, mapper: mapper,
                    collector: collector, release: { view = nil }
                ) { (mapper, value) throws(MappingFailure) -> [FieldValue]? in
                    // The rest of the key path from the value it starts at, as a
                    // whole read names it (`$.pages[1].items` for `pages.items[1]`).
                    let restPath = KeyPath(source: "", anchor: .representation, components: rest)
                    mapper.path.pop(rest.count { if case .collection = $0 { false } else { true } })
                    _ = mapper.path.push(restPath, from: value, caseInsensitive: engine.graph.options.caseInsensitiveKeys)
                    return try mapContent(value, rest: rest, with: rootMapper, mapper: mapper)
                }
                result = .roots([unit.map { roots in roots.map { encode($0, into: &encoded, held: mapper.madeHeldList) } }], encoded: encoded)
            case .value(let folded, let document, let rest, let d):
                let rootMapper = engine.applicable[d].descriptor.rootMapper
                let unit = mapStreamed(
                    at: 0, document: document, descriptor: d, projection: .everything, scanner: &scanner, mapper: mapper,
                    collector: collector, release: { view = nil }, value: folded
                ) { (mapper, value) throws(MappingFailure) -> [FieldValue]? in
                    try mapContent(value, rest: rest, with: rootMapper, mapper: mapper)
                }
                result = .roots([unit.map { roots in roots.map { encode($0, into: &encoded, held: mapper.madeHeldList) } }], encoded: encoded)
            case .parent(let start, let document, let d, let key, let record):
                // The record without its relationship's array: an empty one
                // in its place, whose elements `related` units map.
                let relationship = engine.streamedRelationships[key]!
                let rootMapper = engine.applicable[d].descriptor.rootMapper
                // What the record's mapping reports from the relationship's
                // place on (later properties, validations, its own count)
                // is reported after the elements, where a whole read
                // reports it (`PipelineWriter`).
                var mark: (diagnostics: Int, stats: DocumentStats)?
                mapper.streamedSlot = relationship.slot
                mapper.streamedCount = record.length ?? -1
                mapper.streamedCounting = relationship.countingSteps
                mapper.streamedDepth = record.position == nil ? 1 : 2
                mapper.streamedStep = (relationship.parentMapper, { [collector, mapper] in
                    mark = (collector.diagnostics.count, mapper.stats)
                })
                var unit = mapStreamed(
                    at: start, document: document, descriptor: d, projection: relationship.parentProjection, scanner: &scanner,
                    mapper: mapper, collector: collector, release: { view = nil },
                    value: relationship.readsObject ? state.value(.parentObject(record: record.offset), for: document) : nil
                ) { (mapper, value) throws(MappingFailure) -> [FieldValue]? in
                    guard case .object(let read) = value else { return try mapper.mapContent(value, with: rootMapper) }
                    let object = StreamedRelationship.emptied(read, at: relationship.keys[...], folding: engine.graph.options.caseInsensitiveKeys)
                    guard let position = record.position else { return try mapper.mapContent(.object(object), with: rootMapper) }
                    // An element of the content array, as `elements` map it.
                    try mapper.enter()
                    defer { mapper.leave() }
                    var roots: [FieldValue] = []
                    try mapper.mapElement(.object(object), index: position, with: rootMapper, into: &roots)
                    return roots
                }
                mapper.streamedStep = nil
                mapper.streamedSlot = -1
                mapper.streamedCount = -1
                var after: MappedUnit<Mapped<[FieldValue]>?>?
                if let mark {
                    after = MappedUnit(
                        result: unit.result.map { _ in .values([]) }, diagnostics: Array(unit.diagnostics[mark.diagnostics...]),
                        stats: unit.stats.subtracting(mark.stats))
                    unit.diagnostics.removeSubrange(mark.diagnostics...)
                    unit.stats = mark.stats
                    // A failure after the relationship's place is reported
                    // after its elements, which are mapped: nothing to write now.
                    if case .failure = unit.result { unit.result = .success([]) }
                }
                var ending: (empty: [UInt8], afterElements: [UInt8]) = ([], [])
                // Into a sink that takes encoded roots, or the record open
                // (`Splitter.streamedRelationships`); under `--type` a record
                // of another type is not written, its elements are mapped.
                let opened = unit.map { roots -> Mapped<[FieldValue]>? in
                    guard var roots else { return nil }
                    if let type = engine.options.onlyType { roots = MappingEngine.keeping(type, in: roots) }
                    guard let encoding, case .record(let record)? = roots.first, roots.count == 1 else { return .values(roots) }
                    let parts = encoding.encodeOpened(record, hole: relationship.slot, scratch: scratch)
                    encoded = EncodedOutput(bytes: parts.prefix)
                    ending = (parts.empty, parts.afterElements)
                    return .encoded(0..<encoded.count, roots: 1)
                }
                result = .opened(opened, encoded: encoded, ending: ending, after: after)
            case .related(let starts, let document, let firstPosition, let d, let key, let record):
                let relationship = engine.streamedRelationships[key]!
                // What `@parent` reads in them, when anything does.
                let parent = relationship.readsObject ? state.value(.parentObject(record: record.offset), for: document) : .null
                // Elements of the record, not roots: `--type` does not choose among them.
                result = mapRoots(
                    starts, document: document, descriptor: d, projection: relationship.elementProjection, scanner: &scanner,
                    mapper: mapper, collector: collector, encoded: &encoded, keepingType: false, release: { i in if i == last { view = nil } }
                ) { (mapper, value, i) throws(MappingFailure) in
                    var roots: [FieldValue] = []
                    try mapper.mapRelated(
                        value, index: firstPosition + i, from: relationship.sourcePath, parent: parent, in: record.position,
                        with: relationship.target, into: &roots)
                    return roots
                } encode: { roots, encoded in
                    // Into a sink that takes the record open: as mapped.
                    guard let encoding else { return .values(roots) }
                    let from = encoded.count
                    encoding.encodeElements(roots, into: &encoded, scratch: scratch)
                    return .encoded(from..<encoded.count, roots: roots.count)
                }
            case .streamBegin, .note, .found, .nested, .parentEnd, .streamEnd, .syntaxError, .idle, .inputError:
                result = .passThrough
            }
            withExtendedLifetime(view) {}
            switch result {
            case .documents(_, let bytes), .roots(_, let bytes), .opened(_, let bytes, _, _): lastEncodedCount = bytes.count + bytes.count / 8
            case .passThrough, .serialized: break
            }
            state.complete(seq, unit: unit, base: base, result: result)
        }
    }

    /// The root records of the content `rest` finds in `value` (`--type`
    /// applied), or nil when it finds none.
    private func mapContent(
        _ value: JSONValue, rest: [KeyPath.Component], with rootMapper: MapperRef, mapper: DocumentMapper
    ) throws(MappingFailure) -> [FieldValue]? {
        let content = rest.isEmpty ? value : KeyPath.find(rest[...], from: value, caseInsensitive: engine.graph.options.caseInsensitiveKeys)
        guard let content else { return nil }
        let roots = try mapper.mapContent(content, with: rootMapper)
        if let type = engine.options.onlyType, !holdsStreamed { return MappingEngine.keeping(type, in: roots) }
        return roots
    }

    /// Maps the values of a batch of streamed elements or members, each to
    /// its root records (`--type` applied), encoded when the sink takes bytes.
    /// - Parameter release: called with a value's position in the batch once
    ///   it is read.
    @inline(__always)
    private func mapRoots(
        _ starts: [Int], document: Int, descriptor: Int, projection: ProjectionPlan, scanner: inout JSONScanner, mapper: DocumentMapper,
        collector: DiagnosticList, encoded: inout EncodedOutput, depth: Int = 0, within: Int = 0, keepingType: Bool = true,
        release: (Int) -> Void,
        _ body: (DocumentMapper, JSONValue, Int) throws(MappingFailure) -> [FieldValue],
        encode custom: (([FieldValue], inout EncodedOutput) -> Mapped<[FieldValue]>)? = nil
    ) -> WorkResult {
        .roots(starts.enumerated().map { i, start in
            let unit = mapStreamed(
                at: start, document: document, descriptor: descriptor, projection: projection, scanner: &scanner, mapper: mapper,
                collector: collector, within: within, release: { release(i) }
            ) { (mapper, value) throws(MappingFailure) -> [FieldValue]? in
                let roots = try body(mapper, value, i)
                if keepingType, let type = engine.options.onlyType, !holdsStreamed { return MappingEngine.keeping(type, in: roots) }
                return roots
            }
            return unit.map { roots in roots.map { custom?($0, &encoded) ?? encode($0, into: &encoded, depth: depth, held: mapper.madeHeldList) } }
        }, encoded: encoded)
    }

    /// - Parameter depth: how many nested arrays the roots are in (`WorkUnit.nested`).
    /// - Parameter held: the roots hold a list of records held as bytes
    ///   (`DocumentMapper.madeHeldList`): they go to the sink as records,
    ///   which writes them out as it encodes them, rather than encoded here
    ///   whole (their output would be held until the writer took it).
    private func encode(_ roots: [FieldValue], into encoded: inout EncodedOutput, depth: Int = 0, held: Bool) -> Mapped<[FieldValue]> {
        guard let encoding, !holdsStreamed, !held else { return .values(roots) }
        let from = encoded.count
        encoding.encodeRoots(roots, into: &encoded, scratch: scratch, depth: depth)
        return .encoded(from..<encoded.count, roots: roots.count)
    }

    private func read(at start: Int, scanner: inout JSONScanner, projection: ProjectionPlan) throws(MappingFailure) -> JSONValue {
        scanner.offset = start
        scanner.depth = 0
        do {
            return try scanner.readValue(projection: projection)
        } catch {
            // Unreachable after the splitter's validation; reported rather than trusted.
            throw MappingFailure(.syntax, message: error.message)
        }
    }

    /// - Parameter release: called once the document is read (its bytes may go).
    private func mapDocument(
        at start: Int, index: Int, scanner: inout JSONScanner, mapper: DocumentMapper, collector: DiagnosticList,
        release: () -> Void
    ) -> MappedUnit<[(Descriptor, [FieldValue])]> {
        let value: JSONValue
        do {
            defer { release() }
            value = try read(at: start, scanner: &scanner, projection: engine.documentProjection)
        } catch {
            return MappedUnit(result: .failure(error), diagnostics: [], stats: DocumentStats())
        }
        mapper.prepare(document: value, index: index, recordLimit: engine.options.recordLimit(documentBytes: scanner.offset - start))
        defer {
            // The document's tree goes with its unit.
            mapper.context.root = .null
            mapper.context.operatorResults.forget()
        }
        // A whole document's lists are connected where they are (`connect`);
        // a streamed element's records are held and indexed by the writer.
        mapper.indexesHeldLists = true
        defer { mapper.indexesHeldLists = !holdsStreamed }
        do {
            let results = try engine.mapDescriptors(value, with: mapper)
            return MappedUnit(result: .success(results), diagnostics: collector.drain(), stats: mapper.stats)
        } catch {
            return MappedUnit(result: .failure(error), diagnostics: collector.drain(), stats: mapper.stats)
        }
    }

    private func mapStreamed(
        at start: Int, document: Int, descriptor d: Int, projection: ProjectionPlan, scanner: inout JSONScanner, mapper: DocumentMapper,
        collector: DiagnosticList, within: Int = 0, release: () -> Void, value known: JSONValue? = nil,
        _ body: (DocumentMapper, JSONValue) throws(MappingFailure) -> [FieldValue]?
    ) -> MappedUnit<[FieldValue]?> {
        let (descriptor, metadata) = engine.applicable[d]
        // The document's size is not known yet; what is left of the input bounds it.
        // The writer checks the document's total (`PipelineWriter`).
        // `@root` is the document's root as the spec reads it (`Splitter.readRoot`).
        let root = engine.rootProjection == nil ? JSONValue.null : state.value(.root, for: document)
        mapper.prepare(document: root, index: document, recordLimit: engine.options.recordLimit(documentBytes: scanner.buf.count - start))
        defer { mapper.context.root = .null }  // the root goes with its document
        mapper.context.metadata = metadata
        let base = mapper.path.components.count
        _ = mapper.path.push(descriptor.keyPath)
        if mapper.caseInsensitive, case .array(let names) = state.value(.contentKeys(descriptor: d), for: document) {
            mapper.path.respell(from: base, with: names)
        }
        if within > 0 { mapper.path.collect(last: within) }
        do {
            let value: JSONValue
            do {
                defer { release() }
                if let known {
                    value = known
                } else {
                    value = try read(at: start, scanner: &scanner, projection: projection)
                }
            }
            let roots = try body(mapper, value)
            return MappedUnit(result: .success(roots), diagnostics: collector.drain(), stats: mapper.stats)
        } catch {
            return MappedUnit(result: .failure(error), diagnostics: collector.drain(), stats: mapper.stats)
        }
    }
}
