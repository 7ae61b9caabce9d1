import RKMap

/// `rkmap serialize SPEC [RECORDS ...] [options]` (docs/spec.md §13).
public struct SerializeOptions: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable { case json, ndjson, form }

    public var spec: String
    /// Record files; `-` is stdin, and none means stdin.
    public var inputs: [String] = ["-"]
    public var format: Format = .json
    public var output: String?
    public var compact = false
    public var mapper: String?
    /// `--method M`, upper case; chooses among request descriptors (default POST).
    public var method = "POST"
    public var nulls = false
    public var maxDepth = 512

    public init(spec: String) { self.spec = spec }
}
