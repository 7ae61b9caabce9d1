import Testing
@testable import RKMap

/// With `"keyMatching": "caseInsensitive"` (docs/spec.md §4) a record's
/// relationship is streamed as with exact keys (`StreamedRelationship`):
/// the splitter follows, at each level, the member a whole read's lookup
/// finds (the exact one, else the first equal ignoring case), the record is
/// mapped with an empty array there, and any other key path of the record
/// that reaches the array in another case keeps it whole. In the pipeline
/// with a threshold of 0 every such array is streamed: the answers are a
/// whole read's.
@Suite struct RelationshipStreamingCaseTests {
    static let spec = #"""
        {"keyPath": "", "keyMatching": "caseInsensitive", "root-map-ref": "listing", "mappers": [
          {"id": "listing", "target": "Listing", "attributes": {"Kind": "kind", "Data.After": "after"},
           "relationships": [{"from": "Data.Children", "to": "posts", "map-ref": "post", "many": true}]},
          {"id": "post", "target": "Post", "attributes": {"N": "n", "@parent.DATA.after": "after", "@metadata.mapping.collectionIndex": "i"},
           "types": {"n": "int"}}]}
        """#

    /// The keys exact, in another case, in several cases (the exact one
    /// wins wherever it is, else the first), repeated, and a member of the
    /// same name ignoring case that holds no array.
    static let documents = [
        #"{"Kind": "exact", "Data": {"After": "a1", "Children": [{"N": 1}, {"n": "two"}, null]}}"#,
        #"{"kind": "lower", "data": {"after": "a2", "children": [{"n": 3}]}}"#,
        #"{"DATA": {"CHILDREN": [{"n": 4}], "after": "a3"}, "KIND": "upper"}"#,
        #"{"data": {"children": [{"n": 5}]}, "Data": {"children": [{"n": 6}], "after": "a4"}}"#,
        #"{"data": {"children": [{"n": 7}], "after": "first"}, "DATA": {"children": [{"n": 8}], "after": "second"}}"#,
        #"{"data": {"children": [{"n": 9}], "Children": [{"n": 10}], "CHILDREN": [{"n": 11}]}}"#,
        #"{"data": {"children": [{"n": 12}], "children": [{"n": 13}]}}"#,
        #"{"data": {"Children": 5, "children": [{"n": 14}]}}"#,
        #"{"data": {"children": [{"n": 15}]}, "data": {"after": "last", "CHILDREN": [{"n": 16}]}}"#,
        #"{"Data": {"after": "a5"}, "data": {"children": [{"n": 17}]}}"#,
        #"{"data": {"children": []}, "kind": "empty"}"#,
    ]

    @Test(arguments: ["json", "json-compact", "ndjson", "dictionary", "csv"])
    func aRelationshipIgnoringCaseMapsAsAWholeReadDoes(format: String) throws {
        let graph = try #require(SpecLoader.load(bytes: Array(Self.spec.utf8), file: "spec.json").graph)
        #expect(try MappingEngine(graph: graph, options: MappingOptions()).streamedRelationships.keys.sorted() == ["Data.Children"])
        let input = Self.documents.joined(separator: "\n")
        for strict in [false, true] {
            var options = MappingOptions(keepGoing: true)
            options.strict = strict
            try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: format, options: options, streams: true)
        }
        // The same records as elements of a content array.
        let array = "[" + Self.documents.joined(separator: ", ") + "]"
        let inArray = RelationshipStreamingElementsTests.inArray(Self.spec, keyPath: "")
        try EngineRun.expectStreamedSameAsWhole(array, spec: inArray, format: format, options: MappingOptions(keepGoing: true), streams: true)
    }

    /// Worked out from §4 and §5.2: the exact `Data` is followed though an
    /// inexact `data` comes first; its `children` is found ignoring case,
    /// and the elements' `@parent` is the record's object.
    @Test func theMemberAWholeReadFindsIsStreamed() throws {
        let input = #"{"data": {"children": [{"n": 1}], "after": "no"}, "Data": {"CHILDREN": [{"n": 2}, {"N": "3"}], "After": "yes"}}"#
        let run = try EngineRun.run(spec: Self.spec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output == """
            [{"@type":"Listing","after":"yes","posts":[{"@type":"Post","n":2,"after":"no","i":0},{"@type":"Post","n":3,"after":"no","i":1}]}]

            """)
        #expect(run.diagnostics.isEmpty)
    }

    /// Another key path of the record, or an `@parent` one, that reaches
    /// the array or what holds it in another case keeps the record whole.
    @Test(arguments: [
        (#"{"DATA.after": "after"}"#, #"{"n": "n", "@parent.data.AFTER": "a"}"#, ["Data.Children"]),
        (#"{"DATA": "data"}"#, #"{"n": "n"}"#, []),
        (#"{"data.CHILDREN.@count": "count"}"#, #"{"n": "n"}"#, []),
        (#"{"kind": "kind"}"#, #"{"n": "n", "@parent.data": "d"}"#, []),
        (#"{"kind": "kind"}"#, #"{"n": "n", "@parent.DATA.children": "all"}"#, []),
    ])
    func whichRelationshipsIgnoringCaseAreStreamed(listing: String, post: String, streamed: [String]) throws {
        let spec = #"""
            {"keyPath": "", "keyMatching": "caseInsensitive", "root-map-ref": "listing", "mappers": [
              {"id": "listing", "target": "Listing", "attributes": \#(listing),
               "relationships": [{"from": "Data.Children", "to": "posts", "map-ref": "post", "many": true}]},
              {"id": "post", "target": "Post", "attributes": \#(post)}]}
            """#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(try MappingEngine(graph: graph, options: MappingOptions()).streamedRelationships.keys.sorted() == streamed)
        let input = Self.documents.joined(separator: "\n")
        for format in ["json", "csv"] {
            try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// Into SQLite under every policy, over a database that holds rows.
    @Test(arguments: ["set", "union", "replace"])
    func aRelationshipIgnoringCaseWritesTheRowsAWholeReadWrites(policy: String) throws {
        let spec = #"""
            {"keyPath": "", "keyMatching": "caseInsensitive", "root-map-ref": "listing", "mappers": [
              {"id": "listing", "target": "Listing", "entity": true, "identification": ["id"], "attributes": {"Data.Id": "id"},
               "relationships": [{"from": "Data.Children", "to": "posts", "map-ref": "post", "many": true, "assignmentPolicy": "\#(policy)"}]},
              {"id": "post", "target": "Post", "entity": true, "identification": ["n"], "attributes": ["n", "label"]}]}
            """#
        let runs = [
            #"{"data": {"id": 1, "children": [{"n": 1}, {"n": 2}, {"n": 3}]}}"#,
            #"{"DATA": {"CHILDREN": [{"n": 3, "label": "x"}, null, {"n": 4}, {"n": 1}], "ID": 1}}"#,
        ]
        let streamed = try RelationshipStreamingTableTests.expectRunsLikeAWholeRead(spec: spec, runs: runs, policy)
        let posts = try Fixture.query(streamed, #"SELECT "n" FROM "Post" ORDER BY "n""#)
        #expect(posts == (policy == "replace" ? [[1], [3], [4]] : [[1], [2], [3], [4]]))
    }

    /// A key spelled with a precomposed `é` (U+00E9) and members spelled
    /// `e` + U+0301: a whole read's lookup takes an exact member only with
    /// the same UTF-8 (`JSONObject.sameKey`), else the first equal ignoring
    /// case; the splitter follows the same one (it followed the canonically
    /// equal member, another array, in both key matching modes).
    @Test(arguments: ["caseInsensitive", "exact"])
    func keysEqualOnlyUnderNormalizationFollowTheWholeReadsLookup(matching: String) throws {
        let spec = #"""
            {"keyPath": "", "keyMatching": "\#(matching)", "root-map-ref": "r", "mappers": [
              {"id": "r", "target": "R", "attributes": {"k": "k"}, "relationships": [{"from": "caf\#u{E9}", "to": "kids", "map-ref": "e", "many": true}]},
              {"id": "e", "target": "E", "attributes": ["n"]}]}
            """#
        let documents = [
            "{\"k\": 1, \"CAFE\u{301}\": [{\"n\": 1}], \"cafe\u{301}\": [{\"n\": 2}]}",
            "{\"k\": 2, \"cafe\u{301}\": [{\"n\": 3}]}",
            "{\"k\": 3, \"cafe\u{301}\": [{\"n\": 4}], \"caf\u{E9}\": [{\"n\": 5}]}",
        ]
        for format in ["json", "csv"] {
            try EngineRun.expectStreamedSameAsWhole(
                documents.joined(separator: "\n"), spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }
}
