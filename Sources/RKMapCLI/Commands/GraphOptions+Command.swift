import RKMap

extension GraphOptions {
    /// `rkmap graph`: the one declaration of its arguments and options.
    static var table: CommandTable<GraphOptions> {
        CommandTable(
            name: .graph,
            summary: "Draw a spec's mapping graph (Mermaid or DOT).",
            overview: "Draw a spec's mapping graph as Mermaid or Graphviz DOT text.",
            discussion: """
                Descriptors point to their root mappers; relationships are edges labelled
                'from -> to' ('*' marks to-many); dynamic mappers are decision nodes with an
                edge per matcher; connections are dashed. Output is deterministic.
                """,
            arguments: [ArgumentDefinition("SPEC", help: "The spec file.")],
            make: { args throws(UsageError) in GraphOptions(spec: try args.required("SPEC")) },
            options: [
                .choice("format", valueName: "FORMAT", \.format, help: "mermaid (default; GitHub renders it) or dot."),
                .flag("attributes", \.attributes, help: "List each mapper's attribute mappings."),
            ],
            examples: ["rkmap graph spec.json --format dot | dot -Tsvg > spec.svg"],
            exitStatus: "  0 printed, 2 usage or spec error.")
    }
}

/// `rkmap schema`: no arguments or options of its own.
struct SchemaOptions: Sendable, Equatable {
    static var table: CommandTable<SchemaOptions> {
        CommandTable(
            name: .schema,
            summary: "Print the JSON Schema of the spec format.",
            overview: "Print the JSON Schema (draft 2020-12) of the spec format.",
            discussion: """
                Point an editor at it for completion and checks while writing a spec: add
                "$schema": "PATH/TO/rkmap-spec.schema.json" to the spec, or configure the
                editor's JSON schema mapping. The same file is schema/rkmap-spec.schema.json
                in rkmap's repository. 'rkmap lint' remains the full check.
                """,
            arguments: [],
            make: { _ throws(UsageError) in SchemaOptions() },
            options: [],
            examples: ["rkmap schema > rkmap-spec.schema.json"],
            exitStatus: "  0 printed.")
    }
}
