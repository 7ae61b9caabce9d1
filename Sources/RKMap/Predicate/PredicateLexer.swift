/// One token of predicate text, with the 1-based column (Unicode scalars) where
/// it starts.
struct PredicateToken: Sendable {
    enum Kind: Sendable, Equatable {
        /// An identifier or dotted key path, as written (`friends.type`, `@count`,
        /// `#size`, `AND`); keywords are recognised by the parser.
        case word(String)
        case string(String)
        case number(JSONNumber)
        /// A symbol: `( ) { } ,` and the operators `== = != <> < <= =< > >= => && || !`.
        case symbol(String)
        /// `[c]`, `[cd]`…: the letters between the brackets.
        case modifier(String)
        case end
    }

    var kind: Kind
    var column: Int
    /// The text as written, for messages.
    var text: String
}

/// Splits predicate text into tokens. Strings are unescaped here; numbers are
/// normalised into valid JSON number text.
struct PredicateLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// All tokens, ending with `.end`.
    mutating func tokenize() throws(PredicateSyntaxError) -> [PredicateToken] {
        var tokens: [PredicateToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = index + offset
        return i < scalars.count ? scalars[i] : nil
    }

    private func text(from start: Int) -> String {
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars[start..<index])
        return s
    }

    private mutating func next() throws(PredicateSyntaxError) -> PredicateToken {
        while let c = peek(), c.properties.isWhitespace { index += 1 }
        let start = index
        let column = start + 1
        guard let c = peek() else { return PredicateToken(kind: .end, column: column, text: "") }

        if c == "'" || c == "\"" { return try string(quote: c) }
        if Self.isDigit(c) || ((c == "-" || c == ".") && peek(1).map(Self.isDigit) == true)
            || (c == "-" && peek(1) == "." && peek(2).map(Self.isDigit) == true) {
            return try number()
        }
        if Self.isWordStart(c) || isIndexStart() || (c == "\\" && isEscape()) { return try word() }
        if c == "$" {
            index += 1
            while let n = peek(), Self.isWordPart(n) { index += 1 }
            throw PredicateSyntaxError(
                message: "variables like '\(text(from: start))' are not supported; write the value itself", column: column)
        }
        if c == "[" {
            index += 1
            while let n = peek(), n != "]", n != "'", n != "\"" { index += 1 }
            guard peek() == "]" else {
                throw PredicateSyntaxError(message: "unterminated modifier '['; expected ']'", column: column)
            }
            index += 1
            let inner = String(text(from: start).dropFirst().dropLast())
            return PredicateToken(kind: .modifier(inner), column: column, text: text(from: start))
        }
        // Two-character symbols first.
        if let n = peek(1) {
            let pair = String(c) + String(n)
            if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(pair) {
                index += 2
                return PredicateToken(kind: .symbol(pair), column: column, text: pair)
            }
        }
        if "(){},=<>!".unicodeScalars.contains(c) {
            index += 1
            return PredicateToken(kind: .symbol(String(c)), column: column, text: String(c))
        }
        var message = "unexpected character '\(c)'"
        switch c {
        case ":", "?": message += "; a key with it is written with a backslash before it, as in 'hydra\\:totalItems'"
        case "&": message += "; did you mean '&&'?"
        case "|": message += "; did you mean '||'?"
        case "+", "-", "*", "/":
            message += "; arithmetic is not supported (in a key, write it with a backslash before it, as in 'dist\\-tags' or 'app\\/name')"
        case "%": message += "; format arguments like %@ are not supported, write the value itself"
        default: break
        }
        throw PredicateSyntaxError(message: message, column: column)
    }

    private mutating func string(quote: Unicode.Scalar) throws(PredicateSyntaxError) -> PredicateToken {
        let start = index
        index += 1
        var value = ""
        while true {
            guard let c = peek() else {
                throw PredicateSyntaxError(message: "unterminated string starting", column: start + 1)
            }
            index += 1
            if c == quote { break }
            guard c == "\\" else { value.unicodeScalars.append(c); continue }
            guard let e = peek() else {
                throw PredicateSyntaxError(message: "unterminated string starting", column: start + 1)
            }
            index += 1
            switch e {
            case "n": value += "\n"
            case "t": value += "\t"
            case "r": value += "\r"
            case "0": value += "\0"
            case "'", "\"", "\\": value.unicodeScalars.append(e)
            case "u":
                let escapeColumn = index - 1  // the backslash, 1-based
                var code: UInt32 = 0
                for _ in 0..<4 {
                    guard let h = peek(), let d = Self.hexValue(h) else {
                        throw PredicateSyntaxError(
                            message: "invalid escape '\\u'; expected 4 hex digits as in '\\u00e9'", column: escapeColumn)
                    }
                    code = code * 16 + d
                    index += 1
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw PredicateSyntaxError(message: "invalid escape '\\u' (not a Unicode scalar)", column: escapeColumn)
                }
                value.unicodeScalars.append(scalar)
            default:
                // Other escapes keep their backslash, so regular expressions such as
                // '\d+' and LIKE's '\*' read the way they are written.
                value.unicodeScalars.append("\\")
                value.unicodeScalars.append(e)
            }
        }
        return PredicateToken(kind: .string(value), column: start + 1, text: text(from: start))
    }

    private mutating func number() throws(PredicateSyntaxError) -> PredicateToken {
        let start = index
        var negative = false
        if peek() == "-" { negative = true; index += 1 }
        var json: String
        if peek() == "0", let x = peek(1), x == "x" || x == "X" {
            index += 2
            var value: Int64 = 0
            var digits = 0
            while let h = peek(), let d = Self.hexValue(h) {
                let (m, o1) = value.multipliedReportingOverflow(by: 16)
                let (s, o2) = m.addingReportingOverflow(Int64(d))
                guard !o1, !o2 else {
                    throw PredicateSyntaxError(message: "number '\(text(from: start))' is too large", column: start + 1)
                }
                value = s
                digits += 1
                index += 1
            }
            guard digits > 0 else {
                throw PredicateSyntaxError(message: "invalid number '\(text(from: start))'", column: start + 1)
            }
            json = String(negative ? -value : value)
        } else {
            var integer = ""
            while let d = peek(), Self.isDigit(d) { integer.unicodeScalars.append(d); index += 1 }
            var fraction = ""
            if peek() == ".", peek(1).map(Self.isDigit) == true {
                index += 1
                while let d = peek(), Self.isDigit(d) { fraction.unicodeScalars.append(d); index += 1 }
            }
            var exponent = ""
            if let e = peek(), e == "e" || e == "E" {
                index += 1
                if let s = peek(), s == "+" || s == "-" { exponent.unicodeScalars.append(s); index += 1 }
                var digits = 0
                while let d = peek(), Self.isDigit(d) { exponent.unicodeScalars.append(d); index += 1; digits += 1 }
                guard digits > 0 else {
                    throw PredicateSyntaxError(message: "invalid number '\(text(from: start))'", column: start + 1)
                }
            }
            // Normalise to JSON number text: no leading zeros, a digit before '.'.
            let trimmed = integer.drop(while: { $0 == "0" })
            json = (negative ? "-" : "") + (trimmed.isEmpty ? "0" : String(trimmed))
            if !fraction.isEmpty { json += "." + fraction }
            if !exponent.isEmpty { json += "e" + exponent }
        }
        if let c = peek(), Self.isWordPart(c) || c == "." {
            while let c = peek(), Self.isWordPart(c) || c == "." { index += 1 }
            let written = text(from: start)
            var message = "invalid number '\(written)'"
            if written.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0 == "_" }) {
                message += " (a key that starts with a digit is written with a backslash: '\\\(written)')"
            }
            throw PredicateSyntaxError(message: message, column: start + 1)
        }
        return PredicateToken(kind: .number(JSONNumber(json)), column: start + 1, text: text(from: start))
    }

    /// A word: dot-separated segments, each optionally starting with `@` or `#`.
    /// Empty segments (`a..b`, `a.`) are kept so the key path parser can name them.
    private mutating func word() throws(PredicateSyntaxError) -> PredicateToken {
        let start = index
        // `]`s that close an escaped `[` (`a\[0]`, a key named `a[0]`).
        var escapedBrackets = 0
        while true {
            if let c = peek(), c == "@" || c == "#" { index += 1 }
            while let c = peek() {
                if Self.isWordPart(c) {
                    index += 1
                } else if c == "\\", isEscape() {
                    // A key path escape (docs/spec.md §4): `\@type`, `odd\.key`,
                    // `hydra\:totalItems`, `\1st`; the key path reads it.
                    if peek(1) == "[" { escapedBrackets += 1 }
                    index += 2
                } else if c == "]", escapedBrackets > 0 {
                    escapedBrackets -= 1
                    index += 1
                } else if c == "-", let n = peek(1), Self.isWordPart(n), index > start {
                    // Keys such as 'content-type': there is no arithmetic to confuse it with.
                    index += 1
                } else {
                    break
                }
            }
            // Indexes (`coordinates[0]`, `m[1][-1]`, docs/spec.md §4) belong to the
            // key path; a `[` after an operator is its modifier (`CONTAINS[c]`).
            // A malformed one (`a[x]`, `a[0 ]`, `a[1`, `a[0]b`) is left in the
            // word for the key path to name, at its `[`, as `lint` does.
            while peek() == "[", isIndexStart() || !Self.takesModifier(text(from: start)) {
                index += 1
                while let c = peek(), c != "]", c != "'", c != "\"", !c.properties.isWhitespace { index += 1 }
                var ahead = index
                while ahead < scalars.count, scalars[ahead] == " " { ahead += 1 }
                guard ahead < scalars.count, scalars[ahead] == "]" else { break }
                index = ahead + 1
                // A word right after it is the key path's (`a[0]b`, which the
                // key path names), unless it is a reserved word: `tags[0]contains 'x'`.
                var end = index
                while end < scalars.count, Self.isWordPart(scalars[end]) { end += 1 }
                var next = String.UnicodeScalarView()
                next.append(contentsOf: scalars[index..<end])
                if !PredicateParser.reserved.contains(String(next).uppercased()) { index = end }
            }
            guard peek() == "." else { break }
            index += 1
        }
        let word = text(from: start)
        if word == "#" || word == "@" {
            let what = word == "#" ? "a name after '#' (as in '#in' for a key named 'in')" : "an operator name after '@'"
            throw PredicateSyntaxError(message: "expected \(what)", column: start + 2)
        }
        return PredicateToken(kind: .word(word), column: start + 1, text: word)
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    /// Operators a `[c]`, `[d]` or `[cd]` modifier may follow directly
    /// (`BETWEEN[c]` too: it compares strings).
    static func takesModifier(_ word: String) -> Bool {
        PredicateParser.operatorWords[word.uppercased()] != nil
    }

    /// A `[` that starts an index: followed by a digit or a minus sign.
    /// A backslash followed by a space or a character that is not white
    /// space: an escape in a key (`Due\\ Date`, Airtable's field names).
    private func isEscape() -> Bool {
        guard peek() == "\\", let n = peek(1) else { return false }
        return n == " " || !n.properties.isWhitespace
    }

    private func isIndexStart() -> Bool {
        guard peek() == "[", let n = peek(1) else { return false }
        return Self.isDigit(n) || n == "-"
    }

    static func isWordStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "@" || c == "#" || c.properties.isAlphabetic
    }

    static func isWordPart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || isDigit(c) || c.properties.isAlphabetic || c.properties.numericType != nil
    }

    static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": return c.value - 48
        case "a"..."f": return c.value - 87
        case "A"..."F": return c.value - 55
        default: return nil
        }
    }
}
