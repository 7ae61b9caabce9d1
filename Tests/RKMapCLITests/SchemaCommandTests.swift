import Foundation
import Testing

/// `rkmap schema` and `schema/rkmap-spec.schema.json`: the schema accepts every
/// example spec and rejects the mistakes `lint` catches where a schema can say
/// them (`fixtures/schema/invalid/`).
@Suite struct SchemaCommandTests {
    static let root = RKMapExecutable.repositoryRoot

    @Test func printsTheSchemaFileExactly() throws {
        let result = try RKMapExecutable.run(["schema"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let file = try String(contentsOf: Self.root.appendingPathComponent("schema/rkmap-spec.schema.json"), encoding: .utf8)
        #expect(result.stdout == file, "regenerate Sources with 'make schema' after editing the schema")
    }

    static func jsonFiles(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { "\(dir)/\($0)" }
    }

    static let validSpecs = jsonFiles("specs") + jsonFiles("fixtures/infer/expected") + ["fixtures/check/api.json"]
    static let invalidSpecs = jsonFiles("fixtures/schema/invalid")

    /// Validates files with Python's `jsonschema` (draft 2020-12); returns one
    /// line per file, "ok" or the first error, or nil when the package is missing.
    static func validate(_ files: [String]) throws -> [String: String]? {
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("MISSING"); sys.exit(0)
            schema = json.load(open("schema/rkmap-spec.schema.json"))
            jsonschema.Draft202012Validator.check_schema(schema)
            v = jsonschema.Draft202012Validator(schema)
            for f in sys.argv[1:]:
                errors = list(v.iter_errors(json.load(open(f))))
                print(f + "\\t" + ("ok" if not errors else errors[0].message[:200].replace("\\n", " ")))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + files
        process.currentDirectoryURL = root
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("MISSING") { return nil }
        #expect(process.terminationStatus == 0, "python3 failed: \(text)")
        var results: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { results[String(parts[0])] = String(parts[1]) }
        }
        return results
    }

    @Test func everyExampleSpecIsValid() throws {
        #expect(Self.validSpecs.count >= 20)
        guard let results = try Self.validate(Self.validSpecs) else {
            print("SKIPPED everyExampleSpecIsValid: Python's jsonschema is not installed (pip install jsonschema)")
            return
        }
        for file in Self.validSpecs { #expect(results[file] == "ok", "\(file): \(results[file] ?? "not validated")") }
    }

    @Test func theSchemaRejectsEachInvalidSpec() throws {
        #expect(Self.invalidSpecs.count >= 15)
        guard let results = try Self.validate(Self.invalidSpecs) else {
            print("SKIPPED theSchemaRejectsEachInvalidSpec: Python's jsonschema is not installed (pip install jsonschema)")
            return
        }
        for file in Self.invalidSpecs {
            let verdict = try #require(results[file], "\(file) not validated")
            #expect(verdict != "ok", "\(file) should be invalid")
        }
    }
}
