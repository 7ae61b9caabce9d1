import Testing
@testable import RKMap

/// A spec with connections streams a large document (issue 12): the writer
/// holds the document's records compactly (`HeldRecords`) and connects and
/// writes them at its end, so that a connection finds a record that comes
/// later in the document, as in a whole read (docs/spec.md §3.4). Records,
/// their order, diagnostics, outcome and statistics are those of a whole read.
@Suite struct ConnectionsStreamingTests {
    /// JSON:API-shaped: articles in `data`, their authors and comments in
    /// `included` after them. An article's editor is a nested Person record,
    /// found before the people of `included` (output order). People have their
    /// own connection (`friend`), which is not written inside a connected person.
    static let spec = """
    {"descriptors": [{"keyPath": "data", "root-map-ref": "article"}, {"keyPath": "included", "root-map-ref": "included"}],
     "mappers": [
       {"id": "article", "target": "Article",
        "attributes": {"id": "id", "title": "title", "authorId": "author", "commentIds": "comments"},
        "relationships": [{"from": "editor", "to": "editor", "map-ref": "person"}],
        "connections": [
          {"relationship": "writer", "sourceAttribute": "author", "target": "Person", "targetAttribute": "id"},
          {"relationship": "thread", "sourceAttribute": "comments", "target": "Comment", "targetAttribute": "id"}]},
       {"id": "included", "dynamic": true, "matchers": [
         {"keyPath": "type", "expectValue": "people", "map-ref": "person"},
         {"keyPath": "type", "expectValue": "comments", "map-ref": "comment"}]},
       {"id": "person", "target": "Person", "attributes": {"id": "id", "name": "name", "friendId": "friend"},
        "connections": [{"relationship": "friendOf", "sourceAttribute": "friend", "target": "Person", "targetAttribute": "id"}]},
       {"id": "comment", "target": "Comment", "attributes": {"id": "id", "body": "body"}}]}
    """

    /// `articles` articles, then people and comments. Every 10th article's
    /// author is missing (a warning), every 13th has a null author, every 7th
    /// an editor; the editors of articles 0, 21, 42, ... (below `people`) have
    /// the id of a person of `included`. Comment ids are numbers written `N`
    /// or `N.0` (equal: numbers compare numerically); ids from `comments` on
    /// are missing.
    static func document(articles: Int, people: Int = 500, comments: Int = 800, ghosts: Bool = true, single: Bool = false) -> String {
        let a = (0..<articles).map { i in
            let author = i % 13 == 0 ? "null" : (i % 10 == 0 && ghosts ? "\"ghost\(i)\"" : "\"p\(i % people)\"")
            let thread = (0..<(i % 4)).map { k in k == 1 ? "\((i + k) % (comments + 3)).0" : "\((i + k) % (comments + 3))" }
            let editorID = i % 21 == 0 && i < people ? "p\(i)" : "e\(i)"
            let editor = i % 7 == 0 ? #", "editor": {"id": "\#(editorID)", "name": "editor \#(i)", "friendId": "p1"}"# : ""
            return #"{"id": \#(i), "title": "title \#(i)", "authorId": \#(author), "commentIds": [\#(thread.joined(separator: ","))]\#(editor)}"#
        }
        let p = (0..<people).map { i in
            #"{"type": "people", "id": "p\#(i)", "name": "person \#(i)", "friendId": "p\#((i + 1) % (people + 2))"}"#
        }
        let c = (0..<comments).map { i in #"{"type": "comments", "id": \#(i), "body": "comment \#(i)"}"# }
        if single { return #"{"data": "# + a[0] + #", "included": ["# + (p + c).joined(separator: ",") + "]}" }
        return #"{"data": ["# + a.joined(separator: ",") + #"], "included": ["# + (p + c).joined(separator: ",") + "]}"
    }

    static func expectSame(
        _ input: String, spec: String = spec, format: String = "ndjson", options: MappingOptions = MappingOptions(), streams: Bool = true,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try EngineRun.expectStreamedSameAsWhole(
            input, spec: spec, format: format, options: options, streams: streams, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["ndjson", "json", "json-compact"])
    func aLargeDocumentWithConnectionsStreams(format: String) throws {
        let input = Self.document(articles: 12_000)
        #expect(input.utf8.count > MappingOptions.defaultPipelineThreshold)
        try Self.expectSame(input, format: format)
    }

    /// What §3.4 says, on the streamed output: a connection finds a record
    /// that comes later (the author in `included`), the first in output order
    /// (a nested editor before the people of `included`), numbers numerically,
    /// a connected record without its own connections, a missing value left out
    /// with a warning.
    @Test func connectedRecordsAreTheOnesTheSpecNames() throws {
        let run = try EngineRun.run(spec: Self.spec, input: Self.document(articles: 12_000), options: MappingOptions(), pipeline: true)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 12_000 + 500 + 800)
        // Article 0: null author, no comments, an editor p0 whose friend p1 is
        // person 1 of `included`, connected without her own connection.
        #expect(lines[0] == #"""
            {"@type":"Article","id":0,"title":"title 0","author":null,"comments":[],"editor":{"@type":"Person","id":"p0","name":"editor 0","friend":"p1","friendOf":{"@type":"Person","id":"p1","name":"person 1","friend":"p2"}},"thread":[]}
            """#)
        // Article 3: author p3, comments 3, 4.0 (= 4), 5; no editor has the id
        // p3, so the author is person 3 of `included`, after all articles.
        #expect(lines[3] == #"""
            {"@type":"Article","id":3,"title":"title 3","author":"p3","comments":[3,4.0,5],"writer":{"@type":"Person","id":"p3","name":"person 3","friend":"p4"},"thread":[{"@type":"Comment","id":3,"body":"comment 3"},{"@type":"Comment","id":4,"body":"comment 4"},{"@type":"Comment","id":5,"body":"comment 5"}]}
            """#)
        // Article 21's author p21 is its own editor (id p21), met before person 21.
        #expect(lines[21].contains(#""writer":{"@type":"Person","id":"p21","name":"editor 21","friend":"p1"}"#))
        // Article 10's author is missing: no `writer`, one warning.
        #expect(!lines[10].contains("writer"))
        #expect(run.diagnostics.first == #"in.json: $.data[10]: warning: connection 'writer': no Person with id = "ghost10" in the document; the value is left out [mapper article, attribute writer]"#)
    }

    /// Documents read one after another: a connection finds records of its own
    /// document only; a syntax error, `--keep-going` or not.
    @Test func aSequenceOfDocuments() throws {
        var broken = Self.document(articles: 9_000)
        broken.removeLast()
        let docs = [Self.document(articles: 9_000), broken, Self.document(articles: 30, people: 3), Self.document(articles: 8_000)]
        for options in [MappingOptions(keepGoing: true), MappingOptions()] {
            try Self.expectSame(docs.joined(separator: "\n"), options: options)
        }
    }

    /// `--strict`: a missing connection is a warning, so the document fails and
    /// nothing of it is written; a document whose connections all resolve passes.
    @Test func strictFailsOnAMissingConnection() throws {
        let strict = MappingOptions(strict: true, keepGoing: true)
        // Only the authors' connection, and every author there.
        let resolved = Self.spec
            .replacingOccurrences(of: #",\#n      {"relationship": "thread", "sourceAttribute": "comments", "target": "Comment", "targetAttribute": "id"}"#, with: "")
            .replacingOccurrences(of: #",\#n    "connections": [{"relationship": "friendOf", "sourceAttribute": "friend", "target": "Person", "targetAttribute": "id"}]"#, with: "")
        #expect(resolved.split(separator: "relationship").count == 3)
        let input = [Self.document(articles: 9_000), Self.document(articles: 9_000, ghosts: false)].joined(separator: "\n")
        try Self.expectSame(input, options: strict)
        try Self.expectSame(input, spec: resolved, options: strict)
        let run = try EngineRun.run(spec: resolved, input: input, options: strict, pipeline: true)
        #expect(run.outcome.failed == 1)
        #expect(run.output.split(separator: "\n").count == 9_000 + 500 + 800)
        #expect(run.output.hasPrefix(#"{"@type":"Article","id":0,"#))
    }

    /// `--type` keeps its own records after connecting: records of other
    /// types are still found by connections.
    @Test func onlyTypeConnectsFirst() throws {
        var typed = MappingOptions()
        typed.onlyType = "Article"
        try Self.expectSame(Self.document(articles: 12_000), options: typed)
        let run = try EngineRun.run(spec: Self.spec, input: Self.document(articles: 12_000), options: typed, pipeline: true)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 12_000)
        #expect(lines[3].contains(#""writer":{"@type":"Person","id":"p3""#))
    }

    /// One descriptor: CSV writes a connection as a column of compact JSON,
    /// and the JSON shapes that group by descriptor stream too.
    @Test(arguments: ["csv", "dictionary", "object"])
    func oneDescriptor(format: String) throws {
        let spec = Self.spec.replacingOccurrences(of: #", {"keyPath": "included", "root-map-ref": "included"}"#, with: "")
            .replacingOccurrences(of: #""target": "Person", "targetAttribute": "id""#, with: #""target": "Article", "targetAttribute": "id""#)
        let input = format == "object" ? Self.document(articles: 1, single: true) : Self.document(articles: 12_000)
        try Self.expectSame(input, spec: spec, format: format)
    }

    /// A null element of a to-many source connects nothing, silently, as a
    /// null source does; an object or array is not a value connections
    /// compare, and the warning says so (not "no T with code = null" where
    /// records with a null code exist).
    @Test func nullAndObjectSourceValues() throws {
        let spec = """
            {"descriptors": [{"keyPath": "a", "root-map-ref": "a"}, {"keyPath": "t", "root-map-ref": "t"}],
             "mappers": [{"id": "a", "target": "A", "attributes": ["id", "ref"],
               "connections": [{"relationship": "to", "sourceAttribute": "ref", "target": "T", "targetAttribute": "code"}]},
              {"id": "t", "target": "T", "attributes": ["code"]}]}
            """
        let input = #"{"a": [{"id": 1, "ref": [1, null, {"x": 1}]}, {"id": 2, "ref": null}, {"id": 3, "ref": [2]}], "t": [{"code": null}, {"code": 1}]}"#
        for pipeline in [false, true] {
            let run = try EngineRun.run(spec: spec, input: input, options: MappingOptions(), pipeline: pipeline)
            #expect(run.diagnostics == [
                #"in.json: $.a[0]: warning: connection 'to': {"x":1} is not a string, number or boolean, the values connections compare; it is left out [mapper a, attribute to]"#,
                #"in.json: $.a[2]: warning: connection 'to': no T with code = 2 in the document; the value is left out [mapper a, attribute to]"#,
            ])
            #expect(run.output.hasPrefix(#"""
                {"@type":"A","id":1,"ref":[1,null,{"x":1}],"to":[{"@type":"T","code":1}]}
                {"@type":"A","id":2,"ref":null}
                {"@type":"A","id":3,"ref":[2],"to":[]}
                """#))
        }
    }

    /// Several descriptors into JSON grouped by descriptor.
    @Test func groupedBySeveralDescriptors() throws {
        try Self.expectSame(Self.document(articles: 12_000), format: "dictionary")
    }

    /// A record limit, and a `fail` validation, end the document before
    /// anything of it is written.
    @Test func recordLimitAndFailValidation() throws {
        var limited = MappingOptions(keepGoing: true)
        limited.maxRecords = 5_000
        let input = [Self.document(articles: 9_000), Self.document(articles: 2, people: 3, comments: 3)].joined(separator: "\n")
        // A streamed document counts records element by element, so its
        // error names the document, where a whole read names the record
        // (docs/behaviour.md); what is written is the same.
        let limitedRun = try EngineRun.run(spec: Self.spec, input: input, options: limited, pipeline: true)
        let limitedWhole = try EngineRun.run(spec: Self.spec, input: input, options: limited, pipeline: false)
        #expect(limitedRun.outcome == limitedWhole.outcome)
        #expect(limitedRun.outcome.failed == 1)
        #expect(limitedRun.output == limitedWhole.output)
        #expect(limitedRun.output.split(separator: "\n").count == 2 + 3 + 3)
        #expect(limitedRun.diagnostics.first == "in.json: $: error: the document makes more than 5,000 records; stopped (raise the limit with --max-records N)")
        let validated = Self.spec.replacingOccurrences(
            of: #""target": "Comment", "attributes": {"id": "id", "body": "body"}"#,
            with: #""target": "Comment", "attributes": {"id": "id", "body": "body"}, "validations": [{"attribute": "body", "predicate": "SELF != 'comment 700'", "onFailure": "fail"}]"#)
        #expect(validated != Self.spec)
        try Self.expectSame(input, spec: validated, options: MappingOptions(keepGoing: true))
        let run = try EngineRun.run(spec: validated, input: input, options: MappingOptions(keepGoing: true), pipeline: true)
        #expect(run.outcome.failed == 1)
        #expect(run.output.split(separator: "\n").count == 2 + 3 + 3)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
