/// One recorded request/response pair to check (docs/spec.md §12): a response body
/// file, or one JSON entry of a HAR file.
public struct Exchange: Sendable {
    /// What the report calls it: the body file's path, or `file.har#3`
    /// (the 0-based index of the entry in `log.entries`).
    public var name: String
    /// The file it came from.
    public var file: String
    /// The HAR entry index, `nil` for a body file.
    public var entry: Int?
    public var facts: ExchangeFacts
    public var content: Content

    public enum Content: Sendable {
        /// The response body, to be parsed as one JSON document.
        case body([UInt8])
        /// The fixture could not be read as one (bad sidecar, not a HAR, an
        /// entry without a body): the exchange fails with these reasons.
        case malformed([Diagnostic])
    }

    public init(name: String, file: String, entry: Int? = nil, facts: ExchangeFacts, content: Content) {
        self.name = name
        self.file = file
        self.entry = entry
        self.facts = facts
        self.content = content
    }
}

/// Where a response came from: the facts descriptors are matched against (docs/spec.md §2).
public struct ExchangeFacts: Sendable, Equatable {
    /// Upper-cased; `nil` is not checked.
    public var method: String?
    /// The URL path without query; `nil` is not checked.
    public var path: String?
    /// `nil` is checked as 200.
    public var status: Int?

    public init(method: String? = nil, path: String? = nil, status: Int? = nil) {
        self.method = method
        self.path = path
        self.status = status
    }

    /// `GET /articles/12 200`: the facts that are known, status always.
    public var summary: String {
        var parts: [String] = []
        if let method { parts.append(method) }
        if let path { parts.append(path) }
        parts.append(String(status ?? 200))
        return parts.joined(separator: " ")
    }
}

/// The exchanges of one fixture file, with its golden file.
public struct FixtureFile: Sendable {
    public enum Kind: Sendable { case body, har }
    public var path: String
    public var kind: Kind
    public var exchanges: [Exchange]
    /// `NAME.expected.json` beside a body file, `NAME.har.expected.json` beside a HAR file.
    public var goldenPath: String

    public init(path: String, kind: Kind, exchanges: [Exchange]) {
        self.path = path
        self.kind = kind
        self.exchanges = exchanges
        self.goldenPath = Self.goldenPath(for: path, kind: kind)
    }

    static func goldenPath(for path: String, kind: Kind) -> String {
        if kind == .body, path.hasSuffix(".json") { return String(path.dropLast(5)) + ".expected.json" }
        return path + ".expected.json"
    }

    /// `NAME.meta.json` beside `NAME.json`.
    static func sidecarPath(for path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".meta.json"
    }
}
