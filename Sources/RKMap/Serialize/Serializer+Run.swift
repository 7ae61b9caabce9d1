import Foundation

/// What serializing one input did.
package struct SerializeOutcome: Sendable, Equatable {
    package var documents = 0
    package var records = 0
    package var failed = 0
    package var stoppedBySyntaxError = false
    package init() {}

    /// Adds a later part of the same input.
    mutating func add(_ later: SerializeOutcome) {
        documents += later.documents
        records += later.records
        failed += later.failed
        stoppedBySyntaxError = stoppedBySyntaxError || later.stoppedBySyntaxError
    }
}

extension Serializer {
    /// Serializes every record of an input as it is read (one JSON value,
    /// NDJSON or concatenated JSON), handing bodies to `write` in input order.
    /// Once a chunk of at least `options.pipelineThreshold` bytes has been
    /// read, the rest goes through the mapping pipeline's splitter and state on
    /// every core, and a large top-level array is split element by element; so
    /// memory is bounded by the chunk size, not the input (`ChunkedInput`). A
    /// syntax error is reported with its line and column and ends the input.
    ///
    /// - Parameters:
    ///   - idle: called when the input stalls (a slow producer), to flush the
    ///     output.
    ///   - cancellation: asked before each document (and each unit of a large
    ///     input's pipeline); what it throws (the command line's `Interrupted`
    ///     on a signal) ends the run there, at a document boundary, for the
    ///     caller to take its output back.
    package func run(
        reading input: inout ChunkedInput, inputName: String, maxDepth: Int,
        write: ([UInt8]) throws -> Void, diagnostics: DiagnosticCollector, idle: (() throws -> Void)? = nil,
        cancellation: () throws -> Void = {}
    ) throws -> SerializeOutcome {
        var total = SerializeOutcome()
        var index = 0
        try input.fill()
        while true {
            if input.bytes.count >= max(options.pipelineThreshold, 1) {
                total.add(try runPipeline(
                    input, firstIndex: index, inputName: inputName, maxDepth: maxDepth, write: write, diagnostics: diagnostics,
                    idle: idle, cancellation: cancellation))
                return total
            }
            let final = input.atEnd
            let (outcome, consumed) = try runSerially(
                input.bytes, origin: input.origin, final: final, firstIndex: index, inputName: inputName,
                maxDepth: maxDepth, write: write, diagnostics: diagnostics, cancellation: cancellation)
            total.add(outcome)
            index += outcome.documents
            if outcome.stoppedBySyntaxError || final { return total }
            try idle?()
            try input.moveOn(keeping: consumed)
            try input.fillToDocumentEnd()
        }
    }

    /// Serializes the documents of one window; unless `final`, a document the
    /// window cuts is left for the next one. - Returns: the bytes used.
    private func runSerially(
        _ raw: UnsafeRawBufferPointer, origin: TextOrigin, final: Bool, firstIndex: Int, inputName: String, maxDepth: Int,
        write: ([UInt8]) throws -> Void, diagnostics: DiagnosticCollector, cancellation: () throws -> Void
    ) throws -> (SerializeOutcome, consumed: Int) {
        var outcome = SerializeOutcome()
        var scanner = JSONScanner(bytes: raw, offset: 0, maxDepth: maxDepth, origin: origin)
        var index = firstIndex
        while true {
            try cancellation()
            let value: JSONValue
            do {
                switch try scanner.readDocument(final: final, projection: recordPlan) {
                case .end: return (outcome, raw.count)
                case .needsMore(let start): return (outcome, start)
                case .value(let v, _): value = v
                }
            } catch {
                diagnostics.emit(Diagnostic(.error, error.message, file: inputName, location: .source(error.location), code: .syntax))
                outcome.documents += 1
                outcome.stoppedBySyntaxError = true
                return (outcome, raw.count)
            }
            outcome.documents += 1
            var unit = SerializedUnit()
            serialize(document: value, index: index, inputName: inputName, into: &unit)
            try deliver(unit, to: &outcome, write: write, diagnostics: diagnostics)
            index += 1
        }
    }

    func serialize(document: JSONValue, index: Int, inputName: String, into unit: inout SerializedUnit) {
        records(of: document) { record, path in
            unit.records += 1
            if !serialize(record: record, path: path, document: index, inputName: inputName, into: &unit.bytes, diagnostics: &unit.diagnostics) {
                unit.failed += 1
            }
        }
    }

    private func deliver(_ unit: SerializedUnit, to outcome: inout SerializeOutcome, write: ([UInt8]) throws -> Void, diagnostics: DiagnosticCollector) throws {
        if unit.bytes.deferred.isEmpty {
            if unit.bytes.count > 0 { try write(unit.bytes.bytes) }
        } else {
            let pretty = options.format == .json && !options.compact
            try unit.bytes.write(0..<unit.bytes.count, pretty: pretty, first: { try write(Array($0)) }, rest: { try write(Array($0)) })
        }
        for d in unit.diagnostics { diagnostics.emit(d) }
        outcome.records += unit.records
        outcome.failed += unit.failed
    }

    private func runPipeline(
        _ input: ChunkedInput, firstIndex: Int, inputName: String, maxDepth: Int,
        write: ([UInt8]) throws -> Void, diagnostics: DiagnosticCollector, idle: (() throws -> Void)?,
        cancellation: () throws -> Void
    ) throws -> SerializeOutcome {
        let state = PipelineState(resultWindow: 48)
        let workerCount = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let finished = DispatchSemaphore(value: 0)
        // Stream along the empty key path: a large top-level array is split
        // into its elements, each one record.
        let threshold = options.pipelineThreshold
        let splitterThread = Thread {
            // The splitter owns the input from here on.
            var splitter = Splitter(
                input: input, maxDepth: maxDepth, firstIndex: firstIndex, state: state,
                streamPaths: [[]], streamingThreshold: threshold, inputName: inputName)
            splitter.run()
            state.finishSplitting()
            finished.signal()
        }
        splitterThread.stackSize = LargeStack.size
        splitterThread.start()
        for _ in 0..<workerCount {
            let thread = Thread { [self] in
                work(state: state, inputName: inputName, maxDepth: maxDepth)
                finished.signal()
            }
            thread.stackSize = LargeStack.size
            thread.start()
        }
        defer { for _ in 0...workerCount { finished.wait() } }
        var outcome = SerializeOutcome()
        do {
            var discarding = false
            while let (unit, _, result) = state.nextResult() {
                try cancellation()
                switch unit {
                case .idle:
                    try idle?()
                case .inputError(let error):
                    throw error
                case .documents(let starts, _):
                    outcome.documents += starts.count
                case .streamBegin(let index, _):
                    // Nothing of a document with a syntax error is written.
                    if case .syntaxError? = state.verdict(for: index) { discarding = true }
                    outcome.documents += 1
                case .streamEnd:
                    discarding = false
                case .note(let note, _):
                    diagnostics.emit(note)
                case .syntaxError(let error, _):
                    diagnostics.emit(Diagnostic(.error, error.message, file: inputName, location: .source(error.location), code: .syntax))
                    if !discarding { outcome.documents += 1 }
                    outcome.stoppedBySyntaxError = true
                case .elements, .members, .content, .chosen, .collected, .found, .nested, .value, .parent, .related, .parentEnd:
                    break
                }
                guard case .serialized(let done) = result, !discarding else { continue }
                try deliver(done, to: &outcome, write: write, diagnostics: diagnostics)
            }
        } catch {
            state.cancel()
            throw error
        }
        return outcome
    }

    /// A pipeline worker: parses and serializes units until none are left.
    private func work(state: PipelineState, inputName: String, maxDepth: Int) {
        // The splitter has validated every byte (trusted mode, as for mapping).
        var scanner = JSONScanner(bytes: UnsafeRawBufferPointer(start: nil, count: 0), offset: 0, maxDepth: maxDepth, trusted: true)
        func read(_ start: Int) -> JSONValue? {
            scanner.offset = start
            scanner.depth = 0
            return try? scanner.readValue(projection: recordPlan)
        }
        while var next = state.take() {
            let (seq, unit) = (next.seq, next.unit)
            // The chunk is needed until the unit's last value is read, not
            // while its records are serialized: a large record's bytes go
            // before its body is made. Moved out, so `view` is its only holder.
            var view: InputView? = nil
            swap(&view, &next.view)
            guard view != nil else { break }
            scanner.reset(bytes: view!.bytes, origin: view!.origin)
            let base = view!.inputOffset
            var done = SerializedUnit()
            switch unit {
            case .documents(let starts, let firstIndex):
                for (i, start) in starts.enumerated() {
                    let value = read(start)
                    if i == starts.count - 1 { view = nil }
                    guard let value else { continue }
                    serialize(document: value, index: firstIndex + i, inputName: inputName, into: &done)
                }
            case .elements(let starts, let document, let firstPosition, _, _, _):
                for (i, start) in starts.enumerated() {
                    let value = read(start)
                    if i == starts.count - 1 { view = nil }
                    guard let value else { continue }
                    Self.records(in: value, path: "$[\(firstPosition + i)]") { record, path in
                        done.records += 1
                        if !serialize(record: record, path: path, document: document, inputName: inputName,
                                      into: &done.bytes, diagnostics: &done.diagnostics) {
                            done.failed += 1
                        }
                    }
                }
            case .content(let start, let document, _, _):
                let value = read(start)
                view = nil
                if let value { serialize(document: value, index: document, inputName: inputName, into: &done) }
            case .streamBegin, .note, .found, .nested, .streamEnd, .syntaxError, .idle, .inputError, .members, .chosen, .collected, .value,
                 .parent, .related, .parentEnd:
                // Never cut here: the splitter streams records at the document's top.
                state.complete(seq, unit: unit, base: base, result: .passThrough)
                continue
            }
            state.complete(seq, unit: unit, base: base, result: .serialized(done))
        }
    }
}
