import Foundation
import Testing
@testable import RKMap

/// "A whole run is one transaction: if anything fails, the database file is
/// left exactly as it was" (docs/spec.md §10.4), through the CLI: failing documents,
/// the multi-threaded pipeline, and a process killed mid-run.
extension TableOutputTests {
    static let peopleSpec = Tables.fixture("people.spec.json")
    static let basePeople: [[SQLiteValue]] = [
        [.integer(1), .text("Ann"), .integer(30)],
        [.integer(2), .text("Bob"), .integer(40)],
    ]

    /// A database holding `people-base.ndjson` (Ann and Bob).
    static func baseDatabase(in scratch: Scratch) throws -> String {
        let db = scratch.path("people.db")
        let r = try Tables.applySQLite(spec: peopleSpec, [Tables.fixture("people-base.ndjson")], database: db)
        #expect(r.status == 0, "\(r)")
        #expect(try Tables.query(db, #"SELECT "id", "name", "age" FROM "Person" ORDER BY 1"#) == basePeople)
        return db
    }

    /// Runs a failing input against the base database and expects exit 1, the
    /// document's diagnostic, and the file byte for byte as it was.
    func expectRollback(input: String, environment: [String: String?] = [:], diagnostic: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = try Self.baseDatabase(in: scratch)
        let before = try Tables.bytes(db)
        let r = try Tables.applySQLite(spec: Self.peopleSpec, [input], database: db, environment: environment)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains(diagnostic), "\(r)")
        #expect(r.stderr.hasSuffix("error: the database '\(db)' was left unchanged because a document failed\n"), "\(r)")
        #expect(try Tables.bytes(db) == before)
        #expect(!FileManager.default.fileExists(atPath: db + "-journal"))
    }

    @Test(arguments: ["0", nil] as [String?])
    func badJSONInTheSecondDocumentLeavesTheDatabaseByteIdentical(threshold: String?) throws {
        // The first document (an update of Ann) mapped fine; the second does not parse.
        try expectRollback(
            input: Tables.fixture("people-bad-json.ndjson"), environment: ["RKMAP_PIPELINE_THRESHOLD": threshold],
            diagnostic: "people-bad-json.ndjson:3:1: error: expected a value, found end of input")
    }

    @Test func aFailValidationLeavesTheDatabaseByteIdentical() throws {
        try expectRollback(
            input: Tables.fixture("people-fail-validation.ndjson"),
            diagnostic: "people-fail-validation.ndjson: $: error: age must not be negative (document 2) [mapper person, attribute age]")
    }

    /// 20,000 documents (or one array of 20,000 elements) through the
    /// pipeline, failing at the 15,001st: everything before it is rolled back too.
    @Test(arguments: [false, true])
    func aLargeInputFailingLateThroughThePipelineLeavesTheDatabaseByteIdentical(oneArray: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var lines: [String] = []
        for i in 0..<20_000 {
            if i == 15_000 {
                lines.append(oneArray ? #"{"id": 15000, "name": "bad", "age": -1}"# : #"{"id": 15000, "name" "bad"}"#)
            } else {
                lines.append(#"{"id": \#(i), "name": "n\#(i)", "age": \#(i % 90)}"#)
            }
        }
        let input = oneArray
            ? try scratch.write("big.json", "[" + lines.joined(separator: ",\n") + "]\n")
            : try scratch.write("big.ndjson", lines.joined(separator: "\n") + "\n")
        try expectRollback(
            input: input, environment: ["RKMAP_PIPELINE_THRESHOLD": "0"],
            diagnostic: oneArray
                ? "big.json: $[15000]: error: age must not be negative [mapper person, attribute age]"
                : "big.ndjson:15001:22: error: expected ':' after an object key, found '\"'")
    }

    @Test func aFailedRunLeavesNoDatabaseWhereThereWasNone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("new.db")
        let r = try Tables.applySQLite(spec: Self.peopleSpec, [Tables.fixture("people-bad-json.ndjson")], database: db)
        #expect(r.status == 1, "\(r)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndLeftAlone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = try scratch.write("notes.txt", "not a database\n")
        let r = try Tables.applySQLite(spec: Self.peopleSpec, [Tables.fixture("people-base.ndjson")], database: db)
        // Found when the database is opened, before anything is mapped.
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr == "error: cannot open the database '\(db)': file is not a database\n")
        #expect(try Tables.bytes(db) == Array("not a database\n".utf8))
    }

    /// SIGKILL in the middle of a large run: SQLite's rollback journal restores
    /// the previous contents when the file is next opened.
    @Test func aProcessKilledMidRunLeavesThePreviousContents() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = try Self.baseDatabase(in: scratch)
        let originalSize = Tables.size(db)
        var text = ""
        text.reserveCapacity(20_000_000)
        for i in 0..<300_000 {
            text += #"{"id": \#(i), "name": "a name long enough to fill pages \#(i)", "age": \#(i % 90)}"# + "\n"
        }
        let input = try scratch.write("huge.ndjson", text)

        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = ["apply", Self.peopleSpec, input, "--format", "sqlite", "-o", db]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the run is inside its transaction (the journal exists),
        // then until pages reach the file (or ~100 ms more), then kill it.
        let journal = db + "-journal"
        var waited = 0
        while !FileManager.default.fileExists(atPath: journal), process.isRunning, waited < 60_000 {
            usleep(10_000)
            waited += 10
        }
        var extra = 0
        while process.isRunning, extra < 100 || Tables.size(db) <= originalSize, waited < 60_000 {
            usleep(10_000)
            extra += 10
            waited += 10
        }
        let killed = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(killed && process.terminationReason == .uncaughtSignal, "rkmap ended before it could be killed")

        #expect(try Tables.query(db, #"SELECT "id", "name", "age" FROM "Person" ORDER BY 1"#) == Self.basePeople)
        #expect(try Tables.query(db, "PRAGMA integrity_check") == [[.text("ok")]])
        // And the database takes the next run normally.
        let r = try Tables.applySQLite(spec: Self.peopleSpec, [Tables.fixture("people-fail-validation.ndjson")], database: db)
        #expect(r.status == 1)
        #expect(try Tables.query(db, #"SELECT count(*) FROM "Person""#) == [[.integer(2)]])
    }

    /// Link rows are written many per INSERT; a row the database refuses in
    /// the middle of such a batch (here an existing link table's CHECK) fails
    /// the run with the same message as a one-row INSERT, naming that
    /// statement, and the database keeps its previous contents.
    @Test func aLinkRowRefusedInsideABatchFailsTheRunLikeASingleInsert() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("posts.spec.json", """
            {"root-map-ref": "post", "mappers": [
              {"id": "post", "target": "Post", "attributes": ["title"],
               "relationships": [{"from": "comments", "to": "comments", "map-ref": "comment", "many": true}]},
              {"id": "comment", "target": "Comment", "attributes": ["text"]}]}
            """)
        let db = scratch.path("posts.db")
        let setup = try SQLiteDatabase(path: db)
        try setup.execute("""
            CREATE TABLE "Post_comments" ("parent_id" INTEGER NOT NULL, "child_id" INTEGER NOT NULL,
              "position" INTEGER NOT NULL CHECK ("position" < 40), PRIMARY KEY ("parent_id", "position"))
            """)
        let before = try Tables.bytes(db)
        // 45 links: a full batch goes in, the refused row (position 40) is in the rest.
        let comments = (0..<45).map { #"{"text": "c\#($0)"}"# }.joined(separator: ", ")
        let input = try scratch.write("posts.ndjson", #"{"title": "t", "comments": [\#(comments)]}"# + "\n")
        let r = try Tables.applySQLite(spec: spec, [input], database: db)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr == """
            error: SQLite error 275: CHECK constraint failed: position \
            (in: INSERT INTO "Post_comments" ("parent_id", "child_id", "position") VALUES (?, ?, ?))

            """, "\(r)")
        #expect(try Tables.bytes(db) == before)
        #expect(!FileManager.default.fileExists(atPath: db + "-journal"))
    }
}
