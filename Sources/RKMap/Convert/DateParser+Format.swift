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
        // Written straight into the string's storage: no intermediate arrays.
        return String(unsafeUninitializedCapacity: 40) { out in
            var i = 0
            func put(_ value: Int64, width: Int) {
                var digits = 1
                var v = value
                while v >= 10 { v /= 10; digits += 1 }
                let count = max(width, digits)
                var rest = value
                for k in stride(from: i + count - 1, through: i, by: -1) {
                    out[k] = UInt8(truncatingIfNeeded: rest % 10) + 48
                    rest /= 10
                }
                i += count
            }
            func put(_ byte: Unicode.Scalar) { out[i] = UInt8(ascii: byte); i += 1 }
            if (0...9999).contains(year) {
                put(year, width: 4)
            } else {
                put(year < 0 ? "-" : "+")
                put(year < 0 ? -year : year, width: 6)
            }
            put("-"); put(month, width: 2)
            put("-"); put(day, width: 2)
            put("T"); put(secondOfDay / 3600, width: 2)
            put(":"); put(secondOfDay / 60 % 60, width: 2)
            put(":"); put(secondOfDay % 60, width: 2)
            if millisecond != 0 { put("."); put(millisecond, width: 3) }
            put("Z")
            return i
        }
    }
}
