/// What happened to the documents of one input.
public struct InputOutcome: Sendable, Equatable {
    public var documents = 0
    public var failed = 0
    /// The input stopped at a syntax error; later documents were not read.
    public var stoppedBySyntaxError = false
    /// The run must stop here: a document failed and `keepGoing` is off
    /// (later documents and inputs are not read).
    public var stopped = false
    public init() {}
}

extension MappingEngine {
    /// Maps every document of an input: one JSON value, NDJSON, or concatenated
    /// JSON (docs/spec.md §1). A syntax error is reported as `FILE:LINE:COL: error: …`
    /// and ends the input (what follows cannot be told apart reliably); documents
    /// before it stay written.
    ///
    /// - Complexity: O(input size). Inputs of at least `options.pipelineThreshold` bytes
    ///   are mapped on every core, and a large document whose content sits at a
    ///   plain key path is streamed element by element (see `runPipeline`).
    public func run(input bytes: [UInt8], inputName: String, sink: RecordSink, diagnostics: DiagnosticCollector) throws -> InputOutcome {
        try run(input: bytes, range: 0..<bytes.count, firstIndex: 0, inputName: inputName, sink: sink, diagnostics: diagnostics)
    }

    /// Maps the documents in `range` of a stream read so far: `bytes` holds the
    /// stream from its start, so line and column numbers count from there, and
    /// the first document in the range is number `firstIndex` of its input.
    /// `range` must start and end at document boundaries (see
    /// `DocumentBoundaryFinder`).
    public func run(
        input bytes: [UInt8], range: Range<Int>, firstIndex: Int, inputName: String,
        sink: RecordSink, diagnostics: DiagnosticCollector
    ) throws -> InputOutcome {
        try bytes.withUnsafeBytes { whole in
            try run(window: UnsafeRawBufferPointer(rebasing: whole[..<range.upperBound]), from: range.lowerBound, origin: .start,
                    firstIndex: firstIndex, inputName: inputName, sink: sink, diagnostics: diagnostics)
        }
    }

    /// Maps the documents in `window[start...]`, a window of a longer input that
    /// begins at `origin` (so line and column numbers count from the input's
    /// start); the first document is number `firstIndex` of its input. The
    /// window must end at a document boundary (see `DocumentWindowReader`).
    /// `base` is the window's byte offset in the input, for progress reports.
    package func run(
        window raw: UnsafeRawBufferPointer, from start: Int, origin: TextOrigin, base: Int = 0, firstIndex: Int, inputName: String,
        sink: RecordSink, diagnostics: DiagnosticCollector
    ) throws -> InputOutcome {
        windowBase = base
        defer { windowBase = 0 }
        if raw.count - start >= options.pipelineThreshold, raw.count > start {
            return try runPipeline(raw, from: start, origin: origin, firstIndex: firstIndex, inputName: inputName, sink: sink, diagnostics: diagnostics)
        }
        return try runSerially(raw, from: start, origin: origin, firstIndex: firstIndex, inputName: inputName, sink: sink, diagnostics: diagnostics)
    }

    /// One document after another on the calling thread (small inputs).
    func runSerially(
        _ raw: UnsafeRawBufferPointer, from start: Int = 0, origin: TextOrigin = .start, firstIndex: Int = 0,
        inputName: String, sink: RecordSink, diagnostics: DiagnosticCollector
    ) throws -> InputOutcome {
        var outcome = InputOutcome()
        var scanner = JSONScanner(bytes: raw, offset: start, maxDepth: options.maxDepth, origin: origin)
        var index = firstIndex
        while true {
            try Interruption.check()
            let value: JSONValue
            var documentStart = scanner.offset
            do {
                if try scanner.atEnd() { break }
                documentStart = scanner.offset
                value = try scanner.readValue()
            } catch {
                diagnostics.emit(Diagnostic(.error, error.message, file: inputName, location: .source(error.location), code: .syntax))
                stats.documents += 1
                stats.failedDocuments += 1
                outcome.documents += 1
                outcome.failed += 1
                guard options.keepGoing else {
                    outcome.stoppedBySyntaxError = true
                    outcome.stopped = true
                    break
                }
                let resume = SyntaxRecovery.nextDocumentStart(in: raw, after: documentStart)
                scanner = JSONScanner(bytes: raw, offset: resume, maxDepth: options.maxDepth, origin: origin)
                index += 1
                continue
            }
            outcome.documents += 1
            let info = DocumentInfo(input: inputName, index: index, byteCount: scanner.offset - documentStart)
            if try !map(document: value, info: info, sink: sink, diagnostics: diagnostics) {
                outcome.failed += 1
                if !options.keepGoing {
                    outcome.stopped = true
                    break
                }
            }
            progress?.advanced(inputOffset: windowBase + scanner.offset)
            index += 1
        }
        return outcome
    }

    /// Streaming keeps every answer the tree mode gives only when nothing needs
    /// the whole document or the whole output: one applicable descriptor at a
    /// plain key path, exact key matching, no `@root`, no connections, no `fail`
    /// validation, not `--strict`, and a sink that takes records as they come.
    func canStream(into sink: RecordSink) -> Bool {
        guard sink.acceptsStreaming, applicable.count == 1, !options.strict,
              !graph.options.caseInsensitiveKeys, !hasConnections,
              applicable[0].descriptor.keyPath.isPlain
        else { return false }
        return !graph.usesRootOrFailValidation
    }
}

extension MappingGraph {
    /// True when some key path, matcher or predicate reads `@root`, or some
    /// validation fails the document: such specs are never streamed.
    var usesRootOrFailValidation: Bool {
        func usesRoot(_ k: KeyPath) -> Bool { k.anchor == .root }
        for mapper in mappers {
            switch mapper {
            case .object(let m):
                for p in m.properties {
                    switch p {
                    case .attribute(let a): if usesRoot(a.source) { return true }
                    case .relationship(let r): if usesRoot(r.source) { return true }
                    }
                }
                for v in m.validations {
                    if v.onFailure == .fail || v.predicate.readsRoot { return true }
                }
            case .dynamic(let d):
                for matcher in d.matchers {
                    switch matcher.test {
                    case .expectValue(let k, _), .expectType(let k, _), .valueMap(let k, _):
                        if usesRoot(k) { return true }
                    case .predicate(let p):
                        if p.readsRoot { return true }
                    }
                }
            }
        }
        return false
    }
}
