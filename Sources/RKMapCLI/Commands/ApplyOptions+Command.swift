import RKMap

extension ApplyOptions {
    /// `rkmap apply`: the one declaration of its arguments and options.
    static var table: CommandTable<ApplyOptions> {
        CommandTable(
            name: .apply,
            summary: "Map documents with a spec and print the records.",
            overview: "Map JSON documents with a spec and print the records.",
            discussion: """
                Each input may hold one JSON document or several (NDJSON or concatenated
                JSON); each document is mapped on its own and written as it completes.
                """,
            arguments: [
                ArgumentDefinition("SPEC", help: """
                    The mapping spec file (JSON; the relaxed syntax of
                    the RestKit docs is accepted, see 'rkmap lint').
                    """),
                ArgumentDefinition("INPUT", .zeroOrMore, help: "Documents to map. '-' or no INPUT reads stdin."),
            ],
            make: { args throws(UsageError) in
                var o = ApplyOptions(spec: try args.required("SPEC"))
                o.inputs = args.remaining(default: ["-"])
                // Below 512 only when the stack could not be reserved whole (LargeStack).
                o.maxDepth = min(o.maxDepth, LargeStack.maxDepthLimit)
                return o
            },
            options: [
                .value(
                    "format", valueName: "FORMAT", completion: .choices(ApplyOptions.Format.allCases.map(\.rawValue)),
                    \.requestedFormat, help: """
                    Output format: json (a JSON tree per document),
                    ndjson (one record per line), csv (a header row, one
                    row per root record, nested objects flattened as
                    author.name) or sqlite (a table per record type;
                    needs -o). Default: chosen by -o's extension (.db
                    .sqlite .sqlite3 sqlite, .csv csv, .ndjson .jsonl
                    ndjson), else json.
                    """) { _, values throws(UsageError) in try values.choice() },
                .value("output", short: "o", valueName: "FILE", completion: .file, \.output, help: """
                    Write to FILE instead of stdout ('-' is stdout). The
                    file is replaced only when the run succeeds; a SQLite
                    database is reused and upserted into.
                    """) { raw, _ throws(UsageError) in raw == "-" ? nil : raw },
                .choice("shape", valueName: "SHAPE", \.shape, help: """
                    How a document's records are grouped (json format):
                    collection (default; one array of root records),
                    dictionary (an object from each descriptor's key
                    path to its records) or object (exactly one root
                    record, else the document fails).
                    """),
                .flag("compact", \.compact, help: "Write JSON on one line instead of indented."),
                .flag("no-type", \.noType, help: "Leave out the \"@type\" member / column."),
                .text("type", valueName: "T", \.type, help: "Keep only root records of type T (every format)."),
                .text("path", valueName: "P", \.path, help: """
                    The request path, matched against descriptors'
                    path patterns; fills @metadata.routing.parameters.
                    A full URL (https://host/v1/a?page=2) is fine:
                    scheme, host and query are ignored.
                    """),
                .value("method", valueName: "M", \.method, help: """
                    The request method (GET, POST, ...), matched
                    against descriptors' "methods".
                    """) { raw, values throws(UsageError) in try values.method(raw) },
                .value("status", valueName: "N", \.status, help: """
                    The response status code (100-599), matched against
                    descriptors' "statusCodes".
                    """) { raw, values throws(UsageError) in try values.status(raw) },
                .repeatable("header", valueName: "NAME=VALUE", \.headers, help: """
                    A response header the document came with, readable
                    as @metadata.HTTP.response.headers.NAME (names
                    match ignoring case). Repeatable.
                    """) { raw, values throws(UsageError) in try values.header(raw) },
                .repeatable("meta", valueName: "KEY=VALUE", \.meta, help: """
                    Make VALUE available as @metadata.KEY. VALUE is read
                    as JSON when it parses (2, true, ["a"]), else as a
                    string. Repeatable. 'mapping', 'routing' and 'HTTP'
                    are reserved.
                    """) { raw, values throws(UsageError) in try values.metaEntry(raw) },
                .flag("strict", \.strict, help: "Treat mapping warnings as failures (exit 1)."),
                .flag("stats", \.stats, help: """
                    Print records per type, declined and unmappable
                    counts to stderr when done.
                    """),
                .value("max-depth", valueName: "N", \.maxDepth, help: """
                    Deepest nesting followed, in documents and
                    relationships (default 512, at most 10000).
                    """) { raw, values throws(UsageError) in try values.maxDepth(raw) },
                .value("max-records", valueName: "N", \.maxRecords, help: """
                    Most records one document may make; past it the
                    document fails (default: 1,000,000, or 16 per byte
                    of the document when that is more).
                    """) { raw, values throws(UsageError) in try values.maxRecords(raw) },
                .flag("keep-going", \.keepGoing, help: """
                    Report and skip failing documents, write (and
                    commit) the others; the exit status is still 1.
                    Without it the first failing document stops the run.
                    """),
                .flag("explain", \.explain, help: """
                    When no descriptor applies or finds content, say
                    for each descriptor why.
                    """),
                .flag("progress", \.progress, help: """
                    Show bytes read, percent, records and rate on
                    stderr (default: on a terminal, inputs > 64 MiB).
                    """),
                .choice("color", valueName: "WHEN", \.color, help: """
                    Colour diagnostics: auto (default; on a terminal
                    without NO_COLOR), always or never.
                    """),
                .choice("input-format", valueName: "FORMAT", \.inputFormat, help: """
                    json (default) or form: each input line is one
                    application/x-www-form-urlencoded document (a[b]=v
                    nests, a[]=v appends; values are strings).
                    """),
            ],
            validate: { o, command throws(UsageError) in
                if o.format == .sqlite, o.output == nil {
                    throw .outputFileRequired(format: o.format.rawValue, command: command)
                }
            },
            examples: [
                "rkmap apply articles.spec.json response.json",
                "curl -s https://example.com/api/articles | rkmap apply articles.spec.json -",
                "rkmap apply spec.json --format sqlite -o cache.db page1.json page2.json",
                "rkmap apply spec.json --path /articles/42 --status 200 --meta page=2 doc.json",
            ],
            exitStatus: """
                  0  every document mapped.
                  1  the data failed: an input does not parse, has no mappable content, a
                     "fail" validation fired, or a mapping warning under --strict.
                  2  usage error or spec error (nothing is mapped).
                  130, 143, 129  stopped by SIGINT, SIGTERM or SIGHUP: no temporary
                     file is left and -o files and databases keep their contents.
                  On stdout, output already written for earlier documents stays
                  valid; with -o, the file is replaced only when every document maps
                  (with --keep-going, when the others do).
                """)
    }
}
