/// The records of a large to-many relationship in a document mapped whole,
/// held as compact bytes (`HeldRecords`: about 50 bytes for a record of four
/// small fields, against about 300 as a record) and made again one at a time
/// when an output reads them (`FieldList`).
///
/// Made by `DocumentMapper.mapList(held:)` for an array held as its elements'
/// text (`JSONProjection.elements`): the records made from it would
/// otherwise cost several times the text they came from.
final class HeldFieldList: HeldFieldValues, @unchecked Sendable {
    // Unchecked: `HeldRecords` holds a hash closure; nothing here changes
    // once the list is made, and any thread may read it.
    private let records: HeldRecords
    private let starts: [Int]

    private init(records: HeldRecords, starts: [Int]) {
        self.records = records
        self.starts = starts
    }

    var count: Int { starts.count }

    func element(at i: Int) -> FieldValue { records.field(at: starts[i]) }

    /// The list while its values are appended.
    struct Builder {
        private var records: HeldRecords
        private var starts: [Int] = []

        init(graph: MappingGraph) { records = HeldRecords(graph: graph) }

        mutating func append(_ value: FieldValue) { starts.append(records.append(value)) }

        func finish() -> HeldFieldList { HeldFieldList(records: records, starts: starts) }
    }
}
