import RKMap

extension Command {
    /// Parses `rkmap`'s arguments (without the program name).
    ///
    /// - Throws: `UsageError` for anything that cannot run as typed; its
    ///   `description` is the text to print.
    public static func parse(_ args: [String]) throws(UsageError) -> Command {
        guard let first = args.first else { throw .missingCommand }
        let rest = Array(args.dropFirst())
        switch first {
        case "--help", "-h": return .help(nil)
        case "--version": return .version
        default: break
        }
        guard let name = CommandName(rawValue: first) else {
            if first.hasPrefix("-") {
                let suggestion = Suggestions.closest(to: String(first.drop { $0 == "-" }), in: ["help", "version"])
                throw .unknownOption(first, suggestion: suggestion.map { "--" + $0 }, command: nil)
            }
            let names = CommandName.allCases.map(\.rawValue)
            throw .unknownCommand(first, suggestion: Suggestions.closest(to: first, in: names))
        }
        let parsed = try ArgumentParser.parse(rest, as: .of(name))
        if parsed.helpRequested { return .help(name) }
        var reader = ArgumentReader(parsed, command: name)
        switch name {
        case .apply: return .apply(try reader.apply())
        case .lint: return .lint(try reader.lint())
        case .fmt: return .fmt(try reader.fmt())
        case .check: return .check(try reader.check())
        case .eval: return .eval(try reader.eval())
        case .help:
            guard let topic = try reader.optionalPositional() else { return .help(nil) }
            try reader.noMorePositionals()
            guard let command = CommandName(rawValue: topic) else {
                let names = CommandName.allCases.map(\.rawValue)
                throw .unknownCommand(topic, suggestion: Suggestions.closest(to: topic, in: names))
            }
            return .help(command)
        }
    }
}
