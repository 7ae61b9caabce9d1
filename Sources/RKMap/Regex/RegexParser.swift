/// Parses the ICU pattern syntax that `MATCHES` accepts (docs/spec.md §9):
/// literals and escapes, `.`, bracket expressions with ranges, negation, class
/// escapes and nested sets, `\d \w \s \D \W \S \p{…} \P{…}`, anchors `^ $ \A \z
/// \Z \b \B`, groups (capturing, named, non-capturing), alternation, the
/// quantifiers `* + ? {m} {m,} {m,n}` greedy or lazy, inline flags `(?i) (?m)
/// (?s) (?x)` and `(?i:…)`, `\Q…\E`, comments `(?#…)`.
///
/// Backreferences, lookaround, atomic groups and possessive quantifiers need
/// backtracking: they are errors, so a pattern either runs in linear time or
/// is rejected when the spec loads.
struct RegexParser {
    struct Flags {
        var caseInsensitive = false
        var multiline = false
        var dotAll = false
        var extended = false
    }

    /// Upper bound on the compiled program (counted repeats are expanded).
    static let maxProgramSize = 100_000
    static let maxDepth = 200

    let scalars: [Unicode.Scalar]
    var index = 0
    var flags: Flags
    var depth = 0

    init(_ pattern: String, caseInsensitive: Bool) {
        scalars = Array(pattern.unicodeScalars)
        flags = Flags(caseInsensitive: caseInsensitive)
    }

    mutating func parse() throws(RegexSyntaxError) -> RegexNode {
        let node = try parseAlternation()
        if index < scalars.count {
            // Only an unmatched ')' stops the top level early.
            throw RegexSyntaxError("unbalanced ')'", at: index)
        }
        if Self.size(node) > Self.maxProgramSize {
            throw RegexSyntaxError("pattern too large (more than \(Self.maxProgramSize) steps once repeats are expanded)", at: 0)
        }
        return node
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func parseAlternation() throws(RegexSyntaxError) -> RegexNode {
        var branches: [RegexNode] = [try parseConcatenation()]
        while peek == "|" {
            index += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternate(branches)
    }

    private mutating func parseConcatenation() throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while true {
            skipExtendedWhitespace()
            guard let c = peek, c != "|", c != ")" else { break }
            let start = index
            guard let atom = try parseAtom() else { continue }
            items.append(try parseQuantifiers(atom, atomStart: start))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concat(items)
        }
    }

    /// In `(?x)` mode, whitespace and `#…` comments between items are ignored.
    private mutating func skipExtendedWhitespace() {
        guard flags.extended else { return }
        while let c = peek {
            if c.properties.isWhitespace {
                index += 1
            } else if c == "#" {
                while let d = peek, !RegexCase.isLineTerminator(d) { index += 1 }
            } else {
                break
            }
        }
    }

    private mutating func parseQuantifiers(_ atom: RegexNode, atomStart: Int) throws(RegexSyntaxError) -> RegexNode {
        skipExtendedWhitespace()
        guard let c = peek else { return atom }
        let quantifierStart = index
        var bounds: (Int, Int?)
        switch c {
        case "*": bounds = (0, nil); index += 1
        case "+": bounds = (1, nil); index += 1
        case "?": bounds = (0, 1); index += 1
        case "{":
            guard let interval = try parseInterval() else {
                throw RegexSyntaxError("invalid interval after '{'; write '\\{' for a literal brace", at: quantifierStart)
            }
            bounds = interval
        default:
            return atom
        }
        if peek == "?" {
            index += 1  // lazy: accepts the same strings
        } else if peek == "+" {
            throw .backtracking("a possessive quantifier", at: index)
        }
        if let next = peek, next == "*" || next == "+" || next == "?" || (next == "{" && looksLikeInterval) {
            throw RegexSyntaxError("a quantifier cannot follow another quantifier; group the first, as in '(?:a*)*'", at: index)
        }
        let node = RegexNode.repeating(atom, min: bounds.0, max: bounds.1)
        if Self.size(node) > Self.maxProgramSize {
            throw RegexSyntaxError(
                "repeat count too large (more than \(Self.maxProgramSize) steps once expanded)", at: quantifierStart)
        }
        return node
    }

    private var looksLikeInterval: Bool {
        var probe = self
        return (try? probe.parseInterval()) != nil
    }

    /// `{m}`, `{m,}`, `{m,n}` at `index`; nil (consuming nothing) when it is not one.
    private mutating func parseInterval() throws(RegexSyntaxError) -> (Int, Int?)? {
        let start = index
        index += 1
        guard let low = readNumber() else { index = start; return nil }
        var high: Int? = low
        if peek == "," {
            index += 1
            high = readNumber()
            if high == nil, peek != "}" { index = start; return nil }
        }
        guard peek == "}" else { index = start; return nil }
        index += 1
        if let high, high < low {
            throw RegexSyntaxError("interval {\(low),\(high)} has its maximum below its minimum", at: start)
        }
        return (low, high)
    }

    private mutating func readNumber() -> Int? {
        var value = 0
        var any = false
        while let c = peek, c.value &- 48 < 10 {
            value = min(value * 10 + Int(c.value - 48), 10_000_000)
            any = true
            index += 1
        }
        return any ? value : nil
    }

    /// One atom; nil for something that matches nothing and takes no quantifier
    /// (a comment group, a bare flag group, an empty `\Q\E`).
    private mutating func parseAtom() throws(RegexSyntaxError) -> RegexNode? {
        let start = index
        let c = scalars[index]
        switch c {
        case "(":
            return try parseGroup()
        case "[":
            index += 1
            return .set(try parseSet(openedAt: start))
        case ".":
            index += 1
            return .any(dotAll: flags.dotAll)
        case "^":
            index += 1
            return .assertion(flags.multiline ? .startOfLine : .startOfText)
        case "$":
            index += 1
            return .assertion(flags.multiline ? .endOfLine : .endOfTextOrFinalTerminator)
        case "\\":
            return try parseEscape()
        case "*", "+", "?":
            throw RegexSyntaxError("'\(c)' has nothing to repeat; write '\\\(c)' for a literal", at: start)
        case "{":
            if looksLikeInterval {
                throw RegexSyntaxError("'{' has nothing to repeat; write '\\{' for a literal", at: start)
            }
            index += 1
            return literal(c)
        default:
            index += 1
            return literal(c)
        }
    }

    private func literal(_ c: Unicode.Scalar) -> RegexNode {
        flags.caseInsensitive ? .scalar(RegexCase.fold(c), folded: true) : .scalar(c, folded: false)
    }

    private mutating func parseGroup() throws(RegexSyntaxError) -> RegexNode? {
        let open = index
        index += 1
        let saved = flags
        if peek == "?" {
            index += 1
            guard let kind = peek else { throw RegexSyntaxError("unbalanced '('", at: open) }
            switch kind {
            case ":":
                index += 1
            case "=", "!":
                throw .backtracking("lookahead '(?\(kind)'", at: open)
            case ">":
                throw .backtracking("an atomic group '(?>'", at: open)
            case "#":
                while let d = peek, d != ")" { index += 1 }
                guard peek == ")" else { throw RegexSyntaxError("unterminated comment '(?#'", at: open) }
                index += 1
                return nil
            case "<":
                if let next = peek(1), next == "=" || next == "!" {
                    throw .backtracking("lookbehind '(?<\(next)'", at: open)
                }
                index += 1
                try skipGroupName(open: open)
            case "P" where peek(1) == "<":
                index += 2
                try skipGroupName(open: open)
            default:
                // Flags: (?imsx-imsx) for the rest of the group, or (?imsx-imsx:…).
                var on = true
                var any = false
                while let f = peek, f != ")", f != ":" {
                    switch f {
                    case "i": flags.caseInsensitive = on
                    case "m": flags.multiline = on
                    case "s": flags.dotAll = on
                    case "x": flags.extended = on
                    case "w": break  // Unicode word boundaries: \b here is already \w-based
                    case "-" where on: on = false
                    default:
                        throw RegexSyntaxError(
                            "unknown group '(?\(f)'; rkmap supports (?:…), (?<name>…), (?#…) and the flags i, m, s, x", at: open)
                    }
                    any = true
                    index += 1
                }
                guard let end = peek else { throw RegexSyntaxError("unbalanced '('", at: open) }
                if !any { throw RegexSyntaxError("empty flag group '(?\(end)'", at: open) }
                index += 1
                if end == ")" { return nil }  // Flags stay on for the rest of the enclosing group.
            }
        }
        depth += 1
        if depth > Self.maxDepth { throw RegexSyntaxError("groups nested more than \(Self.maxDepth) deep", at: open) }
        let inner = try parseAlternation()
        depth -= 1
        guard peek == ")" else { throw RegexSyntaxError("unbalanced '('", at: open) }
        index += 1
        flags = saved
        return inner
    }

    private mutating func skipGroupName(open: Int) throws(RegexSyntaxError) {
        let nameStart = index
        while let c = peek, c.properties.isAlphabetic || c.value &- 48 < 10 || c == "_" { index += 1 }
        guard index > nameStart, peek == ">" else {
            throw RegexSyntaxError("invalid group name; write '(?<name>…)' with letters and digits", at: open)
        }
        index += 1
    }

    // MARK: Escapes

    private mutating func parseEscape() throws(RegexSyntaxError) -> RegexNode? {
        let start = index
        index += 1
        guard let e = peek else { throw RegexSyntaxError("pattern ends with a lone '\\'", at: start) }
        index += 1
        switch e {
        case "A": return .assertion(.startOfText)
        case "G": return .assertion(.startOfText)  // the match starts at the beginning
        case "z": return .assertion(.endOfText)
        case "Z": return .assertion(.endOfTextOrFinalTerminator)
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "Q":
            var items: [RegexNode] = []
            while index < scalars.count {
                if scalars[index] == "\\", peek(1) == "E" { index += 2; return items.isEmpty ? nil : .concat(items) }
                items.append(literal(scalars[index]))
                index += 1
            }
            return items.isEmpty ? nil : .concat(items)
        case "E":
            throw RegexSyntaxError("'\\E' without a '\\Q' before it", at: start)
        case "1"..."9":
            throw .backtracking("a backreference '\\\(e)'", at: start)
        case "k":
            throw .backtracking("a named backreference '\\k'", at: start)
        default:
            index = start
            let item = try parseEscapeItem(inSet: false)
            switch item {
            case .scalar(let c): return literal(c)
            case .set(var set):
                set.caseInsensitive = flags.caseInsensitive
                return .set(set)
            }
        }
    }

    enum EscapeItem {
        case scalar(Unicode.Scalar)
        case set(ScalarSet)
    }

    /// An escape that stands for one scalar or a class, at `index` (on the `\`).
    private mutating func parseEscapeItem(inSet: Bool) throws(RegexSyntaxError) -> EscapeItem {
        let start = index
        index += 1
        guard let e = peek else { throw RegexSyntaxError("pattern ends with a lone '\\'", at: start) }
        index += 1
        func cls(_ c: ScalarClass, _ negated: Bool) -> EscapeItem {
            .set(ScalarSet(classes: [(c, negated: negated)]))
        }
        switch e {
        case "d": return cls(.digit, false)
        case "D": return cls(.digit, true)
        case "w": return cls(.word, false)
        case "W": return cls(.word, true)
        case "s": return cls(.space, false)
        case "S": return cls(.space, true)
        case "p", "P": return cls(try parseProperty(start: start), e == "P")
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "a": return .scalar("\u{07}")
        case "e": return .scalar("\u{1B}")
        case "x":
            if peek == "{" {
                index += 1
                let value = try readHex(min: 1, max: 8, start: start)
                guard peek == "}" else { throw RegexSyntaxError("'\\x{' needs a closing '}'", at: start) }
                index += 1
                return .scalar(try scalar(value, start: start))
            }
            return .scalar(try scalar(try readHex(min: 2, max: 2, start: start), start: start))
        case "u": return .scalar(try scalar(try readHex(min: 4, max: 4, start: start), start: start))
        case "U": return .scalar(try scalar(try readHex(min: 8, max: 8, start: start), start: start))
        case "0":
            var value: UInt32 = 0
            var count = 0
            while count < 3, let c = peek, c.value >= 48, c.value <= 55 {
                value = value * 8 + c.value - 48
                count += 1
                index += 1
            }
            return .scalar(try scalar(value, start: start))
        case "c":
            guard let c = peek, c.isASCII else { throw RegexSyntaxError("'\\c' needs a letter, as in '\\cJ'", at: start) }
            index += 1
            return .scalar(Unicode.Scalar(c.value & 0x1F)!)
        case "b" where inSet:
            return .scalar("\u{08}")
        default:
            if e.isASCII, e.properties.isAlphabetic || e.value &- 48 < 10 {
                throw RegexSyntaxError("unsupported escape '\\\(e)'", at: start)
            }
            return .scalar(e)
        }
    }

    private mutating func readHex(min: Int, max: Int, start: Int) throws(RegexSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        var count = 0
        while count < max, let c = peek, let d = Self.hexValue(c) {
            value = value * 16 + d
            count += 1
            index += 1
        }
        guard count >= min else { throw RegexSyntaxError("invalid hexadecimal escape", at: start) }
        return value
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 48...57: return c.value - 48
        case 65...70: return c.value - 55
        case 97...102: return c.value - 87
        default: return nil
        }
    }

    private func scalar(_ value: UInt32, start: Int) throws(RegexSyntaxError) -> Unicode.Scalar {
        guard let s = Unicode.Scalar(value) else { throw RegexSyntaxError("escape is not a Unicode scalar", at: start) }
        return s
    }

    /// `\p{Name}` / `\pL` after the `p`: a general category (one or two letters,
    /// or a long name) or one of a few binary properties.
    private mutating func parseProperty(start: Int) throws(RegexSyntaxError) -> ScalarClass {
        var name = ""
        if peek == "{" {
            index += 1
            while let c = peek, c != "}" { name.unicodeScalars.append(c); index += 1 }
            guard peek == "}" else { throw RegexSyntaxError("'\\p{' needs a closing '}'", at: start) }
            index += 1
        } else if let c = peek {
            name.unicodeScalars.append(c)
            index += 1
        }
        guard let cls = Self.property(name) else {
            throw RegexSyntaxError("unsupported property '\(name)'; rkmap knows general categories such as L, Lu, Nd, P and Alphabetic, Uppercase, Lowercase, White_Space", at: start)
        }
        return cls
    }

    private static func property(_ raw: String) -> ScalarClass? {
        let name = raw.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "_", with: "").lowercased()
        typealias G = Unicode.GeneralCategory
        let table: [String: [G]] = [
            "l": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter],
            "letter": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter],
            "lu": [.uppercaseLetter], "uppercaseletter": [.uppercaseLetter],
            "ll": [.lowercaseLetter], "lowercaseletter": [.lowercaseLetter],
            "lt": [.titlecaseLetter], "lm": [.modifierLetter], "lo": [.otherLetter],
            "m": [.nonspacingMark, .spacingMark, .enclosingMark], "mark": [.nonspacingMark, .spacingMark, .enclosingMark],
            "mn": [.nonspacingMark], "mc": [.spacingMark], "me": [.enclosingMark],
            "n": [.decimalNumber, .letterNumber, .otherNumber], "number": [.decimalNumber, .letterNumber, .otherNumber],
            "nd": [.decimalNumber], "decimalnumber": [.decimalNumber], "nl": [.letterNumber], "no": [.otherNumber],
            "p": [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation],
            "punctuation": [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation],
            "pc": [.connectorPunctuation], "pd": [.dashPunctuation], "ps": [.openPunctuation], "pe": [.closePunctuation],
            "pi": [.initialPunctuation], "pf": [.finalPunctuation], "po": [.otherPunctuation],
            "s": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol], "symbol": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol],
            "sm": [.mathSymbol], "sc": [.currencySymbol], "sk": [.modifierSymbol], "so": [.otherSymbol],
            "z": [.spaceSeparator, .lineSeparator, .paragraphSeparator], "separator": [.spaceSeparator, .lineSeparator, .paragraphSeparator],
            "zs": [.spaceSeparator], "zl": [.lineSeparator], "zp": [.paragraphSeparator],
            "c": [.control, .format, .surrogate, .privateUse, .unassigned], "other": [.control, .format, .surrogate, .privateUse, .unassigned],
            "cc": [.control], "cf": [.format], "cs": [.surrogate], "co": [.privateUse], "cn": [.unassigned],
        ]
        if let list = table[name] { return .categories(list) }
        switch name {
        case "alphabetic", "alpha": return .alphabetic
        case "uppercase", "upper": return .uppercase
        case "lowercase", "lower": return .lowercase
        case "whitespace", "space": return .space
        case "digit": return .digit
        case "any": return .any
        default: return nil
        }
    }

    // MARK: Bracket expressions

    /// After the `[`: items up to the matching `]`.
    private mutating func parseSet(openedAt open: Int) throws(RegexSyntaxError) -> ScalarSet {
        var set = ScalarSet(caseInsensitive: flags.caseInsensitive)
        if peek == "^" { set.negated = true; index += 1 }
        var first = true
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { throw RegexSyntaxError("sets nested more than \(Self.maxDepth) deep", at: open) }
        while true {
            guard let c = peek else { throw RegexSyntaxError("unbalanced '['", at: open) }
            if c == "]", !first { index += 1; return set }
            first = false
            let itemStart = index
            if c == "[" {
                if peek(1) == ":" {
                    set.classes.append(try parsePOSIXClass())
                } else {
                    index += 1
                    set.nested.append(try parseSet(openedAt: itemStart))
                }
                continue
            }
            if (c == "&" && peek(1) == "&") || (c == "-" && peek(1) == "-") {
                throw RegexSyntaxError("set operation '\(c)\(c)' is not supported; list the members instead", at: index)
            }
            let low: Unicode.Scalar
            if c == "\\" {
                switch try parseEscapeItem(inSet: true) {
                case .scalar(let s): low = s
                case .set(let s): set.nested.append(s); continue
                }
            } else {
                low = c
                index += 1
            }
            // ICU reads `--` after an item as set difference (`[a-z--c]`), not
            // as a range ending at '-'.
            if peek == "-", peek(1) == "-" {
                throw RegexSyntaxError("set operation '--' is not supported; list the members instead", at: index)
            }
            // A range `a-z`, unless the '-' is last (`[a-]`).
            if peek == "-", let next = peek(1), next != "]" {
                index += 1
                let high: Unicode.Scalar
                if next == "\\" {
                    guard case .scalar(let s) = try parseEscapeItem(inSet: true) else {
                        throw RegexSyntaxError("a range cannot end with a class escape", at: itemStart)
                    }
                    high = s
                } else if next == "[" {
                    throw RegexSyntaxError("a range cannot end with a set", at: itemStart)
                } else {
                    high = next
                    index += 1
                }
                guard low.value <= high.value else {
                    throw RegexSyntaxError("range '\(low)-\(high)' is out of order", at: itemStart)
                }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
    }

    /// `[:name:]` or `[:^name:]` inside a set.
    private mutating func parsePOSIXClass() throws(RegexSyntaxError) -> (ScalarClass, negated: Bool) {
        let start = index
        index += 2
        var negated = false
        if peek == "^" { negated = true; index += 1 }
        var name = ""
        while let c = peek, c != ":" { name.unicodeScalars.append(c); index += 1 }
        guard peek == ":", peek(1) == "]" else { throw RegexSyntaxError("unterminated '[:'", at: start) }
        index += 2
        let cls: ScalarClass
        switch name {
        case "alpha": cls = .alphabetic
        case "digit": cls = .digit
        case "alnum": cls = .categories([.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber])
        case "space": cls = .space
        case "upper": cls = .uppercase
        case "lower": cls = .lowercase
        case "xdigit": cls = .hexDigit
        case "punct": cls = Self.property("P")!
        case "word": cls = .word
        default:
            guard let p = Self.property(name) else { throw RegexSyntaxError("unknown class '[:\(name):]'", at: start) }
            cls = p
        }
        return (cls, negated)
    }

    // MARK: Size

    /// Instructions the node compiles to (counted repeats expanded), saturating.
    static func size(_ node: RegexNode) -> Int {
        switch node {
        case .empty: return 0
        case .scalar, .any, .set, .assertion: return 1
        case .concat(let items): return items.reduce(0) { min($0 + size($1), Int.max / 4) }
        case .alternate(let items): return items.reduce(0) { min($0 + size($1) + 2, Int.max / 4) }
        case .repeating(let inner, let low, let high):
            let copies = high ?? (low + 1)
            let (total, overflow) = (size(inner) + 2).multipliedReportingOverflow(by: max(copies, 1))
            return overflow ? Int.max / 4 : total
        }
    }
}
