import Testing
@testable import RKMap

/// The seed document's JSON descriptions must load with warnings only
/// (docs/spec.md §1.1); warning locations were counted by hand from the seed text.
@Suite struct SpecJSONParserSeedTests {
    struct Expected: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var warnings: [String]   // "LINE:COL message-prefix"
        var description: String { name }
    }

    static let cases: [Expected] = [
        Expected(name: "quick example", text: SeedSpecs.quickExample, warnings: [
            "4:27 bare status class 2XX", "4:32 bare status class 3XX", "20:35 missing ','",
        ]),
        Expected(name: "example 1", text: SeedSpecs.example1, warnings: ["3:27 missing ','"]),
        Expected(name: "example 2", text: SeedSpecs.example2, warnings: [
            "3:27 missing ','", "22:14 missing ','", "26:36 missing ','",
        ]),
        Expected(name: "example 3", text: SeedSpecs.example3, warnings: ["3:27 missing ','", "12:28 bare word 'nil'"]),
        Expected(name: "example 4", text: SeedSpecs.example4, warnings: ["3:19 missing ','"]),
        Expected(name: "example 6", text: SeedSpecs.example6, warnings: ["3:19 missing ','", "13:28 'key: value' pairs"]),
        Expected(name: "example 6 multiple", text: SeedSpecs.example6Multiple, warnings: [
            "3:19 missing ','", "14:28 'key: value' pairs",
        ]),
        Expected(name: "example 7", text: SeedSpecs.example7, warnings: [
            "3:19 missing ','", "13:31 'key: value' pairs", "24:23 'key: value' pairs",
        ]),
    ]

    @Test(arguments: cases)
    func seedSpecLoadsWithWarningsOnly(_ c: Expected) throws {
        let (value, diagnostics) = SpecJSONParser.parse(Array(c.text.utf8), file: "seed.json")
        #expect(value != nil)
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.code == .relaxedSyntax })
        let got = diagnostics.map { d -> String in
            guard case .source(let loc) = d.location else { return "no location" }
            return "\(loc) \(d.message)"
        }
        #expect(got.count == c.warnings.count, "\(got)")
        for (g, w) in zip(got, c.warnings) {
            #expect(g.hasPrefix(w), "\(g) should start with \(w)")
        }
    }

    @Test func quickExampleValues() throws {
        let (value, _) = SpecJSONParser.parse(Array(SeedSpecs.quickExample.utf8), file: "q.json")
        let spec = try #require(value)
        #expect(spec["statusCodes"]?.json == .array([
            .number(JSONNumber("201")), .string("2XX"), .string("3XX"), .number(JSONNumber("302")),
        ]))
        #expect(spec["statusCodes"]?.location == SourceLocation(line: 4, column: 21))
        let mappers = try #require(spec["mappers"])
        guard case .array(let list) = mappers.kind else { Issue.record("mappers is not an array"); return }
        #expect(list.count == 2)
        #expect(list[0]["entity"]?.json == .string("YES"))
        let relationship = list[0]["relationships"].flatMap { v -> SpecValue? in
            if case .array(let a) = v.kind { return a.first } else { return nil }
        }
        #expect(relationship?.json == .object(JSONObject([
            ("from", .string("")), ("to", .string("house")), ("map-ref", .string("houseEntity")),
        ])))
        // The "path" key on line 2 is indented by one tab: one column.
        guard case .object(let members) = spec.kind else { Issue.record("not an object"); return }
        #expect(members[0].key == "path")
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 2))
        #expect(members[0].value.location == SourceLocation(line: 2, column: 11))
    }

    @Test func example7PairsInBracketsBecomeObjects() throws {
        let (value, _) = SpecJSONParser.parse(Array(SeedSpecs.example7.utf8), file: "e7.json")
        let spec = try #require(value)
        guard case .array(let mappers)? = spec["mappers"]?.kind else { Issue.record("no mappers"); return }
        let relationships = try #require(mappers[0]["relationships"])
        #expect(relationships.wasRelaxed)
        #expect(relationships.location == SourceLocation(line: 13, column: 31))
        guard case .object(let members) = relationships.kind else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["from", "to", "map-ref"])
        #expect(members[0].keyLocation == SourceLocation(line: 14, column: 14))
        #expect(relationships.json == .object(JSONObject([
            ("from", .string("friends")), ("to", .string("friends")), ("map-ref", .string("dynamicMapper")),
        ])))
        #expect(mappers[0]["attributes"]?.json == .array([.string("name")]))
    }

    @Test func example6AttributesObject() throws {
        let (value, _) = SpecJSONParser.parse(Array(SeedSpecs.example6.utf8), file: "e6.json")
        guard case .array(let mappers)? = value?["mappers"]?.kind else { Issue.record("no mappers"); return }
        #expect(mappers[0]["attributes"]?.json == .object(JSONObject([
            ("email", .string("email")), ("favorite_animal", .string("favoriteAnimal")),
        ])))
    }

    @Test func example3NilIsNull() throws {
        let (value, _) = SpecJSONParser.parse(Array(SeedSpecs.example3.utf8), file: "e3.json")
        guard case .array(let mappers)? = value?["mappers"]?.kind else { Issue.record("no mappers"); return }
        let attributes = try #require(mappers[0]["attributes"])
        #expect(attributes.kind == .null)
        #expect(attributes.wasRelaxed)
    }

    @Test(arguments: SeedSpecs.responses.map(\.0))
    func seedResponsesAreStrictJSON(_ name: String) throws {
        let file = try #require(SeedSpecs.responses.first { $0.0 == name }?.1)
        let text = SeedSpecs.response(file)
        #expect(!text.isEmpty)
        let (value, diagnostics) = SpecJSONParser.parse(Array(text.utf8), file: "r.json")
        #expect(value != nil)
        #expect(diagnostics.isEmpty)
    }
}
