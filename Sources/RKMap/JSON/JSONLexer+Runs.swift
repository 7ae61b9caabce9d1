extension JSONLexer {
    // SWAR (SIMD within a register): one 64-bit load tests eight bytes. String
    // bodies are long runs of bytes that need no closer look, so finding the
    // next interesting byte is most of the reader's and the writer's time.
    //
    // Each mask below has the high bit of a byte set where that byte matches.
    // The subtraction tricks can also flag a byte *above* a real match (a
    // borrow), never one below it, so the lowest set bit is always exact:
    // `trailingZeroBitCount / 8` is the index of the first match (the words
    // are read little-endian, so the lowest bits are the first byte).

    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// High bit set in each byte that is `"`, `\` or below 0x20: the bytes a
    /// JSON string cannot hold unescaped. Bytes ≥ 0x80 never match.
    @inline(__always)
    static func specialMask(_ x: UInt64) -> UInt64 {
        let quotes = x ^ (ones &* 0x22)
        let backslashes = x ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let controls = (x &- ones &* 0x20) & ~x
        return (zeroQuote | zeroBackslash | controls) & highs
    }

    @inline(__always)
    static func word(_ buf: UnsafeRawBufferPointer, at i: Int) -> UInt64 {
        UInt64(littleEndian: buf.loadUnaligned(fromByteOffset: i, as: UInt64.self))
    }

    /// High bit set in each byte that is `"`, `\`, below 0x20 or ≥ 0x80: the
    /// bytes a validating string reader must look at. The lowest set bit is
    /// exact, as for `specialMask`.
    ///
    /// Cheaper than `specialMask(x) | x & highs`: a byte whose own high bit is
    /// clear makes `b ^ 0x22 - 1`, `b ^ 0x5C - 1` and `b - 0x20` set their
    /// high bit only by wrapping below zero, that is only when it matches, so
    /// the `& ~b` masks are not needed once `x`'s own high bits are included.
    @inline(__always)
    static func validatingMask(_ x: UInt64) -> UInt64 {
        let quotes = (x ^ (ones &* 0x22)) &- ones
        let backslashes = (x ^ (ones &* 0x5C)) &- ones
        let controls = x &- ones &* 0x20
        return (quotes | backslashes | controls | x) & highs
    }

    /// Skips string bytes other than `"`, `\` and control characters,
    /// validating the UTF-8 of the non-ASCII ones (for untrusted bytes).
    ///
    /// A step looks at eight bytes; one that meets a non-ASCII character
    /// checks it (`validateCharacter`) and goes on after it, so mixed text
    /// ("Crème brûlée", "日本語 data") costs a step per character instead of
    /// a return to the caller and a new run for each.
    ///
    /// - Parameter ascii: set to false when a non-ASCII character is met.
    /// - Returns: the offset of the first `"`, `\` or control character, or the end.
    /// - Throws: invalid UTF-8, located at the lead byte (see `validateUTF8Sequence`).
    @inline(__always)
    static func skipValidatedRun(_ buf: UnsafeRawBufferPointer, from start: Int, ascii: inout Bool) throws(JSONLexError) -> Int {
        let n = buf.count
        var i = start
        while i &+ 8 <= n {
            let x = word(buf, at: i)
            let m = validatingMask(x)
            if m == 0 {
                i &+= 8
                continue
            }
            // The lowest flagged byte is exact: special, or a lead byte.
            let bit = UInt64(m.trailingZeroBitCount)
            i &+= Int(bit &>> 3)
            if x &>> (bit & ~7) & 0x80 == 0 { return i }
            ascii = false
            i = try validateCharacter(buf, at: i)
        }
        while i < n {
            let b = buf[i]
            if b >= 0x80 {
                ascii = false
                i = try validateCharacter(buf, at: i)
            } else if b < 0x20 || b == JSONByte.quote || b == JSONByte.backslash {
                return i
            } else {
                i &+= 1
            }
        }
        return i
    }

    /// Skips bytes other than `"`, `\` and control characters, non-ASCII
    /// included: for bytes already validated as UTF-8.
    ///
    /// - Parameter high: ORed with every skipped byte, so `high & 0x80 == 0`
    ///   afterwards tells whether the run was all ASCII.
    /// - Returns: the offset of the first `"`, `\` or control character, or the end.
    @inline(__always)
    static func skipUnescapedRun(_ buf: UnsafeRawBufferPointer, from start: Int, high: inout UInt64) -> Int {
        let n = buf.count
        var i = start
        while i &+ 8 <= n {
            let x = word(buf, at: i)
            let m = specialMask(x)
            if m != 0 {
                let k = m.trailingZeroBitCount &>> 3
                // Keep only the bytes before the match (k < 8, so the shift is in range).
                high |= x & ((1 &<< (UInt64(k) &* 8)) &- 1)
                return i &+ k
            }
            high |= x
            i &+= 8
        }
        while i < n {
            let b = buf[i]
            if b < 0x20 || b == JSONByte.quote || b == JSONByte.backslash { return i }
            high |= UInt64(b)
            i &+= 1
        }
        return i
    }

    /// The index of the first byte of `bytes` from `start` on that is `"`, `\`
    /// or a control character (what a JSON writer must escape), or `bytes.count`.
    @inline(__always)
    static func firstSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = bytes.count
        var i = start
        if n >= 8 {
            let raw = UnsafeRawBufferPointer(bytes)
            while i &+ 8 <= n {
                let m = specialMask(word(raw, at: i))
                if m != 0 { return i &+ m.trailingZeroBitCount &>> 3 }
                i &+= 8
            }
        }
        while i < n {
            let b = bytes[i]
            if b < 0x20 || b == JSONByte.quote || b == JSONByte.backslash { return i }
            i &+= 1
        }
        return i
    }

    /// A string from bytes that are known to be valid UTF-8, copied without
    /// the standard library validating them a second time (`String(decoding:)`
    /// would: a fifth of the reader's time on non-ASCII text).
    ///
    /// - Precondition: `from..<to` is valid UTF-8 and `isASCII` is exact when
    ///   true (false for ASCII text is allowed but makes later hashing and
    ///   comparison slower). Invalid UTF-8 here is undefined behaviour.
    @inline(__always)
    static func makeString(_ buf: UnsafeRawBufferPointer, from: Int, to: Int, isASCII: Bool) -> String {
        let start = buf.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self) + from
        return makeString(UnsafeBufferPointer(start: start, count: to - from), isASCII: isASCII)
    }

    /// See `makeString(_:from:to:isASCII:)`.
    @inline(__always)
    static func makeString(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }
}
