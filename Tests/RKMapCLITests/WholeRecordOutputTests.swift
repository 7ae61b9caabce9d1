import Foundation
import Testing
@testable import RKMap

/// A record mapped whole whose relationship holds many records (its field is
/// a dotted destination, `all.items`, which keeps it from streaming) is
/// written out in pieces of about 256 KiB as its elements are encoded, not
/// built whole and then copied (docs/behaviour.md). The pieces must join into
/// exactly the text §10.1 gives, a large value written from its own bytes
/// among them: here over a megabyte of output, with one element's `tags` a
/// 300 kB array.
@Suite struct WholeRecordOutputTests {
    static let spec = #"""
        {"keyPath": "", "root-map-ref": "list", "mappers": [
          {"id": "list", "target": "List", "attributes": {"kind": "kind"},
           "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]},
          {"id": "item", "target": "Item", "attributes": {"ID": "id", "Name": "name", "Price": "price", "Tags": "tags"}}]}
        """#

    static let count = 12_000
    static let large = 6_000

    /// Item `i` as the input spells it and as compact output writes it.
    static func tags(_ i: Int) -> String {
        i == large ? "[" + (0..<50_000).map { String($0) }.joined(separator: ",") + "]" : #"["a","b\#(i % 7)"]"#
    }

    static var input: String {
        let items = (0..<count).map { i in #"{"ID": \#(i), "Name": "item_\#(i)", "Price": \#(i).5, "Tags": \#(tags(i))}"# }
        return #"{"kind": "Listing", "items": ["# + items.joined(separator: ", ") + "]}"
    }

    /// The one root record as §10.1's compact JSON writes it.
    static var compactRecord: String {
        let items = (0..<count).map { i in #"{"@type":"Item","id":\#(i),"name":"item_\#(i)","price":\#(i).5,"tags":\#(tags(i))}"# }
        return #"{"@type":"List","kind":"Listing","all":{"items":["# + items.joined(separator: ",") + "]}}"
    }

    @Test func ndjsonWritesTheWholeRecordExactly() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.spec)
        let result = try RKMapExecutable.run(["apply", spec, "-", "--format", "ndjson"], stdin: Array(Self.input.utf8))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.utf8.count > 1_000_000)
        #expect(result.stdout == Self.compactRecord + "\n")
    }

    /// Pretty JSON: the same text once the indentation is taken out (no string
    /// of this output holds a space or a line break), and every line indented
    /// by its depth: two spaces per open bracket or brace before it.
    @Test func prettyJSONWritesTheWholeRecordExactly() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.spec)
        let result = try RKMapExecutable.run(["apply", spec, "-", "--format", "json"], stdin: Array(Self.input.utf8))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let text = result.stdout
        let squeezed = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\n" }))
        #expect(squeezed == "[" + Self.compactRecord + "]")
        var depth = 0
        var misindented: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let trimmed = line.drop { $0 == " " }
            let closes = trimmed.first == "]" || trimmed.first == "}"
            let expected = 2 * (depth - (closes ? 1 : 0))
            if line.count - trimmed.count != expected, misindented.count < 3 { misindented.append(String(line.prefix(60))) }
            for c in trimmed.utf8 {
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
                if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { depth -= 1 }
            }
        }
        #expect(misindented.isEmpty, "\(misindented)")
        #expect(depth == 0)
    }
}

/// The same record's large relationship, mapped whole, is held as its
/// elements' text and its records as bytes (`RKMAP_HELD_ARRAY_BYTES`: by
/// default from 256 KiB; 0 holds every such array, however small; a billion
/// holds none and builds trees and records as before): every format gives the
/// same output, rows and messages either way, with `--type`, and when some
/// records cannot be stored under their identity.
@Suite struct HeldRelationshipOutputTests {
    static let thresholds = [nil, "0", "1000000000"]

    /// Every run gave the first one's status, output and messages.
    static func expectSame(_ results: [RKMapExecutable.Result], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for r in results.dropFirst() {
            #expect(r.status == results[0].status, sourceLocation: sourceLocation)
            #expect(r.stdout == results[0].stdout, sourceLocation: sourceLocation)
            #expect(r.stderr == results[0].stderr, sourceLocation: sourceLocation)
        }
    }

    static func run(_ args: [String], threshold: String?, in scratch: Scratch) throws -> RKMapExecutable.Result {
        try RKMapExecutable.run(
            args, stdin: Array(WholeRecordOutputTests.input.utf8), directory: scratch.url,
            environment: ["RKMAP_HELD_ARRAY_BYTES": threshold])
    }

    @Test(arguments: [
        ["--format", "ndjson"], ["--format", "json"], ["--format", "csv"], ["--format", "ndjson", "--strict"],
        ["--format", "json", "--shape", "object"], ["--format", "json", "--shape", "dictionary"], ["--format", "csv", "--compact"],
    ])
    func everyFormatWritesTheSameHeldOrNot(_ format: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", WholeRecordOutputTests.spec)
        let results = try Self.thresholds.map { try Self.run(["apply", "spec.json", "-"] + format, threshold: $0, in: scratch) }
        #expect(results[0].status == 0 && results[0].stderr.isEmpty, "\(results[0].stderr)")
        #expect(results[0].stdout.utf8.count > 1_000_000)
        #expect(results[0].stdout.contains(#""name":"item_11999""#) || results[0].stdout.contains("item_11999"))
        Self.expectSame(results)
    }

    /// A CSV cell of held records is written as each one is encoded, quoted
    /// from its first byte when a comma must come: none, one (whose cell
    /// needs quotes only for its own text) and two records give the cells
    /// they give when nothing is held, RFC 4180's quoting with `"` doubled.
    @Test func csvCellsOfNoneOneAndTwoHeldRecordsAreTheSame() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", WholeRecordOutputTests.spec)
        try scratch.write("in.ndjson", [
            #"{"kind": "none", "items": []}"#,
            #"{"kind": "one", "items": [{"ID": 1, "Name": "plain"}]}"#,
            #"{"kind": "two", "items": [{"ID": 1, "Name": "a \"b\""}, {"ID": 2}]}"#,
        ].joined(separator: "\n"))
        var outputs: [String] = []
        for threshold in Self.thresholds {
            let r = try RKMapExecutable.run(
                ["apply", "spec.json", "in.ndjson", "--format", "csv"], directory: scratch.url,
                environment: ["RKMAP_HELD_ARRAY_BYTES": threshold])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
            outputs.append(r.stdout)
        }
        #expect(outputs[0] == [
            "@type,kind,all.items",
            "List,none,[]",
            #"List,one,"[{""@type"":""Item"",""id"":1,""name"":""plain""}]""#,
            #"List,two,"[{""@type"":""Item"",""id"":1,""name"":""a \""b\""""},{""@type"":""Item"",""id"":2}]""#,
        ].map { $0 + "\r\n" }.joined())
        #expect(outputs[1] == outputs[0])
        #expect(outputs[2] == outputs[0])
    }

    /// Under a spec with connections (docs/spec.md §3.4) the held records are
    /// filled as they are read: each source connects to the first target in
    /// output order, whether that is a record before the list (`owner`), in
    /// it, or after it; a value none has is a warning at the record's place,
    /// in the order the tree gives them; `--strict` and `--type` act alike.
    /// Every format gives the same output and messages held or not, and
    /// through the pipeline (`RKMAP_PIPELINE_THRESHOLD=0`), whose held roots
    /// take the list's records as they were held, not a copy (`HeldRecords`).
    @Test(arguments: [
        ["--format", "ndjson"], ["--format", "json"], ["--format", "csv"], ["--format", "ndjson", "--strict"],
        ["--format", "json", "--type", "Item"],
    ])
    func connectionsFillHeldRecordsAsTheTreeDoes(_ format: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.connectionSpec)
        try scratch.write("in.json", Self.connectionInput)
        var results: [RKMapExecutable.Result] = []
        for threshold in Self.thresholds {
            results.append(try RKMapExecutable.run(
                ["apply", "spec.json", "in.json"] + format, directory: scratch.url, environment: ["RKMAP_HELD_ARRAY_BYTES": threshold]))
        }
        for threshold in ["0", "1000000000"] {
            results.append(try RKMapExecutable.run(
                ["apply", "spec.json", "in.json"] + format, directory: scratch.url,
                environment: ["RKMAP_HELD_ARRAY_BYTES": threshold, "RKMAP_PIPELINE_THRESHOLD": "0"]))
        }
        let strict = format.contains("--strict")
        #expect(results[0].status == (strict ? 1 : 0))
        #expect(results[0].stderr.contains("$.items[3]: warning: connection 'next': no Item with id = 999"), "\(results[0].stderr)")
        Self.expectSame(results)
    }

    /// What the held records connect to, read from NDJSON: `owner` (id 1,
    /// before the list) wins over item 1; item 2's `next` is item 3, after it
    /// in the list; `after` (id 5000) is found from inside the list. Mapped
    /// whole and through the pipeline, whose held roots take the list as it
    /// was held.
    @Test(arguments: [false, true])
    func heldRecordsConnectToTheFirstTargetInOutputOrder(pipeline: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.connectionSpec)
        try scratch.write("in.json", Self.connectionInput)
        var environment: [String: String?] = ["RKMAP_HELD_ARRAY_BYTES": "0"]
        if pipeline { environment["RKMAP_PIPELINE_THRESHOLD"] = "0" }
        let r = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url, environment: environment)
        #expect(r.status == 0)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let items = try #require((record["all"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.count == Self.connectionItems)
        func next(_ i: Int) -> String? { (items[i]["next"] as? [String: Any])?["name"] as? String }
        #expect(next(0) == "owner")
        #expect(next(2) == "item 3")
        #expect(next(3) == nil)
        #expect(next(4) == "after")
        #expect((items[2]["next"] as? [String: Any])?["next"] == nil, "a connected record is written without its connections")
    }

    static let connectionItems = 400
    static let connectionSpec = #"""
        {"keyPath": "", "root-map-ref": "list", "mappers": [
          {"id": "list", "target": "List", "relationships": [
            {"from": "owner", "to": "owner", "map-ref": "item"},
            {"from": "items", "to": "all.items", "map-ref": "item", "many": true},
            {"from": "after", "to": "after", "map-ref": "item"}]},
          {"id": "item", "target": "Item", "attributes": {"ID": "id", "Name": "name", "Next": "ref"},
           "connections": [{"relationship": "next", "sourceAttribute": "ref", "target": "Item", "targetAttribute": "id"}]}]}
        """#
    static var connectionInput: String {
        let next = [0: "1", 2: "3", 3: "999", 4: "5000"]
        let items = (0..<connectionItems).map { i in
            #"{"ID": \#(i), "Name": "item \#(i)"\#(next[i].map { #", "Next": \#($0)"# } ?? "")}"#
        }
        return #"{"owner": {"ID": 1, "Name": "owner"}, "items": ["# + items.joined(separator: ", ")
            + #"], "after": {"ID": 5000, "Name": "after"}}"#
    }

    /// The held array counted too (`items.@count`, spec §4) and chosen by
    /// a matcher that reads its kind (`expectType`) and a predicate that
    /// counts it: the text answers both, so the array is still held, and
    /// every answer is the tree's.
    @Test(arguments: [["--format", "ndjson"], ["--format", "csv"]])
    func aCountedArrayIsHeldAndCountedAsTheTree(_ format: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = #"""
            {"keyPath": "", "root-map-ref": "choice", "mappers": [
              {"id": "choice", "dynamic": true, "matchers": [
                {"predicate": "items.@count > 11999", "map-ref": "list"},
                {"keyPath": "items", "expectType": "array", "map-ref": "short"}]},
              {"id": "list", "target": "List", "attributes": {"items.@count": "count", "kind": "kind"},
               "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]},
              {"id": "short", "target": "Short", "attributes": {"items.@count": "count"}},
              {"id": "item", "target": "Item", "attributes": {"ID": "id", "Name": "name"}}]}
            """#
        try scratch.write("spec.json", spec)
        let results = try Self.thresholds.map { try Self.run(["apply", "spec.json", "-"] + format, threshold: $0, in: scratch) }
        #expect(results[0].status == 0 && results[0].stderr.isEmpty, "\(results[0].stderr)")
        #expect(results[0].stdout.hasPrefix(#"{"@type":"List","count":12000,"kind":"Listing","all":{"items":[{"@type":"Item","id":0,"#)
            || results[0].stdout.contains("\r\nList,12000,Listing,"), "\(results[0].stdout.prefix(200))")
        Self.expectSame(results)
    }

    /// Key paths through the held array (spec §4: a key on an array maps
    /// over its elements) from an attribute, a predicate and a matcher: the
    /// elements' text holds those members too, so the array stays held, and
    /// each element read back gives what the tree gives, `null` where one
    /// lacks the key or is not an object.
    @Test(arguments: [["--format", "ndjson"], ["--format", "csv"], ["--format", "json", "--strict"], ["sqlite"]])
    func keyPathsThroughAHeldArrayReadEachElementAsTheTreeDoes(_ format: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = #"""
            {"keyPath": "", "root-map-ref": "choice", "mappers": [
              {"id": "choice", "dynamic": true, "matchers": [
                {"predicate": "ANY items.Price > 11998", "map-ref": "list"},
                {"keyPath": "items.Name", "expectType": "array", "map-ref": "short"}]},
              {"id": "list", "target": "List",
               "attributes": {"items.Name": "names", "items.ID.@max": "maxID", "items.Nope": "nope", "kind": "kind"},
               "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]},
              {"id": "short", "target": "Short", "attributes": {"items.Name": "names"}},
              {"id": "item", "target": "Item", "attributes": {"ID": "id"}}]}
            """#
        let sqlite = format == ["sqlite"]
        let (results, dumps) = try Self.runAtEveryThreshold(spec, format: format, in: scratch)
        let strict = format.contains("--strict")
        #expect(results[0].status == (strict ? 1 : 0), "\(results[0].stderr)")
        #expect(results[0].stderr.contains("$.items[3]: warning: cannot map a number with mapper 'item'"), "\(results[0].stderr)")
        if sqlite {
            #expect(try Tables.query(scratch.path("out0.db"), #"SELECT "maxID", "names" LIKE '["item_0","item_1","item_2",null,null,"item_4",%' FROM "List""#)
                == [[.integer(Int64(WholeRecordOutputTests.count - 1)), .integer(1)]])
            #expect(dumps[1] == dumps[0])
            #expect(dumps[2] == dumps[0])
        } else if format == ["--format", "ndjson"] {
            #expect(results[0].stdout.hasPrefix(#"{"@type":"List","names":["item_0","item_1","item_2",null,null,"item_4","#), "\(results[0].stdout.prefix(200))")
            #expect(results[0].stdout.contains(#""item_11999"],"maxID":11999,"nope":[null,null,null,null,"#))
        }
        Self.expectSame(results)
    }

    /// Indexes into the held array (spec §4: `[n]` picks one element,
    /// negative from the end; missing past either end, and a key on a
    /// number is missing): each element is read back from the held text as
    /// the rest of its path reads it, so every answer is the tree's, held
    /// or not, and a relationship from one element maps it.
    @Test(arguments: [["--format", "ndjson"], ["--format", "csv"], ["sqlite"]])
    func indexesIntoAHeldArrayPickTheTreesElements(_ format: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = #"""
            {"keyPath": "", "root-map-ref": "list", "mappers": [
              {"id": "list", "target": "List",
               "attributes": {"items[0].Name": "first", "items[-1].ID": "lastID", "items[2]": "third", "items[3].Name": "fourth",
                              "items[12001]": "beyond", "items[-12002]": "before", "items[1].Tags.@count": "tagCount",
                              "items[4].Tags[1]": "tag"},
               "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true},
                                 {"from": "items[5]", "to": "fifth", "map-ref": "item"}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id"}}]}
            """#
        let sqlite = format == ["sqlite"]
        let (results, dumps) = try Self.runAtEveryThreshold(spec, format: format, in: scratch)
        #expect(results[0].status == 0, "\(results[0].stderr)")
        if sqlite {
            #expect(try Tables.query(scratch.path("out0.db"), #"SELECT "first", "lastID", "third", "fourth", "tagCount", "tag" FROM "List""#)
                == [[.text("item_0"), .integer(Int64(WholeRecordOutputTests.count - 1)),
                     .text(#"{"ID":2,"Name":"item_2","Price":2.5,"Tags":["a","b2"]}"#), .null, .integer(2), .text("b3")]])
            #expect(dumps[1] == dumps[0])
            #expect(dumps[2] == dumps[0])
        } else if format == ["--format", "ndjson"] {
            // The input's element 3 is the number 7 (no `Name`), so 12,001
            // elements, item 3 (without `Name`) at 4 and item 4 at 5;
            // 12001 and -12002 are past the ends: those three are missing,
            // so not written.
            #expect(results[0].stdout.hasPrefix(
                #"{"@type":"List","first":"item_0","lastID":11999,"third":{"ID":2,"Name":"item_2","Price":2.5,"Tags":["a","b2"]},"tagCount":2,"tag":"b3","all":{"items":[{"@type":"Item","id":0},"#),
                "\(results[0].stdout.prefix(300))")
            #expect(results[0].stdout.contains(#"]},"fifth":{"@type":"Item","id":4}}"#), "\(results[0].stdout.suffix(300))")
        }
        Self.expectSame(results)
    }

    /// The held array copied whole by an attribute too (spec §3.1: the value
    /// as it is; §6: `array` keeps an array, `any` anything, and `set`, which
    /// compares the elements, reads the tree): its text is the array's
    /// compact text, so every format writes what the tree gives, held or not,
    /// a relationship into the same destination's parent included.
    @Test(arguments: [["--format", "ndjson"], ["--format", "json"], ["--format", "csv"], ["sqlite"]], ["", "array", "any", "set"])
    func anArrayCopiedWholeAndMappedIsWrittenAsTheTreeIs(_ format: [String], type: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let types = type.isEmpty ? "" : #", "types": {"raw": "\#(type)"}"#
        let spec = #"""
            {"keyPath": "", "root-map-ref": "list", "mappers": [
              {"id": "list", "target": "List", "attributes": {"items": "raw", "kind": "kind"}\#(types),
               "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id"}}]}
            """#
        let sqlite = format == ["sqlite"]
        let (results, dumps) = try Self.runAtEveryThreshold(spec, format: format, in: scratch)
        #expect(results[0].status == 0, "\(results[0].stderr)")
        // The copy is the input's array in compact form (§10.1): element 3
        // the number, item 3 without its name, item 6,000's long tags. No
        // two elements are equal, so `set` keeps them all.
        let items = (0..<WholeRecordOutputTests.count).map { i in
            i == 3 ? #"7,{"ID":3,"Price":3.5,"Tags":["a","b3"]}"# : #"{"ID":\#(i),"Name":"item_\#(i)","Price":\#(i).5,"Tags":\#(WholeRecordOutputTests.tags(i))}"#
        }
        let copy = "[" + items.joined(separator: ",") + "]"
        if sqlite {
            #expect(try Tables.query(scratch.path("out0.db"), #"SELECT "raw", "kind" FROM "List""#) == [[.text(copy), .text("Listing")]])
            #expect(dumps[1] == dumps[0])
            #expect(dumps[2] == dumps[0])
        } else if format == ["--format", "ndjson"] {
            #expect(results[0].stdout.hasPrefix(#"{"@type":"List","raw":"# + copy + #","kind":"Listing","all":{"items":[{"@type":"Item","id":0},"#),
                    "\(results[0].stdout.prefix(200))")
        }
        Self.expectSame(results)
    }

    /// A copy of the held array typed so that it refuses an array (§6:
    /// `string`, `int`, `date`) is a warning at the array, as from the tree,
    /// and the field is left out; the relationship still maps every element.
    @Test(arguments: ["string", "int", "date"])
    func aTypedCopyThatRefusesTheHeldArrayWarnsAsTheTreeDoes(_ type: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = #"""
            {"keyPath": "", "root-map-ref": "list", "mappers": [
              {"id": "list", "target": "List", "attributes": {"items": "raw", "kind": "kind"}, "types": {"raw": "\#(type)"},
               "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id"}}]}
            """#
        let (results, _) = try Self.runAtEveryThreshold(spec, format: ["--format", "ndjson"], in: scratch)
        #expect(results[0].status == 0, "\(results[0].stderr)")
        #expect(results[0].stderr.hasPrefix(
            "in.json: $.items: warning: cannot convert an array to \(type) [mapper list, attribute raw]\n"), "\(results[0].stderr.prefix(300))")
        #expect(results[0].stdout.hasPrefix(#"{"@type":"List","kind":"Listing","all":{"items":[{"@type":"Item","id":0},"#),
                "\(results[0].stdout.prefix(200))")
        #expect(results[0].stdout.hasSuffix(#"{"@type":"Item","id":11999}]}}"# + "\n"), "\(results[0].stdout.suffix(100))")
        Self.expectSame(results)
    }

    /// Runs `spec` on the input whose element 3 is the number 7 (item 3,
    /// without its `Name`, at 4), once per holding threshold, into `format`,
    /// or into a database `out<i>.db` for `["sqlite"]`, whose dump is taken.
    static func runAtEveryThreshold(
        _ spec: String, format: [String], in scratch: Scratch
    ) throws -> (results: [RKMapExecutable.Result], dumps: [[[[SQLiteValue]]]]) {
        try scratch.write("spec.json", spec)
        let input = WholeRecordOutputTests.input.replacingOccurrences(of: #"{"ID": 3, "Name": "item_3", "#, with: #"7, {"ID": 3, "#)
        try scratch.write("in.json", input)
        let sqlite = format == ["sqlite"]
        var results: [RKMapExecutable.Result] = []
        var dumps: [[[[SQLiteValue]]]] = []
        for (i, threshold) in thresholds.enumerated() {
            let args = ["apply", "spec.json", "in.json"] + (sqlite ? ["-o", "out\(i).db"] : format)
            results.append(try RKMapExecutable.run(args, directory: scratch.url, environment: ["RKMAP_HELD_ARRAY_BYTES": threshold]))
            if sqlite { dumps.append(try ConnectionsStreamingCLITests.dump(scratch.path("out\(i).db"))) }
        }
        return (results, dumps)
    }

    @Test func sqliteStoresTheSameRowsHeldOrNot() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", WholeRecordOutputTests.spec)
        var dumps: [[[[SQLiteValue]]]] = []
        for (i, threshold) in Self.thresholds.enumerated() {
            let r = try Self.run(["apply", "spec.json", "-", "-o", "out\(i).db"], threshold: threshold, in: scratch)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
            dumps.append(try ConnectionsStreamingCLITests.dump(scratch.path("out\(i).db")))
        }
        #expect(try Tables.query(scratch.path("out0.db"), #"SELECT count(*), sum("id") FROM "Item""#)
            == [[.integer(Int64(WholeRecordOutputTests.count)), .integer(Int64((0..<WholeRecordOutputTests.count).reduce(0, +)))]])
        #expect(dumps[1] == dumps[0])
        #expect(dumps[2] == dumps[0])
    }

    /// Items that are entities keyed by `id`: the one without its `ID` cannot
    /// be stored, and SQLite refuses the document at that record's place
    /// (`$.items[7000]`), held or not; JSON writes it.
    @Test func aHeldRecordThatCannotBeStoredIsReportedWhereItWasMapped() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = WholeRecordOutputTests.spec.replacingOccurrences(
            of: #""target": "Item","#, with: #""target": "Item", "entity": "YES", "identification": ["id"], "types": {"id": "int"},"#)
        try scratch.write("spec.json", spec)
        let input = WholeRecordOutputTests.input.replacingOccurrences(of: #"{"ID": 7000, "#, with: "{")
        try scratch.write("in.json", input)
        var stderrs: [String] = []
        for threshold in Self.thresholds {
            let r = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "-o", "out.db"], directory: scratch.url,
                environment: ["RKMAP_HELD_ARRAY_BYTES": threshold])
            #expect(r.status == 1)
            #expect(!FileManager.default.fileExists(atPath: scratch.path("out.db")))
            #expect(r.stderr.contains("$.items[7000]"), "\(r.stderr)")
            stderrs.append(r.stderr)
        }
        #expect(stderrs[1] == stderrs[0])
        #expect(stderrs[2] == stderrs[0])
    }
}
