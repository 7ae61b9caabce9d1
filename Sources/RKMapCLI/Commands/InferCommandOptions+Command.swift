import RKMap

extension InferCommandOptions {
    /// `rkmap infer`: the one declaration of its arguments and options.
    static var table: CommandTable<InferCommandOptions> {
        CommandTable(
            name: .infer,
            summary: "Write a working spec from sample responses.",
            overview: "Write a working spec from sample API responses.",
            discussion: """
                Every document of every SAMPLE is a sample; several are merged. The spec
                maps every member of the samples: the content (the largest array of
                objects, or --key-path), one mapper per place holding objects, typed
                attributes, relationships, dynamic mappers for discriminated objects, and
                descriptors for envelope members such as "meta" and "links". The result
                lints clean, and 'rkmap check SPEC SAMPLE --unmapped error --missing
                ignore' passes on every sample but those it warns about (a sample
                without the content or the envelope's members, a member named "").
                Notes on what was chosen go to stderr.
                """,
            arguments: [ArgumentDefinition("SAMPLE", .zeroOrMore, help: """
                JSON files (NDJSON and sequences allowed); '-' or no
                SAMPLE reads stdin.
                """)],
            make: { args throws(UsageError) in
                var o = InferCommandOptions(samples: args.remaining(default: ["-"]))
                // Below 512 only when the stack could not be reserved whole (LargeStack).
                o.maxDepth = min(o.maxDepth, LargeStack.maxDepthLimit)
                return o
            },
            options: [
                .text("key-path", valueName: "K", \.keyPath, help: "The key path of the content (default: found)."),
                .value("name", valueName: "TYPE", \.name, help: """
                    The record type of the content (default: from its
                    key, singular and PascalCase).
                    """) { raw, values throws(UsageError) in
                    guard !raw.isEmpty, !raw.contains("."), raw != "@type" else {
                        throw .invalidValue(option: "--name", value: raw, expected: "a record type name such as Article",
                                            command: values.command)
                    }
                    return raw
                },
                .flag("entity", \.entity, help: "Mappers with an id member become entities identified by it."),
                .value("max-depth", valueName: "N", \.maxDepth, help: """
                    Deepest nesting a sample may have (default 512, at
                    most 10000).
                    """) { raw, values throws(UsageError) in try values.maxDepth(raw) },
                .text("output", short: "o", valueName: "FILE", completion: .file, \.output, help: """
                    Write the spec to FILE instead of stdout.
                    """),
            ],
            examples: [
                "rkmap infer issues.json --name Issue -o issues.spec.json",
                "rkmap infer page1.json page2.json --entity",
            ],
            exitStatus: """
                  0  the spec was written.
                  1  a sample does not parse or holds nothing to map.
                  2  usage error, or a SAMPLE cannot be read.
                """)
    }
}
