import Testing
@testable import RKMap

/// The multi-threaded pipeline must give exactly what mapping document by
/// document gives: output bytes, diagnostics in order, and outcome.
@Suite struct PipelineEquivalenceTests {
    static let spec = """
    {"keyPath": "items", "root-map-ref": "item", "mappers": [
      {"id": "item", "dynamic": true, "matchers": [
        {"keyPath": "kind", "expectValue": "a", "map-ref": "a"},
        {"keyPath": "kind", "expectValue": "b", "map-ref": "b"}]},
      {"id": "a", "target": "A", "attributes": {"id": "id", "n": "n", "when": "when"},
       "types": {"n": "int", "when": "date"},
       "relationships": [{"from": "children", "to": "children", "map-ref": "c"}]},
      {"id": "b", "target": "B", "attributes": ["id", "text"]},
      {"id": "c", "target": "C", "attributes": ["name"]}]}
    """

    /// A deterministic document with declined elements, conversion warnings,
    /// unmappable children, nulls and nested arrays.
    static func document(elements: Int) -> String {
        var parts: [String] = []
        for i in 0..<elements {
            switch i % 7 {
            case 0: parts.append(#"{"kind": "a", "id": \#(i), "n": "\#(i)", "when": "2011-07-04T00:00:0\#(i % 10)Z", "children": [{"name": "x\#(i)"}, {"other": 1}, null]}"#)
            case 1: parts.append(#"{"kind": "b", "id": \#(i), "text": "é\n\"\#(i)\""}"#)
            case 2: parts.append(#"{"kind": "z", "id": \#(i)}"#)                        // declined
            case 3: parts.append(#"{"kind": "a", "id": \#(i), "n": "not a number"}"#)  // conversion warning
            case 4: parts.append("null")
            case 5: parts.append(#"[{"kind": "b", "id": \#(i)}, {"kind": "b", "text": "t"}]"#)  // nested array
            default: parts.append(#"{"kind": "b"}"#)                                     // unmappable
            }
        }
        return #"{"meta": {"count": \#(elements)}, "items": ["# + parts.joined(separator: ",\n") + "], \"tail\": [1, 2]}"
    }

    struct Run: Equatable {
        var output: [UInt8]
        var diagnostics: [String]
        var outcome: InputOutcome
        var stats: MappingStats
    }

    static func run(_ input: String, pipeline: Bool, format: String = "ndjson", options: MappingOptions = MappingOptions()) throws -> Run {
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        var options = options
        options.pipelineThreshold = pipeline ? 0 : Int.max
        let engine = try MappingEngine(graph: graph, options: options)
        var output: [UInt8] = []
        let write: ([UInt8]) throws -> Void = { output.append(contentsOf: $0) }
        let sink: RecordSink = format == "ndjson"
            ? NDJSONSink(output: write) : JSONTreeSink(output: write, shape: format == "json" ? .collection : .dictionary)
        let diagnostics = DiagnosticList()
        let outcome = try engine.run(input: Array(input.utf8), inputName: "in.json", sink: sink, diagnostics: diagnostics)
        try sink.finish()
        return Run(output: output, diagnostics: diagnostics.diagnostics.map(\.description), outcome: outcome, stats: engine.stats)
    }

    static func expectSame(_ input: String, format: String = "ndjson", options: MappingOptions = MappingOptions()) throws {
        let serial = try run(input, pipeline: false, format: format, options: options)
        let parallel = try run(input, pipeline: true, format: format, options: options)
        #expect(serial.outcome == parallel.outcome)
        #expect(serial.diagnostics == parallel.diagnostics)
        #expect(serial.stats == parallel.stats)
        #expect(serial.output == parallel.output, "outputs differ: \(serial.output.count) vs \(parallel.output.count) bytes")
    }

    @Test(arguments: ["ndjson", "json", "dictionary"])
    func largeStreamedDocument(format: String) throws {
        // Well above the 1 MiB pipeline threshold, so the content array is streamed.
        let input = Self.document(elements: 26_000)
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold)
        try Self.expectSame(input, format: format)
    }

    @Test func manySmallDocuments() throws {
        let docs = (0..<6_000).map { i in Self.document(elements: i % 9) }
        try Self.expectSame(docs.joined(separator: "\n"))
    }

    @Test func syntaxErrorAfterManyDocuments() throws {
        var docs = (0..<6_000).map { i in Self.document(elements: i % 5) }
        docs[4_000] = #"{"items": [1, 2,]}"#
        let serial = try Self.run(docs.joined(separator: "\n"), pipeline: false)
        #expect(serial.outcome.stoppedBySyntaxError)
        #expect(serial.outcome.documents == 4_001)
        try Self.expectSame(docs.joined(separator: "\n"))
    }

    @Test func syntaxErrorAtTheEndOfAStreamedDocumentWritesNothingForIt() throws {
        var input = Self.document(elements: 26_000)
        input.removeLast()  // the closing brace
        let parallel = try Self.run(input, pipeline: true)
        #expect(parallel.output.isEmpty)
        #expect(parallel.outcome.failed == 1)
        #expect(parallel.diagnostics.count == 1)
        #expect(parallel.diagnostics[0].contains("in.json:"))
        try Self.expectSame(input)
    }

    @Test func streamedDocumentWithoutTheKeyPathHasNoMappableContent() throws {
        let input = Self.document(elements: 26_000).replacingOccurrences(of: "\"items\":", with: "\"things\":")
        let parallel = try Self.run(input, pipeline: true)
        #expect(parallel.output.isEmpty)
        #expect(parallel.diagnostics.last?.contains("no mappable content") == true)
        try Self.expectSame(input)
    }

    @Test func strictModeIsNotStreamedAndFailsTheSame() throws {
        try Self.expectSame(Self.document(elements: 5_000), options: MappingOptions(strict: true))
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
