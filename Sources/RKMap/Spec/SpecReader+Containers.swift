extension SpecReader {
    mutating func enter(at offset: Int) throws(SpecSyntaxError) {
        depth += 1
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) level\(maxDepth == 1 ? "" : "s")", at: offset) }
    }

    /// Reads `{ "key": value, ... }`, keeping every member (duplicates too).
    mutating func parseObject() throws(SpecSyntaxError) -> SpecValue {
        let open = i
        let openLocation = location(i)
        try enter(at: open)
        i += 1
        _ = try skipTrivia()
        if i < n, buf[i] == JSONByte.closeBrace {
            i += 1
            depth -= 1
            return SpecValue(.object([]), at: openLocation)
        }
        // The members wait on the reader's stack, and the object takes them
        // in an array of their number (`popTail`: one grown by appending
        // holds up to twice its count, and a large spec's tree is many;
        // 4,096 or more with nothing below them take the stack's storage).
        let base = memberStack.count
        var afterComma = false
        while true {
            memberStack.append(try parseMember(afterComma: afterComma))
            let end = location(i)
            let crossed = try skipTrivia()
            guard i < n else {
                throw error("unterminated object (opened at \(openLocation)); expected ',' or '}', found end of file", at: i)
            }
            let b = buf[i]
            if b == JSONByte.comma {
                let comma = location(i)
                i += 1
                _ = try skipTrivia()
                if i < n, buf[i] == JSONByte.closeBrace {
                    warn("trailing ',' before '}' is not JSON; remove it", at: comma)
                    i += 1
                    break
                }
                afterComma = true
                continue
            }
            if b == JSONByte.closeBrace {
                i += 1
                break
            }
            if crossed, startsValue(b) {
                warn("missing ',' after an object member at the end of the line; add it", at: end)
                afterComma = false
                continue
            }
            throw error("expected ',' or '}' after an object member, found \(found(i))", at: i)
        }
        depth -= 1
        return SpecValue(.object(memberStack.popTail(from: base, filler: Self.memberFiller)), at: openLocation)
    }

    /// What `popTail` leaves in the stacks' moved-from slots: nothing to release.
    static let memberFiller = SpecMember(key: "", keyLocation: SourceLocation(line: 0, column: 0), value: valueFiller)
    static let valueFiller = SpecValue(.null, at: SourceLocation(line: 0, column: 0))

    /// Reads `"key": value` at `i`.
    mutating func parseMember(afterComma: Bool) throws(SpecSyntaxError) -> SpecMember {
        guard i < n else { throw error("expected a string key or '}', found end of file", at: i) }
        let b = buf[i]
        if b != JSONByte.quote {
            if b == JSONByte.singleQuote { throw error("single quotes are not JSON; use double quotes", at: i) }
            if JSONByte.isWordByte(b) {
                var j = i
                while j < n, JSONByte.isWordByte(buf[j]) { j += 1 }
                throw error("unexpected bare word '\(text(i, j))'; object keys need double quotes", at: i)
            }
            let expected = afterComma ? "a string key after ','" : "a string key or '}'"
            throw error("expected \(expected), found \(found(i))", at: i)
        }
        let keyLocation = location(i)
        let key = try parseString()
        _ = try skipTrivia()
        guard i < n, buf[i] == JSONByte.colon else {
            throw error("expected ':' after the key \"\(key)\", found \(found(i))", at: i)
        }
        i += 1
        _ = try skipTrivia()
        let value = try parseValue()
        return SpecMember(key: key, keyLocation: keyLocation, value: value)
    }

    /// Reads `[ ... ]`. An array whose first element is `"key": value` is read
    /// as an object (the seeds write `"attributes" : [ "email" : "email" ]`);
    /// every later element must then be a pair too.
    mutating func parseArray() throws(SpecSyntaxError) -> SpecValue {
        let open = i
        let openLocation = location(i)
        try enter(at: open)
        i += 1
        // Elements or members wait on the reader's stacks (`popTail`).
        let elementBase = elementStack.count, memberBase = memberStack.count
        var holdsPairs: Bool?
        _ = try skipTrivia()
        if i < n, buf[i] == JSONByte.closeBracket {
            i += 1
            depth -= 1
            return SpecValue(.array([]), at: openLocation)
        }
        while true {
            let elementStart = i
            let elementLocation = location(i)
            let isQuoted = i < n && buf[i] == JSONByte.quote
            let element = try parseValue()
            var end = location(i)
            var crossed = try skipTrivia()
            let isPair = isQuoted && i < n && buf[i] == JSONByte.colon
            if let holdsPairs, holdsPairs != isPair {
                throw error("cannot mix 'key: value' pairs and plain elements in one array; use '{ }' for an object, '[ ]' for a list",
                            at: elementStart)
            }
            if holdsPairs == nil {
                holdsPairs = isPair
                if isPair {
                    warn("'key: value' pairs inside '[ ]' read as an object; write '{ }'", at: openLocation)
                }
            }
            if isPair, case .string(let key) = element.kind {
                i += 1
                _ = try skipTrivia()
                let value = try parseValue()
                memberStack.append(SpecMember(key: key, keyLocation: elementLocation, value: value))
                end = location(i)
                crossed = try skipTrivia()
            } else {
                elementStack.append(element)
            }
            guard i < n else {
                throw error("unterminated array (opened at \(openLocation)); expected ',' or ']', found end of file", at: i)
            }
            let b = buf[i]
            if b == JSONByte.comma {
                let comma = location(i)
                i += 1
                _ = try skipTrivia()
                if i < n, buf[i] == JSONByte.closeBracket {
                    warn("trailing ',' before ']' is not JSON; remove it", at: comma)
                    i += 1
                    break
                }
                continue
            }
            if b == JSONByte.closeBracket {
                i += 1
                break
            }
            if crossed, startsValue(b) {
                warn("missing ',' after an array element at the end of the line; add it", at: end)
                continue
            }
            throw error("expected ',' or ']' after an array element, found \(found(i))", at: i)
        }
        depth -= 1
        if holdsPairs == true {
            return SpecValue(.object(memberStack.popTail(from: memberBase, filler: Self.memberFiller)), at: openLocation, wasRelaxed: true)
        }
        return SpecValue(.array(elementStack.popTail(from: elementBase, filler: Self.valueFiller)), at: openLocation)
    }
}
