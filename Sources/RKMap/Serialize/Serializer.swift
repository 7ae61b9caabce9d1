/// Turns records, in the shape `apply` writes them, back into request bodies
/// (docs/spec.md §13): RestKit's `RKObjectSerializer` with inverse mappings
/// (`RKMappingInverter`), plus what RestKit cannot invert — dynamic mappers
/// (by the record's `@type`), nil-key-path relationships and attributes, and
/// `keyAttribute` keys.
///
/// Everything is decided once in `init` (which mapper serves which type,
/// every mapper's inverse plan, its date writer), so serializing a record
/// only walks its fields. Immutable after `init`: workers share one instance.
///
/// ```swift
/// let serializer = try Serializer(graph: graph, options: SerializationOptions())
/// let body = try serializer.body(for: record, path: "$")  // {"title": …}
/// ```
package final class Serializer: Sendable {
    let graph: MappingGraph
    package let options: SerializationOptions
    /// Inverse plans by `MapperRef` (object mappers only), each made when a
    /// record first needs it (`InversePlans`).
    let plans: InversePlans
    /// `--mapper`: the mapper, and whether it is applied forward (a request mapper).
    let forced: (ref: MapperRef, forward: Bool)?
    /// Object mappers by record type, in declaration order.
    let mappersByType: [String: [MapperRef]]
    /// Reads the ISO 8601 dates `apply` writes.
    let dateReader: DateParser
    /// Forward request mappers run on the mapping engine.
    let engine: MappingEngine
    /// Object mappers that are a descriptor's root or a member of a dynamic root.
    let rootMappers: Set<MapperRef>
    /// The dynamic root mapper (of a descriptor) that chooses each of its
    /// members: a body made by a member gets that mapper's discriminator.
    let rootChoosers: [MapperRef: MapperRef]
    /// One warning per mapper with sources that cannot be written to.
    package let warnings: [Diagnostic]
    /// Each mapper's ref by id (the first with it).
    let refsByID: [String: MapperRef]
    /// Per dynamic mapper: the object mappers it may choose (in the order
    /// messages name them) and, by record type, the first of them with
    /// that type. Made once: made per record, a mapper choosing among
    /// 8,000 types took 13 s for 8,000 records.
    let choices: [MapperRef: (members: [ObjectMapper], byType: [String: MapperRef])]
    /// Per dynamic mapper: the discriminator a body of each member is given
    /// (`MapperInversion.discriminators`).
    let discriminators: [MapperRef: [MapperRef: (keys: [String], value: JSONValue)]]
    /// How records are read: a record's large array is held as its
    /// elements' text (`ProjectionPlan(recordsHoldingArraysFrom:)`), its
    /// records inverted one at a time into the text of their bodies
    /// (`relationship`), which the output writes from that text (as JSON,
    /// or as form pairs, `FormPairs`); a form body is read back to be
    /// checked an element at a time (`FormReadBack.difference(holding:)`).
    let recordPlan: ProjectionPlan
    /// "Did you mean" for unknown fields (`unknownFields`), by mapper and
    /// field: records of a stream repeat the same unknown fields, each
    /// searched once (`FieldSuggestions`).
    let fieldSuggestions = FieldSuggestions()
    /// Request descriptors by target type, in declaration order, and the
    /// record types for "did you mean": looked up per record, where a filter
    /// of every descriptor and a sort of every type per record made a
    /// stream against a large spec quadratic.
    let requestDescriptorsByType: [String: [RequestDescriptor]]
    let typeSuggestions: SuggestionIndex

    /// A problem with the run's setup (exit status 2).
    package enum SetupError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The forward engine (request mappers) cannot run.
        case engine(MappingEngine.SetupError)
        /// `--mapper ID` names no mapper; `declared` lists the spec's ids.
        case unknownMapper(String, suggestion: String?, declared: [String])
        /// `--mapper ID` names a mapper that cannot be inverted, and why.
        case notInvertible(String, reason: String)

        package var message: String {
            switch self {
            case .engine(let error):
                return error.message
            case .unknownMapper(let id, let suggestion, let declared):
                return "error: unknown mapper '\(id)' for --mapper" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                    + " (the spec declares " + declared.map { "'\($0)'" }.joined(separator: ", ") + ")"
            case .notInvertible(let id, let reason):
                return "error: mapper '\(id)' cannot be inverted: \(reason)"
            }
        }

        package var description: String { message }
    }

    package init(graph: MappingGraph, options: SerializationOptions) throws(SetupError) {
        self.graph = graph
        self.options = options
        dateReader = DateParser(formats: [DateFormat](), zone: .utc)
        do {
            // For request mappers applied forward: the records a relationship
            // makes from a record's held array are held as bytes, read back
            // one at a time as the body is written (`Serializer.forward`).
            var mapping = MappingOptions()
            mapping.holdsLargeArrays = true
            mapping.holdingArraysFrom = options.holdingArraysFrom
            engine = try MappingEngine(graph: graph, options: mapping)
        } catch {
            throw .engine(error)
        }
        var refsByID: [String: MapperRef] = [:]
        for (ref, mapper) in graph.mappers.enumerated() where refsByID[mapper.id] == nil { refsByID[mapper.id] = ref }
        self.refsByID = refsByID
        var chosen: (ref: MapperRef, forward: Bool)?
        if let id = options.mapperID {
            guard let ref = refsByID[id] else {
                let suggestion = Suggestions.closest(to: id, in: graph.mappers.map(\.id))
                throw .unknownMapper(id, suggestion: suggestion, declared: graph.mappers.map(\.id))
            }
            let forward = graph.requestDescriptors.contains { $0.mapper == ref && !$0.inverse }
            if !forward, let reason = MapperInversion.whyNotInvertible(ref, mappers: graph.mappers) {
                throw .notInvertible(id, reason: reason)
            }
            chosen = (ref, forward)
        }
        var byType: [String: [MapperRef]] = [:]
        for (ref, mapper) in graph.mappers.enumerated() {
            if case .object(let m) = mapper { byType[m.typeName, default: []].append(ref) }
        }
        var roots: Set<MapperRef> = []
        var choosers: [MapperRef: MapperRef] = [:]
        for d in graph.descriptors {
            for m in MapperInversion.members(of: d.rootMapper, mappers: graph.mappers) {
                guard let ref = refsByID[m.id] else { continue }
                roots.insert(ref)
                if case .dynamic = graph.mappers[d.rootMapper], choosers[ref] == nil { choosers[ref] = d.rootMapper }
            }
        }
        var warnings: [Diagnostic] = []
        let forwardOnly = MapperInversion.forwardOnly(graph, forced: chosen, byType: byType, roots: roots)
        for (ref, mapper) in graph.mappers.enumerated() {
            guard case .object(let m) = mapper else { continue }
            let unwritable = forwardOnly.contains(ref) ? [] : MapperInversion.unwritableSources(of: m)
            if !unwritable.isEmpty {
                let list = unwritable.map { "'\($0)'" }.joined(separator: ", ")
                warnings.append(Diagnostic(
                    .warning, "serialize leaves out \(list): \(unwritable.count == 1 ? "it is" : "they are") read-only (@metadata, @root, @parent, operators or indexes)",
                    file: graph.file, location: .source(m.location), mapperID: m.id, code: .notWritable))
            }
        }
        // Bodies a dynamic mapper would not choose again when mapped (§13).
        for (ref, mapper) in graph.mappers.enumerated() {
            guard case .dynamic(let d) = mapper else { continue }
            let lost = MapperInversion.unchoosableMembers(of: ref, mappers: graph.mappers)
            guard !lost.isEmpty else { continue }
            let names = lost.map { "'\($0.id)'" }.joined(separator: ", ")
            warnings.append(Diagnostic(
                .warning,
                "serialize writes nothing that makes dynamic mapper '\(d.id)' choose \(names) again (a predicate, a kind or another "
                    + "dynamic mapper chooses \(lost.count == 1 ? "it" : "them")): mapped again, such a body may be declined or mapped "
                    + "by another mapper; map what the matcher reads as an attribute of \(names), or match with expectValue or valueMap",
                file: graph.file, location: .source(d.location), mapperID: d.id, code: .notWritable))
        }
        recordPlan = ProjectionPlan(recordsHoldingArraysFrom: options.holdingArraysFrom)
        self.plans = InversePlans(graph: graph)
        self.mappersByType = byType
        var choices: [MapperRef: (members: [ObjectMapper], byType: [String: MapperRef])] = [:]
        for (ref, mapper) in graph.mappers.enumerated() {
            guard case .dynamic = mapper else { continue }
            let members = MapperInversion.members(of: ref, mappers: graph.mappers)
            var byType: [String: MapperRef] = [:]
            for m in members where byType[m.typeName] == nil { byType[m.typeName] = refsByID[m.id] }
            choices[ref] = (members, byType)
        }
        self.choices = choices
        var discriminators: [MapperRef: [MapperRef: (keys: [String], value: JSONValue)]] = [:]
        for ref in choices.keys { discriminators[ref] = MapperInversion.discriminators(of: ref, mappers: graph.mappers) }
        self.discriminators = discriminators
        self.rootMappers = roots
        self.rootChoosers = choosers
        var requests: [String: [RequestDescriptor]] = [:]
        for request in graph.requestDescriptors { requests[request.target, default: []].append(request) }
        requestDescriptorsByType = requests
        typeSuggestions = SuggestionIndex(byType.keys.sorted())
        self.warnings = warnings
        forced = chosen
    }

    // MARK: Which mapping (§13)

    /// The body for one record: the mapping chosen for it applied, wrapped
    /// under the request descriptor's `rootKeyPath`.
    ///
    /// - Parameter path: the record's JSON path in its document (for messages).
    package func body(for record: JSONValue, path: String) throws(SerializeFailure) -> (body: JSONValue, diagnostics: [Diagnostic]) {
        guard case .object(let object) = record else {
            throw SerializeFailure(
                "a record must be an object; found \(Self.describe(record)) (serialize reads records as apply writes them)", path: path)
        }
        if let forced {
            if forced.forward { return try forward(object, with: forced.ref, path: path) }
            return try inverted(object, with: forced.ref, path: path)
        }
        guard case .string(let type)? = object["@type"] else {
            let found = object["@type"].map { "an @type that is \(Self.describe($0))" } ?? "no @type"
            throw SerializeFailure(
                "the record has \(found), so no mapper can be chosen for it; give --mapper ID (records written with --no-type have no @type)",
                path: path)
        }
        var tried: [String] = []
        let method = options.method
        let forType = requestDescriptorsByType[type] ?? []
        if let request = forType.first(where: { $0.applies(to: method) }) {
            var result: (JSONValue, [Diagnostic])
            if request.inverse {
                result = try inverted(object, with: request.mapper, path: path)
            } else {
                result = try forward(object, with: request.mapper, path: path)
            }
            for key in request.rootKeyPath.reversed() { result.0 = .object(JSONObject([(key, result.0)])) }
            return result
        }
        if forType.isEmpty {
            tried.append("no request descriptor has target '\(type)'")
        } else {
            let methods = Set(forType.flatMap { $0.methods ?? [] }).sorted().joined(separator: ", ")
            tried.append("the request descriptors for '\(type)' serve \(methods), not \(method) (--method)")
        }
        var candidates = mappersByType[type] ?? []
        if candidates.count > 1 {
            // Records at the top of apply's output come from root mappers: when
            // exactly one candidate is a descriptor's root (or a member of a
            // dynamic root), it is the one (README "Behaviour details").
            let roots = candidates.filter(rootMappers.contains)
            if roots.count == 1 { candidates = roots }
        }
        if candidates.count == 1 {
            // A member of a dynamic root mapper gets what chooses it again on apply.
            return try inverted(object, with: candidates[0], path: path, chooser: rootChoosers[candidates[0]])
        }
        if candidates.isEmpty {
            let suggestion = typeSuggestions.closest(to: type)
            tried.append("no mapper has target '\(type)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
        } else {
            let ids = candidates.map { "'\(graph.mappers[$0].id)'" }.joined(separator: ", ")
            tried.append("\(candidates.count) mappers have target '\(type)' (\(ids)) and not exactly one of them is a descriptor's root; choose one with --mapper or a request descriptor")
        }
        throw SerializeFailure("no mapping serializes records of type '\(type)': " + tried.joined(separator: "; "), path: path)
    }

    /// The inverse body, and a warning for each field of the record its
    /// mapper does not map (left out of the body).
    private func inverted(
        _ object: JSONObject, with ref: MapperRef, path: String, chooser: MapperRef? = nil
    ) throws(SerializeFailure) -> (JSONValue, [Diagnostic]) {
        do {
            return (try invert(object, with: ref, chooser: chooser), unknownFields(of: object, with: ref, path: path))
        } catch {
            throw error.below(path)
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .compact(let c): return describe(c.expanded)
        }
    }
}

/// The inverse plan of each object mapper, made the first time a record of
/// it is serialized and kept. Made for every mapper at setup, a spec of
/// many mappers cost nine times its size for plans most runs never use (a
/// 12 MB spec of 3,400 mappers serializing one record); the workers share
/// the plans made.
final class InversePlans: Sendable {
    private final class Made: Sendable {
        let plan: InversePlan
        init(_ plan: InversePlan) { self.plan = plan }
    }

    private let graph: MappingGraph
    /// By `MapperRef`; nil for a dynamic mapper.
    private let made: [LazyReference<Made>?]

    init(graph: MappingGraph) {
        self.graph = graph
        made = graph.mappers.map { mapper in
            if case .object = mapper { return LazyReference<Made>() }
            return nil
        }
    }

    /// The plan of the object mapper `ref`; nil for a dynamic mapper.
    subscript(ref: MapperRef) -> InversePlan? {
        guard let lazy = made[ref] else { return nil }
        return lazy.value {
            guard case .object(let m) = graph.mappers[ref] else { preconditionFailure("made only for object mappers") }
            let format = m.dateFormats.first ?? graph.options.dateFormats.first
            // docs/spec.md §13: with numericDates "milliseconds" and no format, a number.
            let numeric = m.numericDates ?? graph.options.numericDates
            let dates = DateWriter(format: format, zone: graph.options.timeZone, milliseconds: numeric == .milliseconds)
            return Made(InversePlan(m, mappers: graph.mappers, dates: dates))
        }._withUnsafeGuaranteedRef { $0.plan }
    }
}
