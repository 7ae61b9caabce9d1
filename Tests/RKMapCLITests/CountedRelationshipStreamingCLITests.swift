import Foundation
import Testing
@testable import RKMap

/// A record whose to-many relationship holds most of the document, and whose
/// attribute counts that array (`items.@count`, `data.children.@count`), is
/// streamed (docs/behaviour.md): the record's object is read with the array's
/// length only, the record is written around the elements as they are mapped.
/// Through the binary, a threshold of 0 streams every such array: the output
/// is what §4 (`@count` is the number of elements, whatever they hold) and
/// §5.2 give, and a whole read's in every format.
@Suite struct CountedRelationshipStreamingCLITests {
    static let whole = PipelineThresholds.whole
    static let streamed = PipelineThresholds.streamed

    static let cart = #"""
        {"keyPath": "", "root-map-ref": "cart", "mappers": [
          {"id": "cart", "target": "Cart", "attributes": {"name": "name", "items.@count": "count"},
           "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
          {"id": "item", "target": "Item", "attributes": ["n"]}]}
        """#

    /// Worked out from §4 and §10.1: the count before the relationship, in
    /// field order; the array's elements in its place.
    @Test(arguments: ["ndjson", "csv"])
    func theCountIsTheArraysLength(format: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.cart)
        try scratch.write("in.json", #"{"items": [{"n": 1}, {"n": 2}, {"n": 3}], "name": "a"}"#)
        let expected = format == "ndjson"
            ? #"{"@type":"Cart","name":"a","count":3,"items":[{"@type":"Item","n":1},{"@type":"Item","n":2},{"@type":"Item","n":3}]}"# + "\n"
            : "@type,name,count,items\r\n"
                + #"Cart,a,3,"[{""@type"":""Item"",""n"":1},{""@type"":""Item"",""n"":2},{""@type"":""Item"",""n"":3}]""# + "\r\n"
        try PipelineThresholds.expectOutput(["apply", "spec.json", "in.json", "--format", format], in: scratch, expected)
    }

    /// SQLite: the record's row (with its count) first, then each element's
    /// row and link.
    @Test func intoSQLiteTheRowHoldsTheCount() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.cart)
        try scratch.write("in.json", #"{"name": "a", "items": [{"n": 1}, [{"n": 2}], null, 4]}"#)
        let (run, db) = try PipelineThresholds.intoSQLite(in: scratch, environment: Self.streamed)
        #expect(run.status == 0, "\(run.stderr)")
        // Four elements; the scalar maps to nothing, with a warning.
        #expect(run.stderr.contains("$.items[3]"), "\(run.stderr)")
        #expect(try Tables.query(db, "SELECT name, count FROM Cart") == [[.text("a"), .integer(4)]])
        #expect(try Tables.query(db, "SELECT n, position FROM Item JOIN Cart_items ON child_id = Item._id ORDER BY position")
            == [[.integer(1), .integer(0)], [.integer(2), .integer(1)]])
    }

    /// Stripe's list, a dynamic root mapper choosing it, and Reddit's
    /// listing (`data.children`, the array in the object at `data`), with
    /// the array empty, absent, null, an object, nested, and holding
    /// scalars: the streamed output, warnings and status are a whole read's.
    @Test(arguments: ["json", "ndjson", "csv"], ["list", "listing"])
    func streamedOutputIsTheWholeReadsOutput(format: String, shape: String) throws {
        let spec = shape == "list" ? #"""
            {"keyPath": "", "root-map-ref": "object", "mappers": [
              {"id": "object", "dynamic": true, "matchers": [{"keyPath": "object", "expectValue": "list", "map-ref": "list"}]},
              {"id": "list", "target": "List", "attributes": {"data.@count": "count", "has_more": "more"},
               "relationships": [{"from": "data", "to": "data", "map-ref": "charge", "many": true}]},
              {"id": "charge", "target": "Charge", "attributes": ["id", "amount"]}]}
            """# : #"""
            {"keyPath": "", "root-map-ref": "listing", "mappers": [
              {"id": "listing", "target": "Listing", "attributes": {"data.after": "after", "data.children.@count": "count"},
               "relationships": [{"from": "data.children", "to": "posts", "map-ref": "post", "many": true}]},
              {"id": "post", "target": "Post", "attributes": {"data.id": "id", "@parent.after": "after"}}]}
            """#
        let documents = shape == "list" ? [
            #"{"object": "list", "data": [{"id": "ch_1", "amount": 100}, {"id": "ch_2", "amount": 250}], "has_more": true}"#,
            #"{"data": [], "object": "list", "has_more": false}"#,
            #"{"object": "list", "data": [[{"id": "ch_3"}], null, 7, {"amount": 1}]}"#,
            #"{"object": "list", "has_more": false}"#,
            #"{"object": "list", "data": null}"#,
            #"{"object": "list", "data": {"id": "ch_4"}}"#,
        ] : [
            #"{"kind": "Listing", "data": {"after": "t3_b", "children": [{"data": {"id": "a"}}, {"data": {"id": "b"}}]}}"#,
            #"{"data": {"children": [], "after": null}}"#,
            #"{"data": {"children": [[{"data": {"id": "c"}}], "x"], "after": "t3_c"}}"#,
            #"{"data": {"after": "t3_d"}}"#,
        ]
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", spec)
        try scratch.write("in.ndjson", documents.joined(separator: "\n") + "\n")
        let arguments = ["apply", "spec.json", "in.ndjson", "--format", format, "--keep-going"]
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.whole)
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed)
        #expect(whole.status == streamed.status)
        #expect(streamed.stdout == whole.stdout)
        #expect(streamed.stderr == whole.stderr)
        // The first document's count, as §4 gives it.
        #expect(streamed.stdout.contains(format == "csv" ? ",2," : #""count":2"#) || streamed.stdout.contains(#""count": 2"#))
    }
}
