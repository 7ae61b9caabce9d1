import Testing
@testable import RKMap

/// A spec whose key paths read `@root` streams a large document (issue 12):
/// the splitter reads the document into memory and its root through what the
/// `@root` key paths read (`MappingEngine.rootProjection`), then maps the
/// elements one by one, each seeing that root. The answer must be the one a
/// document read whole gives: output, diagnostics, outcome and statistics.
@Suite struct RootStreamingTests {
    /// `@root` in attributes (before, after and at the content array), in a
    /// dynamic mapper's predicate matcher and in a validation.
    static let spec = """
    {"keyPath": "items", "root-map-ref": "item", "mappers": [
      {"id": "item", "dynamic": true, "matchers": [
        {"predicate": "kind == 'a' AND @root.meta.mode == 'full'", "map-ref": "a"},
        {"keyPath": "kind", "expectValue": "b", "map-ref": "b"}]},
      {"id": "a", "target": "A", "attributes": {"id": "id", "n": "n", "@root.meta.count": "of", "@root.tail.@count": "tail"},
       "types": {"n": "int"},
       "validations": [{"attribute": "id", "predicate": "SELF < @root.meta.limit", "onFailure": "skip"}]},
      {"id": "b", "target": "B", "attributes": {"id": "id", "@root.items.@count": "total", "@root.version": "version"}}]}
    """

    /// `meta` before the content, `tail` and `version` after it (`version`
    /// missing when `nil`), elements that warn, decline or fail validation.
    static func document(elements: Int, mode: String = "full", version: Int? = 7) -> String {
        let parts = (0..<elements).map { i in
            switch i % 5 {
            case 0: return #"{"kind": "a", "id": \#(i), "n": "\#(i)"}"#
            case 1: return #"{"kind": "b", "id": \#(i)}"#
            case 2: return #"{"kind": "a", "id": \#(i), "n": "not a number"}"#  // conversion warning
            case 3: return "null"
            default: return #"{"kind": "z", "id": \#(i)}"#                      // declined
            }
        }
        return #"{"meta": {"count": \#(elements), "limit": \#(elements - 3), "mode": "\#(mode)"}, "items": ["# + parts.joined(separator: ",")
            + #"], "tail": [1, 2, 3]"# + (version.map { #", "version": \#($0)"# } ?? "") + "}"
    }

    static func expectSame(_ input: String, spec: String = spec, format: String = "ndjson", options: MappingOptions = MappingOptions()) throws {
        var streamed = false
        let serial = try EngineRun.run(spec: spec, input: input, options: options, pipeline: false, format: format)
        let parallel = try EngineRun.run(spec: spec, input: input, options: options, pipeline: true, format: format) { engine, sink in
            streamed = engine.canStream(into: sink)
        }
        #expect(streamed)
        #expect(serial.outcome == parallel.outcome)
        #expect(serial.diagnostics == parallel.diagnostics)
        #expect(serial.stats == parallel.stats)
        // A Bool, not the strings: a failure's difference of megabytes would not end.
        let sameOutput = serial.output == parallel.output
        #expect(sameOutput, "outputs differ: \(serial.output.count) vs \(parallel.output.count) bytes")
    }

    @Test func theRootIsReadThroughWhatTheRootKeyPathsRead() throws {
        let graph = try #require(SpecLoader.load(bytes: Array(Self.spec.utf8), file: "spec.json").graph)
        // What an untyped attribute only copies is read as its text
        // (`verbatim`: `meta.count`, `version`); what a predicate or a
        // validation reads, whole (`meta.mode`, `meta.limit`).
        let expected = JSONProjection.members([
            "meta": .members(["count": .verbatim, "mode": .everything, "limit": .everything]),
            "tail": JSONProjection.countOnly, "items": JSONProjection.countOnly, "version": .verbatim,
        ])
        #expect(graph.rootProjection == expected)
        // The whole document copied: as its text, unless the copy is typed
        // or something else reads it too.
        func root(_ attributes: String, types: String = "{}") throws -> JSONProjection? {
            let spec = #"{"keyPath": "items", "mappers": [{"id": "x", "target": "X", "attributes": \#(attributes), "types": \#(types)}]}"#
            return try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph).rootProjection
        }
        #expect(try root(#"{"id": "id", "@root": "raw"}"#) == .verbatim)
        #expect(try root(#"{"id": "id", "@root": "raw"}"#, types: #"{"raw": "any"}"#) == .verbatim)
        #expect(try root(#"{"id": "id", "@root": "raw", "@root.meta.n": "n"}"#) == .everything)
        #expect(try root(#"{"id": "id", "@root.meta": "meta"}"#) == .members(["meta": .verbatim]))
        let plain = #"{"keyPath": "items", "mappers": [{"id": "x", "target": "X", "attributes": ["id"]}]}"#
        #expect(try #require(SpecLoader.load(bytes: Array(plain.utf8), file: "spec.json").graph).rootProjection == nil)
    }

    /// The content copied whole where it is (`"@root.items": "all"`) and
    /// counted (`@root.items.@count`): merged, the two read the items whole,
    /// as a tree (6× the document in memory); the root is read with the
    /// items as their elements' text, which the copy writes and the count
    /// counts, and the answer is the whole read's. Compared whole as well
    /// (a predicate `@root.items != nil`): the tree, as before.
    @Test func aContentCopiedAndCountedIsReadAsItsElementsText() throws {
        let spec = #"""
            {"keyPath": "items", "root-map-ref": "item", "mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.items.@count": "of", "@root.meta.count": "count"},
               "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]},
              {"id": "gift", "target": "Gift", "attributes": {"@root.items": "all", "note": "note"}}]}
            """#
        func plan(_ spec: String) throws -> ProjectionPlan {
            let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
            return try #require(try MappingEngine(graph: graph, options: MappingOptions()).rootProjection)
        }
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(graph.rootProjection == .members(["items": .everything, "meta": .members(["count": .verbatim])]))
        let read = try plan(spec)
        #expect(read.reads == .members && read.names == ["items", "meta"])
        #expect(read.members.map(\.reads) == [.elements, .members])
        #expect(read.members[0].members.map(\.reads) == [.everything])
        // Only copied: its text, as before. Read into its elements too
        // (`@root.items.id`, `@root.items[0].id`): their text, which each
        // element is read back from. Read whole otherwise (a predicate
        // comparing it): the tree.
        #expect(try plan(spec.replacingOccurrences(of: #""@root.items.@count": "of", "#, with: "")).members[0].reads == .verbatim)
        for into in [#""@root.items.id": "ids""#, #""@root.items[0].id": "first""#] {
            let through = spec.replacingOccurrences(of: #""@root.items.@count": "of""#, with: #""@root.items.@count": "of", "# + into)
            #expect(try plan(through).members[0].reads == .elements, "\(into)")
        }
        let compared = spec.replacingOccurrences(
            of: #""note": "note"}}"#, with: #""note": "note"}, "validations": [{"attribute": "note", "predicate": "@root.items != nil", "onFailure": "skip"}]}"#)
        #expect(compared != spec)
        #expect(try plan(compared).members[0].reads == .everything)
        // Large enough to be held, with two gifts that copy the items.
        let elements = (0..<40_000).map { i in
            i % 20_000 == 7 ? #"{"id": \#(i), "gift": {"note": "n\#(i)"}}"# : #"{"id": \#(i), "x": [1, 2.50]}"#
        }
        let input = #"{"meta": {"count": 40000}, "items": ["# + elements.joined(separator: ", ") + "]}"
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold && input.utf8.count > ProjectionPlan.holdingArraysFrom)
        for format in ["ndjson", "json"] { try Self.expectSame(input, spec: spec, format: format) }
        let parallel = try EngineRun.run(spec: spec, input: input, pipeline: true)
        #expect(parallel.output.hasPrefix(#"{"@type":"Item","id":0,"of":40000,"count":40000}"#))
        // The gift's copy is the items' text, every one, as they are.
        #expect(parallel.output.contains(#""gift":{"@type":"Gift","all":[{"id":0,"x":[1,2.50]},{"id":1,"x":[1,2.50]}"#))
        #expect(parallel.output.contains(#"{"id":39999,"x":[1,2.50]}],"note":"n7"}}"#))
        #expect(parallel.output.contains(#"{"id":39999,"x":[1,2.50]}],"note":"n20007"}}"#))
    }

    /// `@root` copied whole beside `@root` paths through the content's
    /// elements (`@root.items.id`, `@root.items.n.@sum`, `@root.items[-1].id`): merged, the tree
    /// (6.4× the document in memory); `apply` reads the root with the items
    /// as their elements' text, which the copy writes and the paths read an
    /// element at a time, once per document. The answer is the whole read's.
    @Test func aRootCopiedBesidePathsThroughTheContentHoldsItsElementsText() throws {
        let spec = #"""
            {"keyPath": "items", "root-map-ref": "item", "mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.items.n.@sum": "total", "@root.meta.count": "count", "@root.items[-1].id": "last"},
               "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]},
              {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "@root.items.id": "ids", "note": "note"}}]}
            """#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(graph.rootProjection == .everything)
        let read = try #require(try MappingEngine(graph: graph, options: MappingOptions()).rootProjection)
        #expect(read.reads == .wholeHolding && read.names == ["items"])
        #expect(read.members.map(\.reads) == [.elements])
        // `check` reads the tree: a report would hold every item such a path reads.
        #expect(graph.rootCopyReads(["items"]) == nil)
        #expect(graph.rootCopyReads(["items"], through: true) == .elements(.everything))
        // An index or another operator into the content: its elements' text too.
        for other in ["@root.items[0].id", "@root.items.@avg.n", "@root.items[-1]"] {
            let into = spec.replacingOccurrences(of: #""@root.items.id": "ids""#, with: #""\#(other)": "ids""#)
            let g = try #require(SpecLoader.load(bytes: Array(into.utf8), file: "spec.json").graph)
            #expect(g.rootCopyReads(["items"], through: true) == .elements(.everything), "\(other)")
        }
        // The content itself read other than copied (a predicate): the tree.
        let whole = #"""
            {"keyPath": "items", "root-map-ref": "pick", "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [{"predicate": "@root.items != nil", "map-ref": "item"}]},
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root": "doc", "@root.items.id": "ids"}}]}
            """#
        let g = try #require(SpecLoader.load(bytes: Array(whole.utf8), file: "spec.json").graph)
        #expect(g.rootCopyReads(["items"], through: true) == nil)
        let elements = (0..<40_000).map { i in
            i % 20_000 == 7 ? #"{"id": \#(i), "n": 1, "gift": {"note": "n\#(i)"}}"# : #"{"id": \#(i), "n": \#(i % 3), "x": [1, 2.50]}"#
        }
        let input = #"{"meta": {"count": 40000}, "items": ["# + elements.joined(separator: ", ") + "]}"
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold && input.utf8.count > ProjectionPlan.holdingArraysFrom)
        for format in ["ndjson", "json"] { try Self.expectSame(input, spec: spec, format: format) }
        let parallel = try EngineRun.run(spec: spec, input: input, pipeline: true)
        // Σ n: (0 + 1 + 2) for each whole three, the two gifts' n = 1 instead of 7 % 3 = 1 and 20007 % 3 = 0.
        let total = (0..<40_000).reduce(0) { $0 + ($1 % 20_000 == 7 ? 1 : $1 % 3) }
        #expect(parallel.output.hasPrefix(#"{"@type":"Item","id":0,"total":\#(total),"count":40000,"last":39999}"#), "\(parallel.output.prefix(200))")
        #expect(parallel.output.contains(#"{"id":39999,"n":0,"x":[1,2.50]}]},"ids":[0,1,2,3,"#))
        #expect(parallel.output.contains(#",39998,39999],"note":"n20007"}}"#))
    }

    /// The same under `keyMatching: caseInsensitive`, the paths spelled
    /// otherwise than the document (`@root.ITEMS.n.@sum`, a descriptor's
    /// `Items` for `items`): names folded on both sides, the root is read
    /// with the items as their elements' text, and each lookup follows the
    /// member a whole read follows (`n` before `N`, `Id` for `id`).
    @Test func aRootCopiedBesidePathsThroughTheContentIgnoringCaseHoldsItsElementsText() throws {
        let spec = #"""
            {"keyPath": "Items", "keyMatching": "caseInsensitive", "root-map-ref": "item", "mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.ITEMS.n.@sum": "total", "@root.Meta.count": "count", "@root.Items[-1].id": "last"},
               "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]},
              {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "@root.items.id": "ids", "note": "note"}}]}
            """#
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(graph.rootCopyReads(["Items"], through: true) == .elements(.everything))
        #expect(graph.rootCopyReads(["ITEMS"], through: true) == .elements(.everything))
        let read = try #require(try MappingEngine(graph: graph, options: MappingOptions()).rootProjection)
        #expect(read.reads == .wholeHolding && read.names == ["items"])
        #expect(read.members.map(\.reads) == [.elements])
        // Even elements `N` alone, odd ones `n` before `N` (`n` is read: 2).
        let elements = (0..<40_000).map { i in
            i % 2 == 0 ? #"{"id": \#(i), "N": 1}"#
                : #"{"Id": \#(i), "N": 5, "n": 2\#(i % 20_000 == 7 ? #", "GIFT": {"note": "n\#(i)"}"# : "")}"#
        }
        let input = #"{"meta": {"count": 40000}, "items": ["# + elements.joined(separator: ", ") + "]}"
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold && input.utf8.count > ProjectionPlan.holdingArraysFrom)
        for format in ["ndjson", "json"] { try Self.expectSame(input, spec: spec, format: format) }
        let parallel = try EngineRun.run(spec: spec, input: input, pipeline: true)
        #expect(parallel.output.hasPrefix(#"{"@type":"Item","id":0,"total":60000,"count":40000,"last":39999}"#), "\(parallel.output.prefix(200))")
        #expect(parallel.output.contains(#"{"Id":39999,"N":5,"n":2}]},"ids":[0,1,2,3,"#))
        #expect(parallel.output.contains(#",39998,39999],"note":"n20007"}}"#))
    }

    @Test(arguments: ["ndjson", "json", "csv"])
    func aLargeDocumentStreamsWithTheSameAnswer(format: String) throws {
        let input = Self.document(elements: 40_000)
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold)
        let parallel = try EngineRun.run(spec: Self.spec, input: input, pipeline: true, format: format)
        // The root's members reach every element: those after the content too.
        if format == "ndjson" {
            #expect(parallel.output.hasPrefix(#"{"@type":"A","id":0,"n":0,"of":40000,"tail":3}"# + "\n"
                + #"{"@type":"B","id":1,"total":40000,"version":7}"#))
        }
        try Self.expectSame(input, format: format)
    }

    /// Each document of a sequence has its own root.
    @Test func eachDocumentSeesItsOwnRoot() throws {
        let docs = [
            Self.document(elements: 12_000), Self.document(elements: 3, version: nil),
            Self.document(elements: 11_000, mode: "lean", version: 8), Self.document(elements: 12_500, version: nil),
        ].joined(separator: "\n")
        let parallel = try EngineRun.run(spec: Self.spec, input: docs, pipeline: true)
        #expect(parallel.output.contains(#"{"@type":"B","id":1,"total":11000,"version":8}"#))
        #expect(parallel.output.contains(#"{"@type":"B","id":1,"total":12500}"#))
        // "lean": no element matches the `a` mapper's predicate.
        #expect(!parallel.output.contains(#""of":11000"#) && parallel.output.contains(#""of":12500"#))
        try Self.expectSame(docs)
    }

    @Test func aSyntaxErrorAnywhereWritesNothingOfTheDocument() throws {
        var broken = Self.document(elements: 20_000)
        broken.removeLast()  // the closing brace, after the members `@root` reads
        let docs = [Self.document(elements: 12_000), broken, Self.document(elements: 12_000, version: 9)].joined(separator: "\n")
        // The error is found before any element is sent, as for a document read whole.
        for keepGoing in [false, true] {
            let options = MappingOptions(keepGoing: keepGoing)
            let parallel = try EngineRun.run(spec: Self.spec, input: docs, options: options, pipeline: true)
            #expect(parallel.outcome.failed == 1)
            #expect(parallel.output.contains(#""version":9"#) == keepGoing)
            try Self.expectSame(docs, options: options)
        }
    }

    /// `--strict` holds a streamed document until its end; with `@root`, the
    /// same answer: this one has warnings, so nothing is written.
    @Test(arguments: ["ndjson", "csv"])
    func strictStreamsWithTheSameAnswer(format: String) throws {
        let options = MappingOptions(strict: true, keepGoing: true)
        let parallel = try EngineRun.run(spec: Self.spec, input: Self.document(elements: 40_000), options: options, pipeline: true, format: format)
        // No record (CSV: its header only, as for a document read whole).
        #expect(parallel.output.split(separator: "\n").count == (format == "csv" ? 1 : 0))
        #expect(parallel.outcome.failed == 1)
        try Self.expectSame(Self.document(elements: 40_000), format: format, options: options)
    }

    /// Longer than the splitter's lookahead: written as it is read, after its root.
    @Test func aDocumentLongerThanTheLookahead() throws {
        let input = Self.document(elements: 300_000)
        #expect(input.utf8.count > Splitter.lookaheadBytes)
        try Self.expectSame(input)
    }

    /// `keyMatching: caseInsensitive`: the root is read as a whole read sees it,
    /// an exact key preferred over one that differs in case.
    @Test func caseInsensitiveKeysReadTheRootTheSame() throws {
        let spec = """
        {"keyPath": "items", "keyMatching": "caseInsensitive", "mappers": [{"id": "x", "target": "X",
          "attributes": {"id": "id", "@root.Meta.Count": "of", "@root.version": "version"}}]}
        """
        let items = (0..<30_000).map { #"{"ID": \#($0)}"# }.joined(separator: ",")
        let input = #"{"META": {"count": 1}, "Items": ["# + items + #"], "Version": 2, "version": 3, "meta": {"COUNT": 4}}"#
        var streamed = false
        let serial = try EngineRun.run(spec: spec, input: input, pipeline: false)
        let parallel = try EngineRun.run(spec: spec, input: input, pipeline: true) { engine, sink in
            streamed = engine.canStream(into: sink)
        }
        #expect(streamed)
        #expect(serial.output.hasPrefix(#"{"@type":"X","id":0,"of":1,"version":3}"#))
        #expect(serial == parallel)
    }
}
