import Foundation
import Testing
@testable import RKMap

/// A large element of a streamed content array that is itself an array (a
/// nested collection, docs/spec.md §5.2), or the array a key through an array
/// collects from one large element (`batches.items` with one large batch),
/// is streamed element by element and written as it comes (docs/behaviour.md).
/// Through the binary: the output is a whole read's in every format, a late
/// syntax error inside it leaves valid JSON, and a repeated key in a large
/// element is a warning that `--strict` fails.
@Suite struct NestedArrayStreamingCLITests {
    static let whole: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "1000000000"]
    static let streamed: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "0"]

    static func spec(_ keyPath: String) -> String {
        #"{"keyPath": "\#(keyPath)", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": ["n"]}]}"#
    }

    static let input = [
        #"{"lists": [[{"n": 1}, {"n": 2}], [], {"n": 3}, [[{"n": 4}], []]]}"#,
        #"{"batches": [{"items": [{"n": 5}, [{"n": 6}]]}, {"items": {"n": 7}}, {"other": 1}, {"items": []}]}"#,
    ].joined(separator: "\n") + "\n"

    @Test(arguments: [("lists", "json"), ("lists", "ndjson"), ("lists", "csv"), ("batches.items", "json"), ("batches.items", "csv")])
    func streamedOutputIsTheWholeReadsOutput(keyPath: String, format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec(keyPath))
        try scratch.write("in.json", Self.input)
        let arguments = ["apply", "spec.json", "in.json", "--format", format, "--keep-going"]
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
        // One document of each has no content for the other key path.
        #expect(whole.status == 1 && streamed.status == 1)
        #expect(streamed.stdout == whole.stdout)
        #expect(streamed.stderr == whole.stderr)
    }

    /// Worked out from §5.2 and §10.1: nested arrays, indented a level deeper.
    @Test func jsonOutputNestsAsTheContentDoes() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec("lists"))
        try scratch.write("in.json", #"{"lists": [[{"n": 1}], [], [[{"n": 2}]]]}"#)
        let run = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--no-type"], directory: scratch.url, environment: Self.streamed)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            [
              [
                {
                  "n": 1
                }
              ],
              [],
              [
                [
                  {
                    "n": 2
                  }
                ]
              ]
            ]

            """)
    }

    @Test func sqliteRowsAreTheWholeReadsRows() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec("lists"))
        try scratch.write("in.json", Self.input)
        var rows: [[[SQLiteValue]]] = []
        for environment in [Self.whole, Self.streamed] {
            let database = scratch.path("out-\(rows.count).db")
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "-o", database, "--keep-going"], directory: scratch.url, environment: environment)
            #expect(run.status == 1)
            rows.append(try Tables.query(database, "SELECT n FROM Item ORDER BY rowid"))
        }
        #expect(rows[0] == [1, 2, 3, 4].map { [.integer($0)] })
        #expect(rows[1] == rows[0])
    }

    /// A document longer than the 8 MiB lookahead is written as it is read:
    /// a syntax error deep in a nested array fails it (exit 1, where), and
    /// what was written is closed, array in array, so stdout stays JSON.
    @Test func aLateSyntaxErrorInsideANestedArrayLeavesValidJSON() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec("lists"))
        var parts = (0..<700_000).map { #"{"n": \#($0)}"# }
        parts[699_000] = #"{"n" 1}"#
        let input = #"{"lists": [{"n": -1}, [[], ["# + parts.joined(separator: ", ") + "]]]}\n"
        #expect(input.utf8.count > 9 << 20)
        try scratch.write("in.json", input)
        let run = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--no-type", "--compact"], directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("in.json:1:") && run.stderr.contains("error: expected ':'"), "\(run.stderr)")
        let written = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Any], "\(run.stdout.suffix(200))")
        #expect(written.count == 2)
        let nested = try #require(written.last as? [Any])
        #expect((nested.first as? [Any])?.isEmpty == true)
        let records = try #require(nested.last as? [[String: Int]])
        #expect(records.count > 600_000 && records.count < 699_000)
        #expect(records.first == ["n": 0])
    }

    /// In a large batch, the first `items` is followed and a later one is a
    /// warning at its value (a whole read takes the last); `--strict` fails
    /// the document and writes nothing.
    @Test func aRepeatedKeyInALargeBatchIsAWarning() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec("batches.items"))
        let input = #"{"batches": [{"items": [{"n": 1}], "items": [{"n": 2}]}]}"#
        try scratch.write("in.json", input)
        let arguments = ["apply", "spec.json", "in.json", "--format", "ndjson", "--no-type"]
        let run = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
        #expect(run.status == 0)
        #expect(run.stdout == #"{"n":1}"# + "\n")
        #expect(run.stderr == "in.json:1:44: warning: key 'items' appears again; a streamed document is mapped from its first occurrence\n")
        let strict = try RKMapExecutable.run(arguments + ["--strict"], directory: scratch.url, environment: Self.streamed)
        #expect(strict.status == 1 && strict.stdout.isEmpty)
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        #expect(whole.stdout == #"{"n":2}"# + "\n" && whole.stderr.isEmpty)
    }

    /// One warning per repeated key, however the input is cut into chunks:
    /// they were told apart by their offset in the chunk, which starts again
    /// when the chunk moves, and most were lost with a small window.
    @Test(arguments: ["1000000", "37", "16"])
    func everyRepeatedKeyIsWarnedAboutWhateverTheWindow(window: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec("batches.items"))
        let batches = (0..<40).map { #"{"items": [{"n": \#($0)}], "items": [{"n": \#($0 + 100)}]}"# }
        try scratch.write("in.json", #"{"batches": ["# + batches.joined(separator: ", ") + "]}")
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "ndjson", "--no-type"], directory: scratch.url,
            environment: ["RKMAP_PIPELINE_THRESHOLD": "0", "RKMAP_WINDOW_BYTES": window])
        #expect(run.status == 0)
        #expect(run.stdout == (0..<40).map { #"{"n":\#($0)}"# + "\n" }.joined())
        #expect(run.stderr.components(separatedBy: "appears again").count - 1 == 40, "\(run.stderr)")
    }

    /// A key through an array finds content only once some element has the
    /// keys: streamed, what a first `batches` without any already went out
    /// (an empty nested array here) when a second `batches` holds content.
    /// A whole read maps only the second: the difference is a warning, so
    /// `--strict` fails the document (it was silent).
    @Test func aRepeatedContentKeyAfterOneThatHeldNothingIsAWarning() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec("batches.items"))
        try scratch.write("in.json", #"{"batches": [[1]], "batches": [{"items": [{"n": 1}]}]}"#)
        let arguments = ["apply", "spec.json", "in.json", "--compact", "--no-type"]
        let run = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
        #expect(run.status == 0)
        #expect(run.stdout == #"[[],[{"n":1}]]"# + "\n")
        #expect(run.stderr == """
            in.json:1:30: warning: key 'batches' appears again after an occurrence that held no content; \
            a streamed document maps what both hold, a whole read only this one

            """)
        let strict = try RKMapExecutable.run(arguments + ["--strict"], directory: scratch.url, environment: Self.streamed)
        #expect(strict.status == 1 && strict.stdout.isEmpty)
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        #expect(whole.stdout == #"[[{"n":1}]]"# + "\n" && whole.stderr.isEmpty)
    }

    /// One record whose to-many relationship holds a document longer than
    /// the lookahead (`StreamedRelationship`): its object is read into memory
    /// and validated first, so a syntax error anywhere writes nothing of it;
    /// a failure while its elements are written as they are mapped
    /// (`--max-records`) leaves the record and its array closed, so stdout
    /// stays JSON (NDJSON: one line).
    @Test(arguments: ["json", "ndjson"])
    func aStreamedRelationshipFailsCleanly(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "attributes": ["name"], "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": ["n"]}]}
            """#)
        var parts = (0..<700_000).map { #"{"n": \#($0)}"# }
        try scratch.write("in.json", #"{"name": "big", "items": ["# + parts.joined(separator: ", ") + "]}\n")
        parts[699_000] = #"{"n" 1}"#
        try scratch.write("bad.json", #"{"name": "big", "items": ["# + parts.joined(separator: ", ") + "]}\n")
        let bad = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", format], directory: scratch.url)
        #expect(bad.status == 1 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("bad.json:1:") && bad.stderr.contains("error: expected ':'"), "\(bad.stderr)")
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", format, "--no-type", "--max-records", "600000"], directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: the document makes more than 600,000 records"), "\(run.stderr)")
        let text = format == "json" ? run.stdout : String(run.stdout.split(separator: "\n").first ?? "")
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let record = try #require((format == "json" ? (value as? [Any])?.first : value) as? [String: Any])
        #expect(record["name"] as? String == "big")
        let items = try #require(record["items"] as? [[String: Int]])
        #expect(items.count > 500_000 && items.count < 600_000)
        #expect(items.first == ["n": 0])
    }

    /// A content key path whose exact `@sum` would need more than 4,096
    /// digits gives no content, streamed or whole (docs/spec.md §4: never a
    /// silent value); the error and `--explain` name that cause as well as
    /// absence, where they said only "not in the document".
    @Test func anUnrepresentableSumAsContentSaysWhy() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "items.@sum", "root-map-ref": "t", "mappers": [{"id": "t", "target": "Total", "attributes": {"": "value"}}]}"#)
        try scratch.write("in.json", #"{"items": [1e5000, 1e-5000]}"#)
        let hint = "(or its @sum/@avg would need more than 4096 digits, which rkmap does not represent)"
        for environment in [Self.streamed, Self.whole] {
            let run = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--explain"], directory: scratch.url, environment: environment)
            #expect(run.status == 1 && run.stdout.isEmpty)
            #expect(run.stderr == """
                in.json: $: error: no mappable content: none of the key paths 'items.@sum' is in the document \(hint)
                spec.json:1:1: note: descriptor 1: key path 'items.@sum' is not in the document \(hint)

                """)
        }
    }
}
