/// The fields a date pattern read, before they are checked and combined.
/// Missing fields take ICU's defaults: 1970-01-01 00:00:00.000.
struct DateFields {
    var year: Int64 = 1970
    var month: Int64 = 1
    var day: Int64 = 1
    var hour: Int64 = 0
    var hourField: DatePattern.NumericField = .hour24
    var minute: Int64 = 0
    var second: Int64 = 0
    var millisecond: Int64 = 0
    var isPM: Bool? = nil
    /// Seconds east of UTC, when the text carried an offset.
    var offsetSeconds: Int64? = nil

    /// The wall time as milliseconds since 1970 counted as if it were UTC, or
    /// nil when a field is out of range (month 13, February 30, hour 24...).
    func localMilliseconds() -> Int64? {
        guard (1...12).contains(month),
              day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
              (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        var h = hour
        switch hourField {
        case .hour24, .year, .month, .day, .minute, .second:
            guard (0...23).contains(h) else { return nil }
        case .hour1to24:
            guard (1...24).contains(h) else { return nil }
            if h == 24 { h = 0 }
        case .hour1to12, .hour0to11:
            guard hourField == .hour1to12 ? (1...12).contains(h) : (0...11).contains(h) else { return nil }
            if h == 12 { h = 0 }
            if isPM == true { h += 12 }
        }
        let days = CivilDate.days(year: year, month: month, day: day)
        return ((days * 24 + h) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }
}
