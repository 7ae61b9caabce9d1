import Foundation
import Testing

/// `rkmap graph` through the binary (docs/spec.md §16): a golden Mermaid and
/// DOT picture for every example spec, escaping, and Graphviz accepting the DOT.
@Suite struct GraphCommandTests {
    static let specs: [String] = {
        let dir = RKMapExecutable.repositoryRoot.appendingPathComponent("specs").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { String($0.dropLast(5)) }
    }()

    static func golden(_ name: String) throws -> String {
        try String(contentsOf: RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/graph/\(name)"), encoding: .utf8)
    }

    @Test func everyExampleSpecHasGoldens() {
        #expect(Self.specs.count >= 9)
    }

    @Test(arguments: specs) func mermaidMatchesTheGolden(_ spec: String) throws {
        let result = try RKMapExecutable.run(["graph", "specs/\(spec).json"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let expected = try Self.golden("\(spec).mmd")
        #expect(result.stdout == expected, "\(TextDiff.describe(expected: expected, actual: result.stdout))")
    }

    @Test(arguments: specs) func dotMatchesTheGolden(_ spec: String) throws {
        let result = try RKMapExecutable.run(["graph", "specs/\(spec).json", "--format", "dot"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let expected = try Self.golden("\(spec).dot")
        #expect(result.stdout == expected, "\(TextDiff.describe(expected: expected, actual: result.stdout))")
    }

    /// §16: `*` marks a to-many relationship, which one to a mapper of a
    /// `forceCollection` dictionary is unless it declares `"many": false`
    /// (YouTube's thumbnails keyed by size).
    @Test func aRelationshipToAKeyedCollectionIsToMany() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "v", "mappers": [
              {"id": "v", "target": "Video", "attributes": ["id"], "relationships": [
                {"from": "thumbnails", "to": "thumbnails", "map-ref": "t"}, {"from": "one", "to": "one", "map-ref": "t", "many": false},
                {"from": "owner", "to": "owner", "map-ref": "o"}]},
              {"id": "t", "target": "Thumb", "forceCollection": true, "keyAttribute": "size", "attributes": ["url"]},
              {"id": "o", "target": "O", "attributes": ["n"]}]}
            """#)
        let result = try RKMapExecutable.run(["graph", "spec.json"], directory: scratch.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.contains(#"m0 -->|"thumbnails → thumbnails *"| m1"#))
        #expect(result.stdout.contains(#"m0 -->|"one → one"| m1"#))
        #expect(result.stdout.contains(#"m0 -->|"owner → owner"| m2"#))
    }

    @Test func attributesAreListedInMapperNodes() throws {
        let result = try RKMapExecutable.run(["graph", "specs/example2-relationship.json", "--attributes"])
        #expect(result.status == 0)
        #expect(result.stdout == (try Self.golden("example2-relationship.attributes.mmd")))
        #expect(result.stdout.contains(#"m1["Article (articleObj)<br/>title → title<br/>body → body<br/>publication_date → publicationDate"]"#))
    }

    /// Names and predicates with the characters each format gives a meaning.
    static let hostile = #"""
        { "root-map-ref": "pick",
          "mappers": [
            { "id": "pick", "dynamic": true, "matchers": [
                { "predicate": "name == \"a|b\" AND size < 3", "map-ref": "quoted" },
                { "keyPath": "kind", "expectValue": "x#y", "map-ref": "quoted" } ] },
            { "id": "quoted", "target": "Say \"hi\" <now> &amp;", "attributes": ["name"],
              "relationships": [ { "from": "kids", "to": "kids", "map-ref": "pick", "many": true } ] } ] }
        """#

    @Test func mermaidEscapesLabels() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.hostile)
        let result = try RKMapExecutable.run(["graph", spec])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == """
            flowchart LR
              d0[/"descriptor 1<br/>ANY (any path)<br/>status 2XX<br/>keyPath: (root)"/]
              m0{"pick (dynamic)"}
              m1["Say #quot;hi#quot; #lt;now#gt; #38;amp; (quoted)"]
              d0 --> m0
              m0 -->|"name == #quot;a#124;b#quot; AND size #lt; 3"| m1
              m0 -->|"kind == #quot;x#35;y#quot;"| m1
              m1 -->|"kids → kids *"| m0

            """)
    }

    /// A `valueMap` key that is a number's text matches that number too
    /// (docs/spec.md §3.3): its edge says so (it read `kind == "0"`, which as a
    /// predicate is false for the number 0). Edges in key order.
    @Test func aValueMapNumberKeyIsDrawnAsMatchingTheNumber() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", #"""
            { "root-map-ref": "pick", "mappers": [
                { "id": "pick", "dynamic": true, "matchers": [{ "keyPath": "kind", "valueMap": { "x": "b", "0": "a" } }] },
                { "id": "a", "target": "A", "attributes": ["id"] },
                { "id": "b", "target": "B", "attributes": ["id"] } ] }
            """#)
        let result = try RKMapExecutable.run(["graph", spec])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#"m0 -->|"kind == #quot;0#quot; or 0"| m1"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"m0 -->|"kind == #quot;x#quot;"| m2"#), "\(result.stdout)")
    }

    @Test func dotEscapesLabels() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.hostile)
        let result = try RKMapExecutable.run(["graph", spec, "--format", "dot"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""m1" [shape=box, style=rounded, label="Say \"hi\" <now> &amp;amp; (quoted)\l"];"#), "\(result)")
        #expect(result.stdout.contains(#""m0" -> "m1" [label="name == \"a|b\" AND size < 3", arrowhead=empty];"#), "\(result)")
    }

    @Test func graphvizRendersEveryDotGolden() throws {
        guard let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first(where: FileManager.default.isExecutableFile) else {
            print("SKIPPED graphvizRendersEveryDotGolden: Graphviz 'dot' is not installed (apt-get install graphviz)")
            return
        }
        for spec in Self.specs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: dot)
            process.arguments = ["-Tsvg", RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/graph/\(spec).dot").path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let svg = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "dot rejected \(spec).dot")
            #expect(String(decoding: svg, as: UTF8.self).contains("<svg"), "no SVG for \(spec).dot")
        }
    }

    @Test func requestDescriptorsAreNodesOfTheirOwn() throws {
        let result = try RKMapExecutable.run(["graph", "fixtures/cases/serialize-mapper-option/spec.json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == """
            flowchart LR
              d0[/"descriptor 1<br/>ANY (any path)<br/>status 2XX<br/>keyPath: articles"/]
              r0[\\"request Article<br/>POST<br/>rootKeyPath: article<br/>inverse mapping"\\]
              r1[\\"request Article<br/>PATCH PUT<br/>rootKeyPath: data.article<br/>inverse mapping"\\]
              m0["Article (articleObj)"]
              m1["Article (articleUpdate)"]
              d0 --> m0
              r0 --> m0
              r1 --> m1

            """)
        let dot = try RKMapExecutable.run(["graph", "fixtures/cases/serialize-mapper-option/spec.json", "--format", "dot"])
        #expect(dot.stdout.contains(#""r1" [shape=cds, label="request Article\lPATCH PUT\lrootKeyPath: data.article\linverse mapping\l"];"#), "\(dot)")
    }

    @Test func aSpecErrorIsReported() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", #"{"root-map-ref": "nope", "mappers": [{"id": "a", "attributes": ["x"]}]}"#)
        let result = try RKMapExecutable.run(["graph", spec])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error: unknown mapper 'nope'"), "\(result)")
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try RKMapExecutable.run(["graph", "specs/quick-example.json", "--format", "svg"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: invalid value 'svg' for '--format'; expected one of mermaid, dot\n"))
    }
}
