import Testing
@testable import RKMap

/// A spec with a `fail` validation (docs/spec.md §8) streams a large document
/// too: the sink holds the document's output until its end, and a failing
/// element fails the whole document with what a whole-document read prints,
/// nothing of it written.
extension PipelineEquivalenceTests {
    static let failSpec = validatedSpec(predicate: "SELF != 'bad'")

    static func validatedSpec(predicate: String) -> String {
        """
        {"keyPath": "items", "root-map-ref": "item", "mappers": [
          {"id": "item", "dynamic": true, "matchers": [
            {"keyPath": "kind", "expectValue": "a", "map-ref": "a"},
            {"keyPath": "kind", "expectValue": "b", "map-ref": "b"}]},
          {"id": "a", "target": "A", "attributes": {"id": "id", "n": "n"}, "types": {"n": "int"}},
          {"id": "b", "target": "B", "attributes": ["id", "text"],
           "validations": [{"attribute": "text", "predicate": "\(predicate)", "onFailure": "fail"}]}]}
        """
    }

    /// Elements that map cleanly, but `warnAt` (a conversion warning) and
    /// `failAt` (a `text` the validation refuses).
    static func validatedDocument(elements: Int, warnAt: [Int] = [], failAt: Int? = nil) -> String {
        let parts = (0..<elements).map { i in
            if i == failAt { return #"{"kind": "b", "id": \#(i), "text": "bad"}"# }
            if warnAt.contains(i) { return #"{"kind": "a", "id": \#(i), "n": "not a number"}"# }
            return #"{"kind": "b", "id": \#(i), "text": "text \#(i)"}"#
        }
        return #"{"items": ["# + parts.joined(separator: ",") + "]}"
    }

    /// The same with a validation that reads `@root` (whose document is read
    /// into memory before its elements are streamed, `Splitter.readRoot`).
    static let rootFailSpec = validatedSpec(predicate: "SELF != 'bad' AND @root.items.@count > 0")

    static func runValidated(
        _ input: String, pipeline: Bool, format: String, options: MappingOptions, spec: String = failSpec
    ) throws -> EngineRun {
        try EngineRun.run(spec: spec, input: input, options: options, pipeline: pipeline, format: format) { engine, sink in
            // The point of the suite: such a spec is streamed, not read whole.
            #expect(engine.graph.usesFailValidation && engine.canStream(into: sink))
        }
    }

    static func expectSameValidated(_ input: String, format: String, options: MappingOptions, spec: String = failSpec) throws {
        let serial = try runValidated(input, pipeline: false, format: format, options: options, spec: spec)
        let parallel = try runValidated(input, pipeline: true, format: format, options: options, spec: spec)
        #expect(serial.outcome == parallel.outcome)
        #expect(serial.diagnostics == parallel.diagnostics)
        #expect(serial.stats == parallel.stats)
        let sameOutput = serial.output == parallel.output
        #expect(sameOutput, "outputs differ: \(serial.output.count) vs \(parallel.output.count) bytes")
    }

    /// A late failure after more output than a sink buffers (64 KiB): only
    /// the warnings before it and the failure are printed, nothing is
    /// written; the warning after it is not printed, as a whole read stops
    /// at the failure.
    @Test(arguments: ["ndjson", "json", "json-compact", "dictionary", "object", "csv"])
    func failValidationStreamsAndFailsTheSame(format: String) throws {
        var keepGoing = MappingOptions()
        keepGoing.keepGoing = true
        let input = Self.validatedDocument(elements: 5_000, warnAt: [10, 4_500], failAt: 4_000)
        let failed = try Self.runValidated(input, pipeline: true, format: format, options: keepGoing)
        // CSV writes its header at the end all the same.
        #expect(failed.output.isEmpty || format == "csv" && failed.output == "@type,id,n,text\r\n")
        #expect(failed.outcome.failed == 1)
        #expect(failed.diagnostics == [
            "in.json: $.items[10].n: warning: cannot convert string \"not a number\" to int [mapper a, attribute n]",
            "in.json: $.items[4000]: warning: validation of text failed: SELF != 'bad'; the document fails [mapper b, attribute text]",
            "in.json: $.items[4000]: error: validation of text failed: SELF != 'bad' [mapper b, attribute text]",
        ])
        try Self.expectSameValidated(input, format: format, options: keepGoing)
        // No failure: everything is written (one root for `object`, which
        // fails such a document as a whole read does).
        let clean = Self.validatedDocument(elements: 3_000)
        let written = try Self.runValidated(clean, pipeline: true, format: format, options: keepGoing)
        #expect(written.outcome.failed == (format == "object" ? 1 : 0))
        try Self.expectSameValidated(clean, format: format, options: keepGoing)
        // Under --strict too: the failure, not the strict error.
        var strict = keepGoing
        strict.strict = true
        try Self.expectSameValidated(input, format: format, options: strict)
    }

    /// Documents in a row, the first one failing: with --keep-going the
    /// others are written (CSV's header with the first written rows), without
    /// it the run stops at the failure.
    @Test(arguments: ["ndjson", "json", "dictionary", "csv"])
    func failValidationInASequence(format: String) throws {
        let docs = [
            Self.validatedDocument(elements: 3_000, warnAt: [5], failAt: 2_999), Self.validatedDocument(elements: 2_000, warnAt: [7]),
            Self.validatedDocument(elements: 10, failAt: 0), Self.validatedDocument(elements: 2_000), Self.validatedDocument(elements: 5),
        ].joined(separator: "\n")
        var keepGoing = MappingOptions()
        keepGoing.keepGoing = true
        let kept = try Self.runValidated(docs, pipeline: true, format: format, options: keepGoing)
        #expect(kept.outcome.documents == 5 && kept.outcome.failed == 2)
        #expect(kept.output.contains("text 1999") && !kept.output.contains("text 2999"))
        try Self.expectSameValidated(docs, format: format, options: keepGoing)
        let stopped = try Self.runValidated(docs, pipeline: true, format: format, options: MappingOptions())
        #expect(stopped.outcome.stopped && stopped.outcome.documents == 1)
        #expect(stopped.output.isEmpty || format == "csv" && stopped.output == "@type,id,n,text\r\n")
        try Self.expectSameValidated(docs, format: format, options: MappingOptions())
    }

    /// A streamed document longer than the splitter's lookahead is written as
    /// it is read, but not with a `fail` validation: a failure in its last
    /// element still keeps every record of it out of the output.
    @Test func failValidationHoldsADocumentLongerThanTheLookahead() throws {
        let input = Self.validatedDocument(elements: 200_000, failAt: 199_999)
        #expect(input.utf8.count > Splitter.lookaheadBytes)
        let parallel = try Self.runValidated(input, pipeline: true, format: "ndjson", options: MappingOptions())
        #expect(parallel.output.isEmpty)
        #expect(parallel.outcome.failed == 1 && parallel.outcome.stopped)
        #expect(parallel.diagnostics.count == 2)
        #expect(parallel.diagnostics.last == "in.json: $.items[199999]: error: validation of text failed: SELF != 'bad' [mapper b, attribute text]")
        try Self.expectSameValidated(input, format: "ndjson", options: MappingOptions())
        try Self.expectSameValidated(Self.validatedDocument(elements: 200_000), format: "json", options: MappingOptions())
    }

    /// With a validation reading `@root` too: a late failure writes nothing,
    /// with the diagnostics of a whole read, and a document without one is
    /// written whole.
    @Test(arguments: ["ndjson", "json", "csv"])
    func failValidationReadingRoot(format: String) throws {
        var keepGoing = MappingOptions()
        keepGoing.keepGoing = true
        let docs = [
            Self.validatedDocument(elements: 3_000, warnAt: [5, 2_999], failAt: 2_000), Self.validatedDocument(elements: 2_000),
        ].joined(separator: "\n")
        let streamed = try Self.runValidated(docs, pipeline: true, format: format, options: keepGoing, spec: Self.rootFailSpec)
        #expect(streamed.outcome.failed == 1 && streamed.diagnostics.count == 3)
        #expect(streamed.output.contains("text 1999") && !streamed.output.contains("text 2998"))
        try Self.expectSameValidated(docs, format: format, options: keepGoing, spec: Self.rootFailSpec)
    }

    /// A syntax error after the failing element: a whole read reports only
    /// the syntax error (it never maps the document), and so does a streamed
    /// one, whether it fits in the lookahead or not.
    @Test(arguments: [20_000, 200_000])
    func aSyntaxErrorAfterTheFailureIsAllThatIsReported(elements: Int) throws {
        var input = Self.validatedDocument(elements: elements, warnAt: [5], failAt: 100)
        input.removeLast()  // the closing brace
        let parallel = try Self.runValidated(input, pipeline: true, format: "ndjson", options: MappingOptions())
        #expect(parallel.output.isEmpty)
        #expect(parallel.diagnostics.count == (elements > 100_000 ? 2 : 1))  // a long one's earlier warning is printed as it comes
        #expect(parallel.diagnostics.last?.contains("after an object member") == true)
        if elements < 100_000 { try Self.expectSameValidated(input, format: "ndjson", options: MappingOptions()) }
    }
}
