extension DateParser {
    /// ISO 8601 in UTC with millisecond precision: `2011-07-04T00:00:00Z`, or
    /// `2011-07-04T00:00:00.250Z` when the milliseconds are not zero.
    ///
    /// Instants before 1970 use floor division (`-1` is
    /// `1969-12-31T23:59:59.999Z`). Years outside 0000–9999 use ISO 8601's
    /// expanded form with a sign and at least six digits, as JavaScript does.
    ///
    /// - Complexity: O(1); one allocation, the `String` itself.
    public static func format(epochMilliseconds ms: Int64) -> String {
        let (seconds, millisecond) = CivilDate.floorDiv(ms, 1000)
        let (days, secondOfDay) = CivilDate.floorDiv(seconds, 86_400)
        let (year, month, day) = CivilDate.civil(days: days)
        // Written straight into the string's storage with fixed-width digit
        // writes: no intermediate arrays, no closures capturing state.
        return String(unsafeUninitializedCapacity: 40) { out in
            var i = 0
            if (0...9999).contains(year) {
                writeDigits(year, count: 4, into: out, at: &i)
            } else {
                out[i] = year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                i += 1
                let magnitude = year < 0 ? -year : year
                var count = 6
                var limit: Int64 = 1_000_000
                while magnitude >= limit { count += 1; limit *= 10 }
                writeDigits(magnitude, count: count, into: out, at: &i)
            }
            out[i] = UInt8(ascii: "-"); i += 1
            writeDigits(month, count: 2, into: out, at: &i)
            out[i] = UInt8(ascii: "-"); i += 1
            writeDigits(day, count: 2, into: out, at: &i)
            out[i] = UInt8(ascii: "T"); i += 1
            writeDigits(secondOfDay / 3600, count: 2, into: out, at: &i)
            out[i] = UInt8(ascii: ":"); i += 1
            writeDigits(secondOfDay / 60 % 60, count: 2, into: out, at: &i)
            out[i] = UInt8(ascii: ":"); i += 1
            writeDigits(secondOfDay % 60, count: 2, into: out, at: &i)
            if millisecond != 0 {
                out[i] = UInt8(ascii: "."); i += 1
                writeDigits(millisecond, count: 3, into: out, at: &i)
            }
            out[i] = UInt8(ascii: "Z"); i += 1
            return i
        }
    }

    /// Writes the low `count` decimal digits of a non-negative `value`, zero-padded.
    @inline(__always)
    private static func writeDigits(_ value: Int64, count: Int, into out: UnsafeMutableBufferPointer<UInt8>, at i: inout Int) {
        var rest = value
        var k = i + count - 1
        while k >= i {
            out[k] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
            rest /= 10
            k -= 1
        }
        i += count
    }
}
