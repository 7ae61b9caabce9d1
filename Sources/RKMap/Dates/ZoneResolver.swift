import Foundation

/// The spec's `timeZone` (docs/spec.md §1, §6), resolved once, under one rule
/// for reading and writing dates: `UTC`, `GMT`, `Z`, `Etc/UTC` and `Etc/GMT`
/// (any case) are UTC, anything else must be an IANA name Foundation knows.
/// Turns a local wall time into an absolute instant, and an instant into its
/// offset.
///
/// UTC (the default) is pure arithmetic. Other zones ask Foundation's
/// `TimeZone` for offsets; around transitions the rules are ICU's defaults,
/// which `NSDateFormatter` follows: a repeated wall time (autumn) is the later
/// occurrence, a skipped one (spring) is read with the offset in force before
/// the gap, so 02:30 on a spring-forward night becomes 03:30 daylight time.
public struct ZoneResolver: Sendable, Equatable {
    /// The name as the spec wrote it.
    public let name: String
    private let zone: TimeZone?

    public static let utc = ZoneResolver(utcNamed: "UTC")

    private init(utcNamed name: String) {
        self.name = name
        zone = nil
    }

    /// - Throws: `DateFormatError` when `name` is neither UTC nor a known IANA zone.
    public init(name: String) throws(DateFormatError) {
        self.name = name
        let upper = name.uppercased()
        if upper == "UTC" || upper == "GMT" || upper == "Z" || upper == "ETC/UTC" || upper == "ETC/GMT" {
            zone = nil
            return
        }
        guard let tz = TimeZone(identifier: name) else {
            throw DateFormatError(message: "unknown time zone '\(name)'; use an IANA name such as 'Europe/Berlin' or 'UTC'")
        }
        zone = tz
    }

    var isUTC: Bool { zone == nil }

    public static func == (a: ZoneResolver, b: ZoneResolver) -> Bool { a.name == b.name }

    /// The zone's offset from UTC, in seconds, at `seconds` since 1970.
    func offsetSeconds(atUTC seconds: Int64) -> Int64 {
        guard let zone else { return 0 }
        return Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }

    /// Epoch milliseconds of `localMilliseconds` (a wall time counted as if it were UTC).
    func instant(fromLocal localMilliseconds: Int64) -> Int64 {
        guard let zone else { return localMilliseconds }
        let localSeconds = CivilDate.floorDiv(localMilliseconds, 1000).quotient
        func offset(atUTC seconds: Int64) -> Int64 {
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
        }
        // Offsets can't exceed a day, so the offsets a day either side bracket
        // every reading of this wall time.
        let before = offset(atUTC: localSeconds - 86_400)
        let after = offset(atUTC: localSeconds + 86_400)
        if before == after {
            let o = offset(atUTC: localSeconds - before)
            if o == before { return localMilliseconds - before * 1000 }
            // A transition and its reversal within two days: settle on the offset there.
            return localMilliseconds - offset(atUTC: localSeconds - o) * 1000
        }
        let earlierFits = offset(atUTC: localSeconds - before) == before
        let laterFits = offset(atUTC: localSeconds - after) == after
        switch (earlierFits, laterFits) {
        case (true, true):
            // Repeated wall time: the later instant.
            return max(localMilliseconds - before * 1000, localMilliseconds - after * 1000)
        case (true, false): return localMilliseconds - before * 1000
        case (false, true): return localMilliseconds - after * 1000
        case (false, false): return localMilliseconds - before * 1000  // skipped wall time
        }
    }
}
