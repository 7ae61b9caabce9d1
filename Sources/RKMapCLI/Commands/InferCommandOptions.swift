import RKMap

/// `rkmap infer SAMPLE ... [--key-path K] [--name TYPE] [--entity] [-o FILE]`
/// (docs/spec.md §15).
public struct InferCommandOptions: Sendable, Equatable {
    /// Sample files; `-` is stdin, and no samples means stdin.
    public var samples: [String]
    public var keyPath: String?
    public var name: String?
    public var entity = false
    /// Write the spec here (atomically) instead of stdout.
    public var output: String?
    /// `--max-depth N`: the deepest nesting a sample may have.
    public var maxDepth = 512

    public init(samples: [String]) { self.samples = samples }
}
