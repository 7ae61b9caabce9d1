/// The parts of a decimal number's text, located without copying: docs/spec.md §4
/// compares numbers as exact decimals at any size, so equality, ordering and
/// hashing work on the source digits instead of a rounded `Double`.
///
/// A number is `±0.d₁d₂…dₙ × 10^adjusted` with `d₁` and `dₙ` non-zero (the
/// *canonical* form); `1`, `1.0`, `10e-1` and `0.1e1` all have digits `1` and
/// adjusted exponent 1. The scan only records where those digits are.
///
/// The exponent may be longer than any machine integer (`1e99999999999999999999`):
/// it is then kept as text and compared digit by digit, never clamped, so two
/// such numbers are still ordered exactly.
struct DecimalScan {
    /// Offsets of the mantissa digits (the `.` between them is skipped).
    var mantissaStart = 0
    var mantissaEnd = 0
    /// Offset of the `.`, or `mantissaEnd` when there is none.
    var point = 0
    var negative = false
    /// Virtual indices (0-based, `.` skipped) of the first and last non-zero
    /// mantissa digit; `first == -1` for zero.
    var first = -1
    var last = -1
    /// Number of mantissa digits before the point.
    var integerCount = 0
    /// The written exponent when it fits (`|e| < 10^17`); otherwise `hugeExponent`.
    var exponent = 0
    var hugeExponent = false
    var exponentNegative = false
    /// Offsets of the exponent's digits (leading zeros skipped), for huge ones.
    var exponentStart = 0
    var exponentEnd = 0

    static let smallExponentDigits = 17

    var isZero: Bool { first < 0 }
    var digitCount: Int { isZero ? 0 : last - first + 1 }

    /// Reads `[+-]? digits [. digits]? ([eE] [+-]? digits)?`; lenient about what
    /// JSON forbids (a missing integer part, leading zeros, a `+`), since callers
    /// hold validated text anyway.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = bytes.count
        if i < n, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        else if i < n, bytes[i] == UInt8(ascii: "+") { i += 1 }
        mantissaStart = i
        var virtual = 0
        point = -1
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "."), point < 0 {
                point = i
                integerCount = virtual
            } else if b &- 48 < 10 {
                if b != UInt8(ascii: "0") {
                    if first < 0 { first = virtual }
                    last = virtual
                }
                virtual += 1
            } else {
                break
            }
            i += 1
        }
        mantissaEnd = i
        if point < 0 { point = i; integerCount = virtual }
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "-") { exponentNegative = true; i += 1 }
            else if i < n, bytes[i] == UInt8(ascii: "+") { i += 1 }
            while i < n, bytes[i] == UInt8(ascii: "0") { i += 1 }
            exponentStart = i
            var value = 0
            var count = 0
            while i < n, bytes[i] &- 48 < 10 {
                if count < Self.smallExponentDigits { value = value * 10 + Int(bytes[i] &- 48) }
                count += 1
                i += 1
            }
            exponentEnd = i
            if count > Self.smallExponentDigits { hugeExponent = true } else { exponent = exponentNegative ? -value : value }
        }
    }

    /// The canonical exponent `adjusted` (value = 0.d₁… × 10^adjusted) when the
    /// written exponent fits; nil for a huge one.
    var adjusted: Int? {
        hugeExponent ? nil : exponent + integerCount - first
    }

    /// The `k`-th mantissa digit value (virtual index, `.` skipped).
    @inline(__always)
    func digit(_ k: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let offset = mantissaStart + k
        return bytes[k < integerCount ? offset : offset + 1] &- 48
    }

    /// The exponent (value = digits × 10^exponent, digits without trailing zeros)
    /// of the canonical integer significand; nil for a huge exponent.
    var significandExponent: Int? {
        hugeExponent ? nil : exponent + integerCount - last - 1
    }
}

extension DecimalScan {
    /// Orders two numbers' texts exactly: -1, 0 or 1.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let x = DecimalScan(a), y = DecimalScan(b)
        let sx = x.isZero ? 0 : (x.negative ? -1 : 1)
        let sy = y.isZero ? 0 : (y.negative ? -1 : 1)
        if sx != sy { return sx < sy ? -1 : 1 }
        if sx == 0 { return 0 }
        let magnitude = compareMagnitude(x, a, y, b)
        return sx < 0 ? -magnitude : magnitude
    }

    /// Orders |x| and |y|, both non-zero.
    static func compareMagnitude(_ x: DecimalScan, _ a: UnsafeBufferPointer<UInt8>, _ y: DecimalScan, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let exponentOrder = compareAdjusted(x, a, y, b)
        if exponentOrder != 0 { return exponentOrder }
        var i = x.first, j = y.first
        while i <= x.last, j <= y.last {
            let p = x.digit(i, a), q = y.digit(j, b)
            if p != q { return p < q ? -1 : 1 }
            i += 1; j += 1
        }
        let restX = x.last - i, restY = y.last - j
        return restX == restY ? 0 : (restX < restY ? -1 : 1)
    }

    /// Orders the adjusted exponents, exactly even when the written exponents
    /// have more digits than an `Int` holds.
    static func compareAdjusted(_ x: DecimalScan, _ a: UnsafeBufferPointer<UInt8>, _ y: DecimalScan, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        if let p = x.adjusted, let q = y.adjusted { return p == q ? 0 : (p < q ? -1 : 1) }
        // Offsets from the written exponent; far smaller than 10^17.
        let kx = x.integerCount - x.first, ky = y.integerCount - y.first
        // Written exponents as signed digit strings, difference accumulated with
        // saturation: once past 2^56 it can no longer change sign.
        let ex = x.exponentDigits(a), ey = y.exponentDigits(b)
        let length = max(ex.count, ey.count)
        let limit = 1 << 56
        var difference = 0
        for k in 0..<length {
            let dx = k >= length - ex.count ? Int(ex[k - (length - ex.count)]) : 0
            let dy = k >= length - ey.count ? Int(ey[k - (length - ey.count)]) : 0
            let sdx = x.exponentNegative ? -dx : dx
            let sdy = y.exponentNegative ? -dy : dy
            if difference > limit || difference < -limit {
                continue
            }
            difference = difference * 10 + (sdx - sdy)
        }
        if difference > limit { return 1 }
        if difference < -limit { return -1 }
        let total = difference + kx - ky
        return total == 0 ? 0 : (total < 0 ? -1 : 1)
    }

    /// Digit values of the written exponent (leading zeros skipped).
    func exponentDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        exponentEnd > exponentStart ? bytes[exponentStart..<exponentEnd].map { $0 &- 48 } : []
    }

    /// Feeds the canonical form to `hasher`: equal numbers hash equally whatever
    /// their spelling.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
        let x = DecimalScan(bytes)
        if x.isZero { hasher.combine(0 as UInt8); return }
        hasher.combine(x.negative)
        // Huge exponents cannot equal a number whose adjusted exponent is small.
        if let adjusted = x.adjusted, adjusted.magnitude < 1 << 50 { hasher.combine(adjusted) } else { hasher.combine(UInt8(0xEE)) }
        var chunk: UInt64 = 0
        var inChunk = 0
        for k in x.first...x.last {
            chunk = chunk * 10 + UInt64(x.digit(k, bytes))
            inChunk += 1
            if inChunk == 18 { hasher.combine(chunk); chunk = 0; inChunk = 0 }
        }
        hasher.combine(chunk)
        hasher.combine(inChunk)
    }
}
