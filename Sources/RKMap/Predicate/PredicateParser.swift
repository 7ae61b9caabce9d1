/// Recursive-descent parser from tokens to a `PredicateNode`, with NSPredicate's
/// precedence (`NOT` binds tighter than `AND`, which binds tighter than `OR`).
///
/// ```
/// predicate  := or END
/// or         := and (("OR" | "||") and)*
/// and        := not (("AND" | "&&") not)*
/// not        := ("NOT" | "!") not | primary
/// primary    := "(" or ")" | TRUEPREDICATE | FALSEPREDICATE | comparison
/// comparison := [ANY | SOME | ALL | NONE] value operator [modifier] value
/// value      := literal | key path | SELF | "{" [value ("," value)*] "}"
/// ```
struct PredicateParser {
    var tokens: [PredicateToken]
    var position = 0
    /// Columns of the `(` still open, innermost last, for "unbalanced '('".
    var openParens: [Int] = []
    /// Open `(`, `NOT` and `{` around the current token.
    var depth = 0
    /// Deeper nesting is a syntax error, not a stack overflow (5,000 `(` or
    /// `NOT`s crashed the recursive descent).
    static let maxDepth = 256

    init(tokens: [PredicateToken]) {
        self.tokens = tokens
    }

    var current: PredicateToken { tokens[position] }

    mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    /// The upper-cased word when the current token is a bare word (no dots, not
    /// `#`-escaped), which is when it can be a keyword.
    var keyword: String? {
        guard case .word(let w) = current.kind, !w.contains("."), !w.hasPrefix("#") else { return nil }
        return w.uppercased()
    }

    func isSymbol(_ s: String) -> Bool { current.kind == .symbol(s) }

    /// Counts one level of nesting opened at `column`; pair with `depth -= 1`.
    mutating func enter(at column: Int) throws(PredicateSyntaxError) {
        depth += 1
        if depth > Self.maxDepth {
            throw PredicateSyntaxError(message: "nesting deeper than \(Self.maxDepth) levels", column: column)
        }
    }

    mutating func parse() throws(PredicateSyntaxError) -> PredicateNode {
        if current.kind == .end {
            throw PredicateSyntaxError(message: "empty predicate; expected a comparison such as \"type == 'Boy'\"", column: 1)
        }
        let node = try parseOr()
        switch current.kind {
        case .end:
            return node
        case .symbol(")"):
            throw PredicateSyntaxError(message: "unbalanced ')'", column: current.column)
        case .word(let w):
            if let s = Suggestions.closest(to: w, in: ["AND", "OR"]) {
                throw PredicateSyntaxError(message: "unknown operator '\(w)'; did you mean '\(s)'?", column: current.column)
            }
            fallthrough
        default:
            throw PredicateSyntaxError(
                message: "expected AND, OR or the end of the predicate, found \(found)", column: current.column)
        }
    }

    mutating func parseOr() throws(PredicateSyntaxError) -> PredicateNode {
        var node = try parseAnd()
        while keyword == "OR" || isSymbol("||") {
            let op = current
            advance()
            try requireOperand(after: op)
            node = .or(node, try parseAnd())
        }
        return node
    }

    mutating func parseAnd() throws(PredicateSyntaxError) -> PredicateNode {
        var node = try parseNot()
        while keyword == "AND" || isSymbol("&&") {
            let op = current
            advance()
            try requireOperand(after: op)
            node = .and(node, try parseNot())
        }
        return node
    }

    /// Parses the right operand of a logical operator, naming the operator when
    /// the predicate ends early (`a == 1 AND`).
    func requireOperand(after op: PredicateToken) throws(PredicateSyntaxError) {
        if current.kind == .end || isSymbol(")") || keyword == "AND" || keyword == "OR" || isSymbol("&&") || isSymbol("||") {
            throw PredicateSyntaxError(message: "expected a comparison after '\(op.text)'", column: current.column)
        }
    }

    mutating func parseNot() throws(PredicateSyntaxError) -> PredicateNode {
        if keyword == "NOT" || isSymbol("!") {
            let op = current
            try enter(at: op.column)
            defer { depth -= 1 }
            advance()
            try requireOperand(after: op)
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    mutating func parsePrimary() throws(PredicateSyntaxError) -> PredicateNode {
        if isSymbol("(") {
            try enter(at: current.column)
            defer { depth -= 1 }
            openParens.append(current.column)
            advance()
            if isSymbol(")") {
                throw PredicateSyntaxError(message: "expected a comparison inside '()'", column: current.column)
            }
            let node = try parseOr()
            guard isSymbol(")") else {
                if current.kind == .end {
                    throw PredicateSyntaxError(message: "unbalanced '('", column: openParens.last!)
                }
                throw PredicateSyntaxError(
                    message: "expected ')' or a logical operator, found \(found)", column: current.column)
            }
            openParens.removeLast()
            advance()
            return node
        }
        switch keyword {
        case "TRUEPREDICATE":
            advance()
            return .constant(true)
        case "FALSEPREDICATE":
            advance()
            return .constant(false)
        default:
            return .comparison(try parseComparison())
        }
    }
}
