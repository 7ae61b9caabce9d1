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
/// mapper that reads the member through this relationship alone (no other
/// key path of it starts there, no nil key path) and writes no nested
/// destination; no `@parent` key path reads that member (or the whole
/// object) of whatever it reaches; the source is one key. What the record's
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
struct StreamedRelationship: Sendable {
    /// The member holding the array, and the relationship's source key path.
    let key: String
    let sourcePath: KeyPath
    /// The record's mapper, the relationship's slot in it, and the mapper of its elements.
    let parentMapper: ObjectMapper
    let slot: Int
    let target: MapperRef
    /// What of the record's object is read: its projection, with this member
    /// not built (an empty array takes its place).
    let parentProjection: ProjectionPlan
    /// What of each element is read.
    let elementProjection: ProjectionPlan
    /// The splitter reads the record's object, every member but this one
    /// (`PipelineState.DocumentValue.parentObject`): the record's projection reads
    /// everything, or an element reads `@parent`.
    let readsObject: Bool

    /// The root mapper's relationships that may be streamed, by their
    /// member (the splitter streams the first large one it meets); empty
    /// when none may (see the type's notes).
    ///
    /// - Parameter toOneUnlessMany: CSV's rule (`MappingOptions`): a
    ///   relationship without `"many": true` is to-one, an array there is
    ///   left out with a warning, so only those with it may be streamed.
    static func candidates(
        graph: MappingGraph, descriptors: [Descriptor], readsProjection: Bool, toOneUnlessMany: Bool
    ) -> [String: StreamedRelationship] {
        guard readsProjection, descriptors.count == 1, !graph.options.caseInsensitiveKeys,
              case .object(let mapper) = graph.mappers[descriptors[0].rootMapper],
              !mapper.forceCollection, mapper.keyAttributeSlot == nil, !mapper.hasNestedDestinations, mapper.connections.isEmpty,
              // The object itself (an attribute, or a relationship mapped
              // from it, `"from": ""`) would be read with the array empty.
              !mapper.steps.contains(where: { $0.sourceIsNil })
        else { return [:] }
        let readsParent = graph.readsKeyPath { if case .parent = $0.anchor { true } else { false } }
        let projection = graph.representationProjection(of: descriptors[0].rootMapper)
        var found: [String: StreamedRelationship] = [:]
        for step in mapper.steps {
            guard let target = step.target, step.many == true || (step.many == nil && !toOneUnlessMany),
                  step.source.anchor == .representation, step.source.components.count == 1,
                  case .key(let key) = step.source.components[0]
            else { continue }
            // Another property writing the same field: the last one mapped wins.
            guard !mapper.steps.contains(where: { $0 !== step && $0.slot == step.slot }) else { continue }
            // Read by another key path of the record (`items.@count`, a second relationship).
            let others = mapper.steps.filter { other in
                other !== step && other.source.anchor == .representation && other.source.components.first == .key(key)
            }
            guard others.isEmpty else { continue }
            // `@parent` may be the record's object (the array is not in the
            // one its elements see), at any depth: none may read that member
            // of what it reaches, nor the whole.
            let readsMember = graph.readsKeyPath { path in
                guard case .parent = path.anchor else { return false }
                guard case .key(let first)? = path.components.first else { return true }
                return first == key
            }
            guard !readsMember else { continue }
            var parentProjection = ProjectionPlan.everything
            if case .members(var members) = projection {
                members[key] = JSONProjection.nothing
                parentProjection = ProjectionPlan(.members(members))
            }
            found[key] = StreamedRelationship(
                key: key, sourcePath: step.source, parentMapper: mapper, slot: step.slot, target: target,
                parentProjection: parentProjection,
                elementProjection: ProjectionPlan(graph.representationProjection(of: target)),
                readsObject: readsParent || projection == .everything)
        }
        return found
    }
}
