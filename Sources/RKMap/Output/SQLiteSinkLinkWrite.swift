/// A parent's to-many links being written under its assignment policy
/// (`SQLiteSink.beginLinks`, `addLinks`, `endLinks`): all at once for a
/// whole record, or as the elements of a streamed relationship come
/// (`SQLiteSink.openRecord`).
struct SQLiteSinkLinkWrite {
    let link: SQLiteSinkLinkTable
    let parentKey: [SQLiteValue]
    let policy: AssignmentPolicy
    /// The position of the next link.
    var next: Int64 = 0
    /// `union`: the children linked already (their stored key values).
    var existing: Set<[SQLiteValue]> = []
    /// `replace`: the parent's links before, in their order, and those of
    /// them linked again; the others may be orphans at the end.
    var old: [[SQLiteValue]] = []
    var oldValues: Set<[SQLiteValue]> = []
    var kept: Set<[SQLiteValue]> = []
}
