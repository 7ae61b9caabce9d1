import Testing
@testable import RKMap

/// Runs `body` on a scanner over a private copy of `text`.
func withScanner<R>(_ text: String, maxDepth: Int = 512, _ body: (inout JSONScanner) throws -> R) rethrows -> R {
    let bytes = Array(text.utf8)
    let p = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
    defer { p.deallocate() }
    p.copyBytes(from: bytes)
    var s = JSONScanner(bytes: UnsafeRawBufferPointer(p), maxDepth: maxDepth)
    return try body(&s)
}

private func parseError(_ text: String, maxDepth: Int = 512) -> String? {
    do {
        _ = try JSONScanner.parse(Array(text.utf8), maxDepth: maxDepth)
        return nil
    } catch {
        return error.description
    }
}

/// Every message a user can see, with its line:col.
@Suite struct JSONScannerErrorTests {
    static let cases: [(String, String)] = [
        ("", "1:1: expected a value, found end of input"),
        ("]", "1:1: expected a value, found ']'"),
        ("{\"a\": 1 \"b\": 2}", "1:9: expected ',' or '}' after an object member, found '\"'"),
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", "3:7: expected ':' after an object key, found '2'"),
        ("[1, 2\n, 3 4]", "2:5: expected ',' or ']' after an array element, found '4'"),
        ("[[1, 2], [3, }]]", "1:14: expected a value, found '}'"),
        ("{\"a\": [1, {\"b\": [true, fals]}]}", "1:24: unexpected word 'fals'; JSON literals are true, false and null, and strings need double quotes"),
        ("[\"é\", \"ü\", x]", "1:12: unexpected word 'x'; JSON literals are true, false and null, and strings need double quotes"),
        ("[\"日本\", @]", "1:8: expected a value, found '@'"),
        ("[1,]", "1:4: expected a value after ',', found ']' (trailing commas are not JSON)"),
        ("{\"a\":1,}", "1:8: expected a string key after ',', found '}'"),
        ("{,}", "1:2: expected a string key or '}', found ','"),
        ("{\"a\":1", "1:7: expected ',' or '}' after an object member, found end of input"),
        ("[1,\n2", "2:2: expected ',' or ']' after an array element, found end of input"),
        ("{'a': 1}", "1:2: expected a string key or '}', found '''"),
        ("['a']", "1:2: single quotes are not JSON; strings need double quotes"),
        ("[\"abc", "1:2: unterminated string; add the closing '\"'"),
        ("\n\n  [\"abc\n\"]", "3:4: unterminated string: a line break before the closing '\"' (write \\n inside strings)"),
        ("[\"a\u{1}\"]", "1:4: control character U+0001 in a string; escape it as \\u0001"),
        ("[\"\\x\"]", "1:3: invalid escape '\\x' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
        ("[\"\\u12G4\"]", "1:3: invalid \\u escape; expected 4 hex digits after \\u"),
        ("[\"ab\\uD800x\"]", "1:5: lone high surrogate \\uD800 in a string; it must be followed by a low surrogate \\uDC00-\\uDFFF"),
        ("[\"\\uDC00\"]", "1:3: lone low surrogate \\uDC00 in a string; it must follow a high surrogate"),
        ("[01]", "1:2: numbers cannot have leading zeros"),
        ("[-]", "1:3: expected a digit after '-', found ']'"),
        ("[1.e5]", "1:4: expected a digit after '.' in a number, found 'e'"),
        ("[1e+]", "1:5: expected a digit in the number's exponent, found ']'"),
        ("[+1]", "1:2: '+' is not allowed before a number"),
        ("[.5]", "1:2: numbers need a digit before '.'"),
        ("{} x", "1:4: unexpected 'x' after the JSON value; expected end of input"),
        ("[1]\n]", "2:1: unexpected ']' after the JSON value; expected end of input"),
    ]

    @Test(arguments: cases)
    func message(_ text: String, _ expected: String) {
        #expect(parseError(text) == expected)
    }

    @Test func offsetAndLocationAgree() {
        let bytes = Array("[\n  1,\n  é, 2]".utf8)
        do {
            _ = try JSONScanner.parse(bytes)
            Issue.record("accepted")
        } catch {
            #expect(error.offset == 9)
            #expect(error.location == SourceLocation(line: 3, column: 3))
            #expect(error.message == "expected a value, found 'é'")
        }
    }

    @Test func depthLimit() {
        let ok = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(parseError(ok, maxDepth: 10) == nil)
        let deep = "{\"a\":" + String(repeating: "[", count: 10) + String(repeating: "]", count: 10) + "}"
        #expect(parseError(deep, maxDepth: 10) == "1:15: nesting deeper than 10 levels")
        let skipped = Array(deep.utf8).withUnsafeBytes { buf -> String? in
            var s = JSONScanner(bytes: buf, maxDepth: 10)
            do throws(JSONSyntaxError) { try s.skipValue(); return nil } catch { return error.description }
        }
        #expect(skipped == "1:15: nesting deeper than 10 levels")
    }

    @Test func defaultDepthLimitIs512() {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(parseError(deep) == "1:513: nesting deeper than 512 levels")
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseError(fine) == nil)
    }
}

/// The pull API a streaming driver uses.
@Suite struct JSONScannerPullTests {
    @Test func walksArticlesOneAtATime() throws {
        let text = #"{"meta": {"n": [1, 2, {"x": null}]}, "articles": [{"id": 1}, {"id": 2} ], "tail": "t"}"#
        let (ids, keys) = try withScanner(text) { s -> ([JSONValue], [String]) in
            var ids: [JSONValue] = []
            var keys: [String] = []
            #expect(try s.peekKind() == .object)
            try s.enterObject()
            while let key = try s.nextKey() {
                keys.append(key)
                guard key == "articles" else { try s.skipValue(); continue }
                try s.enterArray()
                while try s.nextElement() {
                    #expect(try s.peekKind() == .object)
                    if let id = try s.readValue()["id"] { ids.append(id) }
                }
            }
            #expect(try s.atEnd())
            return (ids, keys)
        }
        #expect(keys == ["meta", "articles", "tail"])
        #expect(ids == [.number(JSONNumber(1)), .number(JSONNumber(2))])
    }

    @Test func emptyContainers() throws {
        try withScanner("[{}, []]") { s in
            try s.enterArray()
            #expect(try s.nextElement())
            try s.enterObject()
            #expect(try s.nextKey() == nil)
            #expect(try s.nextElement())
            try s.enterArray()
            #expect(try s.nextElement() == false)
            #expect(try s.nextElement() == false)
            #expect(try s.atEnd())
        }
    }

    @Test func peekKinds() throws {
        let kinds = try withScanner(#"[{}, [], "s", 1, -2, true, false, null]"#) { s -> [JSONKind] in
            var kinds: [JSONKind] = []
            try s.enterArray()
            while try s.nextElement() {
                kinds.append(try s.peekKind())
                try s.skipValue()
            }
            return kinds
        }
        #expect(kinds == [.object, .array, .string, .number, .number, .bool, .bool, .null])
    }

    @Test(arguments: [
        ("{\"a\" 1}", "1:6: expected ':' after an object key, found '1'"),
        ("{\"a\": 1 2}", "1:9: expected ',' or '}' after an object member, found '2'"),
        ("[1 2]", "1:4: expected ',' or ']' after an array element, found '2'"),
        ("[1, ]", "1:5: expected a value after ',', found ']' (trailing commas are not JSON)"),
        ("{\"a\": 1, }", "1:10: expected a string key after ',', found '}'"),
        ("x", "1:1: expected '{' (an object), found 'x'"),
    ])
    func pullErrors(_ text: String, _ expected: String) {
        let message = Array(text.utf8).withUnsafeBytes { buf -> String? in
            var s = JSONScanner(bytes: buf)
            do throws(JSONSyntaxError) {
                if text.hasPrefix("[") {
                    try s.enterArray()
                    while try s.nextElement() { try s.skipValue() }
                } else {
                    try s.enterObject()
                    while try s.nextKey() != nil { try s.skipValue() }
                }
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message == expected)
    }

    @Test func enterCountsTowardsDepth() {
        let message = Array("[[[1]]]".utf8).withUnsafeBytes { buf -> String? in
            var s = JSONScanner(bytes: buf, maxDepth: 2)
            do throws(JSONSyntaxError) {
                try s.enterArray()
                _ = try s.nextElement()
                try s.skipValue()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message == "1:3: nesting deeper than 2 levels")
    }
}
