import Testing
@testable import RKMap

/// A body that holds arrays as their elements' text (a large record's,
/// `Serializer.recordPlan`) is encoded as a form an element at a time and
/// read back an element at a time (`FormReadBack.difference(holding:)`):
/// every answer must be the one the whole body's text gives
/// (`FormReadBack.difference(_:encoded:)`, which decodes the text into a
/// tree), and the text the one the tree encodes to.
@Suite struct FormHeldReadBackTests {
    /// The same body with each array member (at any depth of objects) held.
    static func holding(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(JSONObject(uniqueMembers: object.members.map { .init(key: $0.key, value: holding($0.value)) }))
        case .array(let elements):
            var builder = HeldArrayBuilder()
            for e in elements { builder.append(e) }
            return .compact(builder.finish(plan: .everything))
        default:
            return value
        }
    }

    static func object(_ text: String) throws -> JSONObject {
        guard case .object(let o) = try JSONScanner.parse(Array(text.utf8)) else { throw ParseFailure() }
        return o
    }

    struct ParseFailure: Error {}

    /// What the whole text gives, and what the held body gives: encoded
    /// text, read-back difference, empties, ambiguous keys.
    static func expectSame(_ body: JSONObject, _ comment: Comment? = nil) {
        let held = holding(.object(body))
        guard case .object(let heldBody) = held else { return }
        var whole: [UInt8] = []
        FormEncoder.encode(body, into: &whole)
        var pieces: [UInt8] = []
        FormEncoder.encode(heldBody, into: &pieces)
        // (Compared as a Bool: a failing `==` of megabytes would have the
        // test library diff them for minutes.)
        let samePieces = pieces == whole
        #expect(samePieces, "\(comment.map { "\($0)" } ?? ""): \(Self.firstDifference(pieces, whole))")
        // Deferred into an output, written from the held text.
        var output = EncodedOutput()
        output.bytes = Array("x".utf8)
        FormEncoder.encode(heldBody, into: &output)
        // The line's end, as serialize writes it (a value deferred at the
        // body's end is written before it).
        output.bytes.append(UInt8(ascii: "\n"))
        var written: [UInt8] = []
        try? output.write(0..<output.count, pretty: false, first: { written += $0 }, rest: { written += $0 })
        let line = Array("x".utf8) + whole + [UInt8(ascii: "\n")]
        let sameWritten = written == line
        #expect(sameWritten, "\(comment.map { "\($0)" } ?? ""): \(Self.firstDifference(written, line))")
        #expect(FormReadBack.holdsArrays(held) == body.members.contains { $0.value.kind == .array || Self.nested($0.value) })
        var a: [(name: String, kind: JSONKind)] = [], b: [(name: String, kind: JSONKind)] = []
        FormReadBack.empties(.object(body), into: &a)
        FormReadBack.empties(held, into: &b)
        #expect(a.map { "\($0.name) \($0.kind)" } == b.map { "\($0.name) \($0.kind)" }, comment)
        var c: [(name: String, reason: String)] = [], d: [(name: String, reason: String)] = []
        FormReadBack.ambiguousKeys(.object(body), into: &c)
        FormReadBack.ambiguousKeys(held, into: &d)
        #expect(c.map { "\($0.name) \($0.reason)" } == d.map { "\($0.name) \($0.reason)" }, comment)
        // The read-back difference, asked where no key is ambiguous (a key
        // with brackets or an empty one is warned of instead: its pairs
        // reach other members, which the held reader, reading each member
        // alone, does not follow).
        if c.isEmpty {
            #expect(FormReadBack.difference(holding: heldBody) == FormReadBack.difference(body, encoded: whole), comment)
        }
        // And found in the one walk that reads each held element once.
        let found = FormReadBack.readBack(holding: heldBody)
        #expect(found.ambiguous.map { "\($0.name) \($0.reason)" } == c.map { "\($0.name) \($0.reason)" }, comment)
        #expect(found.empties.map { "\($0.name) \($0.kind)" } == a.map { "\($0.name) \($0.kind)" }, comment)
    }

    /// Where two texts first differ, with some text around it.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let around = { (x: [UInt8]) in String(decoding: x[max(0, i - 40)..<min(x.count, i + 40)], as: UTF8.self) }
        return "at byte \(i) of \(a.count) and \(b.count): '\(around(a))' / '\(around(b))'"
    }

    static func nested(_ value: JSONValue) -> Bool {
        guard case .object(let o) = value else { return false }
        return o.members.contains { $0.value.kind == .array || nested($0.value) }
    }

    /// The shapes where reading back goes wrong, each with its expected
    /// answer (docs/spec.md §14; the path as the warning gives it, after
    /// its leading `.`) as well as the whole text's.
    @Test(arguments: [
        // Same keys in every object: reads back.
        (#"{"lines": [{"sku": "A", "qty": 1}, {"sku": "B", "qty": 2}], "n": 1}"#, nil),
        // A later object's first key is one the last lacks: it joins it.
        (#"{"lines": [{"sku": "A"}, {"qty": 1, "sku": "B"}]}"#, ".lines[0]"),
        // An array in an object in an array splits the object.
        (#"{"lines": [{"tags": ["x", "y"]}]}"#, ".lines[0].tags"),
        // An array in an array cannot be read back at all.
        (#"{"a": 1, "lines": [{"sku": "A"}, [1]]}"#, ""),
        (#"{"lines": [[]], "z": [{"a": 1}, {"b": 2}]}"#, ".z[0]"),
        // Empty objects write nothing; scalars and null read back (as strings).
        (#"{"lines": [{}, {"a": 1}, null, 2, true, {"a": "x y&z"}, []]}"#, nil),
        (#"{"lines": [{}, []]}"#, nil),
        (#"{"lines": []}"#, nil),
        // The first difference in the body's member order, not the form's.
        (#"{"z": [{"a": 1}, {"b": 2}], "a": [{"a": 1}, {"b": 2}]}"#, ".z[0]"),
        (#"{"z": 1, "m": {"lines": [{"s": 1}, {"t": 2}]}}"#, ".m.lines[0]"),
        // Objects within objects in the elements.
        (#"{"l": [{"o": {"a": 1}}, {"o": {"b": 2}}]}"#, ".l[0].o"),
        (#"{"l": [{"o": {"a": 1}}, {"o": {"a": 2}}]}"#, nil),
        // Two objects joined, then the one after starting a new element: the count differs.
        (#"{"l": [{"a": 1}, {"b": 1}, {"a": 2, "b": 2}]}"#, ".l[0]"),
        // Scalars between objects keep them apart.
        (#"{"l": [{"a": 1}, "s", {"b": 1}]}"#, nil),
        // Odd keys: the difference at a member named with brackets in the path.
        (#"{"we ird": [{"a": 1}, {"b": 1}]}"#, #"["we ird"][0]"#),
    ] as [(String, String?)])
    func shapesReadBackAsTheWholeTextReadsBack(_ text: String, _ expected: String?) throws {
        let body = try Self.object(text)
        let held = Self.holding(.object(body))
        guard case .object(let heldBody) = held else { return }
        #expect(FormReadBack.difference(holding: heldBody) == expected, "\(text)")
        Self.expectSame(body, "\(text)")
    }

    /// Objects whose keys are data (`{"m": {"k1": 1}}`, `{"m": {"k2": 1}}`):
    /// each element's pair joins the first element, whose `m` then differs.
    /// The held reader says so exactly while it holds up to 1,024 joined
    /// elements; past that it names the element (`l[0]`), and still finds an
    /// array in an array after it.
    @Test func elementsJoiningOneAreNamedPastABound() throws {
        func body(_ n: Int, nested: Bool = false) -> JSONObject {
            var elements: [JSONValue] = (0..<n).map { .object(JSONObject([("m", .object(JSONObject([("k\($0)", .number(JSONNumber(1)))])))])) }
            if nested { elements.append(.array([.number(JSONNumber(1))])) }
            return JSONObject([("l", .array(elements))])
        }
        func held(_ body: JSONObject) -> String? {
            guard case .object(let b) = Self.holding(.object(body)) else { return nil }
            return FormReadBack.difference(holding: b)
        }
        func whole(_ body: JSONObject) -> String? {
            var text: [UInt8] = []
            FormEncoder.encode(body, into: &text)
            return FormReadBack.difference(body, encoded: text)
        }
        #expect(whole(body(1000)) == ".l[0].m" && held(body(1000)) == ".l[0].m")
        #expect(FormReadBack.joinedElements == 1024)
        // 1,024 joined to the first: searched; 1,025: named.
        #expect(whole(body(1025)) == ".l[0].m" && held(body(1025)) == ".l[0].m")
        #expect(whole(body(1026)) == ".l[0].m" && held(body(1026)) == ".l[0]")
        #expect(whole(body(1100)) == ".l[0].m" && held(body(1100)) == ".l[0]")
        #expect(whole(body(1100, nested: true)) == "" && held(body(1100, nested: true)) == "")
    }

    /// Arrays of 256 KiB or more are deferred to the output's writer
    /// (`FormPairs`): after another member (the first pair then starts with
    /// `&`), under a nested name, two in one body, and one that writes no
    /// pair at all between them.
    @Test func deferredArraysWriteWhatTheTreeWrites() throws {
        let lines = JSONValue.array((0..<10_000).map { i in
            .object(JSONObject([("sku", .string("item \(i) &=é")), ("qty", .number(JSONNumber(i)))]))
        })
        let nothing = JSONValue.array(Array(repeating: .object(JSONObject()), count: 100_000))
        let tags = JSONValue.array((0..<40_000).map { .string("t\($0)") })
        for (body, deferred) in [
            (JSONObject([("a", .number(JSONNumber(1))), ("m", .object(JSONObject([("lines", lines)]))), ("e", nothing), ("z", tags)]), 2),
            (JSONObject([("e", nothing), ("z", tags)]), 1),
            // Nothing to write: nothing deferred.
            (JSONObject([("e", nothing)]), 0),
        ] {
            guard case .object(let held) = Self.holding(.object(body)) else { return }
            var output = EncodedOutput()
            FormEncoder.encode(held, into: &output)
            #expect(output.deferred.count == deferred)
            Self.expectSame(body)
        }
    }

    /// Generated bodies: objects of a few keys (so that objects in arrays
    /// often share keys and sometimes do not), arrays of objects, scalars,
    /// `null`, empty containers and arrays in arrays.
    @Test func generatedBodiesReadBackAsTheWholeTextReadsBack() throws {
        var random = SplitMix(seed: 12)
        // An empty key and one with brackets now and then (ambiguous keys).
        let keys = ["a", "b", "c", "tags", "", "x[y]"]
        func value(_ depth: Int) -> JSONValue {
            switch random.next(depth > 3 ? 4 : 9) {
            case 0: return .null
            case 1: return .string(["x", "y z", "&=%", "é"][random.next(4)])
            case 2: return .number(JSONNumber(random.next(3)))
            case 3: return .bool(random.next(2) == 0)
            case 4, 5, 6: return .object(object(depth + 1))
            default:
                let count = random.next(5)
                return .array((0..<count).map { _ in random.next(5) == 0 ? value(depth + 1) : .object(object(depth + 1)) })
            }
        }
        func object(_ depth: Int) -> JSONObject {
            var o = JSONObject()
            for key in keys where key.count == 1 || key == "tags" ? random.next(3) > 0 : random.next(400) == 0 { o[key] = value(depth) }
            return o
        }
        var differing = 0, unreadable = 0, ambiguous = 0
        for i in 0..<1500 {
            var body = object(0)
            body["lines"] = .array((0..<random.next(6)).map { _ in random.next(8) == 0 ? value(2) : .object(object(2)) })
            Self.expectSame(body, "body \(i)")
            var odd: [(name: String, reason: String)] = []
            FormReadBack.ambiguousKeys(.object(body), into: &odd)
            if !odd.isEmpty { ambiguous += 1; continue }
            var text: [UInt8] = []
            FormEncoder.encode(body, into: &text)
            switch FormReadBack.difference(body, encoded: text) {
            case nil: break
            case ""?: unreadable += 1
            default: differing += 1
            }
        }
        // The generator reaches all three answers often.
        #expect(differing > 100 && unreadable > 100 && ambiguous > 100 && differing + unreadable + ambiguous < 1400,
                "\(differing) \(unreadable) \(ambiguous)")
    }
}

/// A small deterministic generator (SplitMix64), so that a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
