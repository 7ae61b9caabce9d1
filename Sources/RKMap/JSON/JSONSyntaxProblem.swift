/// What is wrong at one place of a JSON text (RFC 8259): raised as a value by
/// the lexer and scanner, with its text here, in one place. The text names what
/// was found and what was expected (`expected ',' or '}' after an object member,
/// found ']'`); `found` values are already written for a reader (`']'`, `end of
/// input`, `the byte 0xFF`).
enum JSONSyntaxProblem: Sendable, Equatable {
    /// What is wrong with a UTF-8 sequence whose second byte is out of range.
    enum BadSequence: Sendable, Equatable {
        case overlong, surrogate, aboveUnicode
    }

    // Strings
    case invalidUnicodeEscape
    case loneLowSurrogate(UInt16)
    case loneHighSurrogate(UInt16)
    case invalidEscape(String)
    case unterminatedString
    case lineBreakInString
    case controlCharacter(UInt8)
    // UTF-8
    case unexpectedContinuationByte(UInt8)
    case overlongLeadByte(UInt8)
    case leadByteAboveUnicode(UInt8)
    case neverInUTF8(UInt8)
    case truncatedAtEnd
    case truncatedSequence(lead: UInt8, next: UInt8)
    case badSequence(BadSequence, UInt8, UInt8)
    // Numbers
    case digitAfterMinus(found: String)
    case leadingZeros
    case digitAfterDot(found: String)
    case digitInExponent(found: String)
    // Structure
    case expected(String, found: String)
    case expectedColon(found: String)
    case expectedMemberSeparator(found: String)
    case expectedElementSeparator(found: String)
    case trailingCommaInArray
    case trailingContent(found: String)
    case nestingTooDeep(limit: Int)
    // Values
    case unexpectedWord(String)
    case singleQuotes
    case plusBeforeNumber
    case digitBeforeDot

    var message: String {
        switch self {
        case .invalidUnicodeEscape:
            return "invalid \\u escape; expected 4 hex digits after \\u"
        case .loneLowSurrogate(let unit):
            return "lone low surrogate \\u\(JSONLexer.hexText(unit)) in a string; it must follow a high surrogate"
        case .loneHighSurrogate(let unit):
            return "lone high surrogate \\u\(JSONLexer.hexText(unit)) in a string; it must be followed by a low surrogate \\uDC00-\\uDFFF"
        case .invalidEscape(let escape):
            return "invalid escape '\\\(escape)' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
        case .unterminatedString:
            return "unterminated string; add the closing '\"'"
        case .lineBreakInString:
            return "unterminated string: a line break before the closing '\"' (write \\n inside strings)"
        case .controlCharacter(let b):
            let hint: String
            switch b {
            case JSONByte.tab: hint = "\\t"
            case 0x08: hint = "\\b"
            case 0x0C: hint = "\\f"
            default: hint = "\\u00" + JSONLexer.hexByte(b).lowercased()
            }
            return "control character U+00\(JSONLexer.hexByte(b)) in a string; escape it as \(hint)"
        case .unexpectedContinuationByte(let b):
            return "invalid UTF-8: unexpected continuation byte 0x\(JSONLexer.hexByte(b))"
        case .overlongLeadByte(let b):
            return "invalid UTF-8: overlong encoding (lead byte 0x\(JSONLexer.hexByte(b)))"
        case .leadByteAboveUnicode(let b):
            return "invalid UTF-8: byte 0x\(JSONLexer.hexByte(b)) would start a code point above U+10FFFF"
        case .neverInUTF8(let b):
            return "invalid UTF-8: byte 0x\(JSONLexer.hexByte(b)) never appears in UTF-8"
        case .truncatedAtEnd:
            return "invalid UTF-8: truncated sequence at end of input"
        case .truncatedSequence(let lead, let next):
            return "invalid UTF-8: truncated sequence (lead byte 0x\(JSONLexer.hexByte(lead)) followed by 0x\(JSONLexer.hexByte(next)))"
        case .badSequence(let what, let b0, let b1):
            let text: String
            switch what {
            case .overlong: text = "overlong encoding"
            case .surrogate: text = "encoded surrogate code point"
            case .aboveUnicode: text = "code point above U+10FFFF"
            }
            return "invalid UTF-8: \(text) (bytes 0x\(JSONLexer.hexByte(b0)) 0x\(JSONLexer.hexByte(b1)))"
        case .digitAfterMinus(let found):
            return "expected a digit after '-', found \(found)"
        case .leadingZeros:
            return "numbers cannot have leading zeros"
        case .digitAfterDot(let found):
            return "expected a digit after '.' in a number, found \(found)"
        case .digitInExponent(let found):
            return "expected a digit in the number's exponent, found \(found)"
        case .expected(let what, let found):
            return "expected \(what), found \(found)"
        case .expectedColon(let found):
            return "expected ':' after an object key, found \(found)"
        case .expectedMemberSeparator(let found):
            return "expected ',' or '}' after an object member, found \(found)"
        case .expectedElementSeparator(let found):
            return "expected ',' or ']' after an array element, found \(found)"
        case .trailingCommaInArray:
            return "expected a value after ',', found ']' (trailing commas are not JSON)"
        case .trailingContent(let found):
            return "unexpected \(found) after the JSON value; expected end of input"
        case .nestingTooDeep(let limit):
            return "nesting deeper than \(limit) level\(limit == 1 ? "" : "s")"
        case .unexpectedWord(let word):
            return "unexpected word '\(word)'; JSON literals are true, false and null, and strings need double quotes"
        case .singleQuotes:
            return "single quotes are not JSON; strings need double quotes"
        case .plusBeforeNumber:
            return "'+' is not allowed before a number"
        case .digitBeforeDot:
            return "numbers need a digit before '.'"
        }
    }
}
