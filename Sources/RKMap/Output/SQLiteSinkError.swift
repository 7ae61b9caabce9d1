/// Why SQLite output failed. SQLite's own errors arrive as `SQLiteError`.
public enum SQLiteSinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A document was abandoned (bad input, a `fail` validation, …): the whole
    /// run was rolled back and the database is as it was before the run.
    case runAbandoned(path: String)
    /// A record of an entity lacks (or has `null` for) an identification attribute,
    /// so it has no row to upsert.
    case missingIdentity(type: String, attribute: String)
    /// An identification value is a number its key column would keep as
    /// text, the key of a string of its digits (`SQLiteSink.identityProblem`).
    case numberKeyAsText(type: String, attribute: String, number: String)
    /// An untyped identification value that is a boolean, an array or an
    /// object: the key of a number or a string (`SQLiteSink.identityProblem`).
    case sharedKey(message: String)
    /// A record's `modificationAttribute` value and the stored row's cannot
    /// be compared (a number and a word): which is newer is unknown.
    case incomparableVersions(type: String, attribute: String, value: String, stored: String)
    /// An existing table's primary key differs from the identification the spec
    /// declares now.
    case keyMismatch(table: String, expected: [String], found: [String])
    /// An existing table for records without identity whose `_id` column is
    /// not SQLite's row id (`_id TEXT PRIMARY KEY`, a `WITHOUT ROWID` table):
    /// rows would get no `_id`, and links, which hold the row id, would join
    /// nothing.
    case rowIDMismatch(table: String, declared: String)
    /// A record attribute is named like the column rkmap reserves (`_id`).
    case reservedColumn(table: String, column: String)
    /// `write` or `beginDocument` after `finish()` or `rollback()`.
    case finished
    /// The spec's type, relationship or attribute names cannot be SQLite
    /// tables or columns (`SQLiteSchema.problems`, one line each).
    case invalidNames([String])
    /// A record whose type the spec given to the sink cannot produce.
    case notInSpec(type: String)
    /// An existing column's declared type would make SQLite convert the
    /// values this spec writes there (docs/spec.md §10.4): `"02139"` into an
    /// INTEGER column becomes 2139.
    case columnTypeMismatch(table: String, column: String, declared: String, planned: String)
    /// A table would have more columns than this SQLite allows
    /// (`SQLITE_LIMIT_COLUMN`, 2,000 unless SQLite was built otherwise).
    case tooManyColumns(table: String, count: Int, limit: Int)
    /// An existing link table lacks a column this spec stores links in.
    case linkTableMismatch(table: String, missingColumn: String)
    /// `--type T` writes only T's rows, and a connection of T links records
    /// of another type that have no identity: their rows would not exist, so
    /// the links could not be written.
    case typeLeavesOutConnectedRows(type: String, connection: String, target: String)

    /// A problem of one document's data (not of the schema or the database),
    /// which `--keep-going` can skip.
    var failsDocumentOnly: Bool {
        switch self {
        case .missingIdentity, .numberKeyAsText, .sharedKey, .incomparableVersions: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .runAbandoned(let path):
            return "\(path): a document failed, so nothing from this run was written (the database is unchanged)"
        case .missingIdentity(let type, let attribute):
            return "a record of type \(type) has no value for its identification attribute '\(attribute)'; map it or fix 'identification' so every \(type) can be stored"
        case .numberKeyAsText(let type, let attribute, let number):
            return SQLiteSink.IdentityProblem(slot: 0, kind: .numberAsText(number)).message(type: type, attribute: attribute)
        case .sharedKey(let message):
            return message
        case .incomparableVersions(let type, let attribute, let value, let stored):
            return "cannot tell whether the \(type) record is newer than its stored row: its modificationAttribute '\(attribute)' is \(value) "
                + "and the row's is \(stored); give '\(attribute)' one type in \"types\" (int, decimal or date) so that every version compares"
        case .keyMismatch(let table, let expected, let found):
            return "table \(table) exists with primary key (\(found.joined(separator: ", "))) but the spec identifies it by (\(expected.joined(separator: ", "))); write to a new file or drop the table"
        case .rowIDMismatch(let table, let declared):
            return "table \(table) exists with column '_id' declared \(declared.isEmpty ? "without a type" : declared), which is not SQLite's row id "
                + "(only \"_id\" INTEGER PRIMARY KEY, in a table with row ids, is); its records have no identity and are keyed by the row id, "
                + "so their rows would get no '_id' and their links would join nothing; write to a new file or drop the table"
        case .reservedColumn(let table, let column):
            return "table \(table): attribute '\(column)' clashes with the row id column rkmap adds to records without identity; rename the destination"
        case .finished:
            return "the SQLite output was already finished"
        case .invalidNames(let lines):
            return lines.joined(separator: "\n")
        case .notInSpec(let type):
            return "a \(type) record reached the SQLite output, but the spec it was opened with produces no \(type) table"
        case .typeLeavesOutConnectedRows(let type, let connection, let target):
            return "--type \(type) writes only \(type) rows, but \(type)'s connection '\(connection)' links \(target) records, "
                + "which have no identity, so their rows and the links would be missing; "
                + "drop --type, or give \(target) an identification (docs/spec.md §7)"
        case .columnTypeMismatch(let table, let column, let declared, let planned):
            let what = planned.isEmpty ? "values of any kind there as they come (the attribute is untyped, decimal or any)" : "\(planned.lowercased()) values there"
            return "table \(table) exists with column '\(column)' declared \(declared.isEmpty ? "without a type" : declared), "
                + "but the spec stores \(what), which SQLite would convert on the way in (a string \"02139\" into an INTEGER column is stored as 2139); "
                + "write to a new file, drop the column or the table, or give the attribute the column's type in \"types\""
        case .tooManyColumns(let table, let count, let limit):
            return "table \(table) would have \(count) columns, but SQLite allows at most \(limit) in a table; "
                + "map fewer attributes of this type, split them over several mappers with other target types, "
                + "or store a group of them as one JSON column (a destination without dots, from a key path to their object)"
        case .linkTableMismatch(let table, let column):
            return "link table \(table) exists without column '\(column)' that this spec stores links in; write to a new file or drop the table"
        }
    }
}
