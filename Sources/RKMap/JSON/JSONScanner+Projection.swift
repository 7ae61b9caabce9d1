extension JSONScanner {
    /// Builds the tree of the next value as far as `projection` asks, validating
    /// the rest as strictly as `readValue` (same errors at the same places) but
    /// building nothing for it: memory follows what is read, not the input.
    ///
    /// - Complexity: O(n) in the value's length; allocation only for what the
    ///   projection keeps. Keys are matched in the buffer: a member that is not
    ///   read costs no string.
    public mutating func readValue(projection: ProjectionPlan) throws(JSONSyntaxError) -> JSONValue {
        justOpened = false
        do throws(JSONLexError) {
            return try parseValue(projection)
        } catch {
            throw fail(error)
        }
    }

    /// See `readValue(projection:)`; compiles `projection` first (once per
    /// call: readers of many documents compile a `ProjectionPlan` once).
    public mutating func readValue(projection: JSONProjection) throws(JSONSyntaxError) -> JSONValue {
        try readValue(projection: ProjectionPlan(projection))
    }

    mutating func parseValue(_ plan: ProjectionPlan) throws(JSONLexError) -> JSONValue {
        switch plan.reads {
        case .everything:
            return try parseValue()
        case .verbatim:
            return try compactValue()
        case .elements:
            return try heldArray(plan)
        case .records:
            return try parseRecords(plan)
        case .wholeHolding:
            return try parseWholeHolding(plan)
        case .nothing:
            try skipAny()
            return .null
        case .members:
            skipWhitespace()
            guard offset < buf.count else { throw expectedValue(at: offset) }
            switch buf[offset] {
            case JSONByte.openBrace:
                return .object(try parseObject(plan))
            case JSONByte.openBracket:
                return .array(try parseArray(plan))
            default:
                // A member of a scalar is missing either way, but the scalar is
                // kept as it is: a mapping that meets one where it expected an
                // object says so (docs/spec.md §5.2).
                return try parseValue()
            }
        }
    }

    /// `offset` is at `{`: the members `plan` names, in document order.
    private mutating func parseObject(_ plan: ProjectionPlan) throws(JSONLexError) -> JSONObject {
        if try enterContainer(closing: JSONByte.closeBrace) { return JSONObject() }
        let base = memberStack.count
        var index: MemberIndex?
        var afterComma = false
        while true {
            if plan.caseInsensitive {
                // The member keeps its own key: exact matches must still win.
                let key = try readKey(afterComma: afterComma)
                if let m = plan.member(named: key) {
                    addMember(key, try parseValue(plan.members[m]), base: base, index: &index)
                } else {
                    try skipAny()
                }
            } else if let m = try matchKey(plan, afterComma: afterComma) {
                let value = try parseValue(plan.members[m])
                addMember(plan.names[m], value, base: base, index: &index)
            } else {
                try skipAny()
            }
            guard try afterMember() else { break }
            afterComma = true
        }
        depth -= 1
        return JSONObject(uniqueMembers: memberStack.popTail(from: base, filler: JSONObject.Member(key: "", value: .null)), readIndex: index)
    }

    /// Reads `"key"` and the `:` after it, like `readKey`, and says which of
    /// the plan's members it names, if any. A key without escapes (almost all)
    /// is compared in the buffer; one with escapes is decoded first.
    @inline(__always)
    private mutating func matchKey(_ plan: ProjectionPlan, afterComma: Bool) throws(JSONLexError) -> Int? {
        guard offset < buf.count, buf[offset] == JSONByte.quote else {
            return plan.member(named: try readKey(afterComma: afterComma))
        }
        let open = offset
        let (end, escaped) = try skipStringNotingEscapes()
        if escaped {
            return plan.member(named: try readKey(afterComma: afterComma))
        }
        offset = end
        try expectColon()
        return plan.member(matching: UnsafeRawBufferPointer(rebasing: buf[(open + 1)..<(end - 1)]))
    }

    /// `offset` is at `"`: where the string ends (after its closing quote) and
    /// whether it has escapes, validated as `readValue` validates it; `offset`
    /// does not move.
    @inline(__always)
    func skipStringNotingEscapes() throws(JSONLexError) -> (end: Int, escaped: Bool) {
        if trusted { return JSONLexer.skipTrustedString(buf, openingQuoteAt: offset) }
        let end = try JSONLexer.skipString(buf, openingQuoteAt: offset)
        return (end, UnsafeRawBufferPointer(rebasing: buf[(offset + 1)..<(end - 1)]).contains(JSONByte.backslash))
    }

    /// `offset` is at `[`: every element, each projected the same way (KVC).
    private mutating func parseArray(_ plan: ProjectionPlan) throws(JSONLexError) -> [JSONValue] {
        if try enterContainer(closing: JSONByte.closeBracket) { return [] }
        let base = elementStack.count
        while true {
            elementStack.append(try parseValue(plan))
            guard try afterElement() else { break }
        }
        depth -= 1
        return elementStack.popTail(from: base, filler: .null)
    }
}
