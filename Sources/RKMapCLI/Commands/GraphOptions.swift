import RKMap

/// `rkmap graph SPEC [--format mermaid|dot] [--attributes]` (docs/spec.md §16).
public struct GraphOptions: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case mermaid, dot
    }

    public var spec: String
    public var format: Format = .mermaid
    /// List each mapper's attribute mappings in its node.
    public var attributes = false

    public init(spec: String) { self.spec = spec }
}
