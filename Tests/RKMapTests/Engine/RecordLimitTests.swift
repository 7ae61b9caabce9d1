import Testing
@testable import RKMap

/// `--max-records` (issue 12, item 7): the default grows with the document, and
/// the engine fails a document past it without stopping the run.
@Suite struct RecordLimitTests {
    @Test func defaultLimitIsAMillionOrSixteenPerByte() {
        let options = MappingOptions()
        #expect(options.recordLimit(documentBytes: nil) == 1_000_000)
        #expect(options.recordLimit(documentBytes: 100) == 1_000_000)
        #expect(options.recordLimit(documentBytes: 100_000_000) == 1_600_000_000)
        #expect(options.recordLimit(documentBytes: Int.max) == Int.max)
        #expect(MappingOptions(maxRecords: 5).recordLimit(documentBytes: 100_000_000) == 5)
    }

    /// Each level doubles the records (two relationships from the same key):
    /// the document with 2^5 - 1 = 31 records fails under a limit of 20, and with
    /// keepGoing the
    /// next one maps.
    @Test func aDocumentPastTheLimitFailsAndTheNextMaps() throws {
        let spec = #"{"mappers": [{"id": "n", "target": "N", "attributes": ["v"], "relationships": [{"from": "a", "to": "l", "map-ref": "n"}, {"from": "a", "to": "r", "map-ref": "n"}]}]}"#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "s.json").graph)
        let engine = try MappingEngine(graph: graph, options: MappingOptions(keepGoing: true, maxRecords: 20))
        let input = String(repeating: #"{"a":"#, count: 4) + #"{"v":1}"# + String(repeating: "}", count: 4) + "\n" + #"{"v":2}"#
        var out: [UInt8] = []
        let sink = NDJSONSink(output: { out += $0 }, includeType: false)
        let diagnostics = DiagnosticList()
        let outcome = try engine.run(input: Array(input.utf8), inputName: "in", sink: sink, diagnostics: diagnostics)
        try sink.finish()
        #expect(outcome.failed == 1)
        #expect(diagnostics.diagnostics.map(\.description) == [
            "in: $.a.a.a: error: the document makes more than 20 records; stopped (raise the limit with --max-records N)",
        ])
        #expect(String(decoding: out, as: UTF8.self) == #"{"v":2}"# + "\n")
    }
}
