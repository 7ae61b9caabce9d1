/// For each document `InferSampleSet` kept, its number among all those added
/// (0 first), ascending: what a message about a kept document names. Held in
/// 4 bytes each, counted from the first of its chunk of 4,096: samples whose
/// keys all differ keep every document, and an `Int` each (8 bytes) was a
/// tenth of what `infer` held for 168,000 one-member lines. A chunk of
/// consecutive numbers (every document kept, as there) holds none of them,
/// only its count, until a number skips.
///
/// ```swift
/// var origins = InferOrigins()
/// origins.append(0); origins.append(7)
/// origins[1]   // 7
/// ```
package struct InferOrigins: RandomAccessCollection, Equatable {
    private static let chunkCapacity = 4096
    /// Each chunk's first number, how many it holds, and each number's
    /// distance from the first (`nil` while they are consecutive: the
    /// `i`th is `base + i`).
    private var chunks: [(base: Int, count: Int, offsets: [UInt32]?)] = []
    /// Numbers too far from their chunk's first (4 billion documents
    /// skipped as repeats among 4,096 kept), by position: their offset is
    /// `UInt32.max`.
    private var far: [Int: Int] = [:]
    package private(set) var endIndex = 0
    package var startIndex: Int { 0 }

    package init() {}

    package subscript(i: Int) -> Int {
        let chunk = chunks[i / Self.chunkCapacity]
        guard let offsets = chunk.offsets else { return chunk.base + i % Self.chunkCapacity }
        let offset = offsets[i % Self.chunkCapacity]
        return offset == UInt32.max ? far[i]! : chunk.base + Int(offset)
    }

    mutating func append(_ number: Int) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
            chunks.append((number, 0, nil))
        }
        let last = chunks.count - 1
        defer {
            chunks[last].count += 1
            endIndex += 1
        }
        if chunks[last].offsets == nil {
            if number == chunks[last].base + chunks[last].count { return }
            // The first skip: the consecutive ones written out. The first
            // chunk grows as numbers come (one sample's origins hold no
            // chunk's room).
            var offsets: [UInt32] = []
            if last > 0 { offsets.reserveCapacity(Self.chunkCapacity) }
            offsets.append(contentsOf: (0..<UInt32(chunks[last].count)))
            chunks[last].offsets = offsets
        }
        if let offset = UInt32(exactly: number - chunks[last].base), offset != UInt32.max {
            chunks[last].offsets!.append(offset)
        } else {
            far[endIndex] = number
            chunks[last].offsets!.append(UInt32.max)
        }
    }

    /// How many numbers are held written out (tests: consecutive ones are not).
    var writtenOut: Int { chunks.reduce(0) { $0 + ($1.offsets?.count ?? 0) } }

    package static func == (a: InferOrigins, b: InferOrigins) -> Bool { a.elementsEqual(b) }
}
