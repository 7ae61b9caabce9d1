import Synchronization
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
    /// Memory holds a few chunks of the input (`ChunkedInput`) plus a bounded
    /// window of units in flight, for an input of any size.
    ///
    /// - Returns: `nil` when no thread could be started (a capped address
    ///   space): nothing was read, and the caller maps the input serially.
    func runPipeline(
        reading input: inout ChunkedInput, firstIndex: Int = 0, recovering: Bool = false,
        inputName: String, sink: RecordSink, diagnostics: DiagnosticCollector, idle: (() throws -> Void)? = nil,
        progress: ProgressObserver? = nil
    ) throws -> InputOutcome? {
        // Results waiting for the writer are bytes when workers pre-encode, and
        // record trees (several times larger than their input) otherwise: keep
        // fewer of those in flight (with connections, streamed records come as
        // trees: the writer holds them, `HeldRecords`).
        let encoding = (sink as? EncodingSink)?.encoding
        let state = PipelineState(resultWindow: encoding == nil || hasConnections ? 8 : 48)
        var streamPaths: [[KeyPath.Component]]?
        // `--strict` and `fail` validations write nothing of a failed document:
        // a streamed one only into a sink that takes it all back (`holdDocumentOutput`).
        // With connections nothing of a streamed document is written before its
        // end (`HeldRecords`), and only if it has not failed by then.
        if canStream(into: sink), hasConnections || !(options.strict || graph.usesFailValidation) || sink.holdDocumentOutput() {
            streamPaths = applicable.map(\.descriptor.keyPath.components)
        }
        let workerCount = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let finished = DispatchSemaphore(value: 0)
        let (maxDepth, threshold, keepGoing) = (options.maxDepth, options.pipelineThreshold, options.keepGoing)
        let keyedMapper = streamPaths == nil ? nil : keyedContentMapper
        let keyedChoice = streamPaths == nil ? nil : self.keyedChoice
        let caseInsensitiveKeys = graph.options.caseInsensitiveKeys
        let rootProjection = streamPaths == nil ? nil : self.rootProjection
        let nestedArrays = sink.acceptsNestedArrays
        // Into encoded roots, or a sink that takes the record open, or not
        // written (`--type` of another type); not held for connections
        // (`StreamedRelationship`).
        let streamedRelationships = streamPaths == nil || hasConnections ? [:] : self.streamedRelationships.compactMapValues { relationship -> [String]? in
            let parent = relationship.parentMapper
            let written = options.onlyType.map { $0 == parent.typeName } ?? true
            return encoding != nil || !written || sink.acceptsOpenRecord(of: parent, relationship: relationship.slot) ? relationship.keys : nil
        }
        let parentObjects = Set(streamedRelationships.keys.filter { self.streamedRelationships[$0]!.readsObject })
        let countedArrays = Set(streamedRelationships.keys.filter { !self.streamedRelationships[$0]!.countingSteps.isEmpty })
        // A dynamic root mapper's: by the mapper it chooses.
        var chosen: [ObjectIdentifier: [String: [String]]] = [:]
        if let descriptor = applicable.first?.descriptor, case .dynamic = graph.mappers[descriptor.rootMapper] {
            for (id, keys) in streamedRelationships {
                chosen[ObjectIdentifier(self.streamedRelationships[id]!.parentMapper), default: [:]][id] = keys
            }
        }
        let chosenRecords = chosen
        // Handed over, not copied: no reference here may keep a large
        // document's chunk alive after the units cut from it are read.
        let handoff = InputHandoff(input)
        // Stacks for --max-depth levels; a thread that cannot get one (a capped
        // address space) is not started, and with no worker at all the input
        // is mapped on this thread instead (LargeStack).
        let stackSize = LargeStack.stackSize(forDepth: options.maxDepth)
        var started = 0
        for _ in 0..<workerCount {
            let spawned = LargeStack.spawn(stackSize: stackSize) { [self] in
                PipelineWorker(engine: self, state: state, inputName: inputName, encoding: encoding).run()
                finished.signal()
            }
            guard spawned else { break }
            started += 1
        }
        let splitterStarted = started > 0 && LargeStack.spawn(stackSize: stackSize) { [streamPaths] in
            // The splitter owns the input from here on.
            var splitter = Splitter(
                input: handoff.take(), maxDepth: maxDepth, firstIndex: firstIndex, state: state, streamPaths: streamPaths,
                streamingThreshold: threshold, inputName: inputName)
            splitter.keepGoing = keepGoing
            if let keyedMapper {
                splitter.keyedContent = .mapper(keyedMapper)
            } else if let keyedChoice {
                // The splitter's own mapper: what choosing warns and counts is
                // reported by the worker that chooses again (`WorkUnit.chosen`).
                let chooser = DocumentMapper(engine: self, document: .null, inputName: inputName, diagnostics: DiagnosticList())
                splitter.keyedContent = .chosen(keyedChoice.projection, readsMembers: keyedChoice.readsMembers) { object, document, root in
                    self.chooseKeyedMapper(for: object, document: document, root: root, with: chooser)
                }
            }
            splitter.caseInsensitiveKeys = caseInsensitiveKeys
            splitter.rootProjection = rootProjection
            splitter.recovering = recovering
            splitter.nestedArrays = nestedArrays
            splitter.streamedRelationships = chosenRecords.isEmpty ? streamedRelationships : [:]
            splitter.chosenRecords = chosenRecords
            splitter.parentObjects = parentObjects
            splitter.countedArrays = countedArrays
            splitter.run()
            state.finishSplitting(bytesRead: splitter.bytesRead)
            finished.signal()
        }
        guard splitterStarted else {
            state.cancel()
            for _ in 0..<started { finished.wait() }
            _ = handoff.take()
            return nil
        }
        // The splitter reads on with its own copy: a large document's chunk
        // must not outlive the units cut from it because of this one.
        input.relinquish()
        defer {
            // Every thread must be done with the input's chunks before they go away.
            for _ in 0...started { finished.wait() }
        }
        do {
            var writer = PipelineWriter(engine: self, sink: sink, diagnostics: diagnostics, inputName: inputName)
            writer.idle = idle
            writer.progress = progress
            try writer.run(state)
            // A failure without --keep-going stops the writer early: stop the
            // splitter and the workers too.
            if writer.outcome.stopped {
                state.cancel()
            } else {
                progress?.advanced(inputOffset: state.bytesRead)
            }
            return writer.outcome
        } catch {
            state.cancel()
            throw error
        }
    }
}

/// The input on its way to the splitter thread: taken once, so that only the
/// splitter holds its current chunk.
private final class InputHandoff: Sendable {
    private let slot: Mutex<ChunkedInput?>

    init(_ input: ChunkedInput) { slot = Mutex(input) }

    func take() -> ChunkedInput {
        slot.withLock { held in
            defer { held = nil }
            return held!
        }
    }
}
