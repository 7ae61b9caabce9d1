import RKMap

extension CheckOptions {
    /// `rkmap check`: the one declaration of its arguments and options.
    static var table: CommandTable<CheckOptions> {
        CommandTable(
            name: .check,
            summary: "Validate recorded API responses against a spec.",
            overview: "Validate recorded API responses against a spec (for CI).",
            discussion: """
                Each exchange is checked: a descriptor applies, the document maps with no
                warning, every member is mapped, every key path a mapper reads is in some
                object it mapped, and the output equals NAME.expected.json when that file
                exists. A response without a body (204, 304, HEAD, an OPTIONS preflight)
                is skipped unless a descriptor applies to it. One PASS, FAIL or SKIP line
                (with METHOD PATH STATUS) is printed per exchange, then 'N passed, M
                failed' (', K skipped').
                """,
            arguments: [
                ArgumentDefinition("SPEC", help: "The mapping spec file."),
                ArgumentDefinition("FIXTURE", .oneOrMore, help: """
                    A response body (*.json, facts from a sidecar
                    NAME.meta.json), a HAR 1.2 file (*.har, every JSON
                    or form-encoded entry, JSON served as another type,
                    body-less API responses), or a directory of them.
                    """),
            ],
            make: { args throws(UsageError) in
                let spec = try args.required("SPEC")
                let first = try args.required("FIXTURE")
                var o = CheckOptions(spec: spec, fixtures: [first] + args.remaining(default: []))
                // Below 512 only when the stack could not be reserved whole (LargeStack).
                o.maxDepth = min(o.maxDepth, LargeStack.maxDepthLimit)
                return o
            },
            options: [
                .text("path", valueName: "P", \.path, help: "Request path for body fixtures without a sidecar."),
                .value("method", valueName: "M", \.method, help: "Request method for body fixtures without a sidecar.") {
                    raw, values throws(UsageError) in try values.method(raw)
                },
                .value("status", valueName: "N", \.status, help: """
                    Response status (100-599) for body fixtures without
                    a sidecar (default 200).
                    """) { raw, values throws(UsageError) in try values.status(raw) },
                .choice("unmatched", valueName: "POLICY", \.unmatched, help: """
                    A HAR entry no descriptor applies to: skip (default;
                    a skipped note) or error (a failure). Body fixtures
                    always fail when unmatched.
                    """),
                .flag("allow-warnings", \.allowWarnings, help: "Let exchanges with mapping warnings pass."),
                .choice("unmapped", valueName: "POLICY", \.unmapped, help: """
                    Members no mapping reads: ignore, warn (default; in
                    the report) or error (the exchange fails).
                    """),
                .choice("missing", valueName: "POLICY", \.missing, help: """
                    Key paths a mapper reads that none of the objects
                    it mapped had (a field the API dropped or renamed):
                    ignore, warn (default) or error.
                    """),
                .flag("update", \.update, help: """
                    Write the NAME.expected.json goldens instead of
                    comparing with them; never for an exchange that
                    fails another check.
                    """),
                .repeatable("report", valueName: "KIND=FILE", \.reports, help: """
                    Also write a report: junit=FILE (JUnit XML) or
                    json=FILE. Repeatable. FILE '-' is stdout; the
                    PASS/FAIL lines then go to stderr.
                    """) { raw, values throws(UsageError) in try values.report(raw) },
                .value("max-depth", valueName: "N", \.maxDepth, help: """
                    Deepest nesting a fixture and its mapping may have
                    (default 512, at most 10000), as for 'rkmap apply'.
                    """) { raw, values throws(UsageError) in try values.maxDepth(raw) },
            ],
            validate: { o, command throws(UsageError) in
                let toStdout = o.reports.filter { $0.path == "-" }
                if toStdout.count > 1 {
                    throw .conflictingOptions(
                        "--report \(toStdout[0].kind.rawValue)=-", "--report \(toStdout[1].kind.rawValue)=-", command: command)
                }
            },
            notes: """
                With GITHUB_ACTIONS=true in the environment, failures are also printed as
                GitHub workflow annotations.
                """,
            exitStatus: "  0 every exchange passed, 1 any failed, 2 usage or spec error.")
    }
}
