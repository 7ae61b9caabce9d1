/// Reads date strings the way docs/spec.md §6 says: the given formats in order, then
/// RestKit's defaults (ISO 8601, `MM/dd/yyyy`, .NET `/Date(ms)/`, seconds
/// since 1970), and writes dates as ISO 8601 in UTC.
///
/// Patterns are compiled once in `init`; parsing scans bytes and never touches
/// `DateFormatter` or `Calendar` (the engine converts one date per record).
///
/// ```swift
/// let parser = try DateParser(formats: ["M/d/yyyy h:mm a"], timeZone: "America/New_York")
/// parser.parse("7/4/2011 3:15 PM")            // 1309806900000
/// DateParser.format(epochMilliseconds: 250)  // "1970-01-01T00:00:00.250Z"
/// ```
public struct DateParser: Sendable {
    private let patterns: [DatePattern]
    private let zone: ZoneResolver
    /// The unit of numbers and numeric strings (`numericDates`).
    public let numericDates: NumericDates

    /// RestKit's `MM/dd/yyyy`, tried after ISO 8601.
    private static let monthDayYear: DatePattern = try! DatePattern("MM/dd/yyyy")

    /// - Parameters:
    ///   - formats: Unicode (ICU) date patterns tried in order (the mapper's,
    ///     then the spec's), before RestKit's defaults.
    ///   - timeZone: IANA name or `UTC`; text without an explicit offset is
    ///     read in it.
    /// - Throws: `DateFormatError` for an unsupported pattern letter, an
    ///   unterminated quote or an unknown time zone.
    public init(formats: [String], timeZone: String, numericDates: NumericDates = .seconds) throws(DateFormatError) {
        var compiled: [DateFormat] = []
        for format in formats { compiled.append(try DateFormat(format)) }
        self.init(formats: compiled, zone: try ZoneResolver(name: timeZone), numericDates: numericDates)
    }

    /// A parser from a compiled spec's formats and zone: nothing left to fail.
    public init(formats: [DateFormat], zone: ZoneResolver, numericDates: NumericDates = .seconds) {
        self.patterns = formats.map(\.pattern)
        self.zone = zone
        self.numericDates = numericDates
    }

    /// Epoch milliseconds of `text`, or nil when no format reads it.
    ///
    /// - Complexity: O(length × formats); the ISO 8601 path makes no allocation.
    public func parse(_ text: String) -> Int64? {
        // Native strings hand out their UTF-8 without a copy.
        if let result = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) { return result }
        var copy = text
        return copy.withUTF8 { parse(bytes: $0) }
    }

    private func parse(bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        if let ms = parseByFormat(bytes) { return ms }
        if let decimal = DecimalText(bytes, lenient: false) {
            return decimal.scaledFloor(power: numericDates.millisecondPower)?.value
        }
        return nil
    }

    /// Whether `text` is read by the last rule, a number of seconds (or
    /// milliseconds, `numericDates`) since 1970: no format reads it.
    public func readsAsNumber(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in parseByFormat(bytes) == nil && DecimalText(bytes, lenient: false) != nil }
    }

    /// Every rule but the numeric one: the formats, ISO 8601, `MM/dd/yyyy`, .NET.
    private func parseByFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        for pattern in patterns {
            if let fields = pattern.match(bytes), let ms = instant(of: fields) { return ms }
        }
        if let iso = ISO8601Scanner.scan(bytes) {
            if let offset = iso.offsetSeconds { return iso.localMilliseconds - offset * 1000 }
            return zone.instant(fromLocal: iso.localMilliseconds)
        }
        if let fields = Self.monthDayYear.match(bytes), let ms = instant(of: fields) { return ms }
        if let ms = Self.dotNetMilliseconds(bytes) { return ms }
        return nil
    }

    private func instant(of fields: DateFields) -> Int64? {
        guard let local = fields.localMilliseconds() else { return nil }
        if let offset = fields.offsetSeconds { return local - offset * 1000 }
        return zone.instant(fromLocal: local)
    }

    /// `/Date(1234567890123)/` or `/Date(1234567890123+0200)/`: the number is
    /// absolute milliseconds, the offset only says where the sender was, so
    /// RestKit ignores it, and so does rkmap.
    static func dotNetMilliseconds(_ t: UnsafeBufferPointer<UInt8>) -> Int64? {
        let prefix = Array("/Date(".utf8), suffix = Array(")/".utf8)
        let n = t.count
        guard n > prefix.count + suffix.count,
              prefix.indices.allSatisfy({ t[$0] == prefix[$0] }),
              suffix.indices.allSatisfy({ t[n - 2 + $0] == suffix[$0] })
        else { return nil }
        var i = prefix.count
        let end = n - 2
        let negative = t[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let start = i
        var value: Int64 = 0
        while i < end, t[i].isASCIIDigit {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(t[i] &- 48))
            if o1 || o2 { return nil }
            value = a
            i += 1
        }
        guard i > start else { return nil }
        if i < end {
            guard end - i == 5, t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-"),
                  (i + 1..<end).allSatisfy({ t[$0].isASCIIDigit })
            else { return nil }
        }
        return negative ? -value : value
    }

    /// Seconds since 1970 (a JSON number) as epoch milliseconds, truncated
    /// toward the past; nil when not finite or outside `Int64` milliseconds.
    ///
    /// Works on the shortest decimal spelling of `seconds`, so `1.001` is
    /// 1001 ms even though the nearest `Double` is a hair below it.
    public static func epochMilliseconds(fromSeconds seconds: Double) -> Int64? {
        guard seconds.isFinite else { return nil }
        return epochMilliseconds(fromSecondsText: "\(seconds)")
    }

    /// Seconds since 1970 written as a decimal number (`1309737600.5`), exactly.
    static func epochMilliseconds(fromSecondsText text: String) -> Int64? {
        DecimalText(text.utf8, lenient: true)?.scaledFloor(power: 3)?.value
    }

    /// A JSON number's text read in this parser's `numericDates` unit, as epoch
    /// milliseconds truncated toward the past; nil outside `Int64`.
    func epochMilliseconds(fromNumberText text: String) -> Int64? {
        DecimalText(text.utf8, lenient: true)?.scaledFloor(power: numericDates.millisecondPower)?.value
    }

    /// Instants that ISO 8601 can write with a four-digit year: from
    /// 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (docs/spec.md §6).
    public static let writableMilliseconds: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999
}
