extension DateParser {
    /// ISO 8601 in UTC with millisecond precision: `2011-07-04T00:00:00Z`, or
    /// `2011-07-04T00:00:00.250Z` when the milliseconds are not zero.
    ///
    /// Instants before 1970 use floor division (`-1` is
    /// `1969-12-31T23:59:59.999Z`). Years outside 0000–9999 use ISO 8601's
    /// expanded form with a sign and six digits, as JavaScript does.
    public static func format(epochMilliseconds ms: Int64) -> String {
        let (seconds, millisecond) = CivilDate.floorDiv(ms, 1000)
        let (days, secondOfDay) = CivilDate.floorDiv(seconds, 86_400)
        let (year, month, day) = CivilDate.civil(days: days)
        // Built in a fixed byte buffer: one allocation for the final String.
        var out = [UInt8]()
        out.reserveCapacity(32)
        func put(_ value: Int64, width: Int) {
            var digits: [UInt8] = []
            var v = value
            repeat { digits.append(UInt8(v % 10) + 48); v /= 10 } while v > 0
            for _ in digits.count..<max(width, digits.count) { out.append(48) }
            out.append(contentsOf: digits.reversed())
        }
        if (0...9999).contains(year) {
            put(year, width: 4)
        } else {
            out.append(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            put(year.magnitude > UInt64(Int64.max) ? 0 : abs(year), width: 6)
        }
        out.append(UInt8(ascii: "-")); put(month, width: 2)
        out.append(UInt8(ascii: "-")); put(day, width: 2)
        out.append(UInt8(ascii: "T")); put(secondOfDay / 3600, width: 2)
        out.append(UInt8(ascii: ":")); put(secondOfDay / 60 % 60, width: 2)
        out.append(UInt8(ascii: ":")); put(secondOfDay % 60, width: 2)
        if millisecond != 0 { out.append(UInt8(ascii: ".")); put(millisecond, width: 3) }
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }
}
