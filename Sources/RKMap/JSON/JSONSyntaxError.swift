/// A strict JSON (RFC 8259) syntax error in a data document.
///
/// `message` names what was found and what was expected
/// (`expected ',' or '}' after an object member, found ']'`); `offset` is the
/// byte offset and `location` the line and column (Unicode scalars) of the
/// offending character.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var location: SourceLocation

    public init(message: String, offset: Int, location: SourceLocation) {
        self.message = message
        self.offset = offset
        self.location = location
    }

    /// `LINE:COL: MESSAGE`.
    public var description: String { "\(location): \(message)" }
}
