extension JSONLexer {
    /// The slow path of `scanString`, entered at the first backslash.
    ///
    /// Decoding never makes a string longer (`\n` is one byte, `\u00e9` two,
    /// a surrogate pair four), so the decoded bytes of a string fit in as many
    /// bytes as its source has. They are written straight into `scratch`
    /// (kept as a raw buffer: its count is its size, it only grows) instead of
    /// being appended one by one, each append checking capacity and uniqueness.
    /// A string longer than `scratch` is measured first (its closing quote
    /// found) and decoded again into a buffer that fits.
    static func scanEscapedString(
        _ buf: UnsafeRawBufferPointer, start: Int, firstEscape: Int, isASCII: Bool, trusted: Bool, scratch: inout [UInt8]
    ) throws(JSONLexError) -> (String, Int) {
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: 4096) }
        // Source bytes up to `limit` decode into `scratch` whatever they hold.
        let limit = Swift.min(buf.count, start + 1 + scratch.count)
        if let result = try decode(buf, start: start, firstEscape: firstEscape, limit: limit, isASCII: isASCII, trusted: trusted, into: &scratch) {
            return result
        }
        guard let close = closingQuote(buf, from: firstEscape) else {
            // Unterminated, or a control character: skipString reports the
            // first error in the string exactly as the decoder would have.
            _ = try skipString(buf, openingQuoteAt: start)
            throw unterminated(start)  // not reached: skipString threw
        }
        scratch = [UInt8](repeating: 0, count: Swift.max(close - start, 2 * scratch.count))
        let result = try decode(buf, start: start, firstEscape: firstEscape, limit: close, isASCII: isASCII, trusted: trusted, into: &scratch)
        return result.unsafelyUnwrapped  // cannot run out of room: `limit` is the closing quote
    }

    private static func decode(
        _ buf: UnsafeRawBufferPointer, start: Int, firstEscape: Int, limit: Int, isASCII: Bool, trusted: Bool, into scratch: inout [UInt8]
    ) throws(JSONLexError) -> (String, Int)? {
        try scratch.withUnsafeMutableBufferPointer { (out) throws(JSONLexError) -> (String, Int)? in
            try decodeEscaped(buf, start: start, firstEscape: firstEscape, limit: limit, isASCII: isASCII, trusted: trusted,
                              into: out.baseAddress.unsafelyUnwrapped)
        }
    }

    /// The offset of the quote that ends a string whose escape starts at `i`,
    /// or nil at a control character or the end of input. An escape is a
    /// backslash and the byte after it, so `\"` does not end the string;
    /// whether the escapes are valid is checked while decoding.
    private static func closingQuote(_ buf: UnsafeRawBufferPointer, from first: Int) -> Int? {
        var i = first
        var high: UInt64 = 0
        while i < buf.count {
            let b = buf[i]
            if b == JSONByte.quote { return i }
            guard b == JSONByte.backslash else { return nil }
            i = skipUnescapedRun(buf, from: i &+ 2, high: &high)
        }
        return nil
    }

    /// Decodes the string that opens at `start` into `out`, checking escapes
    /// (and UTF-8 unless trusted) as it goes.
    ///
    /// Every step consumes at least as many source bytes as it writes, so with
    /// every step ending at or before `limit`, at most `limit - start - 1`
    /// bytes are written: the caller's room.
    ///
    /// - Returns: the string and the offset past its closing quote, or nil
    ///   when the string goes on past `limit`.
    private static func decodeEscaped(
        _ buf: UnsafeRawBufferPointer, start: Int, firstEscape: Int, limit: Int, isASCII: Bool, trusted: Bool,
        into out: UnsafeMutablePointer<UInt8>
    ) throws(JSONLexError) -> (String, Int)? {
        let source = buf.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        guard firstEscape <= limit else { return nil }
        var written = firstEscape - (start + 1)
        out.update(from: source + start + 1, count: written)
        var ascii = isASCII
        var high: UInt64 = 0
        var i = firstEscape
        while true {
            guard i < buf.count else { throw unterminated(start) }
            let b = buf[i]
            if b == JSONByte.quote {
                let string = makeString(UnsafeBufferPointer(start: out, count: written), isASCII: ascii && high & highs == 0)
                return (string, i + 1)
            }
            if b == JSONByte.backslash {
                let (value, end) = try decodeEscape(buf, at: i, stringStart: start)
                guard end <= limit else { return nil }
                if value >= 0x80 { ascii = false }
                written &+= writeUTF8(value, to: out + written)
                i = end
            } else {
                throw controlCharacterError(b, at: i, stringStart: start)
            }
            let runStart = i
            i = trusted ? skipUnescapedRun(buf, from: i, high: &high) : try skipValidatedRun(buf, from: i, ascii: &ascii)
            guard i <= limit else { return nil }
            (out + written).update(from: source + runStart, count: i &- runStart)
            written &+= i &- runStart
        }
    }
}
