/// For each document `InferSampleSet` kept, its number among all those added
/// (0 first), ascending: what a message about a kept document names. Held in
/// 4 bytes each, counted from the first of its chunk of 4,096: samples whose
/// keys all differ keep every document, and an `Int` each (8 bytes) was a
/// tenth of what `infer` held for 168,000 one-member lines.
///
/// ```swift
/// var origins = InferOrigins()
/// origins.append(0); origins.append(7)
/// origins[1]   // 7
/// ```
package struct InferOrigins: RandomAccessCollection, Equatable {
    private static let chunkCapacity = 4096
    /// Each chunk's first number and each number's distance from it.
    private var chunks: [(base: Int, offsets: [UInt32])] = []
    /// Numbers too far from their chunk's first (4 billion documents
    /// skipped as repeats among 4,096 kept), by position: their offset is
    /// `UInt32.max`.
    private var far: [Int: Int] = [:]
    package private(set) var endIndex = 0
    package var startIndex: Int { 0 }

    package init() {}

    package subscript(i: Int) -> Int {
        let chunk = chunks[i / Self.chunkCapacity]
        let offset = chunk.offsets[i % Self.chunkCapacity]
        return offset == UInt32.max ? far[i]! : chunk.base + Int(offset)
    }

    mutating func append(_ number: Int) {
        if chunks.isEmpty || chunks[chunks.count - 1].offsets.count == Self.chunkCapacity {
            var offsets: [UInt32] = []
            // The first chunk grows as numbers come (one sample's origins hold no chunk's room).
            if !chunks.isEmpty { offsets.reserveCapacity(Self.chunkCapacity) }
            chunks.append((number, offsets))
        }
        let last = chunks.count - 1
        if let offset = UInt32(exactly: number - chunks[last].base), offset != UInt32.max {
            chunks[last].offsets.append(offset)
        } else {
            far[endIndex] = number
            chunks[last].offsets.append(UInt32.max)
        }
        endIndex += 1
    }

    package static func == (a: InferOrigins, b: InferOrigins) -> Bool { a.elementsEqual(b) }
}
