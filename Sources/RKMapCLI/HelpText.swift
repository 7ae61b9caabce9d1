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
        case .serialize: return "rkmap serialize SPEC [RECORDS ...] [options]"
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
        case .serialize: return serialize
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
          serialize SPEC [RECORDS]   Turn records back into request bodies.
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
          -o, --output FILE      Write to FILE instead of stdout. The file is
                                 replaced only when the run succeeds; a SQLite
                                 database is reused and upserted into.
          --shape SHAPE          How a document's records are grouped (json format):
                                 collection (default; one array of root records),
                                 dictionary (an object from each descriptor's key
                                 path to its records) or object (exactly one root
                                 record, else the document fails).
          --compact              Write JSON on one line instead of indented.
          --no-type              Leave out the "@type" member / column.
          --path P               The request path, matched against descriptors'
                                 path patterns; fills @metadata.routing.parameters.
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
          --input-format FORMAT  json (default) or form: each input line is one
                                 application/x-www-form-urlencoded document
                                 (a[b]=v nests, a[]=v appends; values are strings).
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
          On stdout, output already written for earlier documents stays
          valid; with -o, the file is replaced only when every document maps.

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

    static let serialize = """
        OVERVIEW: Turn records back into request bodies (RestKit's object
        serialization, with inverse mappings).

        RECORDS are read in the shapes 'rkmap apply' writes: each top-level object
        is a record, each element of a top-level array is one, and an object
        without @type whose members are all arrays (--shape dictionary) holds the
        records of those arrays. Files may hold several documents (NDJSON).

        USAGE: \(synopsis(.serialize))

        ARGUMENTS:
          SPEC                   The mapping spec file.
          RECORDS                Record files. '-' or no RECORDS reads stdin.

        WHICH MAPPING, for each record (the first that applies):
          1. --mapper ID (inverted, or applied forward for a request mapper);
          2. a request descriptor ("requestDescriptors") whose target is the
             record's @type and whose methods include --method;
          3. the inverse of the one mapper whose target is the record's @type.
          Otherwise the record fails (exit status 1); the others are written.

        OPTIONS:
          --format FORMAT        json (default: pretty JSON bodies, one after
                                 another), ndjson (one compact body per line) or
                                 form (application/x-www-form-urlencoded, one body
                                 per line: sorted keys, a[b]=v, a[]=v, a[][k]=v).
          -o, --output FILE      Write to FILE instead of stdout (replaced at the end).
          --compact              One line per JSON body.
          --mapper ID            Serialize every record with this mapper.
          --method M             The request's method, to choose among request
                                 descriptors (default POST).
          --nulls                Write null for every absent attribute too.
          --max-depth N          The deepest nesting followed (default 512).

        Absent fields are left out and null is written as null. Dates are written
        in the mapper's first dateFormats entry, else the spec's, else as ISO 8601
        in UTC with milliseconds (1970-01-01T00:00:00.000Z).

        EXAMPLES:
          rkmap apply spec.json response.json | rkmap serialize spec.json
          rkmap serialize spec.json article.json --format form --method PUT

        EXIT STATUS:
          0 every record serialized, 1 a record failed or an input does not parse,
          2 usage or spec error.

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
