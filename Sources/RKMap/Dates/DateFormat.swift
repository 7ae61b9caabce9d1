/// One `dateFormats` entry (docs/spec.md §6), compiled once, when the spec is
/// compiled: a bad pattern is a spec error at its own line and column, and
/// nothing later (the engine's date parsers, `serialize`'s date writers)
/// compiles it again or can fail on it.
public struct DateFormat: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as the spec wrote it.
    public let text: String
    let pattern: DatePattern

    /// - Throws: `DateFormatError` for an unsupported pattern letter or an
    ///   unterminated quote.
    public init(_ text: String) throws(DateFormatError) {
        self.text = text
        self.pattern = try DatePattern(text)
    }

    public var description: String { text }

    public static func == (a: DateFormat, b: DateFormat) -> Bool { a.text == b.text }
}
