/// A strict (RFC 8259) pull scanner over a buffer of JSON bytes.
///
/// It can build whole values (`readValue`), validate and skip them without
/// allocating (`skipValue`), or walk containers step by step, so a streaming
/// driver reads `{"articles": [ … ]}` one article at a time:
///
/// ```swift
/// var s = JSONScanner(bytes: buffer)
/// try s.enterObject()
/// while let key = try s.nextKey() {
///     guard key == "articles" else { try s.skipValue(); continue }
///     try s.enterArray()
///     while try s.nextElement() { handle(try s.readValue()) }
/// }
/// ```
///
/// Numbers keep their source text; strings are validated as UTF-8 (overlong
/// forms, surrogates, values above U+10FFFF and lone `\u` surrogates are
/// errors). Errors carry the byte offset and the line and column.
///
/// The scanner does not own the bytes: the buffer must outlive it.
public struct JSONScanner {
    var buf: UnsafeRawBufferPointer
    /// Where `buf` starts in the whole input (locations count from there).
    public internal(set) var origin: TextOrigin
    public let maxDepth: Int
    /// The bytes were validated before (see `init(bytes:offset:maxDepth:trusted:)`).
    public let trusted: Bool
    /// The byte offset of the next unread byte.
    public internal(set) var offset: Int
    /// Open containers, counting both `enter*` calls and containers being built.
    var depth = 0
    /// More input follows the buffer (a reader of a stream sets it): an error
    /// that `needsMoreInput` will not be reported, so its location is not worked out.
    var inputContinues = false
    /// True right after `enterObject`/`enterArray`: the first `nextKey` or
    /// `nextElement` expects no comma.
    var justOpened = false
    /// Reused for strings with escapes (see `JSONLexer.scanString`).
    var scratch: [UInt8] = []
    /// Members and elements of the containers being built, innermost last:
    /// one shared growing stack instead of a growing array per container, so
    /// each finished container is copied out once at its exact size.
    var memberStack: [JSONObject.Member] = []
    var elementStack: [JSONValue] = []
    /// A place in this buffer whose location is known (the last syntax
    /// error's, set by a reader that recovers from it, or the last note's,
    /// `Splitter.noteLocation`): locations after it
    /// are counted from there, not from the buffer's start. Thousands of
    /// errors in one chunk under `--keep-going` each counted lines from the
    /// chunk's start: quadratic (40,000 errors took 19 s).
    var locationHint: (offset: Int, location: SourceLocation)?

    public init(bytes: UnsafeRawBufferPointer, maxDepth: Int = 512) {
        self.init(bytes: bytes, offset: 0, maxDepth: maxDepth)
    }

    /// Starts at `offset`; locations still count from the buffer's start.
    ///
    /// - Parameter trusted: set it for bytes another scanner has already
    ///   validated with `skipValue` (as the pipeline's splitter does before a
    ///   worker reads them): `readValue` then skips UTF-8 validation, the only
    ///   check a second reading can safely drop (about a tenth of its time on
    ///   non-ASCII text). Everything else is still checked, so errors stay as
    ///   they were, but invalid UTF-8 in a trusted buffer is undefined behaviour
    ///   (a `String` holding it breaks the standard library's invariants).
    ///   `skipValue` always validates.
    ///
    /// - Parameter origin: where `bytes` starts in its input, when it is a
    ///   chunk of a longer stream (see `ChunkedInput`).
    public init(bytes: UnsafeRawBufferPointer, offset: Int, maxDepth: Int = 512, trusted: Bool = false, origin: TextOrigin = .start) {
        self.buf = bytes
        self.origin = origin
        // RFC 8259 §8.1 lets a parser ignore a byte order mark; editors on
        // Windows write one, and it is never part of a value.
        self.offset = offset == 0 && origin.isInputStart && JSONLexer.hasByteOrderMark(bytes) ? 3 : offset
        self.maxDepth = maxDepth
        self.trusted = trusted
    }

    /// Line and column (Unicode scalars) of a byte offset in the buffer.
    public func location(ofOffset offset: Int) -> SourceLocation {
        if let hint = locationHint, hint.offset <= offset, hint.offset <= buf.count {
            let origin = TextOrigin(line: hint.location.line, column: hint.location.column, isInputStart: false)
            return JSONLexer.location(in: UnsafeRawBufferPointer(rebasing: buf[hint.offset...]), ofOffset: offset - hint.offset, origin: origin)
        }
        return JSONLexer.location(in: buf, ofOffset: offset, origin: origin)
    }

    /// Counts later locations from `error`'s (`locationHint`), when it was
    /// reported at a place in this buffer.
    mutating func continueLocations(after error: JSONSyntaxError) {
        guard error.location.line > 0, error.offset <= buf.count else { return }
        locationHint = (error.offset, error.location)
    }

    /// Skips whitespace.
    ///
    /// - Returns: true when the input is exhausted.
    public mutating func atEnd() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        return offset >= buf.count
    }

    /// Skips whitespace and classifies the next value from its first byte.
    public mutating func peekKind() throws(JSONSyntaxError) -> JSONKind {
        skipWhitespace()
        guard offset < buf.count else { throw fail(expectedValue(at: offset)) }
        switch buf[offset] {
        case JSONByte.openBrace: return .object
        case JSONByte.openBracket: return .array
        case JSONByte.quote: return .string
        case JSONByte.lowerT, JSONByte.lowerF: return .bool
        case JSONByte.lowerN: return .null
        case let b where b == JSONByte.minus || JSONByte.isDigit(b): return .number
        default: throw fail(expectedValue(at: offset))
        }
    }

    /// Consumes `{`; then call `nextKey` until it returns nil.
    public mutating func enterObject() throws(JSONSyntaxError) {
        try enter(JSONByte.openBrace, "'{' (an object)")
    }

    /// Consumes `[`; then call `nextElement` until it returns false.
    public mutating func enterArray() throws(JSONSyntaxError) {
        try enter(JSONByte.openBracket, "'[' (an array)")
    }

    private mutating func enter(_ open: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset < buf.count, buf[offset] == open else {
            throw fail(JSONLexError(.expected(what, found: found(offset)), offset: offset))
        }
        do throws(JSONLexError) { try push(at: offset) } catch { throw fail(error) }
        offset += 1
        justOpened = true
    }

    /// Reads the next key of the object being walked, with the `,` before it
    /// and the `:` after it.
    ///
    /// - Returns: the key, or nil after consuming the closing `}`.
    public mutating func nextKey() throws(JSONSyntaxError) -> String? {
        do throws(JSONLexError) {
            skipWhitespace()
            let first = justOpened
            justOpened = false
            if first, offset < buf.count, buf[offset] == JSONByte.closeBrace {
                offset += 1
                depth -= 1
                return nil
            }
            if !first, try !afterMember() {
                depth -= 1
                return nil
            }
            return try readKey(afterComma: !first)
        } catch {
            throw fail(error)
        }
    }

    /// Moves to the next element of the array being walked (consuming the `,`).
    ///
    /// - Returns: true when an element follows, false after consuming `]`.
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        do throws(JSONLexError) {
            skipWhitespace()
            let first = justOpened
            justOpened = false
            if first {
                guard offset < buf.count, buf[offset] == JSONByte.closeBracket else { return true }
                offset += 1
                depth -= 1
                return false
            }
            guard try afterElement() else {
                depth -= 1
                return false
            }
            return true
        } catch {
            throw fail(error)
        }
    }

    // MARK: Shared primitives

    @inline(__always)
    mutating func skipWhitespace() {
        while offset < buf.count, JSONByte.isWhitespace(buf[offset]) { offset += 1 }
    }

    @inline(__always)
    mutating func push(at open: Int) throws(JSONLexError) {
        depth += 1
        if depth > maxDepth {
            throw JSONLexError(.nestingTooDeep(limit: maxDepth), offset: open)
        }
    }

    /// `offset` is at `{` or `[`: enters the container (the depth is checked)
    /// and says whether it closes at once (`{}`, `[]`), its closing byte then
    /// read too. Every reader of containers (tree, skip, projection) starts here.
    @inline(__always)
    mutating func enterContainer(closing: UInt8) throws(JSONLexError) -> Bool {
        try push(at: offset)
        offset += 1
        skipWhitespace()
        guard offset < buf.count, buf[offset] == closing else { return false }
        offset += 1
        depth -= 1
        return true
    }

    /// Reads `"key"` and the `:` after it; `offset` is at the key's quote.
    @inline(__always)
    mutating func readKey(afterComma: Bool) throws(JSONLexError) -> String {
        guard offset < buf.count, buf[offset] == JSONByte.quote else {
            let expected = afterComma ? "a string key after ','" : "a string key or '}'"
            throw JSONLexError(.expected(expected, found: found(offset)), offset: offset)
        }
        let (key, end) = try JSONLexer.scanString(buf, openingQuoteAt: offset, scratch: &scratch, trusted: trusted)
        offset = end
        try expectColon()
        return key
    }

    @inline(__always)
    mutating func expectColon() throws(JSONLexError) {
        skipWhitespace()
        guard offset < buf.count, buf[offset] == JSONByte.colon else {
            throw JSONLexError(.expectedColon(found: found(offset)), offset: offset)
        }
        offset += 1
    }

    func found(_ i: Int) -> String { JSONLexer.describe(buf, at: i) }

    /// The error for a position where a value must start.
    func expectedValue(at i: Int) -> JSONLexError {
        guard i < buf.count else { return JSONLexError(.expected("a value", found: "end of input"), offset: i) }
        let b = buf[i]
        if JSONByte.isLetter(b) {
            var j = i
            while j < buf.count, JSONByte.isWordByte(buf[j]) { j += 1 }
            let word = String(decoding: UnsafeRawBufferPointer(rebasing: buf[i..<j]), as: UTF8.self)
            return JSONLexError(.unexpectedWord(word), offset: i, truncated: j == buf.count)
        }
        switch b {
        case JSONByte.singleQuote:
            return JSONLexError(.singleQuotes, offset: i)
        case JSONByte.plus:
            return JSONLexError(.plusBeforeNumber, offset: i)
        case JSONByte.dot:
            return JSONLexError(.digitBeforeDot, offset: i)
        default:
            return JSONLexError(.expected("a value", found: found(i)), offset: i)
        }
    }

    /// Checks the literal `word` (`true`, `false`, `null`) at `offset` and consumes it.
    @inline(__always)
    mutating func expectLiteral(_ word: StaticString) throws(JSONLexError) {
        let count = word.utf8CodeUnitCount
        let p = word.utf8Start
        var k = 0
        while k < count {
            guard offset + k < buf.count, buf[offset + k] == p[k] else {
                var error = expectedValue(at: offset)
                error.truncated = error.truncated || offset + k >= buf.count
                throw error
            }
            k += 1
        }
        if offset + count < buf.count, JSONByte.isWordByte(buf[offset + count]) { throw expectedValue(at: offset) }
        offset += count
    }

    func fail(_ e: JSONLexError) -> JSONSyntaxError {
        let needsMoreInput = e.truncated || e.offset >= buf.count
        // A reader that will read on and scan again never reports this error:
        // skip the line and column, a count over the whole buffer so far.
        let location = needsMoreInput && inputContinues ? SourceLocation(line: 0, column: 0) : location(ofOffset: e.offset)
        var error = JSONSyntaxError(message: e.message, offset: e.offset, location: location)
        error.needsMoreInput = needsMoreInput
        return error
    }
}
