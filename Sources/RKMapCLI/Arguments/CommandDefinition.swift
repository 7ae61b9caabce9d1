/// Everything rkmap says about one command: its arguments and options (which
/// `ArgumentParser` reads), and the text of its help page, manual section and
/// shell completions. Each command declares it once, next to the fields its
/// options set (`ApplyOptions+Command.swift` and its siblings, via
/// `CommandTable`); nothing else lists a command's options.
public struct CommandDefinition: Sendable {
    public var name: CommandName
    /// One line for the overview's command list and completion menus.
    public var summary: String
    /// The `OVERVIEW:` sentence of the command's help page.
    public var overview: String
    /// Paragraphs after the overview, wrapped; empty for none.
    public var discussion: String
    public var arguments: [ArgumentDefinition]
    public var options: [OptionDefinition]
    /// A paragraph after the options, wrapped; empty for none.
    public var notes: String
    public var examples: [String]
    /// The `EXIT STATUS:` section, indented as printed; empty for none.
    public var exitStatus: String

    public init(
        _ name: CommandName, summary: String, overview: String, discussion: String = "",
        arguments: [ArgumentDefinition], options: [OptionDefinition], notes: String = "",
        examples: [String] = [], exitStatus: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.overview = overview
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.notes = notes
        self.examples = examples
        self.exitStatus = exitStatus
    }

    /// The option spelled `--name`, if declared.
    func option(long name: String) -> OptionDefinition? {
        options.first { $0.name == name }
    }

    /// The option spelled `-c`, if declared.
    func option(short c: Character) -> OptionDefinition? {
        options.first { $0.short == c }
    }

    /// The positional part of the synopsis: `SPEC [INPUT ...]`.
    var argumentUsage: String { arguments.map(\.usage).joined(separator: " ") }

    /// `rkmap apply SPEC [INPUT ...] [options]`: options are listed when there
    /// are at most two, else summarised as `[options]`.
    var synopsis: String {
        var words = ["rkmap", name.rawValue]
        if !arguments.isEmpty { words.append(argumentUsage) }
        if options.count > 2 {
            words.append("[options]")
        } else {
            for option in options {
                switch (option.kind, option.completion) {
                case (.flag, _): words.append("[\(option.longSpelling)]")
                case (_, .choices(let values)): words.append("[\(option.longSpelling) \(values.joined(separator: "|"))]")
                default: words.append("[\(option.longSpelling) \(option.valueName ?? "VALUE")]")
                }
            }
        }
        return words.joined(separator: " ")
    }

    /// The definition of every command, in the order help lists them.
    public static var all: [CommandDefinition] { CommandName.allCases.map(of) }

    public static func of(_ name: CommandName) -> CommandDefinition {
        CommandTableIndex.definition(of: name)
    }

    public static var apply: CommandDefinition { of(.apply) }
}
