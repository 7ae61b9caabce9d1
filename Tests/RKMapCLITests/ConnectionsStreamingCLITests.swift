import Foundation
import Testing
@testable import RKMap

/// Specs with connections (docs/spec.md §3.4) on documents large enough to be
/// streamed (over 1 MiB), through the binary as a user runs it. Each case is
/// checked twice: against values worked out by hand from §3.4 (the first
/// record in output order with the value wins, `"1"` is not `1`, a missing
/// value is left out with a warning, a connected record is written as mapped,
/// without its own connections), and against the same run reading every
/// document whole (`RKMAP_PIPELINE_THRESHOLD` past the input): stdout, stderr,
/// exit status and `-o` files must be identical.
@Suite struct ConnectionsStreamingCLITests {
    static let whole: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "1000000000"]

    static func both(
        _ arguments: [String], stdin: String? = nil, in scratch: Scratch
    ) throws -> (streamed: RKMapExecutable.Result, whole: RKMapExecutable.Result) {
        let bytes = stdin.map { Array($0.utf8) }
        let streamed = try RKMapExecutable.run(arguments, stdin: bytes, directory: scratch.url)
        let whole = try RKMapExecutable.run(arguments, stdin: bytes, directory: scratch.url, environment: Self.whole)
        return (streamed, whole)
    }

    static func expectSame(
        _ runs: (streamed: RKMapExecutable.Result, whole: RKMapExecutable.Result),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (s, w) = runs
        #expect(s.status == w.status, "exit status \(s.status) streamed, \(w.status) whole", sourceLocation: sourceLocation)
        #expect(s.stderr == w.stderr, "stderr differs:\n\(s.stderr.prefix(2000))\n--- whole ---\n\(w.stderr.prefix(2000))",
                sourceLocation: sourceLocation)
        #expect(s.stdout == w.stdout, "stdout differs (\(s.stdout.utf8.count) bytes streamed, \(w.stdout.utf8.count) whole)",
                sourceLocation: sourceLocation)
    }

    // MARK: JSON:API

    /// JSON:API: articles in `data`, people and comments in `included` after
    /// them (two descriptors, a dynamic mapper on `type`). People connect to
    /// each other (`friend`).
    static let jsonAPISpec = """
        {"descriptors": [{"keyPath": "data", "root-map-ref": "article"}, {"keyPath": "included", "root-map-ref": "included"}],
         "mappers": [
           {"id": "article", "target": "Article",
            "attributes": {"id": "id", "attributes.title": "title", "relationships.author.data.id": "authorId",
                           "relationships.comments.data.id": "commentIds"},
            "connections": [{"relationship": "author", "sourceAttribute": "authorId", "target": "Person", "targetAttribute": "id"},
                            {"relationship": "comments", "sourceAttribute": "commentIds", "target": "Comment", "targetAttribute": "id"}]},
           {"id": "included", "dynamic": true, "matchers": [
             {"keyPath": "type", "expectValue": "people", "map-ref": "person"},
             {"keyPath": "type", "expectValue": "comments", "map-ref": "comment"}]},
           {"id": "person", "target": "Person",
            "attributes": {"id": "id", "attributes.name": "name", "relationships.friend.data.id": "friendId"},
            "connections": [{"relationship": "friend", "sourceAttribute": "friendId", "target": "Person", "targetAttribute": "id"}]},
           {"id": "comment", "target": "Comment", "attributes": {"id": "id", "attributes.body": "body"}}]}
        """

    static let big = "123456789012345678901234567891"
    static let bigNeighbour = "123456789012345678901234567890"

    /// `a0` asks for comments `2`, `"2"`, `3.0`, `404` and two 30-digit
    /// numbers; `a1` has a null author id and no comments; `a2` an author no one
    /// has. Comment `2` comes twice (`2`, then `2.0`: numbers compare by value,
    /// the first wins), and once as the string `"2"`. Then `fillers` articles
    /// by `p1`, to make the document large.
    static func jsonAPIDocument(fillers: Int = 5_000, tag: String = "") -> String {
        let comments = ["2", #""2""#, "3.0", "404", big, bigNeighbour].map { #"{"type": "comments", "id": \#($0)}"# }
        var articles = [
            #"{"type": "articles", "id": "a0", "attributes": {"title": "Ünïcødé ✓ 𝄞"}, "relationships": {"author": {"data": {"type": "people", "id": "p1"}}, "comments": {"data": [\#(comments.joined(separator: ", "))]}}}"#,
            #"{"type": "articles", "id": "a1", "attributes": {"title": "t1"}, "relationships": {"author": {"data": {"type": "people", "id": null}}, "comments": {"data": []}}}"#,
            #"{"type": "articles", "id": "a2", "attributes": {"title": "t2"}, "relationships": {"author": {"data": {"type": "people", "id": "ghost\#(tag)"}}}}"#,
        ]
        let padding = String(repeating: "lorem ipsum ", count: 16)
        articles += (0..<fillers).map { i in
            #"{"type": "articles", "id": "f\#(i)", "attributes": {"title": "\#(padding)\#(i)"}, "relationships": {"author": {"data": {"type": "people", "id": "p1"}}}}"#
        }
        let included = [
            #"{"type": "comments", "id": 2, "attributes": {"body": "two"}}"#,
            #"{"type": "people", "id": "p1", "attributes": {"name": "Ada"}, "relationships": {"friend": {"data": {"type": "people", "id": "p2"}}}}"#,
            #"{"type": "comments", "id": 2.0, "attributes": {"body": "two again"}}"#,
            #"{"type": "comments", "id": "2", "attributes": {"body": "two as text"}}"#,
            #"{"type": "people", "id": "p2", "attributes": {"name": "Grace"}, "relationships": {"friend": {"data": {"type": "people", "id": "p1"}}}}"#,
            #"{"type": "comments", "id": 3, "attributes": {"body": "three"}}"#,
            #"{"type": "comments", "id": \#(big), "attributes": {"body": "big"}}"#,
        ]
        return #"{"data": ["# + articles.joined(separator: ",\n") + #"], "included": ["# + included.joined(separator: ",\n")
            + #"], "meta": {"page": 1}}"#
    }

    /// The records §3.4 gives for `a0`, `a1`, `a2` and person `p1`.
    static let a0 = #"{"@type":"Article","id":"a0","title":"Ünïcødé ✓ 𝄞","authorId":"p1","commentIds":[2,"2",3.0,404,\#(big),\#(bigNeighbour)],"#
        + #""author":{"@type":"Person","id":"p1","name":"Ada","friendId":"p2"},"#
        + #""comments":[{"@type":"Comment","id":2,"body":"two"},{"@type":"Comment","id":"2","body":"two as text"},"#
        + #"{"@type":"Comment","id":3,"body":"three"},{"@type":"Comment","id":\#(big),"body":"big"}]}"#
    static let a1 = #"{"@type":"Article","id":"a1","title":"t1","authorId":null,"commentIds":[],"comments":[]}"#
    static let a2 = #"{"@type":"Article","id":"a2","title":"t2","authorId":"ghost"}"#
    static let p1 = #"{"@type":"Person","id":"p1","name":"Ada","friendId":"p2","friend":{"@type":"Person","id":"p2","name":"Grace","friendId":"p1"}}"#

    static func jsonAPIWarnings(_ input: String, suffix: String = "") -> String {
        // At the article whose connection finds nothing (it had been `$`).
        func warning(_ path: String, _ relationship: String, _ type: String, _ value: String) -> String {
            "\(input): \(path): warning: connection '\(relationship)': no \(type) with id = \(value) in the document; the value is left out\(suffix) [mapper article, attribute \(relationship)]\n"
        }
        return warning("$.data[0]", "comments", "Comment", "404") + warning("$.data[0]", "comments", "Comment", bigNeighbour)
            + warning("$.data[2]", "author", "Person", #""ghost""#)
    }

    /// Targets after their sources, to-one and to-many, missing values, `null`,
    /// `"2"` against `2`, `2` against `2.0`, 30-digit numbers, first wins, a
    /// connected record without its own connections; in every output format.
    @Test(arguments: ["ndjson", "json", "csv", "dictionary"])
    func jsonAPIConnectsAsTheSpecSays(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.jsonAPISpec)
        let document = Self.jsonAPIDocument()
        #expect(document.utf8.count > 1 << 20)  // streamed
        try scratch.write("page.json", document)
        var arguments = ["apply", "spec.json", "page.json"]
        switch format {
        case "dictionary": arguments += ["--shape", "dictionary", "--compact"]
        default: arguments += ["--format", format]
        }
        let runs = try Self.both(arguments, in: scratch)
        let out = runs.streamed
        #expect(out.status == 0)
        #expect(out.stderr == Self.jsonAPIWarnings("page.json"))
        switch format {
        case "ndjson":
            let lines = out.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 3 + 5_000 + 7)
            #expect(lines[0] == Self.a0)
            #expect(lines[1] == Self.a1)
            #expect(lines[2] == Self.a2)
            #expect(lines[3].hasSuffix(#""authorId":"p1","author":{"@type":"Person","id":"p1","name":"Ada","friendId":"p2"}}"#))
            #expect(lines[5_004] == Self.p1)
            #expect(lines[5_005] == #"{"@type":"Comment","id":2.0,"body":"two again"}"#)
        case "csv":
            let rows = out.stdout.components(separatedBy: "\r\n")
            #expect(rows[0] == "@type,id,title,authorId,commentIds,author,comments,name,friendId,friend,body")
            #expect(rows[3] == #"Article,a2,t2,ghost,,,,,,,"#)
        default:
            #expect(out.stdout.hasPrefix(format == "json" ? "[\n  {\n    \"@type\": \"Article\",\n    \"id\": \"a0\"," : #"{"data":["# + Self.a0 + ","))
        }
        Self.expectSame(runs)
    }

    /// `--type` keeps the Article roots after connecting them: each still
    /// embeds the Person it names, though no Person root is written.
    @Test func onlyTypeKeepsConnectedRecords() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.jsonAPISpec)
        try scratch.write("page.json", Self.jsonAPIDocument())
        let runs = try Self.both(["apply", "spec.json", "page.json", "--format", "ndjson", "--type", "Article"], in: scratch)
        let lines = runs.streamed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5_003)
        #expect(lines.first == Self.a0)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"@type":"Article""#) })
        #expect(runs.streamed.stderr == Self.jsonAPIWarnings("page.json"))
        Self.expectSame(runs)
    }

    /// SQLite: the connections are columns and link tables (§10.4) pointing at
    /// the rows §3.4 chooses, identical whether the document was streamed.
    @Test func jsonAPIIntoSQLite() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.jsonAPISpec)
        try scratch.write("page.json", Self.jsonAPIDocument())
        let streamed = try RKMapExecutable.run(["apply", "spec.json", "page.json", "-o", "streamed.db"], directory: scratch.url)
        let whole = try RKMapExecutable.run(
            ["apply", "spec.json", "page.json", "-o", "whole.db"], directory: scratch.url, environment: Self.whole)
        #expect(streamed.status == 0 && whole.status == 0)
        #expect(streamed.stderr == Self.jsonAPIWarnings("page.json"))
        #expect(whole.stderr == streamed.stderr)
        let db = scratch.path("streamed.db")
        #expect(try Tables.query(db, """
            SELECT c."body", l."position" FROM "Article_comments" l JOIN "Article" a ON a."_id" = l."parent_id"
            JOIN "Comment" c ON c."_id" = l."child_id" WHERE a."id" = 'a0' ORDER BY l."position"
            """) == [[.text("two"), .integer(0)], [.text("two as text"), .integer(1)], [.text("three"), .integer(2)], [.text("big"), .integer(3)]])
        #expect(try Tables.query(db, """
            SELECT a."id", p."name" FROM "Article" a LEFT JOIN "Person" p ON p."_id" = a."author" WHERE a."id" IN ('a0', 'a1', 'a2', 'f4999') ORDER BY a."_id"
            """) == [[.text("a0"), .text("Ada")], [.text("a1"), .null], [.text("a2"), .null], [.text("f4999"), .text("Ada")]])
        #expect(try Tables.query(db, """
            SELECT count(*) FROM "Article" a JOIN "Person" p ON p."_id" = a."author" WHERE p."name" = 'Ada'
            """) == [[.integer(5_001)]])
        #expect(try Tables.query(db, #"SELECT p."name", f."name" FROM "Person" p JOIN "Person" f ON f."_id" = p."friend" ORDER BY p."_id""#)
            == [[.text("Ada"), .text("Grace")], [.text("Grace"), .text("Ada")]])
        #expect(try Self.dump(db) == Self.dump(scratch.path("whole.db")))
    }

    /// Every table's schema and rows, in rowid order.
    static func dump(_ path: String) throws -> [[[SQLiteValue]]] {
        let tables = try Tables.query(path, #"SELECT "name", "sql" FROM "sqlite_master" ORDER BY "name""#)
        var result = [tables]
        for row in tables {
            guard case .text(let name) = row[0], case .text(let sql) = row[1], sql.hasPrefix("CREATE TABLE") else { continue }
            result.append(try Tables.query(path, "SELECT * FROM \(SQL.quote(name)) ORDER BY rowid"))
        }
        return result
    }

    // MARK: Mastodon: a status replies to a status of the same array

    static let timelineSpec = """
        {"keyPath": "", "root-map-ref": "status", "mappers": [{"id": "status", "target": "Status",
          "attributes": ["id", "in_reply_to_id"],
          "relationships": [{"from": "reblog", "to": "reblog", "map-ref": "status"}],
          "connections": [{"relationship": "inReplyTo", "sourceAttribute": "in_reply_to_id", "target": "Status", "targetAttribute": "id"}]}]}
        """

    /// A timeline page (a bare array). `100` replies to a later status, `102`
    /// to an earlier one, `103` to `900`: first the reblog nested in `100`
    /// (a record comes before its relationships in output order), later a root
    /// status with that id too; `104` replies to the number `100`, which no
    /// status id (strings) equals.
    static func timeline(document: Int, fillers: Int = 4_000) -> String {
        let content = String(repeating: "🐘 toot ", count: 30)
        var statuses = document == 1 ? [
            #"{"id": "100", "in_reply_to_id": "102", "reblog": {"id": "900", "in_reply_to_id": "101"}}"#,
            #"{"id": "101", "in_reply_to_id": null}"#,
            #"{"id": "102", "in_reply_to_id": "100"}"#,
            #"{"id": "103", "in_reply_to_id": "900"}"#,
            #"{"id": "104", "in_reply_to_id": 100}"#,
        ] : [#"{"id": "200", "in_reply_to_id": "100"}"#]
        statuses += (0..<fillers).map { i in
            #"{"id": "d\#(document)-\#(i)", "in_reply_to_id": "d\#(document)-\#(max(i - 1, 0))", "content": "\#(content)"}"#
        }
        if document == 1 { statuses.append(#"{"id": "900", "in_reply_to_id": "104"}"#) }
        return "[" + statuses.joined(separator: ",") + "]"
    }

    static let timelineFirstLines = [
        #"{"@type":"Status","id":"100","in_reply_to_id":"102","reblog":{"@type":"Status","id":"900","in_reply_to_id":"101","inReplyTo":{"@type":"Status","id":"101","in_reply_to_id":null}},"inReplyTo":{"@type":"Status","id":"102","in_reply_to_id":"100"}}"#,
        #"{"@type":"Status","id":"101","in_reply_to_id":null}"#,
        #"{"@type":"Status","id":"102","in_reply_to_id":"100","inReplyTo":{"@type":"Status","id":"100","in_reply_to_id":"102","reblog":{"@type":"Status","id":"900","in_reply_to_id":"101"}}}"#,
        #"{"@type":"Status","id":"103","in_reply_to_id":"900","inReplyTo":{"@type":"Status","id":"900","in_reply_to_id":"101"}}"#,
        #"{"@type":"Status","id":"104","in_reply_to_id":100}"#,
    ]

    /// Three documents in one NDJSON stream (two large, one small), from a
    /// file and from a pipe: connections stay inside their document, so `200`
    /// in the second finds no `100`.
    @Test(arguments: ["file", "pipe"])
    func selfConnectionsInAStreamOfDocuments(from source: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.timelineSpec)
        let small = #"[{"id": "300", "in_reply_to_id": "300"}]"#
        let input = Self.timeline(document: 1) + "\n" + Self.timeline(document: 2) + "\n" + small + "\n"
        #expect(Self.timeline(document: 2).utf8.count > 1 << 20)
        try scratch.write("home.ndjson", input)
        let arguments = ["apply", "spec.json", source == "file" ? "home.ndjson" : "-", "--format", "ndjson"]
        let name = source == "file" ? "home.ndjson" : "<stdin>"
        let out: (stdout: String, stderr: String, status: Int32)
        if source == "file" {
            let r = try RKMapExecutable.run(arguments, directory: scratch.url)
            out = (r.stdout, r.stderr, r.status)
        } else {
            let r = try StdinStreamTests.runThroughPipe(arguments, input: Array(input.utf8), directory: scratch.url)
            out = (r.stdout, r.stderr, r.status)
        }
        let whole = try RKMapExecutable.run(
            arguments, stdin: source == "file" ? nil : Array(input.utf8), directory: scratch.url, environment: Self.whole)
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5 + 4_000 + 1 + 1 + 4_000 + 1)
        #expect(Array(lines.prefix(5)) == Self.timelineFirstLines)
        #expect(lines[6].hasSuffix(#""id":"d1-1","in_reply_to_id":"d1-0","inReplyTo":{"@type":"Status","id":"d1-0","in_reply_to_id":"d1-0"}}"#))
        #expect(lines[4_005] == #"{"@type":"Status","id":"900","in_reply_to_id":"104","inReplyTo":{"@type":"Status","id":"104","in_reply_to_id":100}}"#)
        #expect(lines[4_006] == #"{"@type":"Status","id":"200","in_reply_to_id":"100"}"#)
        #expect(lines.last == #"{"@type":"Status","id":"300","in_reply_to_id":"300","inReplyTo":{"@type":"Status","id":"300","in_reply_to_id":"300"}}"#)
        #expect(out.stderr == """
            \(name): $[4]: warning: connection 'inReplyTo': no Status with id = 100 in the document; the value is left out \
            (a Status has id = the string "100": a number and a string never match; give both attributes one type in "types") [mapper status, attribute inReplyTo]
            \(name): $[0]: warning: connection 'inReplyTo': no Status with id = "100" in the document; the value is left out (document 2) [mapper status, attribute inReplyTo]

            """)
        #expect(out.stdout == whole.stdout && out.stderr == whole.stderr && out.status == whole.status)
    }

    /// `-o` files: a large document, a broken one, a large one again, under
    /// `--keep-going`. The file holds the two good documents, byte for byte
    /// as when every document is read whole.
    @Test(arguments: ["out.json", "out.csv"])
    func outputFilesAreTheSame(file: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.timelineSpec)
        let input = Self.timeline(document: 1) + "\n" + #"[{"id": "x", "in_reply_to_id": }]"# + "\n" + Self.timeline(document: 2) + "\n"
        try scratch.write("in.ndjson", input)
        let arguments = ["apply", "spec.json", "in.ndjson", "--keep-going", "-o", file]
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
        let streamedFile = try Tables.bytes(scratch.path(file))
        try FileManager.default.removeItem(atPath: scratch.path(file))
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        #expect(streamed.status == 1)
        #expect(streamed.stderr == """
            in.ndjson: $[4]: warning: connection 'inReplyTo': no Status with id = 100 in the document; the value is left out \
            (a Status has id = the string "100": a number and a string never match; give both attributes one type in "types") [mapper status, attribute inReplyTo]
            in.ndjson:2:32: error: expected a value, found '}'
            in.ndjson: $[0]: warning: connection 'inReplyTo': no Status with id = "100" in the document; the value is left out (document 3) [mapper status, attribute inReplyTo]

            """)
        let text = String(decoding: streamedFile, as: UTF8.self)
        if file == "out.csv" {
            let rows = text.components(separatedBy: "\r\n")
            // `reblog` leads back to the status mapper: one JSON column (§10.3).
            #expect(rows[0] == "@type,id,in_reply_to_id,reblog,inReplyTo")
            #expect(rows[4] == #"Status,103,900,,"{""@type"":""Status"",""id"":""900"",""in_reply_to_id"":""101""}""#)
            #expect(rows.count == 1 + 4_006 + 4_001 + 1)
        } else {
            #expect(text.hasPrefix("[\n  {\n    \"@type\": \"Status\",\n    \"id\": \"100\","))
            #expect(text.contains("]\n[\n  {\n    \"@type\": \"Status\",\n    \"id\": \"200\",\n    \"in_reply_to_id\": \"100\"\n  },"))
        }
        #expect(streamedFile == (try Tables.bytes(scratch.path(file))))
        #expect(streamed.stderr == whole.stderr && streamed.status == whole.status)
    }

    // MARK: Failing documents

    /// `--strict --keep-going` over three large documents, the second with a
    /// missing connection: it is not written (nor committed), the others are;
    /// exit status 1.
    @Test(arguments: ["ndjson", "sqlite"])
    func strictKeepGoingSkipsTheDocumentWithAMissingConnection(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.jsonAPISpec)
        let clean = Self.jsonAPIDocument(fillers: 4_500).replacingOccurrences(of: #""id": "ghost""#, with: #""id": "p2""#)
            .replacingOccurrences(of: #", {"type": "comments", "id": 404}"#, with: "")
            .replacingOccurrences(of: #", {"type": "comments", "id": \#(Self.bigNeighbour)}"#, with: "")
        let input = clean + "\n" + Self.jsonAPIDocument(fillers: 4_500) + "\n" + clean + "\n"
        try scratch.write("pages.ndjson", input)
        var arguments = ["apply", "spec.json", "pages.ndjson", "--strict", "--keep-going", "--format", format]
        if format == "sqlite" { arguments += ["-o", "out.db"] }
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
        if format == "sqlite" { try FileManager.default.moveItem(atPath: scratch.path("out.db"), toPath: scratch.path("streamed.db")) }
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        #expect(streamed.status == 1)
        #expect(streamed.stderr == Self.jsonAPIWarnings("pages.ndjson", suffix: " (document 2)")
            + "pages.ndjson: $: error: 3 mapping warnings under --strict; the document is not written (document 2)\n")
        if format == "ndjson" {
            let lines = streamed.stdout.split(separator: "\n")
            #expect(lines.count == 2 * (4_503 + 7))
            #expect(lines[2] == #"{"@type":"Article","id":"a2","title":"t2","authorId":"p2","author":{"@type":"Person","id":"p2","name":"Grace","friendId":"p1"}}"#)
        } else {
            let db = scratch.path("streamed.db")
            #expect(try Tables.query(db, #"SELECT count(*) FROM "Article""#) == [[.integer(2 * 4_503)]])
            #expect(try Tables.query(db, #"SELECT count(*) FROM "Article_comments""#) == [[.integer(2 * 4)]])
            #expect(try Self.dump(db) == Self.dump(scratch.path("out.db")))
        }
        #expect(streamed.stdout == whole.stdout && streamed.stderr == whole.stderr && streamed.status == whole.status)
    }

    /// A `fail` validation late in a large document, and a truncated one: the
    /// document writes nothing (its connections are never half written), the
    /// next is mapped (`--keep-going`), as when read whole.
    @Test func failValidationAndTruncationWriteNothingOfTheDocument() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "", "root-map-ref": "status", "mappers": [{"id": "status", "target": "Status",
              "attributes": ["id", "in_reply_to_id"],
              "validations": [{"attribute": "id", "predicate": "SELF != 'd1-3999'", "onFailure": "fail", "message": "status d1-3999 is banned"}],
              "connections": [{"relationship": "inReplyTo", "sourceAttribute": "in_reply_to_id", "target": "Status", "targetAttribute": "id"}]}]}
            """)
        let document = Self.timeline(document: 1)
        let input = document + "\n" + String(Self.timeline(document: 3).dropLast(200)) + "\n" + #"[{"id": "ok", "in_reply_to_id": "ok"}]"# + "\n"
        try scratch.write("in.ndjson", input)
        let runs = try Self.both(["apply", "spec.json", "in.ndjson", "--format", "ndjson", "--keep-going"], in: scratch)
        #expect(runs.streamed.status == 1)
        #expect(runs.streamed.stdout == #"{"@type":"Status","id":"ok","in_reply_to_id":"ok","inReplyTo":{"@type":"Status","id":"ok","in_reply_to_id":"ok"}}"# + "\n")
        #expect(runs.streamed.stderr.hasPrefix("""
            in.ndjson: $[4004]: warning: status d1-3999 is banned; the document fails [mapper status, attribute id]
            in.ndjson: $[4004]: error: status d1-3999 is banned [mapper status, attribute id]
            in.ndjson:2:
            """))
        Self.expectSame(runs)
    }

    /// `--max-records` stopping a streamed document is the one documented
    /// difference: the error names `$` rather than the record's path.
    @Test func recordLimitNamesTheDocument() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.timelineSpec)
        try scratch.write("home.json", Self.timeline(document: 1))
        let runs = try Self.both(["apply", "spec.json", "home.json", "--format", "ndjson", "--max-records", "1000"], in: scratch)
        #expect(runs.streamed.status == 1 && runs.whole.status == 1)
        #expect(runs.streamed.stdout.isEmpty && runs.whole.stdout.isEmpty)
        let message = "error: the document makes more than 1,000 records; stopped (raise the limit with --max-records N)\n"
        #expect(runs.streamed.stderr == "home.json: $: " + message)
        #expect(runs.whole.stderr == "home.json: $[999]: " + message)
    }

    // MARK: Longer than the lookahead

    /// A document longer than the splitter's lookahead (8 MiB) is written as it
    /// is read without connections; with them its records are held to its end,
    /// connected (to a later record too), and a syntax error at the very end
    /// writes nothing.
    @Test func aDocumentLongerThanTheLookahead() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.timelineSpec)
        let text = String(repeating: "x", count: 9_000)
        let statuses = (0..<1_000).map { i in #"{"id": "\#(i)", "in_reply_to_id": "\#((i + 1) % 1_000)", "content": "\#(text)"}"# }
        let document = "[" + statuses.joined(separator: ",") + "]"
        #expect(document.utf8.count > 8 << 20)
        try scratch.write("long.json", document)
        try scratch.write("broken.json", String(document.dropLast()) + ",]")
        let runs = try Self.both(["apply", "spec.json", "long.json", "--format", "ndjson"], in: scratch)
        let lines = runs.streamed.stdout.split(separator: "\n")
        #expect(lines.count == 1_000)
        #expect(lines.first == #"{"@type":"Status","id":"0","in_reply_to_id":"1","inReplyTo":{"@type":"Status","id":"1","in_reply_to_id":"2"}}"#)
        #expect(lines.last == #"{"@type":"Status","id":"999","in_reply_to_id":"0","inReplyTo":{"@type":"Status","id":"0","in_reply_to_id":"1"}}"#)
        #expect(runs.streamed.status == 0 && runs.streamed.stderr.isEmpty)
        Self.expectSame(runs)
        let broken = try Self.both(["apply", "spec.json", "broken.json", "--format", "ndjson"], in: scratch)
        #expect(broken.streamed.status == 1 && broken.streamed.stdout.isEmpty)
        #expect(broken.streamed.stderr.hasPrefix("broken.json:1:\(document.utf8.count + 1): error: "))
        Self.expectSame(broken)
    }

    /// Twitter API v2 sends ids as strings; a spec that types the user's
    /// `id` as `int` but not the tweet's `author_id` finds no author (§3.4:
    /// `"1"` is not `1`). The warning says a User has the id as a number and
    /// how to fix it, streamed (2 MB) and whole alike.
    @Test func aConnectionOfAStringToANumberSaysSo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "resp", "mappers": [
              {"id": "resp", "target": "Response", "relationships": [{"from": "data", "to": "tweets", "map-ref": "tweet", "many": true},
                                                                   {"from": "includes.users", "to": "users", "map-ref": "user", "many": true}]},
              {"id": "tweet", "target": "Tweet", "attributes": {"id": "id", "author_id": "authorId"},
               "connections": [{"relationship": "author", "sourceAttribute": "authorId", "target": "User", "targetAttribute": "id"}]},
              {"id": "user", "target": "User", "attributes": ["id", "username"], "types": {"id": "int"}}]}
            """#)
        let filler = String(repeating: "x", count: 2_000_000)
        try scratch.write("in.json", #"{"data": [{"id": "1", "author_id": "2244994945"}, {"id": "2", "author_id": "7"}], "#
            + #""includes": {"users": [{"id": "2244994945", "username": "TwitterDev"}]}, "padding": "\#(filler)"}"#)
        let runs = try Self.both(["apply", "spec.json", "in.json", "--format", "ndjson"], in: scratch)
        Self.expectSame(runs)
        #expect(runs.streamed.status == 0)
        #expect(runs.streamed.stderr == """
            in.json: $.data[0]: warning: connection 'author': no User with id = "2244994945" in the document; the value is left out \
            (a User has id = the number 2244994945: a number and a string never match; give both attributes one type in "types") \
            [mapper tweet, attribute author]
            in.json: $.data[1]: warning: connection 'author': no User with id = "7" in the document; the value is left out [mapper tweet, attribute author]

            """, "\(runs.streamed.stderr)")
    }

    /// A connection's target that the output cannot store (an entity whose
    /// identification is `null`) is held with its note before it: looking
    /// its connected value up read the note's bytes as the record's, and a
    /// streamed document reported "no User with id = 1" for a User that has
    /// it. Streamed and whole now give only the identity error, and a
    /// connection that finds nothing is reported at its record.
    @Test func aNotedTargetIsFoundByItsValue() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "relationships": [{"from": "users", "to": "users", "map-ref": "u", "many": true},
                                                               {"from": "posts", "to": "posts", "map-ref": "p", "many": true}]},
              {"id": "u", "target": "User", "entity": true, "identification": ["uid"], "attributes": ["uid", "id", "name"]},
              {"id": "p", "target": "Post", "attributes": ["id", "authorId"],
               "connections": [{"relationship": "author", "sourceAttribute": "authorId", "target": "User", "targetAttribute": "id"}]}]}
            """#)
        try scratch.write("in.json", #"{"users": [{"uid": null, "id": 1, "name": "a"}, {"uid": "x", "id": 2}], "posts": [{"id": 10, "authorId": 1}, {"id": 11, "authorId": 3}]}"#)
        for environment in PipelineThresholds.both {
            let sqlite = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "-o", "out.db"], directory: scratch.url, environment: environment)
            #expect(sqlite.status == 1)
            #expect(sqlite.stderr == """
                in.json: $.posts[1]: warning: connection 'author': no User with id = 3 in the document; the value is left out [mapper p, attribute author]
                in.json: $.users[0]: error: the User record's identification attribute 'uid' is null, so SQLite output cannot store it \
                (User rows are keyed by it); fix the input, or leave such records out with a validation \
                {"attribute": "uid", "predicate": "SELF != nil", "onFailure": "reject"} [mapper u, attribute uid]
                error: the database 'out.db' was not created because a document failed

                """, "\(sqlite.stderr)")
            let json = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--compact"], directory: scratch.url, environment: environment)
            #expect(json.status == 0)
            #expect(json.stdout.contains(#"{"@type":"Post","id":10,"authorId":1,"author":{"@type":"User","uid":null,"id":1,"name":"a"}}"#))
        }
    }
}
