import Foundation
import Testing
@testable import RKMap

/// A streamed document that fails leaves the output as a failed whole read
/// does (docs/spec.md §11 `--keep-going`, docs/behaviour.md "--strict").
@Suite struct StreamedFailureOutputCLITests {
    static let whole: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "1000000000"]
    static let streamed: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "0"]

    /// Under `--keep-going`, a document that is not written (a mapping warning
    /// under `--strict`, a `fail` validation) leaves no table in the database
    /// when read whole; streamed, the tables its records would have gone to
    /// were left behind (dictionary and array content, dynamic or not).
    static let dynamicSpec = #"""
        {"keyPath": "data", "root-map-ref": "pick", "mappers": [
          {"id": "pick", "dynamic": true, "matchers": [{"keyPath": "", "expectType": "object", "map-ref": "byKey"}]},
          {"id": "byKey", "target": "Item", "forceCollection": true, "attributes": ["n"]}]}
        """#
    static let arraySpec = #"{"keyPath": "data", "root-map-ref": "it", "mappers": [{"id": "it", "target": "Item", "attributes": ["n"]}]}"#
    static let failSpec = #"""
        {"keyPath": "data", "root-map-ref": "it", "mappers": [{"id": "it", "target": "Item", "attributes": ["n"],
          "validations": [{"attribute": "n", "predicate": "SELF != 7", "onFailure": "fail"}]}]}
        """#
    static let keyedSpec = #"""
        {"keyPath": "data", "root-map-ref": "pick", "mappers": [
          {"id": "pick", "dynamic": true, "matchers": [{"keyPath": "", "expectType": "object", "map-ref": "byKey"}]},
          {"id": "byKey", "target": "Item", "forceCollection": true, "keyAttribute": "key", "attributes": ["n"]}]}
        """#

    /// With connections, the run makes an index on each connected
    /// relationship's column at its end: streamed, it was made on a table the
    /// failed document had taken back ("no such table", exit 1).
    static let connectedSpec = #"""
        {"keyPath": "data", "root-map-ref": "it", "mappers": [{"id": "it", "target": "Item", "attributes": ["n", "ref"],
          "connections": [{"relationship": "other", "sourceAttribute": "ref", "target": "Item", "targetAttribute": "n"}]}]}
        """#

    @Test(arguments: [
        (dynamicSpec, #"{"data": {"a": {"n": 1}, "b": 5, "c": {"n": 3}}}"#, ["--strict"]),
        (connectedSpec, #"{"data": [{"n": 1, "ref": 1}, {"n": 2, "ref": 9}]}"#, ["--strict"]),
        (connectedSpec, #"{"data": [{"n": 1, "ref": 1}, {"n": 2, "ref": 1}]}"#, ["--max-records", "1"]),
        (arraySpec, #"{"data": [{"n": 1}, 5, {"n": 3}]}"#, ["--strict"]),
        (failSpec, #"{"data": [{"n": 1}, {"n": 7}, {"n": 3}]}"#, []),
    ])
    func aFailedDocumentLeavesNoTable(spec: String, input: String, extra: [String]) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", spec)
        try scratch.write("in.json", input)
        var tables: [[[SQLiteValue]]] = []
        for environment in [Self.whole, Self.streamed] {
            let database = scratch.path("out-\(tables.count).db")
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", database, "--keep-going"] + extra,
                directory: scratch.url, environment: environment)
            #expect(run.status == 1, "\(run)")
            #expect(!run.stderr.contains("SQLite"), "\(run.stderr)")
            tables.append(try Tables.query(database, "SELECT name FROM sqlite_master ORDER BY name"))
        }
        #expect(tables[0] == [])
        #expect(tables[1] == tables[0], "streamed: \(tables[1])")
    }

    /// Under `--strict` nothing of a streamed document is written before its
    /// end, whatever its size (docs/behaviour.md); a document longer than the
    /// pipeline's 8 MiB lookahead with a syntax error near its end fails, and a
    /// whole read writes nothing of it — streamed, its records were written.
    @Test(arguments: [arraySpec, keyedSpec])
    func underStrictALateSyntaxErrorWritesNothing(spec: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", spec)
        let array = spec.contains("dynamic") == false
        let count = 700_000
        var parts = (0..<count).map { array ? #"{"n": \#($0)}"# : #""k\#($0)": {"n": \#($0)}"# }
        parts[count - 1_000] = array ? #"{"n" 1}"# : #""bad" {"n": 1}"#
        let input = #"{"data": "# + (array ? "[" : "{") + parts.joined(separator: ", ") + (array ? "]" : "}") + "}\n"
        #expect(input.utf8.count > 9 << 20)
        try scratch.write("in.json", input)
        let arguments = ["apply", "spec.json", "in.json", "--format", "ndjson", "--strict"]
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
        #expect(whole.status == 1 && whole.stdout.isEmpty)
        #expect(streamed.status == 1)
        #expect(streamed.stdout.isEmpty, "streamed wrote \(streamed.stdoutBytes.count) bytes")
        #expect(streamed.stderr == whole.stderr)
    }

    /// Without `--strict`, such a document's records before the error stay
    /// on stdout (docs/behaviour.md), a JSON array closed so that the output
    /// stays JSON; under `--keep-going` a database takes the document's rows
    /// back, as reading it whole never writes them.
    @Test func underKeepGoingALateSyntaxErrorLeavesValidJSONAndNoRows() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.arraySpec)
        var parts = (0..<700_000).map { #"{"n": \#($0)}"# }
        parts[699_000] = #"{"n" 1}"#
        let input = #"{"data": ["# + parts.joined(separator: ", ") + "]}\n" + #"{"data": [{"n": -1}]}"# + "\n"
        try scratch.write("in.json", input)
        let json = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--keep-going"], directory: scratch.url)
        #expect(json.status == 1)
        // Two top-level arrays: the failed document's first records, then the next document's.
        let cut = try #require(json.stdout.range(of: "]\n[\n"))
        let first = json.stdout[..<json.stdout.index(after: cut.lowerBound)]
        let second = json.stdout[json.stdout.index(cut.lowerBound, offsetBy: 2)...]
        let records = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [Any]
        #expect((records?.count ?? 0) > 600_000 && (records?.count ?? 0) < 699_000)
        #expect(try (JSONSerialization.jsonObject(with: Data(second.utf8)) as? [Any])?.count == 1)
        #expect(json.stdout.hasSuffix(#"""
            [
              {
                "@type": "Item",
                "n": -1
              }
            ]

            """#))
        var counts: [[[SQLiteValue]]] = []
        for environment in [Self.whole, Self.streamed] {
            let database = scratch.path("out-\(counts.count).db")
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", database, "--keep-going"],
                directory: scratch.url, environment: environment)
            #expect(run.status == 1)
            counts.append(try Tables.query(database, "SELECT n FROM Item"))
        }
        #expect(counts[0] == [[.integer(-1)]])
        #expect(counts[1] == counts[0])
    }
}
