extension DatePattern {
    /// Reads `text` against the pattern; the whole text must be consumed.
    func match(_ text: UnsafeBufferPointer<UInt8>) -> DateFields? {
        var fields = DateFields()
        var i = 0
        let n = text.count
        for token in tokens {
            switch token {
            case .literal(let bytes):
                guard n - i >= bytes.count else { return nil }
                for (j, b) in bytes.enumerated() where text[i + j] != b { return nil }
                i += bytes.count
            case .number(let field, let minDigits, let maxDigits, let pivot):
                let start = i
                var value: Int64 = 0
                while i < n, i - start < maxDigits, i - start < 18, text[i].isASCIIDigit {
                    value = value * 10 + Int64(text[i] &- 48)
                    i += 1
                }
                let digits = i - start
                guard digits >= minDigits else { return nil }
                switch field {
                case .year: fields.year = pivot && digits == 2 ? (value < 50 ? 2000 + value : 1900 + value) : value
                case .month: fields.month = value
                case .day: fields.day = value
                case .hour24, .hour1to24, .hour1to12, .hour0to11: fields.hour = value; fields.hourField = field
                case .minute: fields.minute = value
                case .second: fields.second = value
                }
            case .fraction(let minDigits, let maxDigits):
                let start = i
                var ms: Int64 = 0
                while i < n, i - start < maxDigits, text[i].isASCIIDigit {
                    // Digits past the third are truncated: toward the past.
                    if i - start < 3 { ms = ms * 10 + Int64(text[i] &- 48) }
                    i += 1
                }
                let digits = i - start
                guard digits >= minDigits else { return nil }
                for _ in digits..<max(digits, 3) { ms *= 10 }
                fields.millisecond = ms
            case .monthName:
                guard let (index, length) = Self.matchName(text, at: i, full: Self.monthNames, short: 3) else { return nil }
                fields.month = Int64(index + 1)
                i += length
            case .dayName:
                guard let (_, length) = Self.matchName(text, at: i, full: Self.dayNames, short: 3) else { return nil }
                i += length
            case .amPm:
                guard let (index, length) = Self.matchName(text, at: i, full: Self.amPmNames, short: 2) else { return nil }
                fields.isPM = index == 1
                i += length
            case .offset(let allowsZ):
                guard let (seconds, end) = Self.matchOffset(text, at: i, allowsZ: allowsZ, allowsNames: false) else { return nil }
                fields.offsetSeconds = seconds
                i = end
            case .zoneName:
                guard let (seconds, end) = Self.matchOffset(text, at: i, allowsZ: true, allowsNames: true) else { return nil }
                fields.offsetSeconds = seconds
                i = end
            }
        }
        return i == n ? fields : nil
    }

    static let monthNames: [[UInt8]] = [
        "january", "february", "march", "april", "may", "june", "july",
        "august", "september", "october", "november", "december",
    ].map { Array($0.utf8) }
    static let dayNames: [[UInt8]] = [
        "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    ].map { Array($0.utf8) }
    static let amPmNames: [[UInt8]] = ["am", "pm"].map { Array($0.utf8) }

    /// Case-insensitive match of a full name, else of its first `short` letters.
    static func matchName(_ text: UnsafeBufferPointer<UInt8>, at i: Int, full: [[UInt8]], short: Int) -> (Int, Int)? {
        func matches(_ name: ArraySlice<UInt8>) -> Bool {
            guard text.count - i >= name.count else { return false }
            for (j, b) in name.enumerated() where text[i + j] | 0x20 != b { return false }
            return true
        }
        for (index, name) in full.enumerated() where matches(name[...]) { return (index, name.count) }
        for (index, name) in full.enumerated() where matches(name.prefix(short)) { return (index, short) }
        return nil
    }

    /// RFC 822 zone abbreviations `z` reads, in hours east of UTC.
    static let zoneAbbreviations: [([UInt8], Int64)] = [
        ("utc", 0), ("gmt", 0), ("ut", 0), ("est", -5), ("edt", -4), ("cst", -6), ("cdt", -5),
        ("mst", -7), ("mdt", -6), ("pst", -8), ("pdt", -7),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Reads `Z`, `±hh`, `±hhmm`, `±hh:mm`, `±hhmmss` or `±hh:mm:ss`, optionally after `GMT`/`UTC`
    /// (`GMT` alone is zero; after it also `±h`, `±h:mm`, `±h:mm:ss`, as in
    /// `GMT+5:30`); `allowsNames` adds the RFC 822 abbreviations.
    static func matchOffset(
        _ text: UnsafeBufferPointer<UInt8>, at start: Int, allowsZ: Bool, allowsNames: Bool
    ) -> (Int64, Int)? {
        var i = start
        let n = text.count
        if allowsZ, i < n, text[i] == UInt8(ascii: "Z") || text[i] == UInt8(ascii: "z") {
            return (0, i + 1)
        }
        var base: Int64 = 0
        var hasName = false
        for (name, hours) in zoneAbbreviations where allowsNames || hours == 0 && name.count == 3 {
            guard n - i >= name.count else { continue }
            if name.indices.allSatisfy({ text[i + $0] | 0x20 == name[$0] }) {
                i += name.count; base = hours * 3600; hasName = true; break
            }
        }
        guard i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") else {
            return hasName ? (base, i) : nil
        }
        guard !hasName || base == 0 else { return (base, i) }
        let negative = text[i] == UInt8(ascii: "-")
        i += 1
        func twoDigits(_ at: Int) -> Int64? {
            guard at + 1 < n, text[at].isASCIIDigit, text[at + 1].isASCIIDigit else { return nil }
            return Int64(text[at] &- 48) * 10 + Int64(text[at + 1] &- 48)
        }
        // After GMT/UTC the hour may have one digit: UTS #35's short localized
        // GMT format (GMT+2, GMT-3:30), which z and O write; its minutes then
        // need their colon.
        var hours: Int64
        var basic = true
        if let h = twoDigits(i) {
            hours = h; i += 2
        } else if hasName, i < n, text[i].isASCIIDigit {
            hours = Int64(text[i] &- 48); i += 1; basic = false
        } else {
            return nil
        }
        guard hours <= 23 else { return nil }
        // Minutes, then seconds (UTS #35's XXXX/XXXXX, for local mean time
        // such as +00:09:21), each in the form the minutes used.
        var minutes: Int64 = 0
        var seconds: Int64 = 0
        if i < n, text[i] == UInt8(ascii: ":") {
            guard let m = twoDigits(i + 1) else { return nil }
            minutes = m; i += 3
            if i < n, text[i] == UInt8(ascii: ":") {
                guard let s = twoDigits(i + 1) else { return nil }
                seconds = s; i += 3
            }
        } else if basic, let m = twoDigits(i) {
            minutes = m; i += 2
            if let s = twoDigits(i) { seconds = s; i += 2 }
        }
        guard minutes <= 59, seconds <= 59 else { return nil }
        let offset = (hours * 3600 + minutes * 60 + seconds) * (negative ? -1 : 1)
        return (offset, i)
    }
}
