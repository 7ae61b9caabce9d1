// PLACEHOLDER — replaced by the predicates work (issue 3). Do not land as is.

/// A compiled predicate (SPEC §9).
public struct Predicate: Sendable {
    public let source: String

    /// Parses and compiles `source` once.
    public init(parsing source: String) throws(PredicateSyntaxError) {
        self.source = source
    }

    /// Evaluates against `value` (bound to `SELF`; key paths start there).
    public func evaluate(_ value: JSONValue, context: KeyPathContext) -> Bool {
        false
    }
}

/// A predicate that does not parse: what was expected, at a 1-based column
/// (Unicode scalars) of the predicate text.
public struct PredicateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var column: Int
    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }
    public var description: String { "\(message) at column \(column)" }
}
