import RKMap

/// `rkmap help [COMMAND] [--man]`.
struct HelpOptions: Equatable {
    /// The command to explain; `nil` for the overview.
    var topic: CommandName?
    /// Print the whole manual page (roff) instead.
    var man = false
}

extension HelpOptions {
    /// `rkmap help`: the one declaration of its argument and option.
    static var table: CommandTable<HelpOptions> {
        CommandTable(
            name: .help,
            summary: "Show this overview or a command's help.",
            overview: "Show help for rkmap or one of its commands.",
            arguments: [
                ArgumentDefinition("COMMAND", .optional, completion: .choices(CommandName.allCases.map(\.rawValue)), help: """
                    One of \(CommandName.allCases.map(\.rawValue).joined(separator: ", ")).
                    """),
            ],
            make: { args throws(UsageError) in
                guard let topic = args.optional() else { return HelpOptions(topic: nil) }
                guard let command = CommandName(rawValue: topic) else {
                    try args.noMore()
                    let names = CommandName.allCases.map(\.rawValue)
                    throw .unknownCommand(topic, suggestion: Suggestions.closest(to: topic, in: names))
                }
                return HelpOptions(topic: command)
            },
            options: [
                .flag("man", \.man, help: """
                    Print the manual page, rkmap(1), as roff ('make
                    install' installs it).
                    """),
            ])
    }
}
