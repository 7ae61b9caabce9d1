import Testing
@testable import RKMap

/// `ChunkedList`: a list grown by fixed chunks, read in order and by position.
@Suite struct ChunkedListTests {
    /// Across chunk boundaries: each element where it was appended, in
    /// order, counted; emptied by `removeAll`.
    @Test func elementsReadBackByPositionAndInOrderAcrossChunks() {
        let capacity = 5
        var list = ChunkedList<Int>(chunkCapacity: capacity)
        #expect(list.isEmpty && list.count == 0)
        let n = capacity * 2 + 3
        for i in 0..<n { list.append(i * 7) }
        #expect(list.count == n && !list.isEmpty)
        #expect(list[0] == 0)
        #expect(list[capacity - 1] == (capacity - 1) * 7)
        #expect(list[capacity] == capacity * 7)
        #expect(list[n - 1] == (n - 1) * 7)
        #expect(Array(list) == (0..<n).map { $0 * 7 })
        #expect(list.indices.allSatisfy { list[$0] == $0 * 7 })
        var other = ChunkedList<Int>()  // chunks of another size: the same elements
        for i in 0..<n { other.append(i * 7) }
        #expect(other == list)
        other.append(1)
        #expect(other != list)
        list.removeAll()
        #expect(list.isEmpty && list.count == 0 && Array(list).isEmpty)
    }
}
