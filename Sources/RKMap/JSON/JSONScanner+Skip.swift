extension JSONScanner {
    /// Validates the next value and moves past it without building anything.
    ///
    /// Validation is as strict as `readValue` (same errors at the same places);
    /// only allocation is skipped, so skipping the parts of a document no
    /// descriptor reads costs a scan, not a tree.
    ///
    /// - Complexity: O(n) in the value's length, no allocation.
    public mutating func skipValue() throws(JSONSyntaxError) {
        justOpened = false
        do throws(JSONLexError) {
            try skipAny()
        } catch {
            throw fail(error)
        }
    }

    /// Moves past the array here, counting its elements (an index from the
    /// end, `items.@count` of a streamed relationship's array).
    ///
    /// - Complexity: O(n) in the array's length, no allocation.
    public mutating func skipArrayCountingElements() throws(JSONSyntaxError) -> Int {
        var count = 0
        try enterArray()
        while try nextElement() {
            try skipValue()
            count += 1
        }
        return count
    }

    mutating func skipAny() throws(JSONLexError) {
        skipWhitespace()
        guard offset < buf.count else { throw expectedValue(at: offset) }
        switch buf[offset] {
        case JSONByte.quote:
            offset = trusted
                ? JSONLexer.skipTrustedString(buf, openingQuoteAt: offset).end
                : try JSONLexer.skipString(buf, openingQuoteAt: offset)
        case JSONByte.openBrace:
            try skipObject()
        case JSONByte.openBracket:
            try skipArray()
        case JSONByte.lowerT: try expectLiteral("true")
        case JSONByte.lowerF: try expectLiteral("false")
        case JSONByte.lowerN: try expectLiteral("null")
        case let b where b == JSONByte.minus || JSONByte.isDigit(b):
            offset = try JSONLexer.scanNumber(buf, at: offset)
        default:
            throw expectedValue(at: offset)
        }
    }

    private mutating func skipObject() throws(JSONLexError) {
        if try enterContainer(closing: JSONByte.closeBrace) { return }
        var afterComma = false
        while true {
            guard offset < buf.count, buf[offset] == JSONByte.quote else {
                let expected = afterComma ? "a string key after ','" : "a string key or '}'"
                throw JSONLexError(.expected(expected, found: found(offset)), offset: offset)
            }
            offset = trusted
                ? JSONLexer.skipTrustedString(buf, openingQuoteAt: offset).end
                : try JSONLexer.skipString(buf, openingQuoteAt: offset)
            try expectColon()
            try skipAny()
            guard try afterMember() else { break }
            afterComma = true
        }
        depth -= 1
    }

    private mutating func skipArray() throws(JSONLexError) {
        if try enterContainer(closing: JSONByte.closeBracket) { return }
        while true {
            try skipAny()
            guard try afterElement() else { break }
        }
        depth -= 1
    }
}
