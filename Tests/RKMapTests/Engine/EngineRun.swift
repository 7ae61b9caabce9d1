import Testing
@testable import RKMap

/// What one run of the engine over an in-memory input gives, as the suites
/// that compare two ways of reading the same input (streamed or whole, through
/// a projection or not) compare it: the output, the diagnostics in order, the
/// outcome and the statistics.
struct EngineRun: Equatable {
    var output: String
    var diagnostics: [String]
    var outcome: InputOutcome
    var stats: MappingStats

    /// Maps `input` with `spec` into an NDJSON (`ndjson`), CSV (`csv`), JSON
    /// dictionary (`dictionary`), JSON object (`object`) or JSON collection
    /// sink; `compact` JSON with a `-compact` suffix (`json-compact`).
    ///
    /// - Parameters:
    ///   - pipeline: through the pipeline with a threshold of 0, so that every
    ///     document is streamed where the spec allows it; else serially, each
    ///     document read whole.
    ///   - inspect: looks at the engine and its sink before the run.
    static func run(
        spec: String, input: String, options: MappingOptions = MappingOptions(keepGoing: true), pipeline: Bool,
        format: String = "ndjson", inspect: (MappingEngine, RecordSink) -> Void = { _, _ in }
    ) throws -> EngineRun {
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        var options = options
        options.pipelineThreshold = pipeline ? 0 : Int.max
        let engine = try MappingEngine(graph: graph, options: options)
        var output: [UInt8] = []
        let write: (UnsafeRawBufferPointer) throws -> Void = { output.append(contentsOf: $0) }
        let sink: RecordSink
        switch format {
        case "ndjson": sink = NDJSONSink(output: write)
        case "csv": sink = CSVSink(output: write, graph: graph, roots: [graph.descriptors[0].rootMapper])
        default:
            let shape = OutputShape(rawValue: String(format.prefix { $0 != "-" })) ?? .collection
            sink = JSONTreeSink(output: write, shape: shape, pretty: !format.hasSuffix("-compact"), graph: graph)
        }
        inspect(engine, sink)
        let diagnostics = DiagnosticList()
        let outcome = try engine.run(input: Array(input.utf8), inputName: "in.json", sink: sink, diagnostics: diagnostics)
        try sink.finish()
        return EngineRun(
            output: String(decoding: output, as: UTF8.self), diagnostics: diagnostics.diagnostics.map(\.description),
            outcome: outcome, stats: engine.stats)
    }

    /// Expects the pipeline (`streams`: streaming the document, as
    /// `MappingEngine.canStream` decides) to give what a serial whole read
    /// gives: the same outcome, diagnostics in order, statistics and output.
    static func expectStreamedSameAsWhole(
        _ input: String, spec: String, format: String, options: MappingOptions, streams: Bool,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        var streamed = false
        let serial = try run(spec: spec, input: input, options: options, pipeline: false, format: format)
        let parallel = try run(spec: spec, input: input, options: options, pipeline: true, format: format) { engine, sink in
            streamed = engine.canStream(into: sink)
        }
        #expect(streamed == streams, sourceLocation: sourceLocation)
        #expect(serial.outcome == parallel.outcome, sourceLocation: sourceLocation)
        #expect(serial.diagnostics == parallel.diagnostics, sourceLocation: sourceLocation)
        #expect(serial.stats == parallel.stats, sourceLocation: sourceLocation)
        // A Bool, not the strings: a failure's difference of megabytes would not end.
        let sameOutput = serial.output == parallel.output
        #expect(sameOutput, "outputs differ: \(serial.output.count) vs \(parallel.output.count) bytes", sourceLocation: sourceLocation)
    }
}
