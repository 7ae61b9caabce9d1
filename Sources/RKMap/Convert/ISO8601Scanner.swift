/// The fast path for RestKit's default ISO 8601 forms, the dates APIs send most.
///
/// Reads `yyyy-MM-dd`, optionally followed by `T` (or `t`, or a space) and
/// `HH:mm`, `HH:mm:ss` or `HH:mm:ss.f…` (`,` also separates the fraction, any
/// number of digits, truncated to milliseconds), then optionally `Z`, `±hh:mm`,
/// `±hhmm` or `±hh`. A hand-written scanner over bytes: no allocation, no
/// `DateFormatter`, a few nanoseconds per date.
enum ISO8601Scanner {
    struct Result {
        /// The wall time as milliseconds since 1970 counted as if it were UTC.
        var localMilliseconds: Int64
        /// Seconds east of UTC, nil when the text had no offset.
        var offsetSeconds: Int64?
    }

    @inline(__always)
    private static func digits2(_ t: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int64? {
        let a = t[i] &- 48, b = t[i + 1] &- 48
        guard a < 10, b < 10 else { return nil }
        return Int64(a) * 10 + Int64(b)
    }

    static func scan(_ t: UnsafeBufferPointer<UInt8>) -> Result? {
        let n = t.count
        guard n >= 10, t[4] == UInt8(ascii: "-"), t[7] == UInt8(ascii: "-"),
              let c = digits2(t, 0), let yy = digits2(t, 2),
              let month = digits2(t, 5), let day = digits2(t, 8)
        else { return nil }
        let year = c * 100 + yy
        guard month >= 1, month <= 12, day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        if n == 10 { return Result(localMilliseconds: days * 86_400_000, offsetSeconds: nil) }

        let sep = t[10]
        guard n >= 16, sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == UInt8(ascii: " "),
              t[13] == UInt8(ascii: ":"), let hour = digits2(t, 11), let minute = digits2(t, 14),
              hour <= 24, minute <= 59
        else { return nil }
        var i = 16
        var second: Int64 = 0
        var millisecond: Int64 = 0
        if i < n, t[i] == UInt8(ascii: ":") {
            guard i + 2 < n, let s = digits2(t, i + 1), s <= 59 else { return nil }
            second = s
            i += 3
            if i < n, t[i] == UInt8(ascii: ".") || t[i] == UInt8(ascii: ",") {
                i += 1
                let start = i
                while i < n, t[i].isASCIIDigit {
                    if i - start < 3 { millisecond = millisecond * 10 + Int64(t[i] &- 48) }
                    i += 1
                }
                let count = i - start
                guard count > 0 else { return nil }
                if count == 1 { millisecond *= 100 } else if count == 2 { millisecond *= 10 }
            }
        }
        // ISO 8601 allows 24:00 for the end of a day, and only that.
        if hour == 24, minute != 0 || second != 0 || millisecond != 0 { return nil }
        let local = days * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
        if i == n { return Result(localMilliseconds: local, offsetSeconds: nil) }

        let z = t[i]
        if z == UInt8(ascii: "Z") || z == UInt8(ascii: "z") {
            return i + 1 == n ? Result(localMilliseconds: local, offsetSeconds: 0) : nil
        }
        guard z == UInt8(ascii: "+") || z == UInt8(ascii: "-"), i + 3 <= n,
              let oh = digits2(t, i + 1), oh <= 23
        else { return nil }
        var om: Int64 = 0
        i += 3
        if i < n {
            if t[i] == UInt8(ascii: ":") { i += 1 }
            guard i + 2 == n, let m = digits2(t, i), m <= 59 else { return nil }
            om = m
        }
        let offset = (oh * 3600 + om * 60) * (z == UInt8(ascii: "-") ? -1 : 1)
        return Result(localMilliseconds: local, offsetSeconds: offset)
    }
}
