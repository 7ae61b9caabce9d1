import Foundation
import Testing
@testable import RKMap

/// SPEC 1.1 §10.4 through the binary, read back with the `sqlite3` shell:
/// polymorphic relationships (`RELATIONSHIP_type`, `child_type`), lossless
/// numbers, names SQLite cannot keep apart, `linkTable`, and the schema
/// created up front.
extension TableOutputTests {
    static let sqlite3 = Tables.which("sqlite3")

    /// `sqlite3 DB SQL`: rows as `a|b` lines.
    static func shell(_ db: String, _ sql: String) throws -> [String] {
        try Tables.runTool(try #require(sqlite3), [db, sql]).split(separator: "\n").map(String.init)
    }

    static func writeSpec(_ scratch: Scratch, _ name: String, _ text: String) throws -> String {
        try scratch.write(name, text)
    }

    @Test(.enabled(if: sqlite3 != nil, "sqlite3 is not installed: the polymorphic-relationship checks are skipped"))
    func aPolymorphicRelationshipStoresEachChildsTypeAndJoinsByKeyAndType() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("features.db")
        let r = try Tables.applySQLite(
            spec: Tables.fixture("polymorphic.spec.json"), [Tables.fixture("polymorphic.input.json")], database: db)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        // Feature 1's Point and feature 2's Polygon both have key 1: the type tells them apart.
        #expect(try Self.shell(db, #"SELECT "id", "geometry", "geometry_type" FROM "Feature" ORDER BY 1"#) == ["1|1|Point", "2|1|Polygon"])
        #expect(try Self.shell(db, #"""
            SELECT f."id", p."coordinates" FROM "Feature" f
            JOIN "Point" p ON p."_id" = f."geometry" AND f."geometry_type" = 'Point' ORDER BY 1
            """#) == ["1|[1,2]"])
        #expect(try Self.shell(db, #"""
            SELECT f."id", g."coordinates" FROM "Feature" f
            JOIN "Polygon" g ON g."id" = f."geometry" AND f."geometry_type" = 'Polygon' ORDER BY 1
            """#) == ["2|[[1,1]]"])
        // The link table: each child's key and type; a join on both returns only that type's rows.
        #expect(try Self.shell(db, #"SELECT * FROM "Feature_parts" ORDER BY 1, 3"#) == ["1|10|0|Polygon", "1|2|1|Point", "2|3|0|Point"])
        #expect(try Self.shell(db, #"""
            SELECT l."parent_id", l."position", p."coordinates" FROM "Feature_parts" l
            JOIN "Point" p ON p."_id" = l."child_id" AND l."child_type" = 'Point' ORDER BY 1, 2
            """#) == ["1|1|[3,3]", "2|0|[5,5]"])
        #expect(try Self.shell(db, #"""
            SELECT l."parent_id", g."id" FROM "Feature_parts" l
            JOIN "Polygon" g ON g."id" = l."child_id" AND l."child_type" = 'Polygon'
            """#) == ["1|10"])
        // No REFERENCES names a single child table, and SQLite's own check passes.
        let schema = try Self.shell(db, #"SELECT sql FROM sqlite_master WHERE name IN ('Feature', 'Feature_parts') ORDER BY name"#)
        #expect(schema == [
            #"CREATE TABLE "Feature" ("id" NOT NULL, "name", "geometry", "geometry_type" TEXT, PRIMARY KEY ("id"))"#,
            #"CREATE TABLE "Feature_parts" ("parent_id" NOT NULL, "child_id" NOT NULL, "position" INTEGER NOT NULL, "child_type" TEXT NOT NULL, PRIMARY KEY ("parent_id", "position"), FOREIGN KEY ("parent_id") REFERENCES "Feature" ("id"))"#,
        ])
        #expect(try Self.shell(db, "PRAGMA foreign_key_check") == [])

        // `replace`: feature 1's parts become one new Polygon; the lost Polygon 10
        // and the lost Point are deleted from their own tables, feature 2's Point stays.
        try Tables.upsert(
            spec: Tables.fixture("polymorphic.spec.json"),
            #"{"features": [{"id": 1, "parts": [{"type": "Polygon", "id": 12, "coordinates": []}]}]}"#, database: db)
        #expect(try Self.shell(db, #"SELECT * FROM "Feature_parts" ORDER BY 1, 3"#) == ["1|12|0|Polygon", "2|3|0|Point"])
        #expect(try Self.shell(db, #"SELECT "id" FROM "Polygon" ORDER BY 1"#) == ["1", "12"])
        #expect(try Self.shell(db, #"SELECT "_id", "coordinates" FROM "Point" ORDER BY 1"#) == ["1|[1,2]", "3|[5,5]"])
        #expect(try Self.shell(db, "PRAGMA foreign_key_check") == [])
    }

    @Test(.enabled(if: sqlite3 != nil, "sqlite3 is not installed: the lossless-number checks are skipped"))
    func numbersAreStoredWithoutLoss() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("numbers.db")
        let spec = try scratch.write("numbers.json", #"""
            {"mappers": [{"id": "n", "target": "N", "attributes": ["k", "v", "d", "r"], "types": {"d": "decimal", "r": "double"}}]}
            """#)
        // `r` (declared double) only where the double is finite and converts.
        let input = """
            {"k": 0, "v": 12345678901234567890, "d": 12345678901234567890}
            {"k": 1, "v": 1e400, "d": 1e400}
            {"k": 2, "v": 1e-400, "d": 1e-400}
            {"k": 3, "v": 0.1000000000000000055511, "d": 0.1000000000000000055511}
            {"k": 4, "v": 9223372036854775807, "d": 9223372036854775807, "r": 9223372036854775807}
            {"k": 5, "v": -12, "d": -12, "r": -12}
            {"k": 6, "v": 0.1, "d": 0.1, "r": 0.1}
            {"k": 7, "v": 1.50, "d": 1.50, "r": 1.50}
            {"k": 8, "v": 1e5, "d": 1e5, "r": 1e5}
            {"k": 9, "v": 123456789012.345678, "d": 123456789012.345678, "r": 123456789012.345678}
            """
        let r = try Tables.applySQLite(spec: spec, ["-"], database: db, stdin: input)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let rows = try Self.shell(db, #"SELECT typeof("v"), "v", typeof("d"), "d", typeof("r"), "r" FROM "N" ORDER BY "k""#)
        #expect(rows == [
            "text|12345678901234567890|text|12345678901234567890|null|",
            "text|1e400|text|1e400|null|",
            "text|1e-400|text|1e-400|null|",
            "text|0.1000000000000000055511|text|0.1000000000000000055511|null|",
            "integer|9223372036854775807|integer|9223372036854775807|real|9.22337203685478e+18",
            "integer|-12|integer|-12|real|-12.0",
            "real|0.1|real|0.1|real|0.1",
            "real|1.5|real|1.5|real|1.5",
            "real|100000.0|real|100000.0|real|100000.0",
            "text|123456789012.345678|text|123456789012.345678|real|123456789012.346",
        ])
    }

    @Test func typesOrAttributesDifferingOnlyInCaseAreRefusedUpFront() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("case.json", """
            {"mappers": [
              {"id": "u1", "target": "User", "attributes": ["Name", "name"]},
              {"id": "u2", "target": "user", "attributes": ["id"]}],
             "descriptors": [{"keyPath": "a", "root-map-ref": "u1"}, {"keyPath": "b", "root-map-ref": "u2"}]}
            """)
        let db = scratch.path("case.db")
        let r = try Tables.applySQLite(spec: spec, ["-"], database: db, stdin: #"{"a": []}"#)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == """
            \(spec):2:57: error: SQLite column names 'Name' and 'name' in table 'User' are one name to SQLite, which ignores case: attribute 'Name' of mapper 'u1' at line 2 and attribute 'name' of mapper 'u1' at line 2; rename one of them
            \(spec):3:3: error: SQLite table names 'User' and 'user' are one name to SQLite, which ignores case: type 'User' of mapper 'u1' at line 2 and type 'user' of mapper 'u2' at line 3; rename one of them

            """)
        #expect(!FileManager.default.fileExists(atPath: db))
        // JSON output holds both; lint warns.
        let json = try RKMapExecutable.run(["apply", spec, "--compact"], stdin: Array(#"{"a": [{"Name": 1, "name": 2}]}"#.utf8))
        #expect(json.status == 0 && json.stdout == #"[{"@type":"User","Name":1,"name":2}]"# + "\n", "\(json)")
        let lint = try RKMapExecutable.run(["lint", spec])
        #expect(lint.status == 0)
        #expect(lint.stderr.contains("\(spec):3:3: warning: SQLite table names 'User' and 'user' are one name to SQLite, which ignores case: type 'User' of mapper 'u1' at line 2 and type 'user' of mapper 'u2' at line 3; rename one of them (--format sqlite refuses this spec)"), "\(lint)")
    }

    @Test(.enabled(if: sqlite3 != nil, "sqlite3 is not installed: the linkTable checks are skipped"))
    func linkTableNamesThatCollideAreRefusedAndLinkTableResolvesThem() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        func spec(_ linkTable: String) -> String {
            """
            {"mappers": [
              {"id": "a", "target": "A", "attributes": ["x"],
               "relationships": [{"from": "bc", "to": "b_c", "map-ref": "t", "many": true}]},
              {"id": "ab", "target": "A_b", "attributes": ["y"],
               "relationships": [{"from": "c", "to": "c", "map-ref": "t", "many": true\(linkTable)}]},
              {"id": "t", "target": "T", "attributes": ["v"]}],
             "descriptors": [{"keyPath": "a", "root-map-ref": "a"}, {"keyPath": "ab", "root-map-ref": "ab"}]}
            """
        }
        let input = #"{"a": [{"x": 1, "bc": [{"v": "from A"}]}], "ab": [{"y": 2, "c": [{"v": "from A_b"}]}]}"#
        let bad = try scratch.write("collide.json", spec(""))
        let db = scratch.path("links.db")
        let refused = try Tables.applySQLite(spec: bad, ["-"], database: db, stdin: input)
        #expect(refused.status == 2)
        #expect(refused.stderr == """
            \(bad):5:22: error: SQLite table name 'A_b_c' is wanted twice: by the link table of relationship 'b_c' of mapper 'a' at line 3 and the link table of relationship 'c' of mapper 'ab' at line 5; give one relationship its own "linkTable"

            """)
        #expect(!FileManager.default.fileExists(atPath: db))

        let good = try scratch.write("linktable.json", spec(#", "linkTable": "A_b_links""#))
        let r = try Tables.applySQLite(spec: good, ["-"], database: db, stdin: input)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(try Self.shell(db, #"SELECT a."x", t."v" FROM "A" a JOIN "A_b_c" l ON l."parent_id" = a."_id" JOIN "T" t ON t."_id" = l."child_id""#) == ["1|from A"])
        #expect(try Self.shell(db, #"SELECT b."y", t."v" FROM "A_b" b JOIN "A_b_links" l ON l."parent_id" = b."_id" JOIN "T" t ON t."_id" = l."child_id""#) == ["2|from A_b"])
    }

    @Test func reservedEmptyAndNULNamesAreRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("names.json", #"""
            {"mappers": [
              {"id": "m", "target": "sqlite_stat", "attributes": {"a": "a\u0000b"},
               "relationships": [{"from": "t", "to": "t", "map-ref": "t", "many": true, "linkTable": ""}]},
              {"id": "t", "target": "T", "attributes": ["v"]}],
             "descriptors": [{"root-map-ref": "m"}]}
            """#)
        let db = scratch.path("names.db")
        let r = try Tables.applySQLite(spec: spec, ["-"], database: db, stdin: "{}")
        #expect(r.status == 2)
        #expect(r.stderr == """
            \(spec):2:3: error: SQLite table name "sqlite_stat" of type 'sqlite_stat' of mapper 'm' starts with 'sqlite_', which SQLite reserves for itself; choose another name
            \(spec):2:55: error: SQLite column name "a\\u0000b" of attribute 'a\\u0000b' of mapper 'm' contains a NUL character; choose another name
            \(spec):3:22: error: SQLite table name "" of the link table of relationship 't' of mapper 'm' is empty; choose another name

            """)
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test(.enabled(if: sqlite3 != nil, "sqlite3 is not installed: the up-front schema checks are skipped"))
    func theSchemaIsCreatedUpFrontAndAnExistingDatabaseIsExtended() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("up.db")
        let v1 = try scratch.write("v1.json", #"""
            {"mappers": [{"id": "p", "target": "Post", "entity": true, "identification": "id", "attributes": ["id", "title", "never"],
                          "relationships": [{"from": "author", "to": "author", "map-ref": "u", "many": false}]},
                         {"id": "u", "target": "User", "attributes": ["login"]}],
             "root-map-ref": "p"}
            """#)
        try Tables.upsert(spec: v1, #"{"id": 1, "title": "t"}"#, database: db)
        // A declared attribute that never had a value, and the child's table, exist.
        #expect(try Self.shell(db, #"SELECT "id", "title", "never", "author" FROM "Post""#) == ["1|t||"])
        #expect(try Self.shell(db, #"SELECT count(*) FROM "User""#) == ["0"])
        #expect(try Self.shell(db, "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name") == ["Post(author)|Post"])
        // A later spec adds a column: the table is extended, its rows kept.
        let v2 = try scratch.write("v2.json", #"""
            {"mappers": [{"id": "p", "target": "Post", "entity": true, "identification": "id", "attributes": ["id", "title", "never", "body"],
                          "relationships": [{"from": "author", "to": "author", "map-ref": "u", "many": false}]},
                         {"id": "u", "target": "User", "attributes": ["login"]}],
             "root-map-ref": "p"}
            """#)
        try Tables.upsert(spec: v2, #"{"id": 2, "body": "b", "author": {"login": "ann"}}"#, database: db)
        #expect(try Self.shell(db, #"SELECT "id", "title", "body", "author" FROM "Post" ORDER BY 1"#) == ["1|t||", "2||b|1"])
        #expect(try Self.shell(db, "PRAGMA foreign_key_check") == [])
    }
}

/// §10.4: an attribute declared `any` keeps each value's kind, as an untyped
/// one does (its column has no type). As a TEXT column it had stored `5` and
/// `true` as the text '5' and '1', which then read as the strings "5" and
/// "1", with exit 0 (a tester's find, CloudTrail's `requestParameters`).
@Suite struct AnyColumnTests {
    @Test func anAnyColumnKeepsEachValuesKind() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("spec.json", #"{"mappers": [{"id": "a", "target": "A", "attributes": ["v", "u"], "types": {"v": "any"}}]}"#)
        let values = [#"true"#, #"5"#, #""5""#, #"1.5"#, #"[1,"a"]"#, #"{"k":null}"#, #"null"#, #"12345678901234567890"#]
        let input = try scratch.write("in.json", "[" + values.map { #"{"v": \#($0), "u": \#($0)}"# }.joined(separator: ", ") + "]")
        let db = scratch.path("out.db")
        let run = try Tables.applySQLite(spec: spec, [input], database: db)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        let expected: [[SQLiteValue]] = [
            [.integer(1), .text("integer")], [.integer(5), .text("integer")], [.text("5"), .text("text")], [.real(1.5), .text("real")],
            [.text(#"[1,"a"]"#), .text("text")], [.text(#"{"k":null}"#), .text("text")], [.null, .text("null")],
            [.text("12345678901234567890"), .text("text")],
        ]
        #expect(try Tables.query(db, #"SELECT "v", typeof("v") FROM "A" ORDER BY "_id""#) == expected)
        #expect(try Tables.query(db, #"SELECT "u", typeof("u") FROM "A" ORDER BY "_id""#) == expected)
    }
}
