import Testing
@testable import RKMap

/// A relationship from several keys (`"from": "data.children"` on
/// `{"kind": "Listing", "data": {"after": ..., "children": [...]}}`) is
/// streamed as one from a single key is (`StreamedRelationship`): the
/// splitter follows the keys through objects to the array, the record is
/// mapped with an empty array there, its other key paths into the same
/// objects (`data.after`) see the rest. In the pipeline with a threshold of 0
/// every such array is streamed: the answers are a whole read's.
@Suite struct RelationshipStreamingPathTests {
    static let spec = #"""
        {"keyPath": "", "root-map-ref": "listing", "mappers": [
          {"id": "listing", "target": "Listing", "attributes": {"kind": "kind", "data.after": "after", "data.meta.count": "count"},
           "types": {"count": "int"},
           "relationships": [{"from": "data.children", "to": "posts", "map-ref": "post", "many": true},
                             {"from": "data.mod", "to": "mod", "map-ref": "post"}]},
          {"id": "post", "target": "Post", "attributes": {"n": "n", "@parent.data.after": "after", "@metadata.mapping.collectionIndex": "i"},
           "types": {"n": "int"},
           "relationships": [{"from": "replies.children", "to": "replies", "map-ref": "post", "many": true}]}]}
        """#

    /// The array before or after the other members, empty, absent, null, an
    /// object, under a `data` that is not an object or an array of them
    /// (KVC collects then), repeated on the way, nested replies.
    static let documents = [
        #"{"kind": "Listing", "data": {"after": "a1", "children": [{"n": 1, "replies": {"children": [{"n": 2}]}}, {"n": "two"}, null, 5], "meta": {"count": "2"}}}"#,
        #"{"data": {"children": [{"n": 3}], "after": "a2", "mod": {"n": 9}}, "kind": "K"}"#,
        #"{"data": {"children": []}}"#,
        #"{"data": {"after": "a3"}}"#,
        #"{"data": {"children": null, "after": "a4"}}"#,
        #"{"data": {"children": {"n": 4}}}"#,
        #"{"data": 7, "kind": "scalar"}"#,
        #"{"data": [{"children": [{"n": 5}]}, {"children": [{"n": 6}]}]}"#,
        #"{"data": {"children": [{"n": 7}], "children": [{"n": 8}]}}"#,
        #"{"data": {"children": [{"n": 9}]}, "data": {"after": "last", "children": [{"n": 10}]}}"#,
        #"{"kind": "x", "data": {"meta": {"count": 3}, "children": [{"n": 11, "replies": {"children": [{"n": 12, "replies": {"children": []}}]}}]}}"#,
    ]

    @Test(arguments: ["json", "json-compact", "ndjson", "dictionary", "csv"])
    func aRelationshipFromSeveralKeysMapsAsAWholeReadDoes(format: String) throws {
        let graph = try #require(SpecLoader.load(bytes: Array(Self.spec.utf8), file: "spec.json").graph)
        // (`data.mod` too: to-one unless an array is there.)
        #expect(try MappingEngine(graph: graph, options: MappingOptions()).streamedRelationships.keys.sorted() == ["data.children", "data.mod"])
        let input = Self.documents.joined(separator: "\n")
        for strict in [false, true] {
            var options = MappingOptions(keepGoing: true)
            options.strict = strict
            try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: format, options: options, streams: true)
        }
        var typed = MappingOptions(keepGoing: true)
        typed.onlyType = "Listing"
        try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: format, options: typed, streams: true)
        // The same records as elements of a content array.
        let array = "[" + Self.documents.joined(separator: ", ") + "]"
        let inArray = RelationshipStreamingElementsTests.inArray(Self.spec, keyPath: "")
        try EngineRun.expectStreamedSameAsWhole(array, spec: inArray, format: format, options: MappingOptions(keepGoing: true), streams: true)
    }

    /// Worked out from §4 and §5.2: the record's fields from the rest of
    /// `data`, the elements' paths under `data.children`, their `@parent`
    /// the record's object.
    @Test func theRecordIsWrittenAroundTheElementsItFindsThroughItsKeys() throws {
        let input = #"{"data": {"children": [{"n": 1}, {"n": "two"}], "after": "t3"}, "kind": "Listing"}"#
        let run = try EngineRun.run(spec: Self.spec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output == """
            [{"@type":"Listing","kind":"Listing","after":"t3","posts":[{"@type":"Post","n":1,"after":"t3","i":0},{"@type":"Post","after":"t3","i":1}]}]

            """)
        #expect(run.diagnostics == [#"in.json: $.data.children[1].n: warning: cannot convert string "two" to int [mapper post, attribute n]"#])
    }

    /// Only where no other key path of the record goes to the array or
    /// stops on the way (`data` whole, `data.@count`), except to count it
    /// (`data.children.@count`), and no `@parent` key path reads it or what
    /// holds it.
    @Test(arguments: [
        (#"{"data.after": "after"}"#, #"{"n": "n", "@parent.data.after": "a"}"#, ["data.children"]),
        (#"{"data": "data"}"#, #"{"n": "n"}"#, []),
        (#"{"data.children.@count": "count"}"#, #"{"n": "n"}"#, ["data.children"]),
        (#"{"data.children.@count": "count", "data.after": "after"}"#, #"{"n": "n", "@parent.data.after": "a"}"#, ["data.children"]),
        (#"{"data.children.n": "ns"}"#, #"{"n": "n"}"#, []),
        (#"{"data.@count": "count"}"#, #"{"n": "n"}"#, []),
        (#"{"data.other": "other"}"#, #"{"n": "n", "@parent.data": "d"}"#, []),
        (#"{"kind": "kind"}"#, #"{"n": "n", "@parent.data.children": "all"}"#, []),
        (#"{"kind": "kind"}"#, #"{"n": "n", "@parent": "p"}"#, []),
        (#"{"data.children2": "x"}"#, #"{"n": "n", "@parent.kind": "k"}"#, ["data.children"]),
    ])
    func whichRelationshipsFromSeveralKeysAreStreamed(listing: String, post: String, streamed: [String]) throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "listing", "mappers": [
              {"id": "listing", "target": "Listing", "attributes": \#(listing),
               "relationships": [{"from": "data.children", "to": "posts", "map-ref": "post", "many": true}]},
              {"id": "post", "target": "Post", "attributes": \#(post)}]}
            """#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(try MappingEngine(graph: graph, options: MappingOptions()).streamedRelationships.keys.sorted() == streamed)
        let input = Self.documents.joined(separator: "\n")
        for format in ["json", "csv"] {
            try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// Into SQLite under every policy, over a database that holds rows: the
    /// rows, rowids and links a whole read writes, the record opened in the sink.
    @Test(arguments: ["set", "union", "replace"])
    func aRelationshipFromSeveralKeysWritesTheRowsAWholeReadWrites(policy: String) throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "listing", "mappers": [
              {"id": "listing", "target": "Listing", "entity": true, "identification": ["id"], "attributes": {"data.id": "id", "data.after": "after"},
               "relationships": [{"from": "data.children", "to": "posts", "map-ref": "post", "many": true, "assignmentPolicy": "\#(policy)"}]},
              {"id": "post", "target": "Post", "entity": true, "identification": ["n"], "attributes": ["n", "label"]}]}
            """#
        let runs = [
            #"{"data": {"id": 1, "after": "a", "children": [{"n": 1}, {"n": 2}, {"n": 3}]}}"#,
            #"{"data": {"children": [{"n": 3, "label": "x"}, null, {"n": 4}, {"n": 1}], "id": 1, "after": "b"}}"#,
        ]
        let streamed = try RelationshipStreamingTableTests.expectRunsLikeAWholeRead(spec: spec, runs: runs, policy)
        // §7: `replace` links exactly the new children and deletes 2, which
        // no link reaches; `set` and `union` keep it.
        let posts = try Fixture.query(streamed, #"SELECT "n" FROM "Post" ORDER BY "n""#)
        #expect(posts == (policy == "replace" ? [[1], [3], [4]] : [[1], [2], [3], [4]]))
    }
}
