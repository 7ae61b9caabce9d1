extension JSONScanner {
    /// Builds the tree of the next value as far as `projection` asks, validating
    /// the rest as strictly as `readValue` (same errors at the same places) but
    /// building nothing for it: memory follows what is read, not the input.
    ///
    /// - Complexity: O(n) in the value's length; allocation only for what the
    ///   projection keeps.
    public mutating func readValue(projection: JSONProjection) throws(JSONSyntaxError) -> JSONValue {
        justOpened = false
        do throws(JSONLexError) {
            return try parseValue(projection)
        } catch {
            throw fail(error)
        }
    }

    mutating func parseValue(_ projection: JSONProjection) throws(JSONLexError) -> JSONValue {
        switch projection {
        case .everything:
            return try parseValue()
        case .nothing:
            try skipAny()
            return .null
        case .members(let map):
            skipWhitespace()
            guard offset < buf.count else { throw expectedValue(at: offset) }
            switch buf[offset] {
            case JSONByte.openBrace:
                return .object(try parseObject(map))
            case JSONByte.openBracket:
                return .array(try parseArray(projection))
            default:
                // A member of a scalar is missing either way, but the scalar is
                // kept as it is: a mapping that meets one where it expected an
                // object says so (docs/spec.md §5.2).
                return try parseValue()
            }
        }
    }

    /// `offset` is at `{`: the members named in `map`, in document order.
    private mutating func parseObject(_ map: [String: JSONProjection]) throws(JSONLexError) -> JSONObject {
        try push(at: offset)
        offset += 1
        skipWhitespace()
        if offset < buf.count, buf[offset] == JSONByte.closeBrace {
            offset += 1
            depth -= 1
            return JSONObject()
        }
        let base = memberStack.count
        var index: MemberIndex?
        var afterComma = false
        while true {
            let key = try readKey(afterComma: afterComma)
            if let sub = map[key] {
                let value = try parseValue(sub)
                addMember(key, value, base: base, index: &index)
            } else {
                try skipAny()
            }
            guard try afterMember() else { break }
            afterComma = true
        }
        depth -= 1
        return JSONObject(uniqueMembers: memberStack.popTail(from: base, filler: JSONObject.Member(key: "", value: .null)))
    }

    /// `offset` is at `[`: every element, each projected the same way (KVC).
    private mutating func parseArray(_ projection: JSONProjection) throws(JSONLexError) -> [JSONValue] {
        try push(at: offset)
        offset += 1
        skipWhitespace()
        if offset < buf.count, buf[offset] == JSONByte.closeBracket {
            offset += 1
            depth -= 1
            return []
        }
        let base = elementStack.count
        while true {
            elementStack.append(try parseValue(projection))
            guard try afterElement() else { break }
        }
        depth -= 1
        return elementStack.popTail(from: base, filler: .null)
    }
}
