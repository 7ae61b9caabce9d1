import RKMap

/// `rkmap apply SPEC [INPUT ...] [options]` (SPEC §11).
public struct ApplyOptions: Sendable, Equatable {
    /// `--format` (SPEC §10).
    public enum Format: String, Sendable, CaseIterable { case json, ndjson, csv, sqlite }
    /// `--shape` (SPEC §10.1).
    public enum Shape: String, Sendable, CaseIterable { case collection, dictionary, object }

    public var spec: String
    /// Input files; `-` is stdin, and no inputs means stdin.
    public var inputs: [String] = ["-"]
    public var format: Format = .json
    /// `-o/--output FILE`; `nil` writes to stdout (not allowed for `sqlite`).
    public var output: String?
    public var shape: Shape = .collection
    public var compact = false
    public var noType = false
    /// `--path P`: the request path descriptors are matched against (SPEC §2).
    public var path: String?
    /// `--method M`, uppercased.
    public var method: String?
    /// `--status N`, 100–599.
    public var status: Int?
    /// `--meta KEY=VALUE`, in the order given.
    public var meta: [MetaEntry] = []
    public var strict = false
    public var stats = false
    /// `--max-depth N`: the deepest nesting rkmap follows.
    public var maxDepth = 512
    /// `--input-format`: JSON documents, or one form-encoded document per line (§14).
    public var inputFormat: InputFormat = .json
    public enum InputFormat: String, Sendable, CaseIterable { case json, form }

    public init(spec: String) { self.spec = spec }
}
