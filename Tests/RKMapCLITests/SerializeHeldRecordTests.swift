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

    /// What the good record's body is (§13): attributes by their source
    /// keys, the date in the wire format, the items' bodies in order with the
    /// `null` kept, the users one dictionary by username, and the nil key
    /// path's record merged into the body; the four bad records fail or
    /// warn where they go wrong.
    @Test func theBodiesAndMessagesAreTheSpecs() throws {
        let result = try RKMapExecutable.run(
            ["serialize", Self.directory + "/spec.json", Self.directory + "/records.ndjson", "--format", "ndjson"],
            environment: ["RKMAP_HELD_ARRAY_BYTES": "0"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
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
}
