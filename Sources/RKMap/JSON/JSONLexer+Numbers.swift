extension JSONLexer {
    /// Validates the RFC 8259 number starting at `start` (a `-` or a digit).
    ///
    /// The text is not converted: `JSONNumber` keeps it, so `12345678901234567890`
    /// and `0.1` survive a round trip exactly.
    ///
    /// - Returns: the offset just past the number.
    @inline(__always)
    static func scanNumber(_ buf: UnsafeRawBufferPointer, at start: Int) throws(JSONLexError) -> Int {
        let n = buf.count
        var i = start
        if buf[i] == JSONByte.minus {
            i += 1
            guard i < n, JSONByte.isDigit(buf[i]) else {
                throw JSONLexError(.digitAfterMinus(found: describe(buf, at: i)), offset: i)
            }
        }
        if buf[i] == JSONByte.zero {
            i += 1
            if i < n, JSONByte.isDigit(buf[i]) {
                throw JSONLexError(.leadingZeros, offset: start)
            }
        } else {
            while i < n, JSONByte.isDigit(buf[i]) { i += 1 }
        }
        if i < n, buf[i] == JSONByte.dot {
            i += 1
            guard i < n, JSONByte.isDigit(buf[i]) else {
                throw JSONLexError(.digitAfterDot(found: describe(buf, at: i)), offset: i)
            }
            while i < n, JSONByte.isDigit(buf[i]) { i += 1 }
        }
        if i < n, buf[i] | 0x20 == JSONByte.lowerE {
            i += 1
            if i < n, buf[i] == JSONByte.plus || buf[i] == JSONByte.minus { i += 1 }
            guard i < n, JSONByte.isDigit(buf[i]) else {
                throw JSONLexError(.digitInExponent(found: describe(buf, at: i)), offset: i)
            }
            while i < n, JSONByte.isDigit(buf[i]) { i += 1 }
        }
        return i
    }
}
