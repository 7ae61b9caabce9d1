import Testing
@testable import RKMap

/// `InferSampleSet` stops asking a string the URL and date questions once a
/// value at its place answered no (docs/spec.md §15: every value must agree).
/// Skipping must never change the spec: a place is finer than every grouping
/// inference makes, so these tests build samples where a coarser place would
/// leak a "no" into an attribute that is all dates or all URLs.
extension InferSampleSetTests {
    static func parseAll(_ lines: [String]) throws -> [JSONValue] { try lines.map(parse) }

    /// Inferring from the kept samples gives what inferring from all gives,
    /// also when the place tree can remember only a few places.
    static func expectSameSpec(_ documents: [JSONValue], _ comment: Comment? = nil) throws {
        let expected = try infer(documents)
        for capacity in [1 << 16, 3, 1] {
            var set = InferSampleSet(placeCapacity: capacity)
            for document in documents { set.add(document) }
            #expect(try infer(set.documents) == expected, "capacity \(capacity): \(comment?.rawValue ?? "")")
        }
    }

    /// One "no" settles a question at its place: 1,000 records with a text
    /// member ask it the URL and date questions once, not 1,000 times.
    @Test func aSettledQuestionIsNotAskedAgain() throws {
        let documents = try (0..<1_000).map { i in
            try Self.parse(#"{"id": \#(i), "text": "note \#(i)", "at": "2024-01-0\#(i % 9 + 1)T10:00:00Z"}"#)
        }
        let set = Self.kept(documents)
        // `text` is asked its 4 questions once (each answered no). `at` is
        // asked whether it is a URL once (no), and the three date questions
        // of every value (each says yes: the common formats' parsers read
        // ISO 8601 too). Every question of every string would be 8 per record.
        #expect(set.questionsAsked == 4 + 4 + 3 * (documents.count - 1))
        #expect(set.documents.count <= 2)
        #expect(try Self.infer(set.documents) == Self.infer(documents))
        #expect(try Self.infer(set.documents).text.contains(#""at": "date""#))
    }

    /// Only a member that may ask a question, or holds values that may, has
    /// a place: a number, a boolean or null asks none (an object of a
    /// million numeric members made a place each, up to the tree's
    /// capacity). Read as a tree or from bytes, the same places, and the
    /// same spec as with a place for every member.
    @Test func aScalarThatAsksNothingHasNoPlace() throws {
        let text = #"{"a": 1, "b": true, "c": null, "d": "x", "e": [1], "f": {"g": 2, "h": "2024-01-01T00:00:00Z"}}"#
        let documents = try Self.parseAll([text, text.replacingOccurrences(of: "\"x\"", with: "\"y\"")])
        let trees = Self.kept(documents)
        // The root, `d`, `e` and its elements, `f` and `h`: not `a`, `b`, `c`, `g`.
        #expect(trees.places.open.count == 6)
        let bytes = try InferSampleSetBytesTests.keptFromBytes([text], largeValueBytes: 0)
        #expect(bytes.places.open.count == 6)
        try Self.expectSameSpec(documents)
        #expect(try Self.infer(trees.documents).text.contains(#""h": "date""#))
    }

    /// The same key under different discriminator values may become
    /// different dynamic choices: a non-date of one kind says nothing about
    /// the other kind's dates.
    @Test func discriminatedObjectsAreSeparatePlaces() throws {
        let documents = try Self.parseAll([
            #"{"items": [{"type": "a", "at": "x", "a": 1}, {"type": "b", "at": "2024-01-01T00:00:00Z", "b": 1}]}"#,
            #"{"items": [{"type": "a", "at": "later", "a": 2}, {"type": "b", "at": "2024-01-02T00:00:00Z", "b": 2}]}"#,
            #"{"items": [{"type": "b", "at": "2024-01-03T00:00:00Z", "b": 3}, {"type": "a", "at": "never", "a": 3}]}"#,
        ])
        try Self.expectSameSpec(documents)
        #expect(try Self.infer(documents).text.contains(#""at": "date""#))
    }

    /// A document whose root is an array holds no content when the content
    /// is a member: its strings at the "same" keys are not read by inference.
    @Test func arrayLevelsAreSeparatePlaces() throws {
        let documents = try Self.parseAll([
            #"{"items": [{"at": "2024-01-01T00:00:00Z", "home": "https://example.com/a"}]}"#,
            #"[{"items": [{"at": "soon", "home": "nowhere"}]}]"#,
            #"{"items": [[{"at": "never", "home": "here"}]]}"#,
            #"{"items": [{"at": "2024-01-02T00:00:00Z", "home": "https://example.com/b"}]}"#,
        ])
        try Self.expectSameSpec(documents)
    }

    /// Strings at the root content and in nested arrays of it, and keyed
    /// dictionaries (whose values inference merges across keys).
    @Test func contentScalarsAndKeyedDictionaries() throws {
        try Self.expectSameSpec(try Self.parseAll([
            #"["2024-01-01", ["2024-01-02", "x"], "2024-01-03"]"#,
            #"["2024-01-04"]"#,
        ]))
        try Self.expectSameSpec(try Self.parseAll([
            #"{"users": {"u1001": {"at": "2024-01-01", "n": 1}, "u1002": {"at": "x", "n": 2}, "u1003": {"at": "2024-01-03", "n": 3}}}"#,
            #"{"users": {"u1004": {"at": "2024-01-04", "n": 4}, "u1005": {"at": "2024-01-05", "n": 5}, "u1006": {"at": "2024-01-06", "n": 6}}}"#,
        ]))
    }

    /// Random documents over a small vocabulary of keys, discriminators and
    /// strings that are dates, URLs, digits or none of them: the kept samples
    /// always infer the spec that all of them do.
    @Test func randomSamplesInferTheSameSpec() throws {
        var random = SplitMix64(seed: 20_111_704)
        for trial in 0..<400 {
            let sample = RandomSample(using: &random)
            let documents = (0..<Int.random(in: 2...12, using: &random)).map { _ in
                sample.document(using: &random)
            }
            let expected = Self.outcome(documents)
            for capacity in [1 << 16, 4] {
                var set = InferSampleSet(placeCapacity: capacity)
                for document in documents { set.add(document) }
                let kept = Self.outcome(set.documents)
                #expect(kept == expected, "trial \(trial), capacity \(capacity): \(documents.map { JSONWriter.serialize($0, pretty: false) })")
            }
        }
    }

    /// The spec and notes, or the error, as text.
    static func outcome(_ documents: [JSONValue]) -> String {
        do {
            let spec = try infer(documents)
            return spec.text + spec.notes.joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    /// Two bits for the URL and default-date questions, one per common format.
    @Test func everyCommonFormatHasAQuestionBit() {
        #expect(InferValueType.commonFormatCount == InferValueType.commonDateFormats.count)
        #expect(2 + InferValueType.commonFormatCount <= UInt8.bitWidth)
    }
}

/// A deterministic generator, so that a failing trial can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Sample documents for `randomSamplesInferTheSameSpec`: each trial gives
/// every key a favourite kind of value and of string (ISO dates, another
/// format, URLs), broken now and then, so that attributes that are all dates
/// or all URLs meet stray values at nearby paths.
struct RandomSample {
    static let keys = ["at", "home", "items", "data", "type", "kind", "u1001", "u1002", "u1003"]
    static let pools = [
        ["2024-01-01T10:00:00Z", "2024-01-02", "2023-12-31T23:59:59+01:00"],
        ["2024-01-01 10:00:00", "2023-05-06 07:08:09"],
        ["Mon, 01 Jan 2024 10:00:00 GMT"],
        ["https://example.com/x", "http://a.example"],
        ["a", "b", "x"],
    ]
    static let strays = ["0000-00-00", "soon", "12", "-1.5", "01/02/2024", "/Date(1)/", "a", "b"]

    var favourite: [String: (kind: Int, pool: Int)] = [:]

    init(using random: inout SplitMix64) {
        for key in Self.keys {
            favourite[key] = (Int.random(in: 0..<4, using: &random), Int.random(in: 0..<Self.pools.count, using: &random))
        }
    }

    func document(using random: inout SplitMix64) -> JSONValue {
        Int.random(in: 0..<5, using: &random) == 0 ? array(key: "items", depth: 0, using: &random) : object(depth: 0, using: &random)
    }

    /// A value for `key`: mostly its favourite kind (string, object, array, scalar).
    func value(key: String, depth: Int, using random: inout SplitMix64) -> JSONValue {
        let (kind, pool) = favourite[key]!
        let chosen = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 0..<4, using: &random) : kind
        switch depth < 3 ? chosen : 0 {
        case 0:
            let strings = Int.random(in: 0..<12, using: &random) == 0 ? Self.strays : Self.pools[pool]
            return .string(strings.randomElement(using: &random)!)
        case 1: return object(depth: depth + 1, using: &random)
        case 2: return array(key: key, depth: depth + 1, using: &random)
        default:
            return [.null, .bool(true), .number(JSONNumber("2.5")), .number(JSONNumber("9007199254740993"))]
                .randomElement(using: &random)!
        }
    }

    func array(key: String, depth: Int, using random: inout SplitMix64) -> JSONValue {
        .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(key: key, depth: depth + 1, using: &random) })
    }

    func object(depth: Int, using random: inout SplitMix64) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for key in Self.keys.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)) {
            if key == "type" || key == "kind" {
                members.append((key, .string(["p", "q", "r"].randomElement(using: &random)!)))
            } else {
                members.append((key, value(key: key, depth: depth, using: &random)))
            }
        }
        return .object(JSONObject(members))
    }
}
