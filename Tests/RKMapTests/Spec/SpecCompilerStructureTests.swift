import Testing
@testable import RKMap

/// Spec shapes (docs/spec.md §1), descriptors (§2) and references.
@Suite struct SpecCompilerStructureTests {
    @Test func descriptorsShareTopLevelAndDescriptorMappers() throws {
        let spec = """
        { "mappers": [ {"id": "article", "target": "Article", "attributes": ["title"]} ],
          "descriptors": [ {"keyPath": "article", "root-map-ref": "article"},
                           {"keyPath": "authors", "root-map-ref": "author",
                            "mappers": [ {"id": "author", "targetName": "Author", "attributes": ["name"]} ]},
                           {"keyPath": "more", "root-map-ref": "author"} ] }
        """
        let graph = try #require(SpecTest.load(spec).graph)
        #expect(graph.mappers.map(\.id) == ["article", "author"])
        #expect(graph.descriptors.map(\.index) == [0, 1, 2])
        #expect(graph.descriptors.map(\.keyPathText) == ["article", "authors", "more"])
        #expect(graph.descriptors.map(\.rootMapper) == [0, 1, 1])
        #expect(graph.descriptors[1].location == SourceLocation(line: 3, column: 20))
        #expect(SpecTest.object(graph, "author")?.typeName == "Author")
    }

    @Test func mappersAreNumberedInSourceOrderWhereverDeclared() throws {
        let spec = """
        { "descriptors": [ {"root-map-ref": "b", "mappers": [{"id": "a", "attributes": ["x"]}]} ],
          "mappers": [{"id": "b", "attributes": ["x"]}] }
        """
        let graph = try #require(SpecTest.load(spec).graph)
        #expect(graph.mappers.map(\.id) == ["a", "b"])
        #expect(graph.descriptors[0].rootMapper == 1)
    }

    @Test func topLevelArrayIsAListOfDescriptors() throws {
        let spec = """
        [ {"keyPath": "a", "mappers": [{"id": "x", "attributes": ["n"]}], "root-map-ref": "x"},
          {"keyPath": "b", "root-map-ref": "x"} ]
        """
        let graph = try #require(SpecTest.load(spec).graph)
        #expect(graph.descriptors.map(\.keyPathText) == ["a", "b"])
        #expect(graph.descriptors.map(\.rootMapper) == [0, 0])
    }

    @Test(arguments: [#""keyPath": """#, #""keyPath": null"#, #""path": """#])
    func emptyOrNullMeansRootAndAnyPath(field: String) throws {
        let graph = try #require(SpecTest.load(#"{\#(field), "mappers": [{"id": "m", "attributes": ["x"]}]}"#).graph)
        #expect(graph.descriptors[0].keyPath.isNil)
        #expect(graph.descriptors[0].keyPathText == nil)
        #expect(graph.descriptors[0].pathPattern == nil)
    }

    @Test func statusCodesAndMethods() throws {
        let spec = #"{"statusCodes": [404, "4xx", "5XX"], "methods": ["get", "Put"], "path": "/articles/:id", "mappers": [{"id": "m", "attributes": ["x"]}]}"#
        let d = try #require(SpecTest.load(spec).graph?.descriptors.first)
        #expect(d.statusCodes == StatusCodeSet(codes: [404], classes: [4, 5]))
        #expect(d.methods == ["GET", "PUT"])
        #expect(d.pathPattern?.parameterNames == ["id"])
    }

    @Test func nullStatusCodesAcceptEveryStatusAndAnyMethodMeansAll() throws {
        let spec = #"{"statusCodes": null, "methods": ["GET", "any"], "mappers": [{"id": "m", "attributes": ["x"]}]}"#
        let d = try #require(SpecTest.load(spec).graph?.descriptors.first)
        #expect(d.statusCodes.contains(100) && d.statusCodes.contains(599))
        #expect(d.methods == nil)
    }

    @Test func topLevelOptions() throws {
        let spec = #"{"dateFormats": ["M/d/yyyy"], "timeZone": "Europe/Paris", "keyMatching": "caseInsensitive", "mappers": [{"id": "m", "attributes": ["x"]}]}"#
        let graph = try #require(SpecTest.load(spec).graph)
        #expect(graph.options.dateFormats.map(\.text) == ["M/d/yyyy"])
        #expect(graph.options.timeZone.name == "Europe/Paris")
        #expect(graph.options.caseInsensitiveKeys)
        let defaults = try #require(SpecTest.load(#"{"mappers": [{"id": "m", "attributes": ["x"]}]}"#).graph)
        #expect(defaults.options.timeZone == .utc)
        #expect(!defaults.options.caseInsensitiveKeys)
        #expect(defaults.options.dateFormats.isEmpty)
    }

    /// The spec accepts exactly the zones dates are read and written in (one
    /// rule, `ZoneResolver`): every UTC spelling, any IANA name; nothing else.
    @Test(arguments: ["UTC", "utc", "GMT", "gmt", "Z", "Etc/UTC", "etc/gmt", "Europe/Berlin", "Mars/Base", "+02:00"])
    func timeZoneUnderOneRule(_ name: String) throws {
        let spec = #"{"timeZone": "\#(name)", "mappers": [{"id": "m", "attributes": ["x"]}]}"#
        let result = SpecTest.load(spec)
        if let zone = try? ZoneResolver(name: name) {
            #expect(result.graph?.options.timeZone == zone)
        } else {
            #expect(result.graph == nil)
            #expect(result.diagnostics.contains { $0.code == .timeZone })
        }
    }

    @Test func dynamicMapperMatchers() throws {
        let spec = """
        {"root-map-ref": "person", "mappers": [
          {"id": "boy", "attributes": ["name"], "relationships": {"from": "friends", "to": "friends", "map-ref": "person"}},
          {"id": "girl", "attributes": ["name"]},
          {"id": "person", "dynamic": true, "matchers": [
            {"keyPath": "type", "expectValue": 1, "map-ref": "boy"},
            {"keyPath": "type", "expectType": "string", "map-ref": "girl"},
            {"keyPath": "kind", "valueMap": {"B": "boy", "G": "girl"}},
            {"predicate": "type == 'Girl'", "map-ref": "girl"}]}]}
        """
        let graph = try #require(SpecTest.load(spec).graph)
        let person = try #require(SpecTest.dynamic(graph, "person"))
        #expect(person.matchers.count == 4)
        guard case .expectValue(_, let v) = person.matchers[0].test else { Issue.record("expectValue"); return }
        #expect(v == .number(JSONNumber("1")))
        guard case .expectType(_, let kind) = person.matchers[1].test else { Issue.record("expectType"); return }
        #expect(kind == .string)
        guard case .valueMap(let keyPath, let map) = person.matchers[2].test else { Issue.record("valueMap"); return }
        #expect(keyPath.source == "kind")
        #expect(map == ["B": 0, "G": 1])
        #expect(person.matchers[2].mapper == nil)
        guard case .predicate = person.matchers[3].test else { Issue.record("predicate"); return }
        #expect(person.matchers[3].mapper == 1)
        #expect(person.matchers[0].location == SourceLocation(line: 5, column: 5))
    }

    @Test(arguments: ["true", #""YES""#, #""yes""#])
    func dynamicFlagAcceptsYes(flag: String) throws {
        let spec = #"{"root-map-ref": "d", "mappers": [{"id": "o", "attributes": ["x"]}, {"id": "d", "dynamic": \#(flag), "matchers": [{"keyPath": "t", "expectValue": "x", "map-ref": "o"}]}]}"#
        #expect(SpecTest.dynamic(SpecTest.load(spec).graph, "d") != nil)
    }
}
