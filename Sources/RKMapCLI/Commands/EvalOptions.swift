import RKMap

/// `rkmap eval PREDICATE [INPUT ...]` (docs/spec.md §9).
public struct EvalOptions: Sendable, Equatable {
    public var predicate: String
    /// Input files; `-` is stdin, and no inputs means stdin.
    public var inputs: [String] = ["-"]

    public init(predicate: String) { self.predicate = predicate }
}
