import Foundation
import Testing

/// `rkmap serialize` holds a large array member of a record as its
/// elements' text, inverts its records one at a time into the text of the
/// body's array, and writes that text out (docs/spec.md §13; README
/// "Performance"). Holding every array (`RKMAP_HELD_ARRAY_BYTES=0`) must
/// change nothing a user sees: the same bodies, messages and exit status as
/// reading the record whole, on the pipeline and off it.
@Suite struct SerializeHeldRecordTests {
    static let directory = "fixtures/serialize/held"

    /// `records.ndjson`: a good record (a `null` among its items, a
    /// `keyAttribute` dictionary of users, a relationship from the nil key
    /// path), then the same with a bad date in its fifth item, an unmapped
    /// field in an item, two users with one key, and an array where a date
    /// belongs. `nested.json`: records in arrays of arrays. `lists.json`:
    /// records under a descriptor's key path (`spec-lists.json`) or one
    /// record without `@type` (`spec.json`).
    static let runs: [(spec: String, args: [String])] = [
        ("spec.json", ["records.ndjson"]), ("spec.json", ["records.ndjson", "--format", "ndjson"]),
        ("spec.json", ["records.ndjson", "--compact"]), ("spec.json", ["records.ndjson", "--nulls"]),
        ("spec.json", ["nested.json"]), ("spec.json", ["lists.json"]), ("spec-lists.json", ["lists.json", "--format", "ndjson"]),
        ("spec-lists.json", ["records.ndjson", "--format", "ndjson"]),
        ("spec.json", ["records.ndjson", "--format", "form"]), ("spec.json", ["nested.json", "--format", "form"]),
        ("spec-lists.json", ["lists.json", "--format", "form"]), ("spec.json", ["form.ndjson", "--format", "form"]),
        ("spec-forward.json", ["records.ndjson"]), ("spec-forward.json", ["records.ndjson", "--format", "ndjson"]),
        ("spec-forward.json", ["records.ndjson", "--format", "form"]), ("spec-forward.json", ["nested.json", "--compact"]),
    ]

    @Test(arguments: 0..<runs.count, ["", "0"])
    func holdingEveryArrayChangesNothing(_ run: Int, pipelineThreshold: String) throws {
        let (spec, args) = Self.runs[run]
        let command = ["serialize", Self.directory + "/" + spec] + args.map { $0.hasSuffix("json") ? Self.directory + "/" + $0 : $0 }
        var environment: [String: String?] = ["RKMAP_HELD_ARRAY_BYTES": nil]
        if !pipelineThreshold.isEmpty { environment["RKMAP_PIPELINE_THRESHOLD"] = pipelineThreshold }
        let whole = try RKMapExecutable.run(command, environment: environment)
        environment["RKMAP_HELD_ARRAY_BYTES"] = "0"
        let held = try RKMapExecutable.run(command, environment: environment)
        #expect(held == whole, "\(command.joined(separator: " "))")
        #expect(!whole.stdout.isEmpty || whole.status != 0)
    }

    /// `serialize` of `records` under `spec` (both in `directory`) into
    /// NDJSON with every array held: the run and its lines.
    static func heldBodies(of records: String, under spec: String) throws -> (RKMapExecutable.Result, [String]) {
        let result = try RKMapExecutable.run(
            ["serialize", directory + "/" + spec, directory + "/" + records, "--format", "ndjson"],
            environment: ["RKMAP_HELD_ARRAY_BYTES": "0"])
        return (result, result.stdout.split(separator: "\n").map(String.init))
    }

    /// What the good record's body is (§13): attributes by their source
    /// keys, the date in the wire format, the items' bodies in order with the
    /// `null` kept, the users one dictionary by username, and the nil key
    /// path's record merged into the body; the four bad records fail or
    /// warn where they go wrong.
    @Test func theBodiesAndMessagesAreTheSpecs() throws {
        let (result, lines) = try Self.heldBodies(of: "records.ndjson", under: "spec.json")
        #expect(result.status == 1)
        let item = { (i: Int) in #"{"id":\#(i),"name":"n\#(i)","at":"2024-01-02T03:04:05.000Z"}"# }
        let good = #"{"tags":["a","b","c"],"when":"2024-05-06T00:00:00.000Z","title":"t","items":["#
            + [item(0), item(1), "null", item(2), item(3), item(4)].joined(separator: ",")
            + #"],"users":{"ann":{"email":"a@x"},"bob":{"email":"b@x"}},"code":7,"list":[1,2,3]}"#
        // The good record, and the one with an unmapped field (left out, with a warning).
        #expect(lines == [good, good])
        let messages = result.stderr.split(separator: "\n").map(String.init)
        #expect(messages.count == 4)
        #expect(messages.contains { $0.hasPrefix("fixtures/serialize/held/records.ndjson: $.items[4].at: error: 'at' is declared a date but holds a string 'not a date'") && $0.contains("(document 2)") })
        #expect(messages.contains { $0.hasPrefix("fixtures/serialize/held/records.ndjson: $.items[3].color: warning: field 'color' is not mapped by mapper 'item'") })
        #expect(messages.contains { $0.hasPrefix("fixtures/serialize/held/records.ndjson: $.users[1]: error: records 0 and 1 of 'users' have the same key 'ann'") && $0.contains("(document 4)") })
        #expect(messages.contains { $0.hasPrefix("fixtures/serialize/held/records.ndjson: $.when: error: 'when' is declared a date but holds an array") && $0.contains("(document 5)") })
    }

    /// A request mapper applied forward (`spec-forward.json`, `"inverse":
    /// false`, docs/spec.md §13) of records whose arrays are held: `tags`
    /// copied as it is held, `items` mapped by a relationship from its held
    /// text (the `null` item maps to no body, as `apply` maps none), a key
    /// path through `users` read from its tree, the date written in the
    /// mapper's format, a bad one warned of and left out, and the body under
    /// the descriptor's `rootKeyPath`.
    @Test func aForwardMapperOfHeldArraysWritesTheSpecsBodies() throws {
        let (result, lines) = try Self.heldBodies(of: "records.ndjson", under: "spec-forward.json")
        #expect(result.status == 0)
        let entry = { (i: Int) in #"{"itemId":\#(i),"stamp":{"at":"2024-01-02"}}"# }
        let body = { (logins: String, entries: [String]) in
            #"{"list":{"name":"t","labels":["a","b","c"],"numbers":[1,2,3],"logins":[\#(logins)],"entries":["#
                + entries.joined(separator: ",") + "]}}"
        }
        let all = (0..<5).map(entry)
        #expect(lines == [
            body(#""ann","bob""#, all), body(#""ann","bob""#, Array(all[0..<3]) + [#"{"itemId":3}"#, entry(4)]),
            body(#""ann","bob""#, all), body(#""ann","ann""#, all), body(#""ann","bob""#, all),
        ])
        let messages = result.stderr.split(separator: "\n")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix(#"fixtures/serialize/held/records.ndjson: $.items[4].at: warning: cannot convert string "not a date" to date"#) == true)
    }

    /// Form bodies (docs/spec.md §13–§14) of records whose arrays are held
    /// (`RKMAP_HELD_ARRAY_BYTES=0`): the pairs in code point order with
    /// `null` as the key alone, and each read back an element at a time
    /// with the whole body's answer — objects with different keys (document
    /// 2: the second item's `id` joins the first), an array in an item
    /// (3: its second string starts another item), an array in an array (4:
    /// not read back at all), an empty item (5: left out).
    @Test func formBodiesOfHeldArraysAreReadBackAsWholeOnesAre() throws {
        let result = try RKMapExecutable.run(
            ["serialize", Self.directory + "/spec.json", Self.directory + "/form.ndjson", "--format", "form"],
            environment: ["RKMAP_HELD_ARRAY_BYTES": "0"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "items[][id]=0&items[][name]=n0&items[][id]=1&items[][name]=n%201%262&items[]&items[][id]=2&items[][name]=n2"
                + "&title=same%20keys&users[ann][email]=a%40x",
            "items[][name]=n0&items[][id]=1&items[][name]=n1&items[][id]=2&items[][name]=n2&title=different%20keys",
            "items[][id]=0&items[][name][]=x&items[][name][]=y&items[][id]=1&items[][name]=n1&title=an%20array%20in%20an%20item",
            "items[][id]=0&items[][name]=n0&items[][id]=1&items[][name][][]=x&title=an%20array%20in%20an%20array",
            "items[][id]=0&items[][name]=n0&items[][id]=1&items[][name]=n1&title=an%20empty%20item",
        ])
        let messages = result.stderr.split(separator: "\n").map(String.init)
        let file = "fixtures/serialize/held/form.ndjson: $: warning: this record's form body "
        #expect(messages.count == 4)
        #expect(messages[0].hasPrefix(file + "does not read back as its body at 'items[0]': ") && messages[0].hasSuffix("(document 2)"))
        #expect(messages[1].hasPrefix(file + "does not read back as its body at 'items[0].name': ") && messages[1].hasSuffix("(document 3)"))
        #expect(messages[2].hasPrefix(file + "does not read back as its body: ") && messages[2].hasSuffix("(document 4)"))
        #expect(messages[3].hasPrefix(file + "leaves out 'items[]' (an empty object): ") && messages[3].hasSuffix("(document 5)"))
    }

    /// A record whose array spans more than the writer's piece (256 KiB):
    /// its form pairs are written from the held text when the output is
    /// written, a piece at a time, and read back an element at a time; the
    /// bytes and the warning (an item with other keys, deep in the array)
    /// are those of reading the record whole.
    @Test(arguments: ["", "0"])
    func aLargeRecordsFormBodyIsTheWholeRecordsBody(pipelineThreshold: String) throws {
        let items = (0..<6000).map { i in
            i == 4321 ? #"{"name": "odd one"}"# : #"{"id": \#(i), "name": "item \#(i) &=é", "at": "2024-01-02T03:04:05Z"}"#
        }
        let record = #"{"@type": "List", "title": "big", "items": ["# + items.joined(separator: ", ") + "]}"
        let scratch = try Scratch()
        let input = try scratch.write("big.ndjson", record.replacingOccurrences(of: #"{"name": "odd one"}"#, with: #"{"id": 1, "name": "n", "at": "2024-01-02T03:04:05Z"}"#) + "\n" + record + "\n")
        let command = ["serialize", Self.directory + "/spec.json", input, "--format", "form"]
        var environment: [String: String?] = ["RKMAP_HELD_ARRAY_BYTES": "1000000000"]
        if !pipelineThreshold.isEmpty { environment["RKMAP_PIPELINE_THRESHOLD"] = pipelineThreshold }
        let whole = try RKMapExecutable.run(command, environment: environment)
        environment["RKMAP_HELD_ARRAY_BYTES"] = nil
        let held = try RKMapExecutable.run(command, environment: environment)
        #expect(held == whole)
        let lines = held.stdout.split(separator: "\n")
        #expect(lines.count == 2 && held.stdout.utf8.count > 2 * 6000 * 60)
        #expect(lines.last?.hasPrefix("items[][at]=2024-01-02T03%3A04%3A05.000Z&items[][id]=0&items[][name]=item%200%20%26%3D%C3%A9&") == true)
        #expect(lines.last?.hasSuffix("&items[][id]=5999&items[][name]=item%205999%20%26%3D%C3%A9&title=big") == true)
        // Item 4321 has only a name: the next item's `at` and `id` join it.
        #expect(held.stderr.contains("does not read back as its body at 'items[4321]'"))
        #expect(held.stderr.split(separator: "\n").count == 1 && held.stderr.contains("(document 2)"))
    }
}
