/// What checking one exchange found (docs/spec.md §12).
public struct ExchangeResult: Sendable {
    public enum Outcome: String, Sendable { case passed, failed, skipped }

    public var exchange: Exchange
    public var outcome: Outcome
    /// Root records mapped (records of nested arrays counted one by one);
    /// `nil` when the document was not mapped.
    public var records: Int?
    /// Why it failed or was skipped, and warnings that did not fail it, each
    /// with the check that found it as its `code`: `fixture`, `descriptor`,
    /// `mapping`, `unmapped`, `golden`.
    public var reasons: [Diagnostic]
    /// The `apply` output (JSON tree, collection shape, pretty, with its final
    /// newline) when the document mapped and the output was held: for
    /// `--update`, for a HAR's golden, and for a body's golden that differs
    /// from it. `nil` without a golden, and when a body's output was
    /// compared with its golden as it was rendered (`goldenComparison`).
    public var output: [UInt8]?
    /// How check 4 was done as the output was rendered; `nil` when it was
    /// not (the golden is compared with the held output as values).
    var goldenComparison: GoldenComparison?

    enum GoldenComparison: Equatable {
        /// The output was the golden's text exactly (`GoldenStream`).
        case exactText
        /// A body's output was compared with its golden as values, element
        /// by element (`GoldenElementDiff`); the differences are among the reasons.
        case byElement
    }

    public init(exchange: Exchange, outcome: Outcome, records: Int? = nil, reasons: [Diagnostic] = [], output: [UInt8]? = nil) {
        self.exchange = exchange
        self.outcome = outcome
        self.records = records
        self.reasons = reasons
        self.output = output
    }
}

/// The results of one fixture file (a JUnit test suite).
public struct FixtureFileResult: Sendable {
    public var path: String
    public var results: [ExchangeResult]
    public init(path: String, results: [ExchangeResult]) {
        self.path = path
        self.results = results
    }
}

/// The results of a whole `rkmap check` run.
public struct CheckSummary: Sendable {
    public var spec: String
    public var files: [FixtureFileResult] = []

    public init(spec: String) { self.spec = spec }

    public var results: [ExchangeResult] { files.flatMap(\.results) }
    public var passed: Int { count(.passed) }
    public var failed: Int { count(.failed) }
    public var skipped: Int { count(.skipped) }

    private func count(_ outcome: ExchangeResult.Outcome) -> Int {
        files.reduce(0) { n, f in n + f.results.reduce(0) { $0 + ($1.outcome == outcome ? 1 : 0) } }
    }

    /// `N passed, M failed`, with `, K skipped` when some were.
    public var totalsLine: String {
        var s = "\(passed) passed, \(failed) failed"
        if skipped > 0 { s += ", \(skipped) skipped" }
        return s
    }
}
