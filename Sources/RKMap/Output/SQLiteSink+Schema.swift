import CSQLite

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
        if let schema {
            // Every table was created from the spec at the first document.
            guard let table = tables[mapper.typeName] else {
                throw SQLiteSinkError.notInSpec(type: mapper.typeName)
            }
            let plan = SQLiteSinkPlan(
                mapper: mapper, table: table, hasIdentity: hasIdentity,
                storage: schema.relationships[id] ?? [:], connectionTargets: connectionTargets[mapper.typeName] ?? [])
            for (slot, stored) in schema.relationships[id] ?? [:] {
                if let name = stored.linkTable, let link = linkTables[name] { plan.links[slot] = link }
            }
            plans[id] = plan
            return plan
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
        try checkKey(of: table, planned: keyColumns, usesRowID: !hasIdentity)
        tables[table.name] = table
        let plan = SQLiteSinkPlan(
            mapper: mapper, table: table, hasIdentity: hasIdentity, connectionTargets: connectionTargets[mapper.typeName] ?? [])
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

    /// Fails unless an existing table's primary key is the one the spec
    /// plans: the same columns (by SQLite's rule, ignoring ASCII case: `ID`
    /// is `id`), and for records without identity, `_id` as SQLite's row id.
    func checkKey(of table: SQLiteSinkTable, planned: [String], usesRowID: Bool) throws {
        guard table.keyColumns.map(SQLiteSchema.fold) == planned.map(SQLiteSchema.fold) else {
            throw SQLiteSinkError.keyMismatch(table: table.name, expected: planned, found: table.keyColumns)
        }
        for (found, name) in zip(table.keyColumns, planned) where found != name {
            table.columns[name] = table.columns[found]
        }
        guard usesRowID else { return }
        // A rowid table's primary key that is not the row id has an index of
        // its own (origin "pk"); a WITHOUT ROWID table's key always has one.
        let declared = try database.rows("PRAGMA table_info(\(SQL.quote(table.name)))").lazy
            .filter { if case .text(let n) = $0[1] { return SQLiteSchema.fold(n) == "_id" } else { return false } }
            .map { row -> String in if case .text(let d) = row[2] { return d } else { return "" } }
            .first ?? ""
        let keyIndex = try database.rows("PRAGMA index_list(\(SQL.quote(table.name)))").contains { row in
            if case .text("pk") = row[3] { return true } else { return false }
        }
        if keyIndex || SQLColumnType.asciiUppercased(declared) != "INTEGER" {
            throw SQLiteSinkError.rowIDMismatch(table: table.name, declared: declared)
        }
    }

    /// Reads an existing table's columns and key, or `nil` when there is none.
    func loadTable(named name: String, usesRowID: Bool) throws -> SQLiteSinkTable? {
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
        let definition = Self.columnDefinition(column, type, references)
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
        return SQLiteSinkLinkTable(
            name: name, parentColumns: parentColumns, childColumns: childColumns, childTable: child.name, createdInRun: true)
    }

    /// `"column" TYPE NOT NULL` (no type word for an untyped column).
    static func keyDefinition(_ column: String, _ type: SQLColumnType) -> String {
        type == .none ? "\(SQL.quote(column)) NOT NULL" : "\(SQL.quote(column)) \(type.rawValue) NOT NULL"
    }
}

extension SQLiteSink {
    /// Creates every table, column and index of the spec that the database
    /// lacks, in spec order (docs/spec.md §10.4): a declared attribute that never
    /// receives a value still has its column, and an existing database is
    /// reused and extended. Runs inside the run's transaction, so a failed run
    /// takes the new tables back with it.
    func create(_ schema: SQLiteSchema) throws {
        let columnLimit = Int(sqlite3_limit(database.handle, SQLITE_LIMIT_COLUMN, -1))
        for planned in schema.tables {
            // Checked before any table is made: SQLite's own error quoted the
            // whole CREATE TABLE of every column.
            let count = (planned.usesRowID ? 1 : planned.keyColumns.count) + planned.columns.count
            if count > columnLimit {
                throw SQLiteSinkError.tooManyColumns(table: planned.name, count: count, limit: columnLimit)
            }
        }
        for planned in schema.tables {
            let table: SQLiteSinkTable
            if let loaded = try loadTable(named: planned.name, usesRowID: planned.usesRowID) {
                try checkKey(of: loaded, planned: planned.keyColumns, usesRowID: planned.usesRowID)
                table = loaded
                try checkColumnTypes(of: planned)
                let existing = Set(table.columns.keys.map(SQLiteSchema.fold))
                let added = Set(planned.columns.map { SQLiteSchema.fold($0.name) }).subtracting(existing).count
                if existing.count + added > columnLimit {
                    throw SQLiteSinkError.tooManyColumns(table: planned.name, count: existing.count + added, limit: columnLimit)
                }
                for column in planned.columns {
                    if table.columns[column.name] == nil {
                        let folded = SQLiteSchema.fold(column.name)
                        guard table.columns.contains(where: { SQLiteSchema.fold($0.key) == folded }) else {
                            _ = try ensureColumn(column.name, type: column.type, in: table, references: column.references)
                            continue
                        }
                    }
                    // The column exists (SQLite's names ignore case: `Title`
                    // is `title`), and `checkColumnTypes` found that it stores
                    // this spec's values unchanged: it has this type's
                    // affinity or none. Values are bound as for a column of
                    // this type, so a `double` 2.0 in an untyped column is the
                    // REAL 2.0 a new database holds, not the INTEGER 2.
                    table.columns[column.name] = column.type
                }
            } else {
                var parts = zip(planned.keyColumns, planned.keyTypes).map { Self.keyDefinition($0, $1) }
                if planned.usesRowID { parts = ["\"_id\" INTEGER PRIMARY KEY"] }
                for column in planned.columns { parts.append(Self.columnDefinition(column.name, column.type, column.references)) }
                if !planned.usesRowID {
                    parts.append("PRIMARY KEY (\(planned.keyColumns.map(SQL.quote).joined(separator: ", ")))")
                }
                try database.execute("CREATE TABLE \(SQL.quote(planned.name)) (\(parts.joined(separator: ", ")))")
                var columns = Dictionary(uniqueKeysWithValues: zip(planned.keyColumns, planned.keyTypes))
                for column in planned.columns { columns[column.name] = column.type }
                table = SQLiteSinkTable(
                    name: planned.name, keyColumns: planned.keyColumns, keyTypes: planned.keyTypes,
                    usesRowID: planned.usesRowID, columns: columns)
            }
            tables[planned.name] = table
        }
        for planned in schema.linkTables {
            let rows = try database.rows("PRAGMA table_info(\(SQL.quote(planned.name)))")
            let existing = Set(rows.compactMap { row -> String? in if case .text(let s) = row[1] { return SQLiteSchema.fold(s) } else { return nil } })
            let createdInRun = rows.isEmpty
            if createdInRun {
                try createLinkTable(planned)
            } else {
                let expected = planned.parentColumns + planned.childColumns + ["position"]
                if let missing = expected.first(where: { !existing.contains(SQLiteSchema.fold($0)) }) {
                    throw SQLiteSinkError.linkTableMismatch(table: planned.name, missingColumn: missing)
                }
                try checkColumnTypes(of: planned)
                if planned.hasTypeColumn, !existing.contains("child_type") {
                    // Children of several types now: an earlier run's links were all of its one child type.
                    try database.execute("ALTER TABLE \(SQL.quote(planned.name)) ADD COLUMN \"child_type\" TEXT")
                }
            }
            let link = SQLiteSinkLinkTable(
                name: planned.name, parentColumns: planned.parentColumns, childColumns: planned.childColumns,
                childTable: planned.childTable, hasTypeColumn: planned.hasTypeColumn,
                columnsByType: planned.columnsByType, createdInRun: createdInRun)
            link.hasChildIndex = true
            linkTables[planned.name] = link
        }
        for index in schema.indexes where index.usedDuringRun { try create(index) }
    }

    /// Fails when an existing column of `planned`'s table is declared so that
    /// SQLite would convert values this spec writes there (a reused database
    /// whose `zip` column an earlier spec declared `int` turned the string
    /// "02139" into 2139, and a decimal into a rounded REAL, silently).
    private func checkColumnTypes(of planned: SQLiteSchema.Table) throws {
        var columns = planned.columns.map { ($0.name, $0.type) }
        if !planned.usesRowID { columns = Array(zip(planned.keyColumns, planned.keyTypes)) + columns }
        try checkColumnTypes(columns, of: planned.name)
    }

    /// The same for a link table: its parent and child key columns (links
    /// stored as other values no longer join their rows), its position and
    /// its child type.
    private func checkColumnTypes(of planned: SQLiteSchema.LinkTable) throws {
        var columns = Array(zip(planned.parentColumns, planned.parentTypes)) + Array(zip(planned.childColumns, planned.childTypes))
        columns.append(("position", .integer))
        if planned.hasTypeColumn { columns.append(("child_type", .text)) }
        try checkColumnTypes(columns, of: planned.name)
    }

    private func checkColumnTypes(_ columns: [(String, SQLColumnType)], of table: String) throws {
        var declarations: [String: String] = [:]
        for row in try database.rows("PRAGMA table_info(\(SQL.quote(table)))") {
            guard case .text(let name) = row[1] else { continue }
            if case .text(let declared) = row[2] { declarations[SQLiteSchema.fold(name)] = declared } else { declarations[SQLiteSchema.fold(name)] = "" }
        }
        for (name, type) in columns {
            guard let declared = declarations[SQLiteSchema.fold(name)], !type.isStoredUnchanged(inColumnDeclared: declared) else { continue }
            throw SQLiteSinkError.columnTypeMismatch(table: table, column: name, declared: declared, planned: type.rawValue)
        }
    }

    /// Creates the indexes the run did not need, just before COMMIT: building
    /// an index once over the loaded rows costs far less than updating it on
    /// every insert, and the transaction makes it part of the same commit.
    /// Not when no document kept the spec's tables (the only documents
    /// failed under `--keep-going`, taking back the tables they created).
    func createRemainingIndexes() throws {
        guard let schema, schemaCreated else { return }
        for index in schema.indexes where !index.usedDuringRun { try create(index) }
    }

    private func create(_ index: SQLiteSchema.Index) throws {
        try database.execute(
            "CREATE INDEX IF NOT EXISTS \(SQL.quote(index.name)) ON \(SQL.quote(index.table)) (\(index.columns.map(SQL.quote).joined(separator: ", ")))")
    }

    private func createLinkTable(_ planned: SQLiteSchema.LinkTable) throws {
        func quoted(_ columns: [String]) -> String { columns.map(SQL.quote).joined(separator: ", ") }
        var parts = zip(planned.parentColumns, planned.parentTypes).map { Self.keyDefinition($0, $1) }
            + zip(planned.childColumns, planned.childTypes).map { column, type in
                // A column only some child types use is NULL in the others' rows.
                planned.columnsByType.values.allSatisfy { $0.contains(column) }
                    ? Self.keyDefinition(column, type) : Self.columnDefinition(column, type, nil)
            }
            + ["\"position\" INTEGER NOT NULL"]
        if planned.hasTypeColumn { parts.append("\"child_type\" TEXT NOT NULL") }
        parts.append("PRIMARY KEY (\(quoted(planned.parentColumns)), \"position\")")
        if let parent = tables[planned.parentTable] {
            parts.append("FOREIGN KEY (\(quoted(planned.parentColumns))) REFERENCES \(parent.quotedName) (\(quoted(parent.keyColumns)))")
        }
        // Children of several types: no REFERENCES can name a single table.
        if let name = planned.childTable, let child = tables[name] {
            parts.append("FOREIGN KEY (\(quoted(planned.childColumns))) REFERENCES \(child.quotedName) (\(quoted(child.keyColumns)))")
        }
        try database.execute("CREATE TABLE \(SQL.quote(planned.name)) (\(parts.joined(separator: ", ")))")
    }

    /// `"column" TYPE REFERENCES "table" ("key")`, each part when it applies.
    static func columnDefinition(_ column: String, _ type: SQLColumnType, _ references: (table: String, column: String)?) -> String {
        var definition = SQL.quote(column)
        if type != .none { definition += " \(type.rawValue)" }
        if let references { definition += " REFERENCES \(SQL.quote(references.table)) (\(SQL.quote(references.column)))" }
        return definition
    }
}
