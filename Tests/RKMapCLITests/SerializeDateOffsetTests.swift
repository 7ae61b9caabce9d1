import Foundation
import Testing

/// `serialize` writes dates in their wire format (docs/spec.md §13) with an
/// offset that says the same instant, and `apply` with the same spec reads
/// them back: apply → serialize → apply round-trips (§13, "Round trip").
///
/// Expected bodies follow UTS #35's zone fields and the tz database offsets
/// (Asia/Kolkata +05:30, Asia/Kathmandu +05:45, America/St_Johns -03:30 and
/// -02:30 in summer), worked out by hand, not printed by rkmap.
@Suite struct SerializeDateOffsetTests {
    /// 2011-07-04T10:00:00Z and 2011-01-15T12:00:00Z.
    static let records = #"{"@type":"E","a":"2011-07-04T10:00:00Z"}"# + "\n" + #"{"@type":"E","a":"2011-01-15T12:00:00Z"}"# + "\n"

    static func spec(zone: String, pattern: String) -> String {
        let quoted = pattern.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return #"{"timeZone":"\#(zone)","mappers":[{"id":"e","target":"E","attributes":["a"],"types":{"a":"date"},"dateFormats":["\#(quoted)"]}]}"#
    }

    @Test(arguments: [
        ("Asia/Kolkata", "X", ["2011-07-04 15:30:00+0530", "2011-01-15 17:30:00+0530"]),
        ("Asia/Kolkata", "XXX", ["2011-07-04 15:30:00+05:30", "2011-01-15 17:30:00+05:30"]),
        ("Asia/Kolkata", "x", ["2011-07-04 15:30:00+0530", "2011-01-15 17:30:00+0530"]),
        ("Asia/Kathmandu", "X", ["2011-07-04 15:45:00+0545", "2011-01-15 17:45:00+0545"]),
        ("Asia/Kathmandu", "XXX", ["2011-07-04 15:45:00+05:45", "2011-01-15 17:45:00+05:45"]),
        ("Asia/Kathmandu", "x", ["2011-07-04 15:45:00+0545", "2011-01-15 17:45:00+0545"]),
        ("America/St_Johns", "X", ["2011-07-04 07:30:00-0230", "2011-01-15 08:30:00-0330"]),
        ("America/St_Johns", "XXX", ["2011-07-04 07:30:00-02:30", "2011-01-15 08:30:00-03:30"]),
        ("America/St_Johns", "x", ["2011-07-04 07:30:00-0230", "2011-01-15 08:30:00-0330"]),
        ("Europe/Berlin", "X", ["2011-07-04 12:00:00+02", "2011-01-15 13:00:00+01"]),
        // z-zzz: UTS #35's short localized GMT format (rkmap writes no zone names but UTC's);
        // zzzz: the long one. apply reads both back with the same spec.
        ("Asia/Kolkata", " z", ["2011-07-04 15:30:00 GMT+5:30", "2011-01-15 17:30:00 GMT+5:30"]),
        ("Asia/Kolkata", " zzzz", ["2011-07-04 15:30:00 GMT+05:30", "2011-01-15 17:30:00 GMT+05:30"]),
        ("Asia/Kathmandu", " zzz", ["2011-07-04 15:45:00 GMT+5:45", "2011-01-15 17:45:00 GMT+5:45"]),
        ("Asia/Kathmandu", " zzzz", ["2011-07-04 15:45:00 GMT+05:45", "2011-01-15 17:45:00 GMT+05:45"]),
        ("America/St_Johns", " z", ["2011-07-04 07:30:00 GMT-2:30", "2011-01-15 08:30:00 GMT-3:30"]),
        ("America/St_Johns", " zzzz", ["2011-07-04 07:30:00 GMT-02:30", "2011-01-15 08:30:00 GMT-03:30"]),
        ("America/Caracas", " z", ["2011-07-04 05:30:00 GMT-4:30", "2011-01-15 07:30:00 GMT-4:30"]),
        ("Europe/Berlin", " z", ["2011-07-04 12:00:00 GMT+2", "2011-01-15 13:00:00 GMT+1"]),
        ("Europe/London", " zzzz", ["2011-07-04 11:00:00 GMT+01:00", "2011-01-15 12:00:00 GMT"]),
        ("America/New_York", " O", ["2011-07-04 06:00:00 GMT-4", "2011-01-15 07:00:00 GMT-5"]),
        ("America/St_Johns", " OOOO", ["2011-07-04 07:30:00 GMT-02:30", "2011-01-15 08:30:00 GMT-03:30"]),
        ("UTC", " z", ["2011-07-04 10:00:00 UTC", "2011-01-15 12:00:00 UTC"]),
    ] as [(String, String, [String])])
    func serializeWritesTheOffsetAndApplyReadsItBack(_ zone: String, _ letters: String, _ expected: [String]) throws {
        let dir = try Scratch()
        let spec = try dir.write("spec.json", Self.spec(zone: zone, pattern: "yyyy-MM-dd HH:mm:ss" + letters))
        let serialized = try RKMapExecutable.run(["serialize", spec, "--format", "ndjson"], stdin: Array(Self.records.utf8))
        #expect(serialized.status == 0, "\(serialized)")
        #expect(serialized.stderr == "")
        #expect(serialized.stdout == expected.map { #"{"a":"\#($0)"}"# + "\n" }.joined())

        let applied = try RKMapExecutable.run(["apply", spec, "--format", "ndjson"], stdin: serialized.stdoutBytes)
        #expect(applied.status == 0, "\(applied)")
        #expect(applied.stderr == "", "the body is read back without a warning")
        #expect(applied.stdout == Self.records)
    }

    /// Without `dateFormats` a date is ISO 8601 in UTC with milliseconds
    /// (§13, RestKit's default for requests), whatever the spec's
    /// `timeZone`: the zone names how to read and write patterns, not the
    /// instant. (Berlin's `+02:00` and Kolkata's `+05:30` had been added to
    /// the clock and the `Z` kept, naming another instant.)
    @Test(arguments: ["Europe/Berlin", "Asia/Kolkata", "America/St_Johns", "UTC"])
    func isoDatesAreWrittenInUTCWhateverTheZone(zone: String) throws {
        let dir = try Scratch()
        let spec = try dir.write(
            "spec.json", #"{"timeZone":"\#(zone)","mappers":[{"id":"e","target":"E","attributes":["a"],"types":{"a":"date"}}]}"#)
        let serialized = try RKMapExecutable.run(["serialize", spec, "--format", "ndjson"], stdin: Array(Self.records.utf8))
        #expect(serialized.status == 0 && serialized.stderr == "", "\(serialized)")
        #expect(serialized.stdout == #"{"a":"2011-07-04T10:00:00.000Z"}"# + "\n" + #"{"a":"2011-01-15T12:00:00.000Z"}"# + "\n")
        let applied = try RKMapExecutable.run(["apply", spec, "--format", "ndjson"], stdin: serialized.stdoutBytes)
        #expect(applied.stdout == Self.records, "\(applied)")
    }

    /// Paris kept its mean time, +00:09:21 (tz database), until 1911: XXXXX
    /// writes the seconds (UTS #35), XXX has no field for them, so the record
    /// fails (exit 1) with the field, the value and the fix; the others are written.
    @Test func offsetSecondsAreWrittenOrRefusedNeverDropped() throws {
        let dir = try Scratch()
        let records = #"{"@type":"E","a":"1900-01-01T00:00:00Z"}"# + "\n" + #"{"@type":"E","a":"2011-07-04T10:00:00Z"}"# + "\n"
        let withSeconds = try dir.write("seconds.json", Self.spec(zone: "Europe/Paris", pattern: "yyyy-MM-dd'T'HH:mm:ssXXXXX"))
        let serialized = try RKMapExecutable.run(["serialize", withSeconds, "--format", "ndjson"], stdin: Array(records.utf8))
        #expect(serialized.status == 0, "\(serialized)")
        #expect(serialized.stdout == #"{"a":"1900-01-01T00:09:21+00:09:21"}"# + "\n" + #"{"a":"2011-07-04T12:00:00+02:00"}"# + "\n")
        let applied = try RKMapExecutable.run(["apply", withSeconds, "--format", "ndjson"], stdin: serialized.stdoutBytes)
        #expect(applied.stdout == records)
        #expect(applied.stderr == "")

        let minutesOnly = try dir.write("minutes.json", Self.spec(zone: "Europe/Paris", pattern: "yyyy-MM-dd'T'HH:mm:ssXXX"))
        let refused = try RKMapExecutable.run(["serialize", minutesOnly, "--format", "ndjson"], stdin: Array(records.utf8))
        #expect(refused.status == 1)
        #expect(refused.stdout == #"{"a":"2011-07-04T12:00:00+02:00"}"# + "\n")
        #expect(refused.stderr == """
            <stdin>: $.a: error: date '1900-01-01T00:00:00Z' cannot be written in the format "yyyy-MM-dd'T'HH:mm:ssXXX": \
            Europe/Paris was +00:09:21 from UTC then, and XXX writes no seconds, so the text would name an instant 21 s away; \
            use XXXXX, which adds the seconds when an offset has them, or timeZone "UTC" [mapper e, attribute a]

            """)
    }
}
