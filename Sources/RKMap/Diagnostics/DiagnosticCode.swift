/// The machine-readable code of a diagnostic (`lint --format json`, check
/// reports, filtering): a closed set, declared here once, compared as values
/// rather than strings.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let ambiguousRoot = DiagnosticCode("ambiguous-root")
    public static let caseCollision = DiagnosticCode("case-collision")
    public static let connection = DiagnosticCode("connection")
    public static let dateFormat = DiagnosticCode("date-format")
    public static let descriptor = DiagnosticCode("descriptor")
    public static let destination = DiagnosticCode("destination")
    public static let duplicateField = DiagnosticCode("duplicate-field")
    public static let duplicateKey = DiagnosticCode("duplicate-key")
    public static let duplicateMapper = DiagnosticCode("duplicate-mapper")
    public static let emptyInput = DiagnosticCode("empty-input")
    public static let fixture = DiagnosticCode("fixture")
    public static let golden = DiagnosticCode("golden")
    public static let invalidValue = DiagnosticCode("invalid-value")
    public static let keyPath = DiagnosticCode("key-path")
    public static let mapping = DiagnosticCode("mapping")
    public static let mappingFailed = DiagnosticCode("mapping-failed")
    public static let mapsNothing = DiagnosticCode("maps-nothing")
    public static let matcher = DiagnosticCode("matcher")
    public static let method = DiagnosticCode("method")
    public static let misplacedField = DiagnosticCode("misplaced-field")
    public static let missing = DiagnosticCode("missing")
    public static let missingField = DiagnosticCode("missing-field")
    public static let noDescriptors = DiagnosticCode("no-descriptors")
    public static let notWritable = DiagnosticCode("not-writable")
    public static let pathPattern = DiagnosticCode("path-pattern")
    public static let predicate = DiagnosticCode("predicate")
    public static let relaxedSyntax = DiagnosticCode("relaxed-syntax")
    public static let requestDescriptor = DiagnosticCode("request-descriptor")
    public static let serializeFailed = DiagnosticCode("serialize-failed")
    public static let spec = DiagnosticCode("spec")
    /// A name SQLite output cannot store as the spec asks (docs/spec.md §3.1, §10.4).
    public static let sqliteName = DiagnosticCode("sqlite-name")
    public static let statusCode = DiagnosticCode("status-code")
    public static let syntax = DiagnosticCode("syntax")
    public static let syntaxError = DiagnosticCode("syntax-error")
    public static let timeZone = DiagnosticCode("time-zone")
    public static let unknownField = DiagnosticCode("unknown-field")
    public static let unknownMapper = DiagnosticCode("unknown-mapper")
    public static let unknownType = DiagnosticCode("unknown-type")
    public static let unmapped = DiagnosticCode("unmapped")
    public static let unreadable = DiagnosticCode("unreadable")
    public static let wrongKind = DiagnosticCode("wrong-kind")
}
