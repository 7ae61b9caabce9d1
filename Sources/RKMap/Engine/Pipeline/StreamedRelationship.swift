/// A to-many relationship of the root record whose array may be streamed
/// element by element when the content is one large object (`{"items":
/// [...24 MB...]}` mapped as one record with an `items` relationship): the
/// record is mapped without the array and written around it, and the
/// array's elements are mapped as the relationship maps them, in units of
/// their own, and written between (`WorkUnit.parent`, `.related`,
/// `.parentEnd`).
///
/// Only where that gives a whole read's answer: the root mapper is an object
/// mapper that reads the member through this relationship alone (no other
/// key path of it starts there, no nil key path), that validates nothing
/// (a rejected record would take back children already written), and
/// writes no nested destination; the relationship is its last property (its
/// warnings come in a whole read's order); no key path anywhere reads
/// `@parent` (the elements are mapped without the record's object); the
/// source is one key. The output takes encoded roots (JSON in the
/// `collection` and `dictionary` shapes, NDJSON) and there are no
/// connections (`Splitter.streamedRelationships`).
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

    /// The root mapper's relationship that may be streamed, by its member;
    /// empty when none may (see the type's notes).
    static func candidates(graph: MappingGraph, descriptors: [Descriptor], readsProjection: Bool) -> [String: StreamedRelationship] {
        guard readsProjection, descriptors.count == 1, !graph.options.caseInsensitiveKeys,
              case .object(let mapper) = graph.mappers[descriptors[0].rootMapper],
              !mapper.forceCollection, mapper.keyAttributeSlot == nil, !mapper.mapsNilKeyPath, mapper.validations.isEmpty,
              !mapper.hasNestedDestinations, mapper.connections.isEmpty,
              !graph.readsKeyPath(where: { if case .parent = $0.anchor { true } else { false } }),
              case .members(let members) = graph.representationProjection(of: descriptors[0].rootMapper)
        else { return [:] }
        var found: [String: StreamedRelationship] = [:]
        // The last property mapped: the record's warnings all come before
        // its elements', as when the record is mapped whole.
        if let step = mapper.steps.last {
            guard let target = step.target, step.many != false, step.source.anchor == .representation,
                  step.source.components.count == 1, case .key(let key) = step.source.components[0]
            else { return [:] }
            // Read by another key path of the record (`items.@count`, a second relationship).
            let others = mapper.steps.filter { other in
                other !== step && other.source.anchor == .representation && other.source.components.first == .key(key)
            }
            guard others.isEmpty else { return [:] }
            var parent = members
            parent[key] = JSONProjection.nothing
            found[key] = StreamedRelationship(
                key: key, sourcePath: step.source, parentMapper: mapper, slot: step.slot, target: target,
                parentProjection: ProjectionPlan(.members(parent)),
                elementProjection: ProjectionPlan(graph.representationProjection(of: target)))
        }
        return found
    }
}
