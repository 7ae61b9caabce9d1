import RKMap

extension SerializeOptions {
    /// `rkmap serialize`: the one declaration of its arguments and options.
    static var table: CommandTable<SerializeOptions> {
        CommandTable(
            name: .serialize,
            summary: "Turn records back into request bodies.",
            overview: "Turn records back into request bodies with inverse mappings (RestKit's object serialization).",
            discussion: """
                RECORDS are read in the shapes 'rkmap apply' writes: each top-level object
                is a record, each element of a top-level array is one (an element that is
                an array holds records the same way, as for nested content), and an object
                without @type whose members are all arrays (--shape dictionary) holds the
                records of those arrays. Files may hold several documents (NDJSON).

                Which mapping serializes a record (the first that applies): --mapper ID
                (inverted, or applied forward for a request mapper); a request descriptor
                ("requestDescriptors") whose target is the record's @type and whose
                methods include --method; the inverse of the one mapper whose target is
                the record's @type. Otherwise the record fails; the others are written.

                Absent fields are left out and null is written as null. Dates are written
                in the mapper's first dateFormats entry, else the spec's, else as ISO 8601
                in UTC with milliseconds (1970-01-01T00:00:00.000Z).
                """,
            arguments: [
                ArgumentDefinition("SPEC", help: "The mapping spec file."),
                ArgumentDefinition("RECORDS", .zeroOrMore, help: "Record files. '-' or no RECORDS reads stdin."),
            ],
            make: { args throws(UsageError) in
                var o = SerializeOptions(spec: try args.required("SPEC"))
                o.inputs = args.remaining(default: ["-"])
                return o
            },
            options: [
                .choice("format", valueName: "FORMAT", \.format, help: """
                    json (default: pretty JSON bodies, one after
                    another), ndjson (one compact body per line) or
                    form (application/x-www-form-urlencoded, one body
                    per line: sorted keys, a[b]=v, a[]=v, a[][k]=v).
                    """),
                .text("output", short: "o", valueName: "FILE", completion: .file, \.output, help: """
                    Write to FILE instead of stdout (replaced when the
                    run ends; left as it was if an input does not parse).
                    """),
                .flag("compact", \.compact, help: "One line per JSON body."),
                .text("mapper", valueName: "ID", \.mapper, help: "Serialize every record with this mapper."),
                .value("method", valueName: "M", \.method, help: """
                    The request's method, to choose among request
                    descriptors (default POST).
                    """) { raw, values throws(UsageError) in try values.method(raw) ?? "POST" },
                .flag("nulls", \.nulls, help: "Write null for every absent attribute too."),
                .value("max-depth", valueName: "N", \.maxDepth, help: """
                    Deepest nesting followed (default 512, at most 10000).
                    """) { raw, values throws(UsageError) in try values.maxDepth(raw) },
            ],
            examples: [
                "rkmap apply spec.json response.json | rkmap serialize spec.json",
                "rkmap serialize spec.json article.json --format form --method PUT",
            ],
            exitStatus: """
                  0  every record serialized.
                  1  a record failed (no mapping for its type, not an object, a date that
                     cannot be written) or an input does not parse; the other records
                     are written.
                  2  usage error or spec error (an unknown --mapper too).
                """)
    }
}
