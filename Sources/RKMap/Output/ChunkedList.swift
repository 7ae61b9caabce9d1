/// A list that grows by chunks of fixed capacity instead of by doubling one
/// buffer: a list as large as a document's records (the keys of the SQLite
/// sink's child rows, `SQLiteChildRows`) then never needs its old and new
/// buffers at once, which would make its peak three times its size.
struct ChunkedList<Element>: Sequence {
    static var chunkCapacity: Int { 4096 }

    private var chunks: [[Element]] = []

    var isEmpty: Bool { chunks.isEmpty }

    mutating func append(_ element: Element) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
    }

    mutating func removeAll() { chunks.removeAll() }

    func makeIterator() -> FlattenSequence<[[Element]]>.Iterator { chunks.joined().makeIterator() }
}
