import RKMap

/// The options each command accepts. Positional arguments are checked by the
/// command's builder (`Command+Parse.swift`), which knows their names and counts.
public struct CommandDefinition: Sendable {
    public var name: CommandName
    public var options: [OptionDefinition]

    public init(_ name: CommandName, _ options: [OptionDefinition]) {
        self.name = name
        self.options = options
    }

    /// The option spelled `--name`, if declared.
    func option(long name: String) -> OptionDefinition? {
        options.first { $0.name == name }
    }

    /// The option spelled `-c`, if declared.
    func option(short c: Character) -> OptionDefinition? {
        options.first { $0.short == c }
    }

    public static let apply = CommandDefinition(.apply, [
        OptionDefinition("format", .value),
        OptionDefinition("output", short: "o", .value),
        OptionDefinition("shape", .value),
        OptionDefinition("compact", .flag),
        OptionDefinition("no-type", .flag),
        OptionDefinition("path", .value),
        OptionDefinition("method", .value),
        OptionDefinition("status", .value),
        OptionDefinition("meta", .repeatable),
        OptionDefinition("strict", .flag),
        OptionDefinition("stats", .flag),
        OptionDefinition("max-depth", .value),
        OptionDefinition("keep-going", .flag),
        OptionDefinition("explain", .flag),
        OptionDefinition("progress", .flag),
        OptionDefinition("color", .value),
    ])

    public static let lint = CommandDefinition(.lint, [
        OptionDefinition("strict", .flag),
        OptionDefinition("format", .value),
    ])

    public static let fmt = CommandDefinition(.fmt, [
        OptionDefinition("write", short: "w", .flag),
    ])

    public static let check = CommandDefinition(.check, [
        OptionDefinition("path", .value),
        OptionDefinition("method", .value),
        OptionDefinition("status", .value),
        OptionDefinition("unmatched", .value),
        OptionDefinition("allow-warnings", .flag),
        OptionDefinition("unmapped", .value),
        OptionDefinition("update", .flag),
        OptionDefinition("report", .repeatable),
    ])

    public static let eval = CommandDefinition(.eval, [])

    public static let help = CommandDefinition(.help, [])

    public static func of(_ name: CommandName) -> CommandDefinition {
        switch name {
        case .apply: return apply
        case .lint: return lint
        case .fmt: return fmt
        case .check: return check
        case .eval: return eval
        case .help: return help
        }
    }
}
