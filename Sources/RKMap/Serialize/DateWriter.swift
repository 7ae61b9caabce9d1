import Foundation

/// Writes dates in a request's wire format (docs/spec.md §13): a Unicode (ICU)
/// pattern in the spec's time zone, or ISO 8601 in UTC with milliseconds
/// (`1970-01-01T00:00:00.000Z`, RestKit's default for requests), or a number
/// of milliseconds.
///
/// Supported letters are those `DatePattern` reads, so any format a spec can
/// parse it can also write: `y M L d E H k h K m s S a Z X x O z`.
package struct DateWriter: Sendable {
    enum Style: Sendable {
        case iso
        case milliseconds
        case pattern([Piece])
    }

    enum Piece: Sendable {
        case literal(String)
        case field(Character, count: Int)
    }

    let style: Style
    private let zone: ZoneResolver
    /// The pattern as the spec wrote it (for messages).
    private let patternText: String

    /// - Parameters:
    ///   - format: the pattern (compiled with the spec, as for reading), or
    ///     `nil` for ISO 8601 (or milliseconds).
    ///   - zone: the spec's time zone.
    ///   - milliseconds: with no format, write a number of milliseconds.
    package init(format: DateFormat?, zone: ZoneResolver, milliseconds: Bool) {
        self.zone = zone
        patternText = format?.text ?? ""
        if let format {
            style = .pattern(Self.pieces(format.text))
        } else {
            style = milliseconds ? .milliseconds : .iso
        }
    }

    private static func pieces(_ pattern: String) -> [Piece] {
        var result: [Piece] = []
        let scalars = Array(pattern.unicodeScalars)
        var literal = ""
        var i = 0
        func flush() { if !literal.isEmpty { result.append(.literal(literal)); literal = "" } }
        while i < scalars.count {
            let c = scalars[i]
            if c == "'" {
                if i + 1 < scalars.count, scalars[i + 1] == "'" { literal += "'"; i += 2; continue }
                i += 1
                while i < scalars.count {
                    if scalars[i] == "'" {
                        if i + 1 < scalars.count, scalars[i + 1] == "'" { literal += "'"; i += 2; continue }
                        i += 1; break
                    }
                    literal.unicodeScalars.append(scalars[i]); i += 1
                }
                continue
            }
            guard c.isASCII, c.properties.isAlphabetic else { literal.unicodeScalars.append(c); i += 1; continue }
            var count = 1
            while i + count < scalars.count, scalars[i + count] == c { count += 1 }
            flush()
            result.append(.field(Character(c), count: count))
            i += count
        }
        flush()
        return result
    }

    /// The date `epochMilliseconds` as its wire value.
    ///
    /// - Throws: `DateWriteError` when the date falls outside the years
    ///   0001–9999, or when the pattern's offset field cannot say the zone's
    ///   offset at that instant exactly (the text would name another instant).
    package func write(epochMilliseconds ms: Int64) throws(DateWriteError) -> JSONValue {
        if case .milliseconds = style { return .number(JSONNumber(Int(ms))) }
        // ISO 8601 is written in UTC (its `Z`), whatever the spec's zone.
        let isISO: Bool
        if case .iso = style { isISO = true } else { isISO = false }
        let offset = isISO ? 0 : offsetSeconds(at: ms)
        let local = ms + offset * 1000
        let (days, msOfDay) = CivilDate.floorDiv(local, 86_400_000)
        let (year, month, day) = CivilDate.civil(days: days)
        guard (1...9999).contains(year) else { throw .outsideYears }
        let f = Fields(year: year, month: month, day: day, ms: msOfDay, days: days, offset: offset)
        switch style {
        case .iso, .milliseconds:
            return .string(pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(f.hour, 2) + ":"
                + pad(f.minute, 2) + ":" + pad(f.second, 2) + "." + pad(f.millis, 3) + "Z")
        case .pattern(let pieces):
            var out = ""
            for piece in pieces {
                switch piece {
                case .literal(let s): out += s
                case .field(let letter, let count): out += try text(of: letter, count: count, f)
                }
            }
            return .string(out)
        }
    }

    private struct Fields {
        var year, month, day, ms, days, offset: Int64
        var hour: Int64 { ms / 3_600_000 }
        var minute: Int64 { ms / 60_000 % 60 }
        var second: Int64 { ms / 1000 % 60 }
        var millis: Int64 { ms % 1000 }
    }

    private func offsetSeconds(at ms: Int64) -> Int64 {
        zone.offsetSeconds(atUTC: CivilDate.floorDiv(ms, 1000).quotient)
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]
    private static let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]

    private func text(of letter: Character, count: Int, _ f: Fields) throws(DateWriteError) -> String {
        switch letter {
        case "y", "u": return count == 2 ? pad(f.year % 100, 2) : pad(f.year, count)
        case "M", "L":
            if count >= 4 { return Self.months[Int(f.month) - 1] }
            if count == 3 { return String(Self.months[Int(f.month) - 1].prefix(3)) }
            return pad(f.month, count)
        case "d": return pad(f.day, count)
        case "E", "c", "e":
            let name = Self.weekdays[Int(CivilDate.floorDiv(f.days, 7).remainder)]
            return count >= 4 ? name : String(name.prefix(3))
        case "H": return pad(f.hour, count)
        case "k": return pad(f.hour == 0 ? 24 : f.hour, count)
        case "h": return pad(f.hour % 12 == 0 ? 12 : f.hour % 12, count)
        case "K": return pad(f.hour % 12, count)
        case "m": return pad(f.minute, count)
        case "s": return pad(f.second, count)
        case "S":
            let digits = pad(f.millis, 3)
            return count <= 3 ? String(digits.prefix(count)) : digits + String(repeating: "0", count: count - 3)
        case "a": return f.hour < 12 ? "AM" : "PM"
        case "Z":
            // UTS #35: Z-ZZZ is xxxx, ZZZZ is OOOO, ZZZZZ is XXXXX.
            if count == 4 { return localizedGMT(f.offset, long: true) }
            if count == 5 { return try isoOffset(f.offset, count: 5, utcIndicator: true, letters: "ZZZZZ") }
            return try isoOffset(f.offset, count: 4, utcIndicator: false, letters: String(repeating: "Z", count: count))
        case "X", "x":
            return try isoOffset(f.offset, count: count, utcIndicator: letter == "X",
                                 letters: String(repeating: letter, count: count))
        case "O": return localizedGMT(f.offset, long: count >= 4)
        case "z":
            // UTS #35: the zone's specific non-location name (PDT, Pacific
            // Daylight Time), else the localized GMT format (GMT-7,
            // GMT-07:00). rkmap has no locale's zone names, as ICU's root
            // locale has none, so only UTC is named; every other zone is
            // written from its offset at that instant, which the reader reads.
            // UTC is named as the spec names it, as ICU names `Etc/GMT`
            // `GMT`: an RFC 1123 date (HTTP's) says `GMT`, never `UTC`.
            if zone.isUTC { return zone.name.uppercased().hasSuffix("GMT") ? "GMT" : "UTC" }
            return localizedGMT(f.offset, long: count >= 4)
        default: return String(repeating: letter, count: count)
        }
    }

    /// An ISO 8601 offset as UTS #35 spells it for `X` and `x` (`count` letters):
    ///
    /// | count | X                      | x                        |
    /// |-------|------------------------|--------------------------|
    /// | 1     | -08, +0530, Z          | -08, +0530, +00          |
    /// | 2     | -0800, Z               | -0800, +0000             |
    /// | 3     | -08:00, Z              | -08:00, +00:00           |
    /// | 4     | -0800, -075258, Z      | -0800, -075258, +0000    |
    /// | 5     | -08:00, -07:52:58, Z   | -08:00, -07:52:58, +00:00 |
    ///
    /// - Throws: `DateWriteError.offsetSeconds` when the offset has seconds
    ///   (local mean time, such as Paris's +00:09:21 before 1911) and fewer
    ///   than four letters, which have no seconds field: dropping them, as
    ///   ICU does, would write another instant.
    private func isoOffset(_ seconds: Int64, count: Int, utcIndicator: Bool, letters: String) throws(DateWriteError) -> String {
        if utcIndicator, seconds == 0 { return "Z" }
        let magnitude = abs(seconds)
        let (h, m, s) = (magnitude / 3600, magnitude / 60 % 60, magnitude % 60)
        if s != 0, count < 4 {
            throw .offsetSeconds(offset: seconds, letters: letters, pattern: patternText, zone: zone.name)
        }
        let separator = count == 3 || count >= 5 ? ":" : ""
        var out = (seconds < 0 ? "-" : "+") + pad(h, 2)
        if count == 1, m == 0 { return out }
        out += separator + pad(m, 2)
        if s != 0 { out += separator + pad(s, 2) }
        return out
    }

    /// UTS #35's localized GMT format with English's `GMT{0}`: `GMT` for
    /// zero; short (`O`, `z`) `GMT-8`, `GMT+5:30`, `GMT+0:09:21`; long
    /// (`OOOO`, `ZZZZ`, `zzzz`) `GMT-08:00`, `GMT+05:30`, `GMT+00:09:21`.
    /// Seconds are written when the offset has them, so the text is exact.
    private func localizedGMT(_ seconds: Int64, long: Bool) -> String {
        if seconds == 0 { return "GMT" }
        let magnitude = abs(seconds)
        let (h, m, s) = (magnitude / 3600, magnitude / 60 % 60, magnitude % 60)
        var out = "GMT" + (seconds < 0 ? "-" : "+") + (long ? pad(h, 2) : String(h))
        if long || m != 0 || s != 0 { out += ":" + pad(m, 2) }
        if s != 0 { out += ":" + pad(s, 2) }
        return out
    }

    private func pad(_ n: Int64, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

/// Why `DateWriter` cannot write a date in its wire format.
package enum DateWriteError: Error, Sendable, Equatable {
    /// The date falls outside the years 0001–9999.
    case outsideYears
    /// The zone's offset at that instant has seconds (`offset`, in seconds
    /// east of UTC), which the pattern's offset field `letters` cannot write.
    case offsetSeconds(offset: Int64, letters: String, pattern: String, zone: String)

    /// What went wrong with the date `date` (as the record holds it) and how to fix it.
    package func message(date: String) -> String {
        switch self {
        case .outsideYears:
            return "date '\(date)' cannot be written: it is outside the years 0001–9999"
        case .offsetSeconds(let offset, let letters, let pattern, let zone):
            let magnitude = abs(offset)
            let pad = { (n: Int64) in n < 10 ? "0\(n)" : "\(n)" }
            let spelled = (offset < 0 ? "-" : "+") + pad(magnitude / 3600) + ":" + pad(magnitude / 60 % 60) + ":" + pad(magnitude % 60)
            let letter = letters.first ?? "X"
            let better = String(repeating: letter, count: letters.count == 3 ? 5 : 4)
            return "date '\(date)' cannot be written in the format \"\(pattern)\": \(zone) was \(spelled) from UTC then, "
                + "and \(letters) writes no seconds, so the text would name an instant \(magnitude % 60) s away; "
                + "use \(better), which adds the seconds when an offset has them, or timeZone \"UTC\""
        }
    }
}
