import Testing
@testable import RKMap

// How `serialize` writes a date's UTC offset with the offset pattern letters,
// against UTS #35 (Part 4, "Date Field Symbol Table", zone fields):
//
//   X      -08, +0530, Z          x      -08, +0530, +00
//   XX     -0800, Z               xx     -0800, +0000
//   XXX    -08:00, Z              xxx    -08:00, +00:00
//   XXXX   -0800, -075258, Z      xxxx   -0800, -075258, +0000
//   XXXXX  -08:00, -07:52:58, Z   xxxxx  -08:00, -07:52:58, +00:00
//   Z-ZZZ  as xxxx                ZZZZZ  as XXXXX
//
//   O      GMT-8, GMT+5:30        OOOO   GMT-08:00 (ZZZZ too)
//   z-zzz  short name (PDT), else O's form;  zzzz  long name, else OOOO's form
//
// The localized GMT format (O, OOOO) is GMT for a zero offset and adds
// seconds when the offset has them. rkmap has no locale's zone names (as
// ICU's root locale), so z and zzzz name only UTC and write the rest as O
// and OOOO do.
//
// X-XXX and x-xxx have no seconds field: an offset with seconds is an error
// there (dropping them, as ICU does, would name another instant).
//
// Offsets are the tz database's, looked up by hand while writing these tables
// (not by running rkmap): Asia/Kolkata +05:30, Asia/Kathmandu +05:45,
// America/St_Johns -03:30 (-02:30 in summer), America/Caracas -04:30 from
// 2007-12-09 to 2016-05-01, Pacific/Chatham +12:45 (+13:45 in summer),
// Europe/Paris +00:09:21 (Paris Mean Time) until 1911-03-11, Africa/Monrovia
// -00:43:08 until 1919.

/// 2011-07-04T10:00:00Z.
private let july4 = Int64(1_309_773_600_000)

/// 1900-01-01T00:00:00Z: Paris was +00:09:21, Monrovia -00:43:08.
private let y1900 = Int64(-2_208_988_800_000)

private func writer(_ pattern: String, _ zone: String) throws -> DateWriter {
    DateWriter(format: try DateFormat(pattern), zone: try ZoneResolver(name: zone), milliseconds: false)
}

private func write(_ pattern: String, _ zone: String, _ ms: Int64 = july4) throws -> JSONValue? {
    try? writer(pattern, zone).write(epochMilliseconds: ms)
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

    @Test(arguments: [
        ("Asia/Kolkata", ["X": "+0530", "XX": "+0530", "XXX": "+05:30", "XXXX": "+0530", "XXXXX": "+05:30",
                          "x": "+0530", "xx": "+0530", "xxx": "+05:30", "xxxx": "+0530", "xxxxx": "+05:30",
                          "Z": "+0530", "ZZ": "+0530", "ZZZ": "+0530", "ZZZZZ": "+05:30"]),
        ("America/New_York", ["X": "-04", "XX": "-0400", "XXX": "-04:00", "XXXX": "-0400", "XXXXX": "-04:00",
                              "x": "-04", "xx": "-0400", "xxx": "-04:00", "xxxx": "-0400", "xxxxx": "-04:00",
                              "Z": "-0400", "ZZZZZ": "-04:00"]),
        ("UTC", ["X": "Z", "XX": "Z", "XXX": "Z", "XXXX": "Z", "XXXXX": "Z",
                 "x": "+00", "xx": "+0000", "xxx": "+00:00", "xxxx": "+0000", "xxxxx": "+00:00",
                 "Z": "+0000", "ZZ": "+0000", "ZZZ": "+0000", "ZZZZZ": "Z"]),
    ] as [(String, [String: String])])
    func isoOffsetsAsUTS35SpellsThem(_ zone: String, _ expected: [String: String]) throws {
        for (letters, offset) in expected {
            guard case .string(let text)? = try write("HH:mm " + letters, zone) else { Issue.record("\(letters): no date"); continue }
            #expect(text.split(separator: " ").last.map(String.init) == offset, "\(zone) \(letters)")
        }
    }

    @Test(arguments: [
        ("XXXX", "1900-01-01T00:09:21+000921"), ("XXXXX", "1900-01-01T00:09:21+00:09:21"),
        ("xxxx", "1900-01-01T00:09:21+000921"), ("xxxxx", "1900-01-01T00:09:21+00:09:21"),
        ("Z", "1900-01-01T00:09:21+000921"), ("ZZZ", "1900-01-01T00:09:21+000921"),
        ("ZZZZZ", "1900-01-01T00:09:21+00:09:21"),
    ] as [(String, String)])
    func offsetSecondsAreWrittenByTheFormatsThatHaveThem(_ letters: String, _ expected: String) throws {
        let pattern = "yyyy-MM-dd'T'HH:mm:ss" + letters
        #expect(try write(pattern, "Europe/Paris", y1900) == .string(expected))
        let parser = DateParser(formats: [try DateFormat(pattern)], zone: try ZoneResolver(name: "Europe/Paris"))
        #expect(parser.parse(expected) == y1900, "read back")
    }

    @Test func negativeOffsetSeconds() throws {
        let pattern = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
        #expect(try write(pattern, "Africa/Monrovia", y1900) == .string("1899-12-31T23:16:52-00:43:08"))
        #expect(try write("yyyy-MM-dd'T'HH:mm:ssxxxx", "Africa/Monrovia", y1900) == .string("1899-12-31T23:16:52-004308"))
        let parser = DateParser(formats: [try DateFormat(pattern)], zone: try ZoneResolver(name: "Africa/Monrovia"))
        #expect(parser.parse("1899-12-31T23:16:52-00:43:08") == y1900)
    }

    @Test(arguments: ["X", "XX", "XXX", "x", "xx", "xxx"])
    func offsetSecondsAreAnErrorWhereTheFormatHasNone(_ letters: String) throws {
        let pattern = "yyyy-MM-dd'T'HH:mm:ss" + letters
        #expect(throws: DateWriteError.offsetSeconds(offset: 561, letters: letters, pattern: pattern, zone: "Europe/Paris")) {
            try writer(pattern, "Europe/Paris").write(epochMilliseconds: y1900)
        }
        // From 1911 Paris is on whole hours: the same format writes it.
        #expect(try write(pattern, "Europe/Paris") != nil)
    }

    @Test func offsetSecondsMessageSaysWhatAndHowToFix() {
        let error = DateWriteError.offsetSeconds(offset: 561, letters: "XXX", pattern: "yyyy-MM-dd'T'HH:mm:ssXXX", zone: "Europe/Paris")
        #expect(error.message(date: "1900-01-01T00:00:00Z") == """
            date '1900-01-01T00:00:00Z' cannot be written in the format "yyyy-MM-dd'T'HH:mm:ssXXX": Europe/Paris was +00:09:21 \
            from UTC then, and XXX writes no seconds, so the text would name an instant 21 s away; use XXXXX, which adds the \
            seconds when an offset has them, or timeZone "UTC"
            """)
        let negative = DateWriteError.offsetSeconds(offset: -2588, letters: "x", pattern: "HH:mmx", zone: "Africa/Monrovia")
        #expect(negative.message(date: "1900-01-01T00:00:00Z") == """
            date '1900-01-01T00:00:00Z' cannot be written in the format "HH:mmx": Africa/Monrovia was -00:43:08 \
            from UTC then, and x writes no seconds, so the text would name an instant 8 s away; use xxxx, which adds the \
            seconds when an offset has them, or timeZone "UTC"
            """)
    }

    @Test(arguments: ["Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns", "Europe/Paris", "Africa/Monrovia", "UTC"])
    func everyIsoOffsetReadsBackTheSameInstant(_ zone: String) throws {
        for letters in ["X", "XX", "XXX", "XXXX", "XXXXX", "x", "xx", "xxx", "xxxx", "xxxxx", "Z", "ZZ", "ZZZ", "ZZZZZ"] {
            let pattern = "yyyy-MM-dd'T'HH:mm:ss.SSS" + letters
            let parser = DateParser(formats: [try DateFormat(pattern)], zone: try ZoneResolver(name: zone))
            for ms in [july4, 1_295_092_800_250, y1900] {
                // Offsets with seconds (1900 in Paris and Monrovia) fail X-XXX; the rest read back.
                guard case .string(let text)? = try write(pattern, zone, ms) else { continue }
                #expect(parser.parse(text) == ms, "\(zone) \(letters): \(text)")
            }
        }
    }

    /// 2011-01-15T12:00:00Z: southern summer in Chatham (+13:45), winter in St. John's (-03:30).
    static let january = Int64(1_295_092_800_000)

    @Test(arguments: [
        ("Asia/Kolkata", july4, ["z": "GMT+5:30", "zz": "GMT+5:30", "zzz": "GMT+5:30", "zzzz": "GMT+05:30",
                                 "O": "GMT+5:30", "OOOO": "GMT+05:30", "ZZZZ": "GMT+05:30"]),
        ("Asia/Kathmandu", july4, ["z": "GMT+5:45", "zzzz": "GMT+05:45", "O": "GMT+5:45", "OOOO": "GMT+05:45"]),
        ("America/St_Johns", july4, ["z": "GMT-2:30", "zzzz": "GMT-02:30", "ZZZZ": "GMT-02:30"]),
        ("America/St_Johns", january, ["z": "GMT-3:30", "zzzz": "GMT-03:30", "O": "GMT-3:30"]),
        // Caracas was -04:30 from 2007 to 2016; Foundation's abbreviation said GMT-4.
        ("America/Caracas", july4, ["z": "GMT-4:30", "zzzz": "GMT-04:30"]),
        ("Pacific/Chatham", january, ["z": "GMT+13:45", "zzzz": "GMT+13:45", "OOOO": "GMT+13:45"]),
        ("Europe/Berlin", july4, ["z": "GMT+2", "zzzz": "GMT+02:00", "O": "GMT+2", "ZZZZ": "GMT+02:00"]),
        ("America/New_York", july4, ["z": "GMT-4", "zzzz": "GMT-04:00"]),
        ("Europe/London", january, ["z": "GMT", "zzzz": "GMT", "O": "GMT", "OOOO": "GMT", "ZZZZ": "GMT"]),
        ("Europe/London", july4, ["z": "GMT+1", "zzzz": "GMT+01:00"]),
        ("Europe/Paris", y1900, ["z": "GMT+0:09:21", "zzzz": "GMT+00:09:21", "O": "GMT+0:09:21", "ZZZZ": "GMT+00:09:21"]),
        ("Africa/Monrovia", y1900, ["z": "GMT-0:43:08", "OOOO": "GMT-00:43:08"]),
        ("UTC", july4, ["z": "UTC", "zzz": "UTC", "zzzz": "UTC", "O": "GMT", "OOOO": "GMT", "ZZZZ": "GMT"]),
    ] as [(String, Int64, [String: String])])
    func localizedGMTAsUTS35SpellsIt(_ zone: String, _ ms: Int64, _ expected: [String: String]) throws {
        for (letters, offset) in expected {
            guard case .string(let text)? = try write("HH:mm " + letters, zone, ms) else { Issue.record("\(letters): no date"); continue }
            #expect(text.split(separator: " ").last.map(String.init) == offset, "\(zone) \(letters)")
        }
    }

    @Test(arguments: ["Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns", "America/Caracas", "Pacific/Chatham",
                      "Europe/London", "Europe/Paris", "Africa/Monrovia", "America/New_York", "UTC"])
    func zoneNamesAndLocalizedGMTReadBackTheSameInstant(_ zone: String) throws {
        for letters in ["z", "zz", "zzz", "zzzz", "O", "OOOO", "ZZZZ"] {
            let pattern = "EEE, d MMM yyyy HH:mm:ss.SSS " + letters
            let parser = DateParser(formats: [try DateFormat(pattern)], zone: try ZoneResolver(name: zone))
            for ms in [july4, Self.january, y1900, 1_320_557_400_000 /* 2011-11-06T05:30Z: 01:30 EDT, repeated */] {
                guard case .string(let text)? = try write(pattern, zone, ms) else { Issue.record("\(zone) \(letters): no date"); continue }
                #expect(parser.parse(text) == ms, "\(zone) \(letters): \(text)")
            }
        }
    }
}
