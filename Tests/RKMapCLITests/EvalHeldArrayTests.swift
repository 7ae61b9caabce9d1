import Foundation
import Testing

/// `rkmap eval` holds an array an index picks from as its elements' text
/// when it is large (`RKMAP_HELD_ARRAY_BYTES=0` holds every one): the
/// answers are those of the whole document (docs/spec.md §4, §9): an index
/// from the start or the end, past the end (`nil`), an element that is not
/// an object, a collection operator, `ANY` through the same array, and a
/// path through an index into an inner array.
@Suite struct EvalHeldArrayTests {
    static let document = #"{"items": [{"id": 1, "tags": ["a", "b"], "sub": {"list": [5, 6]}}, 7, {"id": 3, "name": "é"}], "n": 3}"#

    @Test(arguments: [
        ("items[0].id == 1", "true"), ("items[-1].name == 'é'", "true"), ("items[2].id == 3", "true"),
        ("items[5].id == nil", "true"), ("items[1].id == nil", "true"), ("items[1] == 7", "true"),
        ("items[0].tags[1] == 'b'", "true"), ("items[0].sub.list[-1] == 6", "true"),
        ("'a' IN items[0].tags", "true"), ("items[0].tags.@count == 2", "true"),
        ("items[0].id == 1 AND ANY items.id == 3", "true"), ("items[-1].id == 1 OR items.@count == 2", "false"),
        ("items[0].sub.list[0] > 5", "false"),
        // Through the array without an index (held for its elements too):
        // `items.tags` is one value per item, `null` where an item has none.
        ("items.tags.@count == 3", "true"), ("items.sub.list.@count == 3", "true"),
        ("items.id.@max == 3", "true"), ("items.id.@sum == 4", "true"),
        ("ANY items.sub.list == nil", "true"), ("ANY items.name == 'é'", "true"),
        ("items.sub.list[0] == 5", "false"), ("ALL items.id > 0", "false"),
    ])
    func heldOrNotTheAnswerIsTheWholeDocuments(_ predicate: String, _ expected: String) throws {
        let scratch = try Scratch()
        _ = try scratch.write("in.json", Self.document + "\n")
        for held in ["0", "1000000"] {
            let run = try RKMapExecutable.run(["eval", predicate, "in.json"], directory: scratch.url,
                                              environment: ["RKMAP_HELD_ARRAY_BYTES": held])
            #expect(run.stdout == expected + "\n", "\(predicate), held from \(held) bytes: \(run.stderr)")
            #expect(run.status == (expected == "true" ? 0 : 1))
        }
    }
}
