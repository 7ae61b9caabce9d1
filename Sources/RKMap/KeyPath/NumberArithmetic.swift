/// `@sum` and `@avg` on the source digits (docs/spec.md §4): exact decimal
/// arithmetic, as RestKit's `NSDecimalNumber`, so `[0.1, 0.2].@sum` is `0.3`.
/// Elements that are not numbers are ignored, as before.
package enum NumberArithmetic {
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

    /// Sum as `value × 10^exponent` in `Int64`, or nil on any overflow.
    private static func smallSum(_ elements: [JSONValue]) -> (value: Int64, exponent: Int)? {
        var accumulator: Int64 = 0
        var scale = 0
        var started = false
        for case .number(let n) in elements {
            var text = n.text
            guard let term: (Int64, Int) = text.withUTF8({ bytes in
                let scan = DecimalScan(bytes)
                if scan.isZero { return (0, 0) }
                guard scan.digitCount <= 18, let exponent = scan.significandExponent else { return nil }
                var m: Int64 = 0
                for k in scan.first...scan.last { m = m * 10 + Int64(scan.digit(k, bytes)) }
                return (scan.negative ? -m : m, exponent)
            }) else { return nil }
            var m = term.0
            let e = term.1
            if m == 0 { continue }
            if !started { accumulator = m; scale = e; started = true; continue }
            if e < scale {
                guard scale - e <= 18 else { return nil }
                let (scaled, o) = accumulator.multipliedReportingOverflow(by: powersOfTen[scale - e])
                if o { return nil }
                accumulator = scaled
                scale = e
            } else if e > scale {
                guard e - scale <= 18 else { return nil }
                let (scaled, o) = m.multipliedReportingOverflow(by: powersOfTen[e - scale])
                if o { return nil }
                m = scaled
            }
            let (s, o) = accumulator.addingReportingOverflow(m)
            if o { return nil }
            accumulator = s
        }
        return (accumulator, scale)
    }

    private static func digits(of value: UInt64) -> [UInt8] {
        if value == 0 { return [] }
        var out: [UInt8] = []
        var v = value
        while v > 0 { out.append(UInt8(v % 10)); v /= 10 }
        return out.reversed()
    }
}
