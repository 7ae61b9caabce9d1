import RKMap

extension FmtOptions {
    /// `rkmap fmt`: the one declaration of its arguments and options.
    static var table: CommandTable<FmtOptions> {
        CommandTable(
            name: .fmt,
            summary: "Rewrite a spec as canonical, strict JSON.",
            overview: "Rewrite a spec as canonical, strict JSON.",
            discussion: """
                Relaxed syntax is made strict (commas added, bare words quoted or replaced,
                comments dropped) and the result is indented with two spaces.
                """,
            arguments: [ArgumentDefinition("SPEC", help: "The spec file to format.")],
            make: { args throws(UsageError) in FmtOptions(spec: try args.required("SPEC")) },
            options: [
                .flag("write", short: "w", \.write, help: "Rewrite SPEC in place instead of printing to stdout."),
            ],
            exitStatus: "  0 formatted, 2 the spec has errors.")
    }
}
