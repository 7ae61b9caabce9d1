/// A Unicode (ICU) date pattern such as `M/d/yyyy` or `yyyy-MM-dd'T'HH:mm:ssZ`,
/// compiled once into tokens that scan bytes directly.
///
/// Parsing is lenient the way `NSDateFormatter` is for numbers: `M/d/yyyy` and
/// `MM/dd/yyyy` both read `7/4/2011` and `07/04/2011`. Fields that abut another
/// numeric field (`yyyyMMdd`) take exactly their pattern width instead. Names
/// are English and case-insensitive; `MMM` and `MMMM` each accept both the
/// abbreviation and the full name. Two-digit years (`yy`, or `y` given two
/// digits) use a fixed pivot, as RFC 5280 does: `00`–`49` → 2000–2049,
/// `50`–`99` → 1950–1999; a fixed rule keeps output independent of the clock.
///
/// Supported letters: `y u` year, `M L` month, `d` day, `E` (`c e` from three
/// letters) weekday name (read, then ignored), `H k h K` hour, `a` AM/PM,
/// `m` minute, `s` second, `S` fraction of a second (any number of digits),
/// `Z X x O` UTC offsets (`+05:30`, `+0530`, `+00:09:21`, `GMT+5:30`), `z` zone
/// abbreviations (`GMT`, `UTC`, `EST`, `PDT`...) and offsets (`GMT+5:30`).
struct DatePattern: Sendable {
    enum NumericField: Sendable, Equatable {
        case year, month, day, hour24, hour1to24, hour1to12, hour0to11, minute, second
    }

    enum Token: Sendable, Equatable {
        case literal([UInt8])
        case number(NumericField, minDigits: Int, maxDigits: Int, twoDigitPivot: Bool)
        case fraction(minDigits: Int, maxDigits: Int)
        case monthName
        case dayName
        case amPm
        /// `Z`, `X`, `x`, `O`: `±hh`, `±hhmm`, `±hh:mm`, `±hhmmss`, `±hh:mm:ss`, optionally after `GMT`/`UTC`;
        /// `Z` (the letter) when `allowsZ`.
        case offset(allowsZ: Bool)
        case zoneName
    }

    let source: String
    let tokens: [Token]

    init(_ pattern: String) throws(DateFormatError) {
        source = pattern
        var tokens: [Token] = []
        var counts: [Int] = []  // pattern letter counts, parallel to `tokens`
        var literal: [UInt8] = []
        let scalars = Array(pattern.unicodeScalars)
        var i = 0
        func flushLiteral() {
            if !literal.isEmpty { tokens.append(.literal(literal)); counts.append(0); literal = [] }
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "'" {
                if i + 1 < scalars.count, scalars[i + 1] == "'" {  // '' is a quote
                    literal.append(UInt8(ascii: "'")); i += 2; continue
                }
                i += 1
                var closed = false
                while i < scalars.count {
                    if scalars[i] == "'" {
                        if i + 1 < scalars.count, scalars[i + 1] == "'" {
                            literal.append(UInt8(ascii: "'")); i += 2; continue
                        }
                        closed = true; i += 1; break
                    }
                    literal.append(contentsOf: Array(String(scalars[i]).utf8)); i += 1
                }
                guard closed else {
                    throw DateFormatError(message: "unterminated quote in date pattern '\(pattern)'; close the literal with ' or write '' for a quote")
                }
                continue
            }
            guard c.isASCII, c.properties.isAlphabetic else {
                literal.append(contentsOf: Array(String(c).utf8)); i += 1; continue
            }
            var count = 1
            while i + count < scalars.count, scalars[i + count] == c { count += 1 }
            flushLiteral()
            tokens.append(try Self.token(letter: Character(c), count: count, pattern: pattern))
            counts.append(count)
            i += count
        }
        flushLiteral()
        guard !tokens.isEmpty else { throw DateFormatError(message: "empty date pattern") }
        self.tokens = Self.fixAbuttingWidths(tokens, counts: counts)
    }

    private static func token(letter: Character, count: Int, pattern: String) throws(DateFormatError) -> Token {
        // Zone letters mean something only at these widths (ICU, Unicode
        // TR35): `ZZZZZZZ` is no offset form, and one read as if it were
        // would accept what the pattern's author did not mean.
        let zoneWidths: [Character: [Int]] = ["Z": [1, 2, 3, 4, 5], "X": [1, 2, 3, 4, 5], "x": [1, 2, 3, 4, 5], "O": [1, 4], "z": [1, 2, 3, 4]]
        if let widths = zoneWidths[letter], !widths.contains(count) {
            let spelled = widths.map { String(repeating: letter, count: $0) }.joined(separator: ", ")
            throw DateFormatError(message: "'\(String(repeating: letter, count: count))' in date pattern '\(pattern)' is no zone form; use one of \(spelled)")
        }
        let width = max(count, 2)
        switch letter {
        case "y", "u":
            return .number(.year, minDigits: 1, maxDigits: max(count, 4), twoDigitPivot: count <= 2)
        case "M", "L":
            return count >= 3 ? .monthName : .number(.month, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "d": return .number(.day, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "E": return .dayName
        case "c" where count >= 3, "e" where count >= 3: return .dayName
        case "H": return .number(.hour24, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "k": return .number(.hour1to24, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "h": return .number(.hour1to12, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "K": return .number(.hour0to11, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "m": return .number(.minute, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "s": return .number(.second, minDigits: 1, maxDigits: width, twoDigitPivot: false)
        case "S": return .fraction(minDigits: 1, maxDigits: Int.max)
        case "a": return .amPm
        case "Z", "X", "O": return .offset(allowsZ: true)
        case "x": return .offset(allowsZ: false)
        case "z": return .zoneName
        default:
            var hint = ""
            if letter == "Y" { hint = " (week-based year; did you mean 'y'?)" }
            if letter == "D" { hint = " (day of year; did you mean 'd'?)" }
            throw DateFormatError(message: "unsupported date pattern letter '\(letter)' in '\(pattern)'\(hint)")
        }
    }

    /// Numeric fields followed directly by another numeric field read exactly
    /// their pattern width; otherwise `yyyyMMdd` could not be split.
    private static func fixAbuttingWidths(_ tokens: [Token], counts: [Int]) -> [Token] {
        var result = tokens
        for i in tokens.indices.dropLast() {
            guard tokens[i + 1].isNumeric else { continue }
            let w = counts[i]
            switch tokens[i] {
            case .number(let field, _, _, let pivot):
                result[i] = .number(field, minDigits: w, maxDigits: w, twoDigitPivot: pivot)
            case .fraction:
                result[i] = .fraction(minDigits: w, maxDigits: w)
            default: break
            }
        }
        return result
    }
}

extension DatePattern.Token {
    var isNumeric: Bool {
        switch self {
        case .number, .fraction: return true
        default: return false
        }
    }
}
