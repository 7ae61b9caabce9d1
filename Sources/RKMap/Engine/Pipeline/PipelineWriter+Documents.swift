/// How a streamed document begins and ends for the writer: its verdict, its end
/// (held records connected and written, `--strict`, a refusal, no content), and
/// stopping after a failure.
extension PipelineWriter {
    /// After a failed document: true (and `outcome.stopped`) unless `--keep-going`.
    mutating func stopsHere() -> Bool {
        guard !engine.options.keepGoing else { return false }
        outcome.stopped = true
        return true
    }

    mutating func begin(_ index: Int, verdict: StreamVerdict?) throws {
        switch verdict {
        case .syntaxError?:
            // The `.syntaxError` unit that follows reports it.
            stream = (index, true, false, false, false)
        case .parsed(foundContent: false)?:
            stream = (index, true, false, false, true)
        case .parsed(foundContent: true)?, .undecided?, nil:
            // `undecided`: longer than the splitter's lookahead, so written as
            // it is read; whether it had content is known at its end.
            streamUndecided = verdict == .undecided
            streamWarnings = 0
            held = engine.hasConnections ? HeldRecords(graph: engine.graph) : nil
            nested = []
            openRecord = nil
            parentAfter = nil
            streamRefusal = nil
            try sink.beginDocument(DocumentInfo(input: inputName, index: index))
            if engine.applicable.count == 1 {
                streamDescriptor = 0
                try beginDescriptor(0)
            } else {
                // Each descriptor that finds content is begun when its first
                // unit, or the splitter's word that it found some, comes.
                streamDescriptor = -1
            }
            stream = (index, false, false, true, false)
        }
    }

    /// At the end of a streamed document, its size is known: the default
    /// record limit (which grows with it) is checked again, for a document
    /// from a pipe (whose size was not known) or one followed by more input
    /// (which counted toward it). The document fails as a whole read fails
    /// it; records already written stay written (a database rolls back,
    /// docs/behaviour.md).
    mutating func checkRecordLimit(documentBytes: Int) throws {
        let limit = engine.options.recordLimit(documentBytes: documentBytes)
        guard var s = stream, !s.dropping, streamRecords.count > limit else { return }
        if s.started { try abandonStream() }
        diagnostics.emit(DocumentMapper.tooManyRecords(limit: limit, path: "$").diagnostic(file: inputName, document: s.index))
        s.dropping = true
        s.failed = true
        stream = s
    }

    /// The streamed document's records are of this descriptor from now on.
    mutating func beginDescriptor(_ d: Int) throws {
        if held != nil {
            held!.appendDescriptor(d)
        } else {
            try sink.beginDescriptor(engine.applicable[d].descriptor)
        }
    }

    /// Connects and writes the records held for the streamed document, as a
    /// whole read does (`MappingEngine.mapDescriptors`, `emit`): every
    /// connection is looked up and its warnings given first, so that under
    /// `--strict` nothing is written; then the records are connected
    /// (`HeldConnections`), `--type` keeps its own, and they go to the sink.
    ///
    /// A large list of records in a root (a relationship of a record mapped
    /// whole, `apply` only) is read as its bytes (`HeldRecords.forEach(listsFrom:)`)
    /// and its records filled as the output reads them, so that the root is
    /// never made whole.
    mutating func writeHeld(_ held: HeldRecords, index: Int) throws {
        let input = inputName
        var warnings = 0
        let listsFrom = engine.options.holdsLargeArrays ? engine.options.holdingArraysFrom : nil
        let connections = HeldConnections(held)
        try connections.lookUpAll(listsFrom: listsFrom, beforeRoot: { try Interruption.check() }) { [diagnostics] c, record, value, otherKind in
            warnings += 1
            diagnostics.emit(DocumentMapper.warning(
                MappingEngine.connectionNotFound(c, value: value, otherKindFound: otherKind), inputName: input, document: index,
                path: record.path ?? "$",
                mapperID: record.mapper.id, attribute: c.relationship))
        }
        engine.updateStats { $0.warnings += warnings }
        streamWarnings += warnings
        // `end` fails the document.
        if engine.options.strict, streamWarnings > 0 { return }
        var descriptor = engine.applicable[0].descriptor
        var refused = false
        try held.forEach(listsFrom: listsFrom) { entry in
            guard !refused else { return }
            switch entry {
            case .descriptor(let d):
                descriptor = engine.applicable[d].descriptor
                try sink.beginDescriptor(descriptor)
            case .nested(let begin):
                if begin {
                    nested.append(false)
                } else {
                    try endNested(descriptor: descriptor)
                }
            case .root(var root):
                try Interruption.check()
                connections.fill(&root)
                var roots = [root]
                if let type = engine.options.onlyType { roots = MappingEngine.keeping(type, in: roots) }
                refused = try !write(roots, descriptor: descriptor)
            }
        }
    }

    /// - Returns: false when the document failed.
    mutating func end(_ index: Int) throws -> Bool {
        if let held = self.held {
            self.held = nil
            if let s = stream, !s.dropping, !s.failed, !s.noContent {
                try writeHeld(held, index: index)
            }
        }
        guard var s = stream else { return true }
        if engine.options.strict, !s.failed, !s.noContent, streamWarnings > 0 {
            // As for a document read whole: its warnings were reported, and
            // nothing of it is written (the sink held it).
            if s.started { try abandonStream() }
            engine.emitFailure(
                engine.strictFailure(warnings: streamWarnings), info: DocumentInfo(input: inputName, index: index),
                diagnostics: diagnostics)
            s.failed = true
        }
        if let refusal = streamRefusal {
            streamRefusal = nil
            if !s.failed {
                diagnostics.emit(refusal.diagnostic(file: inputName, document: index))
                s.failed = true
            }
        }
        stream = nil
        outcome.documents += 1
        engine.updateStats { $0.documents += 1 }
        if s.noContent {
            if s.started { try abandonStream() }
            engine.emitFailure(engine.noContentFailure(), info: DocumentInfo(input: inputName, index: index), diagnostics: diagnostics)
        } else if !s.failed {
            do {
                try sink.endDocument()
                return true
            } catch let refusal as DocumentRefusal {
                try abandonStream()
                diagnostics.emit(MappingFailure(refusal).diagnostic(file: inputName, document: index))
            }
        }
        outcome.failed += 1
        engine.updateStats { $0.failedDocuments += 1 }
        return false
    }
}
