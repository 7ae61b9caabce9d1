import Foundation
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

    // MARK: Strict JSON, formatted from its bytes

    private func streamed(_ bytes: [UInt8]) throws -> String {
        var out: [UInt8] = []
        try SpecFormatter.formatStrict(bytes) { out += $0 }
        return String(decoding: out, as: UTF8.self)
    }

    /// `fmt` of a spec that is strict JSON writes the canonical text as it
    /// reads the bytes (`formatStrict`): the text the tree gives, for every
    /// spec of the repository as committed and minified, and for the edge
    /// cases below (a leading byte order mark is skipped by both); anything
    /// else (comments, relaxed syntax, an error) goes to the tree.
    @Test func strictJSONIsFormattedAsFromTheTree() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for dir in ["specs", "fixtures", "examples"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(dir), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "json" else { continue }
                let name = url.lastPathComponent
                if name.contains("spec") || url.path.contains("/specs/") || url.path.contains("/scale/") { files.append(url) }
            }
        }
        var inputs = try files.sorted { $0.path < $1.path }.map { try [UInt8](Data(contentsOf: $0)) }
        #expect(inputs.count > 100)
        // Minified, and with other spacing: the same values, other bytes.
        for bytes in inputs where bytes.count < 1_000_000 {
            guard let value = try? JSONScanner.parse(bytes) else { continue }
            inputs.append(Array(JSONWriter.serialize(value, pretty: false).utf8))
            inputs.append(Array(JSONWriter.serialize(value, pretty: true).utf8) + [0x0A, 0x20, 0x0A])
        }
        let edges = [
            #"{"mappers": [{"id": "m", "entity": "YES", "dynamic": "no", "forceCollection": 1, "assignsNilForMissingRelationships": "maybe", "relationships": [{"many": "TRUE", "to": "YES"}, {"many": [true]}]}], "entity": "YES"}"#,
            #"{"a": "\u00e9\ud83d\ude00\/\u0000\t\"", "b": 1E5, "c": -0.0, "d": 1.50, "": [], "e": {}, "a": 2, "f": [[], [{}], [1, [2, []]]]}"#,
            #"[{"mappers": [{"entity": "YES", "relationships": [{"many": "no"}]}]}, {"entity": "YES"}]"#,
            #" "just a string" "#, "12", "null", "true", "[]", "{}",
            "{\"nested\": " + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}",
            String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
            String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
            #"{"lone": "\ud800"}"#, #"{"bad": "\x"}"#, "{\"ctl\": \"a\u{01}b\"}", #"{"big": 123456789012345678901234567890e-5}"#,
            "\u{FEFF}{}", "{} // done", "{\"a\": 1,}", "{\"a\": YES}", "", " ", "{\"a\": 1} {}", "{\"a\": 1}]",
        ]
        inputs += edges.map { Array($0.utf8) }
        var strict = 0
        for bytes in inputs {
            let tree = SpecFormatter.format(bytes: bytes, file: "s.json").text
            guard SpecFormatter.isStrictJSON(bytes) else { continue }
            strict += 1
            #expect(try streamed(bytes) == tree, "\(String(decoding: bytes.prefix(300), as: UTF8.self))")
        }
        #expect(strict > inputs.count / 2, "\(strict) of \(inputs.count) formatted from their bytes")
        // Not strict: left to the tree.
        for text in ["{} // done", "{\"a\": 1,}", "{\"a\": YES}", "", "{\"a\": 1} {}"] {
            #expect(!SpecFormatter.isStrictJSON(Array(text.utf8)), "\(text)")
        }
        #expect(SpecFormatter.isStrictJSON(Array(edges[0].utf8)))
        #expect(try streamed(Array(#"{"mappers": [{"entity": "YES", "dynamic": "maybe"}]}"#.utf8))
            == "{\n  \"mappers\": [\n    {\n      \"entity\": true,\n      \"dynamic\": \"maybe\"\n    }\n  ]\n}\n")
        // A request descriptor's `inverse` is a boolean too (§13); elsewhere it is data.
        let request = #"{"requestDescriptors": [{"target": "A", "map-ref": "m", "inverse": "NO"}], "mappers": [{"id": "m", "attributes": {"inverse": "YES"}}]}"#
        let canonical = "{\n  \"requestDescriptors\": [\n    {\n      \"target\": \"A\",\n      \"map-ref\": \"m\",\n      \"inverse\": false\n    }\n  ],\n"
            + "  \"mappers\": [\n    {\n      \"id\": \"m\",\n      \"attributes\": {\n        \"inverse\": \"YES\"\n      }\n    }\n  ]\n}\n"
        #expect(try streamed(Array(request.utf8)) == canonical)
        #expect(format(request) == canonical)
    }
}
