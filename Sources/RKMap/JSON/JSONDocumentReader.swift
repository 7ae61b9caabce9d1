/// Reads a sequence of JSON documents from one input: NDJSON (one value per
/// line), concatenated JSON (`{"a":1}{"b":2}`, `1 2`), or a single document.
///
/// Empty or whitespace-only input holds zero documents. After a syntax error
/// the reader is finished: `next()` returns nil.
///
/// ```swift
/// var reader = JSONDocumentReader(bytes: Array("{\"a\":1}\n{\"a\":2}\n".utf8))
/// while let doc = try reader.next() { print(doc["a"]!) }   // 1, then 2
/// ```
public struct JSONDocumentReader: Sendable {
    public let bytes: [UInt8]
    public let maxDepth: Int
    /// The byte offset just past the last document read.
    public private(set) var offset = 0
    /// The byte offset where the last document returned by `next()` began.
    public private(set) var documentStartOffset = 0
    private var finished = false

    public init(bytes: [UInt8], maxDepth: Int = 512) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The next document, or nil at the end of the input.
    ///
    /// - Throws: `JSONSyntaxError` located in the whole input (line numbers
    ///   count from the input's start, so NDJSON errors name the right line).
    public mutating func next() throws(JSONSyntaxError) -> JSONValue? {
        try next(projection: .everything)
    }

    /// The next document read through `projection` (validated whole, built
    /// as far as it asks), or nil at the end of the input.
    public mutating func next(projection: ProjectionPlan) throws(JSONSyntaxError) -> JSONValue? {
        if finished { return nil }
        let start = offset
        let maxDepth = self.maxDepth
        let result = bytes.withUnsafeBytes { buf -> Result<(JSONValue, Int, Int)?, JSONSyntaxError> in
            var scanner = JSONScanner(bytes: buf, offset: start, maxDepth: maxDepth)
            do throws(JSONSyntaxError) {
                if try scanner.atEnd() { return .success(nil) }
                let documentStart = scanner.offset
                let value = projection.reads == .everything ? try scanner.readValue() : try scanner.readValue(projection: projection)
                return .success((value, documentStart, scanner.offset))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let document?):
            documentStartOffset = document.1
            offset = document.2
            return document.0
        case .success(nil):
            finished = true
            offset = bytes.count
            return nil
        case .failure(let error):
            finished = true
            offset = bytes.count
            throw error
        }
    }

    /// The line and column of a byte offset of the input.
    public func location(ofOffset offset: Int) -> SourceLocation {
        bytes.withUnsafeBytes { JSONLexer.location(in: $0, ofOffset: offset) }
    }
}
