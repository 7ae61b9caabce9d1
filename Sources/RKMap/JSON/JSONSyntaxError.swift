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
    /// The error lies at the end of the bytes read so far (`expected a value,
    /// found end of input`, an unterminated string, `tru`): more input could
    /// make the text valid. A reader of a stream that has more to read reads
    /// on and scans again instead of reporting it (see `ChunkedInput`); at the
    /// true end of the input it is an error like any other. Not part of `==`.
    public var needsMoreInput = false

    public init(message: String, offset: Int, location: SourceLocation) {
        self.message = message
        self.offset = offset
        self.location = location
    }

    public static func == (a: JSONSyntaxError, b: JSONSyntaxError) -> Bool {
        a.message == b.message && a.offset == b.offset && a.location == b.location
    }

    /// `LINE:COL: MESSAGE`.
    public var description: String { "\(location): \(message)" }
}
