/// A predicate that does not parse: what was expected, at a 1-based column
/// (Unicode scalars) of the predicate text.
///
/// `message` never mentions the column itself, so a caller can place it in a
/// larger diagnostic (the spec file's line:column) or print `description`:
///
/// ```swift
/// PredicateSyntaxError(message: "expected a value after '=='", column: 12).description
/// // "expected a value after '==' at column 12"
/// ```
public struct PredicateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var column: Int
    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }
    public var description: String { "\(message) at column \(column)" }
}
