/// The rows a record's to-many relationship's children were written to,
/// kept until the record's own row is and its links can be: their keys in
/// flat lists grown by chunks (`ChunkedList`), an `_id` as its integer alone,
/// and their table once per run of children of one table. A `RowRef` each
/// (a table reference and a key array of its own, about 72 bytes a child)
/// was, for a document of many records mapped whole, a fifth of what SQLite
/// output held at its peak.
struct SQLiteChildRows: Sequence {
    private var runs: [Run] = []
    private var rowIDs = ChunkedList<Int64>()
    private var keys = ChunkedList<SQLiteValue>()
    private(set) var count = 0

    fileprivate struct Run {
        let table: SQLiteSinkTable
        /// The key's width; -1 for a run of one-integer keys (in `rowIDs`).
        let width: Int
        var count: Int
    }

    init() {}

    init(_ refs: [SQLiteSink.RowRef]) {
        for ref in refs { append(ref) }
    }

    var isEmpty: Bool { count == 0 }

    /// The first child's table (which names the link table).
    var firstTable: SQLiteSinkTable? { runs.first?.table }

    mutating func append(_ ref: SQLiteSink.RowRef) {
        count += 1
        var width = ref.key.count
        if width == 1, case .integer(let id) = ref.key[0] {
            width = -1
            rowIDs.append(id)
        } else {
            for value in ref.key { keys.append(value) }
        }
        if let last = runs.last, last.table === ref.table, last.width == width {
            runs[runs.count - 1].count += 1
        } else {
            runs.append(Run(table: ref.table, width: width, count: 1))
        }
    }

    /// The children in the order they were appended, each as its `RowRef`.
    struct Iterator: IteratorProtocol {
        fileprivate var runs: IndexingIterator<[Run]>
        fileprivate var rowIDs: FlattenSequence<[[Int64]]>.Iterator
        fileprivate var keys: FlattenSequence<[[SQLiteValue]]>.Iterator
        fileprivate var run: Run?

        mutating func next() -> SQLiteSink.RowRef? {
            while run.map({ $0.count == 0 }) ?? true {
                guard let next = runs.next() else { return nil }
                run = next
            }
            run!.count -= 1
            let width = run!.width
            guard width >= 0 else { return (run!.table, [.integer(rowIDs.next()!)]) }
            var key: [SQLiteValue] = []
            key.reserveCapacity(width)
            for _ in 0..<width { key.append(keys.next()!) }
            return (run!.table, key)
        }
    }

    func makeIterator() -> Iterator {
        Iterator(runs: runs.makeIterator(), rowIDs: rowIDs.makeIterator(), keys: keys.makeIterator(), run: nil)
    }
}
