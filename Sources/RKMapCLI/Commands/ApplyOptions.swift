import RKMap

/// `rkmap apply SPEC [INPUT ...] [options]` (docs/spec.md §11).
public struct ApplyOptions: Sendable, Equatable {
    /// `--format` (docs/spec.md §10).
    public enum Format: String, Sendable, CaseIterable { case json, ndjson, csv, sqlite }
    /// `--shape` (docs/spec.md §10.1).
    public enum Shape: String, Sendable, CaseIterable { case collection, dictionary, object }
    /// `--color` (docs/spec.md §11): colour diagnostics on a terminal, always, or never.
    public enum Color: String, Sendable, CaseIterable { case auto, always, never }

    public var spec: String
    /// Input files; `-` is stdin, and no inputs means stdin.
    public var inputs: [String] = ["-"]
    /// `--format`, when given.
    public var requestedFormat: Format?
    /// The output format: `--format`, else the `-o` file's extension (SPEC
    /// §11), else json.
    public var format: Format {
        get { requestedFormat ?? output.map(Format.init(inferredFrom:)) ?? .json }
        set { requestedFormat = newValue }
    }
    /// `-o/--output FILE`; `nil` writes to stdout (not allowed for `sqlite`).
    public var output: String?
    public var shape: Shape = .collection
    public var compact = false
    public var noType = false
    /// `--path P`: the request path descriptors are matched against (docs/spec.md §2).
    public var path: String?
    /// `--method M`, uppercased.
    public var method: String?
    /// `--status N`, 100–599.
    public var status: Int?
    /// `--header NAME=VALUE`, in the order given: `@metadata.HTTP.response.headers.NAME`.
    public var headers: [ResponseHeaders.Field] = []
    /// `--meta KEY=VALUE`, in the order given.
    public var meta: [MetaEntry] = []
    public var strict = false
    public var stats = false
    /// `--max-depth N`: the deepest nesting rkmap follows.
    public var maxDepth = 512
    /// `--max-records N`: the most records one document may make (`nil`: the default).
    public var maxRecords: Int?
    /// `--type T`: keep only root records of type T (docs/spec.md §10.3).
    public var type: String?
    /// `--keep-going`: report and skip failing documents, write the others (docs/spec.md §11).
    public var keepGoing = false
    /// `--explain`: say for each descriptor why it did not apply or find content.
    public var explain = false
    /// `--progress`: show the progress line on stderr whatever the terminal
    /// and input size (otherwise: a terminal and more than 64 MiB; docs/spec.md §11).
    public var progress = false
    public var color: Color = .auto
    /// `--input-format`: JSON documents, or one form-encoded document per line (§14).
    public var inputFormat: InputFormat = .json
    public enum InputFormat: String, Sendable, CaseIterable { case json, form }

    public init(spec: String) { self.spec = spec }
}

extension ApplyOptions.Format {
    /// The format an `-o` file's extension asks for when `--format` is not given
    /// (docs/spec.md §11): `.db .sqlite .sqlite3` sqlite, `.csv` csv, `.ndjson .jsonl`
    /// ndjson, anything else json. The extension is compared ignoring case, so
    /// `OUT.CSV` is CSV too.
    public init(inferredFrom path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            self = .json
            return
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "db", "sqlite", "sqlite3": self = .sqlite
        case "csv": self = .csv
        case "ndjson", "jsonl": self = .ndjson
        default: self = .json
        }
    }
}
