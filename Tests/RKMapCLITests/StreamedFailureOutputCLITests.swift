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

    /// `--shape dictionary`: a document that fails while a nested array is
    /// open in a later key path's group (held until the document's end, and
    /// then dropped) leaves the first key path's array closed once, valid
    /// JSON; it wrote a stray `]` there.
    @Test func aFailureInsideALaterKeyPathsNestedArrayLeavesValidJSON() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"descriptors": [{"keyPath": "a", "root-map-ref": "it"}, {"keyPath": "b", "root-map-ref": "it"}],
             "mappers": [{"id": "it", "target": "Item", "attributes": ["n"]}]}
            """#)
        try scratch.write("in.json", #"{"a": [{"n": 1}], "b": [[{"n": 2}, {"n": 3}, {"n": 4}]]}"# + "\n" + #"{"a": [{"n": 5}]}"# + "\n")
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--shape", "dictionary", "--compact", "--max-records", "3", "--keep-going"],
            directory: scratch.url, environment: Self.streamed)
        #expect(run.status == 1)
        #expect(run.stdout == #"{"a":[{"@type":"Item","n":1}]}"# + "\n" + #"{"a":[{"@type":"Item","n":5}]}"# + "\n")
        #expect(run.stderr.contains("error: the document makes more than 3 records"))
    }

    /// A syntax error inside a nested array, under `--keep-going`: the next
    /// document's elements are not taken for that array's (their paths, and
    /// JSON's indentation, were a level deeper).
    @Test func aSyntaxErrorInsideANestedArrayDoesNotLeakIntoTheNextDocument() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.arraySpec)
        try scratch.write("in.json", #"{"data": [[{"n": 1}, {"n": 2,}]]}"# + "\n" + #"{"data": [{"n": 3}, 5]}"# + "\n")
        let arguments = ["apply", "spec.json", "in.json", "--keep-going", "--no-type"]
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
        #expect(whole.stdout == "[\n  {\n    \"n\": 3\n  }\n]\n")
        #expect(streamed.stdout == whole.stdout)
        #expect(streamed.stderr == whole.stderr)
        #expect(streamed.stderr.contains("$.data[1]: warning: cannot map a number"))
    }

    /// SIGINT while a document longer than the lookahead is written as it is
    /// read: the run ends with 130, and what it wrote is closed as a late
    /// syntax error closes it, arrays in arrays, so stdout stays JSON.
    @Test func anInterruptedLongDocumentLeavesValidJSON() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.arraySpec)
        // More than the 8 MiB lookahead, inside a nested array, and no end:
        // the run writes records, then waits for more input.
        let records = (0..<700_000).map { #"{"n": \#($0)}"# }.joined(separator: ",")
        let run = try SignalledRun.signalOnFirstOutput(
            SIGINT, arguments: ["apply", "spec.json", "--compact", "--no-type"], in: scratch,
            input: Data((#"{"data": [{"n": -1}, [[], ["# + records + ",").utf8))
        #expect(run.first == Data("[".utf8))
        #expect(run.status == 130)
        #expect(run.stderr.contains("error: interrupted by SIGINT"), "\(run.stderr)")
        let written = try #require(
            try JSONSerialization.jsonObject(with: run.first + run.rest) as? [Any], "\(String(decoding: run.rest.suffix(100), as: UTF8.self))")
        #expect(written.count == 2)
        #expect(((written.last as? [Any])?.first as? [Any])?.isEmpty == true)
    }

    /// A signal while the splitter waits for the rest of a streamed
    /// document, before it knows how the document ends: the run ends (it
    /// waited for that verdict for ever) with 130 or 143 and writes nothing.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalBeforeAStreamedDocumentsVerdictEndsTheRun(signal: Int32, status: Int32) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.arraySpec)
        let records = (0..<100_000).map { #"{"n": \#($0)}"# }.joined(separator: ",")
        let run = try SignalledRun.signalWhileReading(
            signal, arguments: ["apply", "spec.json", "--format", "ndjson"], in: scratch,
            input: Data((#"{"data": ["# + records + ",").utf8), delay: 1, environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
        let ended = try #require(run, "the run did not end after the signal")
        #expect(ended.status == status)
        #expect(ended.rest.isEmpty)
        #expect(ended.stderr.contains("error: interrupted by SIG"), "\(ended.stderr)")
    }

    /// Under `--strict`, a streamed document with a warning fails at its end
    /// and nothing of it is written: its records are not given to the
    /// database at all, which could otherwise refuse one first (an entity
    /// without its identification value) and end the run with that error,
    /// without the `--strict` one or `--stats`, where a whole read reports both.
    @Test func underStrictAWarnedDocumentsRecordsDoNotReachTheDatabase() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"root-map-ref": "root", "mappers": [
              {"id": "root", "target": "Root", "attributes": ["a", "c"], "entity": true, "identification": "a",
               "relationships": [{"from": "items", "to": "things", "map-ref": "item"}]},
              {"id": "item", "target": "Item", "attributes": ["id"]}]}
            """#)
        try scratch.write("in.json", #"{"c": 1, "items": 3}"#)
        var runs: [RKMapExecutable.Result] = []
        for environment in [Self.whole, Self.streamed] {
            let database = scratch.path("out-\(runs.count).db")
            runs.append(try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--strict", "--stats", "-o", database], directory: scratch.url, environment: environment))
            #expect(!FileManager.default.fileExists(atPath: database))
        }
        #expect(runs[0].status == 1 && runs[1].status == 1)
        #expect(runs[0].stderr.contains("in.json: $: error: 1 mapping warning under --strict; the document is not written"))
        #expect(runs[1].stderr.replacingOccurrences(of: "out-1.db", with: "out-0.db") == runs[0].stderr)
    }
}
