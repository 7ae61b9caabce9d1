import Foundation
import Testing

/// Objects that a later `@root` path may still read wait until it comes
/// (docs/spec.md §12 check 3: what a mapping reads is read, whichever
/// mapper reads it and when). Objects alike in all a report counts of them
/// wait as one, counted as many (`ReadTracker`): through the binary, the
/// report counts every object and names every mapper, as when each waited
/// with its own tree.
@Suite struct CheckWaitingObjectsTests {
    /// A gift inside the third item reads `@root.items.meta.a`: the two
    /// items closed before it (alike but for their values) waited for it,
    /// and it reads `a` of both; the items after inherit it. `meta.b` is
    /// unread in the four items that have it, `meta.c` in the last, `x` in
    /// all five. Without the gift nothing reads into `meta`: it is unread
    /// whole in each item.
    @Test func objectsAlikeThatWaitAreEachCounted() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"""
            {"keyPath": "items", "root-map-ref": "item",
             "mappers": [
              {"id": "item", "target": "Item", "attributes": ["ID"], "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]},
              {"id": "gift", "target": "Gift", "attributes": {"note": "note", "@root.items.meta.a": "as"}}]}
            """#)
        func items(gift: Bool) -> String {
            """
            {"items": [
             {"ID": 1, "meta": {"a": 1, "b": 2}, "x": 1},
             {"ID": 2, "meta": {"a": 5, "b": [6, 7]}, "x": "s"},
             {"ID": 3, "meta": {"a": 1, "b": 2}, "x": 1\(gift ? #", "gift": {"note": "n"}"# : "")},
             {"ID": 4, "meta": {"a": 1, "b": 2}, "x": 1},
             {"ID": 5, "meta": {"a": 1, "c": 2}, "x": 1}]}
            """
        }
        try dir.write("gift.json", items(gift: true))
        try dir.write("none.json", items(gift: false))
        let r = try RKMapExecutable.run(["check", "s.json", "gift.json", "none.json", "--unmapped", "error", "--missing", "ignore"],
                                        directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == """
            FAIL gift.json: 200, 5 records
              unmapped: $.items[*].meta.b: not mapped (4 times) [mapper item]
              unmapped: $.items[*].meta.c: not mapped (1 time) [mapper item]
              unmapped: $.items[*].x: not mapped (5 times) [mapper item]
            FAIL none.json: 200, 5 records
              unmapped: $.items[*].meta: not mapped (5 times) [mapper item]
              unmapped: $.items[*].x: not mapped (5 times) [mapper item]
            0 passed, 2 failed

            """)
        #expect(r.stderr == "")
        #expect(r.status == 1)
    }

    /// Items of two mappers, alike in their keys, all waiting for a later
    /// descriptor's `@root.items.lines.q`: each mapper's wait apart, so the
    /// report names both, the first to have the member first; each line of
    /// each item is counted (the last item's second line has no `r`). The
    /// same with the document's `@root` copied beside it (the items then
    /// read as their text and each read back: `check` element by element).
    @Test(arguments: [false, true])
    func objectsOfTwoMappersWaitApart(copied: Bool) throws {
        let dir = try Scratch()
        try dir.write("s.json", #"""
            {"descriptors": [{"keyPath": "items", "root-map-ref": "pick"}, {"keyPath": "extras", "root-map-ref": "extra"}],
             "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [{"keyPath": "kind", "expectValue": "a", "map-ref": "a"},
                                                          {"keyPath": "kind", "expectValue": "b", "map-ref": "b"}]},
              {"id": "a", "target": "A", "attributes": ["ID", "kind"]},
              {"id": "b", "target": "B", "attributes": ["ID", "kind"]},
              {"id": "extra", "target": "Extra", "attributes": {"note": "note", "@root.items.lines.q": "qs"},
               "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]},
              {"id": "gift", "target": "Gift", "attributes": {"note": "note", "@root": "doc"}}]}
            """#)
        try dir.write("in.json", """
            {"items": [
             {"ID": 1, "kind": "b", "x": 1, "lines": [{"q": 1, "r": 2}]},
             {"ID": 2, "kind": "a", "x": 1, "lines": [{"q": 1, "r": 2}]},
             {"ID": 3, "kind": "b", "x": 1, "lines": [{"q": 1, "r": 2}]},
             {"ID": 4, "kind": "a", "x": 1, "lines": [{"q": 3, "r": 4}]},
             {"ID": 5, "kind": "b", "x": 2, "lines": [{"q": 1, "r": 2}, {"q": 1}]}],
             "extras": [{"note": "n"\(copied ? #", "gift": {"note": "g"}"# : "")}]}
            """)
        for held in ["0", "1000000000"] {
            let r = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil, "RKMAP_HELD_ARRAY_BYTES": held])
            // The copy reads every member of the document.
            #expect(r.stdout == (copied ? """
                PASS in.json: 200, 6 records
                1 passed, 0 failed

                """ : """
                FAIL in.json: 200, 6 records
                  unmapped: $.items[*].lines[*].r: not mapped (5 times) [mapper b, a]
                  unmapped: $.items[*].x: not mapped (5 times) [mapper b, a]
                0 passed, 1 failed

                """), "held from \(held)")
            #expect(r.status == (copied ? 0 : 1))
        }
    }

    /// A shipment reads `@parent.items.qty` of its order after the items
    /// were mapped: each order's items wait in the order (alike ones as
    /// one) until it closes. The first order's shipment reads `qty` of its
    /// four items, whatever their values; the second has none, so its two
    /// items' `qty` is unread. `x` is unread in five items, `y` in one.
    @Test func objectsAlikeThatWaitForAParentReadAreEachCounted() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"""
            {"keyPath": "orders", "root-map-ref": "order",
             "mappers": [
              {"id": "order", "target": "Order", "attributes": ["id"],
               "relationships": [{"from": "items", "to": "items", "map-ref": "item"}, {"from": "ships", "to": "ships", "map-ref": "ship"}]},
              {"id": "item", "target": "Item", "attributes": ["ID"]},
              {"id": "ship", "target": "Ship", "attributes": {"note": "note", "@parent.items.qty": "qtys"}}]}
            """#)
        try dir.write("in.json", #"""
            {"orders": [
             {"id": 1, "items": [{"ID": 1, "qty": 1, "x": 1}, {"ID": 2, "qty": [2], "x": 1}, {"ID": 3, "qty": 3, "y": 1}, {"ID": 4, "qty": 4, "x": "s"}],
              "ships": [{"note": "n"}]},
             {"id": 2, "items": [{"ID": 5, "qty": 1, "x": 1}, {"ID": 6, "qty": 2, "x": 1}], "ships": []}]}
            """#)
        for held in ["0", "1000000000"] {
            let r = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil, "RKMAP_HELD_ARRAY_BYTES": held])
            #expect(r.stdout == """
                FAIL in.json: 200, 2 records
                  unmapped: $.orders[*].items[*].qty: not mapped (2 times) [mapper item]
                  unmapped: $.orders[*].items[*].x: not mapped (5 times) [mapper item]
                  unmapped: $.orders[*].items[*].y: not mapped (1 time) [mapper item]
                0 passed, 1 failed

                """, "held from \(held)")
            #expect(r.status == 1)
        }
    }

    /// Under `keyMatching: caseInsensitive` a read's key follows, in each
    /// object on the way, the member of that key exactly, else the first
    /// equal to it ignoring case. `@root.orders.Items.qty` reads the first
    /// order's `items` (no `Items` there), the second's `Items` (not its
    /// `items`, which the relationship maps) and the third's `ITEMS`. The
    /// second order's items wait alike the first's, but the read does not
    /// reach them: their `qty` is unread. Items wait as one only where every
    /// object on their way has one member under their path's key ignoring
    /// case; the report is that of each waiting as itself, each item at
    /// the member its order's relationship followed (`ITEMS` for the third).
    @Test func objectsAlikeUnderCaseInsensitiveKeysWaitApartWhereTheWayDiffers() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"""
            {"keyMatching": "caseInsensitive",
             "descriptors": [{"keyPath": "orders", "root-map-ref": "order"}, {"keyPath": "extras", "root-map-ref": "extra"}],
             "mappers": [
              {"id": "order", "target": "Order", "attributes": ["id"], "relationships": [{"from": "items", "to": "items", "map-ref": "item"}]},
              {"id": "item", "target": "Item", "attributes": ["ID"]},
              {"id": "extra", "target": "Extra", "attributes": {"note": "note", "@root.orders.Items.qty": "qtys"}}]}
            """#)
        try dir.write("in.json", #"""
            {"orders": [
              {"id": 1, "items": [{"ID": 1, "qty": 1, "x": 1}, {"ID": 2, "qty": 2, "x": 1}]},
              {"id": 2, "Items": [{"ID": 3, "qty": 1, "x": 1}], "items": [{"ID": 4, "qty": 1, "x": 1}, {"ID": 5, "qty": 1, "x": 1}]},
              {"id": 3, "ITEMS": [{"ID": 6, "qty": 1, "x": 1}]}],
             "extras": [{"note": "n"}]}
            """#)
        let r = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "ignore"],
                                        directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == """
            FAIL in.json: 200, 4 records
              unmapped: $.orders[*].ITEMS[*].x: not mapped (1 time) [mapper item]
              unmapped: $.orders[*].Items[*].ID: not mapped (1 time) [mapper order]
              unmapped: $.orders[*].Items[*].x: not mapped (1 time) [mapper order]
              unmapped: $.orders[*].items[*].qty: not mapped (2 times) [mapper item]
              unmapped: $.orders[*].items[*].x: not mapped (4 times) [mapper item]
            0 passed, 1 failed

            """)
        #expect(r.status == 1)
    }

    /// A key of other characters may equal an ASCII one ignoring case: the
    /// Kelvin sign `\u{212A}` lowercases to `k`. The second order's
    /// `\u{212A}ids`, before its `kids`, is what `@root.orders.KIDS.qty`
    /// follows there (no member is `KIDS` exactly): its `kids`, which the
    /// relationship maps exactly, wait apart from the first order's, and
    /// their `qty` is unread.
    @Test func aKeyEqualToAnASCIIKeyIgnoringCaseMakesTheWayDiffer() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"""
            {"keyMatching": "caseInsensitive",
             "descriptors": [{"keyPath": "orders", "root-map-ref": "order"}, {"keyPath": "extras", "root-map-ref": "extra"}],
             "mappers": [
              {"id": "order", "target": "Order", "attributes": ["id"], "relationships": [{"from": "kids", "to": "kids", "map-ref": "kid"}]},
              {"id": "kid", "target": "Kid", "attributes": ["ID"]},
              {"id": "extra", "target": "Extra", "attributes": {"note": "note", "@root.orders.KIDS.qty": "qtys"}}]}
            """#)
        try dir.write("in.json", #"""
            {"orders": [
              {"id": 1, "kids": [{"ID": 1, "qty": 1, "x": 1}, {"ID": 2, "qty": 2, "x": 1}]},
              {"id": 2, "\u212Aids": [{"ID": 3, "qty": 1, "x": 1}], "kids": [{"ID": 4, "qty": 1, "x": 1}, {"ID": 5, "qty": 1, "x": 1}]}],
             "extras": [{"note": "n"}]}
            """#)
        let r = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "ignore"],
                                        directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == """
            FAIL in.json: 200, 3 records
              unmapped: $.orders[*].kids[*].qty: not mapped (2 times) [mapper kid]
              unmapped: $.orders[*].kids[*].x: not mapped (4 times) [mapper kid]
              unmapped: $.orders[*]["\u{212A}ids"][*].ID: not mapped (1 time) [mapper order]
              unmapped: $.orders[*]["\u{212A}ids"][*].x: not mapped (1 time) [mapper order]
            0 passed, 1 failed

            """)
        #expect(r.status == 1)
    }
}
