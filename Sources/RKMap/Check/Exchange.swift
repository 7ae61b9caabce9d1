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
    /// Said about the exchange whatever its outcome (a JSON body served as
    /// `text/html`); reported before the checks' reasons.
    public var notes: [Diagnostic]

    public enum Content: Sendable {
        /// The response body, to be read as one document of `kind`.
        case body([UInt8], BodyKind)
        /// The response has no body: checked only when a descriptor applies
        /// (docs/spec.md §12), else skipped with this reason.
        case noBody(NoBody)
        /// The fixture could not be read as one (bad sidecar, not a HAR, an
        /// entry whose body was not exported): the exchange fails with these reasons.
        case malformed([Diagnostic])
    }

    /// How a body is read into a document.
    public enum BodyKind: Sendable, Equatable {
        /// One JSON document.
        case json
        /// `application/x-www-form-urlencoded` (docs/spec.md §14).
        case form
    }

    /// Why a response has no body (docs/spec.md §12).
    public enum NoBody: Sendable, Equatable, CustomStringConvertible {
        case noContent, notModified, head, preflight, empty

        public var description: String {
            switch self {
            case .noContent: return "204 No Content"
            case .notModified: return "304 Not Modified"
            case .head: return "a HEAD request"
            case .preflight: return "an OPTIONS preflight"
            case .empty: return "empty content"
            }
        }

        /// Why a response of `method` and `status` with `body` has none, or `nil`
        /// when it has one. A body of spaces only is empty, as RestKit's
        /// `hasEmptyResponse` takes a single space for none (Rails' `render :nothing`).
        ///
        /// - Parameter body: `nil` when the body is not known (a HAR saved
        ///   without it): only the method and status can tell then.
        static func reason(method: String?, status: Int?, body: [UInt8]?) -> NoBody? {
            let empty = body?.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } ?? false
            if method == "OPTIONS", empty { return .preflight }
            if method == "HEAD" { return .head }
            if status == 304 { return .notModified }
            if status == 204 { return .noContent }
            return empty ? .empty : nil
        }
    }

    public init(name: String, file: String, entry: Int? = nil, facts: ExchangeFacts, content: Content, notes: [Diagnostic] = []) {
        self.name = name
        self.file = file
        self.entry = entry
        self.facts = facts
        self.content = content
        self.notes = notes
    }

    /// False only for a fixture file that could not be read at all (not a
    /// HAR): it has no request, so its report line names the file alone.
    public var hasFacts: Bool {
        if entry == nil, case .malformed = content, file.hasSuffix(".har") { return false }
        return true
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
    /// Response headers, `@metadata.HTTP.response.headers.NAME` (docs/spec.md §11).
    public var headers: ResponseHeaders

    public init(method: String? = nil, path: String? = nil, status: Int? = nil, headers: ResponseHeaders = ResponseHeaders()) {
        self.method = method
        self.path = path
        self.status = status
        self.headers = headers
    }

    /// The engine options that match descriptors against these facts.
    var mappingOptions: MappingOptions {
        MappingOptions(path: path, method: method, status: status, headers: headers)
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
    /// Whether it was read from a regular file, which can be read again: a
    /// body whose output differs from its golden is mapped again from it
    /// (`FixtureChecker`). A named pipe has nothing left, and opening it
    /// again waits for a writer: such a fixture's outputs are held instead.
    public var readableAgain: Bool

    public init(path: String, kind: Kind, exchanges: [Exchange], readableAgain: Bool = true) {
        self.path = path
        self.kind = kind
        self.exchanges = exchanges
        self.goldenPath = Self.goldenPath(for: path, kind: kind)
        self.readableAgain = readableAgain
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

extension Exchange.Content {
    /// A body's content with its bytes let go (`.body([], kind)`), as a
    /// checked exchange keeps it (`FixtureChecker`: a large body is not held
    /// through the rest of the run); any other content as it is.
    public var withoutBody: Exchange.Content {
        if case .body(_, let kind) = self { return .body([], kind) }
        return self
    }
}
