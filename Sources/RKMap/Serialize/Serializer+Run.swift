import Foundation

/// What serializing one input did.
package struct SerializeOutcome: Sendable, Equatable {
    package var documents = 0
    package var records = 0
    package var failed = 0
    package var stoppedBySyntaxError = false
    package init() {}
}

extension Serializer {
    /// Serializes every record of the documents in `range` of `bytes` (one JSON
    /// value, NDJSON or concatenated JSON), handing bodies to `write` in input
    /// order. Large inputs go through the mapping pipeline's splitter and
    /// state on every core; a large top-level array is split element by element.
    /// A syntax error is reported with its line and column and ends the input.
    package func run(
        input bytes: [UInt8], range: Range<Int>, firstIndex: Int, inputName: String, maxDepth: Int,
        write: ([UInt8]) throws -> Void, diagnostics: DiagnosticCollector
    ) throws -> SerializeOutcome {
        try bytes.withUnsafeBytes { whole in
            let raw = UnsafeRawBufferPointer(rebasing: whole[..<range.upperBound])
            if range.count >= options.pipelineThreshold, range.count > 0 {
                return try runPipeline(raw, from: range.lowerBound, firstIndex: firstIndex, inputName: inputName,
                                       maxDepth: maxDepth, write: write, diagnostics: diagnostics)
            }
            return try runSerially(raw, from: range.lowerBound, firstIndex: firstIndex, inputName: inputName,
                                   maxDepth: maxDepth, write: write, diagnostics: diagnostics)
        }
    }

    private func runSerially(
        _ raw: UnsafeRawBufferPointer, from start: Int, firstIndex: Int, inputName: String, maxDepth: Int,
        write: ([UInt8]) throws -> Void, diagnostics: DiagnosticCollector
    ) throws -> SerializeOutcome {
            var outcome = SerializeOutcome()
            var scanner = JSONScanner(bytes: raw, offset: start, maxDepth: maxDepth)
            var index = firstIndex
            while true {
                let value: JSONValue
                do {
                    if try scanner.atEnd() { break }
                    value = try scanner.readValue()
                } catch {
                    diagnostics.emit(Diagnostic(.error, error.message, file: inputName, location: .source(error.location), code: .syntax))
                    outcome.documents += 1
                    outcome.stoppedBySyntaxError = true
                    break
                }
                outcome.documents += 1
                var unit = SerializedUnit()
                serialize(document: value, index: index, inputName: inputName, into: &unit)
                try deliver(unit, to: &outcome, write: write, diagnostics: diagnostics)
                index += 1
            }
            return outcome
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
        if !unit.bytes.isEmpty { try write(unit.bytes) }
        for d in unit.diagnostics { diagnostics.emit(d) }
        outcome.records += unit.records
        outcome.failed += unit.failed
    }

    private func runPipeline(
        _ raw: UnsafeRawBufferPointer, from start: Int, firstIndex: Int, inputName: String, maxDepth: Int,
        write: ([UInt8]) throws -> Void, diagnostics: DiagnosticCollector
    ) throws -> SerializeOutcome {
        let state = PipelineState(resultWindow: 48)
        let workerCount = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let finished = DispatchSemaphore(value: 0)
        // Stream along the empty key path: a large top-level array is split
        // into its elements, each one record.
        let splitter = Splitter(
            input: ChunkedInput(bytes: raw), from: start, maxDepth: maxDepth, firstIndex: firstIndex, state: state,
            streamKeys: [], streamingThreshold: options.pipelineThreshold, inputName: inputName)
        let shared = Unchecked(value: (self, splitter))
        let splitterThread = Thread {
            var (_, splitter) = shared.value
            splitter.run()
            state.finishSplitting()
            finished.signal()
        }
        splitterThread.stackSize = LargeStack.size
        splitterThread.start()
        for _ in 0..<workerCount {
            let thread = Thread {
                let (serializer, _) = shared.value
                serializer.work(state: state, inputName: inputName, maxDepth: maxDepth)
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
                switch unit {
                case .idle:
                    break
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
                case .elements, .content:
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
            return try? scanner.readValue()
        }
        while let (seq, unit, view) = state.take() {
            scanner.reset(bytes: view.bytes, origin: view.origin)
            var done = SerializedUnit()
            switch unit {
            case .documents(let starts, let firstIndex):
                for (i, start) in starts.enumerated() {
                    guard let value = read(start) else { continue }
                    serialize(document: value, index: firstIndex + i, inputName: inputName, into: &done)
                }
            case .elements(let starts, let document, let firstPosition):
                for (i, start) in starts.enumerated() {
                    guard let value = read(start) else { continue }
                    done.records += 1
                    if !serialize(record: value, path: "$[\(firstPosition + i)]", document: document, inputName: inputName,
                                  into: &done.bytes, diagnostics: &done.diagnostics) {
                        done.failed += 1
                    }
                }
            case .content(let start, let document, _):
                if let value = read(start) { serialize(document: value, index: document, inputName: inputName, into: &done) }
            case .streamBegin, .note, .streamEnd, .syntaxError, .idle, .inputError:
                state.complete(seq, unit: unit, base: view.inputOffset, result: .passThrough)
                continue
            }
            state.complete(seq, unit: unit, base: view.inputOffset, result: .serialized(done))
        }
    }
}
