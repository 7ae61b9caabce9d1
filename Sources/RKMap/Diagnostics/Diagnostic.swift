/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable {
    case note, warning, error
    public static func < (a: Severity, b: Severity) -> Bool {
        let order: [Severity] = [.note, .warning, .error]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// One message for a person: a spec or input syntax problem (located by line
/// and column) or a mapping problem (located by the document's JSON path).
///
/// Text forms (docs/spec.md §11):
/// - `FILE:LINE:COL: error: MESSAGE`
/// - `FILE: $.json.path: warning: MESSAGE [mapper ID, attribute NAME]`
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Location: Sendable, Equatable {
        case none
        case source(SourceLocation)
        case jsonPath(String)
    }

    public var severity: Severity
    public var message: String
    public var file: String
    public var location: Location
    /// The mapper the problem was found in, if any.
    public var mapperID: String?
    /// The destination attribute or relationship the problem concerns, if any.
    public var attribute: String?
    /// A short machine-readable code (`relaxed-syntax`, `unknown-mapper`, …)
    /// for JSON reports and filtering.
    public var code: DiagnosticCode?
    /// What kind of mapping problem this is (`unmappable`, `conversion`, …),
    /// whatever the values in the message: with the mapper and attribute, it
    /// says which warnings repeat one another (docs/spec.md §11).
    public var kind: MappingWarning.Kind?

    public init(
        _ severity: Severity, _ message: String, file: String, location: Location = .none,
        mapperID: String? = nil, attribute: String? = nil, code: DiagnosticCode? = nil, kind: MappingWarning.Kind? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.mapperID = mapperID
        self.attribute = attribute
        self.code = code
        self.kind = kind
    }

    /// The one-line text form printed on stderr.
    public var description: String {
        var s: String
        switch location {
        case .none: s = "\(file): \(severity.rawValue): \(message)"
        case .source(let loc): s = "\(file):\(loc.line):\(loc.column): \(severity.rawValue): \(message)"
        case .jsonPath(let path): s = "\(file): \(path): \(severity.rawValue): \(message)"
        }
        var context: [String] = []
        // A spec diagnostic whose message names its mapper needs no "[mapper X]"
        // after it; mapping diagnostics keep docs/spec.md §11's form whatever the message.
        var namesMapper = false
        if case .source = location, let mapperID { namesMapper = message.contains("mapper '\(mapperID)'") }
        if let mapperID, !namesMapper { context.append("mapper \(mapperID)") }
        if let attribute { context.append("attribute \(attribute)") }
        if !context.isEmpty { s += " [" + context.joined(separator: ", ") + "]" }
        return s
    }
}

/// Decides where diagnostics go (stderr, a JSON report, GitHub annotations,
/// a test's array). The library never prints: it hands diagnostics to one of these.
public protocol DiagnosticCollector: AnyObject {
    func emit(_ diagnostic: Diagnostic)
}

/// Keeps diagnostics in memory, in the order they were emitted.
public final class DiagnosticList: DiagnosticCollector {
    public private(set) var diagnostics: [Diagnostic] = []
    public init() {}
    public func emit(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// Returns what was collected and starts empty again.
    public func drain() -> [Diagnostic] {
        defer { diagnostics.removeAll(keepingCapacity: true) }
        return diagnostics
    }
}
