import Testing
@testable import RKMap

private func parse(_ text: String) -> (SpecValue?, [Diagnostic]) {
    let r = SpecJSONParser.parse(Array(text.utf8), file: "spec.json")
    return (r.value, r.diagnostics)
}

private func num(_ s: String) -> JSONValue { .number(JSONNumber(s)) }

/// Each relaxation of docs/spec.md §1.1: the value read, the warning's location and text.
@Suite struct SpecJSONParserRelaxationTests {
    struct Case: Sendable, CustomStringConvertible {
        var source: String
        var value: JSONValue
        var warnings: [String]   // "LINE:COL: full message"
        var description: String { source }
    }

    static let cases: [Case] = [
        Case(source: "{\"a\": 1\n\"b\": 2}", value: .object(JSONObject([("a", num("1")), ("b", num("2"))])),
             warnings: ["1:8: missing ',' after an object member at the end of the line; add it"]),
        Case(source: "[1\n  2]", value: .array([num("1"), num("2")]),
             warnings: ["1:3: missing ',' after an array element at the end of the line; add it"]),
        Case(source: "[nil, NULL, YES, NO]", value: .array([.null, .null, .bool(true), .bool(false)]), warnings: [
            "1:2: bare word 'nil' read as null; write null",
            "1:7: bare word 'NULL' read as null; write null",
            "1:13: bare word 'YES' read as true; write true",
            "1:18: bare word 'NO' read as false; write false",
        ]),
        Case(source: "[true, false, null]", value: .array([.bool(true), .bool(false), .null]), warnings: []),
        Case(source: "[201, 2XX, 5xx, 1Xx]", value: .array([num("201"), .string("2XX"), .string("5XX"), .string("1XX")]), warnings: [
            "1:7: bare status class 2XX read as the string \"2XX\"; write \"2XX\"",
            "1:12: bare status class 5XX read as the string \"5XX\"; write \"5XX\"",
            "1:17: bare status class 1XX read as the string \"1XX\"; write \"1XX\"",
        ]),
        Case(source: "{\"m\": [ \"a\" : \"b\", \"c\": [1] ]}",
             value: .object(JSONObject([("m", .object(JSONObject([("a", .string("b")), ("c", .array([num("1")]))])))])),
             warnings: ["1:7: 'key: value' pairs inside '[ ]' read as an object; write '{ }'"]),
        Case(source: "[\"a\", \"b\",]", value: .array([.string("a"), .string("b")]),
             warnings: ["1:10: trailing ',' before ']' is not JSON; remove it"]),
        Case(source: "{\"a\": 1,\n}", value: .object(JSONObject([("a", num("1"))])),
             warnings: ["1:8: trailing ',' before '}' is not JSON; remove it"]),
        Case(source: "// head\n{\"a\": /* inline */ 1} // tail", value: .object(JSONObject([("a", num("1"))])), warnings: [
            "1:1: '//' comments are not JSON; read as whitespace",
            "2:7: '/* */' comments are not JSON; read as whitespace",
            "2:23: '//' comments are not JSON; read as whitespace",
        ]),
        Case(source: "[1, /* a\nb */ 2]", value: .array([num("1"), num("2")]),
             warnings: ["1:5: '/* */' comments are not JSON; read as whitespace"]),
        Case(source: "[1 /*\n*/ 2]", value: .array([num("1"), num("2")]), warnings: [
            "1:4: '/* */' comments are not JSON; read as whitespace",
            "1:3: missing ',' after an array element at the end of the line; add it",
        ]),
        Case(source: "{\"é\": \"ü\"\n\"k\": 1}", value: .object(JSONObject([("é", .string("ü")), ("k", num("1"))])),
             warnings: ["1:10: missing ',' after an object member at the end of the line; add it"]),
        Case(source: "\u{FEFF}[1]", value: .array([num("1")]), warnings: []),
        Case(source: "[12345678901234567890, 0.1, 1E+2, -0]",
             value: .array([num("12345678901234567890"), num("0.1"), num("1E+2"), num("-0")]), warnings: []),
    ]

    @Test(arguments: cases)
    func relaxation(_ c: Case) throws {
        let (value, diagnostics) = parse(c.source)
        let v = try #require(value, "\(diagnostics)")
        #expect(v.json == c.value)
        #expect(diagnostics.map { "\($0.description.dropFirst("spec.json:".count))" }
            == c.warnings.map { withSeverity($0, "warning") })
        #expect(diagnostics.allSatisfy { $0.code == SpecJSONParser.relaxedSyntaxCode })
    }

    @Test func duplicateKeysAreAllKept() throws {
        let (value, diagnostics) = parse("{\"id\": 1, \"id\": 2}")
        guard case .object(let members)? = value?.kind else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["id", "id"])
        #expect(members[1].keyLocation == SourceLocation(line: 1, column: 11))
        #expect(members[1].value.location == SourceLocation(line: 1, column: 17))
        #expect(value?.json == .object(JSONObject([("id", num("2"))])))
        #expect(diagnostics.isEmpty)
    }

    @Test func relaxedFlags() throws {
        let (value, _) = parse("[YES, true, \"x\", 2XX]")
        guard case .array(let a)? = value?.kind else { Issue.record("not an array"); return }
        #expect(a.map(\.wasRelaxed) == [true, false, false, true])
        #expect(a.map(\.location.column) == [2, 7, 13, 18])
    }
}

/// Everything else that is not JSON stops the parse with one located error.
@Suite struct SpecJSONParserErrorTests {
    static let cases: [(String, String)] = [
        ("", "1:1: expected a JSON value, found end of file"),
        ("  \n ", "2:2: expected a JSON value, found end of file"),
        ("{\"a\": 1 \"b\": 2}", "1:9: expected ',' or '}' after an object member, found '\"'"),
        ("[1 2]", "1:4: expected ',' or ']' after an array element, found '2'"),
        ("{\"a\": foo}", "1:7: unexpected bare word 'foo'; strings need double quotes"),
        ("{foo: 1}", "1:2: unexpected bare word 'foo'; object keys need double quotes"),
        ("{'a': 1}", "1:2: single quotes are not JSON; use double quotes"),
        ("[\"a\", 'b']", "1:7: single quotes are not JSON; use double quotes"),
        ("{\"a\": \"abc}", "1:7: unterminated string; add the closing '\"'"),
        ("{\"a\": \"abc\n\"}", "1:7: unterminated string: a line break before the closing '\"' (write \\n inside strings)"),
        ("[1, /* never closed", "1:5: unterminated '/*' comment; close it with '*/'"),
        ("[1] /", "1:5: unexpected '/'; comments start with '//' or '/*'"),
        ("{\"a\" 1}", "1:6: expected ':' after the key \"a\", found '1'"),
        ("{\"a\": 1", "1:8: unterminated object (opened at 1:1); expected ',' or '}', found end of file"),
        ("[\n[1, 2", "2:6: unterminated array (opened at 2:1); expected ',' or ']', found end of file"),
        ("[\"a\": 1, 2]", "1:10: cannot mix 'key: value' pairs and plain elements in one array; use '{ }' for an object, '[ ]' for a list"),
        ("[1, \"a\": 2]", "1:5: cannot mix 'key: value' pairs and plain elements in one array; use '{ }' for an object, '[ ]' for a list"),
        ("[1,,2]", "1:4: expected a value, found ','"),
        ("{,}", "1:2: expected a string key or '}', found ','"),
        ("{\"a\": 1, ]", "1:10: expected a string key after ',', found ']'"),
        ("[1] [2]", "1:5: unexpected '[' after the end of the top-level value; expected end of file"),
        ("[01]", "1:2: numbers cannot have leading zeros"),
        ("[.5]", "1:2: numbers need a digit before '.' (write 0.5, not .5)"),
        ("[+1]", "1:2: '+' is not allowed before a number; remove it"),
        ("[1.]", "1:4: expected a digit after '.' in a number, found ']'"),
        ("[1e]", "1:4: expected a digit in the number's exponent, found ']'"),
        ("[-x]", "1:3: expected a digit after '-', found 'x'"),
        ("[2XY]", "1:2: unexpected bare word '2XY'; strings need double quotes"),
        ("[6XX]", "1:2: unexpected bare word '6XX'; strings need double quotes"),
        ("[yes]", "1:2: unexpected bare word 'yes'; strings need double quotes"),
        ("{\"ü\": \"é\", \"b\": @}", "1:17: expected a value, found '@'"),
        ("[\"\\q\"]", "1:3: invalid escape '\\q' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
        ("[\"a\tb\"]", "1:4: control character U+0009 in a string; escape it as \\t"),
        ("{\"a\": [1,\n  2,\n  }", "3:3: expected a value, found '}'"),
    ]

    @Test(arguments: cases)
    func error(_ source: String, _ expected: String) {
        let (value, diagnostics) = parse(source)
        #expect(value == nil)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.description == "spec.json:" + withSeverity(expected, "error"))
        #expect(errors.first?.code == SpecJSONParser.syntaxErrorCode)
    }

    @Test func depthLimit() {
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let r = SpecJSONParser.parse(Array(deep.utf8), file: "d.json", maxDepth: 10)
        #expect(r.value == nil)
        #expect(r.diagnostics.last?.description == "d.json:1:11: error: nesting deeper than 10 levels")
        #expect(SpecJSONParser.parse(Array(deep.utf8), file: "d.json", maxDepth: 20).value != nil)
    }

    @Test func warningsBeforeTheErrorAreKept() {
        let (_, diagnostics) = parse("[YES,\n foo]")
        #expect(diagnostics.map(\.severity) == [.warning, .error])
        #expect(diagnostics.last?.description == "spec.json:2:2: error: unexpected bare word 'foo'; strings need double quotes")
    }
}

/// "1:2: message" → "1:2: error: message".
private func withSeverity(_ expected: String, _ severity: String) -> String {
    let parts = expected.split(separator: " ", maxSplits: 1)
    return "\(parts[0]) \(severity): \(parts[1])"
}

/// A spec value's place is held in eight bytes with its relaxed flag
/// (`SpecLocation`): every line and column a spec can have reads back.
@Suite struct SpecLocationTests {
    @Test func placesAndTheFlagReadBack() {
        for (line, column, relaxed) in [(1, 1, false), (3, 17, true), (268_435_456, 1, true), (1, 268_435_456, false)] {
            let value = SpecValue(.null, at: SourceLocation(line: line, column: column), wasRelaxed: relaxed)
            #expect(value.location == SourceLocation(line: line, column: column))
            #expect(value.wasRelaxed == relaxed)
        }
        var value = SpecValue(.bool(true), at: SourceLocation(line: 2, column: 5), wasRelaxed: true)
        value.location = SourceLocation(line: 9, column: 4)
        #expect(value.wasRelaxed && value.location == SourceLocation(line: 9, column: 4))
        value.wasRelaxed = false
        #expect(!value.wasRelaxed && value.location == SourceLocation(line: 9, column: 4))
        var member = SpecMember(key: "k", keyLocation: SourceLocation(line: 4, column: 3), value: value)
        #expect(member.keyLocation == SourceLocation(line: 4, column: 3))
        member.keyLocation = SourceLocation(line: 6, column: 1)
        #expect(member.keyLocation == SourceLocation(line: 6, column: 1) && member.value == value)
    }

    /// Past what a spec of at most 256 MiB can reach, a place is held as
    /// the largest one (2^31 - 1), never as a smaller wrapped number.
    @Test func aPlaceBeyondAnySpecIsHeldAsTheLargest() {
        let value = SpecValue(.null, at: SourceLocation(line: 1 << 40, column: 1 << 33))
        #expect(value.location == SourceLocation(line: (1 << 31) - 1, column: (1 << 31) - 1))
        #expect(!value.wasRelaxed)
    }

    /// A container read after a larger one holds an array of its own size,
    /// also when nothing waits below it on the reader's stack (`"mappers"`
    /// first in a spec: each mapper's members were handed the stack's whole
    /// storage, and a 12 MB spec took 4.5 times its size, not 2.8).
    @Test func aSmallContainerAfterALargeOneHoldsOnlyItsOwnRoom() throws {
        let many = (0..<1000).map { "\"m\($0)\": \($0)" }.joined(separator: ", ")
        let list = (0..<1000).map(String.init).joined(separator: ", ")
        let text = "{\"a\": [{\(many)}, {\"k\": 1}], \"b\": [\(list)], \"c\": [2], \"z\": 1}"
        let value = try #require(SpecJSONParser.parse(Array(text.utf8), file: "t.json").value)
        guard case .array(let elements)? = value["a"]?.kind, elements.count == 2,
              case .object(let large) = elements[0].kind, case .object(let small) = elements[1].kind,
              case .array(let long)? = value["b"]?.kind, case .array(let short)? = value["c"]?.kind
        else {
            Issue.record("read as \(value.json)")
            return
        }
        #expect(large.count == 1000 && small.count == 1 && long.count == 1000 && short.count == 1)
        #expect(small.capacity < 16 && short.capacity < 16, "\(small.capacity), \(short.capacity)")
        #expect(small[0].key == "k" && short[0].json == .number(JSONNumber(2)))
    }

    /// Objects and arrays read from text hold their members and elements in
    /// order, nested ones too, and relaxed `[ "k": v ]` pairs read as an object.
    @Test func nestedContainersKeepTheirOrder() throws {
        let text = #"{"a": [1, {"b": [2, 3], "c": {}}, []], "d": ["k": "v", "l": "w"], "e": {"f": null}}"#
        let value = try #require(SpecJSONParser.parse(Array(text.utf8), file: "t.json").value)
        #expect(value.json == .object(JSONObject([
            ("a", .array([.number(JSONNumber(1)), .object(JSONObject([("b", .array([.number(JSONNumber(2)), .number(JSONNumber(3))])), ("c", .object(JSONObject()))])), .array([])])),
            ("d", .object(JSONObject([("k", .string("v")), ("l", .string("w"))]))),
            ("e", .object(JSONObject([("f", .null)]))),
        ])))
        #expect(value["d"]?.wasRelaxed == true)
        #expect(value["e"]?.location == SourceLocation(line: 1, column: 72))
    }
}
