import Testing
@testable import RKMap

// How `serialize` writes a date's UTC offset with the offset pattern letters,
// against UTS #35 (Part 4, "Date Field Symbol Table", zone fields):
//
//   X      -08, +0530, Z          x      -08, +0530, +00
//
// Offsets are the tz database's, looked up by hand while writing these tables
// (not by running rkmap): Asia/Kolkata +05:30, Asia/Kathmandu +05:45,
// America/St_Johns -03:30 (-02:30 in summer), America/Caracas -04:30 from
// 2007-12-09 to 2016-05-01, Pacific/Chatham +12:45 (+13:45 in summer).

/// 2011-07-04T10:00:00Z.
private let july4 = Int64(1_309_773_600_000)

private func write(_ pattern: String, _ zone: String, _ ms: Int64 = july4) throws -> JSONValue? {
    let writer = DateWriter(format: try DateFormat(pattern), zone: try ZoneResolver(name: zone), milliseconds: false)
    return writer.write(epochMilliseconds: ms)
}

@Suite struct DateWriterOffsetTests {
    @Test(arguments: [
        ("Asia/Kolkata", "X", "2011-07-04T15:30:00+0530"),
        ("Asia/Kolkata", "x", "2011-07-04T15:30:00+0530"),
        ("Asia/Kathmandu", "X", "2011-07-04T15:45:00+0545"),
        ("America/St_Johns", "X", "2011-07-04T07:30:00-0230"),
        ("America/Caracas", "x", "2011-07-04T05:30:00-0430"),
        ("Pacific/Chatham", "X", "2011-07-04T22:45:00+1245"),
        // whole hours: the minutes are left out
        ("Europe/Berlin", "X", "2011-07-04T12:00:00+02"),
        ("America/New_York", "x", "2011-07-04T06:00:00-04"),
        // zero: X writes Z, x writes +00
        ("UTC", "X", "2011-07-04T10:00:00Z"),
        ("UTC", "x", "2011-07-04T10:00:00+00"),
    ] as [(String, String, String)])
    func oneLetterWritesTheMinutesWhenThereAreAny(_ zone: String, _ letter: String, _ expected: String) throws {
        #expect(try write("yyyy-MM-dd'T'HH:mm:ss" + letter, zone) == .string(expected))
    }

    @Test(arguments: ["Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns", "America/Caracas", "Pacific/Chatham", "Europe/Berlin"])
    func oneLetterReadsBackTheSameInstant(_ zone: String) throws {
        for letter in ["X", "x"] {
            let pattern = "yyyy-MM-dd'T'HH:mm:ss" + letter
            guard case .string(let text)? = try write(pattern, zone) else { Issue.record("no date for \(zone)"); continue }
            let parser = DateParser(formats: [try DateFormat(pattern)], zone: try ZoneResolver(name: zone))
            #expect(parser.parse(text) == july4, "\(zone) \(letter): \(text)")
        }
    }
}
