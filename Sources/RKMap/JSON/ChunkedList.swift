/// A list that grows by chunks of fixed capacity (the first as elements come) instead of by doubling one
/// buffer: a list as large as a document's records (the keys of the SQLite
/// sink's child rows, `SQLiteChildRows`) then never needs its old and new
/// buffers at once, which would make its peak three times its size.
package struct ChunkedList<Element>: RandomAccessCollection {
    /// How many elements a chunk holds.
    let chunkCapacity: Int
    private var chunks: [[Element]] = []
    private var elementCount = 0

    init(chunkCapacity: Int = 4096) { self.chunkCapacity = chunkCapacity }

    package var isEmpty: Bool { chunks.isEmpty }
    package var startIndex: Int { 0 }
    package var endIndex: Int { elementCount }

    package subscript(i: Int) -> Element {
        chunks[i / chunkCapacity][i % chunkCapacity]
    }

    mutating func append(_ element: Element) {
        if chunks.isEmpty {
            // The first chunk grows as elements come: a list of a few
            // (one sample's origins) holds no chunk's room while it lives.
            chunks.append([])
        } else if chunks[chunks.count - 1].count == chunkCapacity {
            var chunk: [Element] = []
            chunk.reserveCapacity(chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        elementCount += 1
    }

    mutating func removeAll() {
        chunks.removeAll()
        elementCount = 0
    }

    package func makeIterator() -> FlattenSequence<[[Element]]>.Iterator { chunks.joined().makeIterator() }
}

extension ChunkedList: Equatable where Element: Equatable {
    package static func == (a: ChunkedList, b: ChunkedList) -> Bool { a.elementsEqual(b) }
}
