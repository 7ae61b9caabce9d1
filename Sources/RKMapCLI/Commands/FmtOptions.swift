import RKMap

/// `rkmap fmt SPEC [--write]`: canonical strict JSON to stdout, or in place.
public struct FmtOptions: Sendable, Equatable {
    public var spec: String
    /// Rewrite the file instead of printing.
    public var write = false

    public init(spec: String) { self.spec = spec }
}
