import Foundation
import Testing
@testable import RKMap

/// Assignment policies of stored to-many relationships (docs/spec.md §7), through the
/// CLI. `policies.spec.json` maps the same `tags` array three times, into three
/// tag types, one per policy, so each policy's tables are independent.
extension TableOutputTests {
    /// Post 1 links a, b; post 2 links a. Then post 1 is mapped again with b, c.
    static func mapPolicyPayloads(into db: String) throws {
        let spec = Tables.fixture("policies.spec.json")
        try Tables.upsert(spec: spec, #"[{"id": 1, "tags": [{"name": "a"}, {"name": "b"}]}, {"id": 2, "tags": [{"name": "a"}]}]"#, database: db)
        try Tables.upsert(spec: spec, #"{"id": 1, "tags": [{"name": "b"}, {"name": "c"}]}"#, database: db)
    }

    static func links(_ db: String, _ table: String) throws -> [[SQLiteValue]] {
        try Tables.query(db, #"SELECT "parent_id", "child_name", "position" FROM "\#(table)" ORDER BY 1, 3"#)
    }

    static func names(_ db: String, _ table: String) throws -> [[SQLiteValue]] {
        try Tables.query(db, #"SELECT "name" FROM "\#(table)" ORDER BY 1"#)
    }

    @Test func setReplacesTheParentsLinksAndKeepsChildRows() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("set.db")
        try Self.mapPolicyPayloads(into: db)
        #expect(try Self.links(db, "Post_setTags") == [
            [.integer(1), .text("b"), .integer(0)],
            [.integer(1), .text("c"), .integer(1)],
            [.integer(2), .text("a"), .integer(0)],
        ])
        #expect(try Self.names(db, "SetTag") == [[.text("a")], [.text("b")], [.text("c")]])
    }

    @Test func unionAppendsNewLinksAfterTheExistingOnes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("union.db")
        try Self.mapPolicyPayloads(into: db)
        // b was linked already: only c is added, after the last position.
        #expect(try Self.links(db, "Post_unionTags") == [
            [.integer(1), .text("a"), .integer(0)],
            [.integer(1), .text("b"), .integer(1)],
            [.integer(1), .text("c"), .integer(2)],
            [.integer(2), .text("a"), .integer(0)],
        ])
        #expect(try Self.names(db, "UnionTag") == [[.text("a")], [.text("b")], [.text("c")]])
    }

    @Test func replaceDeletesChildRowsThatLostTheirLastLink() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("replace.db")
        try Self.mapPolicyPayloads(into: db)
        #expect(try Self.links(db, "Post_replaceTags") == [
            [.integer(1), .text("b"), .integer(0)],
            [.integer(1), .text("c"), .integer(1)],
            [.integer(2), .text("a"), .integer(0)],
        ])
        // a lost post 1's link but post 2 still links it: kept.
        #expect(try Self.names(db, "ReplaceTag") == [[.text("a")], [.text("b")], [.text("c")]])

        try Tables.upsert(spec: Tables.fixture("policies.spec.json"), #"{"id": 2, "tags": []}"#, database: db)
        #expect(try Self.links(db, "Post_replaceTags") == [
            [.integer(1), .text("b"), .integer(0)],
            [.integer(1), .text("c"), .integer(1)],
        ])
        #expect(try Self.names(db, "ReplaceTag") == [[.text("b")], [.text("c")]])
        // The other policies kept their rows: replace only deletes in its own tables.
        #expect(try Self.names(db, "SetTag") == [[.text("a")], [.text("b")], [.text("c")]])
        #expect(try Tables.query(db, "PRAGMA foreign_key_check").isEmpty)
    }

    /// A row that lost its links in the `replace` relationship but that
    /// another relationship still refers to has not lost its *last* link
    /// (§7): it was deleted, leaving a package's maintainer link and a
    /// version's `publisher` pointing at nothing, with exit 0. Worked out
    /// from §7 and §10.4: azer is kept by the to-one `publisher` column, bob
    /// by the typed link of a dynamic relationship (`child_type`), carol and
    /// steve are linked; dave lost his last link and is deleted.
    @Test func replaceKeepsAChildRowAnotherRelationshipStillRefersTo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = scratch.path("npm.json")
        try scratch.write("npm.json", #"""
            {"descriptors": [{"keyPath": "", "root-map-ref": "package"}, {"keyPath": "versions", "root-map-ref": "version"}],
             "mappers": [
              {"id": "package", "target": "Package", "entity": true, "identification": "name", "attributes": ["name"],
               "relationships": [{"from": "maintainers", "to": "maintainers", "map-ref": "maintainer", "many": true},
                                 {"from": "contributors", "to": "contributors", "map-ref": "contributor", "many": true}]},
              {"id": "contributor", "dynamic": true, "matchers": [
                {"keyPath": "kind", "expectValue": "person", "map-ref": "maintainer"},
                {"keyPath": "kind", "expectValue": "bot", "map-ref": "bot"}]},
              {"id": "bot", "target": "Bot", "entity": true, "identification": "name", "attributes": ["name"]},
              {"id": "version", "target": "Version", "entity": true, "identification": "version", "attributes": ["version"],
               "relationships": [{"from": "maintainers", "to": "maintainers", "map-ref": "maintainer", "many": true, "assignmentPolicy": "replace"},
                                 {"from": "publisher", "to": "publisher", "map-ref": "maintainer", "many": false}]},
              {"id": "maintainer", "target": "Maintainer", "entity": true, "identification": "name", "attributes": ["name"]}]}
            """#)
        let db = scratch.path("npm.db")
        try Tables.upsert(spec: spec, #"""
            {"name": "p", "maintainers": [{"name": "azer"}], "contributors": [{"kind": "bot", "name": "ci"}],
             "versions": [{"version": "1.0.0", "publisher": {"name": "azer"},
                           "maintainers": [{"name": "azer"}, {"name": "steve"}, {"name": "bob"}, {"name": "dave"}]}]}
            """#, database: db)
        try Tables.upsert(spec: spec, #"""
            {"name": "p", "maintainers": [{"name": "carol"}], "contributors": [{"kind": "person", "name": "bob"}],
             "versions": [{"version": "1.0.0", "publisher": {"name": "azer"}, "maintainers": [{"name": "steve"}]}]}
            """#, database: db)
        #expect(try Self.names(db, "Maintainer") == [[.text("azer")], [.text("bob")], [.text("carol")], [.text("steve")]])
        #expect(try Tables.query(db, #"SELECT "child_name", "child_type" FROM "Package_contributors""#) == [[.text("bob"), .text("Maintainer")]])
        #expect(try Tables.query(db, #"SELECT "publisher" FROM "Version""#) == [[.text("azer")]])
        #expect(try Tables.query(db, "PRAGMA foreign_key_check").isEmpty)

        // Then steve loses his last link (deleted); the version loses its
        // publisher, so azer's only reference is the `replace` link, and when
        // that goes, azer goes (carol, unlinked by `set`, stays: only
        // `replace` deletes, and only rows it unlinks).
        try Tables.upsert(spec: spec, #"{"name": "p", "maintainers": [], "versions": [{"version": "1.0.0", "publisher": null, "maintainers": [{"name": "azer"}]}]}"#, database: db)
        try Tables.upsert(spec: spec, #"{"name": "p", "versions": [{"version": "1.0.0", "maintainers": []}]}"#, database: db)
        #expect(try Self.names(db, "Maintainer") == [[.text("bob")], [.text("carol")]])
    }

    /// A relationship without `"many"` has a column (an object) and a link
    /// table (an array), §10.4. Each document's value replaced only its own
    /// storage: after `{c}` the row held `c` and the stale links `a, b`, after
    /// `[d]` the stale column `c`, and `null` cleared the column but kept the
    /// links (exit 0 each time). Worked out from §7: under `set` and `replace`
    /// the relationship is what the document gives, the other storage
    /// cleared; `union` only adds; an absent key changes nothing. The same
    /// whole and streamed (the array written around, `openRecord`).
    @Test(arguments: ["set", "union", "replace"], ["0", "1000000000"])
    func aRelationshipWithoutManyKeepsOneValue(policy: String, threshold: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"keyPath": "", "root-map-ref": "v", "mappers": [
              {"id": "v", "target": "V", "entity": true, "identification": "id", "attributes": ["id"],
               "relationships": [{"from": "m", "to": "m", "map-ref": "p", "assignmentPolicy": "\#(policy)"}]},
              {"id": "p", "target": "P", "entity": true, "identification": "n", "attributes": ["n"]}]}
            """#)
        let db = scratch.path("out.db")
        func step(_ document: String) throws -> (column: [[SQLiteValue]], links: [[SQLiteValue]], rows: [[SQLiteValue]]) {
            let run = try RKMapExecutable.run(["apply", "spec.json", "-", "-o", "out.db"], stdin: Array(document.utf8),
                                              directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
            return (try Tables.query(db, "SELECT m FROM V"), try Tables.query(db, "SELECT child_n FROM V_m ORDER BY position"),
                    try Tables.query(db, "SELECT n FROM P ORDER BY n"))
        }
        let (a, b, c, d): (SQLiteValue, SQLiteValue, SQLiteValue, SQLiteValue) = (.text("a"), .text("b"), .text("c"), .text("d"))
        let union = policy == "union"
        var now = try step(#"{"id": 1, "m": [{"n": "a"}, {"n": "b"}]}"#)
        #expect(now.column == [[.null]] && now.links == [[a], [b]])
        now = try step(#"{"id": 1, "m": {"n": "c"}}"#)
        #expect(now.column == [[c]])
        #expect(now.links == (union ? [[a], [b]] : []))
        // `replace` deletes the rows its links no longer reach.
        #expect(now.rows == (policy == "replace" ? [[c]] : [[a], [b], [c]]))
        now = try step(#"{"id": 1, "m": [{"n": "d"}]}"#)
        #expect(now.column == (union ? [[c]] : [[.null]]))
        #expect(now.links == (union ? [[a], [b], [d]] : [[d]]))
        let before = now
        now = try step(#"{"id": 1}"#)
        #expect(now.column == before.column && now.links == before.links)
        now = try step(#"{"id": 1, "m": null}"#)
        #expect(now.column == [[.null]])
        #expect(now.links == (union ? [[a], [b], [d]] : []))
        #expect(now.rows == (policy == "replace" ? [[c]] : [[a], [b], [c], [d]]))
    }

    /// Rows a `replace` relationship unlinks are deleted at the document's
    /// end, when no link reaches them then: a later relationship of the same
    /// record (`b`), or a connection written at the document's end, that
    /// links the row keeps it (both deleted it, leaving `P_b` and `Q.tag`
    /// naming nothing, exit 0); rows that only deleted rows referred to go
    /// too, whatever their order; a deleted row's own links go with it.
    @Test func replaceDeletesAtTheDocumentsEndWhatNoLinkReaches() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = scratch.path("spec.json")
        try scratch.write("spec.json", #"""
            {"descriptors": [{"keyPath": "ts", "root-map-ref": "t"}, {"keyPath": "ps", "root-map-ref": "p"}, {"keyPath": "qs", "root-map-ref": "q"}],
             "mappers": [
              {"id": "p", "target": "P", "entity": true, "identification": "id", "attributes": ["id"],
               "relationships": [{"from": "a", "to": "a", "map-ref": "t", "many": true, "assignmentPolicy": "replace"},
                                 {"from": "b", "to": "b", "map-ref": "t", "many": true}]},
              {"id": "q", "target": "Q", "entity": true, "identification": "id", "attributes": ["id", "tagName"],
               "connections": [{"relationship": "tag", "sourceAttribute": "tagName", "targetAttribute": "name", "target": "T"}]},
              {"id": "t", "target": "T", "entity": true, "identification": "name", "attributes": ["name"],
               "relationships": [{"from": "sib", "to": "sib", "map-ref": "t", "many": false}, {"from": "subs", "to": "subs", "map-ref": "t", "many": true}]}]}
            """#)
        let db = scratch.path("out.db")
        try Tables.upsert(spec: spec, #"""
            {"ts": [], "ps": [{"id": 1, "a": [{"name": "x"}, {"name": "w"}, {"name": "u"}, {"name": "v", "sib": {"name": "u"}}, {"name": "s", "subs": [{"name": "r"}]}], "b": []}], "qs": []}
            """#, database: db)
        try Tables.upsert(spec: spec, #"""
            {"ts": [{"name": "w"}], "ps": [{"id": 1, "a": [], "b": [{"name": "x"}]}], "qs": [{"id": 9, "tagName": "w"}]}
            """#, database: db)
        // x: linked by `b` after `a` unlinked it; w: a root record of the
        // document, connected at its end;
        // u and v: only v referred to u (u unlinked first), both gone; s
        // gone with its `subs` link; r was not unlinked by `replace`: kept.
        #expect(try Self.names(db, "T") == [[.text("r")], [.text("w")], [.text("x")]])
        #expect(try Tables.query(db, #"SELECT id, tag FROM Q"#) == [[.integer(9), .text("w")]])
        #expect(try Tables.query(db, #"SELECT count(*) FROM T_subs"#) == [[.integer(0)]])
        #expect(try Tables.query(db, "PRAGMA foreign_key_check").isEmpty)
    }

    /// A connection has a column and a link table too: the latest document's
    /// value is the connection's (an id, then an array, then `null` left the
    /// other storage as it was, exit 0).
    @Test func aConnectionKeepsOneValue() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = scratch.path("spec.json")
        try scratch.write("spec.json", #"""
            {"descriptors": [{"keyPath": "as", "root-map-ref": "a"}, {"keyPath": "qs", "root-map-ref": "q"}],
             "mappers": [
              {"id": "a", "target": "A", "entity": true, "identification": "aid", "attributes": ["aid"]},
              {"id": "q", "target": "Q", "entity": true, "identification": "id", "attributes": ["id", "authorIds"],
               "connections": [{"relationship": "authors", "sourceAttribute": "authorIds", "targetAttribute": "aid", "target": "A"}]}]}
            """#)
        let db = scratch.path("out.db")
        var states: [[[SQLiteValue]]] = []
        for value in ["[7, 9]", "7", "[9]", "null"] {
            try Tables.upsert(spec: spec, #"{"as": [{"aid": 7}, {"aid": 9}], "qs": [{"id": 1, "authorIds": \#(value)}]}"#, database: db)
            states.append(try Tables.query(db, "SELECT (SELECT authors FROM Q), (SELECT group_concat(child_aid) FROM (SELECT child_aid FROM Q_authors ORDER BY position))"))
        }
        #expect(states == [
            [[.null, .text("7,9")]],
            [[.integer(7), .null]],
            [[.null, .text("9")]],
            [[.null, .null]],
        ])
    }

    // MARK: Hostile names

    /// Types and attributes named with quotes, spaces, SQL keywords, dots,
    /// brackets and a semicolon: every table reads back with quoted SQL, and
    /// nothing was executed from a name.
    @Test func hostileNamesBecomeQuotedTablesAndColumns() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.path("hostile.db")
        for _ in 0..<2 {  // the second run upserts through the same names
            let r = try Tables.applySQLite(
                spec: Tables.fixture("hostile.spec.json"), [Tables.fixture("hostile.input.json")], database: db)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        }
        let order = "\"Order \"\"Items\"\"; DROP TABLE x\""
        #expect(try Tables.query(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") == [
            [.text(#"Order "Items"; DROP TABLE x"#)],
            [.text(#"Order "Items"; DROP TABLE x_group by"#)],
            // `owner.main` does not declare "many": its link table exists too (SPEC 1.1 §10.4).
            [.text(#"Order "Items"; DROP TABLE x_owner.main"#)],
            [.text("Owner's")],
            [.text("table.line")],
        ])
        #expect(try Tables.query(db, #"""
            SELECT "select", "from where", "it's ""q""", "address.city", "address.zip", "owner.main"
            FROM \#(order) ORDER BY 1
            """#) == [
            [.integer(1), .text("Zürich"), .text(#"say "hi""#), .text("Bern"), .text("3000"), .text("Ann")],
            [.integer(2), .text("Köln"), .null, .null, .null, .text("Bob")],
        ])
        #expect(try Tables.query(db, #"SELECT "primary key" FROM "Owner's" ORDER BY 1"#) == [[.text("Ann")], [.text("Bob")]])
        // Lines have no identity: each run inserted two; order 1 links the second run's.
        #expect(try Tables.query(db, #"SELECT "_id", "values", "[n]" FROM "table.line" ORDER BY 1"#) == [
            [.integer(1), .text("a,b"), .integer(2)], [.integer(2), .text("c'd"), .integer(1)],
            [.integer(3), .text("a,b"), .integer(2)], [.integer(4), .text("c'd"), .integer(1)],
        ])
        #expect(try Tables.query(db, #"""
            SELECT o."select", l."values", k."position"
            FROM \#(order) o
            JOIN "Order ""Items""; DROP TABLE x_group by" k ON k."parent_select" = o."select"
            JOIN "table.line" l ON l."_id" = k."child_id"
            ORDER BY 1, 3
            """#) == [
            [.integer(1), .text("a,b"), .integer(0)],
            [.integer(1), .text("c'd"), .integer(1)],
        ])
        #expect(try Tables.query(db, "PRAGMA integrity_check") == [[.text("ok")]])
    }
}
