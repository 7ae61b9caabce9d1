import Foundation
import Testing
@testable import RKMap

/// A record whose to-many relationship holds most of the document is streamed
/// when its other fields have dotted destinations too (docs/behaviour.md):
/// the nested objects are placed where their first field is written (§3.1),
/// the array's field keeps its place among them. Through the binary, a
/// threshold of 0 streams every such array; the output is what §3.1, §5.2
/// and §10 give, and a whole read's, in every format.
@Suite struct DottedDestinationStreamingCLITests {
    static let environments = PipelineThresholds.both

    static let spec = #"""
        {"keyPath": "", "root-map-ref": "doc", "mappers": [
          {"id": "doc", "target": "Doc", "attributes": {"name": "meta.name", "kind": "kind", "items.@count": "meta.count"},
           "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true},
                             {"from": "owner", "to": "meta.owner", "map-ref": "person"}]},
          {"id": "item", "target": "Item", "attributes": {"n": "n", "label": "info.label"}},
          {"id": "person", "target": "Person", "attributes": ["login"]}]}
        """#
    static let input = #"{"items": [{"n": 1, "label": "x"}, {"n": 2}], "name": "a", "kind": "k", "owner": {"login": "o"}}"#

    /// Worked out from §3.1: `meta` is placed at its first field (`name`),
    /// and holds the later `count` and `owner`; `items` after `kind`, in slot
    /// order; an element's `info` nests its label. CSV names dotted columns
    /// by their destination, the to-one relationship's after the others.
    @Test(arguments: ["ndjson", "csv"])
    func theRecordNestsAroundItsElements(format: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Self.input)
        let expected = format == "ndjson"
            ? #"{"@type":"Doc","meta":{"name":"a","count":2,"owner":{"@type":"Person","login":"o"}},"kind":"k","#
                + #""items":[{"@type":"Item","n":1,"info":{"label":"x"}},{"@type":"Item","n":2}]}"# + "\n"
            : "@type,meta.name,kind,meta.count,items,meta.owner.login\r\n"
                + #"Doc,a,k,2,"[{""@type"":""Item"",""n"":1,""info"":{""label"":""x""}},{""@type"":""Item"",""n"":2}]",o"# + "\r\n"
        try PipelineThresholds.expectOutput(["apply", "spec.json", "in.json", "--format", format], in: scratch, expected)
    }

    /// Pretty JSON indents the nested objects and the elements alike.
    @Test func prettyJSONIsAWholeReads() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Self.input + "\n" + #"{"name": "b", "items": []}"#)
        let runs = try Self.environments.map { environment in
            try RKMapExecutable.run(["apply", "spec.json", "in.json"], directory: scratch.url, environment: environment)
        }
        #expect(runs[0].status == 0 && runs[0].stderr == "", "\(runs[0])")
        #expect(runs[0].stdout == runs[1].stdout)
        #expect(runs[0].stdout.contains("""
              {
                "@type": "Doc",
                "meta": {
                  "name": "b",
                  "count": 0
                },
                "items": []
              }
            """), "\(runs[0].stdout)")
    }

    /// SQLite: dotted destinations are columns of the record's row, written
    /// first, then each element's row and link.
    @Test func intoSQLiteTheRowComesFirst() throws {
        for environment in Self.environments {
            let scratch = try Scratch()
            defer { scratch.remove() }
            try scratch.write("spec.json", Self.spec)
            try scratch.write("in.json", Self.input)
            let (run, db) = try PipelineThresholds.intoSQLite(in: scratch, environment: environment)
            #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
            #expect(try Tables.query(db, #"SELECT "meta.name", kind, "meta.count", login FROM Doc JOIN Person ON Person._id = "meta.owner""#)
                == [[.text("a"), .text("k"), .integer(2), .text("o")]])
            #expect(try Tables.query(db, #"SELECT n, "info.label", position FROM Item JOIN Doc_items ON child_id = Item._id ORDER BY position"#)
                == [[.integer(1), .text("x"), .integer(0)], [.integer(2), .null, .integer(1)]])
        }
    }
}
