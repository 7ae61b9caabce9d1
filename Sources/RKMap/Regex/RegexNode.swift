/// The parsed form of a `MATCHES` pattern. Flags (`(?i)`, `(?s)`, `(?m)`) are
/// already resolved into the nodes, and capture groups are plain groups: a
/// whole-string match only asks whether a match exists.
indirect enum RegexNode: Sendable {
    case empty
    /// One scalar; `folded` means compare case-insensitively (the scalar is folded).
    case scalar(Unicode.Scalar, folded: Bool)
    /// `.`; `dotAll` also matches line terminators.
    case any(dotAll: Bool)
    case set(ScalarSet)
    case assertion(RegexAssertion)
    case concat([RegexNode])
    case alternate([RegexNode])
    /// `max == nil` is unbounded. Greedy and lazy repeats accept the same strings.
    case repeating(RegexNode, min: Int, max: Int?)
}

enum RegexAssertion: Sendable {
    /// `\A`, `^` without `(?m)`.
    case startOfText
    /// `\z`.
    case endOfText
    /// `\Z`, `$` without `(?m)`: the end, or before a final line terminator.
    case endOfTextOrFinalTerminator
    /// `^` with `(?m)`.
    case startOfLine
    /// `$` with `(?m)`.
    case endOfLine
    case wordBoundary
    case notWordBoundary
}

/// A bracket expression or a class escape (`\d`, `\p{L}`): ranges and named
/// classes, possibly negated; `caseInsensitive` also tries the scalar's
/// lower- and uppercase forms.
struct ScalarSet: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    var classes: [(ScalarClass, negated: Bool)] = []
    var nested: [ScalarSet] = []
    var negated = false
    var caseInsensitive = false

    func contains(_ c: Unicode.Scalar) -> Bool {
        var found = containsExactly(c)
        if !found, caseInsensitive {
            let lower = RegexCase.lower(c), upper = RegexCase.upper(c)
            found = (lower != c && containsExactly(lower)) || (upper != c && containsExactly(upper))
        }
        return found != negated
    }

    private func containsExactly(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        for r in ranges where r.contains(v) { return true }
        for (cls, negated) in classes where cls.contains(c) != negated { return true }
        for set in nested where set.contains(c) { return true }
        return false
    }
}

/// The named classes: `\d \w \s`, POSIX `[:alpha:]` names and `\p{…}` general categories.
enum ScalarClass: Sendable {
    case digit, word, space, alphabetic, uppercase, lowercase, hexDigit
    case categories([Unicode.GeneralCategory])
    case any

    func contains(_ c: Unicode.Scalar) -> Bool {
        switch self {
        case .digit:
            if c.isASCII { return c.value &- 48 < 10 }
            return c.properties.generalCategory == .decimalNumber
        case .word: return RegexCase.isWord(c)
        case .space:
            if c.isASCII { return c == " " || (c.value >= 9 && c.value <= 13) }
            return c.properties.isWhitespace
        case .alphabetic: return c.properties.isAlphabetic
        case .uppercase: return c.properties.isUppercase
        case .lowercase: return c.properties.isLowercase
        case .hexDigit: return c.properties.isASCIIHexDigit
        case .categories(let list): return list.contains(c.properties.generalCategory)
        case .any: return true
        }
    }
}

/// Case and word helpers shared by the parser and the matcher.
enum RegexCase {
    static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
        if c.isASCII {
            return c.value >= 65 && c.value <= 90 ? Unicode.Scalar(c.value + 32)! : c
        }
        let mapped = c.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first! : c
    }

    static func upper(_ c: Unicode.Scalar) -> Unicode.Scalar {
        if c.isASCII {
            return c.value >= 97 && c.value <= 122 ? Unicode.Scalar(c.value - 32)! : c
        }
        let mapped = c.properties.uppercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first! : c
    }

    /// Simple case folding as the matcher compares it: the lowercase of the
    /// uppercase, so `K` (Kelvin), `k` and `K` all fold to `k`.
    static func fold(_ c: Unicode.Scalar) -> Unicode.Scalar {
        if c.isASCII { return lower(c) }
        return lower(upper(c))
    }

    /// ICU's `\w`: letters, marks, decimal digits, connector punctuation, ZWJ/ZWNJ.
    static func isWord(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII {
            let v = c.value
            return (v >= 48 && v <= 57) || (v >= 65 && v <= 90) || (v >= 97 && v <= 122) || v == 95
        }
        if c.value == 0x200C || c.value == 0x200D { return true }
        if c.properties.isAlphabetic { return true }
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// ICU's line terminators: `\n \u000B \f \r \u0085 \u2028 \u2029`.
    static func isLineTerminator(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return (v >= 10 && v <= 13) || v == 0x85 || v == 0x2028 || v == 0x2029
    }
}
