import Foundation
import Testing
@testable import RKMap

/// Reusing a database (docs/spec.md §10.4): an existing column whose declared
/// type would make SQLite convert the values this spec writes there is an
/// error before anything is written, never a quietly changed value.
@Suite struct SQLiteColumnTypeTests {
    static let typedSpec = #"{"mappers": [{"id": "p", "target": "Place", "entity": true, "identification": ["id"], "attributes": ["id", "zip", "price"], "types": {"id": "int", "zip": "int", "price": "double"}}]}"#
    static let untypedSpec = #"{"mappers": [{"id": "p", "target": "Place", "entity": true, "identification": ["id"], "attributes": ["id", "zip", "price"], "types": {"id": "int", "price": "decimal"}}]}"#

    /// An earlier spec declared `zip` an int; this one leaves it untyped and
    /// the data has "02139": SQLite's INTEGER affinity would store 2139.
    @Test func aColumnAnEarlierSpecTypedDifferentlyIsAnError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("places.db")
        let typed = try scratch.write("typed.json", Self.typedSpec)
        let untyped = try scratch.write("untyped.json", Self.untypedSpec)
        try Tables.upsert(spec: typed, #"{"id": 1, "zip": 2139, "price": 1.5}"#, database: db)
        let before = try Tables.bytes(db)
        let r = try Tables.applySQLite(spec: untyped, ["-"], database: db, stdin: #"{"id": 2, "zip": "02139", "price": 0.10}"#)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "error: table Place exists with column 'zip' declared INTEGER, but the spec stores values of any kind there as they come (the attribute is untyped, decimal or any), "
            + #"which SQLite would convert on the way in (a string "02139" into an INTEGER column is stored as 2139); "#
            + #"write to a new file, drop the column or the table, or give the attribute the column's type in "types""# + "\n", "\(r)")
        #expect(try Tables.bytes(db) == before)
        #expect(try Tables.query(db, #"SELECT "id", "zip" FROM "Place""#) == [[.integer(1), .integer(2139)]])
    }

    /// A table made by another tool: `zip` NUMERIC (which converts "02139")
    /// and `price` REAL (which rounds a decimal) are refused, the first in
    /// column order named; untyped and BLOB columns take anything as it is.
    @Test func aTableMadeElsewhereIsCheckedColumnByColumn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let untyped = try scratch.write("untyped.json", Self.untypedSpec)
        for (columns, refused) in [
            (#""zip" NUMERIC, "price" BLOB"#, "'zip' declared NUMERIC"),
            (#""zip", "price" REAL"#, "'price' declared REAL, but the spec stores values of any kind there"),
            (#""zip" VARCHAR(5), "price""#, "'zip' declared VARCHAR(5)"),
        ] {
            let db = scratch.path("made-\(UUID().uuidString).db")
            let database = try SQLiteDatabase(path: db)
            try database.execute(#"CREATE TABLE "Place" ("id" INTEGER NOT NULL, \#(columns), PRIMARY KEY ("id"))"#)
            let r = try Tables.applySQLite(spec: untyped, ["-"], database: db, stdin: #"{"id": 2, "zip": "02139", "price": 0.10}"#)
            #expect(r.status == 1, "\(columns): \(r)")
            #expect(r.stderr.contains("table Place exists with column \(refused)"), "\(columns): \(r.stderr)")
            #expect(try Tables.query(db, #"SELECT count(*) FROM "Place""#) == [[.integer(0)]])
        }
        // Without affinity, every value is kept as written.
        let db = scratch.path("blob.db")
        let database = try SQLiteDatabase(path: db)
        try database.execute(#"CREATE TABLE "Place" ("id" INTEGER NOT NULL, "zip", "price" BLOB, PRIMARY KEY ("id"))"#)
        let r = try Tables.applySQLite(spec: untyped, ["-"], database: db, stdin: #"{"id": 2, "zip": "02139", "price": 0.10}"#)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(try Tables.query(db, #"SELECT typeof("zip"), "zip", typeof("price"), "price" FROM "Place""#)
            == [[.text("text"), .text("02139"), .text("real"), .real(0.1)]])
    }

    /// The same spec again, and a typed column reused by a spec of the same
    /// type, extend the database as before.
    @Test func columnsOfTheSameTypeAreReused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("places.db")
        let typed = try scratch.write("typed.json", Self.typedSpec)
        try Tables.upsert(spec: typed, #"{"id": 1, "zip": 2139, "price": 1.5}"#, database: db)
        try Tables.upsert(spec: typed, #"{"id": 2, "zip": 10001, "price": 2}"#, database: db)
        #expect(try Tables.query(db, #"SELECT "id", "zip", typeof("price") FROM "Place" ORDER BY 1"#)
            == [[.integer(1), .integer(2139), .text("real")], [.integer(2), .integer(10001), .text("real")]])
    }

    /// A link table made elsewhere whose child key column is INTEGER, for
    /// string keys: "0123" would be stored as 123 and the links would no
    /// longer join their rows.
    @Test func linkTableColumnsAreCheckedToo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("books.json", #"""
            {"root-map-ref": "author", "mappers": [
              {"id": "author", "target": "Author", "entity": true, "identification": ["id"], "attributes": ["id"], "types": {"id": "int"},
               "relationships": [{"from": "books", "to": "books", "map-ref": "book", "many": true}]},
              {"id": "book", "target": "Book", "entity": true, "identification": ["isbn"], "attributes": ["isbn"], "types": {"isbn": "string"}}]}
            """#)
        let db = scratch.path("links.db")
        let database = try SQLiteDatabase(path: db)
        try database.execute(#"CREATE TABLE "Author_books" ("parent_id" INTEGER NOT NULL, "child_isbn" INTEGER NOT NULL, "position" INTEGER NOT NULL, PRIMARY KEY ("parent_id", "position"))"#)
        let before = try Tables.bytes(db)
        let r = try Tables.applySQLite(spec: spec, ["-"], database: db, stdin: #"{"id": 1, "books": [{"isbn": "0123"}]}"#)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.hasPrefix("error: table Author_books exists with column 'child_isbn' declared INTEGER, but the spec stores text values there"), "\(r.stderr)")
        #expect(try Tables.bytes(db) == before)
    }

    static let articleSpec = #"""
        {"root-map-ref": "a", "mappers": [
          {"id": "a", "target": "Article", "attributes": ["title", "n"], "types": {"n": "double"},
           "relationships": [{"from": "tags", "to": "tags", "map-ref": "t", "many": true}]},
          {"id": "t", "target": "Tag", "attributes": ["name"]}]}
        """#
    static let article = #"{"title": "x", "n": 2.0, "tags": [{"name": "a"}, {"name": "b"}]}"#

    /// Records without identity are keyed by SQLite's row id, which their
    /// links hold: an existing table whose `_id` is not the row id gave every
    /// row a NULL `_id` and links that joined nothing, with exit status 0.
    @Test func aTableWhoseIdIsNotTheRowIDIsAnError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("articles.json", Self.articleSpec)
        for (table, declared) in [
            (#""_id" TEXT PRIMARY KEY, "title", "n""#, "TEXT"),
            (#""_id" INT PRIMARY KEY, "title", "n""#, "INT"),
            (#""_id" INTEGER PRIMARY KEY, "title", "n") WITHOUT ROWID; SELECT (1"#, "INTEGER"),
            (#""_id" INTEGER PRIMARY KEY DESC, "title", "n""#, "INTEGER"),
        ] {
            let db = scratch.path("made-\(UUID().uuidString).db")
            let database = try SQLiteDatabase(path: db)
            try database.execute(#"CREATE TABLE "Article" (\#(table))"#)
            let before = try Tables.bytes(db)
            let r = try Tables.applySQLite(spec: spec, ["-"], database: db, stdin: Self.article)
            #expect(r.status == 1, "\(table): \(r)")
            #expect(r.stderr == "error: table Article exists with column '_id' declared \(declared), which is not SQLite's row id "
                + #"(only "_id" INTEGER PRIMARY KEY, in a table with row ids, is); its records have no identity and are keyed by the row id, "#
                + "so their rows would get no '_id' and their links would join nothing; write to a new file or drop the table\n", "\(table): \(r.stderr)")
            #expect(try Tables.bytes(db) == before, "\(table)")
        }
        // The row id spelled another way is the row id: reused, and the links join.
        let db = scratch.path("alias.db")
        let database = try SQLiteDatabase(path: db)
        try database.execute(#"CREATE TABLE "Article" ("_ID" integer, "title", "n", PRIMARY KEY ("_ID"))"#)
        try Tables.upsert(spec: spec, Self.article, database: db)
        #expect(try Tables.query(db, #"SELECT a."_id", a."title", t."name" FROM "Article" a JOIN "Article_tags" l ON l."parent_id" = a."_id" JOIN "Tag" t ON t."_id" = l."child_id" ORDER BY l."position""#)
            == [[.integer(1), .text("x"), .text("a")], [.integer(1), .text("x"), .text("b")]])
    }

    /// An existing column without a type takes each value as a column of
    /// the attribute's type would: a `double` 2.0 was stored as the INTEGER 2
    /// (a new database holds the REAL 2.0).
    @Test func anUntypedColumnTakesValuesAsTheAttributesTypeWould() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("articles.json", Self.articleSpec)
        let made = scratch.path("made.db")
        let database = try SQLiteDatabase(path: made)
        try database.execute(#"CREATE TABLE "Article" ("_id" INTEGER PRIMARY KEY, "title", "N")"#)
        let new = scratch.path("new.db")
        for db in [made, new] {
            try Tables.upsert(spec: spec, Self.article, database: db)
            #expect(try Tables.query(db, #"SELECT "title", typeof("n"), "n" FROM "Article""#) == [[.text("x"), .text("real"), .real(2)]], "\(db)")
        }
    }

    /// SQLite's column names ignore ASCII case: a key column `ID` is the
    /// spec's `id` (it was refused as another primary key).
    @Test func keyColumnsDifferingInCaseAreTheSameKey() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let typed = try scratch.write("typed.json", Self.typedSpec)
        let db = scratch.path("places.db")
        let database = try SQLiteDatabase(path: db)
        try database.execute(#"CREATE TABLE "Place" ("ID" INTEGER NOT NULL, "ZIP" INTEGER, "Price" REAL, PRIMARY KEY ("ID"))"#)
        try Tables.upsert(spec: typed, #"{"id": 1, "zip": 2139, "price": 1.5}"#, database: db)
        try Tables.upsert(spec: typed, #"{"id": 1, "zip": 10001, "price": 2}"#, database: db)
        #expect(try Tables.query(db, #"SELECT "id", "zip", "price" FROM "Place""#) == [[.integer(1), .integer(10001), .real(2)]])
        // Another key is still another key.
        let other = try scratch.write("other.json", Self.typedSpec.replacingOccurrences(of: #""identification": ["id"]"#, with: #""identification": ["zip"]"#))
        let r = try Tables.applySQLite(spec: other, ["-"], database: db, stdin: #"{"id": 2, "zip": 3, "price": 1}"#)
        #expect(r.status == 1 && r.stderr == "error: table Place exists with primary key (ID) but the spec identifies it by (zip); write to a new file or drop the table\n", "\(r)")
    }

    /// A table of more columns than SQLite allows (2,000 by default) is
    /// refused before anything is written, in one readable line: SQLite's
    /// own error quoted the CREATE TABLE of every column. So is a reused
    /// table that the spec's new columns would take past the limit.
    @Test func aTableOfTooManyColumnsIsRefusedReadably() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        func spec(_ n: Int) throws -> String {
            try scratch.write("spec\(n).json", #"{"mappers": [{"id": "m", "target": "T", "attributes": [\#((0..<n).map { "\"k\($0)\"" }.joined(separator: ", "))]}]}"#)
        }
        let db = scratch.path("wide.db")
        try Tables.upsert(spec: try spec(1_999), #"{"k0": 1}"#, database: db)  // with _id, 2,000
        let before = try Tables.bytes(db)
        let r = try Tables.applySQLite(spec: try spec(2_000), ["-"], database: db, stdin: #"{"k0": 2}"#)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr == "error: table T would have 2001 columns, but SQLite allows at most 2000 in a table; "
            + "map fewer attributes of this type, split them over several mappers with other target types, "
            + "or store a group of them as one JSON column (a destination without dots, from a key path to their object)\n", "\(r.stderr.prefix(400))")
        #expect(try Tables.bytes(db) == before)
        let new = scratch.path("new.db")
        let fresh = try Tables.applySQLite(spec: try spec(5_000), ["-"], database: new, stdin: #"{"k0": 2}"#)
        #expect(fresh.status == 1 && fresh.stderr.hasPrefix("error: table T would have 5001 columns, but SQLite allows at most 2000"), "\(fresh.stderr.prefix(400))")
        #expect(!FileManager.default.fileExists(atPath: new))
    }

    /// SQLite's own errors quote the statement, cut when it is long.
    @Test func aLongStatementIsCutInAnError() {
        let sql = "CREATE TABLE \"T\" (" + (0..<1_000).map { "\"k\($0)\"" }.joined(separator: ", ") + ")"
        let error = SQLiteError(code: ResultCode(rawValue: 1), message: "too many columns on T", sql: sql)
        #expect(error.description == "SQLite error 1: too many columns on T (in: \(sql.prefix(240)) … (\(sql.count - 240) more characters))")
        let short = SQLiteError(code: ResultCode(rawValue: 19), message: "UNIQUE constraint failed: T.id", sql: "INSERT INTO T VALUES (1)")
        #expect(short.description == "SQLite error 19: UNIQUE constraint failed: T.id (in: INSERT INTO T VALUES (1))")
    }

    /// SQLite's affinity rules (https://sqlite.org/datatype3.html §3.1), in order.
    @Test func affinityDecidesWhatIsStoredUnchanged() {
        let cases: [(String, integer: Bool, real: Bool, text: Bool, none: Bool)] = [
            ("", true, true, true, true),
            ("BLOB", true, true, true, true),
            ("INTEGER", true, false, false, false),
            ("BIGINT", true, false, false, false),
            ("FLOATING POINT", true, false, false, false),  // "INT" wins (rule 1)
            ("TEXT", false, false, true, false),
            ("VARCHAR(255)", false, false, true, false),
            ("CHARINT", true, false, false, false),          // rule 1 before rule 2
            ("CLOB", false, false, true, false),
            ("REAL", false, true, false, false),
            ("DOUBLE PRECISION", false, true, false, false),
            ("FLOAT", false, true, false, false),
            ("NUMERIC", true, false, false, false),
            ("DECIMAL(10,5)", true, false, false, false),
            ("BOOLEAN", true, false, false, false),
            ("DATETIME", true, false, false, false),
            ("STRING", true, false, false, false),           // NUMERIC affinity, not TEXT
            ("\u{FB02}oat", true, false, false, false),       // SQLite folds ASCII only: "ﬂoat" is not FLOAT
        ]
        for (declared, integer, real, text, none) in cases {
            #expect(SQLColumnType.integer.isStoredUnchanged(inColumnDeclared: declared) == integer, "\(declared)")
            #expect(SQLColumnType.real.isStoredUnchanged(inColumnDeclared: declared) == real, "\(declared)")
            #expect(SQLColumnType.text.isStoredUnchanged(inColumnDeclared: declared) == text, "\(declared)")
            #expect(SQLColumnType.none.isStoredUnchanged(inColumnDeclared: declared) == none, "\(declared)")
            #expect(SQLColumnType.text.isStoredUnchanged(inColumnDeclared: declared.lowercased()) == text, "\(declared) in lower case")
        }
    }
}
