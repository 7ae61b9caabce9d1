extension JSONScanner {
    /// Builds the tree of the next value (after whitespace).
    ///
    /// Duplicate keys keep the first position and the last value
    /// (`JSONObject.append`).
    ///
    /// - Throws: the first syntax error, with its location.
    /// - Complexity: O(n) in the value's length.
    public mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        justOpened = false
        do throws(JSONLexError) {
            return try parseValue()
        } catch {
            throw fail(error)
        }
    }

    /// Parses one complete document: a value with nothing but whitespace after it.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buf -> Result<JSONValue, JSONSyntaxError> in
            var scanner = JSONScanner(bytes: buf, maxDepth: maxDepth)
            do throws(JSONSyntaxError) {
                let value = try scanner.readValue()
                if try !scanner.atEnd() {
                    throw scanner.fail(JSONLexError(.trailingContent(found: scanner.found(scanner.offset)), offset: scanner.offset))
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    mutating func parseValue() throws(JSONLexError) -> JSONValue {
        skipWhitespace()
        guard offset < buf.count else { throw expectedValue(at: offset) }
        switch buf[offset] {
        case JSONByte.quote:
            let (s, end) = try JSONLexer.scanString(buf, openingQuoteAt: offset, scratch: &scratch, trusted: trusted)
            offset = end
            return .string(s)
        case JSONByte.openBrace:
            return .object(try parseObject())
        case JSONByte.openBracket:
            return .array(try parseArray())
        case JSONByte.lowerT:
            try expectLiteral("true")
            return .bool(true)
        case JSONByte.lowerF:
            try expectLiteral("false")
            return .bool(false)
        case JSONByte.lowerN:
            try expectLiteral("null")
            return .null
        case let b where b == JSONByte.minus || JSONByte.isDigit(b):
            let start = offset
            offset = try JSONLexer.scanNumber(buf, at: start)
            // scanNumber accepted only ASCII digits and signs: no need to validate again.
            return .number(JSONNumber(JSONLexer.makeString(buf, from: start, to: offset, isASCII: true)))
        default:
            throw expectedValue(at: offset)
        }
    }

    /// `offset` is at `{`.
    mutating func parseObject() throws(JSONLexError) -> JSONObject {
        if try enterContainer(closing: JSONByte.closeBrace) { return JSONObject() }
        let base = memberStack.count
        var index: MemberIndex?
        var afterComma = false
        while true {
            let key = try readKey(afterComma: afterComma)
            let value = try parseValue()
            addMember(key, value, base: base, index: &index)
            guard try afterMember() else { break }
            afterComma = true
        }
        depth -= 1
        return JSONObject(uniqueMembers: memberStack.popTail(from: base, filler: JSONObject.Member(key: "", value: .null)), readIndex: index)
    }

    /// Appends a member of the object whose members start at `base`; a
    /// repeated key replaces the earlier value in place (last value, first position).
    ///
    /// Small objects (the common case in API payloads) find duplicates by a
    /// linear scan, which needs no hashing; from 16 members on an index keeps
    /// large objects from going quadratic.
    @inline(__always)
    mutating func addMember(_ key: String, _ value: JSONValue, base: Int, index: inout MemberIndex?) {
        if index == nil {
            // Comparing UTF-8 lengths first (O(1) for native strings) skips
            // most full string comparisons.
            let length = key.utf8.count
            var i = base
            while i < memberStack.count {
                if memberStack[i].key.utf8.count == length, JSONValue.sameText(memberStack[i].key, key) {
                    memberStack[i].value = value
                    return
                }
                i += 1
            }
            memberStack.append(JSONObject.Member(key: key, value: value))
            if memberStack.count - base >= 16 { index = MemberIndex(memberStack, base: base) }
            return
        }
        if let i = index!.find(key, in: memberStack) {
            memberStack[i].value = value
        } else {
            memberStack.append(JSONObject.Member(key: key, value: value))
            index!.insertNew(at: memberStack.count - 1, in: memberStack)
        }
    }

    /// `offset` is at `[`.
    mutating func parseArray() throws(JSONLexError) -> [JSONValue] {
        if try enterContainer(closing: JSONByte.closeBracket) { return [] }
        let base = elementStack.count
        while true {
            elementStack.append(try parseValue())
            guard try afterElement() else { break }
        }
        depth -= 1
        return elementStack.popTail(from: base, filler: .null)
    }
}

extension Array {
    /// From this many elements on, `popTail` from the bottom of the stack hands
    /// the storage over instead of copying it; below it, an exactly sized copy
    /// keeps the scratch storage for the next of many small documents.
    static var handOverThreshold: Int { 4096 }

    /// Removes and returns the elements from `base` on, moving them into the
    /// result instead of copying (a copy would retain each element, and the
    /// removal release it again).
    ///
    /// `filler` must be a value without references (`.null`, an empty string):
    /// it is written into the moved-from slots so the removal has nothing to release.
    @inline(__always)
    mutating func popTail(from base: Int, filler: Element) -> [Element] {
        let count = self.count - base
        guard count > 0 else { return [] }
        // A large array or object with nothing before it on the stack (the
        // usual case for the one big array of a document) takes the stack's
        // storage itself: copying it would hold the elements twice at the
        // peak. The spare capacity was never written, so it costs no memory;
        // the next large value grows a new stack.
        if base == 0, count >= Self.handOverThreshold {
            var result: [Element] = []
            swap(&result, &self)
            return result
        }
        // `reserveCapacity` allocates through code specialized for `Element`,
        // whose buffer type metadata is a cached constant; the allocation
        // behind `init(unsafeUninitializedCapacity:)` and `init(repeating:)` is
        // generic and looked that metadata up at run time on every call
        // (~380 instructions, 7% of reading a document).
        var result: [Element] = []
        result.reserveCapacity(count)
        withUnsafeMutableBufferPointer { source in
            let tail = source.baseAddress.unsafelyUnwrapped + base
            for i in 0..<count { result.append((tail + i).move()) }
            tail.initialize(repeating: filler, count: count)
        }
        removeSubrange(base...)
        return result
    }
}
