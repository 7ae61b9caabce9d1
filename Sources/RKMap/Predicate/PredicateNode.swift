import Foundation

/// The compiled form of a predicate: a tree built once by `PredicateParser`,
/// with literals, folded strings, `LIKE` patterns and regular expressions
/// resolved ahead of evaluation.
indirect enum PredicateNode: Sendable {
    case constant(Bool)
    case not(PredicateNode)
    case and(PredicateNode, PredicateNode)
    case or(PredicateNode, PredicateNode)
    case comparison(PredicateComparison)
}

/// A value inside a comparison.
enum PredicateExpression: Sendable {
    /// A literal (or an aggregate of literals), resolved at compile time.
    case constant(JSONValue)
    /// A key path; `SELF` is the nil key path.
    case keyPath(KeyPath)
    /// `{a, b}` where some element is a key path: built per evaluation.
    case aggregate([PredicateExpression])
}

/// `ANY`/`SOME`, `ALL`, `NONE` in front of a comparison.
enum PredicateQuantifier: Sendable {
    case anyOf, allOf, noneOf
}

enum PredicateOperator: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case between = "BETWEEN"
    case `in` = "IN"
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case like = "LIKE"
    case matches = "MATCHES"
}

/// `[c]`, `[d]`, `[cd]`: how strings are compared.
struct PredicateOptions: OptionSet, Sendable {
    let rawValue: UInt8
    static let caseInsensitive = PredicateOptions(rawValue: 1)
    static let diacriticInsensitive = PredicateOptions(rawValue: 2)
}

/// What a constant right-hand side was compiled into, so evaluation never
/// re-folds, re-parses or re-compiles it.
enum PredicateNeedle: @unchecked Sendable {
    /// The right-hand side is not a constant string (or needs no preparation).
    case none
    /// A constant string, already folded by the comparison's options.
    case folded(String)
    /// A constant `LIKE` pattern.
    case like(LikePattern)
    /// A constant `MATCHES` pattern. `NSRegularExpression` is immutable and
    /// documented as safe to share between threads.
    case regex(NSRegularExpression)
}

struct PredicateComparison: Sendable {
    var quantifier: PredicateQuantifier?
    var lhs: PredicateExpression
    var op: PredicateOperator
    var options: PredicateOptions
    var rhs: PredicateExpression
    var needle: PredicateNeedle
}
