/// The SQL storage type a column is declared with. `none` (no declared type)
/// stores each value as bound: used for untyped attributes whose first value was `null`.
enum SQLColumnType: String, Sendable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case none = ""

    /// The type of a declared attribute type (docs/spec.md §10.4).
    init(declared type: ValueType) {
        switch type {
        case .int, .bool: self = .integer
        case .double: self = .real
        case .string, .decimal, .date, .url, .array, .set, .any: self = .text
        }
    }

    /// The type of an untyped value: the SQLite type of its JSON kind.
    init(kindOf value: JSONValue) {
        switch value {
        case .null: self = .none
        case .bool: self = .integer
        case .number(let n): self = n.isIntegerLiteral && Int64(n.text) != nil ? .integer : .real
        case .string, .array, .object: self = .text
        }
    }

    /// A type read back from `PRAGMA table_info`, by SQLite's affinity rules.
    init(declaration: String) {
        let upper = declaration.uppercased()
        if upper.contains("INT") { self = .integer }
        else if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") { self = .text }
        else if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") { self = .real }
        else { self = .none }
    }
}

/// What the sink knows about one stored table: its key and its columns.
final class SQLiteSinkTable {
    let name: String
    let quotedName: String
    /// Primary-key columns in order; `["_id"]` for records without identity.
    let keyColumns: [String]
    var keyTypes: [SQLColumnType]
    /// True when rows are keyed by the synthetic `_id` (records without identity).
    let usesRowID: Bool
    /// Every column (keys included) and its declared type.
    var columns: [String: SQLColumnType]
    /// The first `_id` inserted during the current document: connections to
    /// records without identity look for their row from here on.
    var firstRowIDInDocument: Int64?

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
    let name: String
    let quotedName: String
    let parentColumns: [String]
    let childColumns: [String]
    /// The table the child key columns refer to (for `replace`'s orphan deletion).
    let childTable: String?
    /// Whether the index on the child columns that `replace` needs exists.
    var hasChildIndex = false

    init(name: String, parentColumns: [String], childColumns: [String], childTable: String?) {
        self.name = name
        self.quotedName = SQL.quote(name)
        self.parentColumns = parentColumns
        self.childColumns = childColumns
        self.childTable = childTable
    }

    /// The column naming scheme of link tables: `parent_` / `child_` + the key
    /// column (`_id` becomes `parent_id`, `authorId` becomes `child_authorId`).
    static func column(_ prefix: String, _ key: String) -> String {
        key.hasPrefix("_") ? prefix + key : prefix + "_" + key
    }
}
