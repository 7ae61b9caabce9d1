import Testing
@testable import RKMap

/// Array indexes in key paths and the "found only if some element has the key"
/// rule (docs/spec.md §2, §4).
@Suite struct KeyPathIndexTests {
    @Test(arguments: [
        ("coordinates[0]", [KeyPath.Component.key("coordinates"), .index(0)]),
        ("items[-1]", [.key("items"), .index(-1)]),
        ("matrix[1][0]", [.key("matrix"), .index(1), .index(0)]),
        ("[0]", [.index(0)]),
        ("[0].x", [.index(0), .key("x")]),
        ("rows.[2]", [.key("rows"), .index(2)]),
        ("points[0].x", [.key("points"), .index(0), .key("x")]),
        ("odd\\[1]", [.key("odd[1]")]),
        ("a]b", [.key("a]b")]),
        ("items.@distinctUnionOfObjects[0]", [.key("items"), .collection(.distinctUnionOfObjects), .index(0)]),
    ])
    func parses(_ text: String, _ expected: [KeyPath.Component]) throws {
        #expect(try KeyPath(parsing: text).components == expected)
    }

    @Test(arguments: [
        ("a[x]", 1, "malformed index '[x]'"),
        ("a[]", 1, "malformed index '[]'"),
        ("a[-]", 1, "malformed index '[-]'"),
        ("x.a[1.5]", 3, "malformed index '[1.5]'"),
        ("a[1", 1, "unclosed '['"),
        ("a[0]b", 4, "unexpected 'b' after an index"),
        ("a[0]\\.b", 4, "unexpected '\\' after an index"),
        ("a[99999999999999999999]", 1, "malformed index"),
    ])
    func rejects(_ text: String, _ offset: Int, _ fragment: String) {
        #expect {
            try KeyPath(parsing: text)
        } throws: { error in
            guard let e = error as? KeyPath.SyntaxError else { return false }
            return e.offset == offset && e.message.contains(fragment)
        }
    }

    static let document = try! JSONScanner.parse(Array("""
    {"coordinates": [2.35, 48.85, 35], "matrix": [[1, 2], [3, 4]],
     "points": [{"x": 1}, {"x": 2, "y": 3}], "name": "n", "empty": []}
    """.utf8))

    static func evaluate(_ path: String) throws -> String? {
        let keyPath = try KeyPath(parsing: path)
        return keyPath.evaluate(on: document, context: KeyPathContext(root: document)).map { JSONWriter.serialize($0, pretty: false) }
    }

    @Test(arguments: [
        ("coordinates[0]", "2.35"),
        ("coordinates[-1]", "35"),
        ("coordinates[-3]", "2.35"),
        ("coordinates[3]", nil),
        ("coordinates[-4]", nil),
        ("matrix[1][0]", "3"),
        ("matrix[1]", "[3,4]"),
        ("matrix.[0]", "[1,2]"),
        ("points[0].x", "1"),        // no collection over arrays
        ("points.x[1]", "2"),        // the collected array, then one element
        ("points[1].y", "3"),
        ("name[0]", nil),            // an index on a string is missing
        ("[0]", nil),                // and on an object
        ("empty[0]", nil),
        ("@root.coordinates[1]", "48.85"),
    ] as [(String, String?)])
    func evaluates(_ path: String, _ expected: String?) throws {
        #expect(try Self.evaluate(path) == expected, "\(path)")
    }

    @Test func indexOnABareArray() throws {
        let array = try JSONScanner.parse(Array("[[1], [2, 3]]".utf8))
        #expect(try KeyPath(parsing: "[-1][0]").evaluate(on: array, context: KeyPathContext(root: array)) == .number(JSONNumber(2)))
    }

    @Test func findRequiresSomeElementToHaveTheKey() throws {
        func find(_ path: String, in json: String) throws -> String? {
            let value = try JSONScanner.parse(Array(json.utf8))
            return try KeyPath(parsing: path).find(in: value, context: KeyPathContext(root: value))
                .map { JSONWriter.serialize($0, pretty: false) }
        }
        #expect(try find("items", in: #"[{"id": 1}, {"id": 2}]"#) == nil)
        #expect(try find("items", in: "[]") == nil)
        #expect(try find("items", in: #"[{"id": 1}, {"items": [1]}]"#) == "[null,[1]]")
        #expect(try find("data.items", in: #"{"data": [{"x": 1}]}"#) == nil)
        #expect(try find("data.items", in: #"{"data": [[{"x": 1}], [{"items": 2}]]}"#) == "[[null],[2]]")
        // The value is what `evaluate` gives: inner arrays keep their nulls.
        #expect(try find("a.b", in: #"{"a": [[{}], {"b": 1}]}"#) == "[[null],1]")
        #expect(try find("items", in: #"{"items": null}"#) == "null")
        #expect(try find("items", in: #"{"other": 1}"#) == nil)
        // `evaluate` itself still collects (KVC), nulls and all.
        let bare = try JSONScanner.parse(Array(#"[{"id": 1}]"#.utf8))
        #expect(try KeyPath(parsing: "items").evaluate(on: bare, context: KeyPathContext(root: bare)) == .array([.null]))
    }
}
