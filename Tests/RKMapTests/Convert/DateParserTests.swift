import Testing
@testable import RKMap

// Expected epochs were computed by hand with Python's `datetime`/`zoneinfo`
// while writing these tables, not by running rkmap.

@Suite struct DateParserDefaultFormatTests {
    static let utc = try! DateParser(formats: [], timeZone: "UTC")

    @Test(arguments: [
        // ISO 8601 forms
        ("2011-08-09", 1_312_848_000_000),
        ("2011-08-09T00:00Z", 1_312_848_000_000),
        ("2011-08-09T13:45Z", 1_312_897_500_000),
        ("2011-08-09T13:45:30Z", 1_312_897_530_000),
        ("2011-08-09T13:45:30", 1_312_897_530_000),
        ("2011-08-09 13:45:30", 1_312_897_530_000),
        ("2011-08-09t13:45:30z", 1_312_897_530_000),
        ("2011-08-09T13:45:30+02:00", 1_312_890_330_000),
        ("2011-08-09T13:45:30+0200", 1_312_890_330_000),
        ("2011-08-09T13:45:30+02", 1_312_890_330_000),
        ("2011-08-09T13:45:30-0530", 1_312_917_330_000),
        ("2011-08-09T13:45:30-05:30", 1_312_917_330_000),
        ("2011-08-09T13:45:30+09", 1_312_865_130_000),
        ("2011-08-09T13:45+02:00", 1_312_890_300_000),
        // fractions, 1 to 9 digits, truncated toward the past
        ("2011-08-09T13:45:30.1Z", 1_312_897_530_100),
        ("2011-08-09T13:45:30.12Z", 1_312_897_530_120),
        ("2011-08-09T13:45:30.123Z", 1_312_897_530_123),
        ("2011-08-09T13:45:30.1234Z", 1_312_897_530_123),
        ("2011-08-09T13:45:30.12345Z", 1_312_897_530_123),
        ("2011-08-09T13:45:30.123456Z", 1_312_897_530_123),
        ("2011-08-09T13:45:30.1234567Z", 1_312_897_530_123),
        ("2011-08-09T13:45:30.12345678Z", 1_312_897_530_123),
        ("2011-08-09T13:45:30.123456789Z", 1_312_897_530_123),
        ("2011-08-09T13:45:30.999999999Z", 1_312_897_530_999),
        ("2011-08-09T13:45:30.2509Z", 1_312_897_530_250),
        ("2011-08-09T13:45:30,5Z", 1_312_897_530_500),
        ("2011-08-09T13:45:30.250+02:00", 1_312_890_330_250),
        // leap days, far past and future, end of day
        ("2012-02-29T12:00:00Z", 1_330_516_800_000),
        ("2000-02-29", 951_782_400_000),
        ("1969-12-31T23:59:59.5Z", -500),
        ("1900-01-01T00:00:00Z", -2_208_988_800_000),
        ("0001-01-01T00:00:00Z", -62_135_596_800_000),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
        ("2011-07-04T24:00:00Z", 1_309_824_000_000),
        // MM/dd/yyyy, lenient about leading zeros
        ("07/04/2011", 1_309_737_600_000),
        ("7/4/2011", 1_309_737_600_000),
        ("04/07/2011", 1_302_134_400_000),
        // .NET: absolute milliseconds, the offset suffix is ignored
        ("/Date(1234567890123)/", 1_234_567_890_123),
        ("/Date(1234567890123+0200)/", 1_234_567_890_123),
        ("/Date(1234567890123-0500)/", 1_234_567_890_123),
        ("/Date(-1000)/", -1000),
        ("/Date(0)/", 0),
        // seconds since 1970 as text
        ("1309737600", 1_309_737_600_000),
        ("1309737600.5", 1_309_737_600_500),
        ("1.001", 1001),
        ("-1.5", -1500),
        ("0.0009", 0),
        ("-0.0001", -1),
    ] as [(String, Int64)])
    func parses(_ text: String, _ expected: Int64) {
        #expect(Self.utc.parse(text) == expected)
    }

    @Test(arguments: [
        "2011-02-30", "2011-02-29", "1900-02-29", "2011-13-01", "2011-00-10", "2011-04-31", "2011-08-00",
        "2011-08-09T25:00Z", "2011-08-09T12:60Z", "2011-08-09T12:00:60Z", "2011-08-09T24:30Z",
        "2011-08-09T13:45:30.Z", "2011-08-09T13:45:30+2", "2011-08-09T13:45:30+02:0",
        "2011-08-09T13:45:30+24:00", "2011-08-09T13:45:30+02:60", "2011-08-09T13", "2011-8-9",
        "2011-08-09X", " 2011-08-09", "2011-08-09 ", "2011-08-09T13:45:30ZZ", "", "tomorrow",
        "/Date()/", "/Date(12+02)/", "/Date(abc)/", "/Date(12)", "13/01/2011", "02/30/2011",
        "+5", ".5", "12abc", "99999999999999999999",
    ])
    func rejects(_ text: String) {
        #expect(Self.utc.parse(text) == nil)
    }
}

@Suite struct DateParserPatternTests {
    @Test(arguments: [
        ("M/d/yyyy h:mm a", "7/4/2011 3:15 PM", 1_309_792_500_000),
        ("M/d/yyyy h:mm a", "07/04/2011 03:15 pm", 1_309_792_500_000),
        ("MM/dd/yyyy hh:mm:ss a", "12/31/1999 11:59:59 PM", 946_684_799_000),
        ("MM/dd/yyyy hh:mm a", "01/01/2011 12:00 AM", 1_293_840_000_000),
        ("MM/dd/yyyy hh:mm a", "01/01/2011 12:00 pm", 1_293_883_200_000),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Mon, 04 Jul 2011 08:30:00 GMT", 1_309_768_200_000),
        ("dd MMM yyyy HH:mm:ss z", "04 Jul 2011 08:30:00 PDT", 1_309_793_400_000),
        ("yyyyMMdd'T'HHmmss", "20110704T153000", 1_309_793_400_000),
        ("dd.MM.yy", "04.07.11", 1_309_737_600_000),
        ("dd.MM.yy", "04.07.50", -615_254_400_000),
        ("dd.MM.yy", "04.07.49", 2_508_969_600_000),
        ("MMMM d, yyyy", "July 4, 2011", 1_309_737_600_000),
        ("MMMM d, yyyy", "jul 4, 2011", 1_309_737_600_000),
        ("MMM d, yyyy", "JULY 4, 2011", 1_309_737_600_000),
        ("EEEE, MMMM d, yyyy", "Monday, July 4, 2011", 1_309_737_600_000),
        ("yyyy-MM-dd'T'HH:mm:ssZ", "2011-08-09T13:45:30+0200", 1_312_890_330_000),
        ("yyyy-MM-dd'T'HH:mm:ssZZZZZ", "2011-08-09T13:45:30-05:30", 1_312_917_330_000),
        ("yyyy-MM-dd'T'HH:mm:ssXXX", "2011-08-09T13:45:30Z", 1_312_897_530_000),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSX", "2011-08-09T13:45:30.250+09", 1_312_865_130_250),
        // offsets with seconds (UTS #35 XXXX, XXXXX: Paris Mean Time, +00:09:21)
        ("yyyy-MM-dd'T'HH:mm:ssXXXXX", "1900-01-01T00:09:21+00:09:21", -2_208_988_800_000),
        ("yyyy-MM-dd'T'HH:mm:ssxxxx", "1900-01-01T00:09:21+000921", -2_208_988_800_000),
        ("yyyy-MM-dd'T'HH:mm:ssZZZZZ", "1899-12-31T23:16:52-00:43:08", -2_208_988_800_000),
        ("h 'o''clock' a, d/M/yyyy", "3 o'clock PM, 4/7/2011", 1_309_791_600_000),
        ("HH:mm dd/MM/yyyy", "15:30 04/07/2011", 1_309_793_400_000),
        ("kk:mm d/M/yyyy", "24:00 4/7/2011", 1_309_737_600_000),
        ("yyyy-MM-dd HH:mm:ss.SSSSSS", "2011-08-09 13:45:30.123999", 1_312_897_530_123),
        ("yyyy-MM-dd HH:mm:ss.S", "2011-08-09 13:45:30.5", 1_312_897_530_500),
        ("yyyy-MM-dd HH:mm:ssSSS", "2011-08-09 13:45:30250", 1_312_897_530_250),
        ("yyyy-MM-dd HH:mm z", "2011-08-09 13:45 GMT+02:00", 1_312_890_300_000),
        ("yyyy-MM-dd HH:mm ZZZZ", "2011-08-09 13:45 GMT-05:30", 1_312_917_300_000),
        // UTS #35's short localized GMT format, as z and O write it
        ("yyyy-MM-dd HH:mm z", "2011-08-09 13:45 GMT+2", 1_312_890_300_000),
        ("yyyy-MM-dd HH:mm z", "2011-08-09 13:45 GMT-5:30", 1_312_917_300_000),
        ("yyyy-MM-dd HH:mm zzzz", "2011-08-09 13:45 GMT", 1_312_897_500_000),
        ("yyyy-MM-dd HH:mm O", "2011-08-09 13:45 GMT+12:45", 1_312_851_600_000),
        ("yyyy-MM-dd HH:mm:ss O", "1900-01-01 00:09:21 GMT+0:09:21", -2_208_988_800_000),
        ("yyyy-MM-dd HH:mm:ss zzzz", "1900-01-01 00:09:21 GMT+00:09:21", -2_208_988_800_000),
        ("yyyy-MM-dd HH:mm z", "2011-08-09 13:45 UTC-3:30", 1_312_910_100_000),
        ("K:mm a, yyyy-MM-dd", "0:15 PM, 2011-07-04", 1_309_781_700_000),
        ("d-MMM-yy", "29-Feb-12", 1_330_473_600_000),
        // the spec's formats come before RestKit's MM/dd/yyyy
        ("dd/MM/yyyy", "04/07/2011", 1_309_737_600_000),
    ] as [(String, String, Int64)])
    func parses(_ format: String, _ text: String, _ expected: Int64) throws {
        let parser = try DateParser(formats: [format], timeZone: "UTC")
        #expect(parser.parse(text) == expected)
    }

    @Test(arguments: [
        ("d/M/yyyy", "31/4/2011"),
        ("d MMM yyyy", "4 Jly 2011"),
        ("yyyy-MM-dd 'at' HH:mm", "2011-07-04 at 25:00"),
        ("h:mm a d/M/yyyy", "13:00 PM 4/7/2011"),
        ("EEE d/M/yyyy", "Mon. 4/7/2011"),
        ("d/M/yyyy", "4/7/2011 extra"),
        ("d-MMM-yy", "29-Feb-11"),
        ("yyyy-MM-dd HH:mm Z", "2011-08-09 13:45 +2"),
        ("yyyy-MM-dd HH:mm Z", "2011-08-09 13:45 +02:60"),
        ("yyyy-MM-dd HH:mm Z", "2011-08-09 13:45 +02:00:60"),
        ("yyyy-MM-dd HH:mm Z", "2011-08-09 13:45 +02:00:5"),
        ("yyyy-MM-dd HH:mm Z", "2011-08-09 13:45 +0200:30"),
        ("yyyy-MM-dd HH:mm z", "2011-08-09 13:45 GMT+530"),
        ("yyyy-MM-dd HH:mm z", "2011-08-09 13:45 GMT+5:3"),
        ("yyyy-MM-dd HH:mm z", "2011-08-09 13:45 GMT+5:60"),
        ("yyyy-MM-dd HH:mm O", "2011-08-09 13:45 GMT+"),
    ] as [(String, String)])
    func rejects(_ format: String, _ text: String) throws {
        let parser = try DateParser(formats: [format], timeZone: "UTC")
        #expect(parser.parse(text) == nil)
    }

    @Test func formatsAreTriedInOrder() throws {
        let parser = try DateParser(formats: ["yyyy", "dd/MM/yyyy"], timeZone: "UTC")
        #expect(parser.parse("2011") == 1_293_840_000_000)
        #expect(parser.parse("04/07/2011") == 1_309_737_600_000)
    }

    @Test(arguments: [
        ("yyyy-QQ", "unsupported date pattern letter 'Q' in 'yyyy-QQ'"),
        ("YYYY-MM-dd", "unsupported date pattern letter 'Y' in 'YYYY-MM-dd' (week-based year; did you mean 'y'?)"),
        ("yyyy-DDD", "unsupported date pattern letter 'D' in 'yyyy-DDD' (day of year; did you mean 'd'?)"),
        ("yyyy-MM-dd'T", "unterminated quote in date pattern 'yyyy-MM-dd'T'; close the literal with ' or write '' for a quote"),
        ("", "empty date pattern"),
    ] as [(String, String)])
    func badPatterns(_ format: String, _ message: String) {
        #expect(throws: DateFormatError(message: message)) {
            try DateParser(formats: ["yyyy", format], timeZone: "UTC")
        }
    }
}

@Suite struct DateParserTimeZoneTests {
    static let newYork = try! DateParser(formats: ["M/d/yyyy h:mm a"], timeZone: "America/New_York")

    @Test(arguments: [
        ("2011-07-04T12:00:00", 1_309_795_200_000),  // EDT, -4
        ("2011-01-04T12:00:00", 1_294_160_400_000),  // EST, -5
        ("2011-11-06T01:30:00", 1_320_561_000_000),  // repeated: the later (EST) one
        ("2011-03-13T02:30:00", 1_300_001_400_000),  // skipped: read as 03:30 EDT
        ("2011-07-04T12:00:00Z", 1_309_780_800_000),  // an explicit offset wins
        ("7/4/2011 3:15 PM", 1_309_806_900_000),
        ("/Date(0)/", 0),
        ("1309737600", 1_309_737_600_000),
    ] as [(String, Int64)])
    func newYorkWallTimes(_ text: String, _ expected: Int64) {
        #expect(Self.newYork.parse(text) == expected)
    }

    @Test func berlinDateOnly() throws {
        let parser = try DateParser(formats: [], timeZone: "Europe/Berlin")
        #expect(parser.parse("2011-08-09") == 1_312_840_800_000)
    }

    @Test(arguments: ["UTC", "GMT", "Etc/UTC"])
    func utcSpellings(_ name: String) throws {
        #expect(try DateParser(formats: [], timeZone: name).parse("2011-08-09") == 1_312_848_000_000)
    }

    @Test func unknownTimeZone() {
        #expect(throws: DateFormatError(message: "unknown time zone 'Mars/Base'; use an IANA name such as 'Europe/Berlin' or 'UTC'")) {
            try DateParser(formats: [], timeZone: "Mars/Base")
        }
    }
}
