import Testing
@testable import RKMap

/// A content object mapped as one record whose to-many relationship holds
/// most of the document (`{"items": [...]}` with an `items` relationship) is
/// streamed: the record is mapped without the array and written around it,
/// the array's elements are mapped and written between
/// (`StreamedRelationship`). In the pipeline with a threshold of 0 every
/// such array is streamed: the answers are a whole read's, in JSON and NDJSON.
@Suite struct RelationshipStreamingTests {
    static let spec = #"""
        {"keyPath": "", "root-map-ref": "doc", "mappers": [
          {"id": "doc", "target": "Doc", "attributes": {"name": "name", "total": "total", "@metadata.mapping.collectionIndex": "i"},
           "types": {"total": "int"},
           "relationships": [{"from": "owner", "to": "owner", "map-ref": "person"},
                             {"from": "items", "to": "items", "map-ref": "item", "many": true}]},
          {"id": "person", "target": "Person", "attributes": ["login"]},
          {"id": "item", "target": "Item", "attributes": {"n": "n", "@metadata.mapping.collectionIndex": "i"}, "types": {"n": "int"},
           "relationships": [{"from": "tags", "to": "tags", "map-ref": "tag", "many": true}]},
          {"id": "tag", "target": "Tag", "attributes": {"": "name"}}]}
        """#

    /// The array before or after the other members, empty, nested, with
    /// scalars and nulls (warnings at their paths), absent, null, an object.
    static let documents = [
        #"{"name": "a", "items": [{"n": 1, "tags": ["x", "y"]}, {"n": "two"}, null, 5, [{"n": 3}]], "total": "3", "owner": {"login": "o"}}"#,
        #"{"items": [], "name": "b"}"#,
        #"{"owner": {"login": "p"}, "items": [[], [{"n": 4}]], "total": 1}"#,
        #"{"name": "c"}"#,
        #"{"name": "d", "items": null}"#,
        #"{"name": "e", "items": {"n": 6}}"#,
        #"{"items": [{"tags": "solo"}, {"n": 7, "tags": [["deep"]]}]}"#,
        // A warning in the record itself, before its elements.
        #"{"total": "many", "items": [{"n": 8}]}"#,
    ]

    @Test(arguments: ["json", "json-compact", "ndjson", "dictionary"])
    func aStreamedRelationshipMapsAsAWholeReadDoes(format: String) throws {
        let input = Self.documents.joined(separator: "\n")
        try EngineRun.expectStreamedSameAsWhole(
            input, spec: Self.spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        var strict = MappingOptions(keepGoing: true)
        strict.strict = true
        try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: format, options: strict, streams: true)
    }

    /// `--type`: the record is written with its elements when it is of the
    /// type; otherwise it is not written, and its elements are still mapped
    /// (their warnings and counts), as a whole read maps them.
    @Test(arguments: ["json", "ndjson", "dictionary", "csv"], ["Doc", "Item"])
    func underTypeAStreamedRelationshipMapsAsAWholeReadDoes(format: String, type: String) throws {
        var options = MappingOptions(keepGoing: true)
        options.onlyType = type
        let input = Self.documents.joined(separator: "\n")
        try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: format, options: options, streams: true)
        let graph = try #require(SpecLoader.load(bytes: Array(Self.spec.utf8), file: "spec.json").graph)
        #expect(try MappingEngine(graph: graph, options: options).streamedRelationships.keys.sorted() == ["items", "owner"])
        let run = try EngineRun.run(spec: Self.spec, input: #"{"name": "a", "items": [{"n": 1}]}"#, options: options, pipeline: true, format: "json-compact")
        #expect(run.output == (type == "Doc"
            ? #"[{"@type":"Doc","name":"a","items":[{"@type":"Item","n":1,"i":0}]}]"# + "\n" : "[]\n"))
        #expect(run.stats.recordsPerType.map(\.type) == ["Item", "Doc"])
    }

    /// Worked out from §5.2 and §10.1: the record's fields in slot order, the
    /// relationship's array in its place, elements counting their positions.
    @Test func theRecordIsWrittenAroundItsElements() throws {
        let input = #"{"items": [{"n": 1}, [{"n": 2}]], "name": "a", "total": 2}"#
        let run = try EngineRun.run(spec: Self.spec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output == """
            [{"@type":"Doc","name":"a","total":2,"items":[{"@type":"Item","n":1,"i":0},[{"@type":"Item","n":2,"i":0}]]}]

            """)
        #expect(run.stats.recordsPerType.map(\.type) == ["Item", "Doc"])
    }

    /// Only a relationship a record reads in no other way, with no
    /// `@parent` reading it, is streamed; in any place among the record's
    /// properties, under validations.
    @Test(arguments: [
        (#"{"id": "doc", "target": "Doc", "attributes": ["name"], "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, ["items"]),
        // Another key path reads into the member, or holds it.
        (#"{"id": "doc", "target": "Doc", "attributes": {"items.n": "ns"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, []),
        (#"{"id": "doc", "target": "Doc", "attributes": {"items": "raw"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, []),
        (#"{"id": "doc", "target": "Doc", "attributes": {"items.@count.x": "x"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, []),
        (#"{"id": "doc", "target": "Doc", "attributes": {"items.@count": "count", "items.@max.n": "max"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, []),
        // Counting it needs only its length, read with the record's object...
        (#"{"id": "doc", "target": "Doc", "attributes": {"items.@count": "count"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, ["items"]),
        // ...by the splitter too, when `@parent` reads it.
        (#"{"id": "doc", "target": "Doc", "attributes": {"items.@count": "count", "@parent.x": "above"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, ["items"]),
        // Not the last property: both may be (to-many for an array).
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}, {"from": "o", "to": "o", "map-ref": "item"}]}"#, ["items", "o"]),
        // A validation is reported after the elements; a rejected record is not written.
        (#"{"id": "doc", "target": "Doc", "attributes": ["name"], "validations": [{"attribute": "name", "predicate": "SELF != 'n'", "onFailure": "reject"}], "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, ["items"]),
        // The whole object.
        (#"{"id": "doc", "target": "Doc", "attributes": {"": "raw"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, []),
        // To-one.
        (#"{"id": "doc", "target": "Doc", "attributes": ["name"], "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": false}]}"#, []),
        // A relationship from the object itself (RestKit's nil key path)
        // maps it again: streamed when its mapper does not read the array.
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}, {"from": "", "to": "whole", "map-ref": "item"}]}"#, ["items"]),
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "", "to": "again", "map-ref": "again"}, {"from": "items", "to": "items", "map-ref": "item", "many": true}]}, {"id": "again", "target": "Again", "attributes": ["name"], "relationships": [{"from": "", "to": "more", "map-ref": "item"}]}"#, ["items"]),
        // ...and whole when it reads the array, or into it (it would see it empty).
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}, {"from": "", "to": "c", "map-ref": "c"}]}, {"id": "c", "target": "C", "attributes": {"items.@count": "count"}}"#, []),
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}, {"from": "", "to": "c", "map-ref": "c"}]}, {"id": "c", "target": "C", "relationships": [{"from": "items", "to": "all", "map-ref": "item", "many": true}]}"#, []),
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}, {"from": "", "to": "c", "map-ref": "c"}]}, {"id": "c", "target": "C", "attributes": {"": "raw"}}"#, []),
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}, {"from": "", "to": "c", "map-ref": "c"}]}, {"id": "c", "target": "C", "attributes": {"items": "first"}}"#, []),
        // Dotted destinations nest around it: the array's field keeps its place...
        (#"{"id": "doc", "target": "Doc", "attributes": {"name": "meta.name", "items.@count": "meta.count"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}, {"from": "one", "to": "meta.one", "map-ref": "item"}]}"#, ["items"]),
        // ...unless one writes into it (the nested object replaces the array)...
        (#"{"id": "doc", "target": "Doc", "attributes": {"name": "items.name"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, []),
        // ...or the array's field is itself nested.
        (#"{"id": "doc", "target": "Doc", "attributes": ["name"], "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]}"#, []),
        // Two properties write `items`: the last mapped wins, so neither is streamed.
        (#"{"id": "doc", "target": "Doc", "relationships": [{"from": "dummy", "to": "items", "map-ref": "item", "many": true}, {"from": "one", "to": "one", "map-ref": "item"}, {"from": "items", "to": "items", "map-ref": "item", "many": true}]}"#, ["one"]),
    ])
    func whichRelationshipsAreStreamed(mapper: String, streamed: [String]) throws {
        let spec = #"{"keyPath": "", "root-map-ref": "doc", "mappers": [\#(mapper), {"id": "item", "target": "Item", "attributes": ["n"]}]}"#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        let engine = try MappingEngine(graph: graph, options: MappingOptions())
        #expect(engine.streamedRelationships.keys.sorted() == streamed)
        let input = #"{"name": "n", "items": [{"n": 1}, {"n": 2}], "o": {"n": 3}, "one": {"n": 4}, "dummy": [{"n": 5}]}"#
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: "json", options: MappingOptions(keepGoing: true), streams: true)
    }

    /// `@parent` and `@root` at any depth: the splitter reads the record's
    /// object, all but the array, once; the record is mapped from it and its
    /// elements see it as `@parent` (their own elements see them). A key path
    /// that could read the array through `@parent` keeps the record whole.
    @Test(arguments: [
        (#"{"n": "n", "@parent.name": "docName", "@root.owner.login": "owner"}"#, #"{"": "name", "@parent.n": "item", "@parent.@parent.name": "doc"}"#, ["items", "owner"]),
        (#"{"n": "n", "@parent.items.@count": "count"}"#, #"{"": "name"}"#, ["owner"]),
        (#"{"n": "n"}"#, #"{"": "name", "@parent.@parent": "doc"}"#, []),
        (#"{"n": "n", "@root.items": "all"}"#, #"{"": "name"}"#, ["items", "owner"]),
    ])
    func parentAndRootKeyPaths(item: String, tag: String, streamed: [String]) throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "attributes": {"name": "name", "@parent.x": "above", "@root.name": "same"},
               "relationships": [{"from": "owner", "to": "owner", "map-ref": "person"},
                                 {"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "person", "target": "Person", "attributes": ["login"]},
              {"id": "item", "target": "Item", "attributes": \#(item),
               "relationships": [{"from": "tags", "to": "tags", "map-ref": "tag", "many": true}]},
              {"id": "tag", "target": "Tag", "attributes": \#(tag)}]}
            """#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(try MappingEngine(graph: graph, options: MappingOptions()).streamedRelationships.keys.sorted() == streamed)
        let input = Self.documents.joined(separator: "\n")
        for format in ["json", "ndjson", "csv"] {
            try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// Worked out from §3.3: an element's `@parent` is the record's object,
    /// its own elements' `@parent.@parent` too.
    @Test func anElementsParentIsTheRecordsObject() throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "attributes": ["id"], "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"n": "n", "@parent.id": "docId"},
               "relationships": [{"from": "tags", "to": "tags", "map-ref": "tag", "many": true}]},
              {"id": "tag", "target": "Tag", "attributes": {"": "name", "@parent.n": "item", "@parent.@parent.id": "doc"}}]}
            """#
        let input = #"{"items": [{"n": 1, "tags": ["a"]}, {"n": 2}], "id": 7}"#
        let run = try EngineRun.run(spec: spec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output == #"[{"@type":"Doc","id":7,"items":[{"@type":"Item","n":1,"docId":7,"tags":[{"@type":"Tag","name":"a","item":1,"doc":7}]},{"@type":"Item","n":2,"docId":7}]}]"# + "\n")
    }

    /// A relationship before other properties, under validations: what the
    /// record's mapping reports from the relationship's place on (later
    /// properties, validations, a rejection, a failure) comes after the
    /// elements, as in a whole read, and a rejected or failed record is not
    /// written (its elements are mapped).
    static let laterSpec = #"""
        {"keyPath": "", "root-map-ref": "doc", "mappers": [
          {"id": "doc", "target": "Doc", "attributes": {"name": "name", "total": "total"}, "types": {"total": "int"},
           "validations": [{"attribute": "name", "predicate": "SELF != 'bad'", "onFailure": "reject"},
                           {"attribute": "total", "predicate": "SELF < 100", "onFailure": "skip"},
                           {"attribute": "name", "predicate": "SELF != 'fail'", "onFailure": "fail"}],
           "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true},
                             {"from": "owner", "to": "owner", "map-ref": "person", "many": false},
                             {"from": "extra", "to": "extra", "map-ref": "item", "many": true}]},
          {"id": "person", "target": "Person", "attributes": ["login"]},
          {"id": "item", "target": "Item", "attributes": {"n": "n"}, "types": {"n": "int"}}]}
        """#

    static let laterDocuments = [
        #"{"name": "a", "total": "x7", "items": [{"n": 1}, {"n": "two"}], "owner": [1], "extra": [{"n": "x"}]}"#,
        #"{"name": "bad", "items": [{"n": 1}, {"n": "two"}], "owner": {"login": "o"}}"#,
        #"{"name": "c", "total": 500, "items": [{"n": 3}]}"#,
        #"{"items": [{"n": 4}], "extra": [{"n": 5}, {"n": "six"}], "name": "d"}"#,
        #"{"name": "fail", "items": [{"n": "seven"}], "extra": [{"n": "eight"}]}"#,
        #"{"extra": [{"n": 9}], "name": "e", "items": [{"n": 10}]}"#,
    ]

    @Test(arguments: ["json", "json-compact", "ndjson", "dictionary", "csv"])
    func laterPropertiesAndValidationsComeAfterTheElements(format: String) throws {
        let graph = try #require(SpecLoader.load(bytes: Array(Self.laterSpec.utf8), file: "spec.json").graph)
        #expect(try MappingEngine(graph: graph, options: MappingOptions()).streamedRelationships.keys.sorted() == ["extra", "items"])
        for document in Self.laterDocuments {
            for strict in [false, true] {
                var options = MappingOptions(keepGoing: true)
                options.strict = strict
                try EngineRun.expectStreamedSameAsWhole(document, spec: Self.laterSpec, format: format, options: options, streams: true)
            }
        }
        try EngineRun.expectStreamedSameAsWhole(
            Self.laterDocuments.joined(separator: "\n"), spec: Self.laterSpec, format: format, options: MappingOptions(keepGoing: true), streams: true)
    }

    /// Worked out from §5.2, §8: the record's own warning, then its
    /// elements', then its later relationship's, then the validation's.
    @Test func theRecordsLaterWarningsFollowItsElements() throws {
        let input = #"{"name": "bad", "total": "x", "items": [{"n": "two"}], "extra": [{"n": "x"}]}"#
        let run = try EngineRun.run(spec: Self.laterSpec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output == "[]\n")
        #expect(run.diagnostics == [
            #"in.json: $.total: warning: cannot convert string "x" to int [mapper doc, attribute total]"#,
            #"in.json: $.items[0].n: warning: cannot convert string "two" to int [mapper item, attribute n]"#,
            #"in.json: $.extra[0].n: warning: cannot convert string "x" to int [mapper item, attribute n]"#,
            "in.json: $: warning: validation of name failed: SELF != 'bad'; the record is rejected [mapper doc, attribute name]",
        ])
        #expect(run.stats.rejected == 1 && run.stats.recordsPerType.map(\.type) == ["Item"])
    }

    /// An object that repeats the relationship's key is mapped whole: a
    /// whole read maps the last member, which the first may not foretell
    /// (`--max-records`, a refused element).
    @Test func aRepeatedMemberKeepsTheRecordWhole() throws {
        let input = #"{"items": [{"n": 1}], "name": "a", "items": [{"n": 2}]}"#
        let run = try EngineRun.run(spec: Self.spec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output.contains(#""items":[{"@type":"Item","n":2,"i":0}]"#))
        #expect(run.diagnostics.isEmpty)
        try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: "ndjson", options: MappingOptions(keepGoing: true), streams: true)
    }
}
