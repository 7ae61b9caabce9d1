/// Why a value could not be converted to a declared type (docs/spec.md §6).
///
/// The engine turns it into a mapping warning that adds the document path,
/// the mapper and the attribute, so the message names only the value and the
/// type: `cannot convert string "abc" to int`.
public struct ConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
