/// The SQL storage type a column is declared with. `none` (no declared type)
/// stores each value as bound: used for untyped attributes whose first value was `null`.
package enum SQLColumnType: String, Sendable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case none = ""

    /// The type of a declared attribute type (docs/spec.md §10.4).
    init(declared type: ValueType) {
        switch type {
        case .int, .bool: self = .integer
        case .double: self = .real
        // No affinity: an INTEGER, REAL or TEXT, whichever holds the number exactly.
        case .decimal: self = .none
        // No affinity either: `any` keeps each value's kind as an untyped
        // attribute does (TEXT turned `5` and `true` into the text '5' and '1').
        case .any: self = .none
        case .string, .date, .url, .array, .set: self = .text
        }
    }

    /// The type of an untyped value: the SQLite type of its JSON kind.
    init(kindOf value: JSONValue) {
        switch value {
        case .null: self = .none
        case .bool: self = .integer
        // Numbers are stored without affinity: an INTEGER, a REAL, or TEXT with
        // the source digits when neither holds the number exactly.
        case .number(let n): self = n.isIntegerLiteral && Int64(n.text) != nil ? .integer : .none
        case .string, .array, .object, .compact: self = .text
        }
    }

    /// A column's affinity, by SQLite's rules for its declared type
    /// (https://sqlite.org/datatype3.html §3.1), in their order; the type
    /// name's ASCII letters compared without case, as SQLite compares them.
    enum Affinity { case integer, text, blob, real, numeric }

    static func affinity(ofDeclared declaration: String) -> Affinity {
        let upper = asciiUppercased(declaration)
        if upper.contains("INT") { return .integer }
        if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") { return .text }
        if upper.isEmpty || upper.contains("BLOB") { return .blob }
        if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") { return .real }
        return .numeric
    }

    /// Whether a column declared `declaration` (as `PRAGMA table_info` reads
    /// it back) stores every value of this type as it is bound: a column
    /// without affinity (no type, or BLOB) stores anything as bound; one with
    /// the same affinity stores this type's values unchanged; and integers
    /// are unchanged under NUMERIC affinity too. Anything else converts some
    /// value: text that reads as a number under INTEGER, REAL or NUMERIC,
    /// numbers under TEXT, integers past 2^53 under REAL.
    func isStoredUnchanged(inColumnDeclared declaration: String) -> Bool {
        switch Self.affinity(ofDeclared: declaration) {
        case .blob: return true
        case .integer, .numeric: return self == .integer
        case .text: return self == .text
        case .real: return self == .real
        }
    }

    /// `declaration` with ASCII letters upper-cased, as SQLite compares
    /// type names: `"ﬂoat"` is not `FLOAT` (Unicode case mapping made it one,
    /// a REAL where SQLite sees NUMERIC affinity).
    static func asciiUppercased(_ declaration: String) -> String {
        String(decoding: declaration.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// A type read back from `PRAGMA table_info`: its affinity's type, none
    /// for BLOB and NUMERIC (values are bound as they are).
    init(declaration: String) {
        switch Self.affinity(ofDeclared: declaration) {
        case .integer: self = .integer
        case .text: self = .text
        case .real: self = .real
        case .blob, .numeric: self = .none
        }
    }
}

/// What the sink knows about one stored table: its key and its columns.
final class SQLiteSinkTable {
    // Only the writer thread touches a sink, one access at a time: the
    // runtime's exclusivity checks on these properties (a call and a
    // thread-local lookup per access) are turned off, as for DocumentMapper.
    let name: String
    let quotedName: String
    /// Primary-key columns in order; `["_id"]` for records without identity.
    let keyColumns: [String]
    @exclusivity(unchecked) var keyTypes: [SQLColumnType]
    /// True when rows are keyed by the synthetic `_id` (records without identity).
    let usesRowID: Bool
    /// Every column (keys included) and its declared type.
    @exclusivity(unchecked) var columns: [String: SQLColumnType]
    /// The first `_id` inserted during the current document: connections to
    /// records without identity look for their row from here on.
    @exclusivity(unchecked) var firstRowIDInDocument: Int64?
    /// The rows of the current document whose connection target attribute is
    /// stored as another kind than its JSON value (`true` as 1, a number as
    /// TEXT, an array as its JSON text): a connection must tell `true` from
    /// 1 and a number from a string (docs/spec.md §3.4), which the column no
    /// longer can (`SQLiteSink.connectedRow`). Usually empty.
    @exclusivity(unchecked) var rowsStoringAnotherKind: Set<Int64> = []
    /// True once this run deleted rows of the table (`replace`'s orphans):
    /// SQLite may then hand a deleted row's `_id` to a new row, whose links
    /// must be cleared before they are written.
    @exclusivity(unchecked) var deletedRowsInRun = false

    init(name: String, keyColumns: [String], keyTypes: [SQLColumnType], usesRowID: Bool, columns: [String: SQLColumnType]) {
        self.name = name
        self.quotedName = SQL.quote(name)
        self.keyColumns = keyColumns
        self.keyTypes = keyTypes
        self.usesRowID = usesRowID
        self.columns = columns
    }

    /// `"k1" = ? AND "k2" = ?` for the key columns, with parameters from `firstIndex`.
    func keyPredicate(columns: [String]? = nil) -> String {
        (columns ?? keyColumns).map { "\(SQL.quote($0)) = ?" }.joined(separator: " AND ")
    }
}

/// A link table `PARENT_relationship` for a to-many relationship or connection:
/// parent key column(s), child key column(s) and `position`.
final class SQLiteSinkLinkTable {
    // Only the writer thread touches a sink, one access at a time: the
    // runtime's exclusivity checks on these properties (a call and a
    // thread-local lookup per access) are turned off, as for DocumentMapper.
    let name: String
    let quotedName: String
    let parentColumns: [String]
    let childColumns: [String]
    /// The table the child key columns refer to (for `replace`'s orphan deletion).
    let childTable: String?
    /// True when the children can be of several types: `child_type` names each
    /// child's table, and `replace` deletes orphans from each.
    let hasTypeColumn: Bool
    /// Per child type (when children have several types), the positions in
    /// `childColumns` of its key columns; the other child columns stay NULL in
    /// its rows.
    let positionsByType: [String: [Int]]
    /// Whether the index on the child columns that `replace` needs exists.
    @exclusivity(unchecked) var hasChildIndex = false
    /// True when this run created the table: every row in it was written by
    /// this run, so a parent row inserted just now can have no links yet.
    let createdInRun: Bool
    /// False while the table, created by this run, has had no row inserted:
    /// there is nothing in it to clear (a relationship without `"many"`
    /// given an object clears its links, `SQLiteSink.writeRecord`).
    @exclusivity(unchecked) var mayHoldRows: Bool

    /// The statements links are written with, their SQL built once: a run
    /// executes them for every parent row, and building and hashing SQL text
    /// per row cost as much as SQLite's own work.
    let deleteSQL: String
    let insertSQL: String
    /// The stored child columns (`child_…`, then `child_type`) of a parent's links.
    let selectStoredSQL: String
    /// `selectStoredSQL` plus `position`, for `union`.
    let selectStoredAndPositionSQL: String
    /// One row when some link still refers to a child (`replace`'s orphan check).
    let stillLinkedSQL: String
    @exclusivity(unchecked) var deleteStatement: SQLiteStatement?
    @exclusivity(unchecked) var insertStatement: SQLiteStatement?
    /// Values per inserted row: parent key, child key, `position`, `child_type`.
    let rowWidth: Int
    /// Link rows per multi-row INSERT: one statement per row costs SQLite
    /// more than the row itself (cursors opened, the B-trees descended from
    /// the root, the statement halted), a quarter of a bulk run's work.
    /// At most 999 parameters, SQLite's historical limit.
    let batchRows: Int
    /// Rows waiting for the next multi-row INSERT, their values in order
    /// (`pendingRows` rows of `rowWidth` values). Written before anything
    /// reads or deletes this table's rows, and before the run (or, under
    /// `--keep-going`, the document) ends: see `SQLiteSink.flushLinks`.
    @exclusivity(unchecked) var pendingValues: [SQLiteValue] = []
    @exclusivity(unchecked) var pendingRows = 0
    /// In `SQLiteSink.linksWithPendingRows`.
    @exclusivity(unchecked) var queuedForFlush = false
    /// INSERTs of `n` rows by `n` (`batchRows` for full batches).
    @exclusivity(unchecked) var insertRowsStatements: [Int: SQLiteStatement] = [:]
    @exclusivity(unchecked) var selectStoredAndPositionStatement: SQLiteStatement?
    @exclusivity(unchecked) var stillLinkedStatement: SQLiteStatement?

    init(
        name: String, parentColumns: [String], childColumns: [String], childTable: String?,
        hasTypeColumn: Bool = false, columnsByType: [String: [String]] = [:], createdInRun: Bool = false
    ) {
        self.name = name
        let quotedName = SQL.quote(name)
        self.quotedName = quotedName
        self.parentColumns = parentColumns
        self.childColumns = childColumns
        self.childTable = childTable
        self.hasTypeColumn = hasTypeColumn
        self.createdInRun = createdInRun
        self.mayHoldRows = !createdInRun
        self.positionsByType = columnsByType.mapValues { columns in columns.compactMap { childColumns.firstIndex(of: $0) } }

        let parentWhere = parentColumns.map { "\(SQL.quote($0)) = ?" }.joined(separator: " AND ")
        let stored = childColumns + (hasTypeColumn ? ["child_type"] : [])
        let storedList = stored.map(SQL.quote).joined(separator: ", ")
        let inserted = parentColumns + childColumns + ["position"] + (hasTypeColumn ? ["child_type"] : [])
        self.deleteSQL = "DELETE FROM \(quotedName) WHERE \(parentWhere)"
        self.insertSQL = Self.insertSQL(quotedName, inserted, rows: 1)
        self.rowWidth = inserted.count
        self.batchRows = max(1, min(32, 999 / inserted.count))
        self.selectStoredSQL = "SELECT \(storedList) FROM \(quotedName) WHERE \(parentWhere)"
        self.selectStoredAndPositionSQL = "SELECT \(storedList), \"position\" FROM \(quotedName) WHERE \(parentWhere)"
        // `IS` matches the NULLs of columns another child type's key uses.
        self.stillLinkedSQL = "SELECT 1 FROM \(quotedName) WHERE "
            + stored.map { "\(SQL.quote($0)) IS ?" }.joined(separator: " AND ") + " LIMIT 1"
    }

    /// `INSERT INTO "T" ("a", "b") VALUES (?, ?), (?, ?), …` for `rows` rows.
    static func insertSQL(_ quotedName: String, _ columns: [String], rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(quotedName) (\(columns.map(SQL.quote).joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// The SQL of an INSERT of `rows` rows into this table.
    func insertSQL(rows: Int) -> String {
        guard rows > 1 else { return insertSQL }
        let columns = parentColumns + childColumns + ["position"] + (hasTypeColumn ? ["child_type"] : [])
        return Self.insertSQL(quotedName, columns, rows: rows)
    }

    /// Whether a child row's key fits the child key columns (its type's
    /// columns when children have several types). Allocates nothing.
    func fits(_ ref: SQLiteSink.RowRef) -> Bool {
        if positionsByType.isEmpty { return ref.key.count == childColumns.count }
        guard let positions = positionsByType[ref.table.name] else { return ref.key.count == childColumns.count }
        return positions.count == ref.key.count
    }

    /// The child key columns' values for a child row: its key where its type
    /// has its columns, NULL elsewhere; `nil` when the key does not fit.
    func childValues(_ ref: SQLiteSink.RowRef) -> [SQLiteValue]? {
        guard !positionsByType.isEmpty, let positions = positionsByType[ref.table.name] else {
            return ref.key.count == childColumns.count ? ref.key : nil
        }
        guard positions.count == ref.key.count else { return nil }
        var values = [SQLiteValue](repeating: .null, count: childColumns.count)
        for (i, p) in positions.enumerated() { values[p] = ref.key[i] }
        return values
    }

    /// The values stored for a link to `ref`: its child key columns, then
    /// `child_type` when the table has it; `nil` when the key does not fit.
    func storedValues(_ ref: SQLiteSink.RowRef) -> [SQLiteValue]? {
        guard var values = childValues(ref) else { return nil }
        if hasTypeColumn { values.append(.text(ref.table.name)) }
        return values
    }

    /// The column naming scheme of link tables: `parent_` / `child_` + the key
    /// column (`_id` becomes `parent_id`, `authorId` becomes `child_authorId`).
    static func column(_ prefix: String, _ key: String) -> String {
        key.hasPrefix("_") ? prefix + key : prefix + "_" + key
    }
}
