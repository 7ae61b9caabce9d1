import Foundation
import Testing
@testable import RKMap

/// A spec with a `fail` validation (docs/spec.md §8) on a document large
/// enough to be streamed (docs/behaviour.md "Large documents are streamed"):
/// the output sink holds the document until its end, so a failure in its last
/// elements writes nothing of it, with the diagnostics, exit status and files
/// of a document read whole. `--shape dictionary` and `--shape object`
/// stream too, with the bytes a whole read gives.
@Suite struct FailValidationStreamingTests {
    static let spec = """
        {"keyPath": "items", "mappers": [{"id": "item", "target": "Item", "entity": true, "identification": ["id"],
          "attributes": {"id": "id", "n": "n"}, "types": {"n": "int"},
          "validations": [{"attribute": "n", "predicate": "SELF >= 0", "onFailure": "fail", "message": "n must not be negative"}]}]}
        """

    /// `{"items": [...]}` of `count` elements, one line; `failAt` has a
    /// negative `n`, `warnAt` an `n` that is not a number.
    static func document(_ count: Int, first: Int = 0, failAt: Int? = nil, warnAt: Int? = nil) -> String {
        let elements = (first..<first + count).map { i in
            if i == failAt { return #"{"id": \#(i), "n": -1}"# }
            if i == warnAt { return #"{"id": \#(i), "n": "many"}"# }
            return #"{"id": \#(i), "n": \#(i % 100), "pad": "\#(String(repeating: "x", count: 20))"}"#
        }
        return #"{"items": ["# + elements.joined(separator: ",") + "]}"
    }

    /// Streamed (the default) and read whole (`RKMAP_PIPELINE_THRESHOLD` past
    /// the input: no pipeline, so nothing is streamed).
    static func both(_ arguments: [String], in scratch: Scratch) throws -> (streamed: RKMapExecutable.Result, whole: RKMapExecutable.Result) {
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "1000000000"])
        return (streamed, whole)
    }

    /// A failure near the end of a document past one chunk: nothing on
    /// stdout, no `-o` file or database, the warning before it and the
    /// failure on stderr (not a later element's warning), exit status 1.
    @Test(arguments: ["ndjson", "json", "dictionary", "csv", "sqlite"])
    func aLateFailureWritesNothing(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let input = Self.document(60_000, failAt: 59_990, warnAt: 59_995)
        #expect(input.utf8.count > 2 << 20)  // streamed, and past one chunk
        try scratch.write("in.json", input)
        var arguments = ["apply", "spec.json", "in.json"]
        switch format {
        case "dictionary": arguments += ["--format", "json", "--shape", "dictionary"]
        case "csv": arguments += ["--format", "csv", "-o", "out.csv"]
        case "sqlite": arguments += ["--format", "sqlite", "-o", "out.db"]
        default: arguments += ["--format", format]
        }
        let (streamed, whole) = try Self.both(arguments, in: scratch)
        #expect(streamed.status == 1)
        #expect(streamed.stdout.isEmpty)
        var expected = """
            in.json: $.items[59990]: warning: n must not be negative; the document fails [mapper item, attribute n]
            in.json: $.items[59990]: error: n must not be negative [mapper item, attribute n]

            """
        if format == "csv" { expected += "error: 'out.csv' was not created because a document failed\n" }
        if format == "sqlite" { expected += "error: the database 'out.db' was not created because a document failed\n" }
        #expect(streamed.stderr == expected)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.csv")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.db")))
        #expect(streamed == whole)
    }

    /// NDJSON of large documents with `--keep-going`: the one that fails is
    /// left out of stdout, a CSV file and a database, the others are written;
    /// without it the run stops at the failure.
    @Test(arguments: ["ndjson", "csv", "sqlite"])
    func onlyTheFailedDocumentIsLeftOut(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let lines = [
            Self.document(40_000), Self.document(40_000, first: 40_000, failAt: 79_000, warnAt: 41_000),
            Self.document(40_000, first: 80_000),
        ]
        try scratch.write("in.ndjson", lines.joined(separator: "\n") + "\n")
        let output = format == "ndjson" ? [] : ["-o", format == "csv" ? "out.csv" : "out.db"]
        let arguments = ["apply", "spec.json", "in.ndjson", "--format", format] + output
        let (streamed, whole) = try Self.both(arguments + ["--keep-going"], in: scratch)
        #expect(streamed.status == 1)
        #expect(streamed.stderr == """
            in.ndjson: $.items[1000].n: warning: cannot convert string "many" to int (document 2) [mapper item, attribute n]
            in.ndjson: $.items[39000]: warning: n must not be negative; the document fails (document 2) [mapper item, attribute n]
            in.ndjson: $.items[39000]: error: n must not be negative (document 2) [mapper item, attribute n]

            """)
        switch format {
        case "sqlite":
            let rows = try Tables.query(
                scratch.path("out.db"), "SELECT COUNT(*), MIN(id), MAX(id), SUM(id BETWEEN 40000 AND 79999) FROM Item")
            #expect(rows == [[.integer(80_000), .integer(0), .integer(119_999), .integer(0)]])
        case "csv":
            // Rows end in CRLF (RFC 4180).
            let csv = try String(contentsOfFile: scratch.path("out.csv"), encoding: .utf8).split(whereSeparator: \.isNewline)
            #expect(csv.count == 1 + 80_000)
            #expect(!csv.contains { $0.hasPrefix("Item,40000,") || $0.hasPrefix("Item,78999,") })
            #expect(csv.contains { $0.hasPrefix("Item,39999,") } && csv.contains { $0.hasPrefix("Item,80000,") })
        default:
            let records = streamed.stdout.split(separator: "\n")
            #expect(records.count == 80_000)
            #expect(records[39_999] == #"{"@type":"Item","id":39999,"n":99}"# && records[40_000] == #"{"@type":"Item","id":80000,"n":0}"#)
            #expect(streamed.stdout == whole.stdout)
        }
        #expect(streamed.stderr == whole.stderr && streamed.status == whole.status)

        // Without --keep-going: the first document is written, the run stops
        // at the second, and -o leaves nothing.
        let (stopped, stoppedWhole) = try Self.both(arguments, in: scratch)
        #expect(stopped.status == 1)
        #expect(stopped.stderr.hasPrefix(streamed.stderr))
        #expect(stopped == stoppedWhole)
        if format == "ndjson" { #expect(stopped.stdout.split(separator: "\n").count == 40_000) }
    }

    /// `--shape dictionary` and `--shape object` stream a large document
    /// without a fail validation too: the same bytes as a whole read, pretty
    /// and compact, and for `object` the same failure (40,000 roots).
    @Test(arguments: ["dictionary", "object"], [false, true])
    func shapesStreamTheSameBytes(shape: String, compact: Bool) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "items", "mappers": [{"id": "item", "target": "Item", "attributes": ["id", "n"]}]}"#)
        let large = Self.document(40_000)
        try scratch.write("in.ndjson", [large, #"{"items": [{"id": 1, "n": 2}]}"#, #"{"items": []}"#, large].joined(separator: "\n"))
        let arguments = ["apply", "spec.json", "in.ndjson", "--shape", shape, "--keep-going"] + (compact ? ["--compact"] : [])
        let (streamed, whole) = try Self.both(arguments, in: scratch)
        #expect(streamed == whole)
        if shape == "object" {
            #expect(streamed.status == 1)
            #expect(streamed.stdout == (compact ? #"{"@type":"Item","id":1,"n":2}"# : "{\n  \"@type\": \"Item\",\n  \"id\": 1,\n  \"n\": 2\n}") + "\n")
            #expect(streamed.stderr.contains("40000") && streamed.stderr.contains("(document 4)"))
        } else {
            #expect(streamed.status == 0)
            #expect(streamed.stdout.hasPrefix(compact ? #"{"items":[{"@type":"Item","id":0,"n":0},"# : "{\n  \"items\": [\n    {\n"))
            #expect(streamed.stdout.split(separator: "\n").count == (compact ? 4 : 2 * (40_000 * 5 + 4) + 9 + 3))
        }
    }
}
