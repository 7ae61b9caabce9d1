import RKMap

extension FmtOptions {
    /// `rkmap fmt`: the one declaration of its arguments and options.
    static var table: CommandTable<FmtOptions> {
        CommandTable(
            name: .fmt,
            summary: "Rewrite specs as canonical, strict JSON.",
            overview: "Rewrite specs as canonical, strict JSON.",
            discussion: """
                Relaxed syntax is made strict (commas added, bare words quoted or replaced)
                and the result is indented with two spaces; "description" and "comment"
                members are kept. Comments are not JSON: printing drops them with a
                warning, and --write refuses a file that has any (move the text into a
                "description" or "comment" member, or pass --drop-comments).
                """,
            arguments: [ArgumentDefinition("SPEC", .oneOrMore, help: """
                Spec files ('-' is stdin). Printing takes one; --write
                and --check take several.
                """)],
            make: { args throws(UsageError) in
                let first = try args.required("SPEC")
                return FmtOptions(specs: [first] + args.remaining(default: []))
            },
            options: [
                .flag("write", short: "w", \.write, help: "Rewrite each SPEC in place (only when it changes)."),
                .flag("check", \.check, help: """
                    Print the SPECs that are not canonical and exit 1;
                    change nothing (for CI).
                    """),
                .flag("drop-comments", \.dropComments, help: "Let --write drop comments."),
            ],
            validate: { o, command throws(UsageError) in
                if o.write && o.check { throw .conflictingOptions("--write", "--check", command: command) }
                if o.specs.count > 1 && !(o.write || o.check) {
                    throw .severalSpecsNeedOption(o.specs[1], options: "'--write' or '--check'", command: command)
                }
            },
            examples: [
                "rkmap fmt relaxed.json > strict.json",
                "rkmap fmt --check specs/*.json",
            ],
            exitStatus: """
                  0  formatted (or all canonical).
                  1  a SPEC is not canonical (--check) or has comments (--write).
                  2  a spec cannot be read or does not parse.
                """)
    }
}
