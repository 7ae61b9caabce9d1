/// How the records of one mapper are written: the table, what each slot becomes,
/// and the prepared row statements by shape. Built once per mapper so the hot
/// path does array indexing instead of hashing names.
final class SQLiteSinkPlan {
    // Only the writer thread touches a sink, one access at a time: the
    // runtime's exclusivity checks on these properties (a call and a
    // thread-local lookup per access) are turned off, as for DocumentMapper.
    enum Role {
        /// An attribute (or the key attribute): one column named after the slot.
        case column
        /// A to-one column or a to-many link table, decided by the value.
        case relationship(AssignmentPolicy, many: Bool?)
        /// A connection, written at the end of the document, and its position
        /// in the mapper's `connections` (what a pending connection keeps).
        case connection(Connection, position: Int)
    }

    let mapper: ObjectMapper
    let table: SQLiteSinkTable
    let hasIdentity: Bool
    let roles: [Role]
    /// Quoted column name per slot, then (at `slots.count + slot`) the quoted
    /// `RELATIONSHIP_type` column of a polymorphic to-one slot: row shapes
    /// number that column `slots.count + slot`.
    let quotedNames: [String]
    /// How each relationship or connection slot is stored, from the schema
    /// computed from the spec; `nil` for every slot when the sink has no spec
    /// (its tables then follow the records).
    let storage: [SQLiteSchema.Relationship?]
    /// The declared type of each slot's column once the column exists.
    @exclusivity(unchecked) var columnTypes: [SQLColumnType?]
    /// Row statements by shape (the slots present as columns, in slot order):
    /// records of one mapper usually share one or two shapes.
    @exclusivity(unchecked) var statements: [[Int]: SQLiteStatement] = [:]
    /// The last shape and its statement: the common case skips even the
    /// dictionary lookup.
    @exclusivity(unchecked) var lastShape: [Int] = []
    @exclusivity(unchecked) var lastStatement: SQLiteStatement?
    /// Link tables by slot.
    @exclusivity(unchecked) var links: [Int: SQLiteSinkLinkTable] = [:]
    /// Slots known to have no link table (yet): a `null` there is a to-one value.
    @exclusivity(unchecked) var slotsWithoutLinkTable: Set<Int> = []
    /// Per slot: whether a connection looks records of this type up by it.
    let isConnectionTarget: [Bool]
    let hasConnectionTargets: Bool

    init(
        mapper: ObjectMapper, table: SQLiteSinkTable, hasIdentity: Bool, storage: [Int: SQLiteSchema.Relationship]? = nil,
        connectionTargets: Set<String> = []
    ) {
        self.mapper = mapper
        self.isConnectionTarget = mapper.slots.map { !hasIdentity && connectionTargets.contains($0.name) }
        self.hasConnectionTargets = isConnectionTarget.contains(true)
        self.table = table
        self.hasIdentity = hasIdentity
        self.roles = mapper.slots.map { slot in
            switch slot.kind {
            case .keyAttribute, .attribute: return .column
            case .relationship(let info): return .relationship(info.assignmentPolicy, many: info.many)
            case .connection(let connection):
                return .connection(connection, position: mapper.connections.firstIndex { $0.slot == connection.slot }!)
            }
        }
        self.storage = mapper.slots.indices.map { storage?[$0] }
        self.quotedNames = mapper.slots.map { SQL.quote($0.name) }
            + mapper.slots.indices.map { slot in storage?[slot]?.typeColumn.map(SQL.quote) ?? "" }
        self.columnTypes = mapper.slots.map { table.columns[$0.name] }
    }
}

/// A connection seen during a document, written when the document ends. One
/// is kept for every record with a connection until then, so it holds only
/// what `writeConnections` reads: 64 bytes as a value, where the record's
/// key array, the `Connection` and the connected record took some 470, and
/// about 20 as the bytes the sink keeps it as (`SQLiteSinkPendingConnections`).
struct SQLiteSinkPendingConnection {
    var plan: SQLiteSinkPlan
    var parentKey: ParentKey
    var slot: Int32
    /// Its position in `plan.mapper.connections`.
    var connection: Int32
    var target: Target

    enum ParentKey {
        case rowID(Int64)
        case values([SQLiteValue])

        init(_ key: [SQLiteValue]) {
            if key.count == 1, case .integer(let id) = key[0] { self = .rowID(id) } else { self = .values(key) }
        }

        var values: [SQLiteValue] {
            switch self {
            case .rowID(let id): return [.integer(id)]
            case .values(let key): return key
            }
        }
    }

    /// The connected records: to-one, to-many (in order), or none (a value).
    enum Target {
        case none
        /// The source value is `null`: the connection is cleared.
        case null
        case one(ConnectedRecord)
        case many([ConnectedRecord])
    }

    /// What finds a connected record's row: its identification values when
    /// its mapper has identity, else its value of the connection's target
    /// attribute (`SQLiteSink.connectedRow`).
    struct ConnectedRecord {
        var mapper: ObjectMapper
        var values: Values

        enum Values {
            case attribute(FieldValue?)
            case identity([FieldValue?])
        }

        init(mapper: ObjectMapper, values: Values) {
            self.mapper = mapper
            self.values = values
        }

        init(_ record: Record, targetAttribute: String) {
            mapper = record.mapper
            if mapper.isEntity, !mapper.identification.isEmpty {
                values = .identity(mapper.identification.map { record.fields[$0] })
            } else {
                values = .attribute(mapper.slotIndex(named: targetAttribute).flatMap { record.fields[$0] })
            }
        }

        /// A record with only those values.
        func record(targetAttribute: String) -> Record {
            var record = Record(mapper: mapper)
            switch values {
            case .identity(let values):
                for (slot, value) in zip(mapper.identification, values) { record.fields[slot] = value }
            case .attribute(let value):
                if let slot = mapper.slotIndex(named: targetAttribute) { record.fields[slot] = value }
            }
            return record
        }
    }
}
