/// A lexical error found at a byte offset; the reader that called the lexer
/// turns the offset into a line and column.
struct JSONLexError: Error {
    var problem: JSONSyntaxProblem
    var offset: Int
    /// The bytes ran out before the error could be decided: more input could
    /// make this text valid (see `JSONSyntaxError.needsMoreInput`).
    var truncated = false

    init(_ problem: JSONSyntaxProblem, offset: Int, truncated: Bool = false) {
        self.problem = problem
        self.offset = offset
        self.truncated = truncated
    }

    var message: String { problem.message }
}

/// The token-level primitives shared by the strict data scanner and the relaxed
/// spec parser: strings (with UTF-8 validation), numbers, and the text used in
/// messages to name what was found.
enum JSONLexer {
    /// The value of the four hex digits at `i` (the `XXXX` of `\uXXXX` at `escapeAt`).
    @inline(__always)
    static func hex4(_ buf: UnsafeRawBufferPointer, at i: Int, escapeAt: Int) throws(JSONLexError) -> UInt16 {
        // Fast path: four digits in range, decoded without a loop or an
        // optional per digit (one article in ten is all \u escapes).
        if i &+ 4 <= buf.count {
            let d0 = hexDigit(buf[i]), d1 = hexDigit(buf[i &+ 1])
            let d2 = hexDigit(buf[i &+ 2]), d3 = hexDigit(buf[i &+ 3])
            if (d0 | d1 | d2 | d3) & 0xF0 == 0 {
                return UInt16(d0) << 12 | UInt16(d1) << 8 | UInt16(d2) << 4 | UInt16(d3)
            }
        }
        var v: UInt16 = 0
        for k in 0..<4 {
            guard i + k < buf.count, let d = hexValue(buf[i + k]) else {
                throw JSONLexError(.invalidUnicodeEscape, offset: escapeAt, truncated: i + k >= buf.count)
            }
            v = v << 4 | UInt16(d)
        }
        return v
    }

    /// A hex digit's value, or 0xFF for any other byte.
    @inline(__always) private static func hexDigit(_ b: UInt8) -> UInt8 {
        let digit = b &- JSONByte.zero
        if digit < 10 { return digit }
        let letter = (b | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : 0xFF
    }

    @inline(__always) private static func hexValue(_ b: UInt8) -> UInt8? {
        if JSONByte.isDigit(b) { return b - JSONByte.zero }
        let l = b | 0x20
        if l >= UInt8(ascii: "a"), l <= UInt8(ascii: "f") { return l - UInt8(ascii: "a") + 10 }
        return nil
    }

    static func hexText(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    /// Writes the UTF-8 encoding of a Unicode scalar value (a value
    /// `decodeEscape` returned: never a surrogate, never above U+10FFFF).
    ///
    /// - Returns: the number of bytes written (1 to 4).
    @inline(__always) static func writeUTF8(_ v: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 0x80 {
            out[0] = UInt8(truncatingIfNeeded: v)
            return 1
        }
        if v < 0x800 {
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | v >> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 2
        }
        if v < 0x10000 {
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | v >> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | v >> 6 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 3
        }
        out[0] = UInt8(truncatingIfNeeded: 0xF0 | v >> 18)
        out[1] = UInt8(truncatingIfNeeded: 0x80 | v >> 12 & 0x3F)
        out[2] = UInt8(truncatingIfNeeded: 0x80 | v >> 6 & 0x3F)
        out[3] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
        return 4
    }

    /// Checks the UTF-8 character whose lead byte (≥ 0x80) is at `i`.
    ///
    /// A character of two, three or four bytes is checked in one 32-bit load
    /// with masks, no branch per byte; what the masks do not accept (every
    /// error, and a character in the last three bytes of the buffer) goes
    /// through `validateUTF8Sequence`, so errors and their offsets are exactly
    /// its own. Non-ASCII text (one byte in seven in the benchmark) passes
    /// through here once per character, so its cost is the splitter's.
    ///
    /// - Returns: the offset just past the character.
    @inline(__always)
    static func validateCharacter(_ buf: UnsafeRawBufferPointer, at i: Int) throws(JSONLexError) -> Int {
        if i &+ 4 <= buf.count {
            // Little-endian: the lead byte is the low byte.
            let w = UInt32(littleEndian: buf.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            if w & 0xC0E0 == 0x80C0 {
                // 110xxxxx 10xxxxxx; C0 and C1 (overlong) have no bit in 0x1E.
                if w & 0x1E != 0 { return i &+ 2 }
            } else if w & 0xC0_C0F0 == 0x80_80E0 {
                // 1110xxxx 10xxxxxx 10xxxxxx; the lead's low four bits and bit 5
                // of the second byte tell E0 80...9F (overlong, 0) and
                // ED A0...BF (a surrogate, 0x200D) from the rest.
                let t = w & 0x200F
                if t != 0, t != 0x200D { return i &+ 3 }
            } else if w & 0xC0C0_C0F8 == 0x8080_80F0 {
                // 11110xxx then three continuations: the top five bits of the
                // value (lead bits 2...0, second byte bits 5...4) must be 1...16,
                // that is U+10000...U+10FFFF.
                let top = (w & 0x07) &<< 2 | (w &>> 12) & 0x03
                if top &- 1 < 16 { return i &+ 4 }
            }
        }
        return try validateCharacterSlowly(buf, at: i)
    }

    /// `validateUTF8Sequence` kept out of line: the fast path above is
    /// inlined into every string loop, and the error cases would bloat them.
    @inline(never)
    static func validateCharacterSlowly(_ buf: UnsafeRawBufferPointer, at i: Int) throws(JSONLexError) -> Int {
        try validateUTF8Sequence(buf, at: i)
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
            throw JSONLexError(.unexpectedContinuationByte(b0), offset: i)
        case 0xC0, 0xC1:
            throw JSONLexError(.overlongLeadByte(b0), offset: i)
        case 0xF5...0xF7:
            throw JSONLexError(.leadByteAboveUnicode(b0), offset: i)
        default:
            throw JSONLexError(.neverInUTF8(b0), offset: i)
        }
        guard i + length <= buf.count else {
            throw JSONLexError(.truncatedAtEnd, offset: i, truncated: true)
        }
        let b1 = buf[i + 1]
        guard b1 >= lo, b1 <= hi else {
            if !JSONByte.isContinuation(b1) {
                throw JSONLexError(.truncatedSequence(lead: b0, next: b1), offset: i)
            }
            let what: JSONSyntaxProblem.BadSequence
            switch b0 {
            case 0xE0, 0xF0: what = .overlong
            case 0xED: what = .surrogate
            default: what = .aboveUnicode
            }
            throw JSONLexError(.badSequence(what, b0, b1), offset: i)
        }
        for k in 2..<max(length, 2) where !JSONByte.isContinuation(buf[i + k]) {
            throw JSONLexError(.truncatedSequence(lead: b0, next: buf[i + k]), offset: i)
        }
        return i + length
    }

    static func hexByte(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }

    static func unterminated(_ start: Int) -> JSONLexError {
        JSONLexError(.unterminatedString, offset: start, truncated: true)
    }

    static func controlCharacterError(_ b: UInt8, at i: Int, stringStart: Int) -> JSONLexError {
        if b == JSONByte.newline || b == JSONByte.carriageReturn {
            return JSONLexError(.lineBreakInString, offset: stringStart)
        }
        return JSONLexError(.controlCharacter(b), offset: i)
    }
}
