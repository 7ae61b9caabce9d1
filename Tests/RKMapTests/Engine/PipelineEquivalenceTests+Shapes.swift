import Testing
@testable import RKMap

/// `--shape dictionary` and `--shape object` (docs/spec.md §10.1) stream a
/// document with one applicable descriptor: `dictionary` writes its key path's
/// array as the records come, `object` keeps the first root and counts the
/// others. Every answer must be the one a whole-document read gives: pretty
/// and compact, empty, missing and object content, nested arrays, `--type`,
/// several documents.
extension PipelineEquivalenceTests {
    static let shapeInputs: [String] = [
        #"{"items": []}"#,
        #"{"other": 1}"#,
        #"{"items": [{"kind": "b", "id": 1, "text": "one"}]}"#,
        #"{"items": [{"kind": "b", "id": 1}, {"kind": "a", "id": 2, "n": "3"}]}"#,
        #"{"items": [[{"kind": "b", "id": 1}, {"kind": "b", "id": 2}], {"kind": "a", "id": 3}]}"#,
        #"{"items": [[{"kind": "b", "id": 1}]]}"#,
        #"{"items": [{"kind": "z"}, null, {"kind": "a", "id": 2, "n": "x"}]}"#,
        #"{"items": {"kind": "a", "id": 7, "children": [{"name": "c"}]}}"#,
        #"{"items": {"kind": "z"}}"#,
        #"{"items": 5}"#,
        document(elements: 3),
    ]

    @Test(arguments: ["dictionary", "dictionary-compact", "object", "object-compact", "json-compact"])
    func shapesStreamAndAnswerTheSame(format: String) throws {
        var options = MappingOptions()
        options.keepGoing = true
        var onlyB = options
        onlyB.onlyType = "B"
        for input in Self.shapeInputs + [Self.shapeInputs.joined(separator: "\n")] {
            for options in [options, onlyB] {
                let serial = try EngineRun.run(spec: Self.spec, input: input, options: options, pipeline: false, format: format)
                let streamed = try EngineRun.run(spec: Self.spec, input: input, options: options, pipeline: true, format: format) {
                    engine, sink in #expect(engine.canStream(into: sink))
                }
                #expect(serial == streamed, "\(input) --type \(options.onlyType ?? "-")")
            }
        }
    }

    /// Large documents, past one chunk: the dictionary is written as its
    /// elements are mapped; `object` fails such a document at its end, with
    /// its warnings first, as a whole read does.
    @Test(arguments: ["dictionary-compact", "object"])
    func largeDocumentInAShape(format: String) throws {
        let input = Self.document(elements: 26_000)
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold)
        try Self.expectSame(input, format: format)
        let streamed = try Self.run(input, pipeline: true, format: format)
        #expect(format != "object" || streamed.diagnostics.last?.contains("error: ") == true)
    }
}
