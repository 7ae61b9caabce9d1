/// `rkmap check SPEC FIXTURE ... [options]` (docs/spec.md §12).
public struct CheckOptions: Sendable, Equatable {
    /// `--unmatched`: what an exchange no descriptor applies to is.
    public enum Unmatched: String, Sendable, CaseIterable { case error, skip }
    /// `--unmapped`: what members no mapping reads are.
    public enum Unmapped: String, Sendable, CaseIterable { case ignore, warn, error }
    /// `--missing`: what key paths a mapper reads but no object it mapped had are.
    public enum Missing: String, Sendable, CaseIterable { case ignore, warn, error }
    /// `--report KIND=FILE`.
    public struct Report: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable { case junit, json }
        public var kind: Kind
        public var path: String
        public init(kind: Kind, path: String) { self.kind = kind; self.path = path }
    }

    public var spec: String
    /// Body files, HAR files and directories, in the order given.
    public var fixtures: [String]
    /// Facts for body fixtures without a `.meta.json` sidecar.
    public var path: String?
    public var method: String?
    public var status: Int?
    /// Default `skip`: an unmatched HAR entry is a skipped note (docs/spec.md §12).
    public var unmatched: Unmatched = .skip
    public var allowWarnings = false
    public var unmapped: Unmapped = .warn
    public var missing: Missing = .warn
    /// Write `*.expected.json` goldens instead of comparing.
    public var update = false
    public var reports: [Report] = []
    /// `--max-depth N`: the deepest nesting a fixture, its golden file and
    /// its mapping may have (as `apply --max-depth`).
    public var maxDepth = 512

    public init(spec: String, fixtures: [String]) {
        self.spec = spec
        self.fixtures = fixtures
    }
}
