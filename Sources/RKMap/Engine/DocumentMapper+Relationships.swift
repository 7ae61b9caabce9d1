extension DocumentMapper {
    /// Maps element `index` of the array of a root record's to-many
    /// relationship from `sourcePath`, streamed apart from the record
    /// (`StreamedRelationship`), as `mapRelationship` maps it inside the
    /// record: the same paths, depth and collection index. `parent` is the
    /// record's object without the array, when a key path reads `@parent`
    /// (none reads the array there). `position`: the record's in the
    /// content array, when it is an element of it (`mapElement`).
    func mapRelated(
        _ element: JSONValue, index: Int, from sourcePath: KeyPath, parent: JSONValue, in position: Int?, with ref: MapperRef,
        into out: inout [FieldValue]
    ) throws(MappingFailure) {
        if let position {
            path.push(.index(position))
            try enter()  // the content array (`mapCollection`)
        }
        defer {
            if position != nil {
                leave()
                path.pop()
            }
        }
        try enter()  // the record (`mapObject`)
        defer { leave() }
        let pushed = path.push(sourcePath)
        context.parents.append(parent)
        defer {
            context.parents.removeLast()
            path.pop(pushed)
        }
        try enter()  // its collection (`mapCollection`)
        defer { leave() }
        try insideCollection { () throws(MappingFailure) in try mapElement(element, index: index, with: ref, into: &out) }
    }

    /// Whether a relationship maps the array at its source as to-many; if
    /// not (`many: false`, or CSV's to-one rule), it is left absent with a
    /// warning.
    private func mapsArray(many: Bool?, toOneUnlessMany: Bool, slot: Int, in mapper: ObjectMapper) -> Bool {
        if many == false {
            let name = mapper.slots[slot].name
            warn(.toOneFromArray(relationship: name), mapper: mapper, attribute: name)
            return false
        }
        if many == nil, toOneUnlessMany {
            let name = mapper.slots[slot].name
            warn(.toOneFromArrayInCSV(relationship: name), mapper: mapper, attribute: name)
            return false
        }
        return true
    }

    /// Runs `body`, which maps records of a to-many relationship: CSV writes
    /// them as JSON text, where its to-one rule does not apply (`insideCollections`).
    @inline(__always)
    private func insideCollection<T>(_ body: () throws(MappingFailure) -> T) throws(MappingFailure) -> T {
        insideCollections += 1
        defer { insideCollections -= 1 }
        return try body()
    }

    /// Maps the value at a relationship's source (docs/spec.md §3.2, §5.2): to-one for an
    /// object or scalar, to-many for an array or a `forceCollection` dictionary,
    /// unless `many` forces one or the other.
    ///
    /// - Returns: the field value, or `nil` to leave the relationship absent.
    func mapRelationship(
        from sourcePath: KeyPath, to targetMapper: MapperRef, many: Bool?, slot: Int,
        source: JSONValue, parent: JSONValue, in mapper: ObjectMapper
    ) throws(MappingFailure) -> FieldValue? {
        if case .null = source { return .value(.null) }
        // A source from the document root (`@root.meta`) is where its key
        // path leads from the root, not below the object: warnings about
        // what it maps name that place (docs/spec.md §11).
        var outside: [DocumentPath.Component]?
        let pushed: Int
        if sourcePath.anchor == .root {
            outside = path.components
            path.removeAll()
            pushed = path.push(sourcePath, from: context.root, caseInsensitive: caseInsensitive)
        } else {
            pushed = path.push(sourcePath, from: parent, caseInsensitive: caseInsensitive)
        }
        context.parents.append(parent)
        let anchored = sourcePath.anchor != .representation && readTracker != nil
        if anchored { readTracker?.enterAnchoredSource(atRoot: outside != nil) }
        defer {
            if anchored { readTracker?.leaveAnchoredSource() }
            context.parents.removeLast()
            if let outside { path.restore(outside) } else { path.pop(pushed) }
        }
        // CSV's rule, for the columns of a row: not inside JSON text.
        let toOneUnlessMany = toOneUnlessMany && insideCollections == 0
        switch source {
        case .array(let elements):
            // The root record's streamed relationship, mapped with its array
            // empty (`streamedStep`): off the path of every other array.
            if elements.isEmpty, slot == streamedSlot, depth == streamedDepth, let streamed = streamedStep, streamed.mapper === mapper {
                streamed.reached()
            }
            guard mapsArray(many: many, toOneUnlessMany: toOneUnlessMany, slot: slot, in: mapper) else { return nil }
            return .many(FieldList(try insideCollection { () throws(MappingFailure) in try mapCollection(elements, with: targetMapper) }))
        case .compact(let held) where held.elements != nil:
            // A large array only relationships map, held element by element
            // (`JSONProjection.elements`): never the streamed one's `[]`.
            guard mapsArray(many: many, toOneUnlessMany: toOneUnlessMany, slot: slot, in: mapper) else { return nil }
            return .many(try insideCollection { () throws(MappingFailure) in try mapList(held: held, with: targetMapper) })
        default:
            guard let target = resolve(targetMapper, for: source) else {
                return many == true ? .many([]) : nil
            }
            if case .object(let object) = source, target.forceCollection {
                let records = try insideCollection { () throws(MappingFailure) in try mapKeyedCollection(object, with: target) }
                if many == false || (many == nil && toOneUnlessMany) {
                    let name = mapper.slots[slot].name
                    warn(.toOneFromCollection(relationship: name, mapper: target.id, declared: many == false), mapper: mapper, attribute: name)
                    return nil
                }
                return .many(FieldList(records))
            }
            if many == true {
                let record = try insideCollection { () throws(MappingFailure) in
                    try mapRepresentation(source, with: target, composing: sourcePath.isNil)
                }
                return .many(record.map { [.record($0)] } ?? [])
            }
            let record = try mapRepresentation(source, with: target, composing: sourcePath.isNil)
            return record.map { .record($0) }
        }
    }
}
