import RKMap

extension Commands {
    /// `rkmap graph SPEC [--format mermaid|dot] [--attributes]`: the mapping
    /// graph as text (docs/spec.md §16).
    ///
    /// Exit status: 0 printed, 2 usage or spec error.
    public static func graph(_ options: GraphOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        guard let graph = loadSpec(options.spec, stderr: stderr) else { return usageOrSpecError }
        let diagram = SpecDiagram(graph, attributes: options.attributes)
        let text: String
        switch options.format {
        case .mermaid: text = MermaidRenderer.render(diagram)
        case .dot: text = DotRenderer.render(diagram)
        }
        return stoppingQuietly(stderr: stderr) {
            try stdout.write(text)
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
