import Foundation
import Testing
@testable import RKMap

/// Connections into SQLite link the record docs/spec.md §3.4 chooses, also
/// where storage makes two values equal that connections tell apart: `true`
/// is stored as 1, a number past 64 bits as TEXT holding its digits, an array
/// as its JSON text (§10.4). The link used to go to the first row with the
/// same stored value: `true` for 1, the string for the big number.
@Suite struct SQLiteConnectionKindTests {
    static let spec = """
        {"descriptors": [{"keyPath": "a", "root-map-ref": "a"}, {"keyPath": "t", "root-map-ref": "t"}],
         "mappers": [{"id": "a", "target": "A", "attributes": ["id", "ref"],
           "connections": [{"relationship": "to", "sourceAttribute": "ref", "target": "T", "targetAttribute": "code"}]},
          {"id": "t", "target": "T", "attributes": ["code", "name"]}]}
        """

    /// Each source value, and the name of the target it connects to per §3.4.
    static let cases: [(ref: String, name: String)] = [
        ("1", "one"), ("true", "yes"), ("18446744073709551616", "big number"), (#""18446744073709551616""#, "big string"),
        (#""[1]""#, "text"), ("2", "two"),
    ]

    /// Targets whose stored value collides come first, in both orders.
    static let document = """
        {"a": [\(cases.enumerated().map { #"{"id": \#($0.offset), "ref": \#($0.element.ref)}"# }.joined(separator: ", "))],
         "t": [{"code": true, "name": "yes"}, {"code": 1, "name": "one"},
               {"code": "18446744073709551616", "name": "big string"}, {"code": 18446744073709551616, "name": "big number"},
               {"code": [1], "name": "array"}, {"code": "[1]", "name": "text"}, {"code": 2.0, "name": "two"}]}
        """

    /// `--type A` writes only A's rows: A's connection to T records, which
    /// have no identity, could link no row, so the run is refused before the
    /// database is created (a silent missing link otherwise). With T an
    /// entity the key is written: its row may come from another run.
    @Test func typeThatLeavesConnectedRowsOutIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Self.document)
        let run = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--type", "A", "-o", "out.db"], directory: scratch.url)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: --type A writes only A rows, but A's connection 'to' links T records, which have no identity, so their rows and the links would be missing; drop --type, or give T an identification (docs/spec.md §7)\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.db")))
        // T has no connections: fine.
        let types = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--type", "T", "-o", "t.db"], directory: scratch.url)
        #expect(types.status == 0 && types.stderr.isEmpty)
        #expect(try Tables.query(scratch.path("t.db"), #"SELECT count(*) FROM "T""#) == [[.integer(7)]])
        // T as an entity: its key is the link.
        let entity = Self.spec.replacingOccurrences(
            of: #"{"id": "t", "target": "T","#, with: #"{"id": "t", "target": "T", "entity": true, "identification": "name","#)
        try scratch.write("entity.json", entity)
        let linked = try RKMapExecutable.run(["apply", "entity.json", "in.json", "--type", "A", "-o", "e.db"], directory: scratch.url)
        #expect(linked.status == 0 && linked.stderr.isEmpty, "\(linked.stderr)")
        #expect(try Tables.query(scratch.path("e.db"), #"SELECT "to" FROM "A" WHERE "id" = 0"#) == [[.text("one")]])
    }

    @Test(arguments: [false, true])
    func eachConnectionLinksTheRecordItChose(streamed: Bool) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        // Padding past the pipeline threshold streams the document.
        let padding = streamed ? #", "pad": ""# + String(repeating: "p", count: 1_100_000) + "\"}" : "}"
        try scratch.write("in.json", String(Self.document.dropLast()) + padding)
        let database = scratch.path("out.db")
        let run = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "sqlite", "-o", database], directory: scratch.url)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let rows = try Tables.query(database, #"SELECT a."id", t."name" FROM "A" a LEFT JOIN "T" t ON t."_id" = a."to" ORDER BY a."id""#)
        #expect(rows == Self.cases.enumerated().map { [.integer(Int64($0.offset)), .text($0.element.name)] })
        // The tree output connects the same records.
        let tree = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url)
        for (i, c) in Self.cases.enumerated() {
            #expect(tree.stdout.split(separator: "\n")[i].contains(#""name":"\#(c.name)"}"#))
        }
    }
}
