/// Runs the four checks of SPEC §12 on exchanges: a descriptor applies, the
/// document maps strictly, every member of a mapped object is read by the
/// mapping, and the output equals the golden file.
///
/// ```swift
/// let checker = try FixtureChecker(graph: graph, options: options)
/// let result = checker.check(FixtureReader.read("fixtures/login.json", defaults: ExchangeFacts()))
/// result.results[0].outcome  // .passed
/// ```
public final class FixtureChecker {
    public let graph: MappingGraph
    public let options: CheckOptions

    /// - Throws: `MappingEngine.SetupError` when the spec cannot run at all
    ///   (a bad date format): a spec error, not a failing exchange.
    public init(graph: MappingGraph, options: CheckOptions) throws(MappingEngine.SetupError) {
        self.graph = graph
        self.options = options
        _ = try MappingEngine(graph: graph, options: MappingOptions())
    }

    /// Checks every exchange of a fixture file, then compares its golden file
    /// (or writes it, with `--update`).
    public func check(_ file: FixtureFile) -> FixtureFileResult {
        var results = file.exchanges.map(check)
        golden(file, results: &results)
        for i in results.indices where results[i].outcome != .skipped {
            results[i].outcome = results[i].reasons.contains { $0.severity == .error } ? .failed : .passed
        }
        return FixtureFileResult(path: file.path, results: results)
    }

    /// Checks 1–3 for one exchange; the golden check needs the whole file.
    public func check(_ exchange: Exchange) -> ExchangeResult {
        let bytes: [UInt8]
        switch exchange.content {
        case .malformed(let reasons):
            return ExchangeResult(exchange: exchange, outcome: .failed, reasons: reasons)
        case .body(let body):
            bytes = body
        }
        let facts = exchange.facts
        let mappingOptions = MappingOptions(path: facts.path, method: facts.method, status: facts.status)
        let engine: MappingEngine
        do {
            engine = try MappingEngine(graph: graph, options: mappingOptions)
        } catch {
            return ExchangeResult(exchange: exchange, outcome: .failed, reasons: [Diagnostic(.error, error.message, file: graph.file, code: "spec")])
        }
        // 1. descriptor
        if engine.applicableDescriptors.isEmpty {
            let skip = exchange.entry != nil && options.unmatched == .skip
            return ExchangeResult(exchange: exchange, outcome: skip ? .skipped : .failed, reasons: unmatchedReasons(exchange, skip: skip))
        }
        let document: JSONValue
        switch FixtureReader.parseOne(bytes, file: exchange.file) {
        case .success(let value): document = value
        case .failure(let problem):
            return ExchangeResult(exchange: exchange, outcome: .failed, reasons: [bodyProblem(problem, in: exchange)])
        }
        // 2. mapping
        let list = DiagnosticList()
        let sink = CountingSink()
        let tracker = options.unmapped == .ignore ? nil : ReadTracker(caseInsensitive: graph.options.caseInsensitiveKeys)
        let mapped: Bool
        do {
            mapped = try engine.map(
                document: document, info: DocumentInfo(input: exchange.file, index: 0), sink: sink,
                diagnostics: list, readTracker: tracker)
        } catch {
            mapped = false
            list.emit(Diagnostic(.error, "\(error)", file: exchange.file, code: "mapping"))
        }
        var reasons: [Diagnostic] = []
        for var d in list.diagnostics {
            if d.severity == .warning, !options.allowWarnings { d.severity = .error }
            d.file = exchange.file
            d.code = "mapping"
            reasons.append(d)
        }
        // 3. unmapped keys
        if mapped, let tracker {
            let severity: Severity = options.unmapped == .error ? .error : .warning
            for u in tracker.unmapped {
                let times = u.count == 1 ? "1 time" : "\(u.count) times"
                reasons.append(Diagnostic(
                    severity, "not mapped (\(times))", file: exchange.file, location: .jsonPath(u.path),
                    mapperID: u.mapperIDs.joined(separator: ", "), code: "unmapped"))
            }
        }
        let failed = reasons.contains { $0.severity == .error }
        return ExchangeResult(
            exchange: exchange, outcome: failed ? .failed : .passed, records: mapped ? sink.records : nil,
            reasons: reasons, output: mapped ? sink.bytes : nil)
    }

    /// "no descriptor applies", then for each descriptor why not (SPEC §12 check 1).
    func unmatchedReasons(_ exchange: Exchange, skip: Bool) -> [Diagnostic] {
        let facts = exchange.facts
        let mappingOptions = MappingOptions(path: facts.path, method: facts.method, status: facts.status)
        var reasons = [Diagnostic(skip ? .note : .error, "no descriptor applies to \(facts.summary)", file: exchange.file, code: "descriptor")]
        reasons += MappingEngine.descriptorNotes(graph, options: mappingOptions, notFound: false)
        return reasons
    }

    /// A body that is not JSON: file:line:col for a body file; for a HAR
    /// entry, the JSON path of its text and the line and column inside it.
    func bodyProblem(_ problem: FixtureProblem, in exchange: Exchange) -> Diagnostic {
        guard let entry = exchange.entry else { return problem.diagnostic }
        var message = "the response body is not JSON: " + problem.message
        if let at = problem.location { message += " (line \(at.line), column \(at.column) of the body)" }
        return Diagnostic(.error, message, file: exchange.file, location: .jsonPath("$.log.entries[\(entry)].response.content.text"), code: "fixture")
    }
}
