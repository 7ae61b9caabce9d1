import RKMap

extension LintOptions {
    /// `rkmap lint`: the one declaration of its arguments and options.
    static var table: CommandTable<LintOptions> {
        CommandTable(
            name: .lint,
            summary: "Check specs; print FILE:LINE:COL diagnostics.",
            overview: "Check mapping specs and report problems with line and column.",
            discussion: """
                Syntax the RestKit docs use but JSON does not allow (missing commas, bare
                words like YES, comments, trailing commas) is accepted with a warning;
                anything else is an error.
                """,
            arguments: [ArgumentDefinition("SPEC", .oneOrMore, help: "One or more spec files.")],
            make: { args throws(UsageError) in
                let first = try args.required("SPEC")
                return LintOptions(specs: [first] + args.remaining(default: []))
            },
            options: [
                .flag("strict", \.strict, help: "Treat every warning as an error."),
                .choice("format", valueName: "FORMAT", \.format, help: """
                    text (default; FILE:LINE:COL: severity: message),
                    json (an array of diagnostics) or github (workflow
                    annotations for GitHub Actions).
                    """),
            ],
            exitStatus: "  0 no errors, 2 a spec has errors (or warnings under --strict).")
    }
}
