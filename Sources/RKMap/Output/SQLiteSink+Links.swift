extension SQLiteSink {
    /// Stores a parent's to-many links under an assignment policy (docs/spec.md §7).
    ///
    /// - `set`: the parent's links become exactly `children`, positions 0…n-1;
    /// - `union`: children not linked yet are appended after the last position;
    /// - `replace`: `set`, then child rows that no row of this link table refers
    ///   to any more are deleted.
    func writeLinks(
        plan: SQLiteSinkPlan, slot: Int, parentKey: [SQLiteValue], children: SQLiteChildRows, policy: AssignmentPolicy
    ) throws {
        guard let link = try linkTable(plan: plan, slot: slot, child: children.firstTable) else { return }
        try checkFits(children, link)
        if policy == .set {
            // The usual case, per record: without the state the others keep.
            try clearLinks(link, plan: plan, parentKey: parentKey)
            guard !children.isEmpty else { return }
            return try insertLinks(link, parentKey: parentKey, children: children, from: 0)
        }
        var links = try beginLinks(link, plan: plan, parentKey: parentKey, policy: policy)
        try addLinks(Array(children), to: &links)
        try endLinks(links)
    }

    /// Refuses children whose key the link table's child columns cannot hold.
    func checkFits(_ children: some Sequence<RowRef>, _ link: SQLiteSinkLinkTable) throws {
        for child in children where !link.fits(child) {
            throw SQLiteSinkError.keyMismatch(table: link.name, expected: link.childColumns, found: child.table.keyColumns)
        }
    }

    /// Starts writing a parent's links under its policy: `set` and `replace`
    /// clear the parent's links (`replace` keeps them to find orphans),
    /// `union` reads them. The children's rows may be written before or
    /// after: they are in other tables (`acceptsOpenRecord`).
    func beginLinks(
        _ link: SQLiteSinkLinkTable, plan: SQLiteSinkPlan, parentKey: [SQLiteValue], policy: AssignmentPolicy
    ) throws -> SQLiteSinkLinkWrite {
        var links = SQLiteSinkLinkWrite(link: link, parentKey: parentKey, policy: policy)
        switch policy {
        case .set:
            try clearLinks(link, plan: plan, parentKey: parentKey)
        case .union:
            try flushLinks(link)
            let width = Int32(link.childColumns.count + (link.hasTypeColumn ? 1 : 0))
            let select = try statement(&link.selectStoredAndPositionStatement, link.selectStoredAndPositionSQL)
            try bind(parentKey, to: select)
            while try select.step() {
                links.existing.insert((0..<width).map { select.value(at: $0) })
                links.next = max(links.next, select.int64(at: width) + 1)
            }
            select.reset()
        case .replace:
            try flushLinks(link)
            links.old = try database.rows(link.selectStoredSQL, parentKey)
            links.oldValues = Set(links.old)
            try deleteLinks(link, parentKey: parentKey)
        }
        return links
    }

    /// `set`: the parent's links go before its new ones are written. A row
    /// just inserted under a fresh `_id` has no links in a table this run
    /// created, unless the run deleted rows whose `_id` SQLite may have
    /// handed out again: only then is there anything to clear.
    private func clearLinks(_ link: SQLiteSinkLinkTable, plan: SQLiteSinkPlan, parentKey: [SQLiteValue]) throws {
        let parent = plan.table
        guard !(link.createdInRun && parent.usesRowID && !parent.deletedRowsInRun) else { return }
        try flushLinks(link)
        try deleteLinks(link, parentKey: parentKey)
    }

    /// Links the next children (whose keys fit the link table), after those
    /// linked so far.
    func addLinks(_ children: [RowRef], to links: inout SQLiteSinkLinkWrite) throws {
        let link = links.link
        switch links.policy {
        case .set, .replace:
            try insertLinks(link, parentKey: links.parentKey, children: children, from: links.next)
            links.next += Int64(children.count)
            guard links.policy == .replace, !links.oldValues.isEmpty else { return }
            for child in children {
                if let values = link.storedValues(child), links.oldValues.contains(values) { links.kept.insert(values) }
            }
        case .union:
            let added = children.filter { child in link.storedValues(child).map { links.existing.insert($0).inserted } ?? false }
            try insertLinks(link, parentKey: links.parentKey, children: added, from: links.next)
            links.next += Int64(added.count)
        }
    }

    /// Ends a parent's links: under `replace`, the child rows it no longer
    /// links are deleted at the document's end if no link reaches them then
    /// (`deleteOrphans`).
    func endLinks(_ links: SQLiteSinkLinkWrite) throws {
        guard links.policy == .replace else { return }
        for values in links.old where !links.kept.contains(values) { unlinkedChildren.append((links.link, values)) }
    }

    /// The statement held in `slot`, prepared on first use: the link
    /// statements are kept by their table, so the hot path neither builds nor
    /// hashes SQL text.
    private func statement(_ slot: inout SQLiteStatement?, _ sql: String) throws -> SQLiteStatement {
        if let statement = slot { return statement }
        let statement = try database.makeStatement(sql)
        slot = statement
        return statement
    }

    private func bind(_ values: [SQLiteValue], to statement: SQLiteStatement, from first: Int32 = 1) throws {
        for (i, value) in values.enumerated() { try statement.bind(value, at: first + Int32(i)) }
    }

    private func deleteLinks(_ link: SQLiteSinkLinkTable, parentKey: [SQLiteValue]) throws {
        let delete = try statement(&link.deleteStatement, link.deleteSQL)
        try bind(parentKey, to: delete)
        try delete.run()
    }

    /// Inserts links to `children` at positions `position`, `position + 1`, …
    /// (children whose key does not fit were refused by the caller). The rows
    /// are queued and written `batchRows` at a time: nothing reads a link
    /// table between its inserts except through `writeLinks`, which flushes
    /// the queue first, so the table ends up with the same rows in the same
    /// order (and so the same rowids) as with one INSERT per row.
    private func insertLinks(
        _ link: SQLiteSinkLinkTable, parentKey: [SQLiteValue], children: [RowRef], from position: Int64
    ) throws {
        guard !children.isEmpty else { return }
        try insertLinks(link, parentKey: parentKey, children: children[...], from: position)
    }

    /// `insertLinks` of children there are (the callers know it).
    private func insertLinks(
        _ link: SQLiteSinkLinkTable, parentKey: [SQLiteValue], children: some Sequence<RowRef>, from position: Int64
    ) throws {
        link.mayHoldRows = true
        if !link.queuedForFlush {
            link.queuedForFlush = true
            linksWithPendingRows.append(link)
        }
        let childCount = link.childColumns.count
        for (offset, child) in children.enumerated() {
            link.pendingValues.append(contentsOf: parentKey)
            if !link.positionsByType.isEmpty, let positions = link.positionsByType[child.table.name] {
                // Several child types: this type's key in its columns, NULL in the others'.
                let first = link.pendingValues.count
                link.pendingValues.append(contentsOf: repeatElement(SQLiteValue.null, count: childCount))
                for (i, p) in positions.enumerated() { link.pendingValues[first + p] = child.key[i] }
            } else {
                link.pendingValues.append(contentsOf: child.key)
            }
            link.pendingValues.append(.integer(position + Int64(offset)))
            if link.hasTypeColumn { link.pendingValues.append(.text(child.table.name)) }
            link.pendingRows += 1
            if link.pendingRows == link.batchRows { try flushLinks(link) }
        }
    }

    /// Writes the link rows queued for `link`, in one INSERT.
    ///
    /// When that INSERT fails, the rows are written again one INSERT each, so
    /// the error names the statement and row as it would without the queue.
    func flushLinks(_ link: SQLiteSinkLinkTable) throws {
        let rows = link.pendingRows
        guard rows > 0 else { return }
        let values = link.pendingValues
        link.pendingValues.removeAll(keepingCapacity: true)
        link.pendingRows = 0
        do {
            try insertStatement(link, rows: rows).run(binding: values)
        } catch {
            guard rows > 1 else { throw error }
            let one = try insertStatement(link, rows: 1)
            for row in 0..<rows {
                try one.run(binding: Array(values[row * link.rowWidth..<(row + 1) * link.rowWidth]))
            }
            throw error
        }
    }

    /// Writes every queued link row: before COMMIT, and before a document's
    /// savepoint is released (`--keep-going`), so that it holds its links.
    func flushAllLinks() throws {
        for link in linksWithPendingRows {
            link.queuedForFlush = false
            try flushLinks(link)
        }
        linksWithPendingRows.removeAll(keepingCapacity: true)
    }

    /// Forgets the queued link rows: the run or the document is rolled back.
    func discardPendingLinks() {
        for link in linksWithPendingRows {
            link.queuedForFlush = false
            link.pendingValues.removeAll()
            link.pendingRows = 0
        }
        linksWithPendingRows.removeAll()
    }

    /// The INSERT of `rows` link rows, prepared on first use.
    private func insertStatement(_ link: SQLiteSinkLinkTable, rows: Int) throws -> SQLiteStatement {
        if rows == 1 { return try statement(&link.insertStatement, link.insertSQL) }
        if let statement = link.insertRowsStatements[rows] { return statement }
        let statement = try database.makeStatement(link.insertSQL(rows: rows))
        link.insertRowsStatements[rows] = statement
        return statement
    }

    /// Deletes the child rows `replace` unlinked in this document that no
    /// link reaches once the document is written: no row of any link table,
    /// no to-one column the spec declares (its relationships' and
    /// connections', of every parent type, written in any order), from the
    /// child table, or from each child's own table when `child_type` names
    /// it. A deleted row's own links go with it; a row that only rows deleted
    /// here referred to is deleted too (checked again until none is), so the
    /// order the rows were unlinked in does not matter.
    func deleteOrphans() throws {
        guard !unlinkedChildren.isEmpty else { return }
        let unlinked = unlinkedChildren
        unlinkedChildren.removeAll()
        try flushAllLinks()
        var candidates: [(link: SQLiteSinkLinkTable, table: SQLiteSinkTable, key: [SQLiteValue])] = []
        var seen = Set<[SQLiteValue]>()
        for (link, values) in unlinked {
            let width = link.childColumns.count
            var key = Array(values[..<width])
            let tableName: String?
            if link.hasTypeColumn, case .text(let type) = values[width] {
                tableName = type
                if let positions = link.positionsByType[type] { key = positions.map { values[$0] } }
            } else {
                tableName = link.childTable
            }
            guard let tableName, let table = try knownTable(named: tableName), table.keyColumns.count == key.count,
                  seen.insert([.text(tableName)] + key).inserted
            else { continue }
            candidates.append((link, table, key))
        }
        var deleted = true
        while deleted, !candidates.isEmpty {
            deleted = false
            var kept: [(link: SQLiteSinkLinkTable, table: SQLiteSinkTable, key: [SQLiteValue])] = []
            for candidate in candidates {
                // The spec's references include the link table it was
                // unlinked from; a sink without a spec knows only that one.
                let reached = schema == nil
                    ? try linked(candidate.key, type: candidate.table.name, in: candidate.link)
                    : try referredTo(candidate.key, type: candidate.table.name)
                if reached {
                    kept.append(candidate)
                    continue
                }
                try deleteRow(candidate.key, of: candidate.table)
                deleted = true
            }
            candidates = kept
        }
    }

    /// Whether a row of `link` (any parent's) links this child: what a sink
    /// without a spec checks (`referredTo` checks every reference).
    private func linked(_ key: [SQLiteValue], type: String, in link: SQLiteSinkLinkTable) throws -> Bool {
        var stored = link.childColumns
        if link.hasTypeColumn { stored.append("child_type") }
        if !link.hasChildIndex {
            // `replace` looks links up by child; without an index each check scans the table.
            try database.execute(
                "CREATE INDEX IF NOT EXISTS \(SQL.quote(link.name + "_child")) ON \(link.quotedName) (\(stored.map(SQL.quote).joined(separator: ", ")))")
            link.hasChildIndex = true
        }
        // Its stored child values: this type's key in its columns, NULL in the others'.
        var values = key
        if link.hasTypeColumn {
            values = Array(repeating: .null, count: link.childColumns.count)
            for (i, p) in (link.positionsByType[type] ?? Array(key.indices)).enumerated() { values[p] = key[i] }
            values.append(.text(type))
        }
        let stillLinked = try statement(&link.stillLinkedStatement, link.stillLinkedSQL)
        try bind(values, to: stillLinked)
        defer { stillLinked.reset() }
        return try stillLinked.step()
    }

    /// Deletes a row, and the link rows where it is the parent (which would
    /// name a row that is no more).
    private func deleteRow(_ key: [SQLiteValue], of table: SQLiteSinkTable) throws {
        // A deleted `_id` may be handed out again: its links must then be cleared.
        table.deletedRowsInRun = true
        let delete = try database.cachedStatement("DELETE FROM \(table.quotedName) WHERE \(table.keyPredicate())")
        try bind(key, to: delete)
        try delete.run()
        for link in schema?.linkTables ?? [] where link.parentTable == table.name && link.parentColumns.count == key.count {
            let links = try database.cachedStatement(
                "DELETE FROM \(SQL.quote(link.name)) WHERE " + link.parentColumns.map { "\(SQL.quote($0)) = ?" }.joined(separator: " AND "))
            try bind(key, to: links)
            try links.run()
        }
    }

    /// Whether a row of record type `type` with this key is referred to by a
    /// to-one column or a link table the spec declares (`SQLiteSchema.references`).
    private func referredTo(_ key: [SQLiteValue], type: String) throws -> Bool {
        guard let references = schema?.references[type] else { return false }
        for reference in references {
            let sql: String
            var values: [SQLiteValue]
            switch reference {
            case .link(let table, let columns, let typed):
                guard columns.count == key.count else { continue }
                sql = "SELECT 1 FROM \(SQL.quote(table)) WHERE "
                    + (columns.map { "\(SQL.quote($0)) = ?" } + (typed ? ["\"child_type\" = ?"] : [])).joined(separator: " AND ") + " LIMIT 1"
                values = key
                if typed { values.append(.text(type)) }
            case .column(let table, let column, let typeColumn):
                sql = "SELECT 1 FROM \(SQL.quote(table)) WHERE \(SQL.quote(column)) = ?"
                    + (typeColumn.map { " AND \(SQL.quote($0)) = ?" } ?? "") + " LIMIT 1"
                values = [Self.columnValue(ofKey: key)]
                if typeColumn != nil { values.append(.text(type)) }
            }
            let select = try database.cachedStatement(sql)
            try bind(values, to: select)
            let found = try select.step()
            select.reset()
            if found { return true }
        }
        return false
    }

    /// Writes the connections queued during the document: by now every record
    /// of the document has its row, so each connected record's key is known.
    /// A large document queues millions: a signal is answered between them
    /// (every 1024), as it is between records, so Ctrl-C is not ignored for
    /// this last phase and the run does not end as if it had finished.
    func writeConnections() throws {
        let pending = pendingConnections
        pendingConnections.removeAll()
        for (n, item) in pending.enumerated() {
            if n & 0x3FF == 0 { try Interruption.check() }
            let connection = item.plan.mapper.connections[Int(item.connection)]
            let slot = Int(item.slot)
            // A connection has a column (one value) and a link table (an
            // array), docs/spec.md §10.4: it holds the document's value, the
            // other storage cleared, as a relationship without `"many"` does.
            let stored = item.plan.storage[slot]
            switch item.target {
            case .one(let child):
                guard let ref = try connectedRow(child.record(targetAttribute: connection.targetAttribute), connection: connection)
                else { continue }
                try ensureToOneColumn(plan: item.plan, slot: slot, child: ref.table)
                try setConnectionColumn(item, slot: slot, to: Self.columnValue(ofKey: ref.key))
                if stored?.linkTable != nil, item.plan.links[slot]?.mayHoldRows ?? true {
                    try writeLinks(plan: item.plan, slot: slot, parentKey: item.parentKey.values, children: SQLiteChildRows(), policy: .set)
                }
            case .many(let records):
                var children = SQLiteChildRows()
                for child in records {
                    if let ref = try connectedRow(child.record(targetAttribute: connection.targetAttribute), connection: connection) {
                        children.append(ref)
                    }
                }
                try writeLinks(plan: item.plan, slot: slot, parentKey: item.parentKey.values, children: children, policy: .set)
                if stored?.column != nil { try setConnectionColumn(item, slot: slot, to: .null) }
            case .null:
                if stored?.column != nil { try setConnectionColumn(item, slot: slot, to: .null) }
                if stored?.linkTable != nil {
                    try writeLinks(plan: item.plan, slot: slot, parentKey: item.parentKey.values, children: SQLiteChildRows(), policy: .set)
                }
            case .none:
                continue
            }
        }
    }

    /// Sets a connection's to-one column in its record's row.
    private func setConnectionColumn(_ item: SQLiteSinkPendingConnection, slot: Int, to value: SQLiteValue) throws {
        let table = item.plan.table
        let update = try database.cachedStatement(
            "UPDATE \(table.quotedName) SET \(item.plan.quotedNames[slot]) = ? WHERE \(table.keyPredicate())")
        try update.bind(value, at: 1)
        try bind(item.parentKey.values, to: update, from: 2)
        try update.run()
    }

    /// Finding the first row of the document with a value reads the whole
    /// table without an index on its column: one read per connected record,
    /// quadratic in the document (4 MB of self-connected records took 39 s).
    /// The run makes the index it needs, in its transaction, and drops it
    /// before it commits: the database gets no index the spec did not ask
    /// for (docs/spec.md §10.4), and a run taken back leaves none.
    private func connectionLookupIndex(table: SQLiteSinkTable, column: String) throws {
        let name = "rkmap_connection(\(table.name).\(column))"
        guard !connectionIndexes.document.contains(name) else { return }
        try database.execute("CREATE INDEX IF NOT EXISTS \(SQL.quote(name)) ON \(table.quotedName) (\(SQL.quote(column)))")
        connectionIndexes.document.insert(name)
        if !connectionIndexes.run.contains(name) { connectionIndexes.run.append(name) }
    }

    func dropConnectionIndexes() throws {
        for name in connectionIndexes.run { try database.execute("DROP INDEX IF EXISTS \(SQL.quote(name))") }
        connectionIndexes = ([], [])
    }

    /// The row a connected record was stored in. A record with identity is found
    /// by its key; one without is the first row of its table inserted during this
    /// document whose target attribute equals the record's — the record the
    /// connection chose (docs/spec.md §3.4: the first in document order). Where
    /// storage makes two values equal that connections tell apart (`true` and
    /// 1, a big number and its digits as a string), a row whose value was
    /// stored as another kind is the answer only for a value that is too
    /// (`SQLiteSinkTable.rowsStoringAnotherKind`).
    private func connectedRow(_ record: Record, connection: Connection) throws -> RowRef? {
        let plan = try self.plan(for: record)
        if plan.hasIdentity { return (plan.table, try identityKey(of: record, plan: plan)) }
        let table = plan.table
        guard let first = table.firstRowIDInDocument,
            let type = table.columns[connection.targetAttribute],
            case .value(let value)? = record[connection.targetAttribute], !value.isNull
        else { return nil }
        try connectionLookupIndex(table: table, column: connection.targetAttribute)
        let find = try database.cachedStatement(
            "SELECT \"_id\" FROM \(table.quotedName) WHERE \(SQL.quote(connection.targetAttribute)) = ? AND \"_id\" >= ? ORDER BY \"_id\"")
        defer { find.reset() }
        let stored = Self.sqliteValue(value, as: type)
        let anotherKind = Self.storesAnotherKind(value, as: stored)
        try find.bind(stored, at: 1)
        try find.bind(first, at: 2)
        while try find.step() {
            let id = find.int64(at: 0)
            if table.rowsStoringAnotherKind.contains(id) == anotherKind { return (table, [.integer(id)]) }
        }
        return nil
    }
}
