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

        /// Strings by code units (`JSONValue.sameText`), as values compare.
        static func == (lhs: ConnectionKey, rhs: ConnectionKey) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): return JSONValue.sameText(a, b)
            case (.number(let a), .number(let b)): return a == b
            case (.bool(let a), .bool(let b)): return a == b
            default: return false
            }
        }

        /// Strings hashed by their bytes (`JSONValue.hashText`), agreeing with
        /// `==`: the synthesized hash normalizes, in time quadratic in a run
        /// of combining marks.
        func hash(into hasher: inout Hasher) {
            switch self {
            case .string(let s):
                hasher.combine(0 as UInt8)
                JSONValue.hashText(s, into: &hasher)
            case .number(let n):
                hasher.combine(1 as UInt8)
                hasher.combine(n)
            case .bool(let b):
                hasher.combine(2 as UInt8)
                hasher.combine(b)
            }
        }
    }

    /// Fills connection slots after the document is mapped: each source value
    /// connects to the first record (in output order) of the target type whose
    /// target attribute equals it. Connected records are written as mapped,
    /// without their own connections.
    ///
    /// A list of records held as bytes (`HeldFieldList`) is indexed by
    /// itself: the index notes where it comes in output order, and a lookup
    /// asks the lists before the first record it has. Its records' warnings
    /// are given here, and its records are filled again, quietly, whenever
    /// an output reads them.
    func connect(_ results: inout [(Descriptor, [FieldValue])], mapper: DocumentMapper) {
        var index = ConnectionIndex<ConnectionTarget>(graph)
        var lists: [HeldFieldList] = []
        for (_, roots) in results {
            for root in roots {
                index.collect(root, entry: { ConnectionTarget(record: $0, listsBefore: lists.count) }, held: { lists.append($0) })
            }
        }
        let held = lists, targets = index
        func find(_ c: Connection, _ key: ConnectionKey) -> Record? {
            let indexed = targets.first(c, key)
            for list in held.prefix(indexed?.listsBefore ?? held.count) {
                if let record = list.first(c, key) { return record }
            }
            return indexed?.record
        }
        let quietly = ConnectionFiller(find: find, notFound: nil)
        let filler = ConnectionFiller(find: find, notFound: { connection, record, value in
            let otherKind = Self.otherKind(of: value).map { find(connection, $0) != nil } ?? false
            mapper.warn(
                Self.connectionNotFound(connection, value: value, otherKindFound: otherKind), mapper: record.mapper,
                attribute: connection.relationship, at: record.path)
        }, heldListFiller: quietly)
        for r in results.indices {
            for i in results[r].1.indices { filler.fill(&results[r].1[i]) }
        }
    }

    /// A record connections can find in a document held as records, and how
    /// many lists held as bytes come before it in output order.
    struct ConnectionTarget {
        let record: Record
        let listsBefore: Int
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
    /// records of its relationships in field order. A list of records held
    /// as bytes, which indexes its own, is handed to `held` in its place.
    mutating func collect(_ value: FieldValue, entry: (Record) -> Entry, held: (HeldFieldList) -> Void) {
        switch value {
        case .value:
            return
        case .many(let list):
            if let list = list.heldValues as? HeldFieldList { return held(list) }
            list.forEachValue { _, item in collect(item, entry: entry, held: held) }
        case .record(let record):
            add(record) { entry(record) }
            for (slot, field) in zip(record.mapper.slots, record.fields) where slot.isRelationship {
                if let field { collect(field, entry: entry, held: held) }
            }
        }
    }

    func first(_ c: Connection, _ key: MappingEngine.ConnectionKey) -> Entry? {
        entries[c.targetType]?[c.targetAttribute]?[key]
    }
}

/// Fills the connection slots of a root's records (docs/spec.md §3.4): each
/// record's relationships first, then its connections in declared order.
///
/// A value is taken out of its place while it is filled (the place holds
/// `null` meanwhile), so that filling changes the only copy rather than
/// copying every record's fields and every list.
struct ConnectionFiller {
    /// The first record of the connection's target with this value, if any.
    let find: (Connection, MappingEngine.ConnectionKey) -> Record?
    /// Called for a source value no record has (in the order a reader meets
    /// them); nil when the warnings were given before (a second pass).
    let notFound: ((Connection, Record, JSONValue) -> Void)?
    /// Fills the records of a list held as bytes as they are read
    /// (`HeldFieldList.connected(by:)`); nil: such a list is filled as an array.
    var heldListFiller: (() -> ConnectionFiller)?

    init(
        find: @escaping (Connection, MappingEngine.ConnectionKey) -> Record?,
        notFound: ((Connection, Record, JSONValue) -> Void)?,
        heldListFiller: ConnectionFiller? = nil
    ) {
        self.find = find
        self.notFound = notFound
        self.heldListFiller = heldListFiller.map { filler in { filler } }
    }

    func fill(_ value: inout FieldValue) {
        switch value {
        case .value:
            return
        case .many(let list):
            if let held = list.heldValues as? HeldFieldList, let quietly = heldListFiller?() {
                // Each record made and filled once for its warnings, in
                // order, then dropped: the list fills it again when read.
                if notFound != nil {
                    for i in 0..<held.count {
                        var element = held.element(at: i)
                        fill(&element)
                    }
                }
                value = .many(FieldList(held: held.connected(by: quietly)))
                return
            }
            var values = list.values
            value = .value(.null)
            for i in values.indices { fill(&values[i]) }
            value = .many(FieldList(values))
        case .record(var record):
            value = .value(.null)
            for (i, slot) in record.mapper.slots.enumerated() {
                if case .relationship = slot.kind { record.fields.update(i) { fill(&$0) } }
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
                notFound?(c, record, v)
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
