import Testing
@testable import RKMap

/// Which members count as read (docs/spec.md §12 check 3): source key paths' first
/// keys, nil key paths (everything), `@parent` keys, matchers' key paths.
@Suite struct ReadTrackerTests {
    private func unmapped(spec: String, document: String) throws -> [String] {
        let graph = try CheckFixtures.graph(spec)
        let engine = try MappingEngine(graph: graph, options: MappingOptions())
        var reader = JSONDocumentReader(bytes: Array(document.utf8))
        let value = try #require(try reader.next())
        let tracker = ReadTracker(caseInsensitive: graph.options.caseInsensitiveKeys)
        let list = DiagnosticList()
        _ = try engine.map(document: value, info: DocumentInfo(input: "d", index: 0), sink: CountingSink(), diagnostics: list, readTracker: tracker)
        return tracker.unmapped.map { "\($0.path) \($0.count) \($0.mapperIDs.joined(separator: ","))" }
    }

    @Test func nilKeyPathAttributeReadsEverything() throws {
        let spec = #"{"mappers": [{"id": "t", "attributes": {"": "raw"}}], "descriptors": [{"keyPath": "items", "root-map-ref": "t"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"items": [{"a": 1, "b": 2}]}"#) == [])
    }

    @Test func nilKeyPathRelationshipComposesFromTheSameObject() throws {
        let spec = #"""
            {"mappers": [
              {"id": "user", "attributes": ["name"], "relationships": [{"from": "", "to": "address", "map-ref": "address"}]},
              {"id": "address", "attributes": ["city"]}],
             "descriptors": [{"keyPath": "user", "root-map-ref": "user"}]}
            """#
        #expect(try unmapped(spec: spec, document: #"{"user": {"name": "a", "city": "b", "zip": "c"}}"#) == [])
    }

    @Test func parentKeysAreReadsOfTheEnclosingObject() throws {
        let spec = #"""
            {"mappers": [
              {"id": "post", "attributes": ["title"], "relationships": [{"from": "comments", "to": "comments", "map-ref": "comment"}]},
              {"id": "comment", "attributes": {"text": "text", "@parent.postID": "postID"}}],
             "descriptors": [{"keyPath": "post", "root-map-ref": "post"}]}
            """#
        let doc = #"{"post": {"title": "t", "postID": 4, "draft": true, "comments": [{"text": "a", "likes": 1}, {"text": "b", "likes": 2}]}}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.post.comments[*].likes 2 comment", "$.post.draft 1 post"])
    }

    @Test func matcherKeysAreReads() throws {
        let spec = #"""
            {"mappers": [
              {"id": "person", "dynamic": true, "matchers": [
                 {"keyPath": "type", "expectValue": "Boy", "map-ref": "boy"},
                 {"predicate": "kind == 'girl' OR age > 18", "map-ref": "girl"}]},
              {"id": "boy", "attributes": ["name"]},
              {"id": "girl", "attributes": ["name"]}],
             "descriptors": [{"keyPath": "people", "root-map-ref": "person"}]}
            """#
        let doc = #"{"people": [{"type": "Boy", "name": "a", "toy": 1}, {"type": "Girl", "kind": "girl", "age": 3, "name": "b"}, {"type": "x", "other": 1}]}"#
        // The declined third element is not a mapped object: nothing is reported for it.
        #expect(try unmapped(spec: spec, document: doc) == ["$.people[*].toy 1 boy"])
    }

    @Test func dynamicNestingKeysFoldToAWildcard() throws {
        let spec = #"""
            {"mappers": [{"id": "user", "keyAttribute": "username", "forceCollection": true, "attributes": ["email"]}],
             "descriptors": [{"keyPath": "users", "root-map-ref": "user"}]}
            """#
        let doc = #"{"users": {"blake": {"email": "b@x", "age": 1}, "rachit": {"email": "r@x", "age": 2}}}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.users.*.age 2 user"])
    }

    @Test func caseInsensitiveReadsMarkTheMemberFound() throws {
        let spec = #"{"keyMatching": "caseInsensitive", "mappers": [{"id": "s", "attributes": ["sportId"]}], "descriptors": [{"keyPath": "s", "root-map-ref": "s"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"s": {"SPORTID": 1, "x": 2}}"#) == ["$.s.x 1 s"])
    }

    @Test func unmappableObjectsAreNotReportedTwice() throws {
        let spec = #"{"mappers": [{"id": "a", "attributes": ["name"]}], "descriptors": [{"keyPath": "items", "root-map-ref": "a"}]}"#
        // The second element has none of the mapped keys: its warning says so.
        #expect(try unmapped(spec: spec, document: #"{"items": [{"name": "n"}, {"other": 1}]}"#) == [])
    }

    @Test func rootKeysReadByAtRoot() throws {
        let spec = #"{"mappers": [{"id": "a", "attributes": {"name": "name", "@root.version": "v"}}], "descriptors": [{"root-map-ref": "a"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"name": "n", "version": 2, "x": 1}"#) == ["$.x 1 a"])
    }
}
