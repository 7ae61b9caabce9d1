/// A decimal number read digit by digit, so conversions never round through
/// `Double`: `1.001` seconds is exactly 1001 ms, `9007199254740993.0` is an
/// exact `int`.
///
/// The value is `digits × 10^exponent`; `digits` has no leading zeros.
struct DecimalText {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int
    /// Source pieces, kept to rebuild JSON text with the source's digits.
    var integerPart: ArraySlice<UInt8>
    var fractionPart: ArraySlice<UInt8>?
    var exponentPart: ArraySlice<UInt8>?
    var hasPlusSign: Bool

    /// Reads `[+-]? digits? (. digits?)? ([eE] [+-]? digits)?` with at least one
    /// mantissa digit. `lenient` also allows what JSON forbids but people write
    /// in strings: a leading `+`, `.5`, `5.`, leading zeros.
    init?(_ text: some Collection<UInt8>, lenient: Bool) {
        let bytes = Array(text)
        var i = 0
        negative = false
        hasPlusSign = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        else if lenient, i < bytes.count, bytes[i] == UInt8(ascii: "+") { hasPlusSign = true; i += 1 }
        let intStart = i
        while i < bytes.count, bytes[i].isASCIIDigit { i += 1 }
        integerPart = bytes[intStart..<i]
        fractionPart = nil
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < bytes.count, bytes[i].isASCIIDigit { i += 1 }
            fractionPart = bytes[fracStart..<i]
        }
        let mantissaDigits = integerPart.count + (fractionPart?.count ?? 0)
        guard mantissaDigits > 0 else { return nil }
        if !lenient {
            if integerPart.isEmpty || fractionPart?.isEmpty == true { return nil }
            if integerPart.count > 1, integerPart.first == UInt8(ascii: "0") { return nil }
        }
        var exp = 0
        exponentPart = nil
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            let expStart = i + 1
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                expNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            let digitStart = i
            while i < bytes.count, bytes[i].isASCIIDigit {
                // Clamp: anything this large is out of every range we convert to.
                if exp < 1_000_000 { exp = exp * 10 + Int(bytes[i] - 48) }
                i += 1
            }
            guard i > digitStart else { return nil }
            exponentPart = bytes[expStart..<i]
            if expNegative { exp = -exp }
        }
        guard i == bytes.count else { return nil }
        var all = Array(integerPart) + Array(fractionPart ?? [])
        let leadingZeros = all.prefix(while: { $0 == UInt8(ascii: "0") }).count
        all.removeFirst(leadingZeros)
        digits = all
        exponent = exp - (fractionPart?.count ?? 0)
    }

    var isZero: Bool { digits.isEmpty }

    /// Whether both spell the same number: `1.50` equals `1.5` and `15e-1`.
    func isNumericallyEqual(to other: DecimalText) -> Bool {
        func normalized(_ d: DecimalText) -> (ArraySlice<UInt8>, Int) {
            let significant = d.digits.lastIndex { $0 != UInt8(ascii: "0") }.map { d.digits[...$0] } ?? []
            return (significant, d.exponent + (d.digits.count - significant.count))
        }
        let (a, ea) = normalized(self)
        let (b, eb) = normalized(other)
        if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty }
        return negative == other.negative && ea == eb && a.elementsEqual(b)
    }

    /// `floor(value × 10^power)` and whether that was exact; nil outside `Int64`.
    func scaledFloor(power: Int) -> (value: Int64, exact: Bool)? {
        if digits.isEmpty { return (0, true) }
        let shift = exponent + power
        var keep = digits.count
        var dropped = false
        if shift < 0 {
            keep = digits.count + shift
            if keep <= 0 { return negative ? (-1, false) : (0, false) }
            dropped = digits[keep...].contains(where: { $0 != UInt8(ascii: "0") })
        } else if digits.count + shift > 19 {
            return nil
        }
        var magnitude: Int64 = 0
        for d in digits[..<keep] {
            let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(d - 48))
            if o1 || o2 { return nil }
            magnitude = a
        }
        if shift > 0 {
            for _ in 0..<shift {
                let (m, o) = magnitude.multipliedReportingOverflow(by: 10)
                if o { return nil }
                magnitude = m
            }
        }
        if negative {
            let (f, o) = (0 - magnitude).subtractingReportingOverflow(dropped ? 1 : 0)
            return o ? nil : (f, !dropped)
        }
        return (magnitude, !dropped)
    }

    /// The same number spelled as JSON allows, keeping every source digit:
    /// `+12.50` → `12.50`, `.5` → `0.5`, `5.` → `5`, `007` → `7`.
    var jsonText: String {
        var out: [UInt8] = []
        if negative { out.append(UInt8(ascii: "-")) }
        let intDigits = integerPart.drop(while: { $0 == UInt8(ascii: "0") })
        out.append(contentsOf: intDigits.isEmpty ? [UInt8(ascii: "0")] : Array(intDigits))
        if let fractionPart, !fractionPart.isEmpty {
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: fractionPart)
        }
        if let exponentPart {
            out.append(UInt8(ascii: "e"))
            out.append(contentsOf: exponentPart)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension UInt8 {
    @inline(__always) var isASCIIDigit: Bool { self &- 48 < 10 }
}
