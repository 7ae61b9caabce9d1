/// A lexical error found at a byte offset; the reader that called the lexer
/// turns the offset into a line and column.
struct JSONLexError: Error {
    var message: String
    var offset: Int
}

/// The token-level primitives shared by the strict data scanner and the relaxed
/// spec parser: strings (with UTF-8 validation), numbers, and the text used in
/// messages to name what was found.
enum JSONLexer {
    /// Reads the string whose opening quote is at `start`.
    ///
    /// Strings without escapes (almost all of them) are copied out of the buffer
    /// in one piece; only strings with a backslash take the byte-by-byte path.
    ///
    /// - Returns: the decoded string and the offset just past the closing quote.
    /// - Throws: unterminated strings (at the opening quote), control characters,
    ///   bad escapes, invalid UTF-8 and lone surrogate escapes (at the offending byte).
    @inline(__always)
    static func scanString(_ buf: UnsafeRawBufferPointer, openingQuoteAt start: Int) throws(JSONLexError) -> (String, Int) {
        let n = buf.count
        var i = start + 1
        while i < n {
            let b = buf[i]
            if b == JSONByte.quote {
                let s = String(decoding: UnsafeRawBufferPointer(rebasing: buf[(start + 1)..<i]), as: UTF8.self)
                return (s, i + 1)
            }
            if b == JSONByte.backslash { break }
            if b < 0x20 { throw controlCharacterError(b, at: i, stringStart: start) }
            i = b < 0x80 ? i + 1 : try validateUTF8Sequence(buf, at: i)
        }
        if i >= n { throw unterminated(start) }
        return try scanEscapedString(buf, start: start, firstEscape: i)
    }

    /// The slow path of `scanString`, entered at the first backslash.
    private static func scanEscapedString(_ buf: UnsafeRawBufferPointer, start: Int, firstEscape: Int) throws(JSONLexError) -> (String, Int) {
        let n = buf.count
        var out: [UInt8] = []
        out.reserveCapacity(firstEscape - start + 16)
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[(start + 1)..<firstEscape]))
        var i = firstEscape
        while i < n {
            let b = buf[i]
            if b == JSONByte.quote {
                return (String(decoding: out, as: UTF8.self), i + 1)
            }
            if b < 0x20 { throw controlCharacterError(b, at: i, stringStart: start) }
            if b >= 0x80 {
                let end = try validateUTF8Sequence(buf, at: i)
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[i..<end]))
                i = end
                continue
            }
            if b != JSONByte.backslash {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < n else { throw unterminated(start) }
            let e = buf[i + 1]
            switch e {
            case JSONByte.quote, JSONByte.backslash, JSONByte.slash: out.append(e)
            case JSONByte.lowerB: out.append(0x08)
            case JSONByte.lowerF: out.append(0x0C)
            case JSONByte.lowerN: out.append(0x0A)
            case JSONByte.lowerR: out.append(0x0D)
            case JSONByte.lowerT: out.append(0x09)
            case JSONByte.lowerU:
                let (scalar, end) = try scanUnicodeEscape(buf, at: i)
                appendUTF8(scalar, to: &out)
                i = end
                continue
            default:
                throw JSONLexError(
                    message: "invalid escape '\\\(describeRaw(buf, at: i + 1))' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                    offset: i)
            }
            i += 2
        }
        throw unterminated(start)
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
        guard j + 1 < buf.count, buf[j] == JSONByte.backslash, buf[j + 1] == JSONByte.lowerU else {
            throw JSONLexError(message: "lone high surrogate \\u\(hexText(high)) in a string; it must be followed by a low surrogate \\uDC00-\\uDFFF", offset: i)
        }
        let low = try hex4(buf, at: j + 2, escapeAt: j)
        guard low & 0xFC00 == 0xDC00 else {
            throw JSONLexError(message: "lone high surrogate \\u\(hexText(high)) in a string; it must be followed by a low surrogate \\uDC00-\\uDFFF", offset: i)
        }
        let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return (Unicode.Scalar(value)!, j + 6)
    }

    private static func hex4(_ buf: UnsafeRawBufferPointer, at i: Int, escapeAt: Int) throws(JSONLexError) -> UInt16 {
        var v: UInt16 = 0
        for k in 0..<4 {
            guard i + k < buf.count, let d = hexValue(buf[i + k]) else {
                throw JSONLexError(message: "invalid \\u escape; expected 4 hex digits after \\u", offset: escapeAt)
            }
            v = v << 4 | UInt16(d)
        }
        return v
    }

    @inline(__always) private static func hexValue(_ b: UInt8) -> UInt8? {
        if JSONByte.isDigit(b) { return b - JSONByte.zero }
        let l = b | 0x20
        if l >= UInt8(ascii: "a"), l <= UInt8(ascii: "f") { return l - UInt8(ascii: "a") + 10 }
        return nil
    }

    private static func hexText(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    @inline(__always) static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let v = scalar.value
        if v < 0x80 {
            out.append(UInt8(v))
        } else if v < 0x800 {
            out.append(UInt8(0xC0 | (v >> 6))); out.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            out.append(UInt8(0xE0 | (v >> 12))); out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (v >> 18))); out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Checks the multi-byte UTF-8 sequence whose lead byte (≥ 0x80) is at `i`.
    ///
    /// - Returns: the offset just past the sequence.
    /// - Throws: overlong forms, surrogate code points, values above U+10FFFF,
    ///   stray continuation bytes and truncated sequences, located at the lead byte.
    @inline(__always)
    static func validateUTF8Sequence(_ buf: UnsafeRawBufferPointer, at i: Int) throws(JSONLexError) -> Int {
        let b0 = buf[i]
        let length: Int
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; hi = 0x9F
        case 0xF0: length = 4; lo = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; hi = 0x8F
        case 0x80...0xBF:
            throw JSONLexError(message: "invalid UTF-8: unexpected continuation byte 0x\(hexByte(b0))", offset: i)
        case 0xC0, 0xC1:
            throw JSONLexError(message: "invalid UTF-8: overlong encoding (lead byte 0x\(hexByte(b0)))", offset: i)
        default:
            throw JSONLexError(message: "invalid UTF-8: byte 0x\(hexByte(b0)) never appears in UTF-8 (code point above U+10FFFF)", offset: i)
        }
        guard i + length <= buf.count else {
            throw JSONLexError(message: "invalid UTF-8: truncated sequence at end of input", offset: i)
        }
        let b1 = buf[i + 1]
        guard b1 >= lo, b1 <= hi else {
            if !JSONByte.isContinuation(b1) {
                throw JSONLexError(message: "invalid UTF-8: truncated sequence (lead byte 0x\(hexByte(b0)) followed by 0x\(hexByte(b1)))", offset: i)
            }
            let what: String
            switch b0 {
            case 0xE0, 0xF0: what = "overlong encoding"
            case 0xED: what = "encoded surrogate code point"
            default: what = "code point above U+10FFFF"
            }
            throw JSONLexError(message: "invalid UTF-8: \(what) (bytes 0x\(hexByte(b0)) 0x\(hexByte(b1)))", offset: i)
        }
        for k in 2..<max(length, 2) where !JSONByte.isContinuation(buf[i + k]) {
            throw JSONLexError(message: "invalid UTF-8: truncated sequence (lead byte 0x\(hexByte(b0)) followed by 0x\(hexByte(buf[i + k])))", offset: i)
        }
        return i + length
    }

    static func hexByte(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }

    private static func unterminated(_ start: Int) -> JSONLexError {
        JSONLexError(message: "unterminated string; add the closing '\"'", offset: start)
    }

    private static func controlCharacterError(_ b: UInt8, at i: Int, stringStart: Int) -> JSONLexError {
        if b == JSONByte.newline || b == JSONByte.carriageReturn {
            return JSONLexError(message: "unterminated string: a line break before the closing '\"' (write \\n inside strings)", offset: stringStart)
        }
        let code = "U+00" + hexByte(b)
        let hint: String
        switch b {
        case JSONByte.tab: hint = "\\t"
        case 0x08: hint = "\\b"
        case 0x0C: hint = "\\f"
        default: hint = "\\u00" + hexByte(b).lowercased()
        }
        return JSONLexError(message: "control character \(code) in a string; escape it as \(hint)", offset: i)
    }
}
