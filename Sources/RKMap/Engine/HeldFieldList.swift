/// The records of a large to-many relationship in a document mapped whole,
/// held as compact bytes (`HeldRecords`: about 50 bytes for a record of four
/// small fields, against about 300 as a record) and made again one at a time
/// when an output reads them (`FieldList`).
///
/// Made by `DocumentMapper.mapList(held:)` for an array held as its elements'
/// text (`JSONProjection.elements`): the records made from it would
/// otherwise cost several times the text they came from.
///
/// Under a spec with connections (docs/spec.md §3.4) the records are held as
/// they were mapped, and indexed by the values connections look them up by
/// (`HeldRecords.first`): `MappingEngine.connect` finds targets in them
/// (`first`), gives each record's warnings in a pass of its own, and makes
/// the list whose records are filled as they are read (`connected(by:)`).
final class HeldFieldList: HeldFieldValues, @unchecked Sendable {
    // Unchecked: `HeldRecords` holds a hash closure, and `filler` closures;
    // nothing here changes once the list is made, and any thread may read it.
    /// Where the records are held (a document's held roots adopt them: `HeldRecords`).
    let records: HeldRecords
    private let starts: [Int]
    /// Fills each record's connections as it is read; nil before `connect`.
    private let filler: ConnectionFiller?

    /// The records stored in `records` at `starts` (each a position
    /// `HeldRecords.field(at:)` reads).
    init(records: HeldRecords, starts: [Int], filler: ConnectionFiller? = nil) {
        self.records = records
        self.starts = starts
        self.filler = filler
    }

    var count: Int { starts.count }

    /// Whether its records are filled with their connections as they are read.
    var isConnected: Bool { filler != nil }

    /// The bytes the records are held in (with any others stored beside them).
    var byteCount: Int { records.byteCount }

    func element(at i: Int) -> FieldValue {
        var value = records.field(at: starts[i])
        filler?.fill(&value)
        return value
    }

    /// The first record, in this list's order, of the connection's target
    /// with this value, as it was mapped (without its connections).
    func first(_ c: Connection, _ key: MappingEngine.ConnectionKey) -> Record? {
        records.first(c, key).map(records.record(at:))
    }

    /// The same records, each filled by `filler` whenever it is read.
    func connected(by filler: ConnectionFiller) -> HeldFieldList {
        HeldFieldList(records: records, starts: starts, filler: filler)
    }

    /// The list while its values are appended.
    struct Builder {
        private var records: HeldRecords
        private var starts: [Int] = []

        init(graph: MappingGraph, indexing: HeldRecords.TargetIndex = .kept) { records = HeldRecords(graph: graph, indexing: indexing) }

        mutating func append(_ value: FieldValue) { starts.append(records.append(value)) }
        /// The bytes of the records appended so far.
        var byteCount: Int { records.ownBytes }

        func finish() -> HeldFieldList { HeldFieldList(records: records, starts: starts) }
    }
}
