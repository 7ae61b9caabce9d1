extension SQLiteSink {
    /// The write plan for a record's mapper, creating or loading its table on
    /// first use (the first record decides untyped key column types).
    func plan(for record: Record) throws -> SQLiteSinkPlan {
        let id = ObjectIdentifier(record.mapper)
        if let plan = plans[id] { return plan }
        let mapper = record.mapper
        let hasIdentity = mapper.isEntity && !mapper.identification.isEmpty
        let keyColumns = hasIdentity ? mapper.identification.map { mapper.slots[$0].name } : ["_id"]
        if !hasIdentity, mapper.slots.contains(where: { $0.name == "_id" }) {
            throw SQLiteSinkError.reservedColumn(table: mapper.typeName, column: "_id")
        }
        let table: SQLiteSinkTable
        if let known = tables[mapper.typeName] {
            table = known
        } else if let loaded = try loadTable(named: mapper.typeName, usesRowID: !hasIdentity) {
            table = loaded
        } else {
            let keyTypes: [SQLColumnType] = hasIdentity
                ? mapper.identification.map { slot in
                    if let declared = mapper.slots[slot].type { return SQLColumnType(declared: declared) }
                    if case .value(let v)? = record.fields[slot] { return SQLColumnType(kindOf: v) }
                    return .text
                }
                : [.integer]
            table = try createTable(named: mapper.typeName, keyColumns: keyColumns, keyTypes: keyTypes, usesRowID: !hasIdentity)
        }
        if table.keyColumns != keyColumns {
            throw SQLiteSinkError.keyMismatch(table: table.name, expected: keyColumns, found: table.keyColumns)
        }
        tables[table.name] = table
        let plan = SQLiteSinkPlan(mapper: mapper, table: table, hasIdentity: hasIdentity)
        plans[id] = plan
        return plan
    }

    /// A record table by name: known to this run, or read from the database
    /// (a link table from an earlier run may name a child table not written yet).
    func knownTable(named name: String) throws -> SQLiteSinkTable? {
        if let table = tables[name] { return table }
        guard let table = try loadTable(named: name, usesRowID: false) else { return nil }
        let loaded = SQLiteSinkTable(
            name: name, keyColumns: table.keyColumns, keyTypes: table.keyTypes,
            usesRowID: table.keyColumns == ["_id"], columns: table.columns)
        tables[name] = loaded
        return loaded
    }

    /// Reads an existing table's columns and key, or `nil` when there is none.
    private func loadTable(named name: String, usesRowID: Bool) throws -> SQLiteSinkTable? {
        // PRAGMA table_info rows: cid, name, type, notnull, dflt_value, pk.
        let rows = try database.rows("PRAGMA table_info(\(SQL.quote(name)))")
        guard !rows.isEmpty else { return nil }
        var columns: [String: SQLColumnType] = [:]
        var keys: [(Int64, String, SQLColumnType)] = []
        for row in rows {
            guard case .text(let column) = row[1] else { continue }
            let type: SQLColumnType
            if case .text(let declared) = row[2] { type = SQLColumnType(declaration: declared) } else { type = .none }
            columns[column] = type
            if case .integer(let pk) = row[5], pk > 0 { keys.append((pk, column, type)) }
        }
        keys.sort { $0.0 < $1.0 }
        return SQLiteSinkTable(
            name: name, keyColumns: keys.map(\.1), keyTypes: keys.map(\.2), usesRowID: usesRowID, columns: columns)
    }

    private func createTable(
        named name: String, keyColumns: [String], keyTypes: [SQLColumnType], usesRowID: Bool
    ) throws -> SQLiteSinkTable {
        let sql: String
        if usesRowID {
            sql = "CREATE TABLE \(SQL.quote(name)) (\"_id\" INTEGER PRIMARY KEY)"
        } else {
            let definitions = zip(keyColumns, keyTypes).map { Self.keyDefinition($0, $1) }
            let key = "PRIMARY KEY (\(keyColumns.map(SQL.quote).joined(separator: ", ")))"
            sql = "CREATE TABLE \(SQL.quote(name)) (\((definitions + [key]).joined(separator: ", ")))"
        }
        try database.execute(sql)
        return SQLiteSinkTable(
            name: name, keyColumns: keyColumns, keyTypes: keyTypes, usesRowID: usesRowID,
            columns: Dictionary(uniqueKeysWithValues: zip(keyColumns, keyTypes)))
    }

    /// Makes sure `column` exists in `table` (ALTER TABLE ADD COLUMN when not),
    /// and returns its declared type. `references` declares a foreign key.
    func ensureColumn(
        _ column: String, type: SQLColumnType, in table: SQLiteSinkTable, references: (table: String, column: String)? = nil
    ) throws -> SQLColumnType {
        if let existing = table.columns[column] { return existing }
        var definition = "\(SQL.quote(column))"
        if type != .none { definition += " \(type.rawValue)" }
        if let references { definition += " REFERENCES \(SQL.quote(references.table)) (\(SQL.quote(references.column)))" }
        try database.execute("ALTER TABLE \(table.quotedName) ADD COLUMN \(definition)")
        table.columns[column] = type
        return type
    }

    /// The link table of a to-many relationship or connection, loaded or created;
    /// `nil` when it does not exist and no child tells what it would hold.
    func linkTable(plan: SQLiteSinkPlan, slot: Int, child: SQLiteSinkTable?) throws -> SQLiteSinkLinkTable? {
        if let link = plan.links[slot] { return link }
        let parent = plan.table
        let name = parent.name + "_" + plan.mapper.slots[slot].name
        let parentColumns = parent.keyColumns.map { SQLiteSinkLinkTable.column("parent", $0) }
        var link = linkTables[name]
        if link == nil {
            let rows = try database.rows("PRAGMA table_info(\(SQL.quote(name)))")
            if !rows.isEmpty {
                let names = rows.compactMap { row -> String? in if case .text(let s) = row[1] { return s } else { return nil } }
                let childColumns = names.filter { $0 != "position" && !parentColumns.contains($0) }
                // foreign_key_list rows: id, seq, table, from, to, …
                let keys = try database.rows("PRAGMA foreign_key_list(\(SQL.quote(name)))")
                let childTable = keys.first { row in
                    if case .text(let from) = row[3] { return childColumns.contains(from) }
                    return false
                }.flatMap { row -> String? in if case .text(let t) = row[2] { return t } else { return nil } }
                link = SQLiteSinkLinkTable(name: name, parentColumns: parentColumns, childColumns: childColumns, childTable: childTable)
            } else if let child {
                link = try createLinkTable(named: name, parent: parent, parentColumns: parentColumns, child: child)
            }
        }
        guard let link else { return nil }
        linkTables[name] = link
        plan.links[slot] = link
        return link
    }

    private func createLinkTable(
        named name: String, parent: SQLiteSinkTable, parentColumns: [String], child: SQLiteSinkTable
    ) throws -> SQLiteSinkLinkTable {
        let childColumns = child.keyColumns.map { SQLiteSinkLinkTable.column("child", $0) }
        func definitions(_ columns: [String], _ types: [SQLColumnType]) -> [String] {
            zip(columns, types).map { Self.keyDefinition($0, $1) }
        }
        func quoted(_ columns: [String]) -> String { columns.map(SQL.quote).joined(separator: ", ") }
        let parts = definitions(parentColumns, parent.keyTypes) + definitions(childColumns, child.keyTypes) + [
            "\"position\" INTEGER NOT NULL",
            "PRIMARY KEY (\(quoted(parentColumns)), \"position\")",
            "FOREIGN KEY (\(quoted(parentColumns))) REFERENCES \(parent.quotedName) (\(quoted(parent.keyColumns)))",
            "FOREIGN KEY (\(quoted(childColumns))) REFERENCES \(child.quotedName) (\(quoted(child.keyColumns)))",
        ]
        try database.execute("CREATE TABLE \(SQL.quote(name)) (\(parts.joined(separator: ", ")))")
        return SQLiteSinkLinkTable(name: name, parentColumns: parentColumns, childColumns: childColumns, childTable: child.name)
    }

    /// `"column" TYPE NOT NULL` (no type word for an untyped column).
    private static func keyDefinition(_ column: String, _ type: SQLColumnType) -> String {
        type == .none ? "\(SQL.quote(column)) NOT NULL" : "\(SQL.quote(column)) \(type.rawValue) NOT NULL"
    }
}
