import Testing
@testable import RKMap

/// A spec with several response descriptors streams a large document (issue
/// 12): the splitter reads it whole into memory, validates it, and splits it
/// once per descriptor in file order, so the records come in the order a
/// whole read maps them (descriptor by descriptor), with the same diagnostics,
/// outcome and statistics, without the document's tree.
@Suite struct SeveralDescriptorsStreamingTests {
    /// Content arrays (`users`, `repos`), an object at a nested key path
    /// (`meta.owner`), and a key path through an array (`pages.items`, KVC).
    static let spec = """
    {"descriptors": [
       {"keyPath": "users", "root-map-ref": "user"},
       {"keyPath": "repos", "root-map-ref": "repo"},
       {"keyPath": "meta.owner", "root-map-ref": "user"},
       {"keyPath": "pages.items", "root-map-ref": "repo"}],
     "mappers": [
       {"id": "user", "target": "User", "attributes": {"login": "login", "id": "id"}, "types": {"id": "int"}},
       {"id": "repo", "target": "Repo", "attributes": {"name": "name", "stars": "stars"}, "types": {"stars": "int"}}]}
    """

    /// Repos before users in the document (the output still has users first);
    /// some ids that do not convert (warnings), nulls and non-objects.
    static func document(users: Int, repos: Int, owner: Bool = true, pages: Bool = true) -> String {
        let u = (0..<users).map { i in
            i % 11 == 3 ? #"{"login": "u\#(i)", "id": "x\#(i)"}"# : (i % 13 == 5 ? "null" : #"{"login": "u\#(i)", "id": \#(i)}"#)
        }
        let r = (0..<repos).map { i in i % 17 == 2 ? #""not a repo""# : #"{"name": "r\#(i)", "stars": \#(i % 50)}"# }
        var members = [#""repos": ["# + r.joined(separator: ",") + "]"]
        if owner { members.append(#""meta": {"owner": {"login": "boss", "id": 1}, "page": 1}"#) }
        if pages { members.append(#""pages": [{"items": [{"name": "p1"}]}, {"other": 1}, {"items": [{"name": "p2", "stars": "many"}]}]"#) }
        members.append(#""users": ["# + u.joined(separator: ",") + "]")
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func expectSame(
        _ input: String, spec: String = spec, format: String = "ndjson", options: MappingOptions = MappingOptions(), streams: Bool = true,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try EngineRun.expectStreamedSameAsWhole(
            input, spec: spec, format: format, options: options, streams: streams, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["ndjson", "json"])
    func aLargeDocumentStreamsDescriptorByDescriptor(format: String) throws {
        let input = Self.document(users: 20_000, repos: 15_000)
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold)
        let parallel = try EngineRun.run(spec: Self.spec, input: input, pipeline: true, format: format)
        if format == "ndjson" {
            // Users first although repos come first in the document, then the
            // owner, then what the key path through `pages` collects.
            let lines = parallel.output.split(separator: "\n")
            #expect(lines.first == #"{"@type":"User","login":"u0","id":0}"#)
            #expect(lines.suffix(3) == [
                #"{"@type":"User","login":"boss","id":1}"#, #"{"@type":"Repo","name":"p1"}"#, #"{"@type":"Repo","name":"p2"}"#,
            ])
        }
        try Self.expectSame(input, format: format)
    }

    /// No descriptor finds content, or only one, or only the key path through
    /// an array, which collects nothing: the answers of a whole read.
    @Test func contentFoundByAnyDescriptorOrNone() throws {
        let padding = #"{"x": ""# + String(repeating: "a", count: 1_200_000) + #""}"#
        let docs = [
            // Nothing of any descriptor: no mappable content.
            #"{"other": [1, 2], "pad": \#(padding)}"#,
            // Only an empty array: content found, no records.
            #"{"repos": [], "pad": \#(padding)}"#,
            // Only `pages`, whose elements have no `items`: nothing collected.
            #"{"pages": [{"a": 1}, {"b": 2}], "pad": \#(padding)}"#,
            // `pages` collects: content.
            #"{"pad": \#(padding), "pages": [{"a": 1}, {"items": {"name": "solo"}}]}"#,
            // `repos` has content, `pages` collects nothing: the repos are written.
            #"{"pages": [{"a": 1}], "repos": [{"name": "kept"}], "pad": \#(padding)}"#,
        ]
        for keepGoing in [true, false] {
            try Self.expectSame(docs.joined(separator: "\n"), options: MappingOptions(keepGoing: keepGoing))
        }
        let parallel = try EngineRun.run(spec: Self.spec, input: docs.joined(separator: "\n"), pipeline: true)
        #expect(parallel.outcome.failed == 2)
        #expect(parallel.output == #"{"@type":"Repo","name":"solo"}"# + "\n" + #"{"@type":"Repo","name":"kept"}"# + "\n")
    }

    @Test func aSequenceWithSyntaxErrorsAndStrict() throws {
        var broken = Self.document(users: 9_000, repos: 9_000)
        broken.removeLast()
        let docs = [
            Self.document(users: 9_000, repos: 9_000), broken, Self.document(users: 30, repos: 2, owner: false),
            Self.document(users: 9_000, repos: 8_000, pages: false),
        ].joined(separator: "\n")
        for options in [MappingOptions(keepGoing: true), MappingOptions(), MappingOptions(strict: true, keepGoing: true)] {
            try Self.expectSame(docs, options: options)
        }
    }

    /// Longer than the splitter's lookahead: written as it is read.
    @Test func aDocumentLongerThanTheLookahead() throws {
        let input = Self.document(users: 150_000, repos: 150_000)
        #expect(input.utf8.count > Splitter.lookaheadBytes)
        try Self.expectSame(input)
    }

    @Test func onlyTypeAndCaseInsensitiveKeys() throws {
        var typed = MappingOptions()
        typed.onlyType = "Repo"
        try Self.expectSame(Self.document(users: 20_000, repos: 15_000), options: typed)
        let folded = Self.spec.replacingOccurrences(of: #"{"descriptors""#, with: #"{"keyMatching": "caseInsensitive", "descriptors""#)
        let input = Self.document(users: 20_000, repos: 15_000)
            .replacingOccurrences(of: #""users""#, with: #""Users""#).replacingOccurrences(of: #""owner""#, with: #""OWNER""#)
        try Self.expectSame(input, spec: folded)
    }

    /// A repeated content key is a warning (a streamed document is mapped from
    /// the first occurrence), given once however many descriptors pass it, and
    /// naming the document.
    @Test func aRepeatedContentKeyIsOneWarning() throws {
        let spec = """
        {"descriptors": [{"keyPath": "users", "root-map-ref": "user"}, {"keyPath": "users", "root-map-ref": "user"}],
         "mappers": [{"id": "user", "target": "User", "attributes": ["login"]}]}
        """
        let users = (0..<20_000).map { #"{"login": "u\#($0)"}"# }.joined(separator: ",")
        let input = #"{"users": []}"# + "\n" + #"{"users": ["# + users + #"], "users": [{"login": "last"}]}"#
        let parallel = try EngineRun.run(spec: spec, input: input, pipeline: true)
        let warnings = parallel.diagnostics.filter { $0.contains("appears again") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasSuffix("a streamed document is mapped from its first occurrence (document 2)") == true)
        #expect(parallel.stats.recordsPerType.first?.count == 40_000)
    }

    /// JSON grouped by descriptor (`--shape dictionary`) streams too: the
    /// first key path's array is written as it comes, later ones are held as
    /// their bytes; a descriptor whose content is an empty array still has
    /// its key, one that finds nothing has none, and two descriptors at one
    /// key path share its array (with another key path between them).
    @Test(arguments: ["dictionary", "dictionary-compact"])
    func groupedByDescriptorStreams(format: String) throws {
        try Self.expectSame(Self.document(users: 20_000, repos: 15_000), format: format)
        let padding = #""pad": ""# + String(repeating: "p", count: 1_200_000) + "\""
        let docs = [
            #"{"repos": [], "users": [{"login": "a"}], \#(padding)}"#,
            #"{"users": [], "meta": {"owner": {"login": "o"}}, \#(padding)}"#,
            #"{"repos": [{"name": "r"}], \#(padding)}"#,
            #"{"pages": [{"items": [{"name": "p"}]}], "users": [{"login": "u"}], \#(padding)}"#,
        ].joined(separator: "\n")
        try Self.expectSame(docs, format: format)
        let shared = """
            {"descriptors": [{"keyPath": "users", "root-map-ref": "user"}, {"keyPath": "repos", "root-map-ref": "repo"},
               {"keyPath": "users", "root-map-ref": "repo"}],
             "mappers": [
               {"id": "user", "target": "User", "attributes": ["login"]}, {"id": "repo", "target": "Repo", "attributes": ["login", "name"]}]}
            """
        try Self.expectSame(Self.document(users: 20_000, repos: 15_000), spec: shared, format: format)
        let run = try EngineRun.run(spec: shared, input: docs, pipeline: true, format: "dictionary-compact")
        #expect(run.output.split(separator: "\n").first == #"{"users":[{"@type":"User","login":"a"},{"@type":"Repo","login":"a"}],"repos":[]}"#)
    }

    /// `--shape object` streams: the first root of all descriptors, in file
    /// order, and the count of all of them (one record in all, or an error
    /// naming how many).
    @Test func theObjectShapeStreams() throws {
        try Self.expectSame(Self.document(users: 20_000, repos: 15_000), format: "object")
        let padding = String(repeating: " ", count: 1_200_000)
        let one = #"{"users": [], "repos": [{"name": "only"}], "pages": [{"a": 1}]\#(padding)}"#
        let two = #"{"users": [{"login": "a"}], "meta": {"owner": {"login": "b"}}\#(padding)}"#
        try Self.expectSame(one + "\n" + two, format: "object", options: MappingOptions(keepGoing: true))
        let run = try EngineRun.run(spec: Self.spec, input: one + "\n" + two, pipeline: true, format: "object")
        #expect(run.output == #"{"# + "\n" + #"  "@type": "Repo","# + "\n" + #"  "name": "only""# + "\n}\n")
        #expect(run.diagnostics.last?.contains("the document has 2") == true)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
