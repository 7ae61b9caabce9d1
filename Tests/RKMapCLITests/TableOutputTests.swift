import Foundation
import Testing
@testable import RKMap

/// `rkmap apply --format sqlite -o FILE` end to end (issue 4; docs/spec.md §3.4, §7,
/// §10.4): the built binary writes the database, the test reads it back with SQL.
/// Every expected row is written by hand from the input files.
@Suite struct TableOutputTests {
    // MARK: Seed Example 5

    static let example5Spec = Tables.repository("specs/example5-multiple-roots.json")
    static let example5Input = Tables.repository("fixtures/examples/example5-multiple-roots.input.json")
    static let title = SQLiteValue.text("RestKit Object Mapping Intro")

    @Test func example5LandsAsArticlesAuthorsAndALinkTableThatAJoinReadsBack() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("example5.db")
        let r = try Tables.applySQLite(spec: Self.example5Spec, [Self.example5Input], database: db)
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r)")

        // The connection authorIds -> Author.authorId, read back as a join.
        #expect(try Tables.query(db, """
            SELECT a."title", au."name", au."email", l."position"
            FROM "Article" a
            JOIN "Article_authors" l ON l."parent_title" = a."title"
            JOIN "Author" au ON au."authorId" = l."child_authorId"
            ORDER BY l."position"
            """) == [
            [Self.title, .text("Blake Watters"), .text("blake@gmail.com"), .integer(0)],
            [Self.title, .text("Bob Spryn"), .text("bob@gmail.com"), .integer(1)],
        ])
        // The date is converted (M/d/yyyy -> ISO 8601 UTC); the untyped array is JSON text.
        #expect(try Tables.query(db, #"SELECT "title", "body", "authorIds", "publicationDate" FROM "Article""#) == [
            [Self.title, .text("This article details how to use RestKit object mapping..."), .text("[13,15]"),
             .text("2011-07-04T00:00:00Z")],
        ])
        #expect(try Tables.query(db, #"SELECT "authorId", "name", "email" FROM "Author" ORDER BY 1"#) == [
            [.integer(13), .text("Blake Watters"), .text("blake@gmail.com")],
            [.integer(15), .text("Bob Spryn"), .text("bob@gmail.com")],
        ])
        #expect(try Tables.query(db, "PRAGMA foreign_key_check").isEmpty)
    }

    @Test func example5MappedTwiceKeepsOneRowPerIdentityAndTheSameLinks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("example5.db")
        for _ in 0..<2 {
            let r = try Tables.applySQLite(spec: Self.example5Spec, [Self.example5Input], database: db)
            #expect(r.status == 0, "\(r)")
        }
        #expect(try Tables.query(db, #"SELECT count(*) FROM "Article""#) == [[.integer(1)]])
        #expect(try Tables.query(db, #"SELECT count(*) FROM "Author""#) == [[.integer(2)]])
        #expect(try Tables.query(db, #"SELECT "parent_title", "child_authorId", "position" FROM "Article_authors" ORDER BY 3"#) == [
            [Self.title, .integer(13), .integer(0)],
            [Self.title, .integer(15), .integer(1)],
        ])
    }

    /// The schema `sqlite3 FILE .schema` shows, pinned (docs/spec.md §10.4): created
    /// up front from the spec in spec order, keys from identification, a date
    /// TEXT, untyped attributes without a declared type so each value keeps its
    /// JSON kind's storage class losslessly, the connection `authors` as both a
    /// to-one column and a link table (its source value decides which), and an
    /// index on every foreign-key column and the link table's child key.
    static let example5Schema = [
        #"CREATE TABLE "Article" ("title" NOT NULL, "body", "authorIds", "publicationDate" TEXT, "authors" REFERENCES "Author" ("authorId"), PRIMARY KEY ("title"))"#,
        #"CREATE TABLE "Author" ("authorId" NOT NULL, "name", "email", PRIMARY KEY ("authorId"))"#,
        #"CREATE TABLE "Article_authors" ("parent_title" NOT NULL, "child_authorId" NOT NULL, "position" INTEGER NOT NULL, PRIMARY KEY ("parent_title", "position"), FOREIGN KEY ("parent_title") REFERENCES "Article" ("title"), FOREIGN KEY ("child_authorId") REFERENCES "Author" ("authorId"))"#,
        #"CREATE INDEX "Article(authors)" ON "Article" ("authors")"#,
        #"CREATE INDEX "Article_authors(child_authorId)" ON "Article_authors" ("child_authorId")"#,
    ]

    @Test func example5SchemaIsPinned() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("example5.db")
        try Tables.applySQLite(spec: Self.example5Spec, [Self.example5Input], database: db)
        let stored = try Tables.query(db, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        #expect(stored == Self.example5Schema.map { [.text($0)] })

        // The sqlite3 shell prints the same statements (newer shells add IF NOT EXISTS).
        guard let sqlite3 = Tables.which("sqlite3") else {
            print("SKIPPED: example5SchemaIsPinned: the sqlite3 shell is not installed; its '.schema' check is skipped")
            return
        }
        let shown = try Tables.runTool(sqlite3, [db, ".schema"])
            .replacingOccurrences(of: "CREATE TABLE IF NOT EXISTS ", with: "CREATE TABLE ")
            .replacingOccurrences(of: "CREATE INDEX IF NOT EXISTS ", with: "CREATE INDEX ")
        #expect(shown == Self.example5Schema.map { $0 + ";\n" }.joined())
    }

    // MARK: Upserts (docs/spec.md §7)

    /// The field report's two-level mapping: `{"id": 2587}` must not erase the
    /// user's name, and a partial nested city must not erase the city's name.
    @Test func aPartialPayloadChangesOnlyItsPresentFields() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("users.db")
        let spec = Tables.fixture("users.spec.json")
        func map(_ payload: String) throws {
            let r = try Tables.applySQLite(spec: spec, [Tables.fixture(payload)], database: db)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(payload): \(r)")
        }
        let users = #"SELECT "userId", "firstname", "lastname", "city", "location", "profession" FROM "User""#
        let cities = #"SELECT "cityId", "name" FROM "City""#

        try map("user-full.json")
        try map("user-full.json")
        // One row per identity (userId inferred from the id attribute); the
        // Location has no identity, so each run inserted one (docs/spec.md §7).
        #expect(try Tables.query(db, users) == [
            [.integer(2587), .text("Johnnie"), .text("Schaefer"), .integer(2), .integer(2), .integer(911)],
        ])
        #expect(try Tables.query(db, cities) == [[.integer(2), .text("New New-York")]])
        #expect(try Tables.query(db, #"SELECT "professionId", "name" FROM "Profession""#) == [[.integer(911), .text("Fireman")]])
        #expect(try Tables.query(db, #"SELECT "_id", "latitude", "longitude" FROM "Location" ORDER BY 1"#) == [
            [.integer(1), .real(40.773389), .real(-74.036196)],
            [.integer(2), .real(40.773389), .real(-74.036196)],
        ])

        try map("user-partial.json")
        #expect(try Tables.query(db, users) == [
            [.integer(2587), .text("Johnnie"), .text("Schaefer"), .integer(2), .integer(2), .integer(911)],
        ])

        try map("user-rename.json")
        #expect(try Tables.query(db, users) == [
            [.integer(2587), .text("Johnnie"), .text("Smith"), .integer(2), .integer(2), .integer(911)],
        ])
        #expect(try Tables.query(db, cities) == [[.integer(2), .text("New New-York")]])
    }

    @Test func aNullFieldClearsItsColumnAndAnAbsentOneKeepsIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("people.db")
        let spec = Tables.fixture("people.spec.json")
        try Tables.upsert(spec: spec, #"{"id": 1, "name": "Ann", "age": 30}"#, database: db)
        try Tables.upsert(spec: spec, #"{"id": 1, "name": null}"#, database: db)
        #expect(try Tables.query(db, #"SELECT "id", "name", "age" FROM "Person""#) == [[.integer(1), .null, .integer(30)]])
    }

    @Test func aStaleOrEqualModificationAttributeSkipsTheUpdateWhole() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("versions.db")
        let spec = Tables.fixture("versioned.spec.json")
        let doc = #"SELECT "id", "title", "version" FROM "Doc" ORDER BY 1"#
        let links = #"SELECT "parent_id", "child_name", "position" FROM "Doc_tags" ORDER BY 1, 3"#

        try Tables.upsert(spec: spec, #"{"id": 1, "title": "two", "version": 2, "tags": [{"name": "x"}]}"#, database: db)
        // Older: skipped with its relationships (no link to y, no row y).
        try Tables.upsert(spec: spec, #"{"id": 1, "title": "one", "version": 1, "tags": [{"name": "y"}]}"#, database: db)
        // Equal is not greater: skipped too.
        try Tables.upsert(spec: spec, #"{"id": 1, "title": "two again", "version": 2}"#, database: db)
        #expect(try Tables.query(db, doc) == [[.integer(1), .text("two"), .integer(2)]])
        #expect(try Tables.query(db, links) == [[.integer(1), .text("x"), .integer(0)]])
        #expect(try Tables.query(db, #"SELECT "name" FROM "Tag""#) == [[.text("x")]])

        // Newer: applied; a new identity is inserted whatever its version.
        try Tables.upsert(spec: spec, #"[{"id": 1, "title": "three", "version": 3, "tags": [{"name": "z"}]}, {"id": 2, "title": "new", "version": 1}]"#, database: db)
        #expect(try Tables.query(db, doc) == [[.integer(1), .text("three"), .integer(3)], [.integer(2), .text("new"), .integer(1)]])
        #expect(try Tables.query(db, links) == [[.integer(1), .text("z"), .integer(0)]])
    }

    /// An untyped version as Elasticsearch's `_version` may come, a string:
    /// one that spells a number compares as that number (docs/spec.md §7:
    /// `"10"` is newer than `"9"` and `9`, where text order put `"9"`
    /// after `"10"`), and a version that compares with nothing (a word
    /// against a number) refuses the record, naming both and the fix, and
    /// leaves the row as it was.
    @Test func aVersionThatSpellsANumberComparesAsThatNumber() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("hits.db")
        let spec = try scratch.write("spec.json", #"""
            {"keyPath": "hits", "mappers": [{"id": "hit", "target": "Hit", "entity": true, "identification": ["id"],
              "modificationAttribute": "version", "attributes": {"_id": "id", "_version": "version", "t": "t"}}]}
            """#)
        let row = #"SELECT "id", "version", "t" FROM "Hit""#
        // In one document: the later, older one is skipped.
        try Tables.upsert(spec: spec, #"{"hits": [{"_id": "b", "_version": "10", "t": "new"}, {"_id": "b", "_version": "9", "t": "old"}]}"#, database: db)
        #expect(try Tables.query(db, row) == [[.text("b"), .text("10"), .text("new")]])
        try Tables.upsert(spec: spec, #"{"hits": [{"_id": "b", "_version": 9, "t": "older"}]}"#, database: db)
        try Tables.upsert(spec: spec, #"{"hits": [{"_id": "b", "_version": 10.0, "t": "equal"}]}"#, database: db)
        #expect(try Tables.query(db, row) == [[.text("b"), .text("10"), .text("new")]])
        try Tables.upsert(spec: spec, #"{"hits": [{"_id": "b", "_version": 11, "t": "newest"}]}"#, database: db)
        #expect(try Tables.query(db, row) == [[.text("b"), .integer(11), .text("newest")]])
        let word = try scratch.write("word.json", #"{"hits": [{"_id": "b", "_version": "abc", "t": "word"}]}"#)
        let refused = try Tables.applySQLite(spec: spec, [word], database: db)
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(refused.stderr == """
            error: cannot tell whether the Hit record is newer than its stored row: its modificationAttribute 'version' is "abc" (text) \
            and the row's is 11 (a number); give 'version' one type in "types" (int, decimal or date) so that every version compares

            """, "\(refused.stderr)")
        #expect(try Tables.query(db, row) == [[.text("b"), .integer(11), .text("newest")]])
        // Under --keep-going that document alone fails, at its place.
        let next = try scratch.write("next.json", #"{"hits": [{"_id": "b", "_version": "12", "t": "next"}]}"#)
        let kept = try RKMapExecutable.run(["apply", spec, word, next, "--format", "sqlite", "-o", db, "--keep-going"])
        #expect(kept.status == 1)
        #expect(kept.stderr.hasPrefix("\(word): $: error: cannot tell whether the Hit record is newer"), "\(kept.stderr)")
        #expect(try Tables.query(db, row) == [[.text("b"), .text("12"), .text("next")]])
    }

    @Test func aDateModificationAttributeComparesInstants() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("dates.db")
        let spec = Tables.fixture("versioned-dates.spec.json")
        let doc = #"SELECT "title", "updatedAt" FROM "Doc""#
        try Tables.upsert(spec: spec, #"{"id": 1, "title": "a", "updatedAt": "2011-07-04T00:00:00Z"}"#, database: db)
        // 250 ms later: newer, although the stored text has no fraction.
        try Tables.upsert(spec: spec, #"{"id": 1, "title": "b", "updatedAt": "2011-07-04T00:00:00.250Z"}"#, database: db)
        // 02:00+02:00 is 00:00Z, before .250Z: stale.
        try Tables.upsert(spec: spec, #"{"id": 1, "title": "c", "updatedAt": "2011-07-04T02:00:00+02:00"}"#, database: db)
        #expect(try Tables.query(db, doc) == [[.text("b"), .text("2011-07-04T00:00:00.250Z")]])
        try Tables.upsert(spec: spec, #"{"id": 1, "title": "d", "updatedAt": "2012-01-01"}"#, database: db)
        #expect(try Tables.query(db, doc) == [[.text("d"), .text("2012-01-01T00:00:00Z")]])
    }

    /// A `null` version is not newer than a stored one (§7): the update is
    /// skipped whole, so the stored version is not erased and an older update
    /// after it is still skipped. An absent version says nothing: the update
    /// is written and the stored version kept (RestKit maps it). Over a
    /// `NULL` stored version, a `null` one is written as any update is.
    @Test func aNullVersionDoesNotEraseTheStoredOne() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("messages.db")
        let spec = try scratch.write("spec.json", #"""
            {"mappers": [{"id": "m", "target": "Message", "entity": true, "identification": ["id"],
              "modificationAttribute": "edited", "types": {"edited": "date"},
              "attributes": {"id": "id", "content": "content", "edited_timestamp": "edited"}}]}
            """#)
        let row = #"SELECT "content", "edited" FROM "Message""#
        try Tables.upsert(spec: spec, #"[{"id": "1", "content": "v2", "edited_timestamp": "2024-03-01T13:00:00.000000+00:00"}]"#, database: db)
        try Tables.upsert(spec: spec, #"[{"id": "1", "content": "never edited", "edited_timestamp": null}]"#, database: db)
        #expect(try Tables.query(db, row) == [[.text("v2"), .text("2024-03-01T13:00:00Z")]])
        try Tables.upsert(spec: spec, #"[{"id": "1", "content": "no version"}]"#, database: db)
        #expect(try Tables.query(db, row) == [[.text("no version"), .text("2024-03-01T13:00:00Z")]])
        // 08:00-04:00 is 12:00Z, before the stored 13:00Z.
        try Tables.upsert(spec: spec, #"[{"id": "1", "content": "older", "edited_timestamp": "2024-03-01T08:00:00.000000-04:00"}]"#, database: db)
        #expect(try Tables.query(db, row) == [[.text("no version"), .text("2024-03-01T13:00:00Z")]])
        // A row stored without a version takes a null one like any update.
        try Tables.upsert(spec: spec, #"[{"id": "2", "content": "a"}]"#, database: db)
        try Tables.upsert(spec: spec, #"[{"id": "2", "content": "b", "edited_timestamp": null}]"#, database: db)
        #expect(try Tables.query(db, #"SELECT "content", "edited" FROM "Message" WHERE "id" = '2'"#) == [[.text("b"), .null]])
    }
}
