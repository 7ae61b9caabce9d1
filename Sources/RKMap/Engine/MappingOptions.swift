/// How a run of the engine is configured: the request facts a document came
/// with (docs/spec.md §2), user metadata, and strictness.
public struct MappingOptions: Sendable {
    /// `--path`: the request path; `nil` means "not checked".
    public var path: String?
    /// `--method`, upper-cased; `nil` means "not checked".
    public var method: String?
    /// `--status`; descriptors are checked against 200 when it is `nil`.
    public var status: Int?
    /// `--header NAME=VALUE`, a sidecar's `headers`, a HAR entry's response
    /// headers: `@metadata.HTTP.response.headers.NAME` (docs/spec.md §11).
    public var headers: ResponseHeaders
    /// `--meta KEY=VALUE` pairs, in order (`@metadata.KEY`).
    public var meta: [(key: String, value: JSONValue)]
    /// `--strict`: every mapping warning fails the document.
    public var strict: Bool
    /// `--max-depth`: nesting limit for data and for mapping recursion.
    public var maxDepth: Int
    /// `--max-records`: the most records one document may produce; `nil` for
    /// the default, `recordLimit(documentBytes:)`.
    public var maxRecords: Int?
    /// `--type T`: only root records of this type are written (docs/spec.md §10.3).
    public var onlyType: String?
    /// A relationship without `"many"` is to-one: an array in its place is left
    /// out with a warning suggesting `"many": true`. CSV output sets it, since
    /// its columns are fixed by the spec (docs/spec.md §10.3).
    public var relationshipsToOneUnlessMany: Bool
    /// Records of an entity are stored under their identification values
    /// (SQLite output sets it, docs/spec.md §10.4): a record without one, or
    /// with a number the store would keep as text (the same key as a string
    /// of its digits), fails its document at its own path
    /// (`SQLiteSink.identityProblem`), before anything of it is written.
    public var keysRecordsByIdentity = false
    /// `--keep-going`: a failing document is reported and skipped and the run
    /// goes on (after a syntax error, at the next line that starts a document;
    /// see `SyntaxRecovery`). Without it the first failing document stops the
    /// run (docs/spec.md §11).
    public var keepGoing: Bool
    /// `--explain`: after a "no mappable content" failure, a note per
    /// descriptor saying why it did not contribute (docs/spec.md §11).
    public var explain = false
    /// Inputs of at least this many bytes are mapped by the parallel pipeline;
    /// tests pass 0 to force it. The command line takes it from
    /// `RKMAP_PIPELINE_THRESHOLD`: the library reads no environment.
    public var pipelineThreshold: Int

    /// Below 1 MiB the pipeline's threads cost more than they save.
    public static let defaultPipelineThreshold = 1 << 20
    /// Read documents through the spec's projection (what its key paths name;
    /// see `MappingGraph.documentProjection`). Tests turn it off to check that
    /// the whole tree gives the same answers.
    package var readsProjection = true
    /// Read a value that mapping only copies to the output (an untyped
    /// attribute nothing else reads) as compact JSON text rather than a tree
    /// (`JSONValue.compact`, `MappingGraph.copiesWhole`): a large array
    /// attribute then costs its text, not several times it. Records then hold
    /// `.compact` values, which the sinks of this library write; `rkmap apply`
    /// turns it on.
    public var compactsCopiedValues = false
    /// Hold a large array that only relationships map as the compact text of
    /// its elements, each read as a tree when it is mapped
    /// (`JSONProjection.elements`), where reading it whole would hold its
    /// tree beside the records made from it; `rkmap apply` turns it on.
    public var holdsLargeArrays = false
    /// How many bytes of input such an array spans before it is held
    /// (`ProjectionPlan.holdingArraysFrom`); tests pass less, down to 0 to
    /// hold every one. The command line takes it from `RKMAP_HELD_ARRAY_BYTES`.
    public var holdingArraysFrom = ProjectionPlan.holdingArraysFrom

    public init(
        path: String? = nil, method: String? = nil, status: Int? = nil, headers: ResponseHeaders = ResponseHeaders(),
        meta: [(key: String, value: JSONValue)] = [], strict: Bool = false, maxDepth: Int = 512,
        pipelineThreshold: Int = MappingOptions.defaultPipelineThreshold, keepGoing: Bool = false,
        maxRecords: Int? = nil, onlyType: String? = nil,
        relationshipsToOneUnlessMany: Bool = false
    ) {
        self.keepGoing = keepGoing
        self.maxRecords = maxRecords
        self.onlyType = onlyType
        self.relationshipsToOneUnlessMany = relationshipsToOneUnlessMany
        self.path = path
        self.method = method
        self.status = status
        self.headers = headers
        self.meta = meta
        self.strict = strict
        self.maxDepth = maxDepth
        self.pipelineThreshold = pipelineThreshold
    }

    /// The most records one document may produce: `--max-records`, or by
    /// default 1,000,000 or 16 per byte of the document, whichever is larger.
    /// Real data makes at most a few records per object, and an object takes at
    /// least two bytes, so no realistic input comes near; a spec whose
    /// relationships multiply records (two nil-key-path relationships back into
    /// a dynamic mapper give 2^k records from 8 bytes) stops with an error
    /// instead of filling memory.
    public func recordLimit(documentBytes: Int?) -> Int {
        if let maxRecords { return maxRecords }
        let (perByte, overflow) = (documentBytes ?? 0).multipliedReportingOverflow(by: Self.defaultRecordsPerByte)
        return overflow ? Int.max : max(Self.defaultMinimumRecords, perByte)
    }

    public static let defaultMinimumRecords = 1_000_000
    public static let defaultRecordsPerByte = 16

    /// Metadata keys `--meta` may not set (docs/spec.md §4).
    public static let reservedMetadataKeys: Set<String> = ["mapping", "routing", "HTTP"]
}

/// Counters for `--stats`.
public struct MappingStats: Sendable, Equatable {
    /// Records produced per type name, in first-seen order.
    public var recordsPerType: [(type: String, count: Int)] = []
    /// Each type's position in `recordsPerType` (`add(_:)`), rebuilt when
    /// the list was changed otherwise.
    var typePositions: [String: Int] = [:]
    /// Representations a dynamic mapper declined (no matcher matched).
    public var declined = 0
    /// Objects with none of the mapper's keys, and skipped non-object elements.
    public var unmappable = 0
    /// Records dropped by a `reject` validation.
    public var rejected = 0
    public var documents = 0
    public var failedDocuments = 0
    public var warnings = 0

    public init() {}

    public static func == (a: MappingStats, b: MappingStats) -> Bool {
        a.recordsPerType.map(\.type) == b.recordsPerType.map(\.type)
            && a.recordsPerType.map(\.count) == b.recordsPerType.map(\.count)
            && a.declined == b.declined && a.unmappable == b.unmappable && a.rejected == b.rejected
            && a.documents == b.documents && a.failedDocuments == b.failedDocuments && a.warnings == b.warnings
    }

    /// The `--stats` text (stderr).
    public var summary: String {
        var lines: [String] = []
        let total = recordsPerType.reduce(0) { $0 + $1.count }
        lines.append("documents: \(documents) (\(failedDocuments) failed)")
        lines.append("records: \(total)")
        for (type, count) in recordsPerType { lines.append("  \(type): \(count)") }
        lines.append("declined: \(declined)")
        lines.append("unmappable: \(unmappable)")
        if rejected > 0 { lines.append("rejected: \(rejected)") }
        lines.append("warnings: \(warnings)")
        return lines.joined(separator: "\n")
    }
}
