extension JSONLexer {
    /// Reads the string whose opening quote is at `start`.
    ///
    /// Strings without escapes (almost all of them) are copied out of the buffer
    /// in one piece; only strings with a backslash are assembled in `scratch`,
    /// a buffer the caller reuses so escaped strings cost no extra allocation.
    ///
    /// - Returns: the decoded string and the offset just past the closing quote.
    /// - Throws: unterminated strings (at the opening quote), control characters,
    ///   bad escapes, invalid UTF-8 and lone surrogate escapes (at the offending byte).
    @inline(__always)
    static func scanString(_ buf: UnsafeRawBufferPointer, openingQuoteAt start: Int, scratch: inout [UInt8]) throws(JSONLexError) -> (String, Int) {
        var i = start + 1
        while true {
            i = skipPlainRun(buf, from: i)
            guard i < buf.count else { throw unterminated(start) }
            let b = buf[i]
            if b == JSONByte.quote {
                return (String(decoding: UnsafeRawBufferPointer(rebasing: buf[(start + 1)..<i]), as: UTF8.self), i + 1)
            }
            if b == JSONByte.backslash { break }
            if b < 0x20 { throw controlCharacterError(b, at: i, stringStart: start) }
            i = try validateUTF8Sequence(buf, at: i)
        }
        return try scanEscapedString(buf, start: start, firstEscape: i, scratch: &scratch)
    }

    /// The slow path of `scanString`, entered at the first backslash.
    private static func scanEscapedString(_ buf: UnsafeRawBufferPointer, start: Int, firstEscape: Int, scratch out: inout [UInt8]) throws(JSONLexError) -> (String, Int) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[(start + 1)..<firstEscape]))
        var i = firstEscape
        while true {
            guard i < buf.count else { throw unterminated(start) }
            let b = buf[i]
            if b == JSONByte.quote {
                return (String(decoding: out, as: UTF8.self), i + 1)
            }
            if b == JSONByte.backslash {
                let (value, end) = try decodeEscape(buf, at: i, stringStart: start)
                if value < 0x80 { out.append(UInt8(truncatingIfNeeded: value)) } else { appendUTF8(Unicode.Scalar(value)!, to: &out) }
                i = end
            } else if b < 0x20 {
                throw controlCharacterError(b, at: i, stringStart: start)
            } else {
                let end = try validateUTF8Sequence(buf, at: i)
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[i..<end]))
                i = end
            }
            let runStart = i
            i = skipPlainRun(buf, from: i)
            if i > runStart { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[runStart..<i])) }
        }
    }

    /// Validates the string at `start` exactly as `scanString` does (same
    /// errors at the same offsets) without building it.
    ///
    /// - Returns: the offset just past the closing quote.
    @inline(__always)
    static func skipString(_ buf: UnsafeRawBufferPointer, openingQuoteAt start: Int) throws(JSONLexError) -> Int {
        var i = start + 1
        while true {
            i = skipPlainRun(buf, from: i)
            guard i < buf.count else { throw unterminated(start) }
            let b = buf[i]
            if b == JSONByte.quote { return i + 1 }
            if b == JSONByte.backslash {
                i = try decodeEscape(buf, at: i, stringStart: start).1
            } else if b < 0x20 {
                throw controlCharacterError(b, at: i, stringStart: start)
            } else {
                i = try validateUTF8Sequence(buf, at: i)
            }
        }
    }

    /// Skips printable ASCII other than `"` and `\`, eight bytes at a time.
    ///
    /// - Returns: the offset of the first byte that needs a closer look (a
    ///   quote, a backslash, a control character, a non-ASCII byte) or the end.
    @inline(__always)
    static func skipPlainRun(_ buf: UnsafeRawBufferPointer, from start: Int) -> Int {
        let n = buf.count
        var i = start
        // SWAR: one 64-bit load tests eight bytes; string bodies are long runs
        // of plain ASCII, so this is most of the reader's time.
        while i &+ 8 <= n {
            let x = buf.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if needsAttention(x) { break }
            i &+= 8
        }
        while i < n {
            let b = buf[i]
            if b < 0x20 || b >= 0x80 || b == JSONByte.quote || b == JSONByte.backslash { return i }
            i &+= 1
        }
        return i
    }

    /// True when any of the eight bytes is `"`, `\`, below 0x20 or above 0x7F.
    /// (The zero-byte tricks can flag a neighbour of a real hit, never miss one.)
    @inline(__always)
    static func needsAttention(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = x ^ (ones &* 0x22)
        let backslashes = x ^ (ones &* 0x5C)
        let controls = (x &- ones &* 0x20) & ~x
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        return (controls | zeroQuote | zeroBackslash | x) & highs != 0
    }

    /// Decodes the escape at `i` (a backslash).
    ///
    /// - Returns: the Unicode scalar value and the offset past the escape
    ///   (past both halves of a surrogate pair).
    @inline(__always)
    static func decodeEscape(_ buf: UnsafeRawBufferPointer, at i: Int, stringStart: Int) throws(JSONLexError) -> (UInt32, Int) {
        guard i + 1 < buf.count else { throw unterminated(stringStart) }
        let e = buf[i + 1]
        switch e {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: return (UInt32(e), i + 2)
        case JSONByte.lowerB: return (0x08, i + 2)
        case JSONByte.lowerF: return (0x0C, i + 2)
        case JSONByte.lowerN: return (0x0A, i + 2)
        case JSONByte.lowerR: return (0x0D, i + 2)
        case JSONByte.lowerT: return (0x09, i + 2)
        case JSONByte.lowerU:
            let (scalar, end) = try scanUnicodeEscape(buf, at: i)
            return (scalar.value, end)
        default:
            throw JSONLexError(
                message: "invalid escape '\\\(describeRaw(buf, at: i + 1))' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                offset: i)
        }
    }

    /// Reads `\uXXXX` (and its low surrogate partner) at `i`.
    private static func scanUnicodeEscape(_ buf: UnsafeRawBufferPointer, at i: Int) throws(JSONLexError) -> (Unicode.Scalar, Int) {
        let high = try hex4(buf, at: i + 2, escapeAt: i)
        if high & 0xFC00 == 0xDC00 {
            throw JSONLexError(message: "lone low surrogate \\u\(hexText(high)) in a string; it must follow a high surrogate", offset: i)
        }
        if high & 0xFC00 != 0xD800 {
            return (Unicode.Scalar(high)!, i + 6)
        }
        let j = i + 6
        func lone() -> JSONLexError {
            JSONLexError(
                message: "lone high surrogate \\u\(hexText(high)) in a string; it must be followed by a low surrogate \\uDC00-\\uDFFF",
                offset: i)
        }
        guard j + 1 < buf.count, buf[j] == JSONByte.backslash, buf[j + 1] == JSONByte.lowerU else { throw lone() }
        let low = try hex4(buf, at: j + 2, escapeAt: j)
        guard low & 0xFC00 == 0xDC00 else { throw lone() }
        let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return (Unicode.Scalar(value)!, j + 6)
    }
}
