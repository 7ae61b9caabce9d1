/// The recursive-descent reader behind `SpecJSONParser`.
///
/// It tracks the current line and the offset where that line starts, so the
/// location of a value costs a scan of its own line (columns count Unicode
/// scalars). The scan resumes from the last location asked for on the same
/// line: a minified spec is one long line, and scanning it from its start for
/// every value made reading quadratic (a 100 KB one-line spec took seconds).
struct SpecReader {
    let buf: UnsafeRawBufferPointer
    let file: String
    let maxDepth: Int
    var i = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    var diagnostics: [Diagnostic] = []
    /// Where each `//` or `/* */` comment starts: `fmt --write` would drop them.
    var comments: [SourceLocation] = []
    var scratch: [UInt8] = []
    /// The members and elements of the objects and arrays being read,
    /// innermost last (`parseObject`, `parseArray`).
    var memberStack: [SpecMember] = []
    var elementStack: [SpecValue] = []
    private let columnCache = ColumnCache()

    /// The last column computed, so the next one on the same line scans only
    /// the bytes in between (a class so that `location` stays non-mutating).
    private final class ColumnCache {
        var lineStart = -1
        var offset = 0
        var column = 1
    }

    init(buf: UnsafeRawBufferPointer, file: String, maxDepth: Int) {
        self.buf = buf
        self.file = file
        self.maxDepth = maxDepth
    }

    var n: Int { buf.count }

    /// Reads the one top-level value and checks nothing but trivia follows it.
    mutating func parseDocument() throws(SpecSyntaxError) -> SpecValue {
        if n >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF { i = 3; lineStart = 3 }
        _ = try skipTrivia()
        guard i < n else { throw error("expected a JSON value, found end of file", at: i) }
        let value = try parseValue()
        _ = try skipTrivia()
        if i < n {
            throw error("unexpected \(found(i)) after the end of the top-level value; expected end of file", at: i)
        }
        return value
    }

    // MARK: Locations and diagnostics

    func location(_ offset: Int) -> SourceLocation {
        if offset >= lineStart {
            let offset = min(offset, n)
            let cache = columnCache
            if cache.lineStart != lineStart || offset < cache.offset {
                cache.lineStart = lineStart
                cache.offset = lineStart
                cache.column = 1
            }
            // Same count as JSONLexer.column(in:lineStart:offset:), from the cached point.
            cache.column += JSONLexer.column(in: buf, lineStart: cache.offset, offset: offset) - 1
            cache.offset = offset
            return SourceLocation(line: line, column: cache.column)
        }
        return JSONLexer.location(in: buf, ofOffset: offset)
    }

    func error(_ message: String, at offset: Int) -> SpecSyntaxError {
        SpecSyntaxError(message: message, location: location(offset))
    }

    func found(_ offset: Int) -> String {
        JSONLexer.describe(buf, at: offset, end: "end of file")
    }

    mutating func warn(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, message, file: file, location: .source(location),
                                      code: SpecJSONParser.relaxedSyntaxCode))
    }

    // MARK: Trivia

    /// Skips whitespace and comments (warning about each comment).
    ///
    /// - Returns: whether a line break was crossed: a missing comma is only
    ///   forgiven at a line break.
    mutating func skipTrivia() throws(SpecSyntaxError) -> Bool {
        var crossed = false
        while i < n {
            let b = buf[i]
            if b == JSONByte.newline {
                crossed = true
                i += 1
                line += 1
                lineStart = i
            } else if b == JSONByte.space || b == JSONByte.tab || b == JSONByte.carriageReturn {
                i += 1
            } else if b == JSONByte.slash {
                let next: UInt8 = i + 1 < n ? buf[i + 1] : 0
                if next == JSONByte.slash {
                    comments.append(location(i))
                    warn("'//' comments are not JSON; read as whitespace", at: location(i))
                    i += 2
                    while i < n, buf[i] != JSONByte.newline { i += 1 }
                } else if next == JSONByte.star {
                    let start = location(i)
                    comments.append(start)
                    warn("'/* */' comments are not JSON; read as whitespace", at: start)
                    i += 2
                    var closed = false
                    while i < n {
                        if buf[i] == JSONByte.star, i + 1 < n, buf[i + 1] == JSONByte.slash {
                            i += 2
                            closed = true
                            break
                        }
                        if buf[i] == JSONByte.newline { crossed = true; line += 1; lineStart = i + 1 }
                        i += 1
                    }
                    if !closed {
                        throw SpecSyntaxError(message: "unterminated '/*' comment; close it with '*/'", location: start)
                    }
                } else {
                    throw error("unexpected '/'; comments start with '//' or '/*'", at: i)
                }
            } else {
                break
            }
        }
        return crossed
    }

    /// Whether `b` can begin a value (or a member), for the missing-comma rule.
    func startsValue(_ b: UInt8) -> Bool {
        b == JSONByte.quote || b == JSONByte.openBrace || b == JSONByte.openBracket || b == JSONByte.minus
            || JSONByte.isWordByte(b) || b == JSONByte.singleQuote
    }

    // MARK: Values

    /// Reads one value starting at `i` (trivia already skipped).
    mutating func parseValue() throws(SpecSyntaxError) -> SpecValue {
        guard i < n else { throw error("expected a value, found end of file", at: i) }
        let b = buf[i]
        switch b {
        case JSONByte.openBrace: return try parseObject()
        case JSONByte.openBracket: return try parseArray()
        case JSONByte.quote:
            let loc = location(i)
            return SpecValue(.string(try parseString()), at: loc)
        case JSONByte.singleQuote:
            throw error("single quotes are not JSON; use double quotes", at: i)
        case JSONByte.minus:
            return try parseNumber()
        case JSONByte.dot:
            throw error("numbers need a digit before '.' (write 0.5, not .5)", at: i)
        case JSONByte.plus:
            throw error("'+' is not allowed before a number; remove it", at: i)
        default:
            if JSONByte.isDigit(b) {
                if let status = statusClass(at: i) {
                    let loc = location(i)
                    warn("bare status class \(status) read as the string \"\(status)\"; write \"\(status)\"", at: loc)
                    i += 3
                    return SpecValue(.string(status), at: loc, wasRelaxed: true)
                }
                return try parseNumber()
            }
            if JSONByte.isWordByte(b) { return try parseBareWord() }
            throw error("expected a value, found \(found(i))", at: i)
        }
    }

    /// `1XX`…`5XX` (either case of x) as a whole word, spelled `2XX`.
    func statusClass(at start: Int) -> String? {
        guard start + 3 <= n else { return nil }
        let d = buf[start]
        guard d >= UInt8(ascii: "1"), d <= UInt8(ascii: "5"),
              buf[start + 1] | 0x20 == UInt8(ascii: "x"), buf[start + 2] | 0x20 == UInt8(ascii: "x")
        else { return nil }
        if start + 3 < n, JSONByte.isWordByte(buf[start + 3]) { return nil }
        return String(UnicodeScalar(d)) + "XX"
    }

    mutating func parseString() throws(SpecSyntaxError) -> String {
        do {
            let (s, end) = try JSONLexer.scanString(buf, openingQuoteAt: i, scratch: &scratch)
            i = end
            return s
        } catch {
            throw self.error(error.message, at: error.offset)
        }
    }

    mutating func parseNumber() throws(SpecSyntaxError) -> SpecValue {
        let start = i
        let end: Int
        do {
            end = try JSONLexer.scanNumber(buf, at: start)
        } catch {
            throw self.error(error.message, at: error.offset)
        }
        if end < n, JSONByte.isWordByte(buf[end]) {
            var j = end
            while j < n, JSONByte.isWordByte(buf[j]) || buf[j] == JSONByte.dot { j += 1 }
            throw error("unexpected bare word '\(text(start, j))'; strings need double quotes", at: start)
        }
        i = end
        return SpecValue(.number(JSONNumber(text(start, end))), at: location(start))
    }

    /// `true`/`false`/`null` as in JSON; `nil`, `NULL`, `YES`, `NO` with a warning.
    mutating func parseBareWord() throws(SpecSyntaxError) -> SpecValue {
        let start = i
        var j = i
        while j < n, JSONByte.isWordByte(buf[j]) { j += 1 }
        let word = text(start, j)
        let loc = location(start)
        let kind: SpecValue.Kind
        let strict: String
        switch word {
        case "true": i = j; return SpecValue(.bool(true), at: loc)
        case "false": i = j; return SpecValue(.bool(false), at: loc)
        case "null": i = j; return SpecValue(.null, at: loc)
        case "nil", "NULL": kind = .null; strict = "null"
        case "YES": kind = .bool(true); strict = "true"
        case "NO": kind = .bool(false); strict = "false"
        default:
            throw error("unexpected bare word '\(word)'; strings need double quotes", at: start)
        }
        warn("bare word '\(word)' read as \(strict); write \(strict)", at: loc)
        i = j
        return SpecValue(kind, at: loc, wasRelaxed: true)
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: buf[start..<end]), as: UTF8.self)
    }
}
