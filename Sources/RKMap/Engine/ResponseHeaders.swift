/// The response headers a document came with (docs/spec.md §11 `--header NAME=VALUE`,
/// §12 sidecar `headers` and HAR entries), readable by mappers as
/// `@metadata.HTTP.response.headers.NAME`.
///
/// Header names are case-insensitive in HTTP (RFC 9110 §5.1), so a key path
/// finds `Link` as `headers.link` too (see `KeyPath.evaluateMetadata`). A name
/// given more than once is one field whose values are joined with `", "` in
/// order, as RFC 9110 §5.3 combines repeated field lines; the first spelling
/// of the name is kept.
///
/// ```swift
/// let headers = ResponseHeaders([("Link", "<https://api.example.com/x?page=2>; rel=\"next\""), ("ETag", "\"abc\"")])
/// headers.metadataObject["link"]  // nil: the object keeps the spelling; key paths ignore case
/// ```
public struct ResponseHeaders: Sendable, Equatable {
    /// One `NAME: VALUE` field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    /// Fields in first-seen order; names as first spelled.
    public private(set) var fields: [(name: String, value: String)] = []
    /// Where each name is in `fields`, by its lower-cased spelling: a scan
    /// per field made 32,000 headers (a HAR entry's) take 7 s.
    private var positions: [String: Int] = [:]

    public init() {}

    /// Adds each field in order (repeated names combine).
    public init(_ fields: [(name: String, value: String)]) {
        for field in fields { add(name: field.name, value: field.value) }
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// Adds a field; a name already present (ignoring case) gets `", VALUE"` appended.
    public mutating func add(name: String, value: String) {
        let folded = name.lowercased()
        if let i = positions[folded] {
            fields[i].value += ", " + value
        } else {
            positions[folded] = fields.count
            fields.append((name, value))
        }
    }

    /// The value of a field, its name matched ignoring case.
    public subscript(name: String) -> String? {
        positions[name.lowercased()].map { fields[$0].value }
    }

    /// `{"Link": "…", "ETag": "…"}`: the `@metadata.HTTP.response.headers` object.
    public var metadataObject: JSONObject {
        JSONObject(fields.map { ($0.name, JSONValue.string($0.value)) })
    }

    public static func == (a: ResponseHeaders, b: ResponseHeaders) -> Bool {
        a.fields.elementsEqual(b.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Why a `--header` argument is not `NAME=VALUE` (a usage error).
    public enum ParseError: Error, Sendable, Equatable {
        /// No `=`, or nothing before it.
        case missingName
        /// The name holds a character HTTP field names cannot (a space, `:`,
        /// a quote); carries the name and the offending character.
        case invalidName(String, Character)
    }

    /// Reads `NAME=VALUE`: the name up to the first `=` must be an HTTP field
    /// name (an RFC 9110 token); the value is the rest, spaces around it dropped
    /// as HTTP does (RFC 9110 §5.5), and may contain `=` (`Link` values do).
    public static func parseArgument(_ raw: String) throws(ParseError) -> Field {
        guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else { throw .missingName }
        let name = String(raw[..<eq])
        if let bad = name.first(where: { !isTokenCharacter($0) }) { throw .invalidName(name, bad) }
        var value = Substring(raw[raw.index(after: eq)...])
        while let c = value.first, c == " " || c == "\t" { value = value.dropFirst() }
        while let c = value.last, c == " " || c == "\t" { value = value.dropLast() }
        return Field(name: name, value: String(value))
    }

    /// RFC 9110 §5.6.2 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ c: Character) -> Bool {
        guard c.isASCII, let v = c.asciiValue else { return false }
        switch v {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".contains(c)
        }
    }
}
