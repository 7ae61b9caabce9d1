import Testing
@testable import RKMap

private func n(_ text: String) -> JSONValue { .number(JSONNumber(text)) }
private func s(_ text: String) -> JSONValue { .string(text) }

/// Equality that also pins number spellings (`JSONNumber`'s `==` is numeric).
private func sameSpelling(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return x.text == y.text
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameSpelling)
    case (.object(let x), .object(let y)):
        return x.keys == y.keys && zip(x.members, y.members).allSatisfy { sameSpelling($0.value, $1.value) }
    default: return a == b
    }
}

/// An expected outcome: a converted value, or the exact error message.
enum Outcome: Sendable, CustomStringConvertible {
    case ok(JSONValue)
    case error(String)
    var description: String {
        switch self {
        case .ok(let v): return "ok(\(v))"
        case .error(let m): return "error(\(m))"
        }
    }
}

@Suite struct ValueConverterTests {
    static let dates = try! DateParser(formats: [], timeZone: "UTC")
    static let object: JSONValue = .object(JSONObject([("a", n("1"))]))

    private func check(_ value: JSONValue, _ type: ValueType, _ expected: Outcome) {
        let result = ValueConverter.convert(value, to: type, dates: Self.dates)
        switch (result, expected) {
        case (.success(let got), .ok(let want)):
            #expect(sameSpelling(got, want), "\(value) as \(type): got \(got), want \(want)")
        case (.failure(let error), .error(let message)):
            #expect(error.message == message)
        default:
            Issue.record("\(value) as \(type): got \(result), want \(expected)")
        }
    }

    @Test(arguments: ValueType.allCases)
    func nullStaysNull(_ type: ValueType) {
        check(.null, type, .ok(.null))
    }

    @Test(arguments: [
        (s("abc"), .ok(s("abc"))),
        (n("12.50"), .ok(s("12.50"))),
        (n("1e2"), .ok(s("1e2"))),
        (.bool(true), .ok(s("true"))),
        (.bool(false), .ok(s("false"))),
        (object, .error("cannot convert an object to string")),
        (.array([n("1")]), .error("cannot convert an array to string")),
    ] as [(JSONValue, Outcome)])
    func string(_ value: JSONValue, _ expected: Outcome) { check(value, .string, expected) }

    @Test(arguments: [
        (n("12"), .ok(n("12"))),
        (n("-12"), .ok(n("-12"))),
        (n("12.0"), .ok(n("12"))),
        (n("1e2"), .ok(n("100"))),
        (n("1.5E1"), .ok(n("15"))),
        (n("-0"), .ok(n("0"))),
        (n("9223372036854775807"), .ok(n("9223372036854775807"))),
        (n("9007199254740993.0"), .ok(n("9007199254740993"))),
        (n("9223372036854775808"), .error("cannot convert number 9223372036854775808 to int: out of 64-bit range")),
        (n("12.5"), .error("cannot convert number 12.5 to int: not a whole number")),
        (s("42"), .ok(n("42"))),
        (s("-42"), .ok(n("-42"))),
        (s("007"), .ok(n("7"))),
        (s("+1"), .error("cannot convert string \"+1\" to int")),
        (s(" 1"), .error("cannot convert string \" 1\" to int")),
        (s("1 "), .error("cannot convert string \"1 \" to int")),
        (s("1.0"), .error("cannot convert string \"1.0\" to int")),
        (s(""), .error("cannot convert string \"\" to int")),
        (s("-"), .error("cannot convert string \"-\" to int")),
        (s("abc"), .error("cannot convert string \"abc\" to int")),
        (s("99999999999999999999"), .error("cannot convert string \"99999999999999999999\" to int: out of 64-bit range")),
        (.bool(true), .error("cannot convert bool true to int")),
        (.array([]), .error("cannot convert an array to int")),
        (s("a\"b\n"), .error("cannot convert string \"a\\\"b\\n\" to int")),
        (s(String(repeating: "x", count: 50)), .error("cannot convert string \"\(String(repeating: "x", count: 40))…\" to int")),
    ] as [(JSONValue, Outcome)])
    func int(_ value: JSONValue, _ expected: Outcome) { check(value, .int, expected) }

    @Test(arguments: [
        (n("12.50"), .ok(n("12.5"))),
        (n("3"), .ok(n("3"))),
        // The shortest text that reads back: no `.0` on a whole double past 10^15.
        (n("9007199254740993"), .ok(n("9007199254740992"))),
        (n("-2e15"), .ok(n("-2000000000000000"))),
        (n("1e300"), .ok(n("1e+300"))),
        (n("1e2"), .ok(n("100"))),
        (n("0.1"), .ok(n("0.1"))),
        (n("123456.789"), .ok(n("123456.789"))),
        (n("-2.50"), .ok(n("-2.5"))),
        (n("1e400"), .error("cannot convert number 1e400 to double: out of range")),
        // Underflow loses the whole value, not precision: a warning, as
        // overflow is (it read as 0, exit 0). Zero in any spelling is 0.
        (n("1e-400"), .error("cannot convert number 1e-400 to double: too small for a double, which would hold 0")),
        (s("-1e-400"), .error("cannot convert string \"-1e-400\" to double: too small for a double, which would hold 0")),
        (n("0e-999"), .ok(n("0"))),
        (n("0.000"), .ok(n("0"))),
        // Negative zero is a double of its own (Open-Meteo's `-0.0`): it reads back only as `-0`.
        (n("-0.0"), .ok(n("-0"))),
        (s("-0.00"), .ok(n("-0"))),
        (n("-0e5"), .ok(n("-0"))),
        (s("3"), .ok(n("3"))),
        (s("12.50"), .ok(n("12.5"))),
        (s("-0.25"), .ok(n("-0.25"))),
        (s("+1.5"), .ok(n("1.5"))),
        (s(".5"), .ok(n("0.5"))),
        (s("1e3"), .ok(n("1000"))),
        (s("abc"), .error("cannot convert string \"abc\" to double")),
        (s("nan"), .error("cannot convert string \"nan\" to double")),
        (s("inf"), .error("cannot convert string \"inf\" to double")),
        (s("0x10"), .error("cannot convert string \"0x10\" to double")),
        (s(" 1"), .error("cannot convert string \" 1\" to double")),
        (s("1,5"), .error("cannot convert string \"1,5\" to double")),
        (.bool(false), .error("cannot convert bool false to double")),
    ] as [(JSONValue, Outcome)])
    func double(_ value: JSONValue, _ expected: Outcome) { check(value, .double, expected) }

    @Test(arguments: [
        (n("12.50"), .ok(n("12.50"))),
        (n("1e2"), .ok(n("1e2"))),
        (n("12345678901234567890"), .ok(n("12345678901234567890"))),
        (s("12.50"), .ok(n("12.50"))),
        (s("+12.50"), .ok(n("12.50"))),
        (s(".5"), .ok(n("0.5"))),
        (s("-.5"), .ok(n("-0.5"))),
        (s("5."), .ok(n("5"))),
        (s("007.10"), .ok(n("7.10"))),
        (s("1E+05"), .ok(n("1e+05"))),
        (s("abc"), .error("cannot convert string \"abc\" to decimal")),
        (s("1.2.3"), .error("cannot convert string \"1.2.3\" to decimal")),
        (s(""), .error("cannot convert string \"\" to decimal")),
        (s("12 "), .error("cannot convert string \"12 \" to decimal")),
        (.bool(true), .error("cannot convert bool true to decimal")),
    ] as [(JSONValue, Outcome)])
    func decimal(_ value: JSONValue, _ expected: Outcome) { check(value, .decimal, expected) }

    @Test(arguments: [
        (.bool(true), .ok(.bool(true))),
        (n("0"), .ok(.bool(false))),
        (n("0.0"), .ok(.bool(false))),
        (n("-0"), .ok(.bool(false))),
        (n("2"), .ok(.bool(true))),
        (n("0.001"), .ok(.bool(true))),
        (n("-1"), .ok(.bool(true))),
        (s("true"), .ok(.bool(true))),
        (s("TRUE"), .ok(.bool(true))),
        (s("Yes"), .ok(.bool(true))),
        (s("T"), .ok(.bool(true))),
        (s("y"), .ok(.bool(true))),
        (s("1"), .ok(.bool(true))),
        (s("False"), .ok(.bool(false))),
        (s("no"), .ok(.bool(false))),
        (s("f"), .ok(.bool(false))),
        (s("N"), .ok(.bool(false))),
        (s("0"), .ok(.bool(false))),
        (s("maybe"), .error("cannot convert string \"maybe\" to bool")),
        (s("2"), .error("cannot convert string \"2\" to bool")),
        (s(""), .error("cannot convert string \"\" to bool")),
        (s(" yes"), .error("cannot convert string \" yes\" to bool")),
        (s("truthy"), .error("cannot convert string \"truthy\" to bool")),
        (.array([]), .error("cannot convert an array to bool")),
    ] as [(JSONValue, Outcome)])
    func bool(_ value: JSONValue, _ expected: Outcome) { check(value, .bool, expected) }

    @Test(arguments: [
        (s("2011-07-04"), .ok(s("2011-07-04T00:00:00Z"))),
        (s("2011-07-04T00:00:00.2509Z"), .ok(s("2011-07-04T00:00:00.250Z"))),
        (s("2011-07-04T02:00:00+02:00"), .ok(s("2011-07-04T00:00:00Z"))),
        (s("/Date(1234567890123+0200)/"), .ok(s("2009-02-13T23:31:30.123Z"))),
        (n("1309737600"), .ok(s("2011-07-04T00:00:00Z"))),
        (n("1309737600.25"), .ok(s("2011-07-04T00:00:00.250Z"))),
        (n("1.0009"), .ok(s("1970-01-01T00:00:01Z"))),
        (n("-0.5"), .ok(s("1969-12-31T23:59:59.500Z"))),
        (n("1.309737600e9"), .ok(s("2011-07-04T00:00:00Z"))),
        (s("2011-02-30"), .error("cannot convert string \"2011-02-30\" to date: no date format matches")),
        (n("1e300"), .error("cannot convert number 1e300 to date: outside the years 0001–9999")),
        // docs/spec.md §6: no `+055840-…` strings; the likely cause is named.
        (n("1700000000000"), .error("cannot convert number 1700000000000 to date: outside the years 0001–9999 (if it counts milliseconds, set \"numericDates\": \"milliseconds\")")),
        (n("-62135596801"), .error("cannot convert number -62135596801 to date: outside the years 0001–9999")),
        (n("-62135596800"), .ok(s("0001-01-01T00:00:00Z"))),
        (n("253402300799.999"), .ok(s("9999-12-31T23:59:59.999Z"))),
        (s("/Date(253402300800000)/"), .error("cannot convert string \"/Date(253402300800000)/\" to date: outside the years 0001–9999")),
        (.bool(true), .error("cannot convert bool true to date")),
    ] as [(JSONValue, Outcome)])
    func date(_ value: JSONValue, _ expected: Outcome) { check(value, .date, expected) }

    @Test(arguments: [
        "https://example.com/a?b=1#c", "/relative/path", "../up", "?q=1", "#frag", "mailto:a@b.c",
        "http://[::1]:8080/", "http://user:pw@host:80/p", "a%20b", "urn:isbn:0451450523", "", "a:b",
        "http://example.com:/x",
    ])
    func urlAccepted(_ text: String) { check(s(text), .url, .ok(s(text))) }

    @Test(arguments: [
        "a b", "http://exa mple.com", "100%", "%zz", "http://host:port/", "a#b#c", "1http://x",
        "http://[::1/", "<tag>", "café", "http://a{b", "http://a/b|c", "x://a]b", "a\\b",
    ])
    func urlRejected(_ text: String) {
        let shown = text.contains("\\") ? "a\\\\b" : text  // the message escapes a backslash
        check(s(text), .url, .error("cannot convert string \"\(shown)\" to url: not a valid URL reference (RFC 3986)"))
    }

    @Test func urlRejectsNonStrings() {
        check(n("1"), .url, .error("cannot convert number 1 to url"))
    }

    @Test(arguments: [
        (n("1"), .ok(.array([n("1")]))),
        (s("a"), .ok(.array([s("a")]))),
        (.array([n("1"), n("1")]), .ok(.array([n("1"), n("1")]))),
        (object, .ok(.array([object]))),
    ] as [(JSONValue, Outcome)])
    func array(_ value: JSONValue, _ expected: Outcome) { check(value, .array, expected) }

    @Test(arguments: [
        (.array([n("1"), n("1.0"), s("1"), n("2"), n("1")]), .ok(.array([n("1"), s("1"), n("2")]))),
        (.array([.object(JSONObject([("a", n("1")), ("b", n("2"))])), .object(JSONObject([("b", n("2.0")), ("a", n("1"))]))]),
         .ok(.array([.object(JSONObject([("a", n("1")), ("b", n("2"))]))]))),
        (.array([.bool(true), .bool(false), .bool(true), .null, .null]), .ok(.array([.bool(true), .bool(false), .null]))),
        (.array([.array([n("1"), n("2")]), .array([n("1"), n("2")]), .array([n("2"), n("1")])]),
         .ok(.array([.array([n("1"), n("2")]), .array([n("2"), n("1")])]))),
        (.array([]), .ok(.array([]))),
        (s("x"), .ok(.array([s("x")]))),
    ] as [(JSONValue, Outcome)])
    func set(_ value: JSONValue, _ expected: Outcome) { check(value, .set, expected) }

    @Test(arguments: [object, s("x"), n("1.50"), .array([.null])])
    func anyIsUnchanged(_ value: JSONValue) { check(value, .any, .ok(value)) }

    /// An array or object read as its compact text (an attribute that copies
    /// it, `MappingGraph.copiesWhole`; a large array held as its elements'
    /// text) converts as its tree does: `array` keeps an array as it is and
    /// wraps an object, `set` compares the elements, and the other types
    /// refuse it with the tree's message.
    @Test(arguments: [JSONProjection.verbatim, .elements(.everything)])
    func compactTextConvertsAsItsTreeDoes(_ projection: JSONProjection) throws {
        let text = #"[1, 1.0, {"a": [2, "x"]}, {"a": [2.00, "x"]}, [], "1"]"#
        let read = try HeldArrayTests.read(text, projection, holdingFrom: 0)
        let tree = try HeldArrayTests.read(text, .everything, holdingFrom: Int.max)
        guard case .compact = read, case .array = tree else {
            Issue.record("not read as compact text: \(read)")
            return
        }
        func converted(_ value: JSONValue, _ type: ValueType) -> Outcome {
            switch ValueConverter.convert(value, to: type, dates: Self.dates) {
            case .success(let v): return .ok(v)
            case .failure(let e): return .error(e.message)
            }
        }
        for type in ValueType.allCases {
            switch (converted(read, type), converted(tree, type)) {
            case (.ok(let a), .ok(let b)):
                #expect(HeldArrayTests.same(a, b), "\(type): \(JSONWriter.serialize(a, pretty: false))")
            case (.error(let a), .error(let b)):
                #expect(a == b && a == "cannot convert an array to \(type.rawValue)", "\(type)")
            case (let a, let b):
                Issue.record("\(type): \(a) from the text, \(b) from the tree")
            }
        }
        // By hand (§6): the array as it is, and without its repeats.
        guard case .ok(let array) = converted(read, .array), case .ok(let set) = converted(read, .set) else {
            Issue.record("array or set refused the text")
            return
        }
        #expect(JSONWriter.serialize(array, pretty: false) == #"[1,1.0,{"a":[2,"x"]},{"a":[2.00,"x"]},[],"1"]"#)
        #expect(JSONWriter.serialize(set, pretty: false) == #"[1,{"a":[2,"x"]},[],"1"]"#)
        let object = try HeldArrayTests.read(#"{"b": [1]}"#, .verbatim, holdingFrom: 0)
        guard case .ok(let wrapped) = converted(object, .array), case .ok(let single) = converted(object, .set) else {
            Issue.record("array or set refused an object")
            return
        }
        #expect(JSONWriter.serialize(wrapped, pretty: false) == #"[{"b":[1]}]"#)
        #expect(JSONWriter.serialize(single, pretty: false) == #"[{"b":[1]}]"#)
    }
}
