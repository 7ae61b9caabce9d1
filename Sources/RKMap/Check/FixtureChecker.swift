/// Runs the four checks of docs/spec.md §12 on exchanges: a descriptor applies, the
/// document maps strictly, every member of a mapped object is read by the
/// mapping and every key path a mapper reads is in some object it mapped,
/// and the output equals the golden file.
///
/// ```swift
/// let checker = try FixtureChecker(graph: graph, options: options)
/// let result = checker.check(FixtureReader.read("fixtures/login.json", defaults: ExchangeFacts()))
/// result.results[0].outcome  // .passed
/// ```
public final class FixtureChecker {
    public let graph: MappingGraph
    public let options: CheckOptions
    /// Whether a body whose content is an array may be mapped element by
    /// element (`MappingEngine.elementwiseDocument`); off, every body is
    /// mapped from its whole tree (the equivalence tests compare the two).
    var elementwise = true
    /// How many bytes of input an array that only a relationship maps (or
    /// one collected through another) spans before it is held as text
    /// (`MappingOptions.holdingArraysFrom`); tests pass 0, to hold every
    /// one. The command line takes it from `RKMAP_HELD_ARRAY_BYTES`, as
    /// `apply` and `serialize` do.
    package var holdingArraysFrom = ProjectionPlan.holdingArraysFrom

    /// - Throws: `MappingEngine.SetupError` when the spec cannot run at all
    ///   (a bad date format): a spec error, not a failing exchange.
    public init(graph: MappingGraph, options: CheckOptions) throws(MappingEngine.SetupError) {
        self.graph = graph
        self.options = options
        _ = try MappingEngine(graph: graph, options: MappingOptions())
    }

    /// Checks every exchange of a fixture file, then compares its golden file
    /// (or writes it, with `--update`).
    ///
    /// The file is consumed: each exchange's body is let go once it has been
    /// read into a document, so that a large body is not held beside its
    /// document and records (the results keep the exchanges without their
    /// bodies: `ExchangeResult.exchange`).
    public func check(_ file: consuming FixtureFile) -> FixtureFileResult {
        // The output is read only to compare with a golden file or write one.
        let hasGolden = access(file.goldenPath, F_OK) == 0
        // Comparing as the output is rendered reads the fixture again when
        // the output differs: only a regular file can be (a named pipe has
        // nothing left, and opening it again waits for a writer). Any other
        // fixture's outputs are held and compared whole.
        let readableAgain = file.readableAgain
        var exchanges = file.exchanges
        file.exchanges = []
        var results: [ExchangeResult] = []
        if file.kind == .body, hasGolden, readableAgain, !options.update, exchanges.count == 1, let stream = GoldenStream(path: file.goldenPath) {
            // Compared as it is rendered; an output that differs from the
            // golden's text is mapped again (its body read again from its
            // file) and compared as values, element by element.
            let exchange = exchanges.removeLast()
            var result = checkContent(consume exchange, rendering: .compared(stream))
            var differences: [GoldenDiff.Difference] = []
            if result.records != nil {
                if stream.matches {
                    result.goldenComparison = .exactText
                } else {
                    (result, differences) = comparingAgain(result, golden: file.goldenPath)
                }
            }
            result = withNotes(result)
            for d in differences {
                result.reasons.append(Diagnostic(.error, d.message, file: file.goldenPath, location: .jsonPath(d.path), code: .golden))
            }
            results = [result]
        } else if file.kind == .har, hasGolden, readableAgain, !options.update, let stream = GoldenStream(path: file.goldenPath),
                  let compared = checkComparingHAR(&exchanges, of: file.path, with: stream) {
            // Every checked entry's output, as `--update` writes it, was the
            // golden's text: nothing held, nothing parsed. Otherwise (a
            // difference, a golden formatted by hand) the HAR is read again
            // and its entries checked with their outputs held, as before.
            return finished(file, compared)
        } else if options.update {
            return finished(file, updating(file, &exchanges))
        } else {
            results = checkAll(&exchanges, rendering: hasGolden ? .held : .none)
        }
        golden(file, results: &results)
        return finished(file, results)
    }

    /// The file's result once every check has given its reasons.
    private func finished(_ file: borrowing FixtureFile, _ results: [ExchangeResult]) -> FixtureFileResult {
        var results = results
        for i in results.indices where results[i].outcome != .skipped {
            results[i].outcome = results[i].reasons.contains { $0.severity == .error } ? .failed : .passed
        }
        return FixtureFileResult(path: file.path, results: results)
    }

    /// Checks the file's exchanges in order, each body let go once it is
    /// read; `entryEnded` is told of each one checked (not skipped).
    private func checkAll(
        _ exchanges: inout [Exchange], rendering: Rendering, entryEnded: ((ExchangeResult) -> Void)? = nil
    ) -> [ExchangeResult] {
        var results: [ExchangeResult] = []
        results.reserveCapacity(exchanges.count)
        for i in exchanges.indices {
            let exchange = exchanges[i]
            exchanges[i].content = exchange.content.withoutBody
            let result = withNotes(checkContent(consume exchange, rendering: rendering))
            if result.outcome != .skipped { entryEnded?(result) }
            results.append(result)
        }
        return results
    }

    /// `--update`: each output written into the golden's temporary file as
    /// it is rendered, never held (a 12 MB fixture's pretty output is 22
    /// MB: 4.4× its size held; a HAR's outputs were held, read into trees
    /// and written again, 7.9×): a body's as it is, a HAR's as the
    /// elements of its array (`HARGoldenWriter`). The file replaces the
    /// golden only when every exchange it covers passes (`commitUpdate`).
    private func updating(_ file: borrowing FixtureFile, _ exchanges: inout [Exchange]) -> [ExchangeResult] {
        let out: Result<AtomicFileOutput, any Error>
        do { out = .success(try AtomicFileOutput(path: file.goldenPath)) } catch { out = .failure(error) }
        let sink = try? out.get().sink
        let har = file.kind == .har ? sink.map(HARGoldenWriter.init) : nil
        var results: [ExchangeResult]
        if let har {
            results = checkAll(&exchanges, rendering: .written(har.write)) { _ in har.endEntry() }
        } else {
            results = checkAll(&exchanges, rendering: sink.map { sink in .written({ try sink.write($0) }) } ?? .none)
        }
        commitUpdate(out, har, file, results: &results)
        return results
    }

    /// A HAR file's entries checked with their outputs compared with its
    /// golden's text as they are rendered (as `HARGoldenWriter` writes
    /// them): the results when the golden is that text exactly (or no entry
    /// is checked), else `nil`, with `exchanges` read from the file again
    /// (their bodies went as they were read).
    private func checkComparingHAR(_ exchanges: inout [Exchange], of path: String, with stream: GoldenStream) -> [ExchangeResult]? {
        let golden = HARGoldenWriter { stream.compare($0) }
        var results = checkAll(&exchanges, rendering: .written(golden.write)) { _ in golden.endEntry() }
        let checked = results.indices.filter { results[$0].outcome != .skipped }
        guard !checked.isEmpty else { return results }
        if (try? golden.finish()) != nil, stream.matches {
            for i in checked { results[i].goldenComparison = .exactText }
            return results
        }
        exchanges = HARReader.exchanges(in: path, maxDepth: options.maxDepth)
        return nil
    }

    /// A body's exchange whose output was not its golden's text, checked
    /// again with the output compared with the golden as values, an element
    /// of their arrays at a time as it is rendered (`GoldenElementDiff`):
    /// the result (`goldenComparison`) and the differences. Where the elements
    /// cannot tell (the golden is not an array, or does not parse), it is
    /// checked again with its output held, and `golden` compares the whole
    /// values.
    private func comparingAgain(_ result: ExchangeResult, golden: String) -> (ExchangeResult, [GoldenDiff.Difference]) {
        if let diff = GoldenElementDiff(path: golden, maxDepth: goldenDepth) {
            var again = checkContent(Self.readingBodyAgain(result.exchange), rendering: .written { diff.write($0) })
            if again.records == nil { return (again, []) }
            if let differences = diff.finish() {
                again.goldenComparison = .byElement
                return (again, differences)
            }
        }
        return (checkContent(Self.readingBodyAgain(result.exchange), rendering: .held), [])
    }

    /// A body file's exchange, checked once and let go of its body, with the
    /// body read from its file again.
    private static func readingBodyAgain(_ exchange: Exchange) -> Exchange {
        var exchange = exchange
        guard case .body(_, let kind) = exchange.content else { return exchange }
        do {
            exchange.content = .body(try InputFile.readAll(exchange.file), kind)
        } catch {
            exchange.content = .malformed([Diagnostic(.error, "\(error)", file: exchange.file, code: .fixture)])
        }
        return exchange
    }

    /// Checks 1–3 for one exchange; the golden check needs the whole file.
    /// `rendering`: the result holds the exchange's output (for a golden).
    /// The result keeps the exchange without its body (`withoutBody`).
    public func check(_ exchange: Exchange, rendering: Bool = true) -> ExchangeResult {
        withNotes(checkContent(exchange, rendering: rendering ? .held : .none))
    }

    private func withNotes(_ result: ExchangeResult) -> ExchangeResult {
        var result = result
        if !result.exchange.notes.isEmpty { result.reasons.insert(contentsOf: result.exchange.notes, at: 0) }
        return result
    }

    /// What becomes of an exchange's `apply` output.
    private enum Rendering {
        /// Not rendered: no golden to compare.
        case none
        /// Held in the result (`ExchangeResult.output`).
        case held
        /// Compared with a body's golden as it is rendered, not held.
        case compared(GoldenStream)
        /// Written into a golden's temporary file as it is rendered (`--update`).
        case written((UnsafeRawBufferPointer) throws -> Void)
    }

    /// - Parameter exchange: consumed: when the caller holds no other copy,
    ///   its body is freed once it is read (`Exchange.Content.withoutBody`).
    private func checkContent(_ exchange: consuming Exchange, rendering: Rendering) -> ExchangeResult {
        var body: [UInt8]
        let kind: Exchange.BodyKind
        switch exchange.content {
        case .malformed(let reasons):
            return ExchangeResult(exchange: exchange, outcome: .failed, reasons: reasons)
        case .body(let bytes, let k):
            body = bytes
            kind = k
        case .noBody(let none):
            return checkWithoutBody(exchange, none)
        }
        exchange.content = exchange.content.withoutBody
        let engine: MappingEngine
        do {
            var mapping = exchange.facts.mappingOptions
            // Records an output keyed by identity could not store carry why
            // (`Record.unstorable`), for check 3.
            mapping.keysRecordsByIdentity = options.missing != .ignore
            mapping.maxDepth = options.maxDepth
            // A large array collected through another (`pages.items`, one
            // page of everything) is held as text, its records as bytes
            // (`mapElementwise`); a tree read whole never holds one.
            mapping.holdsLargeArrays = true
            mapping.holdingArraysFrom = holdingArraysFrom
            engine = try MappingEngine(graph: graph, options: mapping)
        } catch {
            return ExchangeResult(exchange: exchange, outcome: .failed, reasons: [Diagnostic(.error, error.message, file: graph.file, code: .spec)])
        }
        // 1. descriptor
        if engine.applicableDescriptors.isEmpty {
            let skip = exchange.entry != nil && options.unmatched == .skip
            return ExchangeResult(exchange: exchange, outcome: skip ? .skipped : .failed, reasons: unmatchedReasons(exchange, skip: skip))
        }
        // A JSON body whose content is an array is mapped element by element
        // from its bytes when nothing can tell that from mapping its tree.
        var invalid = false
        let elementwise = kind == .json && self.elementwise ? engine.elementwiseDocument(body, invalid: &invalid) : nil
        let document: JSONValue
        if let elementwise {
            document = elementwise.skeleton
        } else {
            let outcome = read(body, kind: kind, of: exchange, holdingAsIn: self.elementwise ? engine : nil, validatingFirst: invalid)
            // The body is not read again: a large one goes before its document is mapped.
            body = []
            switch outcome {
            case .document(let value): document = value
            case .unreadable(let reason): return ExchangeResult(exchange: exchange, outcome: .failed, reasons: [reason])
            }
        }
        // 2. mapping: the same warning (mapper, attribute, kind) reported ten
        // times and then counted, as `apply` prints them: a fixture with a
        // warning per element is a few lines and a count, not one per element
        // held in memory.
        let list = DiagnosticList()
        let limited = RepeatedWarningLimit(forwardingTo: list)
        let sink: CountingSink
        switch rendering {
        case .none: sink = CountingSink(rendering: false)
        case .held: sink = CountingSink(rendering: true)
        case .compared(let golden): sink = CountingSink(comparingWith: golden)
        case .written(let file): sink = CountingSink(writingTo: file)
        }
        let tracking = options.unmapped != .ignore || options.missing != .ignore
        let tracker = tracking ? ReadTracker(caseInsensitive: graph.options.caseInsensitiveKeys, graph: graph) : nil
        tracker?.begin(contentKeyPaths: engine.applicableDescriptors.map(\.keyPath), document: document)
        let mapped: Bool
        do {
            let info = DocumentInfo(input: exchange.file, index: 0)
            if let elementwise {
                mapped = try engine.mapElementwise(elementwise, body: body, info: info, sink: sink, diagnostics: limited, readTracker: tracker)
            } else {
                mapped = try engine.map(document: document, info: info, sink: sink, diagnostics: limited, readTracker: tracker)
            }
        } catch {
            mapped = false
            list.emit(Diagnostic(.error, "\(error)", file: exchange.file, code: .mapping))
        }
        limited.emitSummaries()
        var reasons: [Diagnostic] = []
        // A `fail` validation is warned of where it fails ("…; the document
        // fails"), then fails the document: one reason, an error, not the
        // same one twice.
        let failures = Set(list.diagnostics.filter { $0.severity == .error }.map { MappingWarning.validationFailed($0.message).message })
        let warned = Set(list.diagnostics.filter { $0.severity == .warning && failures.contains($0.message) }.map(\.message))
        for var d in list.diagnostics {
            if d.severity == .error, warned.contains(MappingWarning.validationFailed(d.message).message) { continue }
            if d.severity == .warning, warned.contains(d.message) { d.severity = .error }
            if d.severity == .warning, !options.allowWarnings { d.severity = .error }
            d.file = exchange.file
            d.code = .mapping
            reasons.append(d)
        }
        // 3. unmapped and missing keys
        if mapped, let tracker {
            tracker.finish(document: document)
            reasons += drift(tracker, in: exchange)
        }
        if mapped, options.missing != .ignore {
            reasons += withoutIdentity(sink.unstorable, in: exchange)
        }
        let failed = reasons.contains { $0.severity == .error }
        return ExchangeResult(
            exchange: exchange, outcome: failed ? .failed : .passed, records: mapped ? sink.records : nil,
            reasons: reasons, output: mapped ? sink.output : nil)
    }

    /// Entity records without an identity (their identification value
    /// missing or `null`), or with one SQLite cannot key (docs/spec.md §10.4),
    /// under the `--missing` policy: a field the API dropped in some objects
    /// only, which the per-mapper check cannot see, and which makes `apply
    /// --format sqlite` refuse the document (RestKit makes a new object each
    /// time). The first 20 by place, then how many more.
    private func withoutIdentity(_ records: [UnstorableRecord], in exchange: Exchange) -> [Diagnostic] {
        let severity: Severity = options.missing == .error ? .error : .warning
        var reasons = records.prefix(20).map { r in
            Diagnostic(severity, r.message, file: exchange.file, location: .jsonPath(r.path), mapperID: r.mapperID, code: .missing)
        }
        if records.count > 20 {
            reasons.append(Diagnostic(
                severity, "\(records.count - 20) more records without an identity SQLite output can store", file: exchange.file,
                location: .jsonPath("$"), code: .missing))
        }
        return reasons
    }

    /// docs/spec.md §12 check 3: members nothing reads, and key paths a mapper reads
    /// that no object it mapped had.
    private func drift(_ tracker: ReadTracker, in exchange: Exchange) -> [Diagnostic] {
        var reasons: [Diagnostic] = []
        if options.unmapped != .ignore {
            let severity: Severity = options.unmapped == .error ? .error : .warning
            for d in tracker.declinedFound {
                let times = d.count == 1 ? "1 object" : "\(d.count) objects"
                reasons.append(Diagnostic(
                    severity, "declined (\(times)): no matcher of dynamic mapper '\(d.mapperID)' chose a mapper, so nothing of it is mapped",
                    file: exchange.file, location: .jsonPath(d.path), mapperID: d.mapperID, code: .unmapped))
            }
            for u in tracker.unmapped {
                let times = u.count == 1 ? "1 time" : "\(u.count) times"
                reasons.append(Diagnostic(
                    severity, "not mapped (\(times))", file: exchange.file, location: .jsonPath(u.path),
                    mapperID: u.mapperIDs.isEmpty ? nil : u.mapperIDs.joined(separator: ", "), code: .unmapped))
            }
        }
        if options.missing != .ignore {
            let severity: Severity = options.missing == .error ? .error : .warning
            for m in tracker.missing {
                reasons.append(Diagnostic(
                    severity, "mapped but missing (\(m.count) of \(m.count))", file: exchange.file, location: .jsonPath(m.path),
                    mapperID: m.mapperID, code: .missing))
            }
        }
        return reasons
    }

    /// A response without a body (docs/spec.md §12): skipped when no descriptor
    /// applies (whatever `--unmatched` says: there is nothing to check). When
    /// one does, an empty success response maps to nothing and passes, and an
    /// empty error response fails, as RestKit's `RKResponseMapperOperation`
    /// treats them (`treatsEmptyResponseAsSuccess`; an empty error response is
    /// "unprocessable").
    private func checkWithoutBody(_ exchange: Exchange, _ none: Exchange.NoBody) -> ExchangeResult {
        let options = exchange.facts.mappingOptions
        let applies = graph.descriptors.contains { MappingEngine.match($0, options: options) != nil }
        guard applies else {
            var reasons = unmatchedReasons(exchange, skip: true)
            reasons[0].message += "; the response has no body (\(none))"
            return ExchangeResult(exchange: exchange, outcome: .skipped, reasons: reasons)
        }
        let status = exchange.facts.status ?? 200
        if status >= 400 {
            return ExchangeResult(exchange: exchange, outcome: .failed, reasons: [
                Diagnostic(.error, "no mappable content: the \(status) response has no body (\(none))", file: exchange.file, code: .mapping),
            ])
        }
        return ExchangeResult(exchange: exchange, outcome: .passed, reasons: [
            Diagnostic(.note, "the response has no body (\(none)): nothing to map", file: exchange.file, code: .mapping),
        ])
    }

    /// The body as one document: JSON, or form-encoded (docs/spec.md §14).
    private enum BodyDocument {
        case document(JSONValue)
        case unreadable(Diagnostic)
    }

    /// - Parameters:
    ///   - engine: when given, a large array that the engine's
    ///   mapping may hold (a relationship's source, also under `@parent`
    ///   and `@root` reads; `MappingGraph.heldProjection`) is held as its
    ///   elements' text, each element read back whole as it is mapped, and
    ///   tracked then; every other value is read whole. A 12 MB record of
    ///   one relationship's items: 2.5× its size rather than 8.7× as a tree.
    ///   - validatingFirst: the body is known not to be one valid document
    ///     (`elementwiseDocument` read it): it is validated without a tree
    ///     first, for the same error without the tree up to it (a 12 MB
    ///     fixture with a stray comma at its end took 6.8× its size).
    private func read(
        _ body: [UInt8], kind: Exchange.BodyKind, of exchange: Exchange, holdingAsIn engine: MappingEngine?, validatingFirst: Bool = false
    ) -> BodyDocument {
        switch kind {
        case .json:
            if validatingFirst,
               case .failure(let problem) = FixtureReader.parseOne(body, file: exchange.file, maxDepth: options.maxDepth, projection: ProjectionPlan(.nothing)) {
                return .unreadable(bodyProblem(problem, in: exchange))
            }
            let plan = engine.flatMap {
                $0.options.readsProjection
                    ? ProjectionPlan.wholeHolding(
                        asIn: graph.heldProjection(for: $0.applicableDescriptors), caseInsensitive: graph.options.caseInsensitiveKeys,
                        holdingArraysFrom: holdingArraysFrom)
                    : nil
            }
            switch FixtureReader.parseOne(body, file: exchange.file, maxDepth: options.maxDepth, projection: plan ?? .everything) {
            case .success(let value): return .document(value)
            case .failure(let problem): return .unreadable(bodyProblem(problem, in: exchange))
            }
        case .form:
            // docs/spec.md §14: one form-encoded document, read as `apply --input-format form` reads a line.
            do {
                return .document(try FormDocuments.document(from: String(decoding: body, as: UTF8.self)))
            } catch {
                let message = "the form-encoded body is not valid: \(error.message)"
                guard let entry = exchange.entry else {
                    return .unreadable(Diagnostic(.error, message, file: exchange.file, location: .source(SourceLocation(line: 1, column: error.column)), code: .fixture))
                }
                return .unreadable(Diagnostic(
                    .error, message + " (column \(error.column) of the body)", file: exchange.file,
                    location: .jsonPath("$.log.entries[\(entry)].response.content.text"), code: .fixture))
            }
        }
    }

    /// "no descriptor applies", then for each descriptor why not (docs/spec.md §12 check 1).
    func unmatchedReasons(_ exchange: Exchange, skip: Bool) -> [Diagnostic] {
        let facts = exchange.facts
        let mappingOptions = facts.mappingOptions
        var reasons = [Diagnostic(skip ? .note : .error, "no descriptor applies to \(facts.summary)", file: exchange.file, code: .descriptor)]
        reasons += MappingEngine.descriptorNotes(graph, options: mappingOptions, notFound: false)
        return reasons
    }

    /// A body that is not JSON: file:line:col for a body file; for a HAR
    /// entry, the JSON path of its text and the line and column inside it.
    func bodyProblem(_ problem: FixtureProblem, in exchange: Exchange) -> Diagnostic {
        guard let entry = exchange.entry else { return problem.diagnostic }
        var message = "the response body is not JSON: " + problem.message
        if let at = problem.location { message += " (line \(at.line), column \(at.column) of the body)" }
        return Diagnostic(.error, message, file: exchange.file, location: .jsonPath("$.log.entries[\(entry)].response.content.text"), code: .fixture)
    }
}
