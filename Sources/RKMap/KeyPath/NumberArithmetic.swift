/// `@sum` and `@avg` on the source digits (docs/spec.md §4): exact decimal
/// arithmetic, as RestKit's `NSDecimalNumber`, so `[0.1, 0.2].@sum` is `0.3`.
/// Elements that are not numbers are ignored here: which elements count is
/// `OperatorAccumulator`'s business.
package enum NumberArithmetic {
    /// The most digits an exact result spans (`ExactDecimal.digitLimit`).
    package static let digitLimit = ExactDecimal.digitLimit
    private static let powersOfTen: [Int64] = (0...18).map { k in (0..<k).reduce(Int64(1)) { r, _ in r * 10 } }

    /// The exact sum of the numeric elements (`0` for none); nil when it cannot
    /// be represented within `ExactDecimal.digitLimit` digits.
    ///
    /// - Complexity: no allocation but the result text while every partial sum
    ///   fits an `Int64` significand (integers, prices); otherwise `ExactDecimal`.
    package static func sum(_ elements: [JSONValue]) -> JSONNumber? {
        if let fast = smallSum(elements) {
            return JSONNumber(ExactDecimal(negative: fast.value < 0, digits: digits(of: fast.value.magnitude), exponent: fast.exponent).description)
        }
        guard let total = exactSum(elements) else { return nil }
        return JSONNumber(total.description)
    }

    /// The mean of the numeric elements rounded to 34 significant digits; `.some(nil)`
    /// when there are none, nil when the sum cannot be represented.
    package static func average(_ elements: [JSONValue]) -> JSONNumber?? {
        var count = 0
        for case .number in elements { count += 1 }
        if count == 0 { return .some(nil) }
        let total: ExactDecimal
        if let fast = smallSum(elements) {
            total = ExactDecimal(negative: fast.value < 0, digits: digits(of: fast.value.magnitude), exponent: fast.exponent)
        } else {
            guard let exact = exactSum(elements) else { return nil }
            total = exact
        }
        return .some(JSONNumber(total.divided(by: count).description))
    }

    /// The mean of `count` numbers whose exact sum is `total`, as `average`
    /// gives it (for a sum made in parts, `OperatorFold`).
    package static func average(sum total: JSONNumber, count: Int) -> JSONNumber? {
        guard let exact = ExactDecimal(text: total.text) else { return nil }
        return JSONNumber(exact.divided(by: count).description)
    }

    private static func exactSum(_ elements: [JSONValue]) -> ExactDecimal? {
        var terms: [ExactDecimal] = []
        for case .number(let n) in elements {
            guard let term = ExactDecimal(text: n.text) else { return nil }
            terms.append(term)
        }
        return ExactDecimal.sum(terms)
    }

    /// A number as `value × 10^exponent` in `Int64` (no trailing zero in
    /// `value`'s digits matters here), or nil when it has more than 18 digits
    /// or an exponent too large for arithmetic.
    fileprivate static func smallTerm(_ n: JSONNumber) -> (value: Int64, exponent: Int)? {
        var text = n.text
        return text.withUTF8 { bytes in
            let scan = DecimalScan(bytes)
            if scan.isZero { return (0, 0) }
            guard scan.digitCount <= 18, let exponent = scan.significandExponent else { return nil }
            var m: Int64 = 0
            for k in scan.first...scan.last { m = m * 10 + Int64(scan.digit(k, bytes)) }
            return (scan.negative ? -m : m, exponent)
        }
    }

    /// `accumulator × 10^scale + value × 10^exponent` in `Int64` at the smaller
    /// scale, or nil on overflow.
    fileprivate static func add(
        _ value: Int64, _ exponent: Int, to accumulator: Int64, scale: Int
    ) -> (value: Int64, exponent: Int)? {
        var accumulator = accumulator, scale = scale, m = value
        if exponent < scale {
            guard scale - exponent <= 18 else { return nil }
            let (scaled, o) = accumulator.multipliedReportingOverflow(by: powersOfTen[scale - exponent])
            if o { return nil }
            accumulator = scaled
            scale = exponent
        } else if exponent > scale {
            guard exponent - scale <= 18 else { return nil }
            let (scaled, o) = m.multipliedReportingOverflow(by: powersOfTen[exponent - scale])
            if o { return nil }
            m = scaled
        }
        let (s, o) = accumulator.addingReportingOverflow(m)
        return o ? nil : (s, scale)
    }

    /// The exact decimal of `value × 10^exponent`.
    fileprivate static func exact(_ value: Int64, _ exponent: Int) -> ExactDecimal {
        ExactDecimal(negative: value < 0, digits: digits(of: value.magnitude), exponent: exponent)
    }

    /// Sum as `value × 10^exponent` in `Int64`, or nil on any overflow.
    private static func smallSum(_ elements: [JSONValue]) -> (value: Int64, exponent: Int)? {
        var sum: (value: Int64, exponent: Int) = (0, 0)
        var started = false
        for case .number(let n) in elements {
            guard let (m, e) = smallTerm(n) else { return nil }
            if m == 0 { continue }
            if !started {
                sum = (m, e)
                started = true
                continue
            }
            guard let next = add(m, e, to: sum.value, scale: sum.exponent) else { return nil }
            sum = next
        }
        return sum
    }

    fileprivate static func digits(of value: UInt64) -> [UInt8] {
        if value == 0 { return [] }
        var out: [UInt8] = []
        var v = value
        while v > 0 { out.append(UInt8(v % 10)); v /= 10 }
        return out.reversed()
    }
}

/// The exact sum of numbers added one at a time: the value, or the absence
/// of one, that `NumberArithmetic.sum` gives on all of them at once, in
/// memory for a few thousand terms (`OperatorFold`). While the sum fits an
/// `Int64` significand it is kept there; past that, terms are summed exactly
/// in groups, and the span of all of them is checked as `sum` checks it
/// (`ExactDecimal.digitLimit`): a group's sums cancelling does not make an
/// unrepresentable sum representable, nor carries the reverse.
package struct RunningSum {
    /// How many numbers were added.
    package private(set) var count = 0
    /// The sum so far in `Int64`, until it overflows (then nil).
    private var small: (value: Int64, exponent: Int)? = (0, 0)
    /// After that: the exact sum of the terms folded, and the terms since.
    private var partial = ExactDecimal.zero
    private var terms: [ExactDecimal] = []
    /// The lowest and highest digit positions of all non-zero terms.
    private var low = Int.max, high = Int.min
    private var unrepresentable = false

    static let groupSize = 4096

    package init() {}

    package mutating func add(_ number: JSONNumber) {
        count += 1
        guard !unrepresentable else { return }
        let term: ExactDecimal
        if let small, let (value, exponent) = NumberArithmetic.smallTerm(number) {
            guard value != 0 else { return }
            if let sum = small.value == 0
                ? (value, exponent) : NumberArithmetic.add(value, exponent, to: small.value, scale: small.exponent) {
                self.small = sum
                widen(value, exponent)
                return
            }
            term = NumberArithmetic.exact(value, exponent)
            becomeExact()
        } else {
            if small != nil { becomeExact() }
            guard let exact = ExactDecimal(text: number.text) else {
                unrepresentable = true
                return
            }
            guard !exact.isZero else { return }
            term = exact
        }
        widen(term)
        guard !unrepresentable else { return }
        terms.append(term)
        if terms.count >= Self.groupSize { fold() }
    }

    /// The sum: nil when `NumberArithmetic.sum` gives none.
    package mutating func total() -> JSONNumber? {
        guard !unrepresentable else { return nil }
        if let small { return JSONNumber(NumberArithmetic.exact(small.value, small.exponent).description) }
        fold()
        guard !unrepresentable, partial.digits.count <= ExactDecimal.digitLimit else { return nil }
        return JSONNumber(partial.description)
    }

    /// Where `value × 10^exponent`'s digits are, as `ExactDecimal` has them.
    private mutating func widen(_ value: Int64, _ exponent: Int) {
        var m = value.magnitude, trailing = 0, count = 0
        while m % 10 == 0 {
            m /= 10
            trailing += 1
        }
        while m > 0 {
            m /= 10
            count += 1
        }
        widen(low: exponent + trailing, high: exponent + trailing + count)
    }

    private mutating func widen(_ term: ExactDecimal) {
        widen(low: term.exponent, high: term.exponent + term.digits.count)
    }

    private mutating func widen(low: Int, high: Int) {
        self.low = min(self.low, low)
        self.high = max(self.high, high)
        if self.high - self.low > ExactDecimal.digitLimit {
            unrepresentable = true
            terms = []
        }
    }

    private mutating func becomeExact() {
        if let small { partial = NumberArithmetic.exact(small.value, small.exponent) }
        small = nil
    }

    /// Sums the terms into `partial`: within the span checked, plus its carries.
    private mutating func fold() {
        guard !terms.isEmpty else { return }
        terms.append(partial)
        if let sum = ExactDecimal.sum(terms, limit: ExactDecimal.digitLimit + 64) {
            partial = sum
        } else {
            unrepresentable = true
        }
        terms.removeAll(keepingCapacity: true)
    }
}
