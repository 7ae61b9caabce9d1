import Testing
@testable import RKMap

/// A content key path that ends in a collection operator other than
/// `@distinctUnionOfObjects` (`items.@sum`, `items.@max.name`, docs/spec.md
/// §4) is applied by the splitter as the array's elements come
/// (`OperatorFold`), instead of to the array built whole: the same content,
/// exact decimals included, as a whole read.
@Suite struct OperatorContentStreamingTests {
    static func spec(_ keyPath: String) -> String {
        #"{"keyPath": "\#(keyPath)", "root-map-ref": "v", "mappers": [{"id": "v", "target": "V", "attributes": {"": "value", "id": "id"}}]}"#
    }

    /// 5,000 numbers cross the fold's groups of 4,096.
    static let many = (0..<5_000).map { $0 % 3 == 0 ? "\($0).25" : "-\($0)" }.joined(separator: ", ")

    static let documents = [
        #"{"items": [0.1, 0.2]}"#,
        #"{"items": []}"#,
        #"{"items": [null, "b", 3, "a", {"id": 1}, [2], true, false, 12345678901234567891, 12345678901234567890]}"#,
        #"{"items": [{"id": 2}, null, {"id": 1}, 5]}"#,
        #"{"items": [null, 7, 2.5e3, -1E-2, 7.0]}"#,
        #"{"items": [true, false, "x"]}"#,
        #"{"items": [\#(many)]}"#,
        #"{"items": [1e5000, 1e-5000]}"#,
        #"{"items": {"not": "an array"}}"#,
        #"{"other": [1]}"#,
    ]

    @Test(arguments: [
        "items.@count", "items.@sum", "items.@avg", "items.@min", "items.@max", "items.@max.id", "items.@min.id",
        "items.@count.x",
    ])
    func anOperatorOnTheContentArrayGivesAWholeReadsContent(keyPath: String) throws {
        let input = Self.documents.joined(separator: "\n")
        for format in ["ndjson", "json"] {
            try EngineRun.expectStreamedSameAsWhole(
                input, spec: Self.spec(keyPath), format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// Values worked out from §4: exact decimal sums (0.1 + 0.2 = 0.3), the
    /// mean to 34 significant digits, strings that spell numbers taken as
    /// those numbers (kept as written by `@min`/`@max`), other strings
    /// ordered as text, `null` skipped.
    @Test(arguments: [
        ("items.@sum", #"{"items": [0.1, 0.2]}"#, #"{"@type":"V","value":0.3}"#),
        ("items.@sum", #"{"items": ["199.00", "0.10", 9.5, null]}"#, #"{"@type":"V","value":208.6}"#),
        ("items.@avg", #"{"items": [1, 2, null, "4"]}"#, #"{"@type":"V","value":2.333333333333333333333333333333333}"#),
        ("items.@count", #"{"items": [1, null, {}]}"#, #"{"@type":"V","value":3}"#),
        ("items.@max", #"{"items": [null, 12345678901234567890, "12345678901234567891"]}"#, #"{"@type":"V","value":"12345678901234567891"}"#),
        ("items.@min", #"{"items": ["9.50", "199.00"]}"#, #"{"@type":"V","value":"9.50"}"#),
        ("items.@min", #"{"items": ["b", "a10", "a"]}"#, #"{"@type":"V","value":"a"}"#),
        ("items.@max", #"{"items": [true, null, false]}"#, #"{"@type":"V","value":true}"#),
    ])
    func operatorValues(keyPath: String, input: String, expected: String) throws {
        let run = try EngineRun.run(spec: Self.spec(keyPath), input: input, pipeline: true)
        #expect(run.output == expected + "\n")
        #expect(run.diagnostics.isEmpty)
    }

    /// The sum of 5,000 numbers, in groups, is the exact sum.
    @Test func aSumInGroupsIsExact() throws {
        let run = try EngineRun.run(spec: Self.spec("items.@sum"), input: #"{"items": [\#(Self.many)]}"#, pipeline: true)
        let values = (0..<5_000).map { (i: Int) -> Double in i % 3 == 0 ? Double(i) + 0.25 : -Double(i) }
        let expected = values.reduce(0, +)
        #expect(expected == -4_165_417.25)  // exact: every term is a multiple of 0.25
        #expect(run.output == #"{"@type":"V","value":-4165417.25}"# + "\n")
    }

    /// The fold reads only what its answer needs: no element for `@count`,
    /// the kind alone of what `@sum` cannot add or `@max` cannot order.
    @Test func theFoldReadsOnlyWhatItNeeds() {
        var count = OperatorFold(.count)
        #expect(!count.reads(.number) && !count.reads(.object))
        for _ in 0..<3 { count.add(nil, kind: .object) }
        #expect(count.result() == .number(JSONNumber(3)))
        var max = OperatorFold(.max)
        #expect(!max.reads(.null) && !max.reads(.object) && !max.reads(.array))
        #expect(max.reads(.string) && max.reads(.number) && max.reads(.bool))
        max.add(.string("m"), kind: .string)
        max.add(.string("z"), kind: .string)
        #expect(max.result() == .string("z"))
        max.add(nil, kind: .object)
        #expect(max.result() == nil)
        var sum = OperatorFold(.sum)
        #expect(sum.reads(.number) && sum.reads(.string) && !sum.reads(.bool) && !sum.reads(.null))
        sum.add(.number(JSONNumber(2)), kind: .number)
        sum.add(.string("40"), kind: .string)
        #expect(sum.result() == .number(JSONNumber(42)))
        sum.add(nil, kind: .bool)
        #expect(!sum.reads(.number) && sum.result() == nil)
    }

    /// Which strings spell a number: JSON's grammar, nothing looser.
    @Test(arguments: [
        ("0", true), ("-0", true), ("199.00", true), ("1e3", true), ("-1.5E-7", true), ("12345678901234567891", true),
        ("", false), ("-", false), ("+5", false), (" 5", false), ("5 ", false), ("05", false), ("5.", false), (".5", false),
        ("1e", false), ("1e+", false), ("0x10", false), ("NaN", false), ("1,000", false), ("١٢", false),
    ])
    func spelledNumbers(text: String, spells: Bool) {
        #expect((OperatorAccumulator.spelledNumber(text) != nil) == spells)
    }

    /// Near the 4,096-digit limit a sum in parts gives what one sum gives:
    /// nothing when the terms span more than the limit, even if some cancel
    /// (`1e3000 - 1e3000 + 1e-2000`), and a value when they span less, even
    /// if the parts carry past it (4,096 nines less 4,096 nines, plus 1e-4094).
    @Test func aSumInPartsHasOneSumsLimit() throws {
        let cancelling = "[1e3000, -1e3000, " + Array(repeating: "0", count: 4_094).joined(separator: ", ") + ", 1e-2000]"
        let carrying = "[" + (Array(repeating: "9", count: 4_096) + Array(repeating: "-9", count: 4_096) + ["1e-4094"])
            .joined(separator: ", ") + "]"
        let input = #"{"items": \#(cancelling)}"# + "\n" + #"{"items": \#(carrying)}"#
        try EngineRun.expectStreamedSameAsWhole(
            input, spec: Self.spec("items.@sum"), format: "ndjson", options: MappingOptions(keepGoing: true), streams: true)
        let run = try EngineRun.run(spec: Self.spec("items.@sum"), input: input, pipeline: true)
        #expect(run.output == #"{"@type":"V","value":1e-4094}"# + "\n")
        #expect(run.outcome.failed == 1)
    }

    /// `RunningSum` against `NumberArithmetic.sum` on random numbers: small
    /// ones (its `Int64` path), long ones and large exponents (its exact
    /// path, from the first or a later term), spans near the limit.
    @Test func aRunningSumIsOneSum() {
        var generator = SystemRandomNumberGenerator()
        let pool = ["0", "1", "-1", "0.5", "12345678901234567", "-999999999999999999", "123456789012345678901234567890",
                    "1e300", "-1e300", "1e-300", "2.5e-4000", "1e90", "7.25", "-0.001", "1e3000", "-1e-1000"]
        var sums = 0
        for _ in 0..<300 {
            // A few kinds of number per sum: most sums have a value.
            let kinds = pool.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator))
            let count = Int.random(in: 0...9_000, using: &generator)
            let numbers = (0..<count).map { _ in JSONNumber(kinds.randomElement(using: &generator)!) }
            var running = RunningSum()
            numbers.forEach { running.add($0) }
            let expected = NumberArithmetic.sum(numbers.map { .number($0) })
            #expect(running.total() == expected, "\(numbers.count) numbers of \(Array(kinds))")
            if expected != nil { sums += 1 }
        }
        #expect(sums > 150)
    }
}
