import Testing
@testable import RKMap

/// A large document whose content key path has an index (`batches[0].items`,
/// `batches[-1].items`, docs/spec.md §4) is streamed: the splitter follows
/// the index to its element, skipping the others (counting them first for an
/// index from the end), and streams the content array found there; a key
/// through an array (`pages.items`) makes each element of that array one
/// content element, read on its own. What it cannot follow (an index or a
/// collection operator after such a key, or anywhere an operator) a worker
/// evaluates on the value there. Streamed (every document through the
/// pipeline's streaming path) and read whole, the answers are the same.
@Suite struct IndexedContentStreamingTests {
    static func spec(_ keyPaths: [String]) -> String {
        let descriptors = keyPaths.map { #"{"keyPath": "\#($0)", "root-map-ref": "item"}"# }
        return #"{"descriptors": [\#(descriptors.joined(separator: ", "))], "mappers": ["#
            + #"{"id": "item", "target": "Item", "attributes": {"id": "id", "": "value", "@metadata.mapping.collectionIndex": "i"}, "types": {"id": "int"}}]}"#
    }

    static let documents = [
        #"{"batches": [{"items": [{"id": 1}, {"id": "x"}, null, [{"id": 2}], 7]}, {"items": [{"id": 3}], "n": 1}, 5, {"other": 1}]}"#,
        #"{"batches": [{"items": []}]}"#,
        #"{"batches": []}"#,
        #"{"batches": {"items": [{"id": 4}]}}"#,
        #"{"batches": [[{"id": 5}], {"items": {"id": 6}}, {"items": null}]}"#,
        #"{"batches": [{"items": [{"id": 8}]}, {"items": [{"id": 9}]}, {"items": [{"id": 10}]}], "after": [1]}"#,
        #"{"matrix": [[1, 2], [3, [4, 5]]], "batches": "none"}"#,
        #"[[{"id": 11}], [{"id": 12}, {"id": 13}]]"#,
        #"{"batches": [{"items": [{"id": 14}, {"id": 15}]}, {"items": [{"id": 16}]}]}"#,
        // Repeats, as JSON compares them: 1 = 1.0, objects whatever their key order.
        #"{"items": [{"id": 1}, {"id": 1.0}, {"id": 2, "n": [1]}, {"n": [1], "id": 2}, null, null, [{"id": 3}], [{"id": 3}], 4, 4.00, {"id": "x"}, {"id": 1}, {"id": 2, "n": [1.5]}], "batches": [{"items": [{"id": 5}, {"id": 5}, {"id": 6}]}]}"#,
    ]

    @Test(arguments: [
        "batches[0].items", "batches[1].items", "batches[-1].items", "batches[-4].items", "batches[9].items", "batches[2]",
        "batches[0].items[1]", "batches[0].items[-2]", "batches.items[0]", "batches[0].items.@count",
        "batches[0].items.@distinctUnionOfObjects", "batches.items", "matrix[1][1]", "matrix[-1]", "[1]", "[-2][0]",
        // At a descriptor, `@root` is the document.
        "@root.batches[0].items", "@root",
        // Keys through an array, element by element (`[null]` from an inner
        // array without the key is a nested collection).
        "batches.items.id", "items", "batches.other",
        // Repeats left out as the array is streamed.
        "items.@distinctUnionOfObjects", "items.@distinctUnionOfObjects.id",
        // Keys after it: followed in each element kept (KVC); none has them: no content.
        "items.@distinctUnionOfObjects.n", "batches[0].items.@distinctUnionOfObjects.id", "items.@distinctUnionOfObjects.missing",
        "items.@distinctUnionOfObjects.id.@count",
    ])
    func anIndexedKeyPathMapsAsAWholeReadDoes(keyPath: String) throws {
        let input = Self.documents.joined(separator: "\n")
        for format in ["ndjson", "json"] {
            try EngineRun.expectStreamedSameAsWhole(
                input, spec: Self.spec([keyPath]), format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// Several descriptors, each with an index: the document is split once
    /// per descriptor, in their order, and has content when one of them finds some.
    @Test(arguments: ["ndjson", "dictionary", "csv"])
    func severalIndexedDescriptors(format: String) throws {
        let input = Self.documents.joined(separator: "\n")
        let spec = Self.spec(["batches[-1].items", "batches[0].items", "batches.items[0]", "batches.items", "batches.other"])
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
    }

    /// `pages.items` collects each page's items (docs/spec.md §4): an array
    /// of arrays, each a nested collection counting its own positions; a page
    /// without items adds nothing; no page with items: no mappable content (§2).
    @Test func aKeyThroughAnArrayMapsEachPagesItems() throws {
        let input = #"{"pages": [{"items": [{"id": 1}]}, {"other": 1}, {"items": [{"id": 2}, {"id": "x"}]}]}"#
        let streamed = try EngineRun.run(spec: Self.spec(["pages.items"]), input: input, pipeline: true)
        #expect(streamed.output == #"""
            {"@type":"Item","id":1,"value":{"id":1},"i":0}
            {"@type":"Item","id":2,"value":{"id":2},"i":0}
            {"@type":"Item","value":{"id":"x"},"i":1}

            """#)
        #expect(streamed.diagnostics == [
            #"in.json: $.pages[2].items[1].id: warning: cannot convert string "x" to int [mapper item, attribute id]"#
        ])
        let none = try EngineRun.run(spec: Self.spec(["pages.items"]), input: #"{"pages": [{"x": 1}, 2, null]}"#, pipeline: true)
        #expect(none.outcome.failed == 1 && none.output.isEmpty)
        #expect(none.diagnostics.last?.contains("no mappable content") == true)
    }

    /// `@distinctUnionOfObjects` keeps each element's first occurrence (docs/spec.md §4),
    /// numbered among those kept.
    @Test func distinctElementsAreMappedWithTheirPositionsAmongThoseKept() throws {
        let input = #"{"items": [{"id": 1}, {"id": 1.0}, {"id": "x"}, {"id": 2}, {"id": "x"}, {"id": 1}]}"#
        let streamed = try EngineRun.run(spec: Self.spec(["items.@distinctUnionOfObjects"]), input: input, pipeline: true)
        #expect(streamed.output == #"""
            {"@type":"Item","id":1,"value":{"id":1},"i":0}
            {"@type":"Item","value":{"id":"x"},"i":1}
            {"@type":"Item","id":2,"value":{"id":2},"i":2}

            """#)
        #expect(streamed.diagnostics == [
            #"in.json: $.items[1].id: warning: cannot convert string "x" to int [mapper item, attribute id]"#
        ])
    }

    @Test func theElementAtTheIndexIsMappedWithItsPositions() throws {
        let input = #"{"batches": [{"items": [{"id": 1}]}, {"items": [{"id": 2}, {"id": "x"}, {"id": 3}]}, {"items": []}]}"#
        for keyPath in ["batches[1].items", "batches[-2].items"] {
            let streamed = try EngineRun.run(spec: Self.spec([keyPath]), input: input, pipeline: true)
            #expect(streamed.output == #"""
                {"@type":"Item","id":2,"value":{"id":2},"i":0}
                {"@type":"Item","value":{"id":"x"},"i":1}
                {"@type":"Item","id":3,"value":{"id":3},"i":2}

                """#)
            #expect(streamed.diagnostics == [
                #"in.json: $.batches[\#(keyPath.contains("-") ? -2 : 1)].items[1].id: warning: cannot convert string "x" to int [mapper item, attribute id]"#
            ])
        }
        // Past either end, or not an array: no mappable content.
        for keyPath in ["batches[3].items", "batches[-4].items", "batches[0].items[0].id[0]"] {
            let streamed = try EngineRun.run(spec: Self.spec([keyPath]), input: input, pipeline: true)
            #expect(streamed.outcome.failed == 1 && streamed.output.isEmpty)
            #expect(streamed.diagnostics.last?.contains("no mappable content") == true)
        }
    }

    /// Review 8: a key through an array where no element has the rest of the
    /// path, but elements are arrays (each gives `[null]` or `[]`, a nested
    /// collection): no mappable content (docs/spec.md §2) and nothing written,
    /// also when the document is held in memory first (an index from the end,
    /// a mapper that reads `@root`), as when read whole.
    @Test(arguments: ["pages[-1].items", "pages.items"])
    func noElementWithTheKeyWritesNothingWhenHeldInMemory(keyPath: String) throws {
        let spec = #"{"keyPath": "\#(keyPath)", "mappers": [{"id": "m", "target": "M", "attributes": {"id": "id", "@root.v": "v"}}]}"#
        let input = #"{"v": 1, "pages": [[[{"x": 1}], []]]}"# + "\n" + #"{"v": 2, "pages": [[{"items": [{"id": 1}]}]]}"#
        for format in ["json", "dictionary"] {
            try EngineRun.expectStreamedSameAsWhole(
                input, spec: spec, format: format, options: MappingOptions(keepGoing: true), streams: true)
        }
    }

    /// Review 8: a repeated key (or, ignoring case, an inexact match before
    /// an exact one) on the content path whose first occurrence holds no
    /// content for the rest of the path (an index or an operator after a key
    /// through an array): a whole read maps the later one; streamed, the
    /// document must not fail with "no mappable content" without a word (the
    /// splitter follows a later member when the one followed held no content).
    @Test(arguments: [
        ("a.b[0]", #"{"a": [1], "a": {"b": [5, 6]}}"#, false),
        ("a.b.@count", #"{"a": [1], "a": {"b": [5, 6]}}"#, false),
        ("a.b[0]", #"{"A": [1], "a": {"b": [5, 6]}}"#, true),
    ])
    func aRepeatedKeyWhoseFirstOccurrenceHoldsNoContent(keyPath: String, input: String, caseInsensitive: Bool) throws {
        let matching = caseInsensitive ? #""keyMatching": "caseInsensitive", "# : ""
        let spec = #"{\#(matching)"keyPath": "\#(keyPath)", "mappers": [{"id": "m", "target": "M", "attributes": {"": "n"}}]}"#
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: "ndjson", options: MappingOptions(keepGoing: true), streams: true)
    }
}
