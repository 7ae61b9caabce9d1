import Testing
@testable import RKMap

@Suite struct SQLiteSinkLinkTests {
    let author = Fixture.mapper("Author", entity: true, identification: ["id"], [.attribute("id", .int), .attribute("name")])

    func article(_ policy: AssignmentPolicy) -> ObjectMapper {
        Fixture.mapper("Article", entity: true, identification: ["id"], [.attribute("id", .int), .relationship("authors", policy)])
    }

    func write(_ article: ObjectMapper, _ authorIDs: [Int], to path: String) throws {
        let authors = authorIDs.map { FieldValue.record(Fixture.record(author, ["id": .int($0), "name": .string("n\($0)")])) }
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(article, ["id": .int(1), "authors": .many(FieldList(authors))])]])
    }

    func links(_ path: String) throws -> [[SQLiteValue]] {
        try Fixture.query(path, #"SELECT "parent_id", "child_id", "position" FROM "Article_authors" ORDER BY "position""#)
    }

    @Test func linkTableHasParentChildPositionAndForeignKeys() throws {
        let path = Fixture.temporaryPath()
        try write(article(.set), [13, 15], to: path)
        #expect(try links(path) == [[1, 13, 0], [1, 15, 1]])
        let columns = try Fixture.query(path, #"SELECT name, type, "notnull", pk FROM pragma_table_info('Article_authors') ORDER BY cid"#)
        #expect(columns == [["parent_id", "INTEGER", 1, 1], ["child_id", "INTEGER", 1, 0], ["position", "INTEGER", 1, 2]])
        let keys = try Fixture.query(path, #"SELECT "table", "from", "to" FROM pragma_foreign_key_list('Article_authors') ORDER BY "from""#)
        #expect(keys == [["Author", "child_id", "id"], ["Article", "parent_id", "id"]])
        let joined = try Fixture.query(path, """
            SELECT au."name" FROM "Article" a JOIN "Article_authors" l ON l."parent_id" = a."id"
            JOIN "Author" au ON au."id" = l."child_id" ORDER BY l."position"
            """)
        #expect(joined == [["n13"], ["n15"]])
    }

    @Test func setReplacesTheLinks() throws {
        let path = Fixture.temporaryPath()
        try write(article(.set), [13, 15], to: path)
        try write(article(.set), [15, 17], to: path)
        #expect(try links(path) == [[1, 15, 0], [1, 17, 1]])
        #expect(try Fixture.query(path, #"SELECT "id" FROM "Author" ORDER BY "id""#) == [[13], [15], [17]])
    }

    @Test func unionAddsNewLinksOnly() throws {
        let path = Fixture.temporaryPath()
        try write(article(.union), [13, 15], to: path)
        try write(article(.union), [15, 17, 17], to: path)
        #expect(try links(path) == [[1, 13, 0], [1, 15, 1], [1, 17, 2]])
    }

    @Test func replaceDeletesChildrenThatLostTheirLastLink() throws {
        let path = Fixture.temporaryPath()
        let other = Fixture.mapper("Article", entity: true, identification: ["id"], [.attribute("id", .int), .relationship("authors", .replace)])
        let a15 = FieldValue.record(Fixture.record(author, ["id": .int(15)]))
        try write(article(.replace), [13, 15], to: path)
        // Article 2 also links author 15, so 15 keeps a link after article 1 drops it.
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(other, ["id": .int(2), "authors": .many([a15])])]])
        try write(article(.replace), [17], to: path)
        #expect(try links(path).filter { $0[0] == 1 } == [[1, 17, 0]])
        #expect(try Fixture.query(path, #"SELECT "id" FROM "Author" ORDER BY "id""#) == [[15], [17]])
    }

    @Test func emptyListAndNullClearLinksUnderSet() throws {
        let path = Fixture.temporaryPath()
        try write(article(.set), [13], to: path)
        try write(article(.set), [], to: path)
        #expect(try links(path) == [])
        try write(article(.set), [13], to: path)
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(article(.set), ["id": .int(1), "authors": .null])]])
        #expect(try links(path) == [])
    }

    @Test func absentRelationshipKeepsLinks() throws {
        let path = Fixture.temporaryPath()
        try write(article(.set), [13], to: path)
        try Fixture.run(try SQLiteSink(path: path), [[Fixture.record(article(.set), ["id": .int(1)])]])
        #expect(try links(path) == [[1, 13, 0]])
    }

    @Test func childrenWithoutIdentityAreLinkedByRowID() throws {
        let path = Fixture.temporaryPath()
        let comment = Fixture.mapper("Comment", [.attribute("text")])
        let post = Fixture.mapper("Post", [.attribute("title"), .relationship("comments")])
        let p = Fixture.record(post, ["title": .string("T"), "comments": .many([
            .record(Fixture.record(comment, ["text": .string("a")])),
            .many([.record(Fixture.record(comment, ["text": .string("b")]))]),
        ])])
        try Fixture.run(try SQLiteSink(path: path), [[p]])
        let rows = try Fixture.query(path, """
            SELECT p."title", c."text", l."position" FROM "Post" p JOIN "Post_comments" l ON l."parent_id" = p."_id"
            JOIN "Comment" c ON c."_id" = l."child_id" ORDER BY l."position"
            """)
        #expect(rows == [["T", "a", 0], ["T", "b", 1]])
    }

    /// Seed Example 5: the article lists `authorIds`; the authors arrive under
    /// another key of the same document and are connected by `id`.
    @Test func example5ConnectionsLandAsALinkTable() throws {
        let path = Fixture.temporaryPath()
        let author = Fixture.mapper(
            "Author", entity: true, identification: ["id"], [.attribute("name"), .attribute("email"), .attribute("id")])
        let article = Fixture.mapper("Article", [
            .attribute("title"), .attribute("body"), .attribute("authorIds"), .attribute("publicationDate", .date),
            .connection("authors", source: "authorIds", target: "Author", targetAttribute: "id"),
        ])
        let blake = Fixture.record(author, ["name": .string("Blake Watters"), "email": .string("blake@gmail.com"), "id": .int(13)])
        let bob = Fixture.record(author, ["name": .string("Bob Spryn"), "email": .string("bob@gmail.com"), "id": .int(15)])
        let a = Fixture.record(article, [
            "title": .string("RestKit Object Mapping Intro"), "body": .string("This article details…"),
            "authorIds": .value(.array([.number(JSONNumber(13)), .number(JSONNumber(15))])),
            "publicationDate": .string("2011-07-04T00:00:00Z"), "authors": .many([.record(blake), .record(bob)]),
        ])
        try Fixture.run(try SQLiteSink(path: path), [[a, blake, bob]])
        let rows = try Fixture.query(path, """
            SELECT a."title", au."name", au."email" FROM "Article" a
            JOIN "Article_authors" l ON l."parent_id" = a."_id" JOIN "Author" au ON au."id" = l."child_id"
            ORDER BY l."position"
            """)
        #expect(rows == [
            ["RestKit Object Mapping Intro", "Blake Watters", "blake@gmail.com"],
            ["RestKit Object Mapping Intro", "Bob Spryn", "bob@gmail.com"],
        ])
        #expect(try Fixture.query(path, #"SELECT count(*) FROM "Author""#) == [[2]])
    }

    @Test func connectionsToRecordsWithoutIdentityFindTheirRowInTheDocument() throws {
        let path = Fixture.temporaryPath()
        let tag = Fixture.mapper("Tag", [.attribute("code"), .attribute("label")])
        let item = Fixture.mapper("Item", [
            .attribute("tagCode"), .connection("tag", source: "tagCode", target: "Tag", targetAttribute: "code"),
        ])
        let old = Fixture.record(tag, ["code": .string("x"), "label": .string("from an earlier run")])
        try Fixture.run(try SQLiteSink(path: path), [[old]])
        let t = Fixture.record(tag, ["code": .string("x"), "label": .string("this document")])
        let i = Fixture.record(item, ["tagCode": .string("x"), "tag": .record(t)])
        try Fixture.run(try SQLiteSink(path: path), [[i, t]])
        let rows = try Fixture.query(path, #"SELECT t."label" FROM "Item" i JOIN "Tag" t ON t."_id" = i."tag""#)
        #expect(rows == [["this document"]])
    }
}

extension SQLiteSinkLinkTests {
    @Test func replaceWithAnEmptyListInALaterRunDeletesTheOrphans() throws {
        let path = Fixture.temporaryPath()
        try write(article(.replace), [13, 15], to: path)
        try write(article(.replace), [], to: path)
        #expect(try links(path) == [])
        #expect(try Fixture.query(path, #"SELECT count(*) FROM "Author""#) == [[0]])
    }
}

extension SQLiteSinkLinkTests {
    /// A row without identity is always new, so the sink skips clearing its
    /// links in a link table this run created — unless the run deleted rows of
    /// its table: SQLite then hands the deleted row's `_id` out again, and the
    /// old row's links must not become the new row's.
    @Test func aReusedRowIDDoesNotInheritTheLinksOfTheDeletedRow() throws {
        let path = Fixture.temporaryPath()
        let item = Fixture.mapper("Item", entity: true, identification: ["id"], [.attribute("id", .int)])
        let box = Fixture.mapper("Box", [.attribute("label"), .relationship("items")])
        let shelf = Fixture.mapper("Shelf", entity: true, identification: ["id"], [.attribute("id", .int), .relationship("boxes", .replace)])
        func shelfWith(_ boxes: [(String, [Int])]) -> Record {
            Fixture.record(shelf, ["id": .int(1), "boxes": .many(FieldList(boxes.map { label, ids in
                FieldValue.record(Fixture.record(box, ["label": .string(label), "items": .many(FieldList(ids.map { FieldValue.record(Fixture.record(item, ["id": .int($0)])) }))]))
            }))])
        }
        // One run: box 1 is written, orphaned (deleted), and its `_id` handed to the next box.
        try Fixture.run(try SQLiteSink(path: path), [[shelfWith([("first", [7, 8])])], [shelfWith([])], [shelfWith([("second", [9])])]])
        #expect(try Fixture.query(path, #"SELECT "_id", "label" FROM "Box""#) == [[1, "second"]])
        let links = try Fixture.query(path, #"SELECT "parent_id", "child_id", "position" FROM "Box_items" ORDER BY "position""#)
        #expect(links.filter { $0[0] == 1 } == [[1, 9, 0]])
    }
}
