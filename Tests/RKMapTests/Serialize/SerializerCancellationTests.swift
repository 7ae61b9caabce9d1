import Testing
@testable import RKMap

/// `Serializer.run` asks its cancellation check before each document, and what
/// the check throws ends the run there (docs/spec.md §11: a signal stops
/// `serialize` at a document boundary, as it stops `apply`).
@Suite struct SerializerCancellationTests {
    struct Stop: Error {}

    static let spec = #"{"mappers": [{"id": "p", "target": "Person", "attributes": ["id", "name"]}]}"#

    /// Serializes `documents` records, one NDJSON line each, with a check that
    /// throws once `allowed` documents have been asked about; the bodies written.
    static func run(documents: Int, allowed: Int, threshold: Int) throws -> (written: [String], thrown: Bool, asked: Int) {
        let graph = try #require(SpecTest.load(spec).graph)
        var options = SerializationOptions()
        options.format = .ndjson
        options.pipelineThreshold = threshold
        let serializer = try Serializer(graph: graph, options: options)
        let text = (0..<documents).map { #"{"@type":"Person","id":\#($0),"name":"n\#($0)"}"# }.joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        var written: [UInt8] = []
        var asked = 0
        var thrown = false
        try bytes.withUnsafeBytes { raw in
            var input = ChunkedInput(bytes: raw)
            do {
                _ = try serializer.run(
                    reading: &input, inputName: "<test>", maxDepth: 512, write: { written += $0 },
                    diagnostics: DiagnosticList(),
                    cancellation: {
                        asked += 1
                        if asked > allowed { throw Stop() }
                    })
            } catch is Stop {
                thrown = true
            }
        }
        let lines = String(decoding: written, as: UTF8.self).split(separator: "\n").map(String.init)
        return (lines, thrown, asked)
    }

    @Test func theSerialRunStopsAtTheDocumentTheCheckRefuses() throws {
        let r = try Self.run(documents: 10, allowed: 4, threshold: 1 << 30)
        #expect(r.thrown)
        #expect(r.written == (0..<4).map { #"{"id":\#($0),"name":"n\#($0)"}"# })
    }

    @Test func anUnrefusedRunWritesEverything() throws {
        let r = try Self.run(documents: 10, allowed: .max, threshold: 1 << 30)
        #expect(!r.thrown)
        #expect(r.written.count == 10)
        #expect(r.asked >= 10)
    }

    /// A large input goes through the pipeline, which asks before each unit
    /// it writes: a refusal stops it with only whole documents written.
    @Test func thePipelineStopsWhenTheCheckRefuses() throws {
        let r = try Self.run(documents: 2_000, allowed: 0, threshold: 1)
        #expect(r.thrown)
        #expect(r.written.isEmpty)
    }
}
