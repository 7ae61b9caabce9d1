import Testing
@testable import RKMap

/// docs/spec.md §4: numbers compare, hash and add as exact decimals.
@Suite struct ExactDecimalTests {
    static func n(_ text: String) -> JSONNumber { JSONNumber(text) }

    /// (a, b, order of a against b)
    static let orders: [(String, String, Int)] = [
        ("12345678901234567890", "12345678901234567891", -1), ("12345678901234567891", "12345678901234567891.0", 0),
        ("1", "1.0", 0), ("1", "10e-1", 0), ("0.1e1", "1", 0), ("100", "1e2", 0), ("-0", "0", 0), ("0.000", "0e5", 0),
        ("0.1", "0.10000000000000000000000000001", -1), ("-1", "1", -1), ("-2", "-1", -1), ("-1e400", "1e-400", -1),
        ("1e400", "1e401", -1), ("9.99e400", "1e401", -1), ("2e308", "1e308", 1), ("1.5", "1.45", 1),
        ("123456789012345678", "123456789012345679", -1), ("-123456789012345678", "123456789012345678", -1),
        ("1e99999999999999999999", "10e99999999999999999998", 0), ("1e99999999999999999999", "1e100000000000000000000", -1),
        ("0.011e100000000000000000001", "1.1e99999999999999999999", 0), ("1e-99999999999999999999", "1e-99999999999999999998", -1),
        ("1e99999999999999999999", "1e308", 1), ("1e-99999999999999999999", "1e-308", -1), ("-1e99999999999999999999", "-1e308", -1),
    ]

    @Test(arguments: orders)
    func ordersExactly(_ a: String, _ b: String, _ expected: Int) {
        #expect(JSONNumber.compare(Self.n(a), Self.n(b)) == expected)
        #expect(JSONNumber.compare(Self.n(b), Self.n(a)) == -expected)
        #expect((Self.n(a) == Self.n(b)) == (expected == 0))
        if expected == 0 { #expect(Self.n(a).hashValue == Self.n(b).hashValue, "\(a) and \(b) are equal but hash differently") }
    }

    @Test func distinctIdsSurviveASet() {
        let values: [JSONValue] = ["12345678901234567890", "12345678901234567891", "1.2345678901234567891e19", "1", "1.0", "0.1"].map { .number(Self.n($0)) }
        let kept = JSONValue.distinct(values).map { if case .number(let x) = $0 { return x.text } else { return "" } }
        #expect(kept == ["12345678901234567890", "12345678901234567891", "1", "0.1"])
    }

    @Test func objectsAreDistinctIgnoringMemberOrder() {
        let a = JSONValue.object(JSONObject([("x", .number(Self.n("1"))), ("y", .string("s"))]))
        let b = JSONValue.object(JSONObject([("y", .string("s")), ("x", .number(Self.n("1.0")))]))
        let c = JSONValue.object(JSONObject([("x", .number(Self.n("2"))), ("y", .string("s"))]))
        #expect(JSONValue.distinct([a, b, c, a]).count == 2)
    }

    static func sum(_ texts: [String]) -> String? { NumberArithmetic.sum(texts.map { .number(n($0)) })?.text }
    static func average(_ texts: [String]) -> String?? { NumberArithmetic.average(texts.map { .number(n($0)) }).map { $0?.text } }

    @Test func sumsOnTheSourceDigits() {
        #expect(Self.sum(["0.1", "0.2"]) == "0.3")
        #expect(Self.sum(["1e308", "1e308"]) == "2e308")
        #expect(Self.sum([]) == "0")
        #expect(Self.sum(["9223372036854775807", "1"]) == "9223372036854775808")
        #expect(Self.sum(["-0.5", "0.25", "100"]) == "99.75")
        #expect(Self.sum(["1.50", "1.50"]) == "3")
        #expect(Self.sum(["1e-7", "1"]) == "1.0000001")
        #expect(Self.sum(["1e-7"]) == "1e-7")
        #expect(Self.sum(["0.000001"]) == "0.000001")
        #expect(Self.sum(["1", "-1"]) == "0")
        #expect(Self.sum(["-3", "1"]) == "-2")
        #expect(Self.sum(["1e39"]) == "1000000000000000000000000000000000000000")
        #expect(Self.sum(["1e40"]) == "1e40")
        #expect(Self.sum(["1e5000", "1e-5000"]) == nil)
        #expect(Self.sum(["1e99999999999999999999"]) == nil)
        #expect(Self.sum(["99999999999999999999999999999999999999", "1"]) == "100000000000000000000000000000000000000")
    }

    @Test func averagesRoundToThirtyFourDigits() {
        #expect(Self.average(["1", "1", "2"]) == .some("1.333333333333333333333333333333333"))
        #expect(Self.average(["2", "2", "2"]) == .some("2"))
        #expect(Self.average(["0.1", "0.2"]) == .some("0.15"))
        #expect(Self.average(["5", "6", "6"]) == .some("5.666666666666666666666666666666667"))
        #expect(Self.average(["1e308", "1e308"]) == .some("1e308"))
        #expect(Self.average([]) == .some(nil))
        #expect(Self.average(["1e5000", "1e-5000"]) == .none)
        // Half-even at the 34th digit: 2.5e-34 rounds to 2e-34, 3.5e-34 to 4e-34.
        #expect(Self.average(["0.0000000000000000000000000000000001", "0.0000000000000000000000000000000004"]) == .some("2.5e-34"))
        #expect(Self.average(["1.000000000000000000000000000000002", "1.000000000000000000000000000000003"]) == .some("1.000000000000000000000000000000002"))
        #expect(Self.average(["1.000000000000000000000000000000003", "1.000000000000000000000000000000004"]) == .some("1.000000000000000000000000000000004"))
    }
}
