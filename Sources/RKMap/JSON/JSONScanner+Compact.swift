extension JSONScanner {
    /// Reads the next value as `JSONProjection.verbatim` asks: an array or
    /// object as its compact JSON text (`JSONValue.compact`), a scalar as it is.
    ///
    /// Validation is as strict as `readValue`'s (same errors at the same
    /// places). The text is what `JSONWriter` writes for the tree: strings
    /// with escapes are decoded and written again, so that `"\u00e9"` is
    /// `"é"` either way. An object with a repeated key (whose tree keeps the
    /// first position and the last value) is read again as a tree.
    ///
    /// - Complexity: O(n) in the value's length; one allocation for the text.
    mutating func compactValue() throws(JSONLexError) -> JSONValue {
        skipWhitespace()
        guard offset < buf.count else { throw expectedValue(at: offset) }
        let opening = buf[offset]
        guard opening == JSONByte.openBracket || opening == JSONByte.openBrace else { return try parseValue() }
        let start = offset
        let startDepth = depth
        var out = CompactBuilder()
        guard try compactAny(&out) else {
            offset = start
            depth = startDepth
            return try parseValue()
        }
        return .compact(CompactJSON(kind: opening == JSONByte.openBracket ? .array : .object, builder: out))
    }

    /// Appends the next value's compact text; false when an object in it
    /// repeats a key.
    private mutating func compactAny(_ out: inout CompactBuilder) throws(JSONLexError) -> Bool {
        skipWhitespace()
        guard offset < buf.count else { throw expectedValue(at: offset) }
        switch buf[offset] {
        case JSONByte.quote:
            try compactString(&out)
        case JSONByte.openBrace:
            return try compactObject(&out)
        case JSONByte.openBracket:
            out.append(JSONByte.openBracket)
            if try enterContainer(closing: JSONByte.closeBracket) {
                out.append(JSONByte.closeBracket)
                return true
            }
            while true {
                guard try compactAny(&out) else { return false }
                guard try afterElement() else { break }
                out.append(JSONByte.comma)
            }
            depth -= 1
            out.append(JSONByte.closeBracket)
        case JSONByte.lowerT:
            try expectLiteral("true")
            out.append(UnsafeRawBufferPointer(rebasing: buf[(offset - 4)..<offset]))
        case JSONByte.lowerF:
            try expectLiteral("false")
            out.append(UnsafeRawBufferPointer(rebasing: buf[(offset - 5)..<offset]))
        case JSONByte.lowerN:
            try expectLiteral("null")
            out.append(UnsafeRawBufferPointer(rebasing: buf[(offset - 4)..<offset]))
        case let b where b == JSONByte.minus || JSONByte.isDigit(b):
            let start = offset
            offset = try JSONLexer.scanNumber(buf, at: start)
            out.append(UnsafeRawBufferPointer(rebasing: buf[start..<offset]))
        default:
            throw expectedValue(at: offset)
        }
        return true
    }

    /// `offset` is at `{`.
    private mutating func compactObject(_ out: inout CompactBuilder) throws(JSONLexError) -> Bool {
        out.append(JSONByte.openBrace)
        if try enterContainer(closing: JSONByte.closeBrace) {
            out.append(JSONByte.closeBrace)
            return true
        }
        var keys = KeyRanges()
        var afterComma = false
        while true {
            guard offset < buf.count, buf[offset] == JSONByte.quote else {
                let expected = afterComma ? "a string key after ','" : "a string key or '}'"
                throw JSONLexError(.expected(expected, found: found(offset)), offset: offset)
            }
            let keyStart = out.count
            try compactString(&out)
            // Without its quotes: the same key written the same way.
            guard keys.insert(from: keyStart + 1, count: out.count - keyStart - 2, in: out) else { return false }
            try expectColon()
            out.append(JSONByte.colon)
            guard try compactAny(&out) else { return false }
            guard try afterMember() else { break }
            out.append(JSONByte.comma)
            afterComma = true
        }
        depth -= 1
        out.append(JSONByte.closeBrace)
        return true
    }

    /// `offset` is at `"`: the string as `JSONWriter` writes it. One without
    /// escapes is its source bytes (valid UTF-8 with no control character:
    /// nothing the writer escapes).
    private mutating func compactString(_ out: inout CompactBuilder) throws(JSONLexError) {
        let start = offset
        let (end, escaped) = try skipStringNotingEscapes()
        if escaped {
            let (text, _) = try JSONLexer.scanString(buf, openingQuoteAt: start, scratch: &scratch, trusted: trusted)
            var writer = JSONWriter(pretty: false, capacity: text.utf8.count + 8)
            writer.writeString(text)
            writer.buffer.withUnsafeBytes { out.append($0) }
        } else {
            out.append(UnsafeRawBufferPointer(rebasing: buf[start..<end]))
        }
        offset = end
    }
}

/// The keys of one object being compacted, as ranges of the compact text,
/// to find a repeated one: a linear scan for a few, hashed from 16 on.
private struct KeyRanges {
    private var ranges: [(start: Int, count: Int)] = []
    private var byHash: [Int: [Int]]?

    /// Adds the key at `start`; false when an earlier key is the same bytes.
    mutating func insert(from start: Int, count: Int, in out: borrowing CompactBuilder) -> Bool {
        let key = out.bytes(from: start, count: count)
        if byHash == nil {
            for r in ranges where r.count == count && Self.same(out.bytes(from: r.start, count: r.count), key) { return false }
            ranges.append((start, count))
            if ranges.count >= 16 {
                var table: [Int: [Int]] = [:]
                for (i, r) in ranges.enumerated() { table[Self.hash(out.bytes(from: r.start, count: r.count)), default: []].append(i) }
                byHash = table
            }
            return true
        }
        let h = Self.hash(key)
        if let candidates = byHash![h] {
            for i in candidates where ranges[i].count == count && Self.same(out.bytes(from: ranges[i].start, count: count), key) {
                return false
            }
        }
        ranges.append((start, count))
        byHash![h, default: []].append(ranges.count - 1)
        return true
    }

    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }
}
