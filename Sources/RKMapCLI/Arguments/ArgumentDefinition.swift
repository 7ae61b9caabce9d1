/// One positional argument of a command (`SPEC`, `INPUT ...`), for the synopsis,
/// help, completions and the manual page. The command's table reads the values.
public struct ArgumentDefinition: Sendable, Equatable {
    public enum Arity: Sendable, Equatable {
        /// Exactly one: `SPEC`.
        case one
        /// One or none: `[COMMAND]`.
        case optional
        /// At least one: `SPEC ...`.
        case oneOrMore
        /// Any number: `[INPUT ...]`.
        case zeroOrMore
    }

    public var name: String
    public var arity: Arity
    public var completion: OptionDefinition.Completion
    /// Wrapped as `rkmap help` prints it.
    public var help: String

    public init(_ name: String, _ arity: Arity = .one, completion: OptionDefinition.Completion = .file, help: String) {
        self.name = name
        self.arity = arity
        self.completion = completion
        self.help = help
    }

    /// As the synopsis writes it: `SPEC`, `[COMMAND]`, `SPEC ...`, `[INPUT ...]`.
    var usage: String {
        switch arity {
        case .one: return name
        case .optional: return "[\(name)]"
        case .oneOrMore: return "\(name) ..."
        case .zeroOrMore: return "[\(name) ...]"
        }
    }
}
