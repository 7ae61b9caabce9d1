import Testing
@testable import RKMap

/// A record that is an element of the content array, whose to-many
/// relationship holds most of the document (`{"batches": [{"id": 1,
/// "items": [...]}, ...]}` with a `batches` key path), is streamed as the
/// content object's record is (`Splitter.splitRecord`): mapped without the
/// array at its position, written around the array's elements. In the
/// pipeline with a threshold of 0 every such element is streamed: the
/// answers are a whole read's.
@Suite struct RelationshipStreamingElementsTests {
    /// `spec` with its records in a content array at `keyPath`.
    static func inArray(_ spec: String, keyPath: String) -> String {
        spec.replacingOccurrences(of: #"{"keyPath": "","#, with: #"{"keyPath": "\#(keyPath)","#)
    }

    /// The content object's documents as elements of one content array
    /// (under `docs`, or the document itself), between small ones and
    /// values that map to nothing.
    static func arrayInput(_ documents: [String], keyPath: String) -> String {
        let elements = "[" + (documents + [#"{"name": "small"}"#, "null", "7"]).joined(separator: ", ") + "]"
        return keyPath.isEmpty ? elements : #"{"\#(keyPath)": \#(elements), "after": 1}"#
    }

    @Test(arguments: ["json", "json-compact", "ndjson", "dictionary", "csv"], ["docs", ""])
    func recordsInAContentArrayMapAsAWholeReadDoes(format: String, keyPath: String) throws {
        let spec = Self.inArray(RelationshipStreamingTests.spec, keyPath: keyPath)
        let input = Self.arrayInput(RelationshipStreamingTests.documents, keyPath: keyPath)
        for strict in [false, true] {
            var options = MappingOptions(keepGoing: true)
            options.strict = strict
            try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: options, streams: true)
        }
        var typed = MappingOptions(keepGoing: true)
        typed.onlyType = "Doc"
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: typed, streams: true)
    }

    /// Later properties and validations (a rejected, a skipped, a failed
    /// record) reported after each record's elements, records on both sides.
    @Test(arguments: ["json", "ndjson", "dictionary", "csv"])
    func laterPropertiesAndValidationsOfElementRecords(format: String) throws {
        let spec = Self.inArray(RelationshipStreamingTests.laterSpec, keyPath: "docs")
        for strict in [false, true] {
            var options = MappingOptions(keepGoing: true)
            options.strict = strict
            let input = Self.arrayInput(RelationshipStreamingTests.laterDocuments, keyPath: "docs")
            try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: options, streams: true)
        }
    }

    /// `@parent` and `@root` read by records of one array: each record's
    /// object is its own (`PipelineState.DocumentValue.parentObject`), also
    /// while the units of several records are mapped at once.
    @Test(arguments: ["json", "ndjson", "csv"])
    func eachRecordsElementsSeeTheirOwnParent(format: String) throws {
        let spec = #"""
            {"keyPath": "docs", "root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "attributes": {"id": "id", "@root.after": "after"},
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"n": "n", "@parent.id": "docId", "@root.after": "after"}}]}
            """#
        let documents = (0..<40).map { d in
            #"{"items": [\#((0..<(d % 5)).map { #"{"n": \#($0)}"# }.joined(separator: ", "))], "id": \#(d)}"#
        }
        let input = Self.arrayInput(documents, keyPath: "docs")
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        let run = try EngineRun.run(spec: spec, input: input, pipeline: true, format: "ndjson")
        // Worked out from §4: an item's `@parent.id` is its own record's
        // id. The small element has none of the keys (`@root` does not
        // count): no record (§5.2).
        let docs = run.output.split(separator: "\n").filter { $0.contains(#""@type":"Doc""#) }
        #expect(docs.count == 40)
        #expect(docs[3] == #"{"@type":"Doc","id":3,"after":1,"items":[{"@type":"Item","n":0,"docId":3,"after":1},{"@type":"Item","n":1,"docId":3,"after":1},{"@type":"Item","n":2,"docId":3,"after":1}]}"#)
    }

    /// Worked out from §5.2 and §8: each record at its position (its
    /// collection index), its elements' warnings at their paths under it,
    /// the records in the array's order around the small one.
    @Test func elementRecordsAreWrittenInPlaceWithTheirPaths() throws {
        let spec = Self.inArray(RelationshipStreamingTests.spec, keyPath: "docs")
        let input = #"{"docs": [{"name": "a", "items": [{"n": 1}, {"n": "two"}]}, {"name": "s"}, {"items": [{"n": 3}], "name": "b"}]}"#
        let run = try EngineRun.run(spec: spec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output == """
            [{"@type":"Doc","name":"a","i":0,"items":[{"@type":"Item","n":1,"i":0},{"@type":"Item","i":1}]},\
            {"@type":"Doc","name":"s","i":1},\
            {"@type":"Doc","name":"b","i":2,"items":[{"@type":"Item","n":3,"i":0}]}]

            """)
        #expect(run.diagnostics == [
            #"in.json: $.docs[0].items[1].n: warning: cannot convert string "two" to int [mapper item, attribute n]"#,
        ])
        #expect(run.stats.recordsPerType.map(\.type) == ["Item", "Doc"])
    }

    /// Into SQLite, over a database that holds rows, under every policy:
    /// the rows, rowids and links a whole read writes, each record with its
    /// array opened in the sink (`RecordSink.openRecord`); records of one
    /// entity repeated in the array are written in turn, as read whole.
    @Test(arguments: ["set", "union", "replace"])
    func elementRecordsWriteTheRowsAWholeReadWrites(policy: String) throws {
        let spec = Self.inArray(RelationshipStreamingTableTests.spec(policy: policy), keyPath: "docs")
        let second = RelationshipStreamingTableTests.second
        let runs = [
            [RelationshipStreamingTableTests.first, #"{"id": 5, "items": [{"n": 6}]}"#],
            Array(second.dropLast()),
            [second[0], second.last!, #"{"id": 6, "items": [{"n": 1}]}"#],
        ]
        var strict = MappingOptions(keepGoing: true)
        strict.strict = true
        for options in [MappingOptions(keepGoing: true), strict] {
            let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
            for documents in runs {
                let input = #"{"docs": [\#(documents.joined(separator: ", "))]}"#
                let a = try RelationshipStreamingTableTests.runSQLite(spec: spec, input: input, path: whole, pipeline: false, options: options)
                let b = try RelationshipStreamingTableTests.runSQLite(spec: spec, input: input, path: streamed, pipeline: true, options: options)
                #expect(a.diagnostics == b.diagnostics)
                #expect(a.outcome == b.outcome)
                #expect(a.stats == b.stats)
                // Every record whose `items` is an array (`[]` too, at a
                // threshold of 0); in a failing document (`--strict` and a
                // warning, a refused item) those up to where it fails.
                let arrays = documents.filter { $0.contains(#""items": ["#) }.count
                if b.diagnostics.contains(where: { $0.contains(": error: ") }) {
                    #expect(b.opened >= 1 && b.opened < arrays, "\(documents)")
                } else {
                    #expect(b.opened == arrays, "\(documents)")
                }
            }
            try RelationshipStreamingTableTests.expectSameDump(whole, streamed, policy)
        }
    }

    /// CSV through the open record (counted), elements of a top-level
    /// array: the bytes of a whole read.
    @Test func elementRecordsGiveAWholeReadsCSV() throws {
        let table = RelationshipStreamingTableTests.self
        let documents = [table.first] + table.second.dropLast() + table.unquoted
        let input = "[" + documents.joined(separator: ", ") + "]"
        let spec = Self.inArray(table.spec(), keyPath: "")
        let (whole, streamed) = (try table.runCSV(spec: spec, input: input, pipeline: false), try table.runCSV(spec: spec, input: input, pipeline: true))
        #expect(whole.opened == 0)
        // Every record whose `items` is an array.
        #expect(streamed.opened == documents.filter { $0.contains(#""items": ["#) }.count)
        #expect(streamed.opened == 7)
        #expect(whole.output == streamed.output)
    }

    /// `--max-depth` counts streamed content as a whole read counts it: the
    /// content array is one level (`mapCollection`), for plain elements and
    /// for element records with their related elements. Chains of
    /// nil-key-path relationships nest deeper than the JSON, so the mapping's
    /// own count decides; a streamed run counted one level less and passed
    /// where a whole read fails (found by a reviewer).
    @Test(arguments: [6, 7, 8], [true, false])
    func maxDepthCountsStreamedContentAsAWholeRead(limit: Int, record: Bool) throws {
        let chain = #"""
            {"id": "item", "target": "Item", "attributes": ["n"], "relationships": [{"from": "", "to": "s1", "map-ref": "c1"}]},
            {"id": "c1", "target": "C1", "attributes": ["n"], "relationships": [{"from": "", "to": "s2", "map-ref": "c2"}]},
            {"id": "c2", "target": "C2", "attributes": ["n"], "relationships": [{"from": "", "to": "s3", "map-ref": "c3"}]},
            {"id": "c3", "target": "C3", "attributes": ["n"]}
            """#
        // With `items.@count` read too, the batch is not a streamed record:
        // its elements are plain `elements` units' content.
        let count = record ? "" : #", "items.@count": "count""#
        let spec = #"""
            {"keyPath": "batches", "root-map-ref": "b", "mappers": [
              {"id": "b", "target": "Batch", "attributes": {"id": "id"\#(count)},
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              \#(chain)]}
            """#
        let plain = #"{"keyPath": "batches", "root-map-ref": "item", "mappers": [\#(chain)]}"#
        let input = #"{"batches": [{"id": 1, "items": [{"n": 1}, {"n": 2}]}]}"#
        var options = MappingOptions(keepGoing: true)
        options.maxDepth = limit
        for spec in [spec, plain] {
            let whole = try EngineRun.run(spec: spec, input: input, options: options, pipeline: false)
            let streamed = try EngineRun.run(spec: spec, input: input, options: options, pipeline: true)
            #expect(streamed.diagnostics == whole.diagnostics, "\(limit)")
            #expect(streamed.outcome == whole.outcome, "\(limit)")
        }
        // Worked out: content array 1, batch 2, items 3, item 4, then c1 to
        // c3 at 5 to 7 (the plain spec: item 2, c3 at 5).
        let whole = try EngineRun.run(spec: spec, input: input, options: options, pipeline: false)
        #expect(whole.diagnostics.isEmpty == (limit >= 7), "\(whole.diagnostics)")
    }
}
