extension JSONScanner {
    /// After an object member: consumes `,` (another member follows: true) or
    /// the closing `}` (false). Shared by the tree builder and `skipValue`, so
    /// both report the same error at the same place.
    @inline(__always)
    mutating func afterMember() throws(JSONLexError) -> Bool {
        skipWhitespace()
        if offset < buf.count {
            let b = buf[offset]
            if b == JSONByte.comma {
                offset += 1
                skipWhitespace()
                return true
            }
            if b == JSONByte.closeBrace {
                offset += 1
                return false
            }
        }
        throw JSONLexError(.expectedMemberSeparator(found: found(offset)), offset: offset)
    }

    /// After an array element: consumes `,` (another element follows: true; a
    /// `]` right after it is a trailing comma) or the closing `]` (false).
    @inline(__always)
    mutating func afterElement() throws(JSONLexError) -> Bool {
        skipWhitespace()
        if offset < buf.count {
            let b = buf[offset]
            if b == JSONByte.comma {
                offset += 1
                skipWhitespace()
                if offset < buf.count, buf[offset] == JSONByte.closeBracket {
                    throw JSONLexError(.trailingCommaInArray, offset: offset)
                }
                return true
            }
            if b == JSONByte.closeBracket {
                offset += 1
                return false
            }
        }
        throw JSONLexError(.expectedElementSeparator(found: found(offset)), offset: offset)
    }
}
