import Testing
@testable import RKMap

/// `rkmap fmt` (docs/spec.md §1.1, §11): canonical strict JSON, idempotent.
@Suite struct SpecFormatterTests {
    private func format(_ text: String) -> String? {
        SpecFormatter.format(bytes: Array(text.utf8), file: "spec.json").text
    }

    @Test func normalisesRelaxedForms() {
        let relaxed = """
        // a comment
        {"statusCodes": [201, 2XX], "root-map-ref": "m", /* inline */
         "mappers": [{"id": "m", "entity": "YES", "forceCollection": NO, "dynamic": "no",
                      "attributes": ["email": "email", "x": "YES"],
                      "relationships": {"from": nil, "to": "r", "many": "YES"},
                      "defaults": {"entity": "YES"}, "empty": [], "none": {},}]
        }
        """
        let expected = """
        {
          "statusCodes": [
            201,
            "2XX"
          ],
          "root-map-ref": "m",
          "mappers": [
            {
              "id": "m",
              "entity": true,
              "forceCollection": false,
              "dynamic": false,
              "attributes": {
                "email": "email",
                "x": "YES"
              },
              "relationships": {
                "from": null,
                "to": "r",
                "many": true
              },
              "defaults": {
                "entity": "YES"
              },
              "empty": [],
              "none": {}
            }
          ]
        }

        """
        #expect(format(relaxed) == expected)
    }

    @Test func escapesOnlyQuotesBackslashesAndControlCharacters() {
        #expect(format(#"{"k": "a\"b\\c\u0001\té/"}"#) == "{\n  \"k\": \"a\\\"b\\\\c\\u0001\\té/\"\n}\n")
    }

    @Test func keepsNumberTextAndDescriptorArrays() {
        #expect(format(#"[{"entity": "YES", "x": 1.50e3}]"#) == "[\n  {\n    \"entity\": \"YES\",\n    \"x\": 1.50e3\n  }\n]\n")
    }

    @Test(arguments: [
        SeedSpecs.quickExample, SeedSpecs.example1, SeedSpecs.example2, SeedSpecs.example3,
        SeedSpecs.example4, SeedSpecs.example6, SeedSpecs.example6Multiple, SeedSpecs.example7,
    ])
    func formattingIsIdempotentAndStrict(seed: String) throws {
        let once = try #require(format(seed))
        let result = SpecFormatter.format(bytes: Array(once.utf8), file: "spec.json")
        #expect(result.text == once)
        #expect(result.diagnostics.isEmpty, "formatted output must be strict JSON")
    }

    @Test func formattedSeedCompilesToTheSameGraph() throws {
        let once = try #require(format(SeedSpecs.quickExample))
        let graph = try #require(SpecTest.load(once).graph)
        #expect(SpecTest.slotNames(SpecTest.object(graph, "staffEntity")) == ["userId", "name", "house"])
        #expect(SpecTest.object(graph, "staffEntity")?.isEntity == true)
    }

    @Test func syntaxErrorGivesNoText() {
        let result = SpecFormatter.format(bytes: Array("{\"a\": }".utf8), file: "spec.json")
        #expect(result.text == nil)
        #expect(result.diagnostics.map(\.severity) == [.error])
    }
}
