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

    static func run(_ input: String, pipeline: Bool, format: String = "ndjson", options: MappingOptions = MappingOptions()) throws -> EngineRun {
        try EngineRun.run(spec: spec, input: input, options: options, pipeline: pipeline, format: format)
    }

    static func expectSame(_ input: String, format: String = "ndjson", options: MappingOptions = MappingOptions()) throws {
        let serial = try run(input, pipeline: false, format: format, options: options)
        let parallel = try run(input, pipeline: true, format: format, options: options)
        #expect(serial.outcome == parallel.outcome)
        #expect(serial.diagnostics == parallel.diagnostics)
        #expect(serial.stats == parallel.stats)
        // A Bool, not the arrays: on megabytes of output, the failure message's
        // element-by-element difference would take hours.
        let sameOutput = serial.output == parallel.output
        #expect(sameOutput, "outputs differ: \(serial.output.count) vs \(parallel.output.count) bytes")
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

    /// The default record limit grows with a document's size, which a streamed
    /// document knows only at its end (a pipe) or overestimates (what follows
    /// it in a file counts too): it is checked again there, and the document
    /// fails as a whole read fails it, not with exit status 0.
    @Test func theDefaultRecordLimitIsCheckedWithTheDocumentsOwnSize() throws {
        // One element with 1,100 children, each with all 1,100 as its
        // siblings (through `@parent`): 1,211,101 records from a 14 kB
        // document, past the minimum limit (1,000,000), however large the
        // input after it.
        let spec = #"""
            {"keyPath": "items", "root-map-ref": "x", "mappers": [
              {"id": "x", "target": "X", "attributes": ["id"], "relationships": [{"from": "children", "to": "children", "map-ref": "c"}]},
              {"id": "c", "target": "C", "attributes": ["id"], "relationships": [{"from": "@parent.children", "to": "siblings", "map-ref": "s"}]},
              {"id": "s", "target": "S", "attributes": ["id"]}]}
            """#
        let children = (0..<1_100).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        let padding = #"{"items": [], "pad": ""# + String(repeating: "a", count: 100_000) + #""}"#
        let input = #"{"items": [{"id": 0, "children": ["# + children + "]}]}\n" + padding
        let options = MappingOptions(keepGoing: true)
        for pipeline in [false, true] {
            let run = try EngineRun.run(spec: spec, input: input, options: options, pipeline: pipeline)
            #expect(run.outcome.documents == 2 && run.outcome.failed == 1, "pipeline: \(pipeline)")
            #expect(run.diagnostics.contains { $0.contains("error: the document makes more than 1,000,000 records") })
        }
    }

    @Test func streamedDocumentWithoutTheKeyPathHasNoMappableContent() throws {
        let input = Self.document(elements: 26_000).replacingOccurrences(of: "\"items\":", with: "\"things\":")
        let parallel = try Self.run(input, pipeline: true)
        #expect(parallel.output.isEmpty)
        #expect(parallel.diagnostics.last?.contains("no mappable content") == true)
        try Self.expectSame(input)
    }

    /// A document that is not streamed (its content is not in it: at a key
    /// path from `@metadata`, here a large `--meta` value) is mapped whole by
    /// a worker, its large output encoded and moving on in pieces (256 KiB)
    /// as it is written: the same bytes as writing it record by record.
    @Test(arguments: ["ndjson", "json"])
    func largeDocumentReadWholeIsEncodedInPieces(format: String) throws {
        let spec = #"""
            {"keyPath": "@metadata.batch[0].items", "mappers": [{"id": "b", "target": "B",
              "attributes": {"id": "id", "text": "text", "ref": "ref", "@metadata.batch[0].items.@count": "of"}}]}
            """#
        let batch = TestJSON.parse("[" + Self.cleanDocument(elements: 30_000) + "]")
        let options = MappingOptions(meta: [("batch", batch)])
        let input = #"{"unread": [1, 2, 3]}"#
        let serial = try EngineRun.run(spec: spec, input: input, options: options, pipeline: false, format: format)
        var streamed = true
        let parallel = try EngineRun.run(spec: spec, input: input, options: options, pipeline: true, format: format) {
            engine, sink in streamed = engine.canStream(into: sink)
        }
        #expect(!streamed)
        #expect(serial.output.utf8.count > 4 * SpilledBytes.size)
        #expect(serial.output.hasSuffix(format == "ndjson" ? #""of":30000}"# + "\n" : "}\n]\n"))
        #expect(serial == parallel)
    }

    /// Elements that map without a warning; with `warnAt`, that element has
    /// one (a number that is not a number).
    static func cleanDocument(elements: Int, warnAt: Int? = nil) -> String {
        let parts = (0..<elements).map { i in
            i == warnAt
                ? #"{"kind": "a", "id": \#(i), "n": "not a number"}"#
                : #"{"kind": "b", "id": \#(i), "text": "text \#(i)"}"#
        }
        return #"{"items": ["# + parts.joined(separator: ",") + "]}"
    }

    /// `--strict` streams too: the writer holds a streamed document's records
    /// until its end and writes them only if it had no warning, so the answer
    /// is the one a document read whole gives.
    @Test(arguments: ["ndjson", "json", "dictionary", "csv"])
    func strictModeStreamsAndFailsTheSame(format: String) throws {
        let strict = MappingOptions(strict: true)
        // Warnings throughout: nothing is written.
        let warned = try Self.run(Self.document(elements: 5_000), pipeline: true, format: format, options: strict)
        #expect(warned.outcome.failed == 1)
        #expect(warned.diagnostics.last?.contains("mapping warnings under --strict; the document is not written") == true)
        try Self.expectSame(Self.document(elements: 5_000), format: format, options: strict)
        // No warning: everything is written.
        let clean = try Self.run(Self.cleanDocument(elements: 3_000), pipeline: true, format: format, options: strict)
        #expect(clean.outcome.failed == 0 && clean.stats.recordsPerType.first?.count == 3_000)
        try Self.expectSame(Self.cleanDocument(elements: 3_000), format: format, options: strict)
        // A sequence: only the documents without warnings are written (--keep-going),
        // or the run stops at the first one with a warning.
        let docs = [
            Self.cleanDocument(elements: 2_000), Self.cleanDocument(elements: 2_000, warnAt: 1_000),
            Self.cleanDocument(elements: 10), Self.cleanDocument(elements: 2_000, warnAt: 1_999), Self.cleanDocument(elements: 5),
        ].joined(separator: "\n")
        var keepGoing = strict
        keepGoing.keepGoing = true
        let kept = try Self.run(docs, pipeline: true, format: format, options: keepGoing)
        #expect(kept.outcome.documents == 5 && kept.outcome.failed == 2)
        let keptRecords = kept.stats.recordsPerType.reduce(0) { $0 + $1.count }
        // Every element is a record (a conversion warning leaves one attribute
        // out), counted whether its document is written or not.
        #expect(keptRecords == 6_015)
        try Self.expectSame(docs, format: format, options: keepGoing)
        let stopped = try Self.run(docs, pipeline: true, format: format, options: strict)
        #expect(stopped.outcome.stopped && stopped.outcome.documents == 2)
        try Self.expectSame(docs, format: format, options: strict)
        // The first document fails after more output than a sink buffers
        // (64 KiB): nothing of it is written, and CSV's header comes with the
        // next document's rows.
        let firstFails = [Self.cleanDocument(elements: 3_000, warnAt: 2_999), Self.cleanDocument(elements: 10)].joined(separator: "\n")
        let second = try Self.run(firstFails, pipeline: true, format: format, options: keepGoing)
        #expect(second.outcome.failed == 1)
        #expect(second.output.contains("text 9") && !second.output.contains("text 10"))
        try Self.expectSame(firstFails, format: format, options: keepGoing)
    }

    /// A streamed document longer than the splitter's lookahead is written as it
    /// is read, except under `--strict`: a warning in its last element still
    /// keeps every record of it out of the output.
    @Test func strictHoldsADocumentLongerThanTheLookahead() throws {
        let input = Self.cleanDocument(elements: 200_000, warnAt: 199_999)
        #expect(input.utf8.count > Splitter.lookaheadBytes)
        let parallel = try Self.run(input, pipeline: true, options: MappingOptions(strict: true))
        #expect(parallel.output.isEmpty)
        #expect(parallel.outcome.failed == 1)
        #expect(parallel.diagnostics.count == 2)
        #expect(parallel.diagnostics.last?.contains("1 mapping warning under --strict; the document is not written") == true)
        // Without --strict the same document is written as it is read, warning and all.
        let loose = try Self.run(input, pipeline: true)
        let looseRecords = loose.stats.recordsPerType.reduce(0) { $0 + $1.count }
        #expect(looseRecords == 200_000)
        #expect(loose.output.utf8.count > 8_000_000)
        try Self.expectSame(input, options: MappingOptions(strict: true))
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
