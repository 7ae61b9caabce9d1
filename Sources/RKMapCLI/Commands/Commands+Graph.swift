import RKMap

extension Commands {
    /// `rkmap graph SPEC [--format mermaid|dot] [--attributes]`: the mapping
    /// graph as text (docs/spec.md §16).
    ///
    /// Exit status: 0 printed, 2 usage or spec error.
    public static func graph(_ options: GraphOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        guard let graph = loadSpec(options.spec, stderr: stderr) else { return usageOrSpecError }
        // Written a node at a time: a large spec's attribute lines are never
        // all held beside the compiled spec (docs/commands.md, graph).
        return stoppingQuietly(stderr: stderr) {
            switch options.format {
            case .mermaid: try MermaidRenderer.render(graph, attributes: options.attributes) { try stdout.write($0) }
            case .dot: try DotRenderer.render(graph, attributes: options.attributes) { try stdout.write($0) }
            }
            return success
        }
    }

    /// `rkmap schema`: the JSON Schema (draft 2020-12) of the spec format, the
    /// same text as `schema/rkmap-spec.schema.json` in the repository.
    public static func schema(stdout: ByteSink, stderr: ByteSink) -> Int32 {
        stoppingQuietly(stderr: stderr) {
            try stdout.write(SpecSchemaText.text)
            return success
        }
    }
}
