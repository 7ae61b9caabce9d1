extension JSONLexer {
    /// Names what is at `i` for a message: `'x'`, `'é'`, `end of input`, `byte 0xFF`.
    static func describe(_ buf: UnsafeRawBufferPointer, at i: Int, end: String = "end of input") -> String {
        guard i < buf.count else { return end }
        let b = buf[i]
        switch b {
        case JSONByte.newline: return "a line break"
        case JSONByte.tab: return "a tab"
        case JSONByte.carriageReturn: return "a carriage return"
        default: break
        }
        // A second byte order mark (the first is skipped) shows as nothing.
        if b == 0xEF, i + 2 < buf.count, buf[i + 1] == 0xBB, buf[i + 2] == 0xBF { return "a byte order mark (U+FEFF)" }
        return "'" + describeRaw(buf, at: i) + "'"
    }

    /// The character at `i` without quotes (or `0xNN` for a byte that is not valid UTF-8).
    static func describeRaw(_ buf: UnsafeRawBufferPointer, at i: Int) -> String {
        guard i < buf.count else { return "" }
        let b = buf[i]
        if b >= 0x20, b < 0x7F { return String(UnicodeScalar(b)) }
        if b < 0x80 { return "\\u00" + hexByte(b).lowercased() }
        if let end = try? validateUTF8Sequence(buf, at: i) {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: buf[i..<end]), as: UTF8.self)
            // What a terminal would not show (a zero-width space, a lone
            // combining mark, a control or private character) is written out.
            if let scalar = text.unicodeScalars.first, Self.invisible(scalar) {
                return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            return text
        }
        return "0x" + hexByte(b)
    }

    private static func invisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark,
             .privateUse, .unassigned, .surrogate:
            return true
        default:
            return false
        }
    }

    /// The 1-based line and column of byte `offset`; columns count Unicode
    /// scalars (bytes that are not UTF-8 continuation bytes). Lines end at `\n`.
    ///
    /// - Complexity: O(offset); only used when reporting.
    /// With an `origin`, `buf` is a window of a longer input that starts there.
    static func location(in buf: UnsafeRawBufferPointer, ofOffset offset: Int, origin: TextOrigin = .start) -> SourceLocation {
        let end = min(max(offset, 0), buf.count)
        var line = origin.line
        // A byte order mark at the start is skipped, not a column (RFC 8259 §8.1).
        var lineStart = origin.isInputStart && hasByteOrderMark(buf) ? 3 : 0
        var firstLine = true
        for i in 0..<end where buf[i] == JSONByte.newline {
            line += 1
            lineStart = i + 1
            firstLine = false
        }
        let column = column(in: buf, lineStart: lineStart, offset: end)
        return SourceLocation(line: line, column: firstLine ? column + origin.column - 1 : column)
    }

    /// True when the buffer starts with the UTF-8 byte order mark (EF BB BF).
    static func hasByteOrderMark(_ buf: UnsafeRawBufferPointer) -> Bool {
        buf.count >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF
    }

    /// The column of `offset` on the line that starts at `lineStart`: one
    /// more than the characters between them, that is the bytes that are not
    /// UTF-8 continuation bytes (`10xxxxxx`).
    ///
    /// A document on one line (a compact JSON export) has its column counted
    /// over every chunk the reader moves past, so this is per-byte work. Eight
    /// bytes at a time, each continuation byte adds one to its own byte lane
    /// of an accumulator, and the lanes are added up once per 255 words (no
    /// lane can overflow): no popcount per word (baseline x86-64 has no
    /// instruction for it), and a loop the compiler vectorizes.
    static func column(in buf: UnsafeRawBufferPointer, lineStart: Int, offset: Int) -> Int {
        var continuations = 0
        var i = lineStart
        while i &+ 8 <= offset {
            let words = Swift.min((offset &- i) &>> 3, 255)
            var lanes: UInt64 = 0
            for k in 0..<words {
                let x = word(buf, at: i &+ k &* 8)
                // Bit 7 of each byte of `x << 1` is that byte's bit 6.
                lanes &+= (x & ~(x &<< 1) & highs) &>> 7
            }
            i &+= words &* 8
            // The eight lanes (each at most 255) summed: pairs into 16-bit
            // lanes, then those four added into the top 16 bits.
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes &>> 8) & 0x00FF_00FF_00FF_00FF)
            continuations &+= Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) &>> 48)
        }
        while i < offset {
            if JSONByte.isContinuation(buf[i]) { continuations &+= 1 }
            i &+= 1
        }
        return 1 + (offset - lineStart) - continuations
    }
}
