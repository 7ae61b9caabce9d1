extension MappingEngine {
    /// A scalar that connections compare (docs/spec.md §3.4): numbers numerically.
    enum ConnectionKey: Hashable {
        case string(String)
        case number(JSONNumber)
        case bool(Bool)

        init?(_ value: JSONValue) {
            switch value {
            case .string(let s): self = .string(s)
            case .number(let n): self = .number(n)
            case .bool(let b): self = .bool(b)
            default: return nil
            }
        }
    }

    /// Fills connection slots after the document is mapped: each source value
    /// connects to the first record (in output order) of the target type whose
    /// target attribute equals it. Connected records are written as mapped,
    /// without their own connections.
    func connect(_ results: inout [(Descriptor, [FieldValue])], mapper: DocumentMapper) {
        // Index every record by type, attribute and value: first one wins.
        var index: [String: [String: [ConnectionKey: Record]]] = [:]
        var wanted: [String: Set<String>] = [:]
        for m in graph.objectMappers {
            for c in m.connections { wanted[c.targetType, default: []].insert(c.targetAttribute) }
        }
        func collect(_ value: FieldValue) {
            switch value {
            case .value:
                return
            case .many(let list):
                list.forEach(collect)
            case .record(let record):
                if let attributes = wanted[record.typeName] {
                    for attribute in attributes {
                        guard case .value(let v)? = record[attribute], let key = ConnectionKey(v) else { continue }
                        if index[record.typeName, default: [:]][attribute, default: [:]][key] == nil {
                            index[record.typeName, default: [:]][attribute, default: [:]][key] = record
                        }
                    }
                }
                for (slot, field) in zip(record.mapper.slots, record.fields) where slot.isRelationship {
                    if let field { collect(field) }
                }
            }
        }
        for (_, roots) in results { roots.forEach(collect) }

        func fill(_ value: inout FieldValue) {
            switch value {
            case .value:
                return
            case .many(var list):
                for i in list.indices { fill(&list[i]) }
                value = .many(list)
            case .record(var record):
                for (i, slot) in record.mapper.slots.enumerated() where slot.isRelationship {
                    if case .relationship = slot.kind, var child = record.fields[i] {
                        fill(&child)
                        record.fields[i] = child
                    }
                }
                for connection in record.mapper.connections {
                    record.fields[connection.slot] = connected(connection, of: record, index: index, mapper: mapper)
                }
                value = .record(record)
            }
        }
        for r in results.indices {
            for i in results[r].1.indices { fill(&results[r].1[i]) }
        }
    }

    private func connected(
        _ c: Connection, of record: Record, index: [String: [String: [ConnectionKey: Record]]], mapper: DocumentMapper
    ) -> FieldValue? {
        guard case .value(let source)? = record.fields[c.sourceSlot] else { return nil }
        let candidates = index[c.targetType]?[c.targetAttribute] ?? [:]
        func find(_ v: JSONValue) -> Record? {
            guard let key = ConnectionKey(v), let found = candidates[key] else {
                mapper.warn(
                    .connectionNotFound(
                        connection: c.relationship, type: c.targetType, attribute: c.targetAttribute,
                        value: JSONWriter.serialize(v, pretty: false)),
                    mapper: record.mapper, attribute: c.relationship)
                return nil
            }
            return found
        }
        switch source {
        case .null:
            return nil
        case .array(let values):
            return .many(values.compactMap { find($0).map(FieldValue.record) })
        default:
            return find(source).map(FieldValue.record)
        }
    }
}
