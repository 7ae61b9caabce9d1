import Testing
@testable import RKMap

/// An element of a streamed content array that is itself an array is one
/// nested collection (docs/spec.md §5.2: `[[a, b], c]` maps to `[[A, B], C]`).
/// A large one is streamed element by element between `WorkUnit.nested`
/// units, and the sink writes the nested array as it comes
/// (`RecordSink.beginNestedArray`); so is the array a key through an array
/// collects from one large element (`batches.items` with one large batch).
/// In the pipeline with a threshold of 0 every such array is large: the
/// answers are those of a whole read, in every output.
@Suite struct NestedArrayStreamingTests {
    static let spec = #"""
        {"keyPath": "lists", "root-map-ref": "item", "mappers": [
          {"id": "item", "target": "Item", "attributes": {"n": "n", "@metadata.mapping.collectionIndex": "i"}}]}
        """#

    /// Nested arrays of every kind: empty, of scalars (a warning each), of
    /// arrays, next to objects and nulls.
    static let documents = [
        #"{"lists": [[{"n": 1}, {"n": 2}], [], {"n": 3}, [[{"n": 4}], 5], null, [[], [[{"n": 6}]]]]}"#,
        #"{"lists": [[]]}"#,
        #"{"lists": [[[[{"n": 7}]]], {"n": 8}, [null, null]]}"#,
        #"{"lists": [[{"n": 9}]], "lists2": [[{"n": 10}], [{"n": 11}]]}"#,
    ]

    @Test(arguments: ["ndjson", "json", "json-compact", "dictionary", "object", "csv"])
    func nestedArraysMapAsAWholeReadMapsThem(format: String) throws {
        let input = Self.documents.joined(separator: "\n")
        try EngineRun.expectStreamedSameAsWhole(
            input, spec: Self.spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
    }

    /// The records, their collection indexes (each nested array counts its
    /// own) and where the warnings are, worked out from §5.2 and §11.
    @Test func nestedArraysKeepTheirShapeAndPositions() throws {
        let run = try EngineRun.run(spec: Self.spec, input: Self.documents[0], pipeline: true, format: "json-compact")
        #expect(run.output == """
            [[{"@type":"Item","n":1,"i":0},{"@type":"Item","n":2,"i":1}],[],{"@type":"Item","n":3,"i":2},\
            [[{"@type":"Item","n":4,"i":0}]],[[],[[{"@type":"Item","n":6,"i":0}]]]]

            """)
        #expect(run.diagnostics.count == 1)
        #expect(run.diagnostics.first?.hasPrefix("in.json: $.lists[3][1]: warning: cannot map a number") == true)
    }

    /// The pipeline streams them: the sink is told of each nested array
    /// (four in the first document), where a whole read gives it `.many`
    /// roots and tells it of none.
    @Test func theSinkIsToldOfEachNestedArray() throws {
        for pipeline in [false, true] {
            let recording = NestedRecordingSink()
            let graph = try #require(SpecLoader.load(bytes: Array(Self.spec.utf8), file: "spec.json").graph)
            var options = MappingOptions(keepGoing: true)
            options.pipelineThreshold = pipeline ? 0 : Int.max
            let engine = try MappingEngine(graph: graph, options: options)
            _ = try engine.run(input: Array(Self.documents[0].utf8), inputName: "in.json", sink: recording, diagnostics: DiagnosticList())
            // lists[0], lists[1], lists[3], lists[3][0], lists[5], lists[5][0], lists[5][1], lists[5][1][0]
            #expect(recording.events.filter { $0 == "[" }.count == (pipeline ? 8 : 0))
            #expect(recording.events.filter { $0 == "]" }.count == (pipeline ? 8 : 0))
            #expect(recording.records == 5)
        }
    }

    /// `--type T`: a nested array left without a record of T disappears, as
    /// when read whole (docs/behaviour.md); one with some keeps them.
    @Test(arguments: ["json", "dictionary", "ndjson"])
    func onlyTypeLeavesOutANestedArrayWithoutItsType(format: String) throws {
        let spec = #"""
            {"keyPath": "lists", "root-map-ref": "pick", "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [{"keyPath": "t", "valueMap": {"a": "a", "b": "b"}}]},
              {"id": "a", "target": "A", "attributes": ["n"]}, {"id": "b", "target": "B", "attributes": ["n"]}]}
            """#
        let input = #"{"lists": [[{"t": "b", "n": 1}], [{"t": "a", "n": 2}, {"t": "b", "n": 3}], [], [[{"t": "b"}]], {"t": "a", "n": 4}]}"#
        var options = MappingOptions(keepGoing: true)
        options.onlyType = "A"
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: options, streams: true)
        let run = try EngineRun.run(spec: spec, input: input, options: options, pipeline: true, format: "json-compact")
        #expect(run.output == #"[[{"@type":"A","n":2}],{"@type":"A","n":4}]"# + "\n")
    }

    /// A second descriptor's nested arrays in `--shape dictionary` wait in
    /// their group; with connections (records held to the document's end)
    /// nested arrays come back from the held records.
    @Test(arguments: ["dictionary", "json", "ndjson"])
    func severalDescriptorsAndConnections(format: String) throws {
        let input = Self.documents.joined(separator: "\n")
        let twoDescriptors = #"""
            {"descriptors": [{"keyPath": "lists", "root-map-ref": "item"}, {"keyPath": "lists2", "root-map-ref": "item"}],
             "mappers": [{"id": "item", "target": "Item", "attributes": ["n"]}]}
            """#
        try EngineRun.expectStreamedSameAsWhole(
            input, spec: twoDescriptors, format: format, options: MappingOptions(keepGoing: true), streams: true)
        let connected = #"""
            {"keyPath": "lists", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": ["n"],
              "connections": [{"relationship": "next", "sourceAttribute": "n", "target": "Item", "targetAttribute": "n"}]}]}
            """#
        try EngineRun.expectStreamedSameAsWhole(
            input, spec: connected, format: format, options: MappingOptions(keepGoing: true), streams: true)
    }

    /// `batches.items` collects each batch's items: a large batch is read
    /// as it comes, its items found by key and streamed as a nested array; a
    /// value there that is not an array, or an array before the last key,
    /// is mapped as a whole read maps it.
    @Test(arguments: ["batches.items", "batches.inner.items", "batches.items.n"])
    func aLargeElementOfACollectedContentIsStreamed(keyPath: String) throws {
        let spec = #"{"keyPath": "\#(keyPath)", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"n": "n", "": "v"}}]}"#
        let input = [
            #"{"batches": [{"id": 1, "items": [{"n": 1}, [{"n": 2}], 3]}, {"items": {"n": 4}}, {"x": 1}, 5, {"items": null}, [{"items": [{"n": 6}]}]]}"#,
            #"{"batches": [{"inner": {"items": [{"n": 7}]}, "items": []}, {"inner": [{"items": [{"n": 8}]}, {"items": 9}]}]}"#,
            #"{"batches": [{"x": 1}]}"#,
        ].joined(separator: "\n")
        for format in ["json", "ndjson", "dictionary"] {
            try EngineRun.expectStreamedSameAsWhole(
                input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// A large batch follows the first member with the key, as the content
    /// path does; a later one is a warning at its value (a whole read takes the last).
    @Test func aRepeatedKeyInALargeElementIsAWarning() throws {
        let spec = #"{"keyPath": "batches.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": ["n"]}]}"#
        let input = #"{"batches": [{"items": [{"n": 1}], "items": [{"n": 2}]}]}"#
        let streamed = try EngineRun.run(spec: spec, input: input, pipeline: true, format: "json-compact")
        #expect(streamed.output == #"[[{"@type":"Item","n":1}]]"# + "\n")
        #expect(streamed.diagnostics == [
            "in.json:1:44: warning: key 'items' appears again; a streamed document is mapped from its first occurrence"
        ])
        let whole = try EngineRun.run(spec: spec, input: input, pipeline: false, format: "json-compact")
        #expect(whole.output == #"[[{"@type":"Item","n":2}]]"# + "\n")
    }
}

/// Records what the pipeline tells a sink: each nested array's start (`[`)
/// and end (`]`), and how many records it is given, nested or not.
private final class NestedRecordingSink: RecordSink {
    var events: [String] = []
    var records = 0

    func beginDocument(_ document: DocumentInfo) throws {}
    func beginDescriptor(_ descriptor: Descriptor) throws {}
    func write(_ root: FieldValue, descriptor: Descriptor) throws { records += Self.count(root) }
    func endDocument() throws {}
    func abandonDocument() throws {}
    func finish() throws {}
    var acceptsStreaming: Bool { true }
    var acceptsNestedArrays: Bool { true }
    func beginNestedArray(descriptor: Descriptor) throws { events.append("[") }
    func endNestedArray(descriptor: Descriptor) throws { events.append("]") }

    private static func count(_ root: FieldValue) -> Int {
        switch root {
        case .record: 1
        case .many(let list): list.reduce(0) { $0 + count($1) }
        case .value: 0
        }
    }
}
