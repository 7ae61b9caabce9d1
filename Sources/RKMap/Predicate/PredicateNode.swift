import Foundation

/// The compiled form of a predicate: a tree built once by `PredicateParser`,
/// with literals, folded strings, `LIKE` patterns and regular expressions
/// resolved ahead of evaluation.
///
/// Only the logical cases are `indirect`: a comparison is a class reference held
/// directly, so a single-comparison predicate reaches it without a box.
enum PredicateNode: Sendable {
    case constant(Bool)
    indirect case not(PredicateNode)
    indirect case and(PredicateNode, PredicateNode)
    indirect case or(PredicateNode, PredicateNode)
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
enum PredicateNeedle: Sendable {
    /// The right-hand side is not a constant string (or needs no preparation).
    case none
    /// A constant string, already folded by the comparison's options.
    case folded(String)
    /// A constant `LIKE` pattern.
    case like(LikePattern)
    /// A constant `MATCHES` pattern, compiled once.
    case regex(RegexProgram)
    /// A constant `IN {…}` list: a hash lookup (docs/spec.md §9).
    case members(PredicateMembers)
}

/// One comparison. A class so that evaluation borrows its parts instead of
/// copying (and retaining) each field out of the enum payload: this keeps
/// `type == 'Boy'` close to the cost of a bare key path lookup.
final class PredicateComparison: Sendable {
    let quantifier: PredicateQuantifier?
    let lhs: PredicateExpression
    let op: PredicateOperator
    let options: PredicateOptions
    let rhs: PredicateExpression
    let needle: PredicateNeedle
    /// For the common shape `keypath == literal` / `keypath != literal` without
    /// modifiers or quantifier: evaluated as one lookup and one `==`. Stored as
    /// plain properties (not an optional tuple) so evaluation borrows them.
    let plainEquality: PlainEquality
    let plainPath: KeyPath
    let plainValue: JSONValue

    enum PlainEquality: UInt8, Sendable { case no, equal, notEqual }

    init(
        quantifier: PredicateQuantifier?, lhs: PredicateExpression, op: PredicateOperator,
        options: PredicateOptions, rhs: PredicateExpression, needle: PredicateNeedle
    ) {
        self.quantifier = quantifier
        self.lhs = lhs
        self.op = op
        self.options = options
        self.rhs = rhs
        self.needle = needle
        if quantifier == nil, options.isEmpty, op == .equal || op == .notEqual,
           case .keyPath(let path) = lhs, case .constant(let value) = rhs {
            plainEquality = op == .equal ? .equal : .notEqual
            plainPath = path
            plainValue = value
        } else {
            plainEquality = .no
            plainPath = .empty
            plainValue = .null
        }
    }
}
