import RKMap

extension EvalOptions {
    /// `rkmap eval`: the one declaration of its arguments.
    static var table: CommandTable<EvalOptions> {
        CommandTable(
            name: .eval,
            summary: "Print true or false for each document.",
            overview: "Evaluate a predicate on each JSON document and print true or false.",
            discussion: """
                Handy for trying the predicates of dynamic mappers and validations. The
                document is SELF; key paths start there ("name", "author.id",
                "ANY tags == 'swift'").
                """,
            arguments: [
                ArgumentDefinition("PREDICATE", completion: .none, help: """
                    An NSPredicate-style predicate; quote it for the
                    shell: 'type == "Boy" AND age > 3'.
                    """),
                ArgumentDefinition("INPUT", .zeroOrMore, help: "Documents to test. '-' or no INPUT reads stdin."),
            ],
            make: { args throws(UsageError) in
                var o = EvalOptions(predicate: try args.required("PREDICATE"))
                o.inputs = args.remaining(default: ["-"])
                return o
            },
            options: [],
            examples: [#"echo '{"type": "Girl"}' | rkmap eval "type == 'Girl'""#],
            exitStatus: """
                  0 every document gave true (and there was at least one), 1 otherwise,
                  2 the predicate does not parse (the column is shown) or an input cannot
                  be read.
                """)
    }
}
