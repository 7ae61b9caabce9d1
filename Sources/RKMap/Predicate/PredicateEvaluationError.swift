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
    /// The pattern text as found in the document; for `operand`, the key path.
    public var pattern: String
    /// What is wrong with it, with its offset (Unicode scalars, 0-based).
    public var problem: String
    /// The error is about a key path whose `@sum`, `@avg`, `@min` or `@max`
    /// has no value (docs/spec.md §4: never a silent null), not a pattern:
    /// compared as `null`, `a.@sum == nil` would be true of a sum too large
    /// to represent.
    public var operand = false

    public init(pattern: String, problem: String) {
        self.pattern = pattern
        self.problem = problem
    }

    /// The key path `path` has no value because of its operator (`problem`).
    public init(keyPath path: String, problem: String) {
        self.pattern = path
        self.problem = problem
        operand = true
    }

    public var description: String {
        if operand { return "the key path '\(pattern)' has no value: \(problem)" }
        return "the pattern '\(pattern)' of MATCHES is not a valid regular expression: \(problem)"
    }
}
