/// What happened to the documents of one input.
public struct InputOutcome: Sendable, Equatable {
    public var documents = 0
    public var failed = 0
    /// The input stopped at a syntax error; later documents were not read.
    public var stoppedBySyntaxError = false
    public init() {}
}

extension MappingEngine {
    /// Inputs at least this large are mapped while they are read (when the
    /// spec allows it), so memory holds one array element at a time instead of
    /// the whole tree.
    static let streamingThreshold = 4 << 20

    /// Maps every document of an input: one JSON value, NDJSON, or concatenated
    /// JSON (SPEC §1). A syntax error is reported as `FILE:LINE:COL: error: …`
    /// and ends the input (what follows cannot be told apart reliably); documents
    /// before it stay written.
    ///
    /// - Complexity: O(input size). Large documents whose content sits at a plain
    ///   key path are streamed (see `canStream`).
    public func run(input bytes: [UInt8], inputName: String, sink: RecordSink, diagnostics: DiagnosticCollector) throws -> InputOutcome {
        var outcome = InputOutcome()
        try bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(bytes: raw, maxDepth: options.maxDepth)
            var index = 0
            while true {
                let info = DocumentInfo(input: inputName, index: index)
                do {
                    if try scanner.atEnd() { break }
                    let remaining = raw.count - scanner.offset
                    if remaining >= Self.streamingThreshold, canStream(into: sink) {
                        // Validate the whole document first (a fast pass that builds
                        // nothing), so a syntax error is found before any output.
                        var probe = scanner
                        try probe.skipValue()
                        outcome.documents += 1
                        if try !stream(&scanner, info: info, sink: sink, diagnostics: diagnostics) {
                            outcome.failed += 1
                            // After a failure mid-stream the scanner's position inside
                            // the document is unknown; resume after it.
                            scanner = probe
                        }
                    } else {
                        let value = try scanner.readValue()
                        outcome.documents += 1
                        if try !map(document: value, info: info, sink: sink, diagnostics: diagnostics) {
                            outcome.failed += 1
                        }
                    }
                } catch let error as JSONSyntaxError {
                    diagnostics.emit(Diagnostic(.error, error.message, file: inputName, location: .source(error.location), code: "syntax"))
                    stats.documents += 1
                    stats.failedDocuments += 1
                    outcome.documents += 1
                    outcome.failed += 1
                    outcome.stoppedBySyntaxError = true
                    break
                }
                index += 1
            }
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
                    if v.onFailure == .fail || v.predicateSource.lowercased().contains("@root") { return true }
                }
            case .dynamic(let d):
                for matcher in d.matchers {
                    switch matcher.test {
                    case .expectValue(let k, _), .expectType(let k, _), .valueMap(let k, _):
                        if usesRoot(k) { return true }
                    case .predicate(let p):
                        if p.source.lowercased().contains("@root") { return true }
                    }
                }
            }
        }
        return false
    }
}
