import Testing
@testable import RKMap

/// A large content object whose root mapper is dynamic (a Stripe-style
/// `"object": "list"` discriminator) streams the chosen record's
/// relationship as an object root mapper's (`StreamedRelationship`): the
/// splitter chooses from what the matchers read, the worker chooses again
/// from the object without the array, which no matcher may read into. In
/// the pipeline with a threshold of 0 every such array is streamed: the
/// answers are a whole read's.
@Suite struct RelationshipStreamingDynamicTests {
    /// One dynamic mapper for every object, as Stripe's API is mapped: a
    /// list's elements are chosen by the same matchers (a list in a list
    /// too); a predicate and a `valueMap` choose as well.
    static let spec = #"""
        {"keyPath": "", "root-map-ref": "object", "mappers": [
          {"id": "object", "dynamic": true, "matchers": [
            {"keyPath": "object", "expectValue": "list", "map-ref": "list"},
            {"predicate": "object == 'charge' AND amount > 0", "map-ref": "charge"},
            {"keyPath": "kind", "valueMap": {"refund": "charge", "event": "event"}}]},
          {"id": "list", "target": "List", "attributes": {"url": "url", "has_more": "hasMore", "@metadata.mapping.collectionIndex": "i"},
           "types": {"hasMore": "bool"},
           "relationships": [{"from": "data", "to": "data", "map-ref": "object", "many": true}]},
          {"id": "charge", "target": "Charge", "attributes": {"id": "id", "amount": "amount", "@parent.url": "list"},
           "types": {"amount": "int"}},
          {"id": "event", "target": "Event", "attributes": {"id": "id", "kind": "kind"},
           "relationships": [{"from": "data.object", "to": "object", "map-ref": "object"}]}]}
        """#

    /// The array before or after the discriminator, empty, absent, null, an
    /// object; other choices, none, a predicate that cannot decide; a list
    /// inside the list; a repeated `data`.
    static let documents = [
        #"{"object": "list", "url": "/v1/charges", "has_more": false, "data": [{"object": "charge", "id": "ch_1", "amount": 5}, {"object": "charge", "id": "ch_2", "amount": "x"}, {"kind": "refund", "id": "re_1", "amount": 2}, null, 7, {"object": "nothing"}]}"#,
        #"{"data": [{"object": "charge", "id": "ch_3", "amount": 1}], "has_more": "yes", "url": "/v1/x", "object": "list"}"#,
        #"{"object": "list", "data": []}"#,
        #"{"object": "list", "url": "/v1/empty"}"#,
        #"{"object": "list", "data": null}"#,
        #"{"object": "list", "data": {"object": "charge", "id": "ch_4", "amount": 3}}"#,
        #"{"object": "charge", "id": "ch_5", "amount": 9}"#,
        #"{"object": "customer", "id": "cus_1"}"#,
        #"{"kind": "event", "id": "evt_1", "data": {"object": {"object": "charge", "id": "ch_6", "amount": 4}}}"#,
        #"{"object": "list", "url": "/outer", "data": [{"object": "list", "url": "/inner", "data": [{"object": "charge", "id": "ch_7", "amount": 1}]}]}"#,
        #"{"object": "list", "data": [{"object": "charge", "id": "ch_8", "amount": 1}], "data": [{"object": "charge", "id": "ch_9", "amount": 2}]}"#,
        #"[{"object": "list", "data": [{"object": "charge", "id": "ch_10", "amount": 1}]}, {"object": "charge", "id": "ch_11", "amount": 2}]"#,
    ]

    @Test(arguments: ["json", "json-compact", "ndjson", "dictionary", "csv"])
    func aDynamicRootsChosenRecordMapsAsAWholeReadDoes(format: String) throws {
        let graph = try #require(SpecLoader.load(bytes: Array(Self.spec.utf8), file: "spec.json").graph)
        let engine = try MappingEngine(graph: graph, options: MappingOptions())
        // The list's `data`, and the event's `data.object` (to-one unless an array is there).
        #expect(engine.streamedRelationships.values.map { "\($0.parentMapper.typeName) \($0.sourcePath.source)" }.sorted()
            == ["Event data.object", "List data"])
        #expect(engine.keyedChoice != nil)
        let input = Self.documents.joined(separator: "\n")
        for strict in [false, true] {
            var options = MappingOptions(keepGoing: true)
            options.strict = strict
            try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: format, options: options, streams: true)
        }
        for type in ["List", "Charge"] {
            var typed = MappingOptions(keepGoing: true)
            typed.onlyType = type
            try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec, format: format, options: typed, streams: true)
        }
    }

    /// Worked out from §3.3, §4, §5.2 and §9: the list chosen by its
    /// `object`, no `collectionIndex` outside a collection; each element
    /// chosen again by the same matchers (an ordering comparison of a string
    /// and a number is false, the next matcher is tried), its warning at its
    /// path under `data`, its `@parent` the list's object; an element that no
    /// matcher chooses is declined.
    @Test func theChosenRecordIsWrittenAroundItsElements() throws {
        let input = #"{"data": [{"kind": "refund", "object": "charge", "id": "re_0", "amount": "x"}, {"object": "coupon"}, {"object": "charge", "id": "ch_1", "amount": 2}], "url": "/v1/charges", "object": "list"}"#
        let run = try EngineRun.run(spec: Self.spec, input: input, pipeline: true, format: "json-compact")
        #expect(run.output == """
            [{"@type":"List","url":"/v1/charges","data":[{"@type":"Charge","id":"re_0","list":"/v1/charges"},{"@type":"Charge","id":"ch_1","amount":2,"list":"/v1/charges"}]}]

            """)
        #expect(run.diagnostics == [#"in.json: $.data[0].amount: warning: cannot convert string "x" to int [mapper charge, attribute amount]"#])
        #expect(run.stats.declined == 1)
    }

    /// Only where no matcher reads into the array: its kind, or a scalar
    /// compared with it or with what holds it, is the same with the array
    /// empty; a count, an element, or the whole value is not.
    @Test(arguments: [
        (#"{"keyPath": "object", "expectValue": "list", "map-ref": "list"}"#, ["List data"]),
        (#"{"keyPath": "data", "expectType": "array", "map-ref": "list"}"#, ["List data"]),
        (#"{"keyPath": "", "expectType": "object", "map-ref": "list"}"#, ["List data"]),
        (#"{"keyPath": "data", "expectValue": 3, "map-ref": "list"}"#, ["List data"]),
        (#"{"keyPath": "data.object", "expectValue": "charge", "map-ref": "list"}"#, []),
        (#"{"keyPath": "data", "expectValue": [], "map-ref": "list"}"#, []),
        (#"{"predicate": "data.@count > 0", "map-ref": "list"}"#, []),
        (#"{"predicate": "ANY data.amount > 0", "map-ref": "list"}"#, []),
        (#"{"predicate": "object == 'list' AND url != nil", "map-ref": "list"}"#, ["List data"]),
        (#"{"predicate": "SELF != nil", "map-ref": "list"}"#, []),
    ])
    func whichChosenRelationshipsAreStreamed(matcher: String, streamed: [String]) throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "root", "mappers": [
              {"id": "root", "dynamic": true, "matchers": [\#(matcher)]},
              {"id": "list", "target": "List", "attributes": ["url"],
               "relationships": [{"from": "data", "to": "data", "map-ref": "charge", "many": true}]},
              {"id": "charge", "target": "Charge", "attributes": ["id", "amount"]}]}
            """#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        let engine = try MappingEngine(graph: graph, options: MappingOptions())
        #expect(engine.streamedRelationships.values.map { "\($0.parentMapper.typeName) \($0.sourcePath.source)" } == streamed)
        let input = [
            #"{"object": "list", "url": "/a", "data": [{"object": "charge", "id": "c1", "amount": 1}, {"id": "c2"}]}"#,
            #"{"data": [], "object": "list"}"#,
            #"{"data": 3, "object": "list"}"#,
            #"{"object": "charge", "data": {"object": "charge"}}"#,
            #"{"url": "/b", "data": [{"object": "charge", "id": "c3", "amount": 0}]}"#,
        ].joined(separator: "\n")
        for format in ["json", "csv"] {
            try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// Into SQLite under every policy, over a database that holds rows: the
    /// rows, rowids and links a whole read writes, the chosen record opened
    /// in the sink.
    @Test(arguments: ["set", "union", "replace"])
    func aChosenRecordWritesTheRowsAWholeReadWrites(policy: String) throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "root", "mappers": [
              {"id": "root", "dynamic": true, "matchers": [{"keyPath": "object", "expectValue": "list", "map-ref": "list"}]},
              {"id": "list", "target": "List", "entity": true, "identification": ["url"], "attributes": ["url"],
               "relationships": [{"from": "data", "to": "data", "map-ref": "charge", "many": true, "assignmentPolicy": "\#(policy)"}]},
              {"id": "charge", "target": "Charge", "entity": true, "identification": ["id"], "attributes": ["id", "amount"]}]}
            """#
        let runs = [
            #"{"object": "list", "url": "/a", "data": [{"id": 1}, {"id": 2}, {"id": 3}]}"#,
            #"{"data": [{"id": 3, "amount": 5}, null, {"id": 4}, {"id": 1}], "url": "/a", "object": "list"}"#,
        ]
        let streamed = try RelationshipStreamingTableTests.expectRunsLikeAWholeRead(spec: spec, runs: runs, policy)
        // §7: `replace` links exactly the new children and deletes 2, which
        // no link reaches; `set` and `union` keep it.
        let charges = try Fixture.query(streamed, #"SELECT "id" FROM "Charge" ORDER BY "id""#)
        #expect(charges == (policy == "replace" ? [[1], [3], [4]] : [[1], [2], [3], [4]]))
    }
}
