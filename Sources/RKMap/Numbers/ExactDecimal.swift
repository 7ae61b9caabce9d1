/// An exact decimal number: `digits × 10^exponent`, for the collection
/// operators' arithmetic (docs/spec.md §4: `[0.1, 0.2].@sum` is `0.3`, as
/// RestKit's `NSDecimalNumber` gives, and `[1e308, 1e308].@sum` is `2e308`,
/// not a `Double` overflow).
///
/// Comparison and hashing of JSON numbers do not need this type: `JSONNumber`
/// compares its source text in place (`DecimalScan`), without allocating.
package struct ExactDecimal: Sendable, Equatable, CustomStringConvertible {
    package var negative: Bool
    /// Digit values 0…9, most significant first, without leading or trailing
    /// zeros; empty for zero.
    package var digits: [UInt8]
    package var exponent: Int

    /// The most digits an arithmetic result may span (from its highest to its
    /// lowest non-zero digit). Past this a sum is "not representable": a mapping
    /// warning, never a rounded or silent value. 38 would be NSDecimalNumber's
    /// precision; this is generous enough that only adversarial spreads
    /// (`1e100000 + 1e-100000`) reach it.
    package static let digitLimit = 4096
    /// Significant digits of an `@avg` (IEEE 754 decimal128, as docs/spec.md §4 says).
    package static let averageDigits = 34

    package static let zero = ExactDecimal(negative: false, digits: [], exponent: 0)

    package init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
        normalize()
    }

    /// Reads a number's text (a JSON number); nil when its exponent is too large
    /// for arithmetic (more than 17 digits: such a number has no representable
    /// sum anyway).
    package init?(text: String) {
        var text = text
        let result: ExactDecimal? = text.withUTF8 { bytes in
            let scan = DecimalScan(bytes)
            if scan.isZero { return .zero }
            guard let exponent = scan.significandExponent else { return nil }
            var digits: [UInt8] = []
            digits.reserveCapacity(scan.digitCount)
            for k in scan.first...scan.last { digits.append(scan.digit(k, bytes)) }
            return ExactDecimal(negative: scan.negative, digits: digits, exponent: exponent)
        }
        guard let result else { return nil }
        self = result
    }

    package var isZero: Bool { digits.isEmpty }

    /// Drops leading and trailing zero digits (adjusting the exponent).
    private mutating func normalize() {
        if let firstNonZero = digits.firstIndex(where: { $0 != 0 }) {
            if firstNonZero > 0 { digits.removeFirst(firstNonZero) }
            let lastNonZero = digits.lastIndex(where: { $0 != 0 })!
            exponent += digits.count - 1 - lastNonZero
            digits.removeLast(digits.count - 1 - lastNonZero)
        } else {
            digits = []
            exponent = 0
            negative = false
        }
    }

    /// The exact sum, or nil when it would span more than `limit` digits
    /// (`digitLimit`; a sum made in parts checks the whole span itself).
    package static func sum(_ terms: [ExactDecimal], limit: Int = digitLimit) -> ExactDecimal? {
        let nonZero = terms.filter { !$0.isZero }
        guard let low = nonZero.map(\.exponent).min(), let high = nonZero.map({ $0.exponent + $0.digits.count }).max() else {
            return .zero
        }
        let width = high - low
        guard width <= limit else { return nil }
        // Signed digit sums by position, least significant first; carries once at the end.
        var positions = [Int](repeating: 0, count: width + 2)
        for term in nonZero {
            let base = term.exponent - low
            let count = term.digits.count
            for (k, d) in term.digits.enumerated() {
                positions[base + count - 1 - k] += term.negative ? -Int(d) : Int(d)
            }
        }
        var negative = false
        carry(&positions)
        if positions.last! < 0 {
            negative = true
            for i in positions.indices { positions[i] = -positions[i] }
            carry(&positions)
        }
        let result = ExactDecimal(negative: negative, digits: positions.reversed().map { UInt8($0) }, exponent: low)
        return result.digits.count <= limit ? result : nil
    }

    /// Brings every position but the last into 0…9, growing the array while the
    /// last exceeds 9.
    private static func carry(_ positions: inout [Int]) {
        var i = 0
        while i < positions.count - 1 {
            let (q, r) = positions[i].quotientAndRemainder(dividingBy: 10)
            let (c, d) = r < 0 ? (q - 1, r + 10) : (q, r)
            positions[i] = d
            positions[i + 1] += c
            i += 1
            if i == positions.count - 1, positions[i] > 9 { positions.append(0) }
        }
    }

    /// `self / divisor` rounded half-even to `significant` digits.
    package func divided(by divisor: Int, significant: Int = averageDigits) -> ExactDecimal {
        precondition(divisor > 0)
        if isZero { return .zero }
        var quotient: [UInt8] = []
        var remainder = 0
        var position = 0
        var started = false
        // Place value of dividend digit j is 10^(exponent + digits.count - 1 - j).
        while true {
            let d = position < digits.count ? Int(digits[position]) : 0
            let (r10, o1) = remainder.multipliedReportingOverflow(by: 10)
            precondition(!o1, "remainder below the divisor cannot overflow")
            let value = r10 + d
            let q = value / divisor
            remainder = value % divisor
            if q != 0 { started = true }
            if started { quotient.append(UInt8(q)) }
            let done = position >= digits.count - 1 && remainder == 0
            if done || quotient.count == significant + 1 { break }
            position += 1
        }
        let exponent = self.exponent + digits.count - 1 - position
        guard quotient.count == significant + 1 else {
            return ExactDecimal(negative: negative, digits: quotient, exponent: exponent)
        }
        // Round the guard digit half-even; anything left over is a sticky bit.
        let guardDigit = quotient.removeLast()
        let sticky = remainder != 0 || digits[min(position + 1, digits.count)...].contains(where: { $0 != 0 })
        let roundUp = guardDigit > 5 || (guardDigit == 5 && (sticky || quotient.last! % 2 == 1))
        if roundUp {
            var i = quotient.count - 1
            while i >= 0, quotient[i] == 9 { quotient[i] = 0; i -= 1 }
            if i >= 0 { quotient[i] += 1 } else { quotient.insert(1, at: 0) }
        }
        return ExactDecimal(negative: negative, digits: quotient, exponent: exponent + 1)
    }

    /// JSON number text: plain (`300`, `0.3`, `-12.5`) for everyday magnitudes,
    /// exponent notation (`2e308`, `1.5e-12`) beyond 40 integer digits or
    /// below 10⁻⁶, so a huge or tiny result does not turn into pages of zeros.
    package var description: String {
        if isZero { return "0" }
        var out: [UInt8] = []
        if negative { out.append(UInt8(ascii: "-")) }
        let ascii = digits.map { $0 + 48 }
        let integerDigits = digits.count + exponent
        if exponent >= 0, integerDigits <= 40 {
            out += ascii
            out += [UInt8](repeating: UInt8(ascii: "0"), count: exponent)
        } else if exponent < 0, integerDigits > 0 {
            out += ascii[..<integerDigits]
            out.append(UInt8(ascii: "."))
            out += ascii[integerDigits...]
        } else if exponent < 0, integerDigits > -6 {
            out += [UInt8(ascii: "0"), UInt8(ascii: ".")]
            out += [UInt8](repeating: UInt8(ascii: "0"), count: -integerDigits)
            out += ascii
        } else {
            out.append(ascii[0])
            if ascii.count > 1 {
                out.append(UInt8(ascii: "."))
                out += ascii[1...]
            }
            out.append(UInt8(ascii: "e"))
            out += Array(String(integerDigits - 1).utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
