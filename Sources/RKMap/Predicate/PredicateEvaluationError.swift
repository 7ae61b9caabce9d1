/// A predicate that cannot be decided for one representation (docs/spec.md §9):
/// the right-hand side of `MATCHES` came from the document (`name MATCHES
/// pattern`) and is not a regular expression rkmap can compile.
///
/// A literal pattern is checked when the predicate is parsed (a spec error);
/// only data can get here. The answer is neither `true` nor `false`, so the
/// caller reports it instead of guessing: `eval` prints an error for the
/// document, a dynamic matcher or a validation warns.
///
/// ```swift
/// try Predicate(parsing: "name MATCHES re").evaluate(["name": "a", "re": "("], …)
/// // throws: the pattern '(' of MATCHES is not a valid regular expression: unbalanced '(' at offset 0
/// ```
public struct PredicateEvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern text as found in the document.
    public var pattern: String
    /// What is wrong with it, with its offset (Unicode scalars, 0-based).
    public var problem: String

    public init(pattern: String, problem: String) {
        self.pattern = pattern
        self.problem = problem
    }

    public var description: String {
        "the pattern '\(pattern)' of MATCHES is not a valid regular expression: \(problem)"
    }
}
