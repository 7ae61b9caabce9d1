import Synchronization

/// Runs a compiled spec over documents and hands the records to a sink.
///
/// ```swift
/// let engine = try MappingEngine(graph: graph, options: MappingOptions())
/// let ok = try engine.map(document: value, info: DocumentInfo(input: "in.json", index: 0),
///                         sink: sink, diagnostics: collector)
/// ```
public final class MappingEngine: Sendable {
    public let graph: MappingGraph
    public let options: MappingOptions
    let runtime: EngineRuntime
    /// Descriptors that apply to the run's request facts, in file order, with
    /// their metadata object (routing parameters, HTTP facts, `--meta`).
    let applicable: [(descriptor: Descriptor, metadata: JSONObject)]
    /// What of a document the applicable descriptors read: documents are read
    /// through it, so unread members cost a scan, not a tree.
    let documentProjection: ProjectionPlan
    /// What of one representation each applicable descriptor's root mapper
    /// reads (the elements of a streamed content array), in their order.
    let elementProjections: [ProjectionPlan]
    /// What of the value under each key of a dictionary mapped member by
    /// member (`WorkUnit.members`) each `forceCollection` object mapper reads
    /// (`MappingGraph.memberProjection`), by mapper; `everything` for any
    /// mapper not here.
    let memberProjections: [ObjectIdentifier: ProjectionPlan]
    /// What `@root` key paths read of a document, `nil` when none does: a
    /// streamed document's root is read through it before its elements
    /// (`Splitter.readRoot`).
    let rootProjection: ProjectionPlan?
    /// When the one applicable descriptor's root mapper is dynamic and may
    /// choose a `forceCollection` mapper, or one whose relationship may be
    /// streamed: how a streamed content object is read to choose, and split
    /// member by member when the choice maps it as a dictionary, or as a
    /// record around its large array (`Splitter`, `chooseKeyedMapper`).
    let keyedChoice: KeyedChoice?
    /// The root record's to-many relationships whose arrays a content object
    /// may stream (`StreamedRelationship`), by member.
    let streamedRelationships: [String: StreamedRelationship]
    /// Of many applicable descriptors, those a document without their key
    /// path's first key skips (`mapDescriptors`); nil for a few.
    let descriptorSkips: KeySkipIndex?
    /// Some mapper connects relationships (docs/spec.md §7): asked per document.
    let hasConnections: Bool
    /// Counters over every document mapped so far. Only the thread that runs
    /// `run` changes them (pipeline workers send theirs with their results);
    /// the lock lets a progress line read them and keeps the engine `Sendable`,
    /// so workers share it without an unchecked wrapper.
    private let statsState = Mutex(MappingStats())
    public var stats: MappingStats { statsState.withLock { $0 } }

    /// Changes the run's counters.
    func updateStats(_ body: (inout MappingStats) -> Void) {
        statsState.withLock { body(&$0) }
    }

    /// A problem with the run's setup that is the spec's fault (exit status 2).
    public enum SetupError: Error, Sendable, Equatable, CustomStringConvertible {
        /// `--type T` where no mapper of the spec makes records of type `T`.
        case unknownType(String, suggestion: String?)

        public var message: String {
            switch self {
            case .unknownType(let type, let suggestion):
                return "error: --type '\(type)': no mapper of the spec makes records of this type"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            }
        }

        public var description: String { message }
    }

    public init(graph: MappingGraph, options: MappingOptions) throws(SetupError) {
        self.graph = graph
        self.options = options
        runtime = EngineRuntime(graph: graph)
        if let type = options.onlyType {
            let types = graph.objectMappers.map(\.typeName)
            if !types.contains(type) {
                throw SetupError.unknownType(type, suggestion: Suggestions.closest(to: type, in: types))
            }
        }
        var applicable: [(Descriptor, JSONObject)] = []
        for descriptor in graph.descriptors {
            if let parameters = Self.match(descriptor, options: options) {
                applicable.append((descriptor, Self.metadata(for: descriptor, parameters: parameters, options: options)))
            }
        }
        self.applicable = applicable
        hasConnections = graph.objectMappers.contains { !$0.connections.isEmpty }
        let descriptors = applicable.map(\.0)
        descriptorSkips = KeySkipIndex(count: descriptors.count) { descriptors[$0].keyPath.firstKey }
        let folding = graph.options.caseInsensitiveKeys
        rootProjection = graph.rootProjection.map {
            guard options.readsProjection else { return ProjectionPlan(.everything, caseInsensitive: folding) }
            // `@root`, or what holds the contents, copied whole beside paths
            // that read none of the contents but count them: the tree, but
            // each content as its compact text, or its elements' (the copy
            // copies it so, the count counts them, and the elements stream
            // from the bytes).
            // Under `keyMatching: caseInsensitive`, names folded on both sides.
            if let held = Self.contentsCopiedOnly(graph, descriptors),
               let plan = ProjectionPlan.reading($0, holding: held, caseInsensitive: folding, holdingArraysFrom: ProjectionPlan.holdingArraysFrom) {
                return plan
            }
            return ProjectionPlan($0, caseInsensitive: folding)
        }
        let streamedRelationships = StreamedRelationship.candidates(
            graph: graph, descriptors: descriptors, readsProjection: options.readsProjection, compacting: options.compactsCopiedValues,
            toOneUnlessMany: options.relationshipsToOneUnlessMany)
        self.streamedRelationships = streamedRelationships
        keyedChoice = descriptors.count == 1
            ? KeyedChoice(
                graph: graph, root: descriptors[0].rootMapper, projecting: options.readsProjection, compacting: options.compactsCopiedValues,
                streamsRecords: !streamedRelationships.isEmpty)
            : nil
        guard options.readsProjection else {
            documentProjection = .everything
            elementProjections = descriptors.map { _ in .everything }
            memberProjections = [:]
            return
        }
        let compacting = options.compactsCopiedValues
        let holding = options.holdsLargeArrays
        var memberProjections: [ObjectIdentifier: ProjectionPlan] = [:]
        for (ref, mapper) in graph.mappers.enumerated() {
            guard case .object(let object) = mapper, object.forceCollection else { continue }
            memberProjections[ObjectIdentifier(object)] = ProjectionPlan(
                graph.memberProjection(of: ref, compacting: compacting, holding: holding), caseInsensitive: folding,
                holdingArraysFrom: options.holdingArraysFrom)
        }
        self.memberProjections = memberProjections
        if graph.readsAnywhere, holding {
            // `@root` or `@parent` paths: what they read depends on where the
            // mapping is, so the document is read whole, but with each array a
            // relationship maps held as its elements' text, as `check` reads
            // it (`MappingGraph.heldProjection`): a record's 1,000,000 items
            // beside `@parent.items.price` were a tree, 7.9 times their text.
            documentProjection = ProjectionPlan.wholeHolding(
                asIn: graph.heldProjection(for: descriptors), caseInsensitive: folding, holdingArraysFrom: options.holdingArraysFrom) ?? .everything
        } else {
            documentProjection = ProjectionPlan(
                graph.documentProjection(for: descriptors, compacting: compacting, holding: holding), caseInsensitive: folding,
                holdingArraysFrom: options.holdingArraysFrom)
        }
        elementProjections = descriptors.map {
            // Each content element so too (`check` reads one mapped from a
            // content array's bytes so: `heldProjection(ofRepresentationOf:)`).
            if graph.readsAnywhere, holding {
                return ProjectionPlan.wholeHolding(
                    asIn: graph.heldProjection(ofRepresentationOf: $0.rootMapper), caseInsensitive: folding,
                    holdingArraysFrom: options.holdingArraysFrom) ?? .everything
            }
            return ProjectionPlan(
                graph.representationProjection(of: $0.rootMapper, compacting: compacting, holding: holding), caseInsensitive: folding,
                holdingArraysFrom: options.holdingArraysFrom)
        }
    }

    /// The descriptors that apply, in file order.
    public var applicableDescriptors: [Descriptor] { applicable.map(\.descriptor) }

    /// Path parameters when `descriptor` applies to the request facts, else `nil` (docs/spec.md §2).
    static func match(_ descriptor: Descriptor, options: MappingOptions) -> [(name: String, value: String)]? {
        var parameters: [(name: String, value: String)] = []
        if let path = options.path, let pattern = descriptor.pathPattern {
            guard let captured = pattern.match(path) else { return nil }
            parameters = captured
        }
        if let method = options.method, let methods = descriptor.methods, !methods.contains(method) {
            return nil
        }
        guard descriptor.statusCodes.contains(options.status ?? 200) else { return nil }
        return parameters
    }

    /// Why a descriptor does not apply to the given facts, or `nil` when it does
    /// (`rkmap check` explains "no descriptor applies" with these).
    public static func mismatchReason(_ descriptor: Descriptor, options: MappingOptions) -> String? {
        if let path = options.path, let pattern = descriptor.pathPattern, pattern.match(path) == nil {
            return "path '\(path)' does not match pattern '\(pattern.source)'"
        }
        if let method = options.method, let methods = descriptor.methods, !methods.contains(method) {
            return "method \(method) is not one of \(methods.sorted().joined(separator: ", "))"
        }
        let status = options.status ?? 200
        if !descriptor.statusCodes.contains(status) {
            return "status \(status) is not one of \(descriptor.statusCodes)"
        }
        return nil
    }

    /// `@metadata` for one descriptor: `mapping.rootKeyPath`, routing parameters,
    /// HTTP facts and response headers that were given, then `--meta` keys.
    static func metadata(for descriptor: Descriptor, parameters: [(name: String, value: String)], options: MappingOptions) -> JSONObject {
        var metadata = JSONObject()
        metadata["mapping"] = .object(JSONObject([("rootKeyPath", descriptor.keyPathText.map(JSONValue.string) ?? .null)]))
        var params = JSONObject()
        for p in parameters { params[p.name] = .string(p.value) }
        metadata["routing"] = .object(JSONObject([("parameters", .object(params))]))
        var request = JSONObject()
        if let method = options.method { request["method"] = .string(method) }
        if let path = options.path { request["URL"] = .string(path) }
        var http = JSONObject()
        if !request.isEmpty { http["request"] = .object(request) }
        var response = JSONObject()
        if let status = options.status { response["statusCode"] = .number(JSONNumber(status)) }
        if !options.headers.isEmpty { response["headers"] = .object(options.headers.metadataObject) }
        if !response.isEmpty { http["response"] = .object(response) }
        if !http.isEmpty { metadata["HTTP"] = .object(http) }
        for (key, value) in options.meta {
            // A dotted key nests, so `--meta user.id=5` is `@metadata.user.id`.
            let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            setMetadata(value, at: path[...], in: &metadata)
        }
        return metadata
    }

    static func setMetadata(_ value: JSONValue, at path: ArraySlice<String>, in object: inout JSONObject) {
        guard let head = path.first else { return }
        if path.count == 1 {
            object[head] = value
            return
        }
        var inner: JSONObject
        if case .object(let existing)? = object[head] { inner = existing } else { inner = JSONObject() }
        setMetadata(value, at: path.dropFirst(), in: &inner)
        object[head] = .object(inner)
    }
}

/// How a content object is read when a dynamic root mapper may map it as a
/// `forceCollection` dictionary (`MappingEngine.keyedChoice`).
struct KeyedChoice: Sendable {
    /// What the matchers read of the object to choose
    /// (`MappingGraph.keyedChoiceProjection`).
    let projection: ProjectionPlan
    /// The matchers read members of the object, not only its kind or what is
    /// outside it (`@metadata`, `@root`): the object must be held to choose.
    let readsMembers: Bool
    /// For each object mapper they may choose that maps the object as one
    /// record: what choosing and that mapper read of it.
    let oneRecord: [ObjectIdentifier: ProjectionPlan]

    /// `nil` unless `root` is such a mapper (or a dynamic one that may
    /// choose a record whose relationship is streamed, `streamsRecords`), and
    /// its matchers do not read the whole object (it is read whole then, as
    /// any content object is).
    init?(graph: MappingGraph, root: MapperRef, projecting: Bool, compacting: Bool = false, streamsRecords: Bool = false) {
        let folding = graph.options.caseInsensitiveKeys
        let reads = streamsRecords ? graph.choiceProjection(of: root) : graph.keyedChoiceProjection(of: root)
        guard let choice = reads, choice != .everything else { return nil }
        projection = ProjectionPlan(projecting ? choice : .everything, caseInsensitive: folding)
        readsMembers = !projecting || choice != .countOnly
        let chosen = Set(graph.objectMappers(producedBy: root).map(ObjectIdentifier.init))
        var oneRecord: [ObjectIdentifier: ProjectionPlan] = [:]
        for (ref, mapper) in graph.mappers.enumerated() {
            guard case .object(let object) = mapper, !object.forceCollection, chosen.contains(ObjectIdentifier(object)) else {
                continue
            }
            let reads = choice.merged(with: graph.representationProjection(of: ref, compacting: compacting))
            oneRecord[ObjectIdentifier(object)] = ProjectionPlan(projecting ? reads : .everything, caseInsensitive: folding)
        }
        self.oneRecord = oneRecord
    }
}

extension MappingEngine {
    /// The contents of `descriptors`, each ending as the `@root` copies read
    /// it (`verbatim`, or `elements` when counted too), when every one is
    /// reached by keys from the document and only those copies reach it
    /// (`MappingGraph.rootCopyReads`); nil otherwise.
    ///
    /// When the document itself is every descriptor's content (a top-level
    /// array), how those copies read it (`elements`: copied and counted,
    /// `"@root": "doc"` beside `@root.@count`).
    static func contentsCopiedOnly(_ graph: MappingGraph, _ descriptors: [Descriptor]) -> JSONProjection? {
        if !descriptors.isEmpty, descriptors.allSatisfy({ $0.keyPath.anchor == .representation && $0.keyPath.components.isEmpty }) {
            return graph.rootCopyReads([], through: true)
        }
        var held = JSONProjection.nothing
        for descriptor in descriptors {
            let keys = descriptor.keyPath.leadingKeys
            guard descriptor.keyPath.anchor == .representation, !keys.isEmpty, keys.count == descriptor.keyPath.components.count,
                  let copied = graph.rootCopyReads(keys, through: true)
            else { return nil }
            held.add(keys[...], then: copied)
        }
        return descriptors.isEmpty ? nil : held
    }
}
