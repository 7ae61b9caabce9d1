import Foundation

extension MappingEngine {
    /// Maps a large input on every core, with the same output, diagnostics and
    /// exit status as reading it document by document:
    ///
    /// - a **splitter** thread reads the input once, validating every byte, and cuts
    ///   it into units: whole documents, or the content array's elements of a large
    ///   document the spec lets us stream (`canStream`);
    /// - **workers** parse and map units in parallel;
    /// - the calling thread **writes** results in input order. A streamed document
    ///   is written only once the splitter has read all of it, so a syntax error
    ///   anywhere in it means nothing of it is written.
    ///
    /// Memory holds the input plus a bounded window of units in flight.
    func runPipeline(
        _ raw: UnsafeRawBufferPointer, from start: Int = 0, origin: TextOrigin = .start, firstIndex: Int = 0,
        inputName: String, sink: RecordSink, diagnostics: DiagnosticCollector
    ) throws -> InputOutcome {
        // Results waiting for the writer are bytes when workers pre-encode, and
        // record trees (several times larger than their input) otherwise: keep
        // fewer of those in flight.
        let encoding = (sink as? EncodingSink)?.encoding
        let state = PipelineState(resultWindow: encoding == nil ? 8 : 48)
        var streamKeys: [String]?
        if canStream(into: sink) {
            streamKeys = applicable[0].descriptor.keyPath.components.compactMap {
                if case .key(let k) = $0 { return k } else { return nil }
            }
        }
        let workerCount = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let finished = DispatchSemaphore(value: 0)
        let shared = Unchecked(value: (self, raw, streamKeys))
        // Stacks for --max-depth levels; a thread that cannot get one (a capped
        // address space) is not started, and with no worker at all the input
        // is mapped on this thread instead (LargeStack).
        let stackSize = LargeStack.stackSize(forDepth: options.maxDepth)
        var started = 0
        for _ in 0..<workerCount {
            let spawned = LargeStack.spawn(stackSize: stackSize) {
                let (engine, raw, _) = shared.value
                PipelineWorker(engine: engine, state: state, bytes: raw, origin: origin, inputName: inputName, encoding: encoding).run()
                finished.signal()
            }
            guard spawned else { break }
            started += 1
        }
        let splitterStarted = started > 0 && LargeStack.spawn(stackSize: stackSize) {
            let (engine, raw, keys) = shared.value
            var splitter = Splitter(
                scanner: JSONScanner(bytes: raw, offset: start, maxDepth: engine.options.maxDepth, origin: origin),
                firstIndex: firstIndex, state: state, streamKeys: keys,
                streamingThreshold: engine.options.pipelineThreshold, inputName: inputName, totalBytes: raw.count)
            splitter.keepGoing = engine.options.keepGoing
            splitter.run()
            state.finishSplitting()
            finished.signal()
        }
        guard splitterStarted else {
            state.cancel()
            for _ in 0..<started { finished.wait() }
            return try runSerially(raw, from: start, origin: origin, firstIndex: firstIndex, inputName: inputName, sink: sink, diagnostics: diagnostics)
        }
        defer {
            // Every thread must be done with the input bytes before they go away.
            for _ in 0...started { finished.wait() }
        }
        do {
            var writer = PipelineWriter(engine: self, sink: sink, diagnostics: diagnostics, inputName: inputName)
            try writer.run(state)
            // A failure without --keep-going stops the writer early: stop the
            // splitter and the workers too.
            if writer.outcome.stopped { state.cancel() }
            return writer.outcome
        } catch {
            state.cancel()
            throw error
        }
    }
}
