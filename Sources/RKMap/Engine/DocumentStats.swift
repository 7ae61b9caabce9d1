/// What mapping one document (or one streamed element) counted, before the
/// writer adds it to the run's `MappingStats`.
///
/// Workers make one per element of a streamed document, so it holds the
/// records per type of the first four mappers inline (`RecordCounts`): making
/// and handing it over allocates nothing, where an array of counts per
/// element cost an allocation and a search by type name per record.
struct DocumentStats: Sendable {
    var records = RecordCounts()
    /// Representations a dynamic mapper declined (no matcher matched).
    var declined = 0
    /// Objects with none of the mapper's keys, and skipped non-object elements.
    var unmappable = 0
    /// Records dropped by a `reject` validation.
    var rejected = 0
    var warnings = 0

    /// What was counted since `earlier`, a copy of these stats taken before
    /// (`RecordCounts.subtracting`).
    func subtracting(_ earlier: DocumentStats) -> DocumentStats {
        DocumentStats(
            records: records.subtracting(earlier.records), declined: declined - earlier.declined,
            unmappable: unmappable - earlier.unmappable, rejected: rejected - earlier.rejected, warnings: warnings - earlier.warnings)
    }
}

/// Records counted per mapper, in first-seen order; the first four inline.
struct RecordCounts: Sendable {
    private var ids: (ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?) = (nil, nil, nil, nil)
    private var types: (String, String, String, String) = ("", "", "", "")
    private var counts: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var more: [(id: ObjectIdentifier, type: String, count: Int)] = []
    /// Positions in `more` by mapper, once it has `indexedFrom` entries: a
    /// document of records of 8,000 types searched them per record.
    private var positions: [ObjectIdentifier: Int] = [:]
    private static let indexedFrom = 16
    /// Records of every type.
    private(set) var total = 0

    mutating func count(_ mapper: ObjectMapper) {
        total += 1
        let id = ObjectIdentifier(mapper)
        if ids.0 == id { counts.0 += 1; return }
        if ids.0 == nil { (ids.0, types.0, counts.0) = (id, mapper.typeName, 1); return }
        if ids.1 == id { counts.1 += 1; return }
        if ids.1 == nil { (ids.1, types.1, counts.1) = (id, mapper.typeName, 1); return }
        if ids.2 == id { counts.2 += 1; return }
        if ids.2 == nil { (ids.2, types.2, counts.2) = (id, mapper.typeName, 1); return }
        if ids.3 == id { counts.3 += 1; return }
        if ids.3 == nil { (ids.3, types.3, counts.3) = (id, mapper.typeName, 1); return }
        if let i = position(of: id) {
            more[i].count += 1
        } else {
            appendMore((id, mapper.typeName, 1))
        }
    }

    private func position(of id: ObjectIdentifier) -> Int? {
        more.count < Self.indexedFrom ? more.firstIndex { $0.id == id } : positions[id]
    }

    private mutating func appendMore(_ entry: (id: ObjectIdentifier, type: String, count: Int)) {
        more.append(entry)
        if more.count == Self.indexedFrom {
            for (i, e) in more.enumerated() { positions[e.id] = i }
        } else if more.count > Self.indexedFrom {
            positions[entry.id] = more.count - 1
        }
    }

    /// The records counted since `earlier`, a copy of these counts taken
    /// before: what a record's mapping counted after its streamed
    /// relationship's place (`WorkUnit.parent`), counted after the
    /// relationship's elements, where a whole read counts it. Types in
    /// first-seen order, as counted. Not a hot path.
    func subtracting(_ earlier: RecordCounts) -> RecordCounts {
        var before: [ObjectIdentifier: Int] = [:]
        earlier.forEachEntry { before[$0.id] = $0.count }
        var result = RecordCounts()
        forEachEntry { entry in
            let count = entry.count - (before[entry.id] ?? 0)
            guard count > 0 else { return }
            result.total += count
            result.append((entry.id, entry.type, count))
        }
        return result
    }

    private func forEachEntry(_ body: ((id: ObjectIdentifier, type: String, count: Int)) -> Void) {
        if let id = ids.0 { body((id, types.0, counts.0)) }
        if let id = ids.1 { body((id, types.1, counts.1)) }
        if let id = ids.2 { body((id, types.2, counts.2)) }
        if let id = ids.3 { body((id, types.3, counts.3)) }
        more.forEach(body)
    }

    private mutating func append(_ entry: (id: ObjectIdentifier, type: String, count: Int)) {
        if ids.0 == nil { (ids.0, types.0, counts.0) = (entry.id, entry.type, entry.count); return }
        if ids.1 == nil { (ids.1, types.1, counts.1) = (entry.id, entry.type, entry.count); return }
        if ids.2 == nil { (ids.2, types.2, counts.2) = (entry.id, entry.type, entry.count); return }
        if ids.3 == nil { (ids.3, types.3, counts.3) = (entry.id, entry.type, entry.count); return }
        appendMore(entry)
    }

    /// Calls `body` with each mapper's type name and count, in first-seen order.
    func forEach(_ body: (_ type: String, _ count: Int) -> Void) {
        guard ids.0 != nil else { return }
        body(types.0, counts.0)
        guard ids.1 != nil else { return }
        body(types.1, counts.1)
        guard ids.2 != nil else { return }
        body(types.2, counts.2)
        guard ids.3 != nil else { return }
        body(types.3, counts.3)
        for entry in more { body(entry.type, entry.count) }
    }
}

extension MappingStats {
    /// Adds a document's counts: records by type name, in first-seen order.
    mutating func add(_ document: DocumentStats) {
        // By a table of positions: a stream of documents of 8,000 types
        // searched the list by name per document (24 s for 40,000).
        if typePositions.count != recordsPerType.count {
            typePositions = [:]
            for (i, entry) in recordsPerType.enumerated() where typePositions[entry.type] == nil { typePositions[entry.type] = i }
        }
        document.records.forEach { type, count in
            if let i = typePositions[type] {
                recordsPerType[i].count += count
            } else {
                typePositions[type] = recordsPerType.count
                recordsPerType.append((type, count))
            }
        }
        declined += document.declined
        unmappable += document.unmappable
        rejected += document.rejected
        warnings += document.warnings
    }
}
