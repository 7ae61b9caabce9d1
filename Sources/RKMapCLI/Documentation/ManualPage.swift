/// The manual page, rkmap(1), in roff (`man 7 man`), made from the command
/// table: one section per command with its arguments and options, so it
/// cannot drift from `rkmap help`. `rkmap help --man` prints it; `make install`
/// installs it.
enum ManualPage {
    static func text(commands: [CommandDefinition] = CommandDefinition.all) -> String {
        var s = """
            .TH RKMAP 1 "" "rkmap \(HelpText.version)" "User Commands"
            .SH NAME
            rkmap \\- apply declarative JSON mapping specs to JSON documents
            .SH SYNOPSIS
            .B rkmap
            .I COMMAND
            .RI [ options ]
            .SH DESCRIPTION
            rkmap applies declarative JSON mapping specs (RestKit object mapping, ported to
            the shell) to JSON documents: it maps API responses to typed records and writes
            them as a JSON tree, NDJSON, CSV or a SQLite database, and checks recorded
            responses against a spec.
            .SH COMMANDS

            """
        for command in commands {
            s += ".SS \"\(escape(command.synopsis))\"\n"
            s += paragraph(command.overview)
            if !command.discussion.isEmpty { s += ".PP\n" + paragraph(command.discussion) }
            for argument in command.arguments {
                s += ".TP\n.I \(argument.name)\n" + paragraph(argument.help)
            }
            for option in command.options {
                s += ".TP\n" + optionLabel(option) + paragraph(option.help)
            }
            if !command.notes.isEmpty { s += ".PP\n" + paragraph(command.notes) }
            if !command.examples.isEmpty {
                s += ".PP\nExamples:\n.PP\n.RS 4\n.nf\n"
                for example in command.examples { s += escapeLine(example) + "\n" }
                s += ".fi\n.RE\n"
            }
        }
        s += """
            .SH OPTIONS
            .TP
            .BR \\-h ", " \\-\\-help
            Show help; also
            .BR "rkmap help" " [" \\fICOMMAND\\fR ].
            .TP
            .B \\-\\-version
            Print rkmap's version.
            .SH EXIT STATUS
            0 success; 1 the data failed (an input does not parse, has no mappable content,
            a "fail" validation fired, or a mapping warning under \\-\\-strict); 2 usage or
            spec error.
            .SH ENVIRONMENT
            .TP
            .B NO_COLOR
            When set and not empty, messages are never coloured (https://no\\-color.org).
            .TP
            .B GITHUB_ACTIONS
            When "true",
            .B rkmap check
            also prints failures as GitHub workflow annotations.
            .TP
            .B RKMAP_PIPELINE_THRESHOLD
            Inputs of at least this many bytes are mapped on every core (default 1048576).
            .SH SEE ALSO
            .BR jq (1),
            .BR sqlite3 (1)

            """
        return s
    }

    /// `.BR \-o ", " \-\-output " " \fIFILE\fR`
    private static func optionLabel(_ option: OptionDefinition) -> String {
        var parts: [String] = []
        if let short = option.short { parts.append("\\-\(short), ") }
        parts.append("\\-\\-" + escape(option.name))
        var line = "\\fB" + parts.joined(separator: "\\fR\\fB") + "\\fR"
        if option.takesValue, let value = option.valueName { line += " \\fI" + escape(value) + "\\fR" }
        return line + "\n"
    }

    /// Help text as one filled paragraph: the line breaks of `rkmap help` are
    /// for an 80-column terminal, roff fills to the reader's width.
    private static func paragraph(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            out += escapeLine(String(trimmed)) + "\n"
        }
        return out
    }

    /// A text line: escaped, and protected when it starts with a control character.
    private static func escapeLine(_ line: String) -> String {
        let escaped = escape(line)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Backslashes and hyphens (roff reads `-` as a hyphen, not a minus sign).
    private static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(c)
            }
        }
        return out
    }
}
