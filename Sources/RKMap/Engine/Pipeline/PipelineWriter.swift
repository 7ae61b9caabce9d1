/// Takes the pipeline's results in input order and hands them to the sink,
/// with diagnostics and stats, exactly as the one-document-at-a-time path does.
struct PipelineWriter {
    let engine: MappingEngine
    let sink: RecordSink
    let diagnostics: DiagnosticCollector
    let inputName: String
    var outcome = InputOutcome()
    let encodingSink: EncodingSink?

    /// The streamed document being written.
    var stream: (index: Int, dropping: Bool, failed: Bool, started: Bool, noContent: Bool)?
    /// The descriptor whose content the streamed document's records are from.
    var streamDescriptor = 0
    /// The streamed document started before its verdict (see `begin`).
    var streamUndecided = false
    /// The failure of such a document (its unit's diagnostics and the error),
    /// reported at its end: a syntax error after it is reported instead.
    var deferredFailure: [Diagnostic] = []
    /// Records written for the streamed document, and the most it may make.
    var streamRecords = (count: 0, limit: Int.max)
    /// Mapping warnings in the streamed document so far: under `--strict` the
    /// document fails at its end, and the sink takes back what it was given
    /// (`RecordSink.holdDocumentOutput`).
    var streamWarnings = 0
    /// The streamed document's records, held to its end when the spec has
    /// connections (`HeldRecords`): a connection may find a later record.
    var held: HeldRecords?
    /// The nested arrays of the streamed document open now (`WorkUnit.nested`),
    /// the outermost first: whether the sink was told of each. It is told
    /// with their first root, or at their end: under `--type` a nested array
    /// left with no root is left out, as a whole read leaves it out
    /// (`MappingEngine.keeping`).
    var nested: [Bool] = []
    /// The record of a `parent` unit, written up to its relationship's array
    /// (`StreamedRelationship`): how its bytes end (`nil`: the sink holds it
    /// open, `RecordSink.openRecord`), and how many elements were written
    /// into it. `nil` between records, and when the record was not written
    /// (its elements are then mapped and counted, not written).
    var openRecord: (ending: (empty: [UInt8], afterElements: [UInt8])?, elements: Int)?
    /// What a `parent` unit's record reported and counted from its
    /// relationship's place on (`WorkResult.opened`), accounted for at
    /// `parentEnd`, after the elements, where a whole read reports it: also
    /// when the record was not written (`--type`, `--strict`, rejected).
    var parentAfter: MappedUnit<Mapped<[FieldValue]>?>?
    /// The sink refused a record of the streamed document (`--keep-going`):
    /// what it wrote is taken back and nothing more is written, but the
    /// document is still mapped and accounted, and the refusal reported at
    /// its end, after the warnings a whole read reports before it (a whole
    /// read writes a document once it is mapped).
    var streamRefusal: MappingFailure?

    init(engine: MappingEngine, sink: RecordSink, diagnostics: DiagnosticCollector, inputName: String) {
        self.engine = engine
        self.sink = sink
        self.diagnostics = diagnostics
        self.inputName = inputName
        self.encodingSink = sink as? EncodingSink
        self.prettyEncoding = encodingSink?.encoding?.pretty ?? false
    }

    /// Whether the workers' encoding is pretty: deferred values are indented.
    let prettyEncoding: Bool

    /// Called when the input stalls (a slow producer), after what came before
    /// was written: `apply` flushes stdout there.
    var idle: (() throws -> Void)?
    /// Told how far the writer has got.
    var progress: ProgressObserver?

    mutating func run(_ state: PipelineState) throws {
        do {
            try writeResults(state)
        } catch let interrupted as Interrupted {
            // A document being written as it is read is abandoned as a late
            // syntax error abandons it: what the sink can take back goes, a
            // JSON array written so far is closed (docs/behaviour.md "Signals").
            if let s = stream, s.started, !s.dropping { try abandonStream() }
            throw interrupted
        }
    }

    mutating func writeResults(_ state: PipelineState) throws {
        while let (unit, base, result) = state.nextResult() {
            // A worker frees it (`PipelineState.takeRetired`).
            defer { state.retire(result) }
            try Interruption.check()
            if let progress, let offset = unit.lastOffset { progress.advanced(inputOffset: base + offset) }
            switch unit {
            case .idle:
                try idle?()
            case .inputError(let error):
                throw error
            case .documents(_, let firstIndex):
                guard case .documents(let mapped, let encoded) = result else { continue }
                for (i, unit) in mapped.enumerated() {
                    unit.diagnostics.forEach(diagnostics.emit)
                    let info = DocumentInfo(input: inputName, index: firstIndex + i)
                    outcome.documents += 1
                    switch unit.result {
                    case .success(.values(let results)):
                        if try !engine.emit(results, info: info, stats: unit.stats, sink: sink, diagnostics: diagnostics) {
                            outcome.failed += 1
                            if stopsHere() { return }
                        }
                    case .success(.encoded(let range, _)):
                        engine.updateStats {
                            $0.add(unit.stats)
                            $0.documents += 1
                        }
                        let sink = encodingSink!
                        try encoded.write(range, pretty: prettyEncoding, first: sink.writeEncodedDocument, rest: sink.writeEncodedContinuation)
                    case .failure(let failure):
                        outcome.failed += 1
                        _ = engine.fail(failure, stats: unit.stats, info: info, diagnostics: diagnostics)
                        if stopsHere() { return }
                    }
                }
            case .streamBegin(let index, let maxBytes):
                streamRecords = (0, engine.options.recordLimit(documentBytes: maxBytes))
                try begin(index, verdict: state.verdict(for: index))
            case .found(_, let d):
                if d != streamDescriptor, stream?.dropping == false {
                    streamDescriptor = d
                    try beginDescriptor(d)
                }
            case .note(let note, _):
                guard stream?.dropping == false else { continue }
                diagnostics.emit(note)
                // Where a streamed document's answer departs from a whole read
                // (a repeated key): under --strict, a warning like any other.
                // Counted in `--stats` as the warnings it prints.
                if note.severity == .warning {
                    streamWarnings += 1
                    engine.updateStats { $0.warnings += 1 }
                }
            case .nested(let begin, _, let d):
                guard stream?.dropping == false else { continue }
                if d != streamDescriptor {
                    streamDescriptor = d
                    try beginDescriptor(d)
                }
                if held != nil {
                    held!.appendNested(begin: begin)
                } else if begin {
                    nested.append(false)
                } else {
                    try endNested(descriptor: engine.applicable[d].descriptor)
                }
            case .parent(_, _, let d, let key, _):
                guard case .opened(let unit, let encoded, let ending, let after) = result else { continue }
                openRecord = nil
                parentAfter = after
                if d != streamDescriptor, stream?.dropping == false {
                    streamDescriptor = d
                    try beginDescriptor(d)
                }
                guard try account(unit) else { continue }
                if encodingSink == nil {
                    // Not written under --strict once it has a warning (`write`).
                    guard !writesNothing, case .success(.values(let roots)?) = unit.result else { continue }
                    guard roots.count == 1, case .record(let record) = roots[0] else {
                        _ = try write(roots, descriptor: engine.applicable[d].descriptor)
                        continue
                    }
                    let slot = engine.streamedRelationships[key]!.slot
                    guard try open(record, relationship: slot, descriptor: d) else { continue }
                    openRecord = (nil, 0)
                    continue
                }
                guard try write(unit, encoded: encoded, descriptor: d) else { continue }
                if !writesNothing, case .success(.encoded(_, roots: 1)?) = unit.result { openRecord = (ending, 0) }
            case .related:
                guard case .roots(let mapped, let encoded) = result else { continue }
                for unit in mapped {
                    guard try account(unit) else { break }
                    guard openRecord != nil, !writesNothing else { continue }
                    switch unit.result {
                    case .success(.values(let roots)?) where !roots.isEmpty:
                        // A refusal ends the record (`abandonStream`): the
                        // next units find none open.
                        _ = try writeRelated(roots)
                    case .success(.encoded(let range, let count)?) where count > 0:
                        // The array opens with its first element.
                        let first = openRecord!.elements == 0
                        if first { try [JSONByte.openBracket].withUnsafeBytes { try encodingSink!.writeEncodedContinuation($0) } }
                        let sink = encodingSink!
                        try encoded.write(
                            first ? range.dropFirst() : range, pretty: prettyEncoding, first: sink.writeEncodedContinuation,
                            rest: sink.writeEncodedContinuation)
                        openRecord!.elements += count
                    default:
                        continue
                    }
                }
            case .parentEnd(let document, _, let record):
                // Every unit that reads the record's object was mapped.
                state.drop(.parentObject(record: record.offset), for: document)
                if let after = parentAfter {
                    parentAfter = nil
                    // A failure there abandons the document, the record first closed.
                    guard try account(after) else { continue }
                }
                try closeOpenRecord(completed: true)
            case .elements(_, _, _, let d, _, _), .members(_, _, _, _, let d, _), .content(_, _, _, let d), .chosen(_, _, let d, _),
                 .collected(_, _, _, let d, _, _), .value(_, _, _, let d):
                guard case .roots(let mapped, let encoded) = result else { continue }
                if d != streamDescriptor, stream?.dropping == false {
                    // The next descriptor's content (descriptors in file order).
                    streamDescriptor = d
                    try beginDescriptor(d)
                }
                for unit in mapped {
                    guard try account(unit) else { break }
                    // A refusal stops the writing, not the accounting (`streamRefusal`).
                    _ = try write(unit, encoded: encoded, descriptor: d)
                }
            case .streamEnd(let index, let bytes):
                deferredFailure.forEach(diagnostics.emit)
                deferredFailure = []
                try checkRecordLimit(documentBytes: bytes)
                // Every unit of the document was mapped before this one is written.
                state.dropValues(for: index)
                if streamUndecided {
                    streamUndecided = false
                    // Published before this unit was sent.
                    if case .parsed(foundContent: false)? = state.verdict(for: index) { stream?.noContent = true }
                }
                if try !end(index), stopsHere() { return }
            case .syntaxError(let error, let index):
                state.dropValues(for: index)
                // A document written as it was read (longer than the lookahead):
                // what the sink can take back goes (held output, a database's
                // rows); the rest stays written, a JSON array closed.
                if let s = stream, s.started, !s.dropping { try abandonStream() }
                held = nil
                openRecord = nil
                parentAfter = nil
                streamRefusal = nil
                deferredFailure = []
                streamUndecided = false
                diagnostics.emit(Diagnostic(.error, error.message, file: inputName, location: .source(error.location), code: .syntax))
                engine.updateStats {
                    $0.documents += 1
                    $0.failedDocuments += 1
                }
                outcome.documents += 1
                outcome.failed += 1
                stream = nil
                if stopsHere() {
                    outcome.stoppedBySyntaxError = true
                    return
                }
            }
        }
    }

    /// Reports a unit of the streamed document (diagnostics, stats, the record
    /// limit, a failure) and says whether its records are to be written.
    /// Inlined: it runs for every streamed element.
    @inline(__always)
    mutating func account(_ unit: MappedUnit<Mapped<[FieldValue]>?>) throws -> Bool {
        guard var s = stream, !s.dropping else { return false }
        defer { stream = s }
        engine.updateStats { $0.add(unit.stats) }
        streamRecords.count += unit.stats.records.total
        streamWarnings += unit.stats.warnings
        let failure: Diagnostic
        if streamRecords.count > streamRecords.limit {
            failure = DocumentMapper.tooManyRecords(limit: streamRecords.limit, path: "$")
                .diagnostic(file: inputName, document: s.index)
        } else {
            switch unit.result {
            case .success(.some):
                unit.diagnostics.forEach(diagnostics.emit)
                return true
            case .success(nil):
                unit.diagnostics.forEach(diagnostics.emit)
                s.dropping = true
                s.noContent = true
                return false
            case .failure(let mappingFailure):
                failure = mappingFailure.diagnostic(file: inputName, document: s.index)
            }
        }
        if s.started { try abandonStream() }
        s.dropping = true
        s.failed = true
        if streamUndecided {
            // A syntax error later in the document is all a whole read reports.
            deferredFailure = unit.diagnostics + [failure]
        } else {
            unit.diagnostics.forEach(diagnostics.emit)
            diagnostics.emit(failure)
        }
        return false
    }

    /// The streamed document has mapping warnings under `--strict`: it fails
    /// at its end, and nothing of it is written.
    var failsUnderStrict: Bool { engine.options.strict && streamWarnings > 0 }

    /// Nothing more of the streamed document goes to the sink: it fails
    /// under `--strict`, or the sink refused a record of it.
    var writesNothing: Bool { failsUnderStrict || streamRefusal != nil }

    /// Gives the records of a unit of the streamed document to the sink.
    /// - Returns: false when the sink refused them (the document failed).
    mutating func write(_ unit: MappedUnit<Mapped<[FieldValue]>?>, encoded: EncodedOutput, descriptor d: Int) throws -> Bool {
        // Its records would be taken back at its end: the sink is not given
        // them, so that it cannot refuse one first (a database's entity
        // without its identification value), where a whole read reports the
        // warnings under `--strict`.
        if held == nil, writesNothing { return true }
        switch unit.result {
        case .success(.values(let roots)?):
            if held != nil {
                for root in roots { held!.append(root) }
                return true
            }
            return try write(roots, descriptor: engine.applicable[d].descriptor)
        case .success(.encoded(let range, let count)?):
            // (The descriptor is looked up only then: copying it per unit costs.)
            if count > 0, nested.contains(false) { try openNested(descriptor: engine.applicable[d].descriptor) }
            let sink = encodingSink!
            try encoded.write(
                range, pretty: prettyEncoding, first: { try sink.writeEncodedRoots($0, roots: count) }, rest: sink.writeEncodedContinuation)
        case .success(nil), .failure:
            // `account` stops the document there.
            return false
        }
        return true
    }

    /// - Returns: false when the sink refused them (the document failed).
    mutating func write(_ roots: [FieldValue], descriptor: Descriptor) throws -> Bool {
        if !roots.isEmpty { try openNested(descriptor: descriptor) }
        let sink = self.sink
        return try refusing {
            for root in roots { try sink.write(root, descriptor: descriptor) }
        }
    }

}
