/// A compiled predicate (docs/spec.md §9): a subset of NSPredicate's format syntax,
/// parsed once when the spec loads and evaluated per representation.
///
/// ```swift
/// let p = try Predicate(parsing: "type == 'Girl' AND age >= 18")
/// p.evaluate(person, context: context)  // true for an adult girl
/// ```
///
/// Semantics follow NSPredicate over JSON: a missing key path is `null`
/// (`x == nil` holds when `x` is missing or null); values of different JSON kinds
/// are neither equal nor ordered (`'1' == 1` is false); string operators on
/// anything but strings are false; `ANY`/`ALL`/`NONE` treat a missing or
/// non-array value as an empty array.
public struct Predicate: Sendable, CustomStringConvertible {
    /// The predicate text as written.
    public let source: String
    let root: PredicateNode

    /// Parses and compiles `source` once: literals are resolved, `[c]`/`[d]`
    /// needles folded, `LIKE` patterns and `MATCHES` regular expressions compiled.
    ///
    /// - Throws: `PredicateSyntaxError` naming what was expected and the 1-based
    ///   column (Unicode scalars) of the problem in `source` — the predicate after
    ///   JSON unescaping, so a spec reader adds it to the string's own location.
    public init(parsing source: String) throws(PredicateSyntaxError) {
        self.source = source
        var lexer = PredicateLexer(source)
        var parser = PredicateParser(tokens: try lexer.tokenize())
        root = try parser.parse()
    }

    /// Evaluates against `value`, which is `SELF`; key paths start there, and
    /// `@root`, `@parent` and `@metadata` come from `context`.
    ///
    /// - Throws: `PredicateEvaluationError` when a `MATCHES` pattern read from
    ///   the document does not compile: the predicate has no answer for this
    ///   value, and a quiet `false` would be a wrong one (docs/spec.md §9).
    /// - Complexity: no allocation for comparisons of a plain key path with a
    ///   literal (`type == 'Boy'`, `age >= 18`).
    public func evaluate(_ value: JSONValue, context: KeyPathContext) throws(PredicateEvaluationError) -> Bool {
        try root.evaluate(value, context)
    }

    public var description: String { source }
}
