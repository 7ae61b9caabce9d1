/// Where a buffer's first byte sits in its whole input, so a scanner over a
/// window of a long stream still reports lines and columns of the whole input
/// (the window's earlier bytes are gone by then).
public struct TextOrigin: Sendable, Equatable {
    /// The 1-based line and column (Unicode scalars) of the buffer's first byte.
    public var line: Int
    public var column: Int
    /// True when the buffer starts at the input's first byte: only there is a
    /// byte order mark skipped (RFC 8259 §8.1).
    public var isInputStart: Bool

    public init(line: Int, column: Int, isInputStart: Bool) {
        self.line = line
        self.column = column
        self.isInputStart = isInputStart
    }

    /// The start of an input.
    public static let start = TextOrigin(line: 1, column: 1, isInputStart: true)

    /// The origin of the byte just after `buf[..<end]`, when this is `buf`'s origin.
    ///
    /// - Complexity: O(end), a byte search for line breaks (only used when a
    ///   window moves on, once per batch of documents).
    public func advanced(over buf: UnsafeRawBufferPointer, to end: Int) -> TextOrigin {
        guard end > 0 else { return self }
        // Line breaks found with memchr (vectorized in the C library): NDJSON
        // has one per document, so this is a few calls per kilobyte, where a
        // word-at-a-time count looked at every byte.
        var newlines = 0
        var lastNewline = -1
        var i = 0
        let base = buf.baseAddress!
        while i < end, let hit = memchr(base + i, Int32(JSONByte.newline), end - i) {
            let at = base.distance(to: UnsafeRawPointer(hit))
            newlines &+= 1
            lastNewline = at
            i = at &+ 1
        }
        var next = TextOrigin(line: line, column: column, isInputStart: false)
        if newlines == 0 {
            let skip = isInputStart && JSONLexer.hasByteOrderMark(buf) ? 3 : 0
            next.column = JSONLexer.column(in: buf, lineStart: skip, offset: end) + column - 1
        } else {
            next.line += newlines
            next.column = JSONLexer.column(in: buf, lineStart: lastNewline + 1, offset: end)
        }
        return next
    }
}
