import Foundation
import Testing
@testable import RKMap

/// `--strict` on a document large enough to be streamed (docs/behaviour.md
/// "Large documents are streamed"): its records are held until its end and
/// written only when it had no mapping warning, so stdout, stderr, the exit
/// status and a database are what a document read whole gives, in the memory
/// of its output rather than of its tree.
@Suite struct StrictStreamingTests {
    static let spec = """
        {"keyPath": "items", "mappers": [{"id": "item", "target": "Item", "entity": true, "identification": ["id"],
          "attributes": {"id": "id", "n": "n"}, "types": {"n": "int"}}]}
        """

    /// `{"items": [...]}` of `count` elements, one line; `warnAt` has an `n` that is not a number.
    static func document(_ count: Int, first: Int = 0, warnAt: Int? = nil) -> String {
        let elements = (first..<first + count).map { i in
            i == warnAt ? #"{"id": \#(i), "n": "many"}"# : #"{"id": \#(i), "n": \#(i % 100), "pad": "\#(String(repeating: "x", count: 20))"}"#
        }
        return #"{"items": ["# + elements.joined(separator: ",") + "]}"
    }

    /// Streamed (the default) and read whole (`RKMAP_PIPELINE_THRESHOLD` past
    /// the input: no pipeline, so nothing is streamed) give the same answer.
    static func both(_ arguments: [String], in scratch: Scratch) throws -> (streamed: RKMapExecutable.Result, whole: RKMapExecutable.Result) {
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "1000000000"])
        return (streamed, whole)
    }

    @Test func aWarningInTheLastElementKeepsTheWholeDocumentOut() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let input = Self.document(60_000, warnAt: 59_999)
        #expect(input.utf8.count > 2 << 20)  // streamed, and past one chunk
        try scratch.write("in.json", input)
        let (streamed, whole) = try Self.both(["apply", "spec.json", "in.json", "--strict", "--format", "ndjson"], in: scratch)
        #expect(streamed.status == 1)
        #expect(streamed.stdout.isEmpty)
        #expect(streamed.stderr == """
            in.json: $.items[59999].n: warning: cannot convert string "many" to int [mapper item, attribute n]
            in.json: $: error: 1 mapping warning under --strict; the document is not written

            """)
        #expect(streamed.status == whole.status && streamed.stdout == whole.stdout && streamed.stderr == whole.stderr)
        // Without the warning, every record is written, as without --strict.
        try scratch.write("clean.json", Self.document(60_000))
        let clean = try RKMapExecutable.run(["apply", "spec.json", "clean.json", "--strict", "--format", "ndjson"], directory: scratch.url)
        let loose = try RKMapExecutable.run(["apply", "spec.json", "clean.json", "--format", "ndjson"], directory: scratch.url)
        #expect(clean.status == 0 && clean.stderr.isEmpty)
        #expect(clean.stdout.split(separator: "\n").count == 60_000)
        #expect(clean.stdout == loose.stdout)
    }

    /// NDJSON of large documents with `--keep-going`: the one with a warning
    /// is left out of a CSV file and of a database, the others are written.
    @Test(arguments: ["csv", "sqlite"])
    func onlyTheDocumentWithAWarningIsLeftOut(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let lines = [
            Self.document(40_000), Self.document(40_000, first: 40_000, warnAt: 41_000), Self.document(40_000, first: 80_000),
        ]
        try scratch.write("in.ndjson", lines.joined(separator: "\n") + "\n")
        let output = format == "csv" ? "out.csv" : "out.db"
        let outputPath = scratch.url.appendingPathComponent(output).path
        let streamed = try RKMapExecutable.run(
            ["apply", "spec.json", "in.ndjson", "--strict", "--keep-going", "--format", format, "-o", output], directory: scratch.url)
        #expect(streamed.status == 1)
        #expect(streamed.stderr == """
            in.ndjson: $.items[1000].n: warning: cannot convert string "many" to int (document 2) [mapper item, attribute n]
            in.ndjson: $: error: 1 mapping warning under --strict; the document is not written (document 2)

            """)
        if format == "sqlite" {
            let rows = try Tables.query(outputPath, "SELECT COUNT(*), MIN(id), MAX(id), SUM(id BETWEEN 40000 AND 79999) FROM Item")
            #expect(rows == [[.integer(80_000), .integer(0), .integer(119_999), .integer(0)]])
        } else {
            // Rows end in CRLF (RFC 4180).
            let csv = try String(contentsOfFile: outputPath, encoding: .utf8).split(whereSeparator: \.isNewline)
            #expect(csv.count == 1 + 80_000)
            #expect(!csv.contains { $0.hasPrefix("Item,40000,") || $0.hasPrefix("Item,79999,") })
            #expect(csv.contains { $0.hasPrefix("Item,39999,") } && csv.contains { $0.hasPrefix("Item,80000,") })
        }
        // The same as reading each document whole.
        let wholeOutput = format == "csv" ? "whole.csv" : "whole.db"
        let whole = try RKMapExecutable.run(
            ["apply", "spec.json", "in.ndjson", "--strict", "--keep-going", "--format", format, "-o", wholeOutput],
            directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "1000000000"])
        #expect(whole.status == streamed.status && whole.stderr == streamed.stderr)
        if format == "csv" {
            let same = try Tables.bytes(outputPath) == Tables.bytes(scratch.url.appendingPathComponent(wholeOutput).path)
            #expect(same)
        }
    }
}
