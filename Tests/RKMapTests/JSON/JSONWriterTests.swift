import Testing
@testable import RKMap

private func n(_ s: String) -> JSONValue { .number(JSONNumber(s)) }

/// The exact output format of docs/spec.md §10.1 (golden files depend on it).
@Suite struct JSONWriterTests {
    static let sample: JSONValue = .object(JSONObject([
        ("@type", .string("Article")),
        ("id", n("12345678901234567890")),
        ("ratio", n("0.1")),
        ("big", n("1E+2")),
        ("tags", .array([.string("a"), .string("b")])),
        ("author", .object(JSONObject([("name", .string("Blake")), ("ok", .bool(true))]))),
        ("none", .null),
        ("emptyList", .array([])),
        ("emptyObject", .object(JSONObject())),
        ("nested", .array([.array([n("1")]), .object(JSONObject([("x", .bool(false))]))])),
    ]))

    @Test func pretty() {
        let expected = """
        {
          "@type": "Article",
          "id": 12345678901234567890,
          "ratio": 0.1,
          "big": 1E+2,
          "tags": [
            "a",
            "b"
          ],
          "author": {
            "name": "Blake",
            "ok": true
          },
          "none": null,
          "emptyList": [],
          "emptyObject": {},
          "nested": [
            [
              1
            ],
            {
              "x": false
            }
          ]
        }
        """
        #expect(JSONWriter.serialize(Self.sample, pretty: true) == expected)
    }

    @Test func compact() {
        #expect(JSONWriter.serialize(Self.sample, pretty: false) ==
            #"{"@type":"Article","id":12345678901234567890,"ratio":0.1,"big":1E+2,"tags":["a","b"],"author":{"name":"Blake","ok":true},"none":null,"emptyList":[],"emptyObject":{},"nested":[[1],{"x":false}]}"#)
    }

    @Test(arguments: [
        (JSONValue.null, "null"), (.bool(true), "true"), (.bool(false), "false"), (n("-0.5e-3"), "-0.5e-3"),
        (.string(""), "\"\""), (.array([]), "[]"), (.object(JSONObject()), "{}"),
    ])
    func scalarsAndEmptyContainers(_ value: JSONValue, _ text: String) {
        #expect(JSONWriter.serialize(value, pretty: true) == text)
        #expect(JSONWriter.serialize(value, pretty: false) == text)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote\" back\\slash", #""quote\" back\\slash""#),
        ("a/b", #""a/b""#),
        ("é€𝄞 日本", "\"é€𝄞 日本\""),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}\u{7F}", "\"\\u0000\\u0001\\u001f\u{7F}\""),
        ("end\n", #""end\n""#),
        ("\"", #""\"""#),
    ])
    func escaping(_ s: String, _ expected: String) {
        #expect(JSONWriter.serialize(.string(s), pretty: false) == expected)
    }

    @Test func keysAreEscapedToo() {
        #expect(JSONWriter.serialize(.object(JSONObject([("a\"b", n("1"))])), pretty: false) == #"{"a\"b":1}"#)
    }

    @Test func writerPieces() {
        var w = JSONWriter(pretty: true)
        w.append(UInt8(ascii: "["))
        w.writeNewline(indent: 2)
        w.writeString("x")
        w.write(.array([n("1")]), indent: 2)
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[\n    \"x\"[\n      1\n    ]")
        var c = JSONWriter(pretty: false)
        c.writeNewline(indent: 3)
        #expect(c.bytes.isEmpty)
    }

    @Test(arguments: [
        #"{"a":[1,2.50,{"b":null}],"c":"\u00e9\n","d":true,"e":{}}"#,
        #"[12345678901234567890,0.1,1E+2,-0,"\/","\ud834\udd1e"]"#,
        #"{"dup":1,"other":2,"dup":3}"#,
    ])
    func roundTrip(_ text: String) throws {
        let value = try JSONScanner.parse(Array(text.utf8))
        for pretty in [true, false] {
            let written = JSONWriter.serialize(value, pretty: pretty)
            let again = try JSONScanner.parse(Array(written.utf8))
            #expect(again == value)
            #expect(JSONWriter.serialize(again, pretty: pretty) == written)
        }
    }

    @Test func roundTripKeepsNumberText() throws {
        let value = try JSONScanner.parse(Array("[1.50, 1e2, 12345678901234567890]".utf8))
        #expect(JSONWriter.serialize(value, pretty: false) == "[1.50,1e2,12345678901234567890]")
    }

    @Test func seedResponsesRoundTrip() throws {
        for (_, file) in SeedSpecs.responses {
            let text = SeedSpecs.response(file)
            #expect(!text.isEmpty)
            let value = try JSONScanner.parse(Array(text.utf8))
            let pretty = JSONWriter.serialize(value, pretty: true)
            #expect(try JSONScanner.parse(Array(pretty.utf8)) == value)
        }
    }
}

/// The writer finds characters to escape eight bytes at a time: every escape
/// at every position of a word, after ASCII and non-ASCII text.
@Suite struct JSONWriterEscapeScanTests {
    static let escapes: [(String, String)] = [
        ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\r", #"\r"#), ("\t", #"\t"#),
        ("\u{8}", #"\b"#), ("\u{C}", #"\f"#), ("\u{0}", #"\u0000"#), ("\u{1F}", #"\u001f"#),
        ("\u{7F}", "\u{7F}"), ("/", "/"), ("é", "é"), ("🚀", "🚀"),
    ]

    @Test(arguments: 0...17)
    func everyPosition(_ n: Int) {
        for filler in [String(repeating: "a", count: n), String(repeating: "é", count: n)] {
            for (raw, written) in Self.escapes {
                let value = filler + raw + filler + raw
                let expected = "\"" + filler + written + filler + written + "\""
                #expect(JSONWriter.serialize(.string(value), pretty: false) == expected)
            }
        }
    }
}


/// `JSONObject(_ pairs:)`: a repeated key keeps its first position and its
/// last value, below and from the size where keys are found through an index.
@Suite struct JSONObjectPairsTests {
    @Test(arguments: [3, 16, 40])
    func aRepeatedKeyKeepsItsFirstPositionAndLastValue(count: Int) {
        var pairs = (0..<count).map { ("k\($0)", JSONValue.number(JSONNumber($0))) }
        pairs.append(("k1", .string("last")))
        // Canonically equivalent but different code units: different keys.
        pairs.append(("\u{E9}", .bool(true)))
        pairs.append(("e\u{301}", .bool(false)))
        let object = JSONObject(pairs)
        #expect(object.count == count + 2)
        #expect(object.members[1].key == "k1")
        #expect(object.members[1].value == .string("last"))
        #expect(object.members.map(\.key).suffix(2).map { Array($0.utf8) } == [Array("\u{E9}".utf8), Array("e\u{301}".utf8)])
        #expect(object.members[count].value == .bool(true) && object.members[count + 1].value == .bool(false))
    }
}
