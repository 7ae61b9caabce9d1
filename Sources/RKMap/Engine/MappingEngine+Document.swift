extension MappingEngine {
    /// Maps one parsed document with every applicable descriptor and, if it
    /// succeeds, hands its records to `sink` (docs/spec.md §2, §5).
    ///
    /// - Returns: `false` when the document failed (a diagnostic was emitted and
    ///   nothing was written for it).
    /// - Throws: only errors of the sink itself (output closed, disk full).
    public func map(document: JSONValue, info: DocumentInfo, sink: RecordSink, diagnostics: DiagnosticCollector) throws -> Bool {
        try map(document: document, info: info, sink: sink, diagnostics: diagnostics, readTracker: nil)
    }

    /// `map(document:…)` that also records, in `readTracker`, which members of
    /// the mapped objects the mapping read (`rkmap check`'s unmapped-key report).
    func map(
        document: JSONValue, info: DocumentInfo, sink: RecordSink, diagnostics: DiagnosticCollector, readTracker: ReadObserver?
    ) throws -> Bool {
        let mapper = DocumentMapper(engine: self, document: document, inputName: info.input, diagnostics: diagnostics)
        mapper.documentIndex = info.index
        mapper.recordLimit = options.recordLimit(documentBytes: info.byteCount)
        mapper.readTracker = readTracker
        let results: [(Descriptor, FieldList)]
        do {
            results = try mapDescriptorsHolding(document, with: mapper)
        } catch {
            return fail(error, stats: mapper.stats, info: info, diagnostics: diagnostics)
        }
        return try emit(results, info: info, stats: mapper.stats, sink: sink, diagnostics: diagnostics)
    }

    /// Hands a mapped document's records to the sink, descriptors in file order.
    /// - Returns: `false` when the sink refused the document (`--shape object`).
    func emit<Roots: Collection<FieldValue>>(
        _ results: [(Descriptor, Roots)], info: DocumentInfo, stats documentStats: DocumentStats,
        sink: RecordSink, diagnostics: DiagnosticCollector
    ) throws -> Bool {
        updateStats {
            $0.add(documentStats)
            $0.documents += 1
        }
        do {
            try sink.beginDocument(info)
            for (descriptor, roots) in results {
                try sink.beginDescriptor(descriptor)
                for root in roots { try sink.write(root, descriptor: descriptor) }
            }
            try sink.endDocument()
        } catch let refusal as DocumentRefusal {
            try sink.abandonDocument()
            updateStats { $0.failedDocuments += 1 }
            diagnostics.emit(MappingFailure(refusal).diagnostic(file: info.input, document: info.index))
            return false
        }
        return true
    }

    /// Runs the applicable descriptors over a document, then connections and
    /// the `--strict` check.
    func mapDescriptors(_ document: JSONValue, with mapper: DocumentMapper) throws(MappingFailure) -> [(Descriptor, [FieldValue])] {
        var results: [(Descriptor, [FieldValue])] = []
        try forEachContent(of: document, with: mapper) { descriptor, content throws(MappingFailure) in
            results.append((descriptor, try mapper.mapContent(content, with: descriptor.rootMapper)))
        }
        if hasConnections { connect(&results, mapper: mapper) }
        try checkStrict(mapper)
        if let type = options.onlyType { return results.map { ($0.0, Self.keeping(type, in: $0.1)) } }
        return results
    }

    /// `mapDescriptors` where a content is an array held as its elements'
    /// text (a document read with `MappingOptions.holdsLargeArrays`, the
    /// content found through an operator or an index): its records are held
    /// as bytes as they are made (`DocumentMapper.mapList(held:)`), not as
    /// records, until the sink reads them. Under connections, which fill
    /// the roots in place, it is `mapDescriptors`.
    func mapDescriptorsHolding(_ document: JSONValue, with mapper: DocumentMapper) throws(MappingFailure) -> [(Descriptor, FieldList)] {
        guard !hasConnections else { return try mapDescriptors(document, with: mapper).map { ($0.0, FieldList($0.1)) } }
        var results: [(Descriptor, FieldList)] = []
        try forEachContent(of: document, with: mapper) { descriptor, content throws(MappingFailure) in
            results.append((descriptor, try mapper.mapContentList(content, with: descriptor.rootMapper)))
        }
        try checkStrict(mapper)
        if let type = options.onlyType { return results.map { ($0.0, FieldList(Self.keeping(type, in: $0.1))) } }
        return results
    }

    /// Calls `body` with each applicable descriptor that finds content in
    /// the document, and that content, with the mapper's metadata and path
    /// set for it; throws when none does.
    private func forEachContent(
        of document: JSONValue, with mapper: DocumentMapper, _ body: (Descriptor, JSONValue) throws(MappingFailure) -> Void
    ) throws(MappingFailure) {
        guard !applicable.isEmpty else { throw noDescriptorFailure() }
        var found = false
        // Many descriptors: those whose first key the document has, and
        // those every document tries, in order (`KeySkipIndex`).
        var order: [Int]?
        if let skips = descriptorSkips, case .object(let object) = document {
            order = skips.order(of: object, caseInsensitive: mapper.context.caseInsensitive)
        }
        for k in 0..<(order?.count ?? applicable.count) {
            let (descriptor, metadata) = applicable[order?[k] ?? k]
            mapper.context.metadata = metadata
            // A key through an array finds content only if some element has it (docs/spec.md §2).
            let content = descriptor.keyPath.isNil ? document : descriptor.keyPath.find(in: document, context: mapper.context)
            guard let content else { continue }
            let pushed = mapper.path.push(descriptor.keyPath, from: document, caseInsensitive: mapper.context.caseInsensitive)
            defer { mapper.path.pop(pushed) }
            found = true
            try body(descriptor, content)
        }
        guard found else { throw noContentFailure() }
    }

    /// `--strict` (docs/spec.md §10.3): a document with warnings fails.
    private func checkStrict(_ mapper: DocumentMapper) throws(MappingFailure) {
        if options.strict, mapper.stats.warnings > 0 {
            throw strictFailure(warnings: mapper.stats.warnings)
        }
    }

    /// `--type T` (docs/spec.md §10.3): the root records of type `T`; a nested
    /// collection keeps its matching records and is dropped when none match.
    static func keeping(_ type: String, in roots: some Collection<FieldValue>) -> [FieldValue] {
        roots.compactMap { root in
            switch root {
            case .record(let r): return r.mapper.typeName == type ? root : nil
            case .many(let list):
                let kept = keeping(type, in: list)
                return kept.isEmpty ? nil : .many(FieldList(kept))
            case .value: return nil
            }
        }
    }

    func fail(_ failure: MappingFailure, stats documentStats: DocumentStats, info: DocumentInfo, diagnostics: DiagnosticCollector) -> Bool {
        updateStats {
            $0.add(documentStats)
            $0.documents += 1
            $0.failedDocuments += 1
        }
        emitFailure(failure, info: info, diagnostics: diagnostics)
        return false
    }

    /// Reports a failed document; with `explain`, a "no mappable content"
    /// failure is followed by a note per descriptor saying why.
    func emitFailure(_ failure: MappingFailure, info: DocumentInfo, diagnostics: DiagnosticCollector) {
        diagnostics.emit(failure.diagnostic(file: info.input, document: info.index))
        guard options.explain, case .noMappableContent = failure.reason else { return }
        for note in Self.descriptorNotes(graph, options: options, notFound: true) { diagnostics.emit(note) }
    }

    /// Why each descriptor did not contribute, one note each, located at the
    /// descriptor in the spec: its path pattern, method or status does not fit
    /// the request facts (`mismatchReason`), or — with `notFound`, for a
    /// document that had no mappable content — its key path is not in the
    /// document. `rkmap check` and `apply --explain` both print these.
    public static func descriptorNotes(_ graph: MappingGraph, options: MappingOptions, notFound: Bool) -> [Diagnostic] {
        var notes: [Diagnostic] = []
        for descriptor in graph.descriptors {
            let why: String
            if let mismatch = mismatchReason(descriptor, options: options) {
                why = mismatch
            } else if notFound, let keyPath = descriptor.keyPathText, !keyPath.isEmpty {
                why = "key path '\(keyPath)' is not in the document" + (descriptor.keyPath.usesArithmetic ? arithmeticHint : "")
            } else {
                continue
            }
            var name = "descriptor \(descriptor.index + 1)"
            if let pattern = descriptor.pathPattern { name += " (path '\(pattern.source)')" }
            notes.append(Diagnostic(.note, "\(name): \(why)", file: graph.file, location: .source(descriptor.location), code: .descriptor))
        }
        return notes
    }

    func noContentFailure() -> MappingFailure {
        let tried = applicable.map { $0.descriptor.keyPathText ?? "" }
        let list = tried.map { "'\($0)'" }.joined(separator: ", ")
        // Not in the document, or not representable (docs/spec.md §4): never
        // a silent answer, but the reason names both.
        let hint = applicable.contains { $0.descriptor.keyPath.usesArithmetic } ? Self.arithmeticHint : ""
        return MappingFailure(
            .noMappableContent(tried: tried),
            message: "no mappable content: none of the key paths \(list) is in the document" + hint)
    }

    /// Why a key path with `@sum`, `@avg`, `@min` or `@max` may give no
    /// content although its array is there: an element its operator cannot
    /// combine, or an exact result with more digits than rkmap represents.
    static let arithmeticHint =
        " (or its @sum/@avg/@min/@max has no value: an element it cannot combine, or more than \(NumberArithmetic.digitLimit) digits, which rkmap does not represent)"

    func noDescriptorFailure() -> MappingFailure {
        var facts: [String] = []
        if let path = options.path { facts.append("path '\(path)'") }
        if let method = options.method { facts.append("method \(method)") }
        facts.append("status \(options.status ?? 200)")
        return MappingFailure(
            .noMappableContent(tried: []),
            message: "no mappable content: no descriptor applies to \(facts.joined(separator: ", "))")
    }

    func strictFailure(warnings: Int) -> MappingFailure {
        MappingFailure(
            .strictWarnings(count: warnings),
            message: "\(warnings) mapping warning\(warnings == 1 ? "" : "s") under --strict; the document is not written")
    }

}
