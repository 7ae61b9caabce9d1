import Testing
@testable import RKMap

/// `numericDates` (docs/spec.md §6): numbers and numeric strings read as
/// seconds (default) or milliseconds since 1970.
@Suite struct NumericDatesTests {
    static let milliseconds = try! DateParser(formats: [], timeZone: "UTC", numericDates: .milliseconds)

    @Test(arguments: [
        (JSONValue.number(JSONNumber("1700000000123")), "2023-11-14T22:13:20.123Z"),
        (.number(JSONNumber("1700000000123.9")), "2023-11-14T22:13:20.123Z"),   // truncated toward the past
        (.number(JSONNumber("-1")), "1969-12-31T23:59:59.999Z"),
        (.string("1700000000250"), "2023-11-14T22:13:20.250Z"),
        (.string("2011-08-09"), "2011-08-09T00:00:00Z"),                        // strings still use the formats
        (.string("/Date(1234567890123)/"), "2009-02-13T23:31:30.123Z"),          // .NET dates are milliseconds anyway
    ])
    func readsMilliseconds(_ value: JSONValue, _ expected: String) {
        #expect(ValueConverter.convert(value, to: .date, dates: Self.milliseconds) == .success(.string(expected)))
    }

    @Test func outOfRangeInMillisecondsHasNoHint() {
        let result = ValueConverter.convert(.number(JSONNumber("253402300800000")), to: .date, dates: Self.milliseconds)
        #expect(result == .failure(ConversionError(message: "cannot convert number 253402300800000 to date: outside the years 0001–9999")))
    }
}
