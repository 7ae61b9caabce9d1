import Testing
@testable import RKMap

@Suite struct SQLiteSinkUpsertTests {
    let user = Fixture.mapper(
        "User", entity: true, identification: ["id"], [.attribute("id", .int), .attribute("name"), .attribute("email")])

    @Test func samePayloadTwiceLeavesOneRowPerIdentity() throws {
        let path = Fixture.temporaryPath()
        let u = Fixture.record(user, ["id": .int(2587), "name": .string("Blake"), "email": .string("b@x")])
        try Fixture.run(try SQLiteSink(path: path), [[u, u], [u]])
        try Fixture.run(try SQLiteSink(path: path), [[u]])
        #expect(try Fixture.query(path, #"SELECT * FROM "User""#) == [[2587, "Blake", "b@x"]])
    }

    @Test func partialPayloadChangesOnlyPresentFields() throws {
        // The field report's "two-level mapping": {"id": 2587} must not erase the name.
        let path = Fixture.temporaryPath()
        try Fixture.run(try SQLiteSink(path: path), [[
            Fixture.record(user, ["id": .int(2587), "name": .string("Blake"), "email": .string("b@x")])]])
        try Fixture.run(try SQLiteSink(path: path), [[
            Fixture.record(user, ["id": .int(2587)]),
            Fixture.record(user, ["id": .int(2587), "email": .string("new@x")]),
        ]])
        #expect(try Fixture.query(path, #"SELECT * FROM "User""#) == [[2587, "Blake", "new@x"]])
    }

    @Test func nullSetsNullButAbsentKeeps() throws {
        let path = Fixture.temporaryPath()
        try Fixture.run(try SQLiteSink(path: path), [[
            Fixture.record(user, ["id": .int(1), "name": .string("A"), "email": .string("a@x")]),
            Fixture.record(user, ["id": .int(1), "email": .null]),
        ]])
        #expect(try Fixture.query(path, #"SELECT * FROM "User""#) == [[1, "A", nil]])
    }

    @Test func laterColumnsAreAddedToExistingTables() throws {
        let path = Fixture.temporaryPath()
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(user, ["id": .int(1)])]])
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(user, ["id": .int(2), "name": .string("B")])]])
        #expect(try Fixture.query(path, #"SELECT "id", "name" FROM "User" ORDER BY "id""#) == [[1, nil], [2, "B"]])
    }

    // MARK: modificationAttribute

    @Test(arguments: [
        // (stored, incoming, expected name after the second run)
        (FieldValue.int(5), FieldValue.int(6), "new"),
        (.int(5), .int(5), "old"),
        (.int(5), .int(4), "old"),
        (.number("5.5"), .int(6), "new"),
        (.int(6), .number("5.5"), "old"),
        (.string("2011-07-04T00:00:00Z"), .string("2011-07-05T00:00:00Z"), "new"),
        (.string("2011-07-04T00:00:00Z"), .string("2011-07-04T00:00:00Z"), "old"),
        (.string("2011-07-04T00:00:00.250Z"), .string("2011-07-04T00:00:00Z"), "old"),
        (.null, .int(1), "new"),
    ])
    func modificationAttributeSkipsStaleUpdates(stored: FieldValue, incoming: FieldValue, expected: String) throws {
        let path = Fixture.temporaryPath()
        let doc = Fixture.mapper(
            "Doc", entity: true, identification: ["id"], modification: "updatedAt",
            [.attribute("id"), .attribute("name"), .attribute("updatedAt"), .relationship("tags", many: true)])
        let tag = Fixture.mapper("Tag", entity: true, identification: ["t"], [.attribute("t")])
        try Fixture.run(try SQLiteSink(path: path), [[
            Fixture.record(doc, ["id": .int(1), "name": .string("old"), "updatedAt": stored,
                                 "tags": .many([.record(Fixture.record(tag, ["t": .string("a")]))])])]])
        try Fixture.run(try SQLiteSink(path: path), [[
            Fixture.record(doc, ["id": .int(1), "name": .string("new"), "updatedAt": incoming,
                                 "tags": .many([.record(Fixture.record(tag, ["t": .string("b")]))])])]])
        #expect(try Fixture.query(path, #"SELECT "name" FROM "Doc""#) == [[.text(expected)]])
        // Skipped whole: the stale record's relationships are not written either.
        let links = try Fixture.query(path, #"SELECT "child_t" FROM "Doc_tags" ORDER BY "position""#)
        #expect(links == (expected == "new" ? [["b"]] : [["a"]]))
        #expect(try Fixture.query(path, #"SELECT count(*) FROM "Tag""#) == (expected == "new" ? [[2]] : [[1]]))
    }

    @Test func recordWithoutModificationValueIsApplied() throws {
        let path = Fixture.temporaryPath()
        let doc = Fixture.mapper(
            "Doc", entity: true, identification: ["id"], modification: "rev", [.attribute("id"), .attribute("rev"), .attribute("name")])
        try Fixture.run(try SQLiteSink(path: path), [[
            Fixture.record(doc, ["id": .int(1), "rev": .int(3), "name": .string("a")]),
            Fixture.record(doc, ["id": .int(1), "name": .string("b")]),
        ]])
        #expect(try Fixture.query(path, #"SELECT "rev", "name" FROM "Doc""#) == [[3, "b"]])
    }
}
