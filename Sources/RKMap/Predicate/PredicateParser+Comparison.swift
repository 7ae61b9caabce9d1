import Foundation

/// Comparisons and values: `[ANY] lhs op[modifier] rhs`.
extension PredicateParser {
    static let operatorWords: [String: PredicateOperator] = [
        "BETWEEN": .between, "IN": .in, "CONTAINS": .contains, "BEGINSWITH": .beginsWith,
        "ENDSWITH": .endsWith, "LIKE": .like, "MATCHES": .matches,
    ]
    static let operatorSymbols: [String: PredicateOperator] = [
        "==": .equal, "=": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
        "=<": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual, "=>": .greaterOrEqual,
    ]
    /// Words that are never key paths (write `#word` for a key with that name).
    static let reserved: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "BETWEEN", "IN", "CONTAINS", "BEGINSWITH",
        "ENDSWITH", "LIKE", "MATCHES", "TRUEPREDICATE", "FALSEPREDICATE",
    ]

    mutating func parseComparison() throws(PredicateSyntaxError) -> PredicateComparison {
        var quantifier: PredicateQuantifier?
        var quantifierToken: PredicateToken?
        switch keyword {
        case "ANY", "SOME": quantifier = .anyOf
        case "ALL": quantifier = .allOf
        case "NONE": quantifier = .noneOf
        default: break
        }
        if quantifier != nil {
            quantifierToken = current
            advance()
        }
        let lhsStart = position
        guard let lhs = try parseValue() else {
            if let q = quantifierToken {
                throw PredicateSyntaxError(message: "expected a key path after '\(q.text)'", column: current.column)
            }
            if current.kind == .end {
                throw PredicateSyntaxError(message: "expected a comparison", column: current.column)
            }
            throw PredicateSyntaxError(
                message: "expected a key path or value to compare, found \(found)", column: current.column)
        }
        let lhsEnd = position
        let opToken = current
        let op = try parseOperator(after: lhsStart..<lhsEnd)
        var options: PredicateOptions = []
        var opText = opToken.text
        if case .modifier(let letters) = current.kind {
            options = try Self.options(letters, token: current)
            opText += current.text
            advance()
        }

        let rhsToken = current
        if op == .between, !isSymbol("{"), !isKeyPathWord {
            throw PredicateSyntaxError(message: "expected '{' after BETWEEN", column: current.column)
        }
        guard let rhs = try parseValue() else {
            throw PredicateSyntaxError(message: "expected a value after '\(opText)'", column: current.column)
        }
        if op == .between, case .constant(.array(let bounds)) = rhs, bounds.count != 2 {
            throw PredicateSyntaxError(
                message: "BETWEEN takes two values, as in 'age BETWEEN {18, 65}'; found \(bounds.count)",
                column: rhsToken.column)
        }
        if op == .between, case .aggregate(let bounds) = rhs, bounds.count != 2 {
            throw PredicateSyntaxError(
                message: "BETWEEN takes two values, as in 'age BETWEEN {18, 65}'; found \(bounds.count)",
                column: rhsToken.column)
        }
        let needle = try Self.needle(op: op, options: options, rhs: rhs, token: rhsToken)
        return PredicateComparison(quantifier: quantifier, lhs: lhs, op: op, options: options, rhs: rhs, needle: needle)
    }

    /// The source text of tokens `range`, for messages. Made only for one:
    /// found by the first token's column, from the first token, for each
    /// comparison, it made an OR of 80,000 terms take 8 s to parse.
    func text(of range: Range<Int>) -> String {
        tokens[range].map(\.text).joined(separator: " ")
    }

    /// The current token for a "found …" message: strings as written, others quoted.
    var found: String {
        if case .string = current.kind { return current.text }
        return "'\(current.text)'"
    }

    var isKeyPathWord: Bool {
        guard case .word = current.kind else { return false }
        return keyword.map { !Self.reserved.contains($0) } ?? true
    }

    mutating func parseOperator(after lhs: Range<Int>) throws(PredicateSyntaxError) -> PredicateOperator {
        if case .symbol(let s) = current.kind, let op = Self.operatorSymbols[s] {
            advance()
            return op
        }
        if let k = keyword, let op = Self.operatorWords[k] {
            advance()
            return op
        }
        if case .word(let w) = current.kind {
            let upper = w.uppercased()
            let names = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "BETWEEN", "MATCHES", "LIKE", "IN"]
            let guess = upper.count >= 3 ? names.first(where: { $0.hasPrefix(upper) }) : nil
            if let s = guess ?? Suggestions.closest(to: upper, in: names) {
                throw PredicateSyntaxError(message: "unknown operator '\(w)'; did you mean '\(s)'?", column: current.column)
            }
        }
        let lhsText = text(of: lhs)
        var message = "expected a comparison operator after '\(lhsText)'"
        if current.kind == .end || keyword == "AND" || keyword == "OR" || isSymbol("&&") || isSymbol("||") || isSymbol(")") {
            message += "; a key path alone is not a predicate (write '\(lhsText) == TRUE' or '\(lhsText) != nil')"
        } else if keyword == "NOT" {
            message += ", found 'NOT'; negate the whole comparison instead, as in 'NOT (\(lhsText) IN {…})'"
        } else {
            message += ", found \(found)"
        }
        throw PredicateSyntaxError(message: message, column: current.column)
    }

    static func options(_ letters: String, token: PredicateToken) throws(PredicateSyntaxError) -> PredicateOptions {
        var options: PredicateOptions = []
        for c in letters.lowercased() {
            switch c {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n", "l": break  // normalized / locale-sensitive: no effect on JSON strings
            default:
                throw PredicateSyntaxError(
                    message: "unknown modifier '\(token.text)'; expected [c], [d] or [cd]", column: token.column)
            }
        }
        if letters.isEmpty {
            throw PredicateSyntaxError(message: "empty modifier '[]'; expected [c], [d] or [cd]", column: token.column)
        }
        return options
    }

    /// Parses a literal, key path, `SELF` or `{…}`; `nil` (consuming nothing) when
    /// the current token cannot start a value.
    mutating func parseValue() throws(PredicateSyntaxError) -> PredicateExpression? {
        let token = current
        switch token.kind {
        case .string(let s):
            advance()
            return .constant(.string(s))
        case .number(let n):
            advance()
            return .constant(.number(n))
        case .symbol("{"):
            return try parseAggregate()
        case .word(let w):
            switch keyword {
            case "TRUE", "YES": advance(); return .constant(.bool(true))
            case "FALSE", "NO": advance(); return .constant(.bool(false))
            case "NULL", "NIL": advance(); return .constant(.null)
            case let k? where Self.reserved.contains(k): return nil
            default:
                advance()
                return .keyPath(try Self.keyPath(w, column: token.column))
            }
        default:
            return nil
        }
    }

    mutating func parseAggregate() throws(PredicateSyntaxError) -> PredicateExpression {
        let open = current
        try enter(at: open.column)
        defer { depth -= 1 }
        advance()
        var items: [PredicateExpression] = []
        if isSymbol("}") {
            advance()
            return .constant(.array([]))
        }
        while true {
            guard let item = try parseValue() else {
                if current.kind == .end { throw PredicateSyntaxError(message: "unbalanced '{'", column: open.column) }
                throw PredicateSyntaxError(message: "expected a value in '{…}', found \(found)", column: current.column)
            }
            items.append(item)
            if isSymbol(",") { advance(); continue }
            if isSymbol("}") { advance(); break }
            if current.kind == .end { throw PredicateSyntaxError(message: "unbalanced '{'", column: open.column) }
            throw PredicateSyntaxError(message: "expected ',' or '}' in '{…}', found \(found)", column: current.column)
        }
        // Pre-resolve an aggregate of literals once, so evaluation builds nothing.
        var constants: [JSONValue] = []
        for item in items {
            guard case .constant(let v) = item else { return .aggregate(items) }
            constants.append(v)
        }
        return .constant(.array(constants))
    }

    /// Builds a `KeyPath` from a word: `SELF` is the representation, `SELF.x` is `x`,
    /// `#word` escapes a reserved word.
    static func keyPath(_ word: String, column: Int) throws(PredicateSyntaxError) -> KeyPath {
        // Split on the dots that are not escaped (`odd\.key` is one key).
        var segments: [String] = [""]
        var escaped = false
        for scalar in word.unicodeScalars {
            if scalar == ".", !escaped {
                segments.append("")
                continue
            }
            escaped = !escaped && scalar == "\\"
            segments[segments.count - 1].unicodeScalars.append(scalar)
        }
        // Source offset of each segment, to point key path errors at the right column.
        var offsets: [Int] = []
        var offset = 0
        for s in segments { offsets.append(offset); offset += s.unicodeScalars.count + 1 }
        if segments[0].uppercased() == "SELF" {
            segments.removeFirst()
            offsets.removeFirst()
            if segments.isEmpty { return .empty }
        } else if segments[0].uppercased().hasPrefix("SELF[") {
            // `SELF[0]`: an index applied to the value itself.
            segments[0].removeFirst(4)
            offsets[0] += 4
        }
        var text = ""
        // Scalars in `text` so far, counted as it grows (counted anew per
        // segment, a key path of 16,000 parts took half a second to parse).
        var textCount = 0
        var textOffsets: [(text: Int, source: Int)] = []
        for (i, var s) in segments.enumerated() {
            var source = offsets[i]
            if s.hasPrefix("#") { s.removeFirst(); source += 1 }
            if i > 0 {
                text += "."
                textCount += 1
            }
            textOffsets.append((textCount, source))
            text += s
            textCount += s.unicodeScalars.count
        }
        do {
            return try KeyPath(parsing: text)
        } catch {
            let entry = textOffsets.last(where: { $0.text <= error.offset }) ?? (0, 0)
            let source = entry.source + error.offset - entry.text
            var message = error.message
            if let cut = message.range(of: " (write") { message = String(message[..<cut.lowerBound]) }
            throw PredicateSyntaxError(message: message, column: column + source)
        }
    }

    /// Compiles what a constant right-hand side needs: folded text, a `LIKE`
    /// pattern or a regular expression.
    static func needle(
        op: PredicateOperator, options: PredicateOptions, rhs: PredicateExpression, token: PredicateToken
    ) throws(PredicateSyntaxError) -> PredicateNeedle {
        if op == .in, case .constant(.array(let list)) = rhs {
            return .members(PredicateMembers(list, options: options))
        }
        guard case .constant(.string(let s)) = rhs else { return .none }
        switch op {
        case .like:
            return .like(LikePattern(s, options: options))
        case .matches:
            do {
                return .regex(try PredicateStrings.regex(s, options: options))
            } catch {
                throw PredicateSyntaxError(
                    message: "invalid regular expression '\(s)': \(error.message)",
                    column: token.column + Self.sourceOffset(ofValueScalar: error.offset, in: token.text))
            }
        case .in, .between:
            return .none
        default:
            return options.isEmpty ? .none : .folded(PredicateStrings.fold(s, options))
        }
    }

    /// Where the `k`-th scalar of a string literal's value sits in its source
    /// text `raw` (quotes included), as an offset from the opening quote: so a
    /// regular-expression error points at its column even after escapes.
    static func sourceOffset(ofValueScalar k: Int, in raw: String) -> Int {
        let source = Array(raw.unicodeScalars)
        var i = 1  // past the opening quote
        var produced = 0
        while i < source.count - 1 {
            if produced >= k { return i }
            guard source[i] == "\\", i + 1 < source.count - 1 else { i += 1; produced += 1; continue }
            switch source[i + 1] {
            case "n", "t", "r", "0", "'", "\"", "\\": i += 2; produced += 1
            case "u": i += 6; produced += 1
            default:
                // The backslash is kept: two value scalars from two source scalars.
                if produced + 1 == k { return i + 1 }
                i += 2; produced += 2
            }
        }
        return min(i, max(source.count - 1, 0))
    }
}
