import Testing
@testable import RKMap

/// RFC 8259 accept/reject cases in the style of JSONTestSuite (y_ must parse,
/// n_ must fail), checked through `readValue` and `skipValue` alike.
@Suite struct JSONConformanceTests {
    static let accepted: [(String, String)] = [
        ("y_array_empty", "[]"),
        // Implementation-defined in JSONTestSuite (i_structure_UTF-8_BOM_empty_object);
        // RFC 8259 §8.1 lets a parser ignore a leading byte order mark, and rkmap does.
        ("i_structure_bom_ignored", "\u{FEFF}[]"),
        ("y_array_empty_string", "[\"\"]"),
        ("y_array_false", "[false]"),
        ("y_array_heterogeneous", "[null, 1, \"1\", {}]"),
        ("y_array_null", "[null]"),
        ("y_array_with_leading_space", " [1]"),
        ("y_array_with_several_null", "[1,null,null,null,2]"),
        ("y_array_with_trailing_space", "[2] "),
        ("y_array_arrays_with_spaces", "[[]   ]"),
        ("y_number_0e+1", "[0e+1]"),
        ("y_number_0e1", "[0e1]"),
        ("y_number_after_space", "[ 4]"),
        ("y_number_double_close_to_zero", "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]"),
        ("y_number_int_with_exp", "[20e1]"),
        ("y_number_minus_zero", "[-0]"),
        ("y_number_negative_int", "[-123]"),
        ("y_number_real_capital_e_neg_exp", "[1E-2]"),
        ("y_number_real_capital_e_pos_exp", "[1E+2]"),
        ("y_number_real_exponent", "[123e45]"),
        ("y_number_real_fraction_exponent", "[123.456e78]"),
        ("y_number_huge", "[123456789012345678901234567890]"),
        ("y_object_basic", "{\"asd\":\"sdf\"}"),
        ("y_object_duplicated_key", "{\"a\":\"b\",\"a\":\"c\"}"),
        ("y_object_empty", "{}"),
        ("y_object_empty_key", "{\"\":0}"),
        ("y_object_escaped_null_in_key", "{\"foo\\u0000bar\": 42}"),
        ("y_object_long_strings", "{\"x\":[{\"id\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}], \"id\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}"),
        ("y_object_with_newlines", "{\n\"a\": \"b\"\n}"),
        ("y_string_allowed_escapes", "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]"),
        ("y_string_backslash_and_u_escaped_zero", "[\"\\\\u0000\"]"),
        ("y_string_accepted_surrogate_pair", "[\"\\uD801\\udc37\"]"),
        ("y_string_escaped_control_character", "[\"\\u0012\"]"),
        ("y_string_nonCharacterInUTF-8_U+FFFF", "[\"\u{FFFF}\"]"),
        ("y_string_last_surrogates_1_and_2", "[\"\\uDBFF\\uDFFF\"]"),
        ("y_string_utf8", "[\"€𝄞\"]"),
        ("y_string_unicode_U+10FFFE_nonchar", "[\"\\uDBFF\\uDFFE\"]"),
        ("y_string_in_array_with_leading_space", "[ \"asd\"]"),
        ("y_string_with_del_character", "[\"a\u{7F}a\"]"),
        ("y_structure_lonely_false", "false"),
        ("y_structure_lonely_int", "42"),
        ("y_structure_lonely_negative_real", "-0.1"),
        ("y_structure_lonely_null", "null"),
        ("y_structure_lonely_string", "\"asd\""),
        ("y_structure_lonely_true", "true"),
        ("y_structure_whitespace_array", " [] "),
        ("y_structure_true_in_array", "[true]"),
        ("y_structure_trailing_newline", "[\"a\"]\n"),
        ("y_structure_whitespace_all_kinds", "\t\r\n [ \t\r\n1 \t\r\n] \t\r\n"),
    ]

    static let rejected: [(String, String)] = [
        ("n_array_1_true_without_comma", "[1 true]"),
        ("n_array_colon_instead_of_comma", "[\"\": 1]"),
        ("n_array_comma_after_close", "[\"\"],"),
        ("n_array_double_comma", "[1,,2]"),
        ("n_array_extra_close", "[\"x\"]]"),
        ("n_array_extra_comma", "[\"\",]"),
        ("n_array_incomplete", "[\"x\""),
        ("n_array_just_comma", "[,]"),
        ("n_array_just_minus", "[-]"),
        ("n_array_unclosed", "[\"\""),
        ("n_incomplete_false", "[fals]"),
        ("n_incomplete_null", "[nul]"),
        ("n_incomplete_true", "[tru]"),
        ("n_number_plus_1", "[+1]"),
        ("n_number_dot_5", "[.5]"),
        ("n_number_1_dot", "[1.]"),
        ("n_number_leading_zero", "[012]"),
        ("n_number_minus_leading_zero", "[-012]"),
        ("n_number_exp_no_digits", "[1e]"),
        ("n_number_exp_sign_no_digits", "[1e+]"),
        ("n_number_0_capital_E", "[0E]"),
        ("n_number_minus_space_1", "[- 1]"),
        ("n_number_NaN", "[NaN]"),
        ("n_number_Inf", "[Infinity]"),
        ("n_number_hex", "[0x1]"),
        ("n_number_with_alpha", "[1.2a-3]"),
        ("n_object_bad_value", "[\"x\", truth]"),
        ("n_object_missing_colon", "{\"a\" b}"),
        ("n_object_missing_key", "{:\"b\"}"),
        ("n_object_missing_value", "{\"a\":"),
        ("n_object_non_string_key", "{1:1}"),
        ("n_object_single_quote", "{'a':0}"),
        ("n_object_trailing_comma", "{\"id\":0,}"),
        ("n_object_unquoted_key", "{a: \"b\"}"),
        ("n_object_comma_instead_of_colon", "{\"x\", null}"),
        ("n_object_double_colon", "{\"x\"::\"b\"}"),
        ("n_object_unterminated_value", "{\"a\":\"a"),
        ("n_object_with_trailing_garbage", "{\"a\": true} \"x\""),
        ("n_string_1_surrogate_then_escape", "[\"\\uD800\\\"]"),
        ("n_string_lone_high_surrogate", "[\"\\uD800\"]"),
        ("n_string_lone_low_surrogate", "[\"\\uDC00\"]"),
        ("n_string_high_then_non_low", "[\"\\uD800\\u0041\"]"),
        ("n_string_escape_x", "[\"\\x00\"]"),
        ("n_string_invalid_backslash_esc", "[\"\\a\"]"),
        ("n_string_incomplete_escape", "[\"\\\"]"),
        ("n_string_incomplete_escaped_character", "[\"\\u00A\"]"),
        ("n_string_single_quote", "['single quote']"),
        ("n_string_unescaped_newline", "[\"new\nline\"]"),
        ("n_string_unescaped_tab", "[\"\t\"]"),
        ("n_string_unescaped_ctrl_char", "[\"a\u{0}a\"]"),
        ("n_string_no_quotes_with_bad_escape", "[\\n]"),
        ("n_structure_comment", "[1] // c"),
        ("n_structure_block_comment", "[1 /* c */]"),
        ("n_structure_unclosed_object", "{\"asd\":\"asd\""),
        ("n_structure_no_data", ""),
        ("n_structure_whitespace_only", "  \n"),
        ("n_structure_angle_bracket", "<.>"),
        ("n_structure_capitalized_True", "[True]"),
        ("n_structure_double_array", "[][]"),
        ("n_structure_open_array_object", "[{"),
        ("n_structure_close_unopened_array", "1]"),
        ("n_structure_unicode_identifier", "å"),
        ("n_structure_null_byte_outside_string", "[\u{0}]"),
        ("n_structure_bom_inside", "[\u{FEFF}]"),
    ]

    @Test(arguments: accepted)
    func accepts(_ name: String, _ text: String) throws {
        _ = try JSONScanner.parse(Array(text.utf8))
        let ok = Array(text.utf8).withUnsafeBytes { buf -> Bool in
            var s = JSONScanner(bytes: buf)
            do { try s.skipValue(); return try s.atEnd() } catch { return false }
        }
        #expect(ok, "skipValue rejected \(name)")
    }

    @Test(arguments: rejected)
    func rejects(_ name: String, _ text: String) {
        #expect(throws: JSONSyntaxError.self, "\(name)") { try JSONScanner.parse(Array(text.utf8)) }
        let rejectedBySkip = Array(text.utf8).withUnsafeBytes { buf -> Bool in
            var s = JSONScanner(bytes: buf)
            do { try s.skipValue(); return try !s.atEnd() } catch { return true }
        }
        #expect(rejectedBySkip, "skipValue accepted \(name)")
    }

    /// Raw byte inputs that are not valid UTF-8 (JSONTestSuite n_/i_ string cases).
    static let invalidUTF8: [(String, [UInt8], String)] = [
        ("overlong 2-byte", [0x22, 0xC0, 0xAF, 0x22], "1:2: invalid UTF-8: overlong encoding (lead byte 0xC0)"),
        ("overlong 3-byte", [0x22, 0xE0, 0x80, 0xAF, 0x22], "1:2: invalid UTF-8: overlong encoding (bytes 0xE0 0x80)"),
        ("overlong 4-byte", [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], "1:2: invalid UTF-8: overlong encoding (bytes 0xF0 0x80)"),
        ("surrogate U+D800", [0x22, 0xED, 0xA0, 0x80, 0x22], "1:2: invalid UTF-8: encoded surrogate code point (bytes 0xED 0xA0)"),
        ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2: invalid UTF-8: code point above U+10FFFF (bytes 0xF4 0x90)"),
        ("lead byte F5", [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "1:2: invalid UTF-8: byte 0xF5 would start a code point above U+10FFFF"),
        ("lone continuation", [0x22, 0x61, 0x80, 0x22], "1:3: invalid UTF-8: unexpected continuation byte 0x80"),
        ("truncated before quote", [0x22, 0xE2, 0x82, 0x22], "1:2: invalid UTF-8: truncated sequence (lead byte 0xE2 followed by 0x22)"),
        ("truncated at end", [0x22, 0xE2, 0x82], "1:2: invalid UTF-8: truncated sequence at end of input"),
        ("FF byte", [0x22, 0xFF, 0x22], "1:2: invalid UTF-8: byte 0xFF never appears in UTF-8"),
        ("in escaped string", [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], "1:4: invalid UTF-8: truncated sequence (lead byte 0xC3 followed by 0x28)"),
        ("after multibyte", [0x22, 0xC3, 0xA9, 0xFF, 0x22], "1:3: invalid UTF-8: byte 0xFF never appears in UTF-8"),
    ]

    @Test(arguments: invalidUTF8)
    func rejectsInvalidUTF8(_ name: String, _ bytes: [UInt8], _ expected: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONScanner.parse(bytes) }
        do {
            _ = try JSONScanner.parse(bytes)
        } catch {
            #expect(error.description == expected, "\(name)")
        }
        let skipError = bytes.withUnsafeBytes { buf -> String? in
            var s = JSONScanner(bytes: buf)
            do throws(JSONSyntaxError) { try s.skipValue(); return nil } catch { return error.description }
        }
        #expect(skipError == expected, "skipValue: \(name)")
    }

    @Test func escapesDecode() throws {
        let v = try JSONScanner.parse(Array(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud834\uDD1E", "x\u0000y"]"#.utf8))
        #expect(v == .array([.string("a\"b\\c/d\u{8}\u{C}\n\r\t"), .string("é€"), .string("𝄞"), .string("x\u{0}y")]))
    }

    @Test func rawUTF8Strings() throws {
        let v = try JSONScanner.parse(Array("{\"名前\": \"ü€𝄞\"}".utf8))
        #expect(v["名前"] == .string("ü€𝄞"))
    }

    @Test func numbersKeepSourceText() throws {
        let v = try JSONScanner.parse(Array("[12345678901234567890, 0.1, 1E+2, -0, 1.50]".utf8))
        guard case .array(let a) = v else { Issue.record("not an array"); return }
        let texts = a.map { v -> String in if case .number(let n) = v { return n.text } else { return "?" } }
        #expect(texts == ["12345678901234567890", "0.1", "1E+2", "-0", "1.50"])
    }

    @Test func duplicateKeysLastValueFirstPosition() throws {
        let v = try JSONScanner.parse(Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8))
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.keys == ["a", "b"])
        #expect(o["a"] == .number(JSONNumber("3")))
    }

    @Test func duplicateKeysInLargeObjects() throws {
        var text = "{"
        for i in 0..<40 { text += "\"k\(i)\": \(i), " }
        text += "\"k3\": \"again\", \"k39\": null}"
        let v = try JSONScanner.parse(Array(text.utf8))
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.count == 40)
        #expect(o.keys[3] == "k3")
        #expect(o["k3"] == .string("again"))
        #expect(o["k39"] == .null)
    }

    /// Past the index's rehashes (64 slots, then doubling), inside another
    /// object whose members sit lower on the stack, and at the stack's bottom.
    @Test(arguments: [false, true])
    func duplicateKeysInVeryLargeObjects(nested: Bool) throws {
        let n = 5_000
        var text = nested ? #"{"before": 1, "big": {"# : "{"
        for i in 0..<n { text += "\"k\(i)\": \(i), " }
        for i in stride(from: 0, to: n, by: 7) { text += "\"k\(i)\": \"again \(i)\", " }
        text += #""last": true}"# + (nested ? "}" : "")
        var v = try JSONScanner.parse(Array(text.utf8))
        if nested {
            guard case .object(let outer) = v, let inner = outer["big"] else { Issue.record("no inner object"); return }
            #expect(outer.keys == ["before", "big"])
            v = inner
        }
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.count == n + 1)
        #expect(o.keys == (0..<n).map { "k\($0)" } + ["last"])
        for i in [0, 1, 6, 7, 4_998, 4_999] {
            #expect(o["k\(i)"] == (i % 7 == 0 ? .string("again \(i)") : .number(JSONNumber(i))))
        }
    }
}
