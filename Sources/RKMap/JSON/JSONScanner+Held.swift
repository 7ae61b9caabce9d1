extension JSONScanner {
    /// Reads the next value as `JSONProjection.elements` asks (`plan.reads`
    /// is `.elements`, `plan.members[0]` its elements' plan): an array whose
    /// elements span `plan.holdBytes` or more of input is held as the compact
    /// text of its elements, each read through their plan first (so the text
    /// holds what the plan reads, not the whole element), with where each
    /// starts (`CompactJSON.elements`); a shorter array is a tree, and any
    /// other value is read through the elements' plan, as it would be without
    /// holding.
    ///
    /// Validation is `readValue`'s: the same errors at the same places.
    ///
    /// - Complexity: O(n) in the array's length. A held array costs the text
    ///   of what its elements read (an element of four small members, about
    ///   60 bytes, against about 300 as a tree), and each element is read
    ///   twice, here and when it is mapped.
    mutating func heldArray(_ plan: ProjectionPlan) throws(JSONLexError) -> JSONValue {
        let inner = plan.members[0]
        skipWhitespace()
        guard offset < buf.count, buf[offset] == JSONByte.openBracket else { return try parseValue(inner) }
        let start = offset
        if try enterContainer(closing: JSONByte.closeBracket) { return .array([]) }
        let base = elementStack.count
        // A tree until the elements read span `holdBytes`.
        while true {
            elementStack.append(try parseValue(inner))
            guard try afterElement() else {
                depth -= 1
                return .array(elementStack.popTail(from: base, filler: .null))
            }
            if offset - start >= plan.holdBytes { break }
        }
        var held = HeldArrayBuilder()
        for element in elementStack[base...] { held.append(element) }
        elementStack.removeSubrange(base...)
        while true {
            held.append(try parseValue(inner))
            guard try afterElement() else { break }
        }
        depth -= 1
        return .compact(held.finish(plan: inner))
    }
}

extension JSONScanner {
    /// Reads the next value as `ProjectionPlan(recordsHoldingArraysFrom:)`
    /// asks: an object is a record, each member read whole except an array
    /// member, read through `plan.members[0]` (`heldArray`: held as its
    /// elements' text when it spans the plan's bytes); a top-level array's
    /// elements are records, read the same way; anything else is read whole.
    ///
    /// Validation is `readValue`'s: the same errors at the same places.
    mutating func parseRecords(_ plan: ProjectionPlan) throws(JSONLexError) -> JSONValue {
        try parseWholeHolding(plan)
    }

    /// Reads the next value whole, as `ProjectionPlan(wholeHoldingAsIn:)`
    /// asks: in an object, each member the plan names through its plan (a
    /// large array at a relationship's source held as its elements' text),
    /// every other member whole; an array's elements each so (a key path
    /// goes through an array element by element); a scalar as it is. A
    /// `records` plan names every member (`parseRecords`).
    mutating func parseWholeHolding(_ plan: ProjectionPlan) throws(JSONLexError) -> JSONValue {
        skipWhitespace()
        guard offset < buf.count else { return try parseValue() }
        switch buf[offset] {
        case JSONByte.openBrace:
            if try enterContainer(closing: JSONByte.closeBrace) { return .object(JSONObject()) }
            let base = memberStack.count
            var index: MemberIndex?
            var afterComma = false
            while true {
                let key = try readKey(afterComma: afterComma)
                let value: JSONValue
                if plan.reads == .records {
                    value = try heldArray(plan.members[0])
                } else if let m = plan.member(named: key) {
                    value = try parseValue(plan.members[m])
                } else {
                    value = try parseValue()
                }
                addMember(key, value, base: base, index: &index)
                guard try afterMember() else { break }
                afterComma = true
            }
            depth -= 1
            return .object(JSONObject(
                uniqueMembers: memberStack.popTail(from: base, filler: JSONObject.Member(key: "", value: .null)), readIndex: index))
        case JSONByte.openBracket:
            if try enterContainer(closing: JSONByte.closeBracket) { return .array([]) }
            let base = elementStack.count
            while true {
                elementStack.append(try parseWholeHolding(plan))
                guard try afterElement() else { break }
            }
            depth -= 1
            return .array(elementStack.popTail(from: base, filler: .null))
        default:
            return try parseValue()
        }
    }
}

/// The text of a held array while it is read (`JSONScanner.heldArray`), or
/// made (`Serializer.relationship`: the bodies of a held array's records).
struct HeldArrayBuilder: ~Copyable {
    private var text = CompactBuilder()
    private var starts = HeldStarts()
    private var writer = JSONWriter(pretty: false, capacity: 4096)

    init() { text.append(JSONByte.openBracket) }

    /// Appends `element`'s compact text, after a comma unless it is the first.
    mutating func append(_ element: JSONValue) {
        if !starts.isEmpty { text.append(JSONByte.comma) }
        starts.append(text.count)
        writer.buffer.removeAll()
        writer.write(element)
        writer.buffer.withUnsafeBytes { text.append($0) }
    }

    consuming func finish(plan: ProjectionPlan) -> CompactJSON {
        text.append(JSONByte.closeBracket)
        return CompactJSON(heldArray: text, starts: starts, plan: plan)
    }
}
