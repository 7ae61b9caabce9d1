import Testing
@testable import RKMap

/// Records as JSON text (docs/spec.md §10.1, §10.2) when names need escaping: a
/// type and field names with quotes, backslashes, control characters and
/// non-ASCII, an absent first field, null and nested values. Every way a name
/// reaches the output is covered: escaped once up front (the sink knows the
/// spec), learned as records arrive (it does not), and per record (pipeline
/// workers of a sink made without the spec), on one thread and in the pipeline.
@Suite struct RecordJSONOutputTests {
    /// `c\\\\d` in the spec's JSON is the key path `c\\d`, an escaped backslash
    /// (docs/spec.md §4, "Escapes"): the field is named `c\d`.
    static let spec = #"""
    {"root-map-ref": "t", "mappers": [
      {"id": "t", "target": "T\"q", "attributes": {"a": "a\"b", "c": "c\\\\d", "e": "é"},
       "relationships": [{"from": "r", "to": "r", "map-ref": "u"},
                         {"from": "list", "to": "li\tst", "map-ref": "u", "many": true}]},
      {"id": "u", "target": "U", "attributes": ["x"]}]}
    """#

    static let input = #"""
    {"c": 2, "e": "t\u0001\"", "r": {"x": null}, "list": [{"x": 1}, {"x": [true, "\/"]}]}
    {"a": "first", "r": null}
    """#

    static let ndjson = #"""
    {"@type":"T\"q","c\\d":2,"é":"t\u0001\"","r":{"@type":"U","x":null},"li\tst":[{"@type":"U","x":1},{"@type":"U","x":[true,"/"]}]}
    {"@type":"T\"q","a\"b":"first","r":null}

    """#

    static let ndjsonWithoutType = #"""
    {"c\\d":2,"é":"t\u0001\"","r":{"x":null},"li\tst":[{"x":1},{"x":[true,"/"]}]}
    {"a\"b":"first","r":null}

    """#

    static let pretty = #"""
    [
      {
        "@type": "T\"q",
        "c\\d": 2,
        "é": "t\u0001\"",
        "r": {
          "@type": "U",
          "x": null
        },
        "li\tst": [
          {
            "@type": "U",
            "x": 1
          },
          {
            "@type": "U",
            "x": [
              true,
              "/"
            ]
          }
        ]
      }
    ]
    [
      {
        "@type": "T\"q",
        "a\"b": "first",
        "r": null
      }
    ]

    """#

    static let compact = #"""
    [{"@type":"T\"q","c\\d":2,"é":"t\u0001\"","r":{"@type":"U","x":null},"li\tst":[{"@type":"U","x":1},{"@type":"U","x":[true,"/"]}]}]
    [{"@type":"T\"q","a\"b":"first","r":null}]

    """#

    enum Output: CaseIterable { case ndjson, ndjsonWithoutType, pretty, compact }

    static func run(_ output: Output, pipeline: Bool, sinkKnowsSpec: Bool) throws -> String {
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        var options = MappingOptions()
        options.pipelineThreshold = pipeline ? 0 : Int.max
        let engine = try MappingEngine(graph: graph, options: options)
        var bytes: [UInt8] = []
        let write: (UnsafeRawBufferPointer) throws -> Void = { bytes.append(contentsOf: $0) }
        let known = sinkKnowsSpec ? graph : nil
        let sink: RecordSink
        switch output {
        case .ndjson: sink = NDJSONSink(output: write, graph: known)
        case .ndjsonWithoutType: sink = NDJSONSink(output: write, includeType: false, graph: known)
        case .pretty: sink = JSONTreeSink(output: write, graph: known)
        case .compact: sink = JSONTreeSink(output: write, pretty: false, graph: known)
        }
        let diagnostics = DiagnosticList()
        _ = try engine.run(input: Array(input.utf8), inputName: "in.ndjson", sink: sink, diagnostics: diagnostics)
        try sink.finish()
        #expect(diagnostics.diagnostics.isEmpty)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: Output.allCases, [false, true])
    func escapedNamesAndValues(_ output: Output, pipeline: Bool) throws {
        let expected: String
        switch output {
        case .ndjson: expected = Self.ndjson
        case .ndjsonWithoutType: expected = Self.ndjsonWithoutType
        case .pretty: expected = Self.pretty
        case .compact: expected = Self.compact
        }
        for sinkKnowsSpec in [true, false] {
            let written = try Self.run(output, pipeline: pipeline, sinkKnowsSpec: sinkKnowsSpec)
            #expect(written == expected, "sink knows the spec: \(sinkKnowsSpec)")
        }
    }
}
