extension JSONLexer {
    /// Reads the string whose opening quote is at `start`.
    ///
    /// Strings without escapes (almost all of them) are copied out of the buffer
    /// in one piece; only strings with a backslash are assembled in `scratch`,
    /// a buffer the caller reuses so escaped strings cost no extra allocation.
    /// The UTF-8 is validated here, once: the string is then built without the
    /// standard library validating it again.
    ///
    /// - Parameter trusted: the bytes were validated before (by `skipString`,
    ///   as the pipeline's splitter does), so UTF-8 validation is skipped too.
    ///   Invalid UTF-8 in a trusted buffer is undefined behaviour; every other
    ///   error is still found.
    /// - Returns: the decoded string and the offset just past the closing quote.
    /// - Throws: unterminated strings (at the opening quote), control characters,
    ///   bad escapes, invalid UTF-8 and lone surrogate escapes (at the offending byte).
    @inline(__always)
    static func scanString(
        _ buf: UnsafeRawBufferPointer, openingQuoteAt start: Int, scratch: inout [UInt8], trusted: Bool = false
    ) throws(JSONLexError) -> (String, Int) {
        var ascii = true
        var high: UInt64 = 0
        let i = trusted
            ? skipUnescapedRun(buf, from: start + 1, high: &high)
            : try skipValidatedRun(buf, from: start + 1, ascii: &ascii)
        guard i < buf.count else { throw unterminated(start) }
        let b = buf[i]
        if b == JSONByte.quote {
            return (makeString(buf, from: start + 1, to: i, isASCII: ascii && high & highs == 0), i + 1)
        }
        if b != JSONByte.backslash { throw controlCharacterError(b, at: i, stringStart: start) }
        return try scanEscapedString(
            buf, start: start, firstEscape: i, isASCII: ascii && high & highs == 0, trusted: trusted, scratch: &scratch)
    }

    /// Skips the string at `start` in bytes validated before (a trusted
    /// scanner's): only quotes and backslashes need a look.
    ///
    /// - Returns: the offset just past the closing quote, and whether the
    ///   string has an escape.
    @inline(__always)
    static func skipTrustedString(_ buf: UnsafeRawBufferPointer, openingQuoteAt start: Int) -> (end: Int, escaped: Bool) {
        var i = start + 1
        var escaped = false
        var high: UInt64 = 0
        while true {
            i = skipUnescapedRun(buf, from: i, high: &high)
            // Validated bytes end every string, and hold no control character.
            guard i < buf.count else { return (buf.count, escaped) }
            if buf[i] == JSONByte.quote { return (i + 1, escaped) }
            // A backslash: the byte after it is never the closing quote.
            escaped = true
            i += 2
        }
    }

    /// Validates the string at `start` exactly as `scanString` does (same
    /// errors at the same offsets) without building it.
    ///
    /// Small enough to inline into the splitter's loops: a string without
    /// escapes (nearly all of them) is one validated run and its closing
    /// quote; escapes and errors continue out of line.
    ///
    /// - Returns: the offset just past the closing quote.
    @inline(__always)
    static func skipString(_ buf: UnsafeRawBufferPointer, openingQuoteAt start: Int) throws(JSONLexError) -> Int {
        var ascii = true
        let i = try skipValidatedRun(buf, from: start &+ 1, ascii: &ascii)
        if i < buf.count, buf[i] == JSONByte.quote { return i &+ 1 }
        return try skipStringRest(buf, openingQuoteAt: start, at: i)
    }

    /// The rest of `skipString` from `i`: a backslash, a control character
    /// or the end of the bytes.
    @inline(never)
    static func skipStringRest(_ buf: UnsafeRawBufferPointer, openingQuoteAt start: Int, at first: Int) throws(JSONLexError) -> Int {
        var i = first
        var ascii = true
        while true {
            guard i < buf.count else { throw unterminated(start) }
            let b = buf[i]
            if b == JSONByte.quote { return i + 1 }
            guard b == JSONByte.backslash else { throw controlCharacterError(b, at: i, stringStart: start) }
            i = try decodeEscape(buf, at: i, stringStart: start).1
            i = try skipValidatedRun(buf, from: i, ascii: &ascii)
        }
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
            return try scanUnicodeEscape(buf, at: i)
        default:
            throw JSONLexError(.invalidEscape(describeRaw(buf, at: i + 1)), offset: i)
        }
    }

    /// Reads `\uXXXX` (and its low surrogate partner) at `i`.
    ///
    /// - Returns: a Unicode scalar value (never a surrogate) and the offset past the escape.
    private static func scanUnicodeEscape(_ buf: UnsafeRawBufferPointer, at i: Int) throws(JSONLexError) -> (UInt32, Int) {
        let high = try hex4(buf, at: i + 2, escapeAt: i)
        if high & 0xFC00 == 0xDC00 {
            throw JSONLexError(.loneLowSurrogate(high), offset: i)
        }
        if high & 0xFC00 != 0xD800 {
            return (UInt32(high), i + 6)
        }
        let j = i + 6
        func lone() -> JSONLexError {
            JSONLexError(.loneHighSurrogate(high), offset: i)
        }
        guard j + 1 < buf.count, buf[j] == JSONByte.backslash, buf[j + 1] == JSONByte.lowerU else {
            var error = lone()
            // `\uD83D` or `\uD83D\` at the end of the bytes read so far: the
            // low half may still come.
            error.truncated = j >= buf.count || (j + 1 >= buf.count && buf[j] == JSONByte.backslash)
            throw error
        }
        let low = try hex4(buf, at: j + 2, escapeAt: j)
        guard low & 0xFC00 == 0xDC00 else { throw lone() }
        let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return (value, j + 6)
    }
}
