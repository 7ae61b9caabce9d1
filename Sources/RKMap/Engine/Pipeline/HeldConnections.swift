/// Connects the roots held for a document (`HeldRecords`) as a whole read
/// connects them (`MappingEngine.connect`, docs/spec.md §3.4), in two passes
/// over the held bytes: `lookUp` finds every connection's target, telling
/// `notFound` of each value no record has (in the order a reader meets them),
/// so that warnings, and `--strict`, are known before anything is written;
/// `fill` then connects each root as it is read back.
///
/// A connected record is read back once per root that connects to it, and
/// shared by its connections there, as a whole read shares one record: one
/// record connected from thousands of places may hold a large subtree.
/// A list held as bytes (`HeldFieldList`) is filled as the output reads it,
/// its records looked up afresh.
///
/// ```swift
/// let connections = HeldConnections(held)
/// connections.lookUpAll(beforeRoot: {}, notFound: warn)
/// held.forEach { if case .root(var root) = $0 { connections.fill(&root); write(root) } }
/// ```
final class HeldConnections {
    let held: HeldRecords
    /// Fills the records of a held list as they are read, without warnings.
    private let quietly: ConnectionFiller
    /// The records connected in the root being filled, by position.
    private var connected: [Int: Record] = [:]
    private var filler: ConnectionFiller!

    init(_ held: HeldRecords) {
        self.held = held
        quietly = ConnectionFiller(find: { c, key in held.first(c, key).map(held.record(at:)) }, notFound: nil)
        filler = ConnectionFiller(find: { [unowned self] c, key in
            guard let position = held.first(c, key) else { return nil }
            if let record = connected[position] { return record }
            let record = held.record(at: position)
            connected[position] = record
            return record
        }, notFound: nil, heldListFiller: quietly)
    }

    /// The first pass: every held root's connections looked up, asking only
    /// whether a target is there, and `notFound` told of each value none has,
    /// with whether a record has it as the other kind (`2244` for `"2244"`,
    /// `MappingEngine.otherKind`). `beforeRoot` runs before each root (a
    /// check for an interruption).
    func lookUpAll(
        listsFrom: Int? = nil, beforeRoot: () throws -> Void,
        notFound: @escaping (Connection, Record, JSONValue, _ otherKindFound: Bool) -> Void
    ) rethrows {
        let held = self.held
        let found = Record(mapper: held.someMapper)
        let lookUp = ConnectionFiller(find: { held.first($0, $1) == nil ? nil : found }, notFound: { c, record, value in
            let otherKind = MappingEngine.otherKind(of: value).map { held.first(c, $0) != nil } ?? false
            notFound(c, record, value, otherKind)
        }, heldListFiller: quietly)
        try held.forEach(listsFrom: listsFrom) { entry in
            guard case .root(var root) = entry else { return }
            try beforeRoot()
            lookUp.fill(&root)
        }
    }

    /// Connects one root read back.
    func fill(_ root: inout FieldValue) {
        filler.fill(&root)
        connected.removeAll(keepingCapacity: true)
    }
}
