import Testing
@testable import RKMap

/// Link rows are queued and written many per INSERT (`SQLiteSink.insertLinks`):
/// the tables must hold exactly what one INSERT per link wrote — same rows,
/// same order, same rowids — whatever reads, deletes or rollbacks come between.
@Suite struct SQLiteSinkLinkBatchTests {
    let author = Fixture.mapper("Author", entity: true, identification: ["id"], [.attribute("id", .int)])

    func article(_ policy: AssignmentPolicy) -> ObjectMapper {
        Fixture.mapper("Article", entity: true, identification: ["id"], [.attribute("id", .int), .relationship("authors", policy)])
    }

    func record(_ article: ObjectMapper, _ id: Int, authors: [Int]) -> Record {
        let children = authors.map { FieldValue.record(Fixture.record(author, ["id": .int($0)])) }
        return Fixture.record(article, ["id": .int(id), "authors": .many(FieldList(children))])
    }

    /// Every link row in rowid order: the order the INSERTs wrote them in.
    func links(_ path: String) throws -> [[SQLiteValue]] {
        try Fixture.query(path, #"SELECT rowid, "parent_id", "child_id", "position" FROM "Article_authors" ORDER BY rowid"#)
    }

    func expected(_ parents: [(id: Int, authors: [Int])], firstRowID: Int64 = 1) -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        for parent in parents {
            for (position, child) in parent.authors.enumerated() {
                rows.append([.integer(firstRowID + Int64(rows.count)), .integer(Int64(parent.id)), .integer(Int64(child)), .integer(Int64(position))])
            }
        }
        return rows
    }

    @Test func moreLinksThanOneBatchKeepTheirOrderAndRowIDs() throws {
        let path = Fixture.temporaryPath()
        let batch = SQLiteSinkLinkTable(name: "L", parentColumns: ["parent_id"], childColumns: ["child_id"], childTable: nil).batchRows
        #expect(batch > 1)
        // Two full batches and a remainder in one parent, then parents that share batches.
        let parents = [(id: 1, authors: Array(100..<(100 + 2 * batch + 5)))] + (2...40).map { (id: $0, authors: [$0, $0 + 1, $0 + 2]) }
        try Fixture.run(try SQLiteSink(path: path), [parents.map { record(article(.set), $0.id, authors: $0.authors) }])
        #expect(try links(path) == expected(parents))
    }

    @Test func aParentWrittenTwiceInOneRunKeepsOnlyItsLastLinksUnderSet() throws {
        let path = Fixture.temporaryPath()
        // Article 1's first links are still queued when its second record clears them.
        try Fixture.run(try SQLiteSink(path: path), [
            [record(article(.set), 1, authors: [1, 2, 3]), record(article(.set), 2, authors: [7])],
            [record(article(.set), 1, authors: [4])],
        ])
        let rows = try Fixture.query(path, #"SELECT "parent_id", "child_id", "position" FROM "Article_authors" ORDER BY rowid"#)
        #expect(rows == [[2, 7, 0], [1, 4, 0]])
    }

    @Test func unionInOneRunSeesTheLinksStillQueued() throws {
        let path = Fixture.temporaryPath()
        try Fixture.run(try SQLiteSink(path: path), [
            [record(article(.union), 1, authors: [1, 2])],
            [record(article(.union), 1, authors: [2, 3])],
        ])
        let rows = try Fixture.query(path, #"SELECT "parent_id", "child_id", "position" FROM "Article_authors" ORDER BY "position""#)
        #expect(rows == [[1, 1, 0], [1, 2, 1], [1, 3, 2]])
    }

    @Test func replaceInOneRunKeepsAChildThatAQueuedLinkStillReaches() throws {
        let path = Fixture.temporaryPath()
        // Article 2's link to author 13 is queued when article 1 drops 13:
        // 13 still has a link, so it stays; 15 has none left and goes.
        try Fixture.run(try SQLiteSink(path: path), [[
            record(article(.replace), 1, authors: [13, 15]),
            record(article(.replace), 2, authors: [13]),
            record(article(.replace), 1, authors: []),
        ]])
        #expect(try Fixture.query(path, #"SELECT "id" FROM "Author" ORDER BY "id""#) == [[13]])
        #expect(try Fixture.query(path, #"SELECT "parent_id", "child_id" FROM "Article_authors""#) == [[2, 13]])
    }

    /// `--keep-going`: a document's savepoint holds its links; an abandoned
    /// document's queued links are dropped with it.
    @Test func anAbandonedDocumentUnderSavepointsLeavesNoLinksAndTheOthersKeepTheirs() throws {
        let path = Fixture.temporaryPath()
        let sink = try SQLiteSink(path: path)
        sink.documentSavepoints = true
        let documents = [
            [record(article(.set), 1, authors: Array(1...40))],
            [record(article(.set), 2, authors: Array(41...80))],
            [record(article(.set), 3, authors: [81, 82])],
        ]
        try Fixture.run(sink, documents, abandon: [1])
        let kept = [(id: 1, authors: Array(1...40)), (id: 3, authors: [81, 82])]
        #expect(try links(path) == expected(kept))
        #expect(try Fixture.query(path, #"SELECT "id" FROM "Article" ORDER BY "id""#) == [[1], [3]])
    }

    @Test func anAbandonedRunWritesNoneOfItsQueuedLinks() throws {
        let path = Fixture.temporaryPath()
        try Fixture.run(try SQLiteSink(path: path), [[record(article(.set), 1, authors: [1, 2])]])
        let sink = try SQLiteSink(path: path)
        #expect(throws: SQLiteSinkError.runAbandoned(path: path)) {
            try Fixture.run(sink, [[record(article(.set), 2, authors: [3, 4, 5])], [record(article(.set), 3, authors: [6])]], abandon: [1])
        }
        #expect(try links(path) == expected([(id: 1, authors: [1, 2])]))
    }

    /// A multi-row INSERT repeats every column's parameter per row (children
    /// of several types: both key columns and `child_type`).
    @Test func theMultiRowInsertHasEveryColumnPerRow() {
        let link = SQLiteSinkLinkTable(
            name: "P_items", parentColumns: ["parent_id"], childColumns: ["child_id", "child_code"], childTable: nil,
            hasTypeColumn: true, columnsByType: ["A": ["child_id"], "B": ["child_code"]])
        #expect(link.batchRows > 1)
        #expect(link.insertSQL(rows: 2) == #"INSERT INTO "P_items" ("parent_id", "child_id", "child_code", "position", "child_type") VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)"#)
        #expect(link.insertSQL(rows: 1) == link.insertSQL)
    }
}
