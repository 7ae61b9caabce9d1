import Testing
@testable import RKMap

@Suite struct DateFormatTests {
    @Test(arguments: [
        (0, "1970-01-01T00:00:00Z"),
        (1_309_737_600_000, "2011-07-04T00:00:00Z"),
        (1_309_737_600_250, "2011-07-04T00:00:00.250Z"),
        (1_309_737_600_005, "2011-07-04T00:00:00.005Z"),
        (1_234_567_890_123, "2009-02-13T23:31:30.123Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-500, "1969-12-31T23:59:59.500Z"),
        (-86_400_000, "1969-12-31T00:00:00Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"),
        (-2_208_988_800_000, "1900-01-01T00:00:00Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00Z"),
        (-62_198_755_200_000, "-000001-01-01T00:00:00Z"),
        (253_402_300_800_000, "+010000-01-01T00:00:00Z"),
        (Int64.max, "+292278994-08-17T07:12:55.807Z"),
        (Int64.min, "-292275055-05-16T16:47:04.192Z"),
    ] as [(Int64, String)])
    func formats(_ ms: Int64, _ expected: String) {
        #expect(DateParser.format(epochMilliseconds: ms) == expected)
    }

    @Test(arguments: [
        (0, 0),
        (1_309_737_600, 1_309_737_600_000),
        (1_309_737_600.5, 1_309_737_600_500),
        (1.0009, 1000),
        (1.001, 1001),
        (-0.5, -500),
        (-0.0001, -1),
        (-1.5, -1500),
        (1e-3, 1),
        (9.2e15, 9_200_000_000_000_000_000),
    ] as [(Double, Int64)])
    func secondsToMilliseconds(_ seconds: Double, _ expected: Int64) {
        #expect(DateParser.epochMilliseconds(fromSeconds: seconds) == expected)
    }

    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan, 1e300, -1e16])
    func secondsOutOfRange(_ seconds: Double) {
        #expect(DateParser.epochMilliseconds(fromSeconds: seconds) == nil)
    }
}
