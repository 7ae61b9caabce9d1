/// A date format or time zone in a spec that rkmap cannot use: an unsupported
/// pattern letter, an unterminated quote, an unknown time zone name.
public struct DateFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
