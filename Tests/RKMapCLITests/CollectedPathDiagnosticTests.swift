import Testing

/// A key path through an array collects values from its elements (KVC,
/// docs/spec.md §4): `entry.resource` on a FHIR Bundle is the `resource` of
/// each `entry`. A diagnostic about one of them names where it is in the
/// document, `$.entry[2].resource`, as `rkmap check` and GitHub annotations
/// must find it, read whole or streamed alike; `$.entry.resource[2]` is no
/// place in the document.
@Suite struct CollectedPathDiagnosticTests {
    static let whole: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "1000000000"]
    static let streamed: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "0"]

    static let spec = #"""
        {"mappers": [
          {"id": "r", "target": "R", "attributes": {"id": "id", "n": "n"}, "types": {"n": "int"},
           "relationships": [{"from": "links.target", "to": "targets", "map-ref": "t"}]},
          {"id": "t", "target": "T", "attributes": {"id": "id", "w": "w"}, "types": {"w": "int"}}],
         "descriptors": [{"keyPath": "entry.resource", "root-map-ref": "r"}]}
        """#

    static let bundle = #"""
        {"entry": [{"resource": {"id": 1, "n": 1}},
                   {"resource": {"id": 2, "n": 2, "extra": 1}},
                   {"resource": {"id": 3, "n": "x", "links": [{"target": {"id": 1, "w": 1}}, {"target": {"id": 2, "w": "q"}}]}}]}
        """#

    @Test func aWarningNamesTheElementThatHoldsTheValue() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Self.bundle)
        let expected = """
            in.json: $.entry[2].resource.n: warning: cannot convert string "x" to int [mapper r, attribute n]
            in.json: $.entry[2].resource.links[1].target.w: warning: cannot convert string "q" to int [mapper t, attribute w]

            """
        for environment in [Self.whole, Self.streamed] {
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url, environment: environment)
            #expect(run.status == 0)
            #expect(run.stderr == expected, "\(environment)")
        }
    }

    @Test func checkReportsUnmappedMembersWhereTheyAre() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Self.bundle)
        let run = try RKMapExecutable.run(["check", "spec.json", "in.json"], directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("  mapping: $.entry[2].resource.n: cannot convert string \"x\" to int [mapper r, attribute n]\n"))
        #expect(run.stdout.contains("  unmapped (warning): $.entry[*].resource.extra: not mapped (1 time) [mapper r]\n"))
    }

    /// `a.b.c` through two arrays: element `[i][m]` of what it collects is
    /// `c` of element `m` of `b` of element `i` of `a`; an index in the key
    /// path picks from the outermost array (`pages.items[1]` is page 1's items).
    @Test(arguments: [
        ("a.b.c", #"{"a": [{"b": [{"c": {"n": 1}}]}, {"b": [{"c": {"n": 2}}, {"c": {"n": "x"}}]}]}"#, "$.a[1].b[1].c.n"),
        ("pages.items[1]", #"{"pages": [{"items": [{"n": 1}]}, {"items": [{"n": 2}, {"n": "x"}]}]}"#, "$.pages[1].items[1].n"),
        ("data.rows", #"{"data": {"rows": [{"n": 1}, {"n": "x"}]}}"#, "$.data.rows[1].n"),
    ])
    func theKeysGoWhereTheirValuesAre(keyPath: String, input: String, path: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "\#(keyPath)", "mappers": [{"id": "r", "target": "R", "attributes": ["n"], "types": {"n": "int"}}]}"#)
        try scratch.write("in.json", input)
        for environment in [Self.whole, Self.streamed] {
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url, environment: environment)
            #expect(run.status == 0)
            #expect(run.stderr == "in.json: \(path): warning: cannot convert string \"x\" to int [mapper r, attribute n]\n", "\(environment)")
        }
    }
}
