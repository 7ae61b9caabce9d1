import RKMap

/// The one place where usage errors become text.
///
/// ```text
/// error: unknown option '--fromat'; did you mean '--format'?
/// usage: rkmap apply SPEC [INPUT ...] [options]; see 'rkmap help apply'
/// ```
extension UsageError: CustomStringConvertible {
    /// What went wrong, without the `error: ` prefix.
    public var message: String {
        switch self {
        case .missingCommand:
            let names = CommandName.allCases.map(\.rawValue).joined(separator: ", ")
            return "missing command; expected one of \(names)"
        case .unknownCommand(let word, let suggestion):
            return "unknown command '\(word)'" + didYouMean(suggestion)
        case .unknownOption(let word, let suggestion, _):
            return "unknown option '\(word)'" + didYouMean(suggestion)
        case .missingValue(let option, _):
            return "missing value for '\(option)'"
        case .unexpectedValue(let option, let value, _):
            return "option '\(option)' takes no value, but was given '\(value)'"
        case .invalidChoice(let option, let value, let valid, _):
            return "invalid value '\(value)' for '\(option)'; expected one of \(valid.joined(separator: ", "))"
        case .invalidValue(let option, let value, let expected, _):
            return "invalid value '\(value)' for '\(option)'; expected \(expected)"
        case .missingArgument(let name, _):
            return "missing argument \(name)"
        case .unexpectedArgument(let word, _):
            return "unexpected argument '\(word)'"
        case .outputFileRequired(let format, _):
            return "'--format \(format)' writes a file: add '-o FILE'"
        case .reservedMetaKey(let key, _):
            return "reserved key '\(key)' in '--meta'; 'mapping', 'routing' and 'HTTP' are set by rkmap, choose another key"
        case .conflictingOptions(let a, let b, _):
            return "'\(a)' and '\(b)' cannot be used together; choose one"
        case .severalSpecsNeedOption(let second, let options, _):
            return "unexpected argument '\(second)': printing formats one spec; add \(options) to format several"
        }
    }

    /// The one-line usage hint printed under the message.
    public var usageHint: String {
        guard let command else { return "usage: \(HelpText.topLevelSynopsis); see 'rkmap help'" }
        return "usage: \(HelpText.synopsis(command)); see 'rkmap help \(command.rawValue)'"
    }

    /// Both lines as printed on stderr (no trailing newline).
    public var description: String { "error: \(message)\n\(usageHint)" }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
