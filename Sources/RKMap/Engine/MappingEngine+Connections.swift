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

        /// Strings by code units (`JSONValue.sameText`), as values compare;
        /// the synthesized hash (canonical) agrees with it.
        static func == (lhs: ConnectionKey, rhs: ConnectionKey) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): return JSONValue.sameText(a, b)
            case (.number(let a), .number(let b)): return a == b
            case (.bool(let a), .bool(let b)): return a == b
            default: return false
            }
        }
    }

    /// Fills connection slots after the document is mapped: each source value
    /// connects to the first record (in output order) of the target type whose
    /// target attribute equals it. Connected records are written as mapped,
    /// without their own connections.
    func connect(_ results: inout [(Descriptor, [FieldValue])], mapper: DocumentMapper) {
        var index = ConnectionIndex<Record>(graph)
        for (_, roots) in results {
            for root in roots { index.collect(root) { $0 } }
        }
        let filler = ConnectionFiller(find: { index.first($0, $1) }) { connection, record, value in
            let otherKind = Self.otherKind(of: value).map { index.first(connection, $0) != nil } ?? false
            mapper.warn(
                Self.connectionNotFound(connection, value: value, otherKindFound: otherKind), mapper: record.mapper,
                attribute: connection.relationship, at: record.path)
        }
        for r in results.indices {
            for i in results[r].1.indices { filler.fill(&results[r].1[i]) }
        }
    }

    /// - Parameter otherKindFound: a target has the value as the other kind
    ///   (`2244` where the source is `"2244"`): the warning says to type them alike.
    static func connectionNotFound(_ c: Connection, value: JSONValue, otherKindFound: Bool = false) -> MappingWarning {
        let text = JSONWriter.serialize(value, pretty: false)
        if ConnectionKey(value) == nil { return .connectionValueNotScalar(connection: c.relationship, value: text) }
        return .connectionNotFound(
            connection: c.relationship, type: c.targetType, attribute: c.targetAttribute, value: text, otherKindFound: otherKindFound)
    }

    /// The key a value has as the other kind: a string that spells a number
    /// in JSON's grammar as that number, a number as its text.
    static func otherKind(of value: JSONValue) -> ConnectionKey? {
        switch value {
        case .number(let n): return .string(n.text)
        case .string(let s): return OperatorAccumulator.spelledNumber(s).map(ConnectionKey.number)
        default: return nil
        }
    }
}

/// The records connections can find (docs/spec.md §3.4), by type, target
/// attribute and value: the first in output order wins. `Entry` is the
/// record itself for a document held as records, or where it is stored
/// (`HeldRecords`).
struct ConnectionIndex<Entry> {
    /// The attributes connections look each target type up by.
    private let wanted: [String: [String]]
    private var entries: [String: [String: [MappingEngine.ConnectionKey: Entry]]] = [:]

    init(_ graph: MappingGraph) {
        var wanted: [String: [String]] = [:]
        for m in graph.objectMappers {
            for c in m.connections where !(wanted[c.targetType]?.contains(c.targetAttribute) ?? false) {
                wanted[c.targetType, default: []].append(c.targetAttribute)
            }
        }
        self.wanted = wanted
    }

    /// Whether records of this type can be connected to.
    func isTarget(_ typeName: String) -> Bool { wanted[typeName] != nil }

    /// Notes a record that may be a target, unless an earlier one has its value.
    /// - Parameter entry: what to keep for it, asked for only when kept.
    mutating func add(_ record: Record, entry: () -> Entry) {
        guard let attributes = wanted[record.typeName] else { return }
        var made: Entry?
        for attribute in attributes {
            guard case .value(let v)? = record[attribute], let key = MappingEngine.ConnectionKey(v) else { continue }
            if entries[record.typeName, default: [:]][attribute, default: [:]][key] == nil {
                if made == nil { made = entry() }
                entries[record.typeName, default: [:]][attribute, default: [:]][key] = made
            }
        }
    }

    /// Notes every record of a root, in output order: a record, then the
    /// records of its relationships in field order.
    mutating func collect(_ value: FieldValue, entry: (Record) -> Entry) {
        switch value {
        case .value:
            return
        case .many(let list):
            for item in list { collect(item, entry: entry) }
        case .record(let record):
            add(record) { entry(record) }
            for (slot, field) in zip(record.mapper.slots, record.fields) where slot.isRelationship {
                if let field { collect(field, entry: entry) }
            }
        }
    }

    func first(_ c: Connection, _ key: MappingEngine.ConnectionKey) -> Entry? {
        entries[c.targetType]?[c.targetAttribute]?[key]
    }
}

/// Fills the connection slots of a root's records (docs/spec.md §3.4): each
/// record's relationships first, then its connections in declared order.
struct ConnectionFiller {
    /// The first record of the connection's target with this value, if any.
    let find: (Connection, MappingEngine.ConnectionKey) -> Record?
    /// Called for a source value no record has (in the order a reader meets them).
    let notFound: (Connection, Record, JSONValue) -> Void

    func fill(_ value: inout FieldValue) {
        switch value {
        case .value:
            return
        case .many(let held):
            // Never held bytes: a spec with connections holds no list (`DocumentMapper.holdsRecordLists`).
            var list = held.values
            for i in list.indices { fill(&list[i]) }
            value = .many(FieldList(list))
        case .record(var record):
            for (i, slot) in record.mapper.slots.enumerated() {
                if case .relationship = slot.kind, var child = record.fields[i] {
                    fill(&child)
                    record.fields[i] = child
                }
            }
            for connection in record.mapper.connections {
                record.fields[connection.slot] = connected(connection, of: record)
            }
            value = .record(record)
        }
    }

    private func connected(_ c: Connection, of record: Record) -> FieldValue? {
        guard case .value(let source)? = record.fields[c.sourceSlot] else { return nil }
        func find(_ v: JSONValue) -> Record? {
            guard let key = MappingEngine.ConnectionKey(v), let found = self.find(c, key) else {
                notFound(c, record, v)
                return nil
            }
            return found
        }
        switch source {
        case .null:
            return nil
        case .array(let values):
            // A null element connects nothing, as a null source does.
            return .many(FieldList(values.compactMap { $0.isNull ? nil : find($0).map(FieldValue.record) }))
        default:
            return find(source).map(FieldValue.record)
        }
    }
}
