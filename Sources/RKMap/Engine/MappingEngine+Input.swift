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

    /// Adds a later part of the same input.
    package mutating func add(_ later: InputOutcome) {
        documents += later.documents
        failed += later.failed
        stoppedBySyntaxError = stoppedBySyntaxError || later.stoppedBySyntaxError
        stopped = later.stopped
    }
}

extension MappingEngine {
    /// Maps every document of an input in memory: one JSON value, NDJSON, or
    /// concatenated JSON (docs/spec.md §1); see `run(reading:…)`.
    ///
    /// - Parameter firstIndex: the number of the input's first document
    ///   (`apply` maps a form-encoded input a window of lines at a time).
    public func run(
        input bytes: [UInt8], inputName: String, firstIndex: Int = 0, sink: RecordSink, diagnostics: DiagnosticCollector,
        progress: ProgressObserver? = nil
    ) throws -> InputOutcome {
        try bytes.withUnsafeBytes { raw in
            try run(input: raw, inputName: inputName, firstIndex: firstIndex, sink: sink, diagnostics: diagnostics, progress: progress)
        }
    }

    /// `run(input:…)` of bytes in place (`apply`'s form input, converted
    /// into a writer's buffer).
    public func run(
        input raw: UnsafeRawBufferPointer, inputName: String, firstIndex: Int = 0, sink: RecordSink, diagnostics: DiagnosticCollector,
        progress: ProgressObserver? = nil
    ) throws -> InputOutcome {
        var input = ChunkedInput(bytes: raw)
        return try run(reading: &input, inputName: inputName, firstIndex: firstIndex, sink: sink, diagnostics: diagnostics, progress: progress)
    }

    /// Maps every document of an input as it is read: one JSON value, NDJSON,
    /// or concatenated JSON (docs/spec.md §1). A syntax error is reported as
    /// `FILE:LINE:COL: error: …` and ends the input (what follows cannot be
    /// told apart reliably) unless `keepGoing`; documents before it stay written.
    ///
    /// Once a chunk of at least `options.pipelineThreshold` bytes has been read,
    /// the rest of the input goes through the pipeline on every core, with a
    /// large document's content streamed element by element (see
    /// `runPipeline`); before that, documents are mapped one
    /// after another on this thread, a chunk at a time.
    ///
    /// - Parameters:
    ///   - idle: called when the input stalls (a slow producer) after
    ///     everything before was mapped, to flush the output.
    ///   - progress: told how far mapping has got; `nil` costs nothing.
    /// - Complexity: O(input size); memory bounded by the chunk size and the
    ///   largest document (or streamed element), not the input.
    package func run(
        reading input: inout ChunkedInput, inputName: String, firstIndex: Int = 0, sink: RecordSink, diagnostics: DiagnosticCollector,
        idle: (() throws -> Void)? = nil, progress: ProgressObserver? = nil
    ) throws -> InputOutcome {
        var total = InputOutcome()
        var index = firstIndex
        var recovering = false
        try input.fill()
        while true {
            try Interruption.check()
            if input.bytes.count >= max(options.pipelineThreshold, 1),
               let outcome = try runPipeline(
                   reading: &input, firstIndex: index, recovering: recovering, inputName: inputName, sink: sink,
                   diagnostics: diagnostics, idle: idle, progress: progress) {
                total.add(outcome)
                return total
            }
            let final = input.atEnd
            let (outcome, consumed) = try runSerially(
                input.bytes, origin: input.origin, base: input.offset, firstIndex: index, final: final, recovering: &recovering,
                inputName: inputName, sink: sink, diagnostics: diagnostics, progress: progress)
            total.add(outcome)
            index += outcome.documents
            if outcome.stopped { return total }
            progress?.advanced(inputOffset: input.offset + consumed)
            if final { return total }
            try idle?()
            let kept = input.bytes.count - consumed
            try input.moveOn(keeping: consumed)
            try input.fillToDocumentEnd()
            if consumed == 0, input.bytes.count == kept, !input.atEnd {
                // Nothing used and nothing read: what is kept (the last byte,
                // looking for the next document start after a syntax error)
                // looked complete to `fillToDocumentEnd`, and the same window
                // would come round for ever. Read on.
                try input.fill()
            }
        }
    }

    /// Maps the documents of one window on the calling thread.
    ///
    /// - Parameters:
    ///   - final: the window ends the input. Otherwise a document the window
    ///     cuts is left for the next window (see `JSONScanner.readDocument`).
    ///   - recovering: after a syntax error with `keepGoing`, looking for the
    ///     next document start (`SyntaxRecovery`) across windows.
    ///   - base: the window's offset in the input, for progress reports.
    /// - Returns: what happened, and how many bytes of the window were used.
    func runSerially(
        _ raw: UnsafeRawBufferPointer, origin: TextOrigin = .start, base: Int = 0, firstIndex: Int = 0, final: Bool = true,
        recovering: inout Bool, inputName: String, sink: RecordSink, diagnostics: DiagnosticCollector, progress: ProgressObserver?
    ) throws -> (InputOutcome, consumed: Int) {
        var outcome = InputOutcome()
        var scanner = JSONScanner(bytes: raw, offset: 0, maxDepth: options.maxDepth, origin: origin)
        var index = firstIndex
        if recovering {
            // The window starts with the last byte of the one before, so a line
            // break there still makes its next byte a line start.
            let resume = SyntaxRecovery.nextDocumentStart(in: raw, after: 0)
            if resume == raw.count, !final { return (outcome, max(raw.count - 1, 0)) }
            recovering = false
            scanner = JSONScanner(bytes: raw, offset: resume, maxDepth: options.maxDepth, origin: origin)
        }
        while true {
            try Interruption.check()
            let value: JSONValue
            var documentStart = scanner.offset
            let read: JSONScanner.WindowRead
            do {
                if try !scanner.atEnd() { documentStart = scanner.offset }
                read = try scanner.readDocument(final: final, projection: documentProjection)
            } catch {
                diagnostics.emit(Diagnostic(.error, error.message, file: inputName, location: .source(error.location), code: .syntax))
                updateStats {
                    $0.documents += 1
                    $0.failedDocuments += 1
                }
                outcome.documents += 1
                outcome.failed += 1
                guard options.keepGoing else {
                    outcome.stoppedBySyntaxError = true
                    outcome.stopped = true
                    return (outcome, raw.count)
                }
                let resume = SyntaxRecovery.nextDocumentStart(in: raw, after: documentStart)
                if resume == raw.count, !final {
                    recovering = true
                    return (outcome, max(raw.count - 1, 0))
                }
                scanner = JSONScanner(bytes: raw, offset: resume, maxDepth: options.maxDepth, origin: origin)
                scanner.continueLocations(after: error)
                index += 1
                continue
            }
            switch read {
            case .end:
                return (outcome, raw.count)
            case .needsMore(let start):
                return (outcome, start)
            case .value(let v, _):
                value = v
            }
            outcome.documents += 1
            let info = DocumentInfo(input: inputName, index: index, byteCount: scanner.offset - documentStart)
            if try !map(document: value, info: info, sink: sink, diagnostics: diagnostics) {
                outcome.failed += 1
                if !options.keepGoing {
                    outcome.stopped = true
                    return (outcome, scanner.offset)
                }
            }
            progress?.advanced(inputOffset: base + scanner.offset)
            index += 1
        }
    }

    /// Streaming keeps every answer the tree mode gives only when nothing needs
    /// the whole document or the whole output: applicable descriptors at key
    /// paths from the document (at a descriptor, `@root` is the document;
    /// the splitter follows keys and indexes; a key
    /// through an array or a collection operator is evaluated by a worker on
    /// the value there), and a sink that takes records as they come. With
    /// connections, the writer holds a streamed document's records (compactly,
    /// `HeldRecords`) and connects and writes them at its end.
    /// With several descriptors the splitter reads a large document whole and
    /// splits it once per descriptor (`Splitter.streamPaths`), telling the
    /// writer of each descriptor that found content (`WorkUnit.found`), so
    /// that JSON grouped by descriptor gets the keys a whole read gives. With
    /// case-insensitive keys the splitter
    /// follows the first key that matches and warns where a whole-document
    /// read would have taken a later one (`Splitter.split`); under `--strict`,
    /// or with a `fail` validation, the sink must also hold a streamed
    /// document's output until its end (`runPipeline`, `PipelineWriter`); with
    /// `@root` key paths the splitter reads the document's `rootProjection`
    /// before its elements (`Splitter.readRoot`).
    func canStream(into sink: RecordSink) -> Bool {
        guard sink.acceptsStreaming, !applicable.isEmpty,
              applicable.allSatisfy({ $0.descriptor.keyPath.anchor == .representation || $0.descriptor.keyPath.anchor == .root })
        else { return false }
        return true
    }

    /// The streamed descriptor's root mapper when it maps a content object as
    /// a `forceCollection` dictionary (docs/spec.md §5.3) that is known without
    /// reading the object: a static object mapper. A dynamic mapper's matchers
    /// read the dictionary itself, so such content is read whole.
    var keyedContentMapper: ObjectMapper? {
        guard applicable.count == 1, let first = applicable.first,
              case .object(let mapper) = graph.mappers[first.descriptor.rootMapper],
              mapper.forceCollection
        else { return nil }
        return mapper
    }

    /// The object mapper that the one applicable descriptor's dynamic root
    /// mapper chooses for a content `object` read through `keyedChoice`, in
    /// document `index` whose `@root` is `root`, as a whole read chooses it
    /// for the whole object (the projection holds all its matchers read).
    /// `mapper` is prepared for the document first; the warnings and
    /// statistics of choosing are left in it.
    func chooseKeyedMapper(for object: JSONValue, document index: Int, root: JSONValue, with mapper: DocumentMapper) -> ObjectMapper? {
        let (descriptor, metadata) = applicable[0]
        mapper.prepare(document: root, index: index, recordLimit: .max)
        defer { mapper.context.root = .null }
        mapper.context.metadata = metadata
        _ = mapper.path.push(descriptor.keyPath)
        return mapper.resolve(descriptor.rootMapper, for: object)
    }

    /// Counts a document that could not be read (a form-encoded line's
    /// syntax error, which `apply` reports itself) in the statistics, as a
    /// JSON syntax error is counted.
    package func noteUnreadableDocument() {
        updateStats {
            $0.documents += 1
            $0.failedDocuments += 1
        }
    }
}

extension MappingGraph {
    /// True when some validation fails the whole document (docs/spec.md §8): a
    /// streamed document is then written only once its last element mapped,
    /// so the sink must hold its output (`RecordSink.holdDocumentOutput`).
    var usesFailValidation: Bool {
        objectMappers.contains { $0.validations.contains { $0.onFailure == .fail } }
    }
}
