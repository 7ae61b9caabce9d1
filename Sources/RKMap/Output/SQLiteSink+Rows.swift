extension SQLiteSink {
    /// A written row: its table and key (identification values or `_id`).
    typealias RowRef = (table: SQLiteSinkTable, key: [SQLiteValue])

    /// Writes a record: its children first, then its row (upsert or insert),
    /// then its to-many links; connections are queued for the document's end.
    ///
    /// - Returns: The row's table and key, for the parent's column or link.
    /// - Complexity: One cached-statement step per row, plus link statements.
    /// - Parameter cleared: a relationship slot left out of `record` whose
    ///   to-one column is cleared (its array's links are written apart,
    ///   `openRecord`).
    func writeRecord(_ record: Record, clearingColumnOf cleared: Int? = nil) throws -> RowRef {
        let plan = try self.plan(for: record)
        let table = plan.table
        var key: [SQLiteValue] = []
        if plan.hasIdentity {
            key = try identityKey(of: record, plan: plan)
            if let modification = record.mapper.modificationSlot,
                try isStale(record, key: key, modificationSlot: modification, plan: plan) {
                return (table, key)
            }
        }
        var shape: [Int] = []
        var values: [SQLiteValue] = []
        shape.reserveCapacity(record.fields.storedCount)
        values.reserveCapacity(record.fields.storedCount)
        // Large values held as compact JSON text, bound from their own
        // bytes (their place in `values` is a placeholder), not copied into
        // a `String` first. (A small one is a `String` without an
        // allocation: this list would cost one.)
        var texts: [(index: Int, text: SQLiteBorrowedText)] = []
        var toMany: [(slot: Int, policy: AssignmentPolicy, children: SQLiteChildRows)] = []
        var connections: [(slot: Int, connection: Connection, position: Int, value: FieldValue)] = []
        var storesAnotherKind = false

        for (slot, field) in record.fields.present {
            switch plan.roles[slot] {
            case .column:
                guard case .value(let value) = field else { continue }
                guard let type = try columnType(plan: plan, slot: slot, value: value) else { continue }
                shape.append(slot)
                if case .compact(let text) = value, text.count >= 1 << 12 {
                    // The bytes stay where the value keeps them (it outlives the run).
                    texts.append((values.count, SQLiteBorrowedText(owner: text, bytes: text.withUnsafeBytes { $0 })))
                    values.append(.null)
                    // An array or object stored as text is another kind (never
                    // so far: a connection's target is not read as compact text).
                    if plan.hasConnectionTargets, plan.isConnectionTarget[slot] { storesAnotherKind = true }
                    continue
                }
                let stored = Self.sqliteValue(value, as: type)
                if plan.hasConnectionTargets, plan.isConnectionTarget[slot], Self.storesAnotherKind(value, as: stored) {
                    storesAnotherKind = true
                }
                values.append(stored)
            case .relationship(let policy, let many):
                if let stored = plan.storage[slot] {
                    // Storage decided by the spec (docs/spec.md §10.4). A
                    // relationship without `"many"` has both a column (an
                    // object) and a link table (an array): the value is the
                    // one the document gives, so under `set` and `replace`
                    // the other one is cleared (`union` only adds).
                    switch field {
                    case .record(let child):
                        let ref = try writeRecord(child)
                        guard stored.column != nil else { continue }
                        shape.append(slot)
                        values.append(Self.columnValue(ofKey: ref.key))
                        if stored.typeColumn != nil {
                            shape.append(plan.mapper.slots.count + slot)
                            values.append(.text(ref.table.name))
                        }
                        if stored.linkTable != nil, policy != .union, plan.links[slot]?.mayHoldRows ?? true { toMany.append((slot, policy, SQLiteChildRows())) }
                    case .many(let items):
                        guard stored.linkTable != nil else { continue }
                        var children = SQLiteChildRows()
                        try forEachRecord(in: items) { children.append(try writeRecord($0)) }
                        toMany.append((slot, policy, children))
                        if policy != .union { Self.clearColumn(stored, slot: slot, plan: plan, shape: &shape, values: &values) }
                    case .value(let value):
                        guard value.isNull else { continue }
                        if stored.linkTable != nil { toMany.append((slot, policy, SQLiteChildRows())) }
                        Self.clearColumn(stored, slot: slot, plan: plan, shape: &shape, values: &values)
                    }
                    continue
                }
                switch field {
                case .record(let child):
                    let ref = try writeRecord(child)
                    try ensureToOneColumn(plan: plan, slot: slot, child: ref.table)
                    shape.append(slot)
                    values.append(Self.columnValue(ofKey: ref.key))
                case .many(let items):
                    var children = SQLiteChildRows()
                    try forEachRecord(in: items) { children.append(try writeRecord($0)) }
                    toMany.append((slot, policy, children))
                case .value(let value):
                    let isToMany = try many ?? hasLinkTable(plan: plan, slot: slot)
                    if isToMany {
                        if value.isNull { toMany.append((slot, policy, SQLiteChildRows())) }
                    } else if plan.columnTypes[slot] != nil || table.columns[plan.mapper.slots[slot].name] != nil {
                        // A null to-one relationship clears a column that exists;
                        // a missing column is already NULL everywhere.
                        plan.columnTypes[slot] = table.columns[plan.mapper.slots[slot].name]
                        shape.append(slot)
                        values.append(Self.sqliteValue(value, as: plan.columnTypes[slot] ?? .none))
                    }
                }
            case .connection(let connection, let position):
                connections.append((slot, connection, position, field))
            }
        }

        if let cleared, let stored = plan.storage[cleared] {
            Self.clearColumn(stored, slot: cleared, plan: plan, shape: &shape, values: &values)
        }
        // A connection from a `null` source has no field (nothing to connect):
        // the stored connection is cleared, as a null relationship's is.
        for (position, connection) in plan.mapper.connections.enumerated() where record.fields[connection.slot] == nil {
            guard case .value(.null)? = record.fields[connection.sourceSlot] else { continue }
            connections.append((connection.slot, connection, position, .value(.null)))
        }
        try writeRow(plan: plan, shape: shape, values: values, texts: texts)
        if table.usesRowID {
            let id = database.lastInsertRowID
            key = [.integer(id)]
            if table.firstRowIDInDocument == nil {
                table.firstRowIDInDocument = id
                tablesTouchedInDocument.append(table)
            }
            if storesAnotherKind { table.rowsStoringAnotherKind.insert(id) }
        }
        for link in toMany {
            try writeLinks(plan: plan, slot: link.slot, parentKey: key, children: link.children, policy: link.policy)
        }
        if !connections.isEmpty {
            let parentKey = SQLiteSinkPendingConnection.ParentKey(key)
            for c in connections {
                pendingConnections.append(SQLiteSinkPendingConnection(
                    plan: plan, parentKey: parentKey, slot: Int32(c.slot), connection: Int32(c.position),
                    target: Self.connected(c.value, connection: c.connection)))
            }
        }
        return (table, key)
    }

    /// What `writeConnections` reads of connected records, kept until the
    /// document's end: their identity or target attribute, not what else
    /// they hold (their relationships, which may be large).
    static func connected(_ value: FieldValue, connection: Connection) -> SQLiteSinkPendingConnection.Target {
        switch value {
        case .value(let value):
            return value.isNull ? .null : .none
        case .record(let record):
            return .one(.init(record, targetAttribute: connection.targetAttribute))
        case .many(let items):
            var records: [SQLiteSinkPendingConnection.ConnectedRecord] = []
            func collect(_ items: FieldList) {
                for item in items {
                    switch item {
                    case .record(let record): records.append(.init(record, targetAttribute: connection.targetAttribute))
                    case .many(let inner): collect(inner)
                    case .value: continue
                    }
                }
            }
            collect(items)
            return .many(records)
        }
    }

    /// Whether a relationship whose kind the value does not tell (a `null`) is
    /// stored as a link table; asked of the database once per slot.
    private func hasLinkTable(plan: SQLiteSinkPlan, slot: Int) throws -> Bool {
        if plan.links[slot] != nil { return true }
        if plan.slotsWithoutLinkTable.contains(slot) { return false }
        if try linkTable(plan: plan, slot: slot, child: nil) != nil { return true }
        plan.slotsWithoutLinkTable.insert(slot)
        return false
    }

    /// Calls `body` for each record of a to-many value, nested arrays flattened
    /// in order (positions count across them). A signal is answered every
    /// 1024 items: one relationship of a large document may hold millions.
    func forEachRecord(in items: some Collection<FieldValue>, _ body: (Record) throws -> Void) throws {
        for (n, item) in items.enumerated() {
            if n & 0x3FF == 0x3FF { try Interruption.check() }
            switch item {
            case .record(let record): try body(record)
            case .many(let inner): try forEachRecord(in: inner, body)
            case .value: continue
            }
        }
    }

    /// Why a record of an entity with identification cannot be stored under
    /// it: an identification attribute is missing or null, or holds a number
    /// its key column would keep as text (past 64 bits and not exactly a
    /// double: `18446744073709551617` would be the row of the string
    /// `"18446744073709551617"`, and `…617.0` another row); nil when it can.
    /// The engine checks records with it as they are mapped, where their
    /// path is known (`MappingOptions.keysRecordsByIdentity`).
    package struct IdentityProblem: Equatable {
        package enum Kind: Equatable {
            case missing, null, numberAsText(String)
            /// An untyped boolean (stored as the integer 1 or 0), array or
            /// object (stored as its JSON text), with the value as written.
            case sharedKey(JSONKind, String)
        }
        package let slot: Int
        package let kind: Kind

        /// What it means for a record of `type` whose identification
        /// attribute `attribute` it is, and how to fix it.
        package func message(type: String, attribute name: String) -> String {
            switch kind {
            case .missing:
                return "the \(type) record has no '\(name)', its identification attribute, so SQLite output cannot store it "
                    + "(\(type) rows are keyed by it); fix the input, or give '\(name)' a value in \"defaults\""
            case .null:
                return "the \(type) record's identification attribute '\(name)' is null, so SQLite output cannot store it "
                    + "(\(type) rows are keyed by it); fix the input, or leave such records out with a validation "
                    + "{\"attribute\": \"\(name)\", \"predicate\": \"SELF != nil\", \"onFailure\": \"reject\"}"
            case .numberAsText(let number):
                return "the \(type) record's identification attribute '\(name)' is \(number), a number SQLite can keep only as text, "
                    + "where it would be the same key as the string \"\(number)\"; declare its type (\"types\": {\"\(name)\": \"string\"}) "
                    + "to key \(type) rows by the digits as text"
            case .sharedKey(.bool, let value):
                return "the \(type) record's identification attribute '\(name)' is \(value), a boolean SQLite keeps as the integer "
                    + "\(value == "true" ? 1 : 0), where it would be the same key as the number \(value == "true" ? 1 : 0); declare its type "
                    + "(\"types\": {\"\(name)\": \"bool\"}) when every \(type) is identified by a boolean, or identify \(type) records by another attribute"
            case .sharedKey(let kind, let value):
                return "the \(type) record's identification attribute '\(name)' is \(kind == .array ? "an array" : "an object"), "
                    + "which SQLite keeps as its JSON text, where it would be the same key as the string \(value); "
                    + "identify \(type) records by a string or number attribute"
            }
        }
    }

    package static func identityProblem(of record: Record) -> IdentityProblem? {
        let mapper = record.mapper
        for slot in mapper.identification {
            guard case .value(let value)? = record.fields[slot] else { return IdentityProblem(slot: slot, kind: .missing) }
            switch value {
            case .null: return IdentityProblem(slot: slot, kind: .null)
            case .number(let n):
                guard keepsAsText(n, declared: mapper.slots[slot].type) else { continue }
                return IdentityProblem(slot: slot, kind: .numberAsText(n.text))
            case .bool, .array, .object, .compact:
                guard let shared = sharedKey(value, declared: mapper.slots[slot].type) else { continue }
                return IdentityProblem(slot: slot, kind: shared)
            case .string: continue
            }
        }
        return nil
    }

    /// An untyped boolean, array or object as an identification value: the
    /// key of another value (docs/spec.md §7 keeps `true` and `1` apart).
    /// Nil for other values, and under a declared type, which converted it
    /// (its column holds that type).
    static func sharedKey(_ value: JSONValue, declared: ValueType?) -> IdentityProblem.Kind? {
        guard declared == nil, [.bool, .array, .object].contains(value.kind) else { return nil }
        let text = JSONWriter.serialize(value, pretty: false)
        return .sharedKey(value.kind, value.kind == .bool ? text : JSONWriter.serialize(.string(text), pretty: false))
    }

    /// Whether a number in a key column of this declared type (untyped or
    /// `int`) is kept as text, the key of a string of its digits.
    static func keepsAsText(_ n: JSONNumber, declared: ValueType?) -> Bool {
        let type = SQLiteSchema.columnType(declared)
        guard type == .none || type == .integer, case .text = sqliteValue(.number(n), as: type) else { return false }
        return true
    }

    /// The identification values of a record, as its key columns store them.
    func identityKey(of record: Record, plan: SQLiteSinkPlan) throws -> [SQLiteValue] {
        // Found as it was mapped, where its place is known.
        if let note = record.unstorable { throw DocumentRefusal(note) }
        let mapper = record.mapper
        var key: [SQLiteValue] = []
        key.reserveCapacity(mapper.identification.count)
        for (i, slot) in mapper.identification.enumerated() {
            guard case .value(let value)? = record.fields[slot], !value.isNull else {
                throw SQLiteSinkError.missingIdentity(type: mapper.typeName, attribute: mapper.slots[slot].name)
            }
            let stored = Self.sqliteValue(value, as: plan.table.keyTypes[i])
            // An untyped number kept as text: the key of a string of its digits
            // (`identityProblem`, for records mapped without the engine's note).
            if case .number(let n) = value, case .text = stored, Self.keepsAsText(n, declared: mapper.slots[slot].type) {
                throw SQLiteSinkError.numberKeyAsText(type: mapper.typeName, attribute: mapper.slots[slot].name, number: n.text)
            }
            if let shared = Self.sharedKey(value, declared: mapper.slots[slot].type) {
                throw SQLiteSinkError.sharedKey(message: IdentityProblem(slot: slot, kind: shared).message(type: mapper.typeName, attribute: mapper.slots[slot].name))
            }
            key.append(stored)
        }
        return key
    }

    /// The column type for an attribute slot, adding the column when needed.
    /// `nil` for a `null` whose untyped column does not exist yet: there is
    /// nothing to store, and no type to declare until a real value comes.
    private func columnType(plan: SQLiteSinkPlan, slot: Int, value: JSONValue) throws -> SQLColumnType? {
        if let type = plan.columnTypes[slot] { return type }
        let s = plan.mapper.slots[slot]
        if let existing = plan.table.columns[s.name] {
            plan.columnTypes[slot] = existing
            return existing
        }
        let type: SQLColumnType
        if let declared = s.type {
            type = SQLColumnType(declared: declared)
        } else if value.isNull {
            return nil
        } else {
            type = SQLColumnType(kindOf: value)
        }
        plan.columnTypes[slot] = try ensureColumn(s.name, type: type, in: plan.table)
        return plan.columnTypes[slot]
    }

    /// Adds a to-one relationship's column: the child's key type, with a
    /// foreign key when the key is a single column.
    func ensureToOneColumn(plan: SQLiteSinkPlan, slot: Int, child: SQLiteSinkTable) throws {
        if plan.columnTypes[slot] != nil { return }
        let single = child.keyColumns.count == 1
        plan.columnTypes[slot] = try ensureColumn(
            plan.mapper.slots[slot].name, type: single ? child.keyTypes[0] : .text, in: plan.table,
            references: single ? (child.name, child.keyColumns[0]) : nil)
    }

    /// True when the record's `modificationAttribute` is not newer than the
    /// stored row's, so the whole record must be skipped.
    ///
    /// An absent version says nothing about it: the record is written and the
    /// stored version kept (RestKit maps a representation without the
    /// modification key). A `null` one is not newer than a stored version
    /// (Discord's `edited_timestamp` of a message never edited): written, it
    /// would erase the version, and every older update after it would win.
    func isStale(_ record: Record, key: [SQLiteValue], modificationSlot: Int, plan: SQLiteSinkPlan) throws -> Bool {
        guard case .value(let value)? = record.fields[modificationSlot] else { return false }
        let column = plan.mapper.slots[modificationSlot].name
        guard plan.table.columns[column] != nil else { return false }
        let statement = try database.cachedStatement(
            "SELECT \(SQL.quote(column)) FROM \(plan.table.quotedName) WHERE \(plan.table.keyPredicate())")
        defer { statement.reset() }
        for (i, part) in key.enumerated() { try statement.bind(part, at: Int32(i + 1)) }
        guard try statement.step() else { return false }
        let stored = statement.value(at: 0)
        if value.isNull { return stored != .null }
        guard let newer = Self.isNewer(value, than: stored) else {
            throw SQLiteSinkError.incomparableVersions(
                type: record.typeName, attribute: column, value: Self.versionText(value), stored: Self.versionText(stored))
        }
        return !newer
    }

    /// Sets a relationship's to-one column (and its type column) to NULL in
    /// the row being written, when it has one.
    private static func clearColumn(
        _ stored: SQLiteSchema.Relationship, slot: Int, plan: SQLiteSinkPlan, shape: inout [Int], values: inout [SQLiteValue]
    ) {
        guard stored.column != nil else { return }
        shape.append(slot)
        values.append(.null)
        if stored.typeColumn != nil {
            shape.append(plan.mapper.slots.count + slot)
            values.append(.null)
        }
    }

    /// Binds and runs the row statement for this shape.
    private func writeRow(plan: SQLiteSinkPlan, shape: [Int], values: [SQLiteValue], texts: [(index: Int, text: SQLiteBorrowedText)]) throws {
        let statement: SQLiteStatement
        if let last = plan.lastStatement, plan.lastShape == shape {
            statement = last
        } else if let cached = plan.statements[shape] {
            statement = cached
        } else {
            statement = try database.makeStatement(rowSQL(plan: plan, shape: shape))
            plan.statements[shape] = statement
        }
        plan.lastShape = shape
        plan.lastStatement = statement
        try statement.run(binding: values, texts: texts)
    }

    /// `INSERT … ON CONFLICT (key) DO UPDATE SET` the present non-key columns, for
    /// records with identity; a plain INSERT for the others.
    private func rowSQL(plan: SQLiteSinkPlan, shape: [Int]) -> String {
        let table = plan.table
        guard !shape.isEmpty else { return "INSERT INTO \(table.quotedName) DEFAULT VALUES" }
        let columns = shape.map { plan.quotedNames[$0] }
        var sql = "INSERT INTO \(table.quotedName) (\(columns.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: shape.count).joined(separator: ", ") + ")"
        guard plan.hasIdentity else { return sql }
        let keys = Set(table.keyColumns)
        let slotCount = plan.mapper.slots.count
        // Indexes past the slots are type columns, never keys.
        let updates = shape.filter { $0 >= slotCount || !keys.contains(plan.mapper.slots[$0].name) }
            .map { "\(plan.quotedNames[$0]) = excluded.\(plan.quotedNames[$0])" }
        sql += " ON CONFLICT (\(table.keyColumns.map(SQL.quote).joined(separator: ", "))) DO "
        sql += updates.isEmpty ? "NOTHING" : "UPDATE SET " + updates.joined(separator: ", ")
        return sql
    }
}
