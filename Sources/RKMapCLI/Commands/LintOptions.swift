import RKMap

/// `rkmap lint SPEC ... [--strict] [--format text|json|github]`.
public struct LintOptions: Sendable, Equatable {
    /// How diagnostics are reported (docs/spec.md §12, last paragraph).
    public enum Format: String, Sendable, CaseIterable { case text, json, github }

    public var specs: [String]
    /// Relaxed-syntax warnings count as errors.
    public var strict = false
    public var format: Format = .text

    public init(specs: [String]) { self.specs = specs }
}
