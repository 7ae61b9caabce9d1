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
                    throw scanner.fail(JSONLexError(
                        message: "unexpected \(scanner.found(scanner.offset)) after the JSON value; expected end of input",
                        offset: scanner.offset))
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
            let (s, end) = try JSONLexer.scanString(buf, openingQuoteAt: offset)
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
            return .number(JSONNumber(String(decoding: UnsafeRawBufferPointer(rebasing: buf[start..<offset]), as: UTF8.self)))
        default:
            throw expectedValue(at: offset)
        }
    }

    /// `offset` is at `{`.
    mutating func parseObject() throws(JSONLexError) -> JSONObject {
        try push(at: offset)
        offset += 1
        skipWhitespace()
        if offset < buf.count, buf[offset] == JSONByte.closeBrace {
            offset += 1
            depth -= 1
            return JSONObject()
        }
        var builder = ObjectBuilder()
        var afterComma = false
        while true {
            let key = try readKey(afterComma: afterComma)
            let value = try parseValue()
            builder.append(key, value)
            skipWhitespace()
            guard offset < buf.count else {
                throw JSONLexError(message: "expected ',' or '}' after an object member, found end of input", offset: offset)
            }
            let b = buf[offset]
            offset += 1
            if b == JSONByte.comma {
                skipWhitespace()
                afterComma = true
                continue
            }
            if b == JSONByte.closeBrace { break }
            offset -= 1
            throw JSONLexError(message: "expected ',' or '}' after an object member, found \(found(offset))", offset: offset)
        }
        depth -= 1
        return JSONObject(uniqueMembers: builder.members)
    }

    /// `offset` is at `[`.
    mutating func parseArray() throws(JSONLexError) -> [JSONValue] {
        try push(at: offset)
        offset += 1
        skipWhitespace()
        if offset < buf.count, buf[offset] == JSONByte.closeBracket {
            offset += 1
            depth -= 1
            return []
        }
        var elements: [JSONValue] = []
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < buf.count else {
                throw JSONLexError(message: "expected ',' or ']' after an array element, found end of input", offset: offset)
            }
            let b = buf[offset]
            offset += 1
            if b == JSONByte.comma {
                skipWhitespace()
                if offset < buf.count, buf[offset] == JSONByte.closeBracket {
                    throw JSONLexError(message: "expected a value after ',', found ']' (trailing commas are not JSON)", offset: offset)
                }
                continue
            }
            if b == JSONByte.closeBracket { break }
            offset -= 1
            throw JSONLexError(message: "expected ',' or ']' after an array element, found \(found(offset))", offset: offset)
        }
        depth -= 1
        return elements
    }
}

/// Collects object members, replacing the value of a repeated key in place.
///
/// Small objects (the common case in API payloads) check for duplicates by a
/// linear scan, which needs no hashing; past `indexThreshold` members a
/// dictionary keeps large objects from going quadratic.
struct ObjectBuilder {
    static let indexThreshold = 16
    var members: [JSONObject.Member] = []
    var index: [String: Int]?

    @inline(__always)
    mutating func append(_ key: String, _ value: JSONValue) {
        if index == nil {
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = value
                return
            }
            members.append(JSONObject.Member(key: key, value: value))
            if members.count >= Self.indexThreshold {
                var map: [String: Int] = [:]
                map.reserveCapacity(members.count * 2)
                for (i, m) in members.enumerated() { map[m.key] = i }
                index = map
            }
            return
        }
        if let i = index![key] {
            members[i].value = value
        } else {
            index![key] = members.count
            members.append(JSONObject.Member(key: key, value: value))
        }
    }
}
