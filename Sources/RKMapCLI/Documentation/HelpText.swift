/// The help rkmap prints, made from the command table (`CommandDefinition`):
/// the overview, one page per command, and the one-line synopses that usage
/// errors quote. The words live in the table; this file only lays them out.
public enum HelpText {
    public static let version = "0.1.0"

    public static let topLevelSynopsis = "rkmap COMMAND [options]"

    /// The width of the name column in ARGUMENTS and OPTIONS (after two spaces).
    static let labelWidth = 23

    /// The one-line form of a command, as usage hints print it.
    public static func synopsis(_ command: CommandName) -> String {
        CommandDefinition.of(command).synopsis
    }

    /// The page `rkmap help [COMMAND]` prints (ends with a newline).
    public static func page(for command: CommandName?) -> String {
        guard let command else { return overview }
        return page(CommandDefinition.of(command))
    }

    static var overview: String {
        let entries = CommandDefinition.all.map { d in
            (d.arguments.isEmpty ? d.name.rawValue : "\(d.name.rawValue) \(d.argumentUsage)", d.summary)
        }
        let width = max(26, entries.map(\.0.count).max() ?? 0) + 1
        let commands = entries.map { "  " + pad($0.0, to: width) + $0.1 }.joined(separator: "\n")
        return """
            OVERVIEW: rkmap applies declarative JSON mapping specs (RestKit object mapping,
            ported to the shell) to JSON documents.

            USAGE: \(topLevelSynopsis)

            COMMANDS:
            \(commands)

            OPTIONS:
              -h, --help                 Show help (also 'rkmap COMMAND --help').
              --version                  Print rkmap's version.

            EXIT STATUS:
              0 success, 1 the data failed, 2 usage or spec error.

            See 'rkmap help COMMAND' for a command's arguments and options.

            """
    }

    static func page(_ d: CommandDefinition) -> String {
        var sections = ["OVERVIEW: \(d.overview)"]
        if !d.discussion.isEmpty { sections.append(d.discussion) }
        sections.append("USAGE: \(d.synopsis)")
        if !d.arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + d.arguments.map { row($0.name, $0.help) }.joined(separator: "\n"))
        }
        let options = d.options.map { row(label($0), $0.help) } + [row("-h, --help", "Show this help.")]
        sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
        if !d.notes.isEmpty { sections.append(d.notes) }
        if !d.examples.isEmpty {
            sections.append("EXAMPLES:\n" + d.examples.map { "  " + $0 }.joined(separator: "\n"))
        }
        if !d.exitStatus.isEmpty { sections.append("EXIT STATUS:\n" + d.exitStatus) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `-o, --output FILE`, `--format FORMAT`, `--compact`.
    static func label(_ option: OptionDefinition) -> String {
        var label = option.short.map { "-\($0), " } ?? ""
        label += option.longSpelling
        if let value = option.valueName, option.takesValue { label += " " + value }
        return label
    }

    /// `  LABEL  help`, continuation lines under the help's first column; a
    /// label too long for its column gets the help on the next line.
    static func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 2 + labelWidth)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        var text = "  " + label
        if label.count < labelWidth {
            text = "  " + pad(label, to: labelWidth)
        } else {
            text += "\n" + indent
        }
        text += lines.first.map(String.init) ?? ""
        for line in lines.dropFirst() { text += "\n" + indent + line }
        return text
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
