import RKMap

/// Every piece of help text rkmap prints, in one place: the overview, one page
/// per command, and the one-line synopses that usage errors quote.
public enum HelpText {
    public static let version = "0.1.0"

    public static let topLevelSynopsis = "rkmap COMMAND [options]"

    /// The one-line form of a command, as usage hints print it.
    public static func synopsis(_ command: CommandName) -> String {
        switch command {
        case .apply: return "rkmap apply SPEC [INPUT ...] [options]"
        case .lint: return "rkmap lint SPEC ... [--strict] [--format text|json|github]"
        case .fmt: return "rkmap fmt SPEC [--write]"
        case .check: return "rkmap check SPEC FIXTURE ... [options]"
        case .eval: return "rkmap eval PREDICATE [INPUT ...]"
        case .help: return "rkmap help [COMMAND]"
        }
    }

    /// The page `rkmap help [COMMAND]` prints (ends with a newline).
    public static func page(for command: CommandName?) -> String {
        switch command {
        case nil: return overview
        case .apply: return apply
        case .lint: return lint
        case .fmt: return fmt
        case .check: return check
        case .eval: return eval
        case .help: return help
        }
    }

    static let overview = """
        OVERVIEW: rkmap applies declarative JSON mapping specs (RestKit object mapping,
        ported to the shell) to JSON documents.

        USAGE: rkmap COMMAND [options]

        COMMANDS:
          apply SPEC [INPUT ...]     Map documents with a spec and print the records.
          lint SPEC ...              Check specs; print FILE:LINE:COL diagnostics.
          fmt SPEC [--write]         Rewrite a spec as canonical, strict JSON.
          check SPEC FIXTURE ...     Validate recorded API responses against a spec.
          eval PREDICATE [INPUT ...] Print true or false for each document.
          help [COMMAND]             Show this overview or a command's help.

        OPTIONS:
          -h, --help                 Show help (also 'rkmap COMMAND --help').
          --version                  Print rkmap's version.

        EXIT STATUS:
          0 success, 1 the data failed, 2 usage or spec error.

        See 'rkmap help COMMAND' for a command's arguments and options.

        """

    static let apply = """
        OVERVIEW: Map JSON documents with a spec and print the records.

        Each input may hold one JSON document or several (NDJSON or concatenated
        JSON); each document is mapped on its own and written as it completes.

        USAGE: \(synopsis(.apply))

        ARGUMENTS:
          SPEC                   The mapping spec file (JSON; the relaxed syntax of
                                 the RestKit docs is accepted, see 'rkmap lint').
          INPUT                  Documents to map. '-' or no INPUT reads stdin.

        OPTIONS:
          --format FORMAT        Output format: json (default; a JSON tree per
                                 document), ndjson (one record per line), csv (a
                                 header row, one row per root record, nested objects
                                 flattened as author.name) or sqlite (a table per
                                 record type; needs -o).
          -o, --output FILE      Write to FILE instead of stdout ('-' is stdout).
                                 Without --format, the extension chooses it: .db
                                 .sqlite .sqlite3 sqlite, .csv csv, .ndjson .jsonl
                                 ndjson, else json. The file is replaced only
                                 when the run succeeds; a SQLite database is
                                 reused and upserted into.
          --shape SHAPE          How a document's records are grouped (json format):
                                 collection (default; one array of root records),
                                 dictionary (an object from each descriptor's key
                                 path to its records) or object (exactly one root
                                 record, else the document fails).
          --compact              Write JSON on one line instead of indented.
          --no-type              Leave out the "@type" member / column.
          --path P               The request path, matched against descriptors'
                                 path patterns; fills @metadata.routing.parameters.
                                 A full URL (https://host/v1/a?page=2) is fine:
                                 scheme, host and query are ignored.
          --method M             The request method (GET, POST, ...), matched
                                 against descriptors' "methods".
          --status N             The response status code (100-599), matched against
                                 descriptors' "statusCodes".
          --meta KEY=VALUE       Make VALUE available as @metadata.KEY. VALUE is read
                                 as JSON when it parses (2, true, ["a"]), else as a
                                 string. Repeatable. 'mapping', 'routing' and 'HTTP'
                                 are reserved.
          --strict               Treat mapping warnings as failures (exit 1).
          --stats                Print records per type, declined and unmappable
                                 counts to stderr when done.
          --max-depth N          Deepest nesting followed, in documents and
                                 relationships (default 512, at most 10000).
          --keep-going           Report and skip failing documents, write (and
                                 commit) the others; the exit status is still 1.
                                 Without it the first failing document stops the
                                 run.
          --explain              When no descriptor applies or finds content, say
                                 for each descriptor why.
          --progress             Show bytes read, percent, records and rate on
                                 stderr (default: on a terminal, inputs > 64 MiB).
          --color WHEN           Colour diagnostics: auto (default; on a terminal
                                 without NO_COLOR), always or never.
          -h, --help             Show this help.

        EXAMPLES:
          rkmap apply articles.spec.json response.json
          curl -s https://example.com/api/articles | rkmap apply articles.spec.json -
          rkmap apply spec.json --format sqlite -o cache.db page1.json page2.json
          rkmap apply spec.json --path /articles/42 --status 200 --meta page=2 doc.json

        EXIT STATUS:
          0  every document mapped.
          1  the data failed: an input does not parse, has no mappable content, a
             "fail" validation fired, or a mapping warning under --strict.
          2  usage error or spec error (nothing is mapped).
          130, 143, 129  stopped by SIGINT, SIGTERM or SIGHUP: no temporary
             file is left and -o files and databases keep their contents.
          On stdout, output already written for earlier documents stays
          valid; with -o, the file is replaced only when every document maps
          (with --keep-going, when the others do).

        """

    static let lint = """
        OVERVIEW: Check mapping specs and report problems with line and column.

        Syntax the RestKit docs use but JSON does not allow (missing commas, bare
        words like YES, comments, trailing commas) is accepted with a warning;
        anything else is an error.

        USAGE: \(synopsis(.lint))

        ARGUMENTS:
          SPEC                   One or more spec files.

        OPTIONS:
          --strict               Treat warnings (relaxed syntax) as errors.
          --format FORMAT        text (default; FILE:LINE:COL: severity: message),
                                 json (an array of diagnostics) or github (workflow
                                 annotations for GitHub Actions).
          -h, --help             Show this help.

        EXIT STATUS:
          0 no errors, 2 a spec has errors (or warnings under --strict).

        """

    static let fmt = """
        OVERVIEW: Rewrite a spec as canonical, strict JSON.

        Relaxed syntax is made strict (commas added, bare words quoted or replaced,
        comments dropped) and the result is indented with two spaces.

        USAGE: \(synopsis(.fmt))

        ARGUMENTS:
          SPEC                   The spec file to format.

        OPTIONS:
          -w, --write            Rewrite SPEC in place instead of printing to stdout.
          -h, --help             Show this help.

        EXIT STATUS:
          0 formatted, 2 the spec has errors.

        """

    static let check = """
        OVERVIEW: Validate recorded API responses against a spec (for CI).

        Each exchange is checked: a descriptor applies, the document maps with no
        warning, every member is mapped, and the output equals NAME.expected.json
        when that file exists. One PASS or FAIL line is printed per exchange, then
        'N passed, M failed'.

        USAGE: \(synopsis(.check))

        ARGUMENTS:
          SPEC                   The mapping spec file.
          FIXTURE                A response body (*.json, facts from a sidecar
                                 NAME.meta.json), a HAR 1.2 file (*.har, every JSON
                                 entry), or a directory of them.

        OPTIONS:
          --path P               Request path for body fixtures without a sidecar.
          --method M             Request method for body fixtures without a sidecar.
          --status N             Response status (100-599) for body fixtures without
                                 a sidecar (default 200).
          --unmatched POLICY     A HAR entry no descriptor applies to: skip (default;
                                 a skipped note) or error (a failure). Body fixtures
                                 always fail when unmatched.
          --allow-warnings       Let exchanges with mapping warnings pass.
          --unmapped POLICY      Members no mapping reads: ignore, warn (default; in
                                 the report) or error (the exchange fails).
          --update               Write the NAME.expected.json goldens instead of
                                 comparing with them.
          --report KIND=FILE     Also write a report: junit=FILE (JUnit XML) or
                                 json=FILE. Repeatable.
          -h, --help             Show this help.

        With GITHUB_ACTIONS=true in the environment, failures are also printed as
        GitHub workflow annotations.

        EXIT STATUS:
          0 every exchange passed, 1 any failed, 2 usage or spec error.

        """

    static let eval = """
        OVERVIEW: Evaluate a predicate on each JSON document and print true or false.

        Handy for trying the predicates of dynamic mappers and validations. The
        document is SELF; key paths start there ("name", "author.id",
        "ANY tags == 'swift'").

        USAGE: \(synopsis(.eval))

        ARGUMENTS:
          PREDICATE              An NSPredicate-style predicate; quote it for the
                                 shell: 'type == "Boy" AND age > 3'.
          INPUT                  Documents to test. '-' or no INPUT reads stdin.

        OPTIONS:
          -h, --help             Show this help.

        EXAMPLES:
          echo '{"type": "Girl"}' | rkmap eval "type == 'Girl'"

        EXIT STATUS:
          0 every document gave true (and there was at least one), 1 otherwise,
          2 the predicate does not parse (the column is shown) or an input cannot
          be read.

        """

    static let help = """
        OVERVIEW: Show help for rkmap or one of its commands.

        USAGE: \(synopsis(.help))

        ARGUMENTS:
          COMMAND                One of apply, lint, fmt, check, eval, help.

        OPTIONS:
          -h, --help             Show this help.

        """
}
