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
        switch name {
        case .apply: return .apply(try ApplyOptions.table.parse(parsed))
        case .lint: return .lint(try LintOptions.table.parse(parsed))
        case .fmt: return .fmt(try FmtOptions.table.parse(parsed))
        case .check: return .check(try CheckOptions.table.parse(parsed))
        case .eval: return .eval(try EvalOptions.table.parse(parsed))
        case .serialize: return .serialize(try SerializeOptions.table.parse(parsed))
        case .infer: return .infer(try InferCommandOptions.table.parse(parsed))
        case .graph: return .graph(try GraphOptions.table.parse(parsed))
        case .schema:
            _ = try SchemaOptions.table.parse(parsed)
            return .schema
        case .completions: return .completions(try CompletionsOptions.table.parse(parsed).shell)
        case .help:
            let help = try HelpOptions.table.parse(parsed)
            return help.man ? .manual : .help(help.topic)
        }
    }
}
