import Testing
@testable import RKMap

/// A large document whose content is one `forceCollection` dictionary
/// (docs/spec.md §5.3) is streamed member by member. Streamed (every document
/// forced through the pipeline's streaming path) and read whole (serially),
/// it must give the same output, diagnostics, outcome and statistics — except
/// for a repeated key, where a streamed document keeps the first occurrence
/// and warns (README "Behaviour details").
@Suite struct KeyedCollectionStreamingTests {
    static let withKeyAttribute = """
        {"keyPath": "users", "root-map-ref": "user", "mappers": [
          {"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name",
           "attributes": {"email": "email", "age": "age", "@metadata.mapping.collectionIndex": "position"}, "types": {"age": "int"},
           "relationships": [{"from": "pets", "to": "pets", "map-ref": "pet", "many": true},
                             {"from": "home", "to": "home", "map-ref": "place"}]},
          {"id": "pet", "target": "Pet", "attributes": ["kind"]},
          {"id": "place", "target": "Place", "attributes": {"city": "city", "geo.lat": "lat"}}]}
        """
    static let withoutKeyAttribute = """
        {"keyPath": "users", "root-map-ref": "user", "mappers": [
          {"id": "user", "target": "User", "forceCollection": true,
           "attributes": {"email": "email", "@metadata.mapping.collectionIndex": "position"},
           "relationships": [{"from": "home", "to": "home", "map-ref": "place"}]},
          {"id": "place", "target": "Place", "attributes": ["city"]}]}
        """
    /// The document itself is the dictionary (nil key path), values mapped from the nil key path.
    static let wholeDocument = """
        {"keyPath": "", "root-map-ref": "entry", "mappers": [
          {"id": "entry", "target": "Entry", "forceCollection": true, "keyAttribute": "key", "attributes": {"": "value"}}]}
        """
    /// A dynamic mapper that reads a member of the dictionary to choose.
    static let dynamic = """
        {"keyPath": "users", "root-map-ref": "choose", "mappers": [
          {"id": "choose", "dynamic": true, "matchers": [{"keyPath": "ana.email", "expectType": "string", "map-ref": "user"}]},
          {"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name", "attributes": ["email"]}]}
        """

    /// Users with nested objects, nulls, scalars, arrays, unmappable and
    /// badly typed values, each document numbered so its messages say which.
    static func users(_ n: Int, document d: Int = 0) -> String {
        var members: [String] = []
        for i in 0..<n {
            switch i % 8 {
            case 0: members.append(#""u\#(d)-\#(i)": {"email": "u\#(i)@x", "age": \#(i), "pets": [{"kind": "cat"}, null, {"x": 1}], "home": {"city": "C\#(i)", "geo": {"lat": 1.5}}}"#)
            case 1: members.append(#""u\#(d)-\#(i)": null"#)
            case 2: members.append(#""u\#(d)-\#(i)": \#(i)"#)
            case 3: members.append(#""u\#(d)-\#(i)": {"age": "old", "home": "nowhere"}"#)
            case 4: members.append(#""u\#(d)-\#(i)": {"unread": {"deep": [1, 2]}}"#)
            case 5: members.append(#""u\#(d)-\#(i)": [{"email": "a"}, 3]"#)
            case 6: members.append(#""é \"\#(i)\"\n": {"email": "quoted", "home": {}}"#)
            default: members.append(#""u\#(d)-\#(i)": {}"#)
            }
        }
        return #"{"meta": {"n": \#(n)}, "users": {"# + members.joined(separator: ", ") + "}, \"tail\": [1]}"
    }

    /// `streamed`: every document through the pipeline's streaming path
    /// (threshold 0); otherwise serially, each document read whole.
    static func run(
        _ spec: String, _ input: String, streamed: Bool, format: String = "ndjson", keepGoing: Bool = true, onlyType: String? = nil
    ) throws -> EngineRun {
        try EngineRun.run(
            spec: spec, input: input, options: MappingOptions(keepGoing: keepGoing, onlyType: onlyType), pipeline: streamed, format: format)
    }

    static func expectSame(_ spec: String, _ input: String, format: String = "ndjson", keepGoing: Bool = true, onlyType: String? = nil) throws {
        let whole = try run(spec, input, streamed: false, format: format, keepGoing: keepGoing, onlyType: onlyType)
        let streamed = try run(spec, input, streamed: true, format: format, keepGoing: keepGoing, onlyType: onlyType)
        #expect(streamed.outcome == whole.outcome)
        #expect(streamed.diagnostics == whole.diagnostics)
        #expect(streamed.stats == whole.stats)
        #expect(streamed.output == whole.output)
    }

    @Test(arguments: ["ndjson", "json"])
    func membersWithAndWithoutAKeyAttribute(format: String) throws {
        // Several documents (messages name them), one spanning many batches.
        let input = [Self.users(9), Self.users(3_000, document: 1), Self.users(17, document: 2)].joined(separator: "\n")
        let whole = try Self.run(Self.withKeyAttribute, input, streamed: false, format: format)
        // A record per member holding an object (not `null`, a number or an
        // array: docs/spec.md §5.3), with `home` Places.
        let objects = [9, 3_000, 17].map { n in (0..<n).filter { ![1, 2, 5].contains($0 % 8) }.count }.reduce(0, +)
        #expect(whole.stats.recordsPerType.first { $0.type == "User" }?.count == objects)
        #expect(whole.diagnostics.contains { $0.hasPrefix(#"in.json: $.users["u1-3"].age: warning:"#) && $0.hasSuffix("(document 2) [mapper user, attribute age]") })
        #expect(whole.diagnostics.contains { $0.hasPrefix(#"in.json: $.users["é \"14\"\n"].home: warning: none of the mapped keys"#) && $0.hasSuffix("(document 2) [mapper place]") })
        for spec in [Self.withKeyAttribute, Self.withoutKeyAttribute] {
            try Self.expectSame(spec, input, format: format)
        }
        try Self.expectSame(Self.withKeyAttribute, input, format: format, onlyType: "User")
    }

    @Test func scalarAndNullMembersWarnWithTheirPaths() throws {
        let input = #"{"users": {"a": {"email": "x"}, "b": null, "c": 3, "d": "s", "e": {"home": {}}}}"#
        let streamed = try Self.run(Self.withoutKeyAttribute, input, streamed: true)
        #expect(streamed.output == #"""
            {"@type":"User","email":"x","position":0}
            {"@type":"User","position":4}

            """#)
        #expect(streamed.diagnostics == [
            #"in.json: $.users.c: warning: cannot map a number with mapper 'user': it has no attribute from the nil key path ("") [mapper user]"#,
            #"in.json: $.users.d: warning: cannot map a string with mapper 'user': it has no attribute from the nil key path ("") [mapper user]"#,
            "in.json: $.users.e.home: warning: none of the mapped keys ('city') is present; the object is not mapped [mapper place]",
        ])
        try Self.expectSame(Self.withoutKeyAttribute, input)
    }

    @Test(arguments: [
        #"{"users": {}}"#, #"{"users": null}"#, #"{"users": 7}"#, #"{"users": "text"}"#, #"{"users": []}"#,
        #"{"users": [{"a": {"email": "x"}}, {}, null, [{"b": {}}], 5]}"#, #"{"other": {"a": {}}}"#,
        #"{"users": {"a": {"email": 1}}, "users": {"b": {"email": 2}}}"#, #"{"users": {"ok": {"email": "x"}, "bad": {"email": [1, 2,]}}}"#,
        #"{"users": {"a": {}} "#, #"{"users": {"a": {}, }}"#, #"{"users": {"a" {}}}"#,
    ])
    func contentOfEveryKindMapsAsAWholeDocumentDoes(_ document: String) throws {
        // The key repeated on the content path warns the same either way only
        // when the two occurrences agree on what they map; here they differ, so
        // only the outcome and statistics are compared for that document.
        let input = [document, #"{"users": {"z": {"email": "after"}}}"#].joined(separator: "\n")
        for keepGoing in [true, false] {
            if document.contains(#""users": {"b""#) {
                let whole = try Self.run(Self.withKeyAttribute, input, streamed: false, keepGoing: keepGoing)
                let streamed = try Self.run(Self.withKeyAttribute, input, streamed: true, keepGoing: keepGoing)
                #expect(streamed.outcome == whole.outcome && streamed.stats.documents == whole.stats.documents)
                #expect(streamed.diagnostics.first?.contains("key 'users' appears again") == true)
                continue
            }
            try Self.expectSame(Self.withKeyAttribute, input, keepGoing: keepGoing)
            try Self.expectSame(Self.withoutKeyAttribute, input, keepGoing: keepGoing)
        }
    }

    @Test func aSyntaxErrorInsideTheObjectFailsTheDocumentAsWhole() throws {
        var members = (0..<2_000).map { #""k\#($0)": {"email": "e\#($0)"}"# }
        members[1_500] = #""k1500": {"email": "e" "x"}"#
        let bad = #"{"users": {"# + members.joined(separator: ",\n") + "}}"
        let input = [Self.users(5), bad, Self.users(5, document: 2)].joined(separator: "\n")
        for keepGoing in [true, false] {
            let streamed = try Self.run(Self.withKeyAttribute, input, streamed: true, keepGoing: keepGoing)
            #expect(streamed.outcome.failed == 1 && streamed.outcome.stoppedBySyntaxError == !keepGoing)
            #expect(streamed.diagnostics.last { $0.contains("error:") }?.hasPrefix("in.json:1502:") == true)
            #expect(!streamed.output.contains("\"k0\""), "nothing of the failed document is written")
            #expect(streamed.output.contains("\"u2-0\"") == keepGoing)
            try Self.expectSame(Self.withKeyAttribute, input, keepGoing: keepGoing)
        }
    }

    @Test func theDocumentItselfAsTheDictionary() throws {
        let input = [#"{"a": 1, "b": {"x": [1]}, "c": null, "d": "s"}"#, "{}", #"{"only": true}"#, "[{\"e\": 2}]", "3"].joined(separator: "\n")
        let streamed = try Self.run(Self.wholeDocument, input, streamed: true)
        #expect(streamed.output.hasPrefix(#"{"@type":"Entry","key":"a","value":1}"#))
        try Self.expectSame(Self.wholeDocument, input)
        try Self.expectSame(Self.wholeDocument, input, format: "json")
    }

    /// A dynamic root mapper chooses from what its matchers read of the
    /// dictionary (`ana.email`), read before its members are split: a repeated
    /// key is then what it is under a static mapper (first occurrence kept,
    /// with a warning), while the matcher sees the last `ana`, as a whole read.
    @Test func aDynamicMapperChoosesAndItsDictionaryIsStreamedMemberByMember() throws {
        let input = #"{"users": {"ana": {"email": 1}, "bob": {}, "ana": {"email": "last"}}}"#
        let streamed = try Self.run(Self.dynamic, input, streamed: true)
        #expect(streamed.output == #"""
            {"@type":"User","name":"ana","email":1}
            {"@type":"User","name":"bob"}

            """#)
        #expect(streamed.diagnostics == [
            "in.json:1:50: warning: key 'ana' appears again in an object mapped with forceCollection; a streamed document keeps its first occurrence"
        ])
        // Counted as the warning it is (`--stats`, `--strict`).
        #expect(streamed.stats.warnings == 1)
        let whole = try Self.run(Self.dynamic, input, streamed: false)
        #expect(whole.output.contains(#""email":"last""#) && whole.diagnostics.isEmpty && whole.stats.warnings == 0)
        // Without the repeat, the same as a whole read; `ana.email` a number: declined.
        try Self.expectSame(Self.dynamic, #"{"users": {"ana": {"email": "x"}, "bob": {}}}"#)
        try Self.expectSame(Self.dynamic, #"{"users": {"ana": {"email": 2}, "bob": {}}}"#)
    }

    /// Matchers that read the object's kind, `@metadata`, `@root` or its
    /// members, choosing a dictionary mapper, a one-record mapper or none,
    /// under every option that changes what is written: streamed as read whole.
    static let choosing = """
        {"keyPath": "data", "root-map-ref": "pick", "mappers": [
          {"id": "pick", "dynamic": true, "matchers": [
            {"keyPath": "@metadata.layout", "expectValue": "one", "map-ref": "summary"},
            {"predicate": "@root.kind == 'map' AND (meta.version >= 2 OR meta.version MATCHES '2.*')", "map-ref": "byKey"},
            {"keyPath": "meta", "expectType": "null", "map-ref": "plain"},
            {"keyPath": "", "expectType": "array", "map-ref": "plain"}]},
          {"id": "byKey", "target": "Item", "forceCollection": true, "keyAttribute": "key",
           "attributes": {"n": "n", "@metadata.mapping.collectionIndex": "position", "@root.kind": "kind"}, "types": {"n": "int"},
           "validations": [{"attribute": "n", "predicate": "SELF >= 0", "onFailure": "skip"}]},
          {"id": "plain", "target": "Item", "forceCollection": true, "attributes": ["n"]},
          {"id": "summary", "target": "Summary", "attributes": {"meta.version": "version", "k1.n": "first"}}]}
        """

    static func data(_ n: Int, kind: String, meta: String) -> String {
        let members = (0..<n).map { i in
            switch i % 5 {
            case 0: return #""k\#(i)": {"n": \#(i)}"#
            case 1: return #""k\#(i)": {"n": "x"}"#
            case 2: return #""k\#(i)": null"#
            case 3: return #""k\#(i)": {"n": -\#(i)}"#
            default: return #""k\#(i)": [{"n": \#(i)}]"#
            }
        }
        return #"{"kind": "\#(kind)", "data": {"meta": \#(meta), "#
            + members.joined(separator: ", ") + "}}"
    }

    @Test(arguments: ["ndjson", "json", "csv", "dictionary"])
    func aDynamicRootMapperChoosesAsAWholeReadDoes(format: String) throws {
        let documents = [
            Self.data(2_500, kind: "map", meta: #"{"version": 3}"#),
            Self.data(40, kind: "map", meta: #"{"version": "2.1"}"#),
            Self.data(40, kind: "list", meta: #"{"version": 3}"#),
            Self.data(40, kind: "map", meta: "null"),
            Self.data(40, kind: "map", meta: #"{"version": 1}"#),
            #"{"kind": "map", "data": [{"n": 1}, {"meta": {"version": 5}, "n": 2}]}"#,
            #"{"kind": "map", "data": {}}"#,
            #"{"kind": "map", "data": 3}"#,
        ]
        let input = documents.joined(separator: "\n")
        for layout in ["dict", "one"] {
            for (strict, onlyType) in [(false, nil), (true, nil), (false, "Summary")] {
                let options = MappingOptions(meta: [("layout", .string(layout))], strict: strict, keepGoing: true, onlyType: onlyType)
                try EngineRun.expectStreamedSameAsWhole(input, spec: Self.choosing, format: format, options: options, streams: true)
            }
        }
    }

    /// What choosing reads: a matcher's value, as far as it needs (a kind, a
    /// scalar); `nil` when the root mapper cannot choose a dictionary mapper
    /// or a matcher reads the whole object.
    @Test func whatAChoiceReads() throws {
        func projection(_ matchers: String, forceCollection: Bool = true) throws -> JSONProjection? {
            let spec = """
                {"root-map-ref": "pick", "mappers": [
                  {"id": "pick", "dynamic": true, "matchers": [\(matchers)]},
                  {"id": "m", "target": "M", "forceCollection": \(forceCollection), "attributes": ["a"]}]}
                """
            let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
            return graph.keyedChoiceProjection(of: graph.descriptors[0].rootMapper)
        }
        let kind = JSONProjection.members([:])
        #expect(try projection(#"{"keyPath": "", "expectType": "object", "map-ref": "m"}"#) == kind)
        #expect(try projection(#"{"keyPath": "@metadata.x", "expectValue": "y", "map-ref": "m"}"#) == kind)
        #expect(try projection(#"{"keyPath": "t", "expectValue": "y", "map-ref": "m"}"#) == .members(["t": kind]))
        #expect(try projection(#"{"keyPath": "t", "expectValue": {"a": 1}, "map-ref": "m"}"#) == .members(["t": .everything]))
        #expect(try projection(#"{"keyPath": "t.u", "valueMap": {"v": "m"}}"#) == .members(["t": .members(["u": kind])]))
        #expect(try projection(#"{"predicate": "a.b == 1 AND c.@count > 2", "map-ref": "m"}"#)
                == .members(["a": .members(["b": .everything]), "c": kind]))
        #expect(try projection(#"{"predicate": "SELF != nil", "map-ref": "m"}"#) == .everything)
        #expect(try projection(#"{"keyPath": "t", "expectType": "string", "map-ref": "m"}"#, forceCollection: false) == nil)
    }

    /// Matchers whose key paths escape a dot or an `@`, index an array, apply
    /// a collection operator or an aggregate, or compare with another key
    /// path: the splitter reads what they read of the object and chooses as a
    /// whole read does, the dictionary streamed member by member.
    @Test(arguments: [
        #"{"keyPath": "\\@t", "expectValue": "yes", "map-ref": "fc"}"#,
        #"{"keyPath": "odd\\.key.v", "expectValue": 2, "map-ref": "fc"}"#,
        #"{"keyPath": "arr[0]", "expectValue": 5, "map-ref": "fc"}"#,
        #"{"keyPath": "arr[-1].z", "expectValue": 1, "map-ref": "fc"}"#,
        #"{"keyPath": "arr.@count", "expectValue": 3, "map-ref": "fc"}"#,
        #"{"keyPath": "arr.@max", "expectValue": 6, "map-ref": "fc"}"#,
        #"{"keyPath": "deep.er.a", "expectValue": [1, 2], "map-ref": "fc"}"#,
        #"{"keyPath": "deep.er.@distinctUnionOfObjects.a", "expectType": "array", "map-ref": "fc"}"#,
        #"{"keyPath": "k1", "expectValue": {"n": 1}, "map-ref": "fc"}"#,
        #"{"keyPath": "k1.n", "valueMap": {"1": "fc"}}"#,
        #"{"keyPath": "@count", "expectType": "null", "map-ref": "fc"}"#,
        #"{"predicate": "arr[0] == 5 AND 5 IN arr", "map-ref": "fc"}"#,
        #"{"predicate": "ANY deep.er.a == 2 AND ALL arr > 4", "map-ref": "fc"}"#,
        #"{"predicate": "k1.n IN arr OR k1.n BETWEEN {0, 2}", "map-ref": "fc"}"#,
        #"{"predicate": "é.x.@sum == 3 AND @root.data.arr[1] == 6", "map-ref": "fc"}"#,
    ])
    func matchersReadingPartsOfTheObjectChooseAsAWholeRead(_ matcher: String) throws {
        let spec = """
            {"keyPath": "data", "root-map-ref": "pick", "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [\(matcher)]},
              {"id": "fc", "target": "Item", "forceCollection": true, "keyAttribute": "key",
               "attributes": {"": "v", "@metadata.mapping.collectionIndex": "i"}}]}
            """
        let input = [
            #"{"data": {"@t": "yes", "odd.key": {"v": 2}, "arr": [5, 6, {"z": 1}], "k1": {"n": 1}, "é": {"x": [1, 2]}, "deep": {"er": [{"a": 1}, {"a": 2}]}}}"#,
            #"{"data": {"@t": "no", "odd": {"key": {"v": 2}}, "arr": [6, 5], "k1": {"n": 2}, "deep": {"er": [{"a": 1}]}}}"#,
        ].joined(separator: "\n")
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: "ndjson", options: MappingOptions(keepGoing: true), streams: true)
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: "json", options: MappingOptions(strict: true, keepGoing: true), streams: true)
    }

    @Test func aRepeatedKeyKeepsItsFirstOccurrenceWithAWarning() throws {
        let input = [
            #"{"users": {"a": {"email": "1"}, "b": {"email": "2"}}}"#,
            #"{"users": {"a": {"email": "first"}, "b": {"age": "x"},"#
                + "\n" + #"  "a": {"email": "again"}, "c": {"email": "3"}, "a": null, "b": 4}}"#,
        ].joined(separator: "\n")
        let streamed = try Self.run(Self.withKeyAttribute, input, streamed: true)
        #expect(streamed.diagnostics == [
            #"in.json: $.users.b.age: warning: cannot convert string "x" to int (document 2) [mapper user, attribute age]"#,
            "in.json:3:7: warning: key 'a' appears again in an object mapped with forceCollection; a streamed document keeps its first occurrence (document 2)",
            "in.json:3:53: warning: key 'a' appears again in an object mapped with forceCollection; a streamed document keeps its first occurrence (document 2)",
            "in.json:3:64: warning: key 'b' appears again in an object mapped with forceCollection; a streamed document keeps its first occurrence (document 2)",
        ])
        // The same as a whole document without the later occurrences.
        let firstOnly = [
            #"{"users": {"a": {"email": "1"}, "b": {"email": "2"}}}"#,
            #"{"users": {"a": {"email": "first"}, "b": {"age": "x"}, "c": {"email": "3"}}}"#,
        ].joined(separator: "\n")
        let whole = try Self.run(Self.withKeyAttribute, firstOnly, streamed: false)
        #expect(streamed.output == whole.output)
        #expect(streamed.outcome == whole.outcome)
        #expect(streamed.diagnostics.filter { !$0.contains("appears again") } == whole.diagnostics)
    }

    /// A document read into memory first (here because a key path reads
    /// `@root`) finds repeated keys by looking at the object twice
    /// (`RepeatedMembers`), not by keeping its keys: the same members kept and
    /// the same warnings, at the same places.
    @Test func aDictionaryHeldInMemoryFindsTheSameRepeats() throws {
        let readsRoot = Self.withKeyAttribute.replacingOccurrences(
            of: #""age": "age","#, with: #""age": "age", "@root.meta.n": "of","#)
        #expect(readsRoot != Self.withKeyAttribute)
        var members = (0..<3_000).map { #""k\#($0 % 2_000)": {"email": "e\#($0)"}"# }
        members += [#""é": {}"#, #""é": {"email": "again"}"#, #""": 1"#, #""": 2"#]
        let input = #"{"meta": {"n": 1}, "users": {"# + members.joined(separator: ",\n") + "}}"
        let held = try Self.run(readsRoot, input, streamed: true)
        let kept = try Self.run(Self.withKeyAttribute, input, streamed: true)
        // `e\u{301}` and `é` are two keys (their code units differ); `""` repeats,
        // and its first value, 1, is a number under a key (a warning, §5.3).
        #expect(held.diagnostics.count == 1_002)
        #expect(held.diagnostics == kept.diagnostics)
        #expect(held.output.replacingOccurrences(of: #","of":1"#, with: "") == kept.output)
        #expect(held.stats.warnings == 1_002)
    }

    @Test func repeatedMembersAreFoundExactly() throws {
        let keys = (0..<20_000).map { "k\($0 % 15_000)" } + ["e\u{301}", "é", "", "", "a much longer key, past any small-string form é"]
        let text = "{" + keys.map { #""\#($0)": 0"# }.joined(separator: ", ") + "}"
        let bytes = Array(text.utf8)
        let repeated = try bytes.withUnsafeBytes { buffer in
            try RepeatedMembers.find(inObjectAt: JSONScanner(bytes: buffer, offset: 0, maxDepth: 512))
        }
        // Keys are one when their code units are: `e\u{301}` and `é` are two.
        var seen = Set<[UInt8]>()
        let expected = Set(keys.indices.filter { !seen.insert(Array(keys[$0].utf8)).inserted })
        #expect(repeated == expected && expected.count == 5_001)
    }

    @Test func keysAreFoundAgainExactly() {
        var seen = SeenKeys()
        let keys = (0..<50_000).map { i in i % 3 == 0 ? "k\(i)" : "a much longer key, \(i), past any small-string form é" } + [""]
        var inserted = keys.map { seen.insert($0) }
        #expect(inserted.allSatisfy { $0 } && seen.count == keys.count)
        inserted = keys.shuffled().prefix(5_000).map { seen.insert($0) }
        #expect(inserted.allSatisfy { !$0 } && seen.count == keys.count)
        // A prefix or an extension is another key, and so are canonically
        // equivalent forms, as in an object read whole (`MemberIndex`): keys
        // are one when their code units are (RFC 8259 §8.3).
        inserted = ["k", "k0 ", "a much longer key, 1, past any small-string form", "e\u{301}", "é", "\u{1E0D}\u{307}", "\u{1E0B}\u{323}", "é"]
            .map { seen.insert($0) }
        #expect(inserted == [true, true, true, true, true, true, true, false])
    }
}
