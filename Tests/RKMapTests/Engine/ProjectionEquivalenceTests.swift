import Testing
@testable import RKMap

/// Documents are read through the spec's projection (only the members its key
/// paths name are built). That must never change an answer: for each spec and
/// document here, reading the whole tree gives the same output, diagnostics,
/// outcome and statistics, serially and through the pipeline, streamed or not;
/// and so does reading the values only copied to the output as compact text
/// (`MappingOptions.compactsCopiedValues`, what `rkmap apply` does).
@Suite struct ProjectionEquivalenceTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var spec: String
        var input: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unread members, scalars where objects are expected", spec: """
            {"keyPath": "items", "root-map-ref": "a", "mappers": [
              {"id": "a", "target": "A", "attributes": {"id": "id", "when": "when"}, "types": {"when": "date"},
               "relationships": [{"from": "author", "to": "author", "map-ref": "p"},
                                 {"from": "comments", "to": "comments", "map-ref": "c", "many": true}]},
              {"id": "p", "target": "P", "attributes": ["name"]},
              {"id": "c", "target": "C", "attributes": {"author.name": "by", "text": "text"}}]}
            """, input: """
            {"meta": {"n": 4}, "items": [
              {"id": 1, "kind": "x", "when": "2011-07-04T10:00:00Z", "author": {"name": "Ana", "id": 9},
               "comments": [{"id": 1, "author": {"name": "B"}, "text": "t"}, 3, null, [{"text": "n"}], "s"], "extra": {"deep": [1, 2]}},
              {"id": 2, "author": "Ana", "comments": {"text": "one"}},
              {"id": 3, "author": [{"name": "x"}, {"name": "y"}], "comments": 7},
              "scalar", 4, null, {"nothing": true}, {"id": {"not": "scalar"}}]}
            """),
        Case(name: "dynamic mappers: expectValue, expectType, valueMap, predicate", spec: """
            {"keyPath": "people", "root-map-ref": "person", "mappers": [
              {"id": "person", "dynamic": true, "matchers": [
                {"keyPath": "type", "expectValue": "boy", "map-ref": "boy"},
                {"keyPath": "age", "expectType": "string", "map-ref": "text"},
                {"keyPath": "tag", "valueMap": {"g": "girl", "7": "boy"}},
                {"predicate": "info.level > 3 AND ANY info.flags == 'x'", "map-ref": "girl"}]},
              {"id": "boy", "target": "Boy", "attributes": ["name"]},
              {"id": "girl", "target": "Girl", "attributes": {"name": "name", "info.level": "level"}},
              {"id": "text", "target": "Text", "attributes": ["age"]}]}
            """, input: """
            {"people": [{"type": "boy", "name": "a", "x": 1}, {"age": "ten", "name": "b"}, {"tag": "g", "name": "c"},
              {"tag": 7, "name": "d"}, {"info": {"level": 5, "flags": ["y", "x"], "other": 1}, "name": "e"},
              {"info": {"level": 1}}, {"info": "flat"}, {"name": "nobody"}]}
            """),
        Case(name: "forceCollection, dynamic nesting keys, nil key paths", spec: """
            {"keyPath": "", "root-map-ref": "root", "mappers": [
              {"id": "root", "target": "Root", "attributes": {"title": "title"},
               "relationships": [{"from": "users", "to": "users", "map-ref": "user"},
                                 {"from": "byName", "to": "named", "map-ref": "named"},
                                 {"from": "", "to": "self", "map-ref": "whole"},
                                 {"from": "scores", "to": "scores", "map-ref": "score"}]},
              {"id": "user", "target": "User", "keyAttribute": "username", "attributes": {"email": "email"}},
              {"id": "named", "target": "Named", "forceCollection": true, "keyAttribute": "key", "attributes": {"v": "v"}},
              {"id": "whole", "target": "Whole", "attributes": {"title": "again"}},
              {"id": "score", "target": "Score", "attributes": {"": "value"}}]}
            """, input: """
            {"title": "t", "users": {"ana": {"email": "a@x", "age": 3}}, "byName": {"k1": {"v": 1, "w": 2}, "k2": {"v": 2}},
             "scores": [1, 2.5, "x", null], "unread": [1, {"a": 2}]}
            {"title": "u", "users": {"a": {"email": "1"}, "b": {"email": "2"}}, "byName": [], "scores": {"n": 1}}
            """),
        Case(name: "@parent, @root, case-insensitive keys, validations", spec: """
            {"keyPath": "items", "root-map-ref": "a", "keyMatching": "caseInsensitive", "mappers": [
              {"id": "a", "target": "A", "attributes": {"ID": "id", "@root.meta.source": "source"},
               "relationships": [{"from": "Children", "to": "children", "map-ref": "c"}],
               "validations": [{"attribute": "id", "predicate": "SELF > 0"}]},
              {"id": "c", "target": "C", "attributes": {"name": "name", "@parent.id": "parentID"}}]}
            """, input: """
            {"meta": {"source": "feed"}, "items": [{"id": 1, "CHILDREN": [{"Name": "x"}]}, {"Id": -1, "children": [{"name": "y", "z": 0}]}]}
            """),
        Case(name: "case-insensitive keys: exact first, else the first in document order", spec: """
            {"keyPath": "People", "root-map-ref": "person", "keyMatching": "caseInsensitive", "mappers": [
              {"id": "person", "dynamic": true, "matchers": [
                {"keyPath": "TYPE", "expectValue": "boy", "map-ref": "boy"},
                {"predicate": "kind == 'girl'", "map-ref": "girl"}]},
              {"id": "boy", "target": "Boy", "attributes": {"NAME": "name", "Address.City": "city", "école": "school"}},
              {"id": "girl", "target": "Girl", "attributes": {"name": "name", "Name": "again"},
               "relationships": [{"from": "PETS", "to": "pets", "map-ref": "pet"}]},
              {"id": "pet", "target": "Pet", "attributes": ["Name"]}]}
            """, input: """
            {"people": [{"type": "boy", "name": "a", "NAME": "b", "address": {"city": "X", "CITY": "Y", "zip": 1}, "ÉCOLE": "e"},
              {"Type": "boy", "Name": "c", "nAmE": "d", "ADDRESS": {"City": "Z"}, "unread": [1, 2]},
              {"KIND": "girl", "name": "g", "NAME": "h", "pets": [{"NAME": "p", "x": 1}, {"name": "q"}], "Pets": "ignored"},
              {"kind": "girl", "Name": "i", "PETS": {"nAME": "r"}}], "PEOPLE": []}
            """),
        Case(name: "recursion, indexes, collection operators", spec: """
            {"keyPath": "threads", "root-map-ref": "t", "mappers": [
              {"id": "t", "target": "T", "attributes": {"id": "id", "coords[0]": "first", "replies.@count": "n",
                                                       "scores.@max": "top", "replies[-1].id": "last"},
               "relationships": [{"from": "replies", "to": "replies", "map-ref": "t"}]}]}
            """, input: """
            {"threads": [{"id": 1, "coords": [[1, 2], [3]], "scores": [3, 9, 1], "replies": [{"id": 2, "replies": [{"id": 3, "x": 1}]}, {"id": 4}]},
              {"id": 5, "coords": "none", "replies": "none"}]}
            """),
        // Values copied whole: escapes written as the writer writes them, a
        // repeated key's last value at its first place, numbers as written,
        // empty and deep containers, a value read through an array (KVC),
        // one also read into (`@count`, a matcher), typed, identifying,
        // validated, connected, or written into by a dotted destination.
        Case(name: "values copied whole", spec: """
            {"keyPath": "features", "root-map-ref": "f", "mappers": [
              {"id": "f", "target": "Feature", "entity": true, "identification": ["id"],
               "attributes": {"id": "id", "geometry.coordinates": "coordinates", "properties": "properties",
                              "parts.shape": "shapes", "geometry.bbox": "bbox", "geometry.bbox.@count": "corners",
                              "tags": "tags", "meta": "meta", "meta.extra": "meta.extra", "checked": "checked",
                              "typed": "typed", "distinct": "distinct", "text": "text", "ref": "ref"},
               "types": {"typed": "array", "distinct": "set", "text": "string"},
               "validations": [{"attribute": "checked", "predicate": "SELF.@count > 0", "onFailure": "skip"}],
               "connections": [{"relationship": "other", "sourceAttribute": "ref", "target": "Feature", "targetAttribute": "id"}],
               "relationships": [{"from": "parts", "to": "parts", "map-ref": "p", "many": true}]},
              {"id": "p", "target": "Part", "attributes": {"shape": "shape", "shape.kind": "kind"}}]}
            """, input: """
            {"features": [
              {"id": 1, "geometry": {"type": "Polygon", "coordinates": [[[1.50, -2e3], [0, -0.0]], [], [[]], {}], "bbox": [1, 2, 3, 4]},
               "properties": {"name": "n", "a": 1, "a": {"b": [true, false, null]}, "c": {}},
               "parts": [{"shape": [1, [2]]}, {"shape": {"kind": "k", "x": [1]}}, {"shape": "flat"}],
               "tags": ["x", "[", ",", ":", "{", "\\\\", "caf\\u00e9 \\/ \\"q\\" \\\\ \\t\\u0001\\ud83d\\ude00\\u007f"], "meta": {"k": [1]}, "checked": [], "typed": [1, {"a": "b"}],
               "distinct": [1, 1.0, {"a": [1]}, {"a": [1.00]}, "1"], "text": {"t": [1]}, "ref": 2},
              {"id": 2, "geometry": [{"coordinates": [1, 2]}, {"coordinates": {"x": [3]}}], "properties": [],
               "tags": [[[[[[[[[[1]]]]]]]]]], "checked": [1], "typed": {"a": 1},
               "distinct": {"a": 1}, "text": [2, 2], "ref": 1},
              {"id": 3, "geometry": {"coordinates": "none", "bbox": {"n": 1}}, "properties": null, "meta": [1]}]}
            """),
        // A content dictionary mapped member by member (`WorkUnit.members`
        // through the pipeline): each value read as what the mapper reads of
        // it (`MappingGraph.memberProjection`), the value an untyped nil key
        // path copies as its compact text.
        Case(name: "a content dictionary whose values are copied whole", spec: """
            {"keyPath": "", "root-map-ref": "entry", "mappers": [
              {"id": "entry", "target": "Entry", "forceCollection": true, "keyAttribute": "key", "attributes": {"": "value"}}]}
            """, input: """
            {"items": [{"id": 1, "tags": ["a", {"b": [1.50, 1e2]}]}, null, [], {}], "n": 12345678901234567890123,
             "s": "caf\\u00e9", "nul": null, "o": {"deep": {"deeper": [[]]}}, "e": {}, "t": true}
            """),
        // A value read as `nothing` is `null`, which makes no record: read
        // as an object, its key alone is a record (docs/spec.md §5.3).
        Case(name: "a content dictionary whose mapper reads nothing of its values", spec: """
            {"keyPath": "users", "root-map-ref": "user", "mappers": [
              {"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name",
               "attributes": {"@metadata.mapping.collectionIndex": "position"}, "types": {"name": "int"}}]}
            """, input: """
            {"users": {"1": {"email": "b@x"}, "2": {}, "3": null, "4": 5, "x": {"a": 1}, "5": [{"b": 2}], "6": "s"}}
            """),
        // The same for a relationship's source and a content (a tester's
        // find): read as `nothing` it was `null`, so `apply` wrote `"list":
        // null`, or no record, with no warning where the whole tree gives
        // `[]` and a warning per object. Read as its kind (`{}` each).
        Case(name: "a relationship whose mapper reads nothing of what it maps", spec: """
            {"keyPath": "", "root-map-ref": "page", "mappers": [
              {"id": "page", "target": "Page", "attributes": ["total"],
               "relationships": [{"from": "users", "to": "list", "map-ref": "idx", "many": true},
                                 {"from": "owner", "to": "owner", "map-ref": "idx"},
                                 {"from": "groups", "to": "groups", "map-ref": "idx"}]},
              {"id": "idx", "target": "Idx", "attributes": {"@metadata.mapping.collectionIndex": "i"}}]}
            """, input: """
            {"total": 2, "users": [{"a": 1}, {}, null, 3, [{"b": 2}]], "owner": {"name": "x"}, "groups": "g"}
            """),
        Case(name: "a content whose mapper reads nothing of its elements", spec: """
            {"descriptors": [{"keyPath": "items", "root-map-ref": "idx"}, {"keyPath": "meta", "root-map-ref": "meta"}], "mappers": [
              {"id": "idx", "target": "Idx", "attributes": {"@metadata.mapping.collectionIndex": "i"}},
              {"id": "meta", "target": "Meta", "attributes": ["n"]}]}
            """, input: """
            {"items": [{"a": 1}, {}, null, 3, [{"b": 2}], "s"], "meta": {"n": 1}}
            """),
        Case(name: "a content dictionary whose values are read into", spec: """
            {"keyPath": "users", "root-map-ref": "user", "mappers": [
              {"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name",
               "attributes": {"email": "email", "age": "age", "tags": "tags", "home.geo": "geo", "": "whole"}, "types": {"age": "int"},
               "relationships": [{"from": "pets", "to": "pets", "map-ref": "pet", "many": true},
                                 {"from": "", "to": "self", "map-ref": "again"}]},
              {"id": "pet", "target": "Pet", "attributes": ["kind"]},
              {"id": "again", "target": "Again", "attributes": {"email": "email", "": "copy"}}]}
            """, input: """
            {"users": {"ana": {"email": "a@x", "age": "7", "tags": [1, [2]], "home": {"geo": {"lat": 1}, "city": "C"},
                               "pets": [{"kind": "cat", "x": 1}, null, 3], "unread": {"deep": [1]}},
                       "bo": null, "cy": 3, "di": [{"email": "in an array"}], "ed": {}, "fa": {"age": "old", "pets": {"kind": "one"}}}}
            """),
    ]

    static func run(
        _ c: Case, input: String, projection: Bool, compacting: Bool = false, holding: Bool = false, pipeline: Bool, format: String
    ) throws -> EngineRun {
        var options = MappingOptions(keepGoing: true)
        options.readsProjection = projection
        options.compactsCopiedValues = compacting
        // Every array that only relationships map held, however small.
        options.holdsLargeArrays = holding
        options.holdingArraysFrom = 0
        return try EngineRun.run(spec: c.spec, input: input, options: options, pipeline: pipeline, format: format)
    }

    @Test(arguments: cases)
    func projectionGivesTheSameAnswers(_ c: Case) throws {
        // The document alone, and repeated past the pipeline's streaming threshold.
        let many = [String](repeating: c.input.replacingOccurrences(of: "\n", with: " "), count: 20).joined(separator: "\n")
        for input in [c.input, many] {
            for pipeline in [false, true] {
                for format in ["ndjson", "json", "csv"] {
                    let whole = try Self.run(c, input: input, projection: false, pipeline: pipeline, format: format)
                    let projected = try Self.run(c, input: input, projection: true, pipeline: pipeline, format: format)
                    let compacted = try Self.run(c, input: input, projection: true, compacting: true, pipeline: pipeline, format: format)
                    let held = try Self.run(
                        c, input: input, projection: true, compacting: true, holding: true, pipeline: pipeline, format: format)
                    #expect(!whole.output.isEmpty)
                    #expect(projected == whole, "pipeline \(pipeline), \(format)")
                    #expect(compacted == whole, "compacting, pipeline \(pipeline), \(format)")
                    #expect(held == whole, "holding, pipeline \(pipeline), \(format)")
                }
            }
        }
    }

    @Test func aStreamedDocumentReadsTheSameThroughItsProjection() throws {
        // One document above the streaming threshold: its elements are read through
        // the root mapper's projection by the pipeline's workers.
        let c = Self.cases[0]
        let element = #"{"id": 1, "kind": "x", "author": {"name": "Ana", "id": 9}, "comments": [{"author": {"name": "B"}, "text": "t", "n": [1, 2, 3]}], "extra": {"deep": [1, 2]}}"#
        let input = #"{"meta": 1, "items": ["# + [String](repeating: element, count: 12_000).joined(separator: ",") + "]}"
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold)
        let whole = try Self.run(c, input: input, projection: false, pipeline: true, format: "ndjson")
        let projected = try Self.run(c, input: input, projection: true, pipeline: true, format: "ndjson")
        #expect(projected == whole)
    }

    @Test func projectionsNameWhatIsReadAndNothingElse() throws {
        func projection(_ spec: String) throws -> JSONProjection {
            let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
            return graph.documentProjection(for: graph.descriptors)
        }
        let simple = try projection(Self.cases[0].spec)
        let comment = JSONProjection.nothing.adding(["author", "name"]).adding(["text"])
        let article = JSONProjection.nothing.adding(["id"]).adding(["when"])
            .adding(["author"], then: JSONProjection.nothing.adding(["name"]))
            .adding(["comments"], then: comment)
        #expect(simple == JSONProjection.nothing.adding(["items"], then: article))
        // Dynamic nesting keys and forceCollection read every member of their object.
        if case .members(let root) = try projection(Self.cases[2].spec) {
            #expect(root["users"] == .everything && root["byName"] == .everything && root["scores"] == .everything)
            #expect(root["title"] == .everything && root["unread"] == nil)
        } else {
            Issue.record("a nil key path relationship still names the root's members")
        }
        // @root and @parent read the whole document; case-insensitive keys alone
        // project as usual (the reader then matches case-insensitively).
        #expect(try projection(Self.cases[3].spec) == .everything)
        #expect(try projection(Self.cases[4].spec) != .everything)
        // A recursive mapper is read whole below its first level; an index or an
        // operator reads the value whole from there.
        if case .members(let top) = try projection(Self.cases[5].spec), case .members(let thread)? = top["threads"] {
            #expect(thread["replies"] == .everything && thread["coords"] == .everything && thread["scores"] == .everything)
            #expect(thread["id"] == .everything && thread.count == 4)
        } else {
            Issue.record("threads are not projected")
        }
    }

    /// The value under each key of a content dictionary is read as an
    /// element is (`MappingGraph.memberProjection`): the members its key
    /// paths name, and a value that only an untyped nil key path copies as
    /// compact text; whole when a key path reads `@root` or `@parent`.
    @Test func aDictionarysValuesAreReadAsWhatItsMapperReads() throws {
        func members(_ spec: String, compacting: Bool = true) throws -> JSONProjection {
            let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
            guard case .object(let root) = graph.mappers[graph.descriptors[0].rootMapper], root.forceCollection else {
                Issue.record("the root mapper maps no dictionary")
                return .nothing
            }
            return graph.memberProjection(of: graph.descriptors[0].rootMapper, compacting: compacting)
        }
        let copied = try #require(Self.cases.first { $0.name == "a content dictionary whose values are copied whole" }).spec
        #expect(try members(copied) == .verbatim)
        #expect(try members(copied, compacting: false) == .everything)
        let keyed = """
            {"keyPath": "users", "root-map-ref": "user", "mappers": [
              {"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name",
               "attributes": {"email": "email", "home.city": "city"},
               "relationships": [{"from": "pets", "to": "pets", "map-ref": "pet"}]},
              {"id": "pet", "target": "Pet", "attributes": ["kind"]}]}
            """
        let nothing = try #require(Self.cases.first { $0.name == "a content dictionary whose mapper reads nothing of its values" }).spec
        #expect(try members(nothing) == .members([:]))
        let pet = JSONProjection.nothing.adding(["kind"])
        #expect(try members(keyed, compacting: false) == JSONProjection.nothing.adding(["email"]).adding(["home", "city"]).adding(["pets"], then: pet))
        // `@parent` reads outside the value: read whole, as any
        // representation is then.
        let parent = keyed.replacingOccurrences(of: #""home.city": "city""#, with: #""@parent.title": "title""#)
        #expect(try members(parent) == .everything)
    }

    /// Only an attribute copied as it is (untyped, or of a type that keeps or
    /// refuses an array or object, or `set`) that nothing else reads, compares or
    /// writes into is read as compact text (`MappingGraph.copiesWhole`).
    @Test func onlyValuesCopiedWholeAreCompacted() throws {
        let spec = try #require(Self.cases.first { $0.name == "values copied whole" }).spec
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(graph.documentProjection(for: graph.descriptors) == graph.documentProjection(for: graph.descriptors, compacting: false))
        guard case .members(let top) = graph.documentProjection(for: graph.descriptors, compacting: true),
              case .members(let feature)? = top["features"],
              case .members(let geometry)? = feature["geometry"],
              case .members(let part)? = feature["parts"]
        else {
            Issue.record("features are not projected")
            return
        }
        // Copied whole.
        #expect(geometry["coordinates"] == .verbatim && feature["properties"] == .verbatim && feature["tags"] == .verbatim)
        // Of a type that keeps an array or object as it is (`array`), or
        // refuses it (`string`): the same value or warning from the text.
        // A `set`, which reads the text's elements one at a time.
        #expect(feature["typed"] == .verbatim && feature["text"] == .verbatim && feature["distinct"] == .verbatim)
        // Identifying, validated, connected, written into by `meta.extra`,
        // or also read into (`bbox.@count`, `shape.kind` beside `shape`).
        for name in ["id", "checked", "ref", "meta"] { #expect(feature[name] == .everything, "\(name)") }
        #expect(geometry["bbox"] == .everything && part["shape"] == .everything)
    }
}
