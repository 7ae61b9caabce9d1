/// The declared type an inferred attribute gets from the values seen for it
/// (docs/spec.md §15): a `types` entry only when every non-null value agrees.
package enum InferValueType {
    /// Formats beyond RestKit's defaults that APIs commonly send; a string
    /// attribute read by one of them gets it added to the spec's `dateFormats`.
    package static let commonDateFormats = ["yyyy-MM-dd HH:mm:ss", rfc1123]
    /// RFC 1123's dates (HTTP's), written with `GMT` in a spec whose
    /// `timeZone` is `GMT` (§6): an inferred spec using it says so.
    package static let rfc1123 = "EEE, dd MMM yyyy HH:mm:ss zzz"
    /// Where each of `commonDateFormats` writes its year: after how many of
    /// which separator (`yearIsFourDigits`).
    private static let commonYears: [(separator: UInt8, count: Int)] = [(UInt8(ascii: "-"), 0), (UInt8(ascii: " "), 3)]

    /// What the values say.
    package enum Guess: Equatable {
        case untyped
        case type(ValueType)
        /// A date read by one of `commonDateFormats`.
        case dateWithFormat(String)
    }

    /// Years 0001–9999 in epoch milliseconds: the range an ISO 8601 date can say.
    static let earliestMilliseconds: Int64 = -62_135_596_800_000
    static let latestMilliseconds: Int64 = 253_402_300_799_999

    private static let defaultDates = try? DateParser(formats: [], timeZone: "UTC")
    private static let commonParsers: [(String, DateParser)] = commonDateFormats.compactMap { format in
        (try? DateParser(formats: [format], timeZone: "UTC")).map { (format, $0) }
    }

    /// - Parameter values: the non-null scalar values seen for one attribute.
    package static func guess(_ values: [JSONValue]) -> Guess {
        guard let first = values.first else { return .untyped }
        switch first {
        case .bool:
            return values.allSatisfy { if case .bool = $0 { return true } else { return false } } ? .type(.bool) : .untyped
        case .number:
            var allIntegers = true
            for value in values {
                guard case .number(let n) = value else { return .untyped }
                if !(n.isIntegerLiteral && n.int64Value != nil) { allIntegers = false }
            }
            if allIntegers { return .type(.int) }
            // A double only where every value reads back as the same number
            // (integers too: 9007199254740993 would round): typing must not
            // round. Every value is asked, whatever the order.
            return values.allSatisfy { if case .number(let n) = $0 { survivesDouble(n) } else { false } }
                ? .type(.double) : .untyped
        case .string:
            var strings: [String] = []
            for value in values {
                guard case .string(let s) = value else { return .untyped }
                strings.append(s)
            }
            return guessString(strings)
        case .null, .array, .object, .compact:
            return .untyped
        }
    }

    /// `roundTrips`, answered at once for an integer literal of at most
    /// 2^53 in magnitude (a double holds it exactly) without printing it.
    static func survivesDouble(_ n: JSONNumber) -> Bool {
        if n.isIntegerLiteral, let i = n.int64Value, i.magnitude <= 1 << 53 { return true }
        return roundTrips(n)
    }

    static func roundTrips(_ n: JSONNumber) -> Bool {
        let d = n.doubleValue
        guard d.isFinite else { return false }
        guard let a = normalized(n.text), let b = normalized("\(d)") else { return false }
        return a == b
    }

    /// A decimal literal as (negative, significant digits, exponent of the last
    /// digit): `1.50`, `1.5` and `15e-1` all give (false, "15", -1).
    static func normalized(_ text: String) -> (Bool, String, Int)? {
        var negative = false
        var digits = ""
        var exponent = 0
        var seenPoint = false
        var chars = Substring(text)
        if chars.first == "-" { negative = true; chars = chars.dropFirst() }
        while let c = chars.first, c != "e", c != "E" {
            chars = chars.dropFirst()
            if c == "." { seenPoint = true; continue }
            guard c.isASCII, c.isNumber else { return nil }
            digits.append(c)
            if seenPoint { exponent -= 1 }
        }
        if !chars.isEmpty { guard let e = Int(chars.dropFirst()) else { return nil }; exponent += e }
        while digits.hasPrefix("0") { digits.removeFirst() }
        while digits.hasSuffix("0") { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { return (false, "", 0) }
        return (negative, digits, exponent)
    }

    static func guessString(_ strings: [String]) -> Guess {
        if strings.allSatisfy(isHTTPURL) { return .type(.url) }
        // Numeric strings are seconds to RestKit, but to an API they are ids and zip codes.
        guard !strings.contains(where: isDigitsOnly) else { return .untyped }
        if defaultDates != nil, strings.allSatisfy(isDefaultDate) { return .type(.date) }
        for (i, (format, _)) in commonParsers.enumerated() where strings.allSatisfy({ isCommonFormatDate($0, i) }) {
            return .dateWithFormat(format)
        }
        return .untyped
    }

    // What `guessString` asks of each string, one question each (`InferSampleSet`
    // keeps one string per combination of answers).

    /// Only digits, `.` and `-`: a number in a string.
    static func isDigitsOnly(_ s: String) -> Bool {
        // Byte by byte while the text is ASCII: the only ASCII numbers are
        // 0-9, and an ASCII byte after digits, dots and dashes starts its own
        // character (only CR LF joins ASCII scalars), so the first other ASCII
        // byte answers no without grapheme breaking (a long text's cost).
        for b in s.utf8 {
            if b >= 0x80 { return !s.contains { !$0.isNumber && $0 != "." && $0 != "-" } }
            guard (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") else {
                return false
            }
        }
        return true
    }

    /// A real date in one of RestKit's default formats, with no more
    /// precision than a date keeps (milliseconds, docs/spec.md §6): typing
    /// `…00.123456Z` as a date would drop the microseconds quietly.
    static func isDefaultDate(_ s: String) -> Bool {
        guard let parser = defaultDates, keepsPrecision(s) else { return false }
        // RestKit's `MM/dd/yyyy` (ISO 8601's years have four digits; .NET's
        // `/Date(…)/` is milliseconds).
        if s.utf8.first?.isASCIIDigit == true, s.utf8.contains(UInt8(ascii: "/")),
           !yearIsFourDigits(s, after: UInt8(ascii: "/"), count: 2) { return false }
        return isRealDate(parser.parse(s))
    }

    /// Whether the year `s` writes after `count` of `separator` is four
    /// digits. `yyyy` reads `94` as the year 94, as ICU (RestKit's
    /// `NSDateFormatter`) does, which a two-digit year in an API's data
    /// never means: `Tue, 15 Nov 94 08:12:31 GMT` typed as a date was
    /// written as `0094-11-15T08:12:31Z`. Such a value stays a string.
    /// Text laid out otherwise (two spaces) answers no: a string too.
    static func yearIsFourDigits(_ s: String, after separator: UInt8, count: Int) -> Bool {
        var bytes = s.utf8[...]
        for _ in 0..<count {
            guard let i = bytes.firstIndex(of: separator) else { return false }
            bytes = bytes[bytes.index(after: i)...]
        }
        return bytes.prefix { $0.isASCIIDigit }.count == 4
    }

    /// Whether the fraction of a second (after `:ss.` or `:ss,`) has no
    /// non-zero digit past the third.
    static func keepsPrecision(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        var i = 0
        while i + 3 < bytes.count {
            // `:ss.` then digits.
            if bytes[i] == UInt8(ascii: ":"), bytes[i + 1].isASCIIDigit, bytes[i + 2].isASCIIDigit,
               bytes[i + 3] == UInt8(ascii: ".") || bytes[i + 3] == UInt8(ascii: ",") {
                var j = i + 4
                var digits = 0
                while j < bytes.count, bytes[j].isASCIIDigit {
                    digits += 1
                    if digits > 3, bytes[j] != UInt8(ascii: "0") { return false }
                    j += 1
                }
                i = j
                continue
            }
            i += 1
        }
        return true
    }

    /// A real date in `commonDateFormats[index]`.
    static func isCommonFormatDate(_ s: String, _ index: Int) -> Bool {
        let year = commonYears[index]
        // The parser reads RestKit's defaults too, after the format: a value
        // in one of them has its year checked there.
        return keepsPrecision(s) && isRealDate(commonParsers[index].1.parse(s))
            && (yearIsFourDigits(s, after: year.separator, count: year.count) || isDefaultDate(s))
    }

    /// How many common formats `isCommonFormatDate` reads (all of
    /// `commonDateFormats`: each compiles).
    static var commonFormatCount: Int { commonParsers.count }

    static func isRealDate(_ ms: Int64?) -> Bool {
        guard let ms else { return false }
        return ms >= earliestMilliseconds && ms <= latestMilliseconds
    }

    static func isHTTPURL(_ s: String) -> Bool {
        // Nine ASCII bytes first: their lowercase is byte by byte and no
        // combining mark joins the eighth, so the prefix test needs no
        // lowercasing of the whole string (a long text's cost).
        let head = s.utf8.prefix(9)
        if head.count == 9, head.allSatisfy({ $0 < 0x80 }) {
            let lower = head.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            guard lower.starts(with: "http://".utf8) || lower.starts(with: "https://".utf8) else { return false }
        }
        let lower = s.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), s.count > 8 else { return false }
        return URIReference.isValid(s)
    }
}
