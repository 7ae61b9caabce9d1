import Foundation
import Testing
@testable import RKMap

@Suite struct SQLiteSinkTableTests {
    let article = Fixture.mapper(
        "Article", entity: true, identification: ["id"],
        [.attribute("id", .int), .attribute("title", .string), .attribute("rating", .double),
         .attribute("published", .bool), .attribute("tags"), .attribute("views"), .attribute("score"),
         .attribute("price", .decimal), .attribute("address.city")])

    @Test func columnsAreTypedFromDeclaredTypesAndJSONKinds() throws {
        let path = Fixture.temporaryPath()
        let r = Fixture.record(article, [
            "id": .int(1), "title": .string("Intro"), "rating": .number("4.5"), "published": .bool(true),
            "tags": .value(.array([.string("a"), .number(JSONNumber("2"))])), "views": .int(10), "score": .number("0.25"),
            "price": .number("12.50"), "address.city": .string("Paris"),
        ])
        try Fixture.run(try SQLiteSink(path: path), [[r]])
        let rows = try Fixture.query(path, """
            SELECT "id", "title", "rating", "published", "tags", "views", "score", "price", "address.city",
                   typeof("views"), typeof("score"), typeof("price") FROM "Article"
            """)
        #expect(rows == [[1, "Intro", 4.5, 1, #"["a",2]"#, 10, 0.25, 12.5, "Paris", "integer", "real", "real"]])
        // Declared types become column types (docs/spec.md §10.4); untyped numbers and
        // `decimal` have no type, so each value is stored losslessly as it is.
        let columns = try Fixture.query(path, #"SELECT name, type, pk FROM pragma_table_info('Article') ORDER BY cid"#)
        #expect(columns == [
            ["id", "INTEGER", 1], ["title", "TEXT", 0], ["rating", "REAL", 0], ["published", "INTEGER", 0],
            ["tags", "TEXT", 0], ["views", "INTEGER", 0], ["score", "", 0], ["price", "", 0],
            ["address.city", "TEXT", 0],
        ])
    }

    @Test func recordsWithoutIdentityGetRowIDsAndAlwaysInsert() throws {
        let path = Fixture.temporaryPath()
        let note = Fixture.mapper("Note", [.attribute("text")])
        let r = Fixture.record(note, ["text": .string("hi")])
        try Fixture.run(try SQLiteSink(path: path), [[r, r]])
        try Fixture.run(try SQLiteSink(path: path), [[r]])
        #expect(try Fixture.query(path, #"SELECT "_id", "text" FROM "Note" ORDER BY "_id""#) == [[1, "hi"], [2, "hi"], [3, "hi"]])
    }

    @Test func aNonEntityWithIdentificationHasNoIdentity() throws {
        // docs/spec.md §7: only entity mappers' records have identity.
        let path = Fixture.temporaryPath()
        let m = Fixture.mapper("Plain", entity: false, identification: ["id"], [.attribute("id")])
        let r = Fixture.record(m, ["id": .int(7)])
        try Fixture.run(try SQLiteSink(path: path), [[r, r]])
        #expect(try Fixture.query(path, #"SELECT "_id", "id" FROM "Plain""#) == [[1, 7], [2, 7]])
    }

    @Test func toOneRelationshipIsAColumnHoldingTheChildKey() throws {
        let path = Fixture.temporaryPath()
        let user = Fixture.mapper("User", entity: true, identification: ["id"], [.attribute("id"), .attribute("name")])
        let address = Fixture.mapper("Address", [.attribute("city")])
        let post = Fixture.mapper(
            "Post", entity: true, identification: ["id"],
            [.attribute("id"), .relationship("author"), .relationship("place")])
        let p = Fixture.record(post, [
            "id": .int(5),
            "author": .record(Fixture.record(user, ["id": .int(13), "name": .string("Blake")])),
            "place": .record(Fixture.record(address, ["city": .string("Berlin")])),
        ])
        try Fixture.run(try SQLiteSink(path: path), [[p]])
        #expect(try Fixture.query(path, #"SELECT "id", "author", "place" FROM "Post""#) == [[5, 13, 1]])
        let joined = try Fixture.query(path, """
            SELECT u."name", a."city" FROM "Post" p JOIN "User" u ON u."id" = p."author" JOIN "Address" a ON a."_id" = p."place"
            """)
        #expect(joined == [["Blake", "Berlin"]])
        let keys = try Fixture.query(path, #"SELECT "from", "table", "to" FROM pragma_foreign_key_list('Post') ORDER BY "from""#)
        #expect(keys == [["author", "User", "id"], ["place", "Address", "_id"]])
    }

    @Test func compositeKeysArePrimaryKeysAndToOneStoresTheirJSONArray() throws {
        let path = Fixture.temporaryPath()
        let city = Fixture.mapper(
            "City", entity: true, identification: ["country", "code"], [.attribute("country"), .attribute("code"), .attribute("name")])
        let trip = Fixture.mapper("Trip", [.relationship("to")])
        let c = Fixture.record(city, ["country": .string("us"), "code": .int(12), "name": .string("Reno")])
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(trip, ["to": .record(c)]), c]])
        #expect(try Fixture.query(path, #"SELECT name, pk FROM pragma_table_info('City') WHERE pk > 0 ORDER BY pk"#)
            == [["country", 1], ["code", 2]])
        #expect(try Fixture.query(path, #"SELECT "to" FROM "Trip""#) == [[#"["us",12]"#]])
        #expect(try Fixture.query(path, #"SELECT count(*) FROM "City""#) == [[1]])
    }

    @Test func nestedArraysOfRootRecordsAreAllWritten() throws {
        let path = Fixture.temporaryPath()
        let note = Fixture.mapper("Note", [.attribute("n")])
        let sink = try SQLiteSink(path: path)
        try sink.beginDocument(DocumentInfo(input: "-", index: 0))
        try sink.write(.many([.record(Fixture.record(note, ["n": .int(1)])), .many([.record(Fixture.record(note, ["n": .int(2)]))])]),
                       descriptor: Fixture.descriptor)
        try sink.endDocument()
        try sink.finish()
        #expect(try Fixture.query(path, #"SELECT "n" FROM "Note" ORDER BY "_id""#) == [[1], [2]])
    }

    @Test(arguments: [FieldValue?.none, .some(.null)])
    func entityWithoutItsIdentificationValueFailsTheRun(id: FieldValue?) throws {
        let path = Fixture.temporaryPath()
        let user = Fixture.mapper("User", entity: true, identification: ["id"], [.attribute("id"), .attribute("name")])
        var bad = Fixture.record(user, ["name": .string("x")])
        bad.fields[0] = id
        let sink = try SQLiteSink(path: path)
        try sink.beginDocument(DocumentInfo(input: "in.json", index: 0))
        try sink.write(.record(Fixture.record(user, ["id": .int(1)])), descriptor: Fixture.descriptor)
        #expect(throws: SQLiteSinkError.missingIdentity(type: "User", attribute: "id")) {
            try sink.write(.record(bad), descriptor: Fixture.descriptor)
        }
        // The failed write poisons the run: finish rolls back and says so.
        #expect(throws: SQLiteSinkError.runAbandoned(path: path)) { try sink.finish() }
        #expect(try Fixture.query(path, "SELECT count(*) FROM sqlite_master") == [[0]])
        #expect(SQLiteSinkError.missingIdentity(type: "User", attribute: "id").description
            == "a record of type User has no value for its identification attribute 'id'; map it or fix 'identification' so every User can be stored")
    }

    /// A number identification value past 64 bits would be kept as text,
    /// the key of a string of its digits: the sink refuses it (the engine
    /// reports it first, at its path, when `keysRecordsByIdentity` is set).
    @Test func aNumberKeyKeptAsTextIsRefused() throws {
        let path = Fixture.temporaryPath()
        let user = Fixture.mapper("User", entity: true, identification: ["id"], [.attribute("id"), .attribute("name")])
        let sink = try SQLiteSink(path: path)
        try sink.beginDocument(DocumentInfo(input: "in.json", index: 0))
        try sink.write(.record(Fixture.record(user, ["id": .string("18446744073709551617")])), descriptor: Fixture.descriptor)
        let big = JSONValue.number(JSONNumber("18446744073709551617"))
        #expect(SQLiteSink.identityProblem(of: Fixture.record(user, ["id": .value(big)])) == .init(slot: 0, kind: .numberAsText("18446744073709551617")))
        #expect(SQLiteSink.identityProblem(of: Fixture.record(user, ["id": .int(7)])) == nil)
        #expect(throws: SQLiteSinkError.numberKeyAsText(type: "User", attribute: "id", number: "18446744073709551617")) {
            try sink.write(.record(Fixture.record(user, ["id": .value(big)])), descriptor: Fixture.descriptor)
        }
    }

    @Test func changedIdentificationOnAnExistingTableIsReported() throws {
        let path = Fixture.temporaryPath()
        let v1 = Fixture.mapper("User", entity: true, identification: ["id"], [.attribute("id"), .attribute("email")])
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(v1, ["id": .int(1), "email": .string("a@b")])]])
        let v2 = Fixture.mapper("User", entity: true, identification: ["email"], [.attribute("id"), .attribute("email")])
        let sink = try SQLiteSink(path: path)
        try sink.beginDocument(DocumentInfo(input: "-", index: 0))
        #expect(throws: SQLiteSinkError.keyMismatch(table: "User", expected: ["email"], found: ["id"])) {
            try sink.write(.record(Fixture.record(v2, ["id": .int(1), "email": .string("a@b")])), descriptor: Fixture.descriptor)
        }
    }
}
