/// How a number (or numeric string) converted to a `date` is read
/// (docs/spec.md §1, §6): seconds since 1970 (RestKit, Unix) or milliseconds
/// since 1970 (JavaScript, Java and USGS APIs). Declared as `numericDates` on
/// the spec or on a mapper, the mapper's winning.
public enum NumericDates: String, Sendable, CaseIterable {
    case seconds
    case milliseconds

    /// Decimal places to shift a number in this unit to whole milliseconds.
    var millisecondPower: Int {
        switch self {
        case .seconds: return 3
        case .milliseconds: return 0
        }
    }
}
