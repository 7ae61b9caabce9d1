import Testing
@testable import RKMap

/// The text of every JSON syntax problem, pinned in one table (the scanner
/// tests check which problem each input raises, and where).
@Suite struct JSONSyntaxProblemTests {
    static let table: [(JSONSyntaxProblem, String)] = [
        (.invalidUnicodeEscape, #"invalid \u escape; expected 4 hex digits after \u"#),
        (.loneLowSurrogate(0xDC01), #"lone low surrogate \uDC01 in a string; it must follow a high surrogate"#),
        (.loneHighSurrogate(0xD800), #"lone high surrogate \uD800 in a string; it must be followed by a low surrogate \uDC00-\uDFFF"#),
        (.invalidEscape("x"), #"invalid escape '\x' in a string; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (.unterminatedString, #"unterminated string; add the closing '"'"#),
        (.lineBreakInString, #"unterminated string: a line break before the closing '"' (write \n inside strings)"#),
        (.controlCharacter(0x09), #"control character U+0009 in a string; escape it as \t"#),
        (.controlCharacter(0x08), #"control character U+0008 in a string; escape it as \b"#),
        (.controlCharacter(0x0C), #"control character U+000C in a string; escape it as \f"#),
        (.controlCharacter(0x1F), #"control character U+001F in a string; escape it as \u001f"#),
        (.unexpectedContinuationByte(0x80), "invalid UTF-8: unexpected continuation byte 0x80"),
        (.overlongLeadByte(0xC0), "invalid UTF-8: overlong encoding (lead byte 0xC0)"),
        (.leadByteAboveUnicode(0xF5), "invalid UTF-8: byte 0xF5 would start a code point above U+10FFFF"),
        (.neverInUTF8(0xFF), "invalid UTF-8: byte 0xFF never appears in UTF-8"),
        (.truncatedAtEnd, "invalid UTF-8: truncated sequence at end of input"),
        (.truncatedSequence(lead: 0xE2, next: 0x41), "invalid UTF-8: truncated sequence (lead byte 0xE2 followed by 0x41)"),
        (.badSequence(.overlong, 0xE0, 0x80), "invalid UTF-8: overlong encoding (bytes 0xE0 0x80)"),
        (.badSequence(.surrogate, 0xED, 0xA0), "invalid UTF-8: encoded surrogate code point (bytes 0xED 0xA0)"),
        (.badSequence(.aboveUnicode, 0xF4, 0x90), "invalid UTF-8: code point above U+10FFFF (bytes 0xF4 0x90)"),
        (.digitAfterMinus(found: "'x'"), "expected a digit after '-', found 'x'"),
        (.leadingZeros, "numbers cannot have leading zeros"),
        (.digitAfterDot(found: "end of input"), "expected a digit after '.' in a number, found end of input"),
        (.digitInExponent(found: "'}'"), "expected a digit in the number's exponent, found '}'"),
        (.expected("a value", found: "end of input"), "expected a value, found end of input"),
        (.expectedColon(found: "'1'"), "expected ':' after an object key, found '1'"),
        (.expectedMemberSeparator(found: "']'"), "expected ',' or '}' after an object member, found ']'"),
        (.expectedElementSeparator(found: "'}'"), "expected ',' or ']' after an array element, found '}'"),
        (.trailingCommaInArray, "expected a value after ',', found ']' (trailing commas are not JSON)"),
        (.trailingContent(found: "'x'"), "unexpected 'x' after the JSON value; expected end of input"),
        (.nestingTooDeep(limit: 1), "nesting deeper than 1 level"),
        (.nestingTooDeep(limit: 512), "nesting deeper than 512 levels"),
        (.unexpectedWord("True"), "unexpected word 'True'; JSON literals are true, false and null, and strings need double quotes"),
        (.singleQuotes, "single quotes are not JSON; strings need double quotes"),
        (.plusBeforeNumber, "'+' is not allowed before a number"),
        (.digitBeforeDot, "numbers need a digit before '.'"),
    ]

    @Test(arguments: 0..<table.count)
    func text(_ row: Int) {
        #expect(Self.table[row].0.message == Self.table[row].1)
    }
}
