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

    /// `spec.json` mapping one record with an `items` relationship, and
    /// documents longer than the lookahead for it: `in.json` (700,000
    /// items) and `bad.json`, with a syntax error near its end.
    static func largeRecord() throws -> Scratch {
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
        return scratch
    }

    /// One record whose to-many relationship holds a document longer than
    /// the lookahead (`StreamedRelationship`): its object is read into memory
    /// and validated first, so a syntax error anywhere writes nothing of it;
    /// a failure while its elements are written as they are mapped
    /// (`--max-records`) leaves the record and its array closed, so stdout
    /// stays JSON (NDJSON: one line).
    @Test(arguments: ["json", "ndjson"])
    func aStreamedRelationshipFailsCleanly(format: String) throws {
        let scratch = try Self.largeRecord()
        let bad = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", format], directory: scratch.url)
        #expect(bad.status == 1 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("bad.json:1:") && bad.stderr.contains("error: expected ':'"), "\(bad.stderr)")
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", format, "--no-type", "--max-records", "600000"], directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: the document makes more than 600,000 records"), "\(run.stderr)")
        let text = format == "json" ? run.stdout : String(run.stdout.split(separator: "\n").first ?? "")
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let top: Any? = format == "json" ? (value as? [Any])?.first : value
        let record = try #require(top as? [String: Any])
        #expect(record["name"] as? String == "big")
        let items = try #require(record["items"] as? [[String: Int]])
        // The record itself counts after its elements, as a whole read counts it.
        #expect(items.count > 500_000 && items.count <= 600_000)
        #expect(items.first == ["n": 0])
    }

    /// The same record into a table output: the row (SQLite) or the cells
    /// before the relationship's (CSV) first, then the elements as they are
    /// mapped. Worked out from §7, §10.3 and §10.4, and the same as a whole
    /// read: `replace` over a database that holds the record's earlier items
    /// links the new ones in order and deletes the one no link reaches; the
    /// CSV cell is the relationship's compact JSON.
    @Test func aStreamedRelationshipIntoTablesIsTheWholeReads() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "entity": true, "identification": ["id"], "attributes": ["id", "name"],
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true, "assignmentPolicy": "replace"}]},
              {"id": "item", "target": "Item", "entity": true, "identification": ["n"], "attributes": ["n", "label"]}]}
            """#)
        try scratch.write("first.json", #"{"id": 1, "name": "a", "items": [{"n": 1}, {"n": 2}, {"n": 3}]}"#)
        try scratch.write("second.json", #"{"items": [{"n": 3, "label": "x, \"y\""}, null, {"n": 4}, {"n": 1}], "id": 1, "name": "b"}"#)
        for (environment, name) in [(Self.whole, "whole.db"), (Self.streamed, "streamed.db")] {
            for input in ["first.json", "second.json"] {
                let run = try Tables.applySQLite(spec: scratch.path("spec.json"), [scratch.path(input)], database: scratch.path(name), environment: environment)
                #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
            }
            let database = scratch.path(name)
            #expect(try Tables.query(database, #"SELECT "child_n", "position" FROM "Doc_items" ORDER BY rowid"#) == [[.integer(3), .integer(0)], [.integer(4), .integer(1)], [.integer(1), .integer(2)]])
            #expect(try Tables.query(database, #"SELECT "n", "label" FROM "Item" ORDER BY rowid"#) == [[.integer(1), .null], [.integer(3), .text(#"x, "y""#)], [.integer(4), .null]])
            #expect(try Tables.query(database, #"SELECT "id", "name" FROM "Doc""#) == [[.integer(1), .text("b")]])
        }
        let arguments = ["apply", "spec.json", "second.json", "--format", "csv"]
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
        #expect(streamed.status == 0 && streamed.stderr == whole.stderr)
        #expect(streamed.stdout == whole.stdout)
        #expect(streamed.stdout == "@type,id,name,items\r\n"
            + #"Doc,1,b,"[{""@type"":""Item"",""n"":3,""label"":""x, \""y\""""},{""@type"":""Item"",""n"":4},{""@type"":""Item"",""n"":1}]""#
            + "\r\n")
    }

    /// A document longer than the lookahead that fails while its record's
    /// elements are written: a syntax error writes nothing (the object is
    /// validated first); `--max-records` leaves CSV with the record's row
    /// ended after the elements written so far (rows written stay written,
    /// as for NDJSON), and a database as it was.
    @Test func aStreamedRelationshipIntoTablesFailsCleanly() throws {
        let scratch = try Self.largeRecord()
        let bad = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", "csv"], directory: scratch.url)
        // The header alone, as for any run that writes no row.
        #expect(bad.status == 1 && bad.stdout == "@type,name,items\r\n")
        #expect(bad.stderr.contains("bad.json:1:") && bad.stderr.contains("error: expected ':'"), "\(bad.stderr)")
        let badDatabase = try Tables.applySQLite(spec: scratch.path("spec.json"), [scratch.path("bad.json")], database: scratch.path("bad.db"))
        #expect(badDatabase.status == 1 && !FileManager.default.fileExists(atPath: scratch.path("bad.db")))

        let csv = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "csv", "--no-type", "--max-records", "600000"], directory: scratch.url)
        #expect(csv.status == 1)
        #expect(csv.stderr.contains("error: the document makes more than 600,000 records"), "\(csv.stderr)")
        // One row: the name, then the cell of the elements written, ended.
        #expect(csv.stdout.hasPrefix("name,items\r\nbig,\"[{\"\"n\"\":0},{\"\"n\"\":1},"))
        #expect(csv.stdout.hasSuffix("}]\"\r\n") && csv.stdout.utf8.filter { $0 == 0x0A }.count == 2)

        let database = scratch.path("out.db")
        try Tables.upsert(spec: scratch.path("spec.json"), #"{"name": "kept", "items": [{"n": -1}]}"#, database: database)
        let failed = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", database, "--max-records", "600000"], directory: scratch.url)
        #expect(failed.status == 1)
        #expect(try Tables.query(database, #"SELECT "name" FROM "Doc""#) == [[.text("kept")]])
        #expect(try Tables.query(database, #"SELECT count(*) FROM "Item""#) == [[.integer(1)]])
    }

    /// A record in the content array whose relationship holds most of the
    /// document (`batches` with 700,000 items in the second batch), between
    /// small ones: it is written around its elements at its place, and the
    /// output is a whole read's in JSON, CSV and SQLite; `--max-records`
    /// while its elements are written leaves JSON closed after them, and a
    /// syntax error inside it writes nothing of it (it is validated first),
    /// as a whole read writes nothing.
    @Test func aRecordInTheContentArrayStreamsItsRelationship() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "batches", "root-map-ref": "batch", "mappers": [
              {"id": "batch", "target": "Batch", "entity": true, "identification": ["id"], "attributes": ["id"],
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "entity": true, "identification": ["n"], "attributes": ["n"]}]}
            """#)
        var parts = (0..<700_000).map { #"{"n": \#($0)}"# }
        func document(_ items: [String]) -> String {
            #"{"batches": [{"id": 0, "items": [{"n": -1}]}, {"items": ["# + items.joined(separator: ", ")
                + #"], "id": 1}, {"id": 2, "items": [{"n": -2}]}], "total": 3}"# + "\n"
        }
        try scratch.write("in.json", document(parts))
        parts[699_000] = #"{"n" 1}"#
        try scratch.write("bad.json", document(parts))

        for format in ["json", "csv"] {
            let arguments = ["apply", "spec.json", "in.json", "--format", format]
            let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
            let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
            #expect(streamed.status == 0 && streamed.stderr.isEmpty, "\(streamed.stderr)")
            #expect(streamed.stdout == whole.stdout, "\(format)")
        }
        let database = scratch.path("out.db")
        let sqlite = try Tables.applySQLite(spec: scratch.path("spec.json"), [scratch.path("in.json")], database: database)
        #expect(sqlite.status == 0 && sqlite.stderr.isEmpty, "\(sqlite)")
        // §10.4: every item once, each batch linked to its own in order.
        #expect(try Tables.query(database, #"SELECT count(*), min("n"), max("n") FROM "Item""#) == [[.integer(700_002), .integer(-2), .integer(699_999)]])
        #expect(try Tables.query(database, #"SELECT "id" FROM "Batch" ORDER BY rowid"#) == [[.integer(0)], [.integer(1)], [.integer(2)]])
        #expect(try Tables.query(database, #"SELECT "parent_id", count(*), max("position") FROM "Batch_items" GROUP BY "parent_id""#)
            == [[.integer(0), .integer(1), .integer(0)], [.integer(1), .integer(700_000), .integer(699_999)], [.integer(2), .integer(1), .integer(0)]])

        let limited = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "json", "--no-type", "--max-records", "600000"], directory: scratch.url)
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("error: the document makes more than 600,000 records"), "\(limited.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 2 && records[0]["id"] as? Int == 0 && records[1]["id"] as? Int == 1)
        let items = try #require(records[1]["items"] as? [[String: Int]])
        #expect(items.count > 500_000 && items.count < 600_000 && items.first == ["n": 0])

        let bad = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", "json"], directory: scratch.url)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.json:1:") && bad.stderr.contains("error: expected ':'"), "\(bad.stderr)")
        // Nothing of it, as when read whole.
        let badWhole = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", "json"], directory: scratch.url, environment: Self.whole)
        #expect(bad.stdout == badWhole.stdout && !bad.stdout.contains(#""id":1"#))
    }

    /// A Stripe-style list whose root mapper is dynamic (chosen by its
    /// `object`, as its elements are): the list is chosen from what the
    /// matchers read and written around its 200,000 charges (10 MB) as they are
    /// mapped, each chosen again; the output and `--stats` are a whole
    /// read's in JSON, NDJSON and CSV, with the small documents after it (one
    /// chosen, one declined), and SQLite links every charge to the list in
    /// order; a syntax error inside the list writes nothing of it.
    @Test func aListChosenByADynamicRootStreamsItsData() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "object", "mappers": [
              {"id": "object", "dynamic": true, "matchers": [
                {"keyPath": "object", "expectValue": "list", "map-ref": "list"},
                {"keyPath": "object", "expectValue": "charge", "map-ref": "charge"}]},
              {"id": "list", "target": "List", "entity": true, "identification": ["url"], "attributes": {"url": "url", "has_more": "hasMore"},
               "relationships": [{"from": "data", "to": "data", "map-ref": "charge", "many": true}]},
              {"id": "charge", "target": "Charge", "entity": true, "identification": ["id"], "attributes": ["id", "amount"]}]}
            """#)
        var parts = (0..<200_000).map { #"{"object": "charge", "id": "ch_\#($0)", "amount": \#($0 % 5000)}"# }
        func input(_ charges: [String]) -> String {
            #"{"object": "list", "data": ["# + charges.joined(separator: ", ") + #"], "has_more": true, "url": "/v1/charges"}"# + "\n"
                + #"{"object": "charge", "id": "ch_x", "amount": 1}"# + "\n" + #"{"object": "customer", "id": "cus_1"}"# + "\n"
        }
        try scratch.write("in.json", input(parts))
        parts[199_000] = #"{"object": "charge", "id" "ch"}"#
        try scratch.write("bad.json", input(parts))

        for format in ["json", "ndjson", "csv"] {
            let arguments = ["apply", "spec.json", "in.json", "--format", format, "--stats"]
            let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
            let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
            #expect(streamed.status == 0 && whole.status == 0)
            #expect(streamed.stderr == whole.stderr && streamed.stderr.contains("declined: 1"), "\(streamed.stderr)")
            #expect(streamed.stdout == whole.stdout, "\(format)")
        }
        let database = scratch.path("out.db")
        let sqlite = try Tables.applySQLite(spec: scratch.path("spec.json"), [scratch.path("in.json")], database: database)
        #expect(sqlite.status == 0 && sqlite.stderr.isEmpty, "\(sqlite)")
        // §10.4: every charge once, the list linked to its own in order.
        #expect(try Tables.query(database, #"SELECT count(*), sum("amount") FROM "Charge""#) == [[.integer(200_001), .integer(499_900_001)]])
        #expect(try Tables.query(database, #"SELECT "url", "hasMore" FROM "List""#) == [[.text("/v1/charges"), .integer(1)]])
        #expect(try Tables.query(database, #"SELECT count(*), min("position"), max("position") FROM "List_data""#)
            == [[.integer(200_000), .integer(0), .integer(199_999)]])
        #expect(try Tables.query(database, #"SELECT "parent_url", "child_id" FROM "List_data" WHERE "position" = 199999"#)
            == [[.text("/v1/charges"), .text("ch_199999")]])

        let bad = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", "json"], directory: scratch.url)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.json:1:") && bad.stderr.contains("error: expected ':'"), "\(bad.stderr)")
        let badWhole = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", "json"], directory: scratch.url, environment: Self.whole)
        #expect(bad.stdout == badWhole.stdout && !bad.stdout.contains("ch_0"))
    }

    /// A Reddit-style listing whose record maps its own object again through a
    /// relationship from `""` (RestKit's nil key path: a `Page` of `kind` and
    /// `data.after`) streams its 3 MB of children: the output and `--stats`
    /// are a whole read's in JSON, NDJSON and CSV, and SQLite has the page
    /// row and every child linked in order (§10.4).
    @Test func aRecordThatMapsItsObjectAgainStreamsItsChildren() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "listing", "mappers": [
              {"id": "listing", "target": "Listing", "entity": true, "identification": ["kind"], "attributes": ["kind"],
               "relationships": [{"from": "", "to": "page", "map-ref": "page"},
                                 {"from": "data.children", "to": "posts", "map-ref": "post", "many": true}]},
              {"id": "page", "target": "Page", "attributes": {"data.after": "after", "data.dist": "dist"}, "types": {"dist": "int"}},
              {"id": "post", "target": "Post", "entity": true, "identification": ["id"], "attributes": ["id", "score"]}]}
            """#)
        let children = (0..<60_000).map { #"{"id": "t3_\#($0)", "score": \#($0 % 100), "title": "post \#($0)"}"# }
        try scratch.write("in.json", #"{"kind": "Listing", "data": {"after": "t3_x", "children": ["# + children.joined(separator: ",")
            + #"], "dist": "many"}}"# + "\n")
        for format in ["json", "ndjson", "csv"] {
            let arguments = ["apply", "spec.json", "in.json", "--format", format, "--stats"]
            let streamed = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
            let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
            #expect(streamed.status == 0 && whole.status == 0)
            // §5.2: the page's `dist` is a string where an int is wanted: a warning.
            #expect(streamed.stderr == whole.stderr && streamed.stderr.hasPrefix(
                "in.json: $.data.dist: warning: cannot convert string \"many\" to int [mapper page, attribute dist]\n"), "\(streamed.stderr)")
            #expect(streamed.stdout == whole.stdout, "\(format)")
        }
        let database = scratch.path("out.db")
        let sqlite = try Tables.applySQLite(spec: scratch.path("spec.json"), [scratch.path("in.json")], database: database, environment: Self.streamed)
        #expect(sqlite.status == 0, "\(sqlite)")
        #expect(try Tables.query(database, #"SELECT "after", "dist" FROM "Page""#) == [[.text("t3_x"), .null]])
        #expect(try Tables.query(database, #"SELECT count(*), sum("score") FROM "Post""#) == [[.integer(60_000), .integer(2_970_000)]])
        #expect(try Tables.query(database, #"SELECT count(*), max("position") FROM "Listing_posts""#) == [[.integer(60_000), .integer(59_999)]])
    }

    /// With `"keyMatching": "caseInsensitive"`, a record whose relationship's
    /// key is written in another case than the payload's (`Data.Children` on
    /// `{"data": {"children": [...]}}`) streams its 3 MB of children too
    /// (10× its size when mapped whole): output and `--stats` are a whole
    /// read's, and an exact `Data` later in the object is the one followed
    /// (§4: an exact match wins, else the first equal ignoring case).
    @Test func aRecordWhoseKeysMatchIgnoringCaseStreamsItsChildren() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "", "keyMatching": "caseInsensitive", "root-map-ref": "listing", "mappers": [
              {"id": "listing", "target": "Listing", "attributes": {"Kind": "kind", "Data.After": "after"},
               "relationships": [{"from": "Data.Children", "to": "posts", "map-ref": "post", "many": true}]},
              {"id": "post", "target": "Post", "attributes": {"ID": "id", "Score": "score"}, "types": {"score": "int"}}]}
            """#)
        let children = (0..<60_000).map { #"{"id": "t3_\#($0)", "SCORE": \#($0 % 100), "title": "post \#($0)"}"# }
        let array = "[" + children.joined(separator: ",") + "]"
        try scratch.write("in.json", #"{"KIND": "Listing", "data": {"after": "t3_x", "children": "# + array + "}}\n")
        // The exact `Data` after an inexact one is the one a whole read follows.
        try scratch.write("exact.json", #"{"data": {"after": "no", "children": [{"id": "no"}]}, "KIND": "Listing", "Data": {"after": "t3_x", "CHILDREN": "#
            + array + "}}\n")
        for format in ["json", "ndjson", "csv"] {
            for file in ["in.json", "exact.json"] {
                let arguments = ["apply", "spec.json", file, "--format", format, "--stats"]
                let streamed = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
                let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
                #expect(streamed.status == 0 && whole.status == 0)
                #expect(streamed.stderr == whole.stderr && streamed.stderr.contains("  Post: 60000\n"), "\(streamed.stderr)")
                #expect(streamed.stdout == whole.stdout, "\(format) \(file)")
                #expect(streamed.stdout.contains("t3_59999") && !streamed.stdout.contains(#""no""#))
            }
        }
        let database = scratch.path("out.db")
        let sqlite = try Tables.applySQLite(spec: scratch.path("spec.json"), [scratch.path("exact.json")], database: database, environment: Self.streamed)
        #expect(sqlite.status == 0, "\(sqlite)")
        #expect(try Tables.query(database, #"SELECT "kind", "after" FROM "Listing""#) == [[.text("Listing"), .text("t3_x")]])
        #expect(try Tables.query(database, #"SELECT count(*), sum("score") FROM "Post""#) == [[.integer(60_000), .integer(2_970_000)]])
        #expect(try Tables.query(database, #"SELECT count(*), max("position") FROM "Listing_posts""#) == [[.integer(60_000), .integer(59_999)]])
    }

    /// A content key path whose exact `@sum` would need more than 4,096
    /// digits gives no content, streamed or whole (docs/spec.md §4: never a
    /// silent value); the error and `--explain` name that cause as well as
    /// absence, where they said only "not in the document".
    @Test func anUnrepresentableSumAsContentSaysWhy() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "items.@sum", "root-map-ref": "t", "mappers": [{"id": "t", "target": "Total", "attributes": {"": "value"}}]}"#)
        try scratch.write("in.json", #"{"items": [1e5000, 1e-5000]}"#)
        let hint = "(or its @sum/@avg/@min/@max has no value: an element it cannot combine, or more than 4096 digits, which rkmap does not represent)"
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
