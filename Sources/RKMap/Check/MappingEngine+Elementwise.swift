/// `rkmap check` of a large body without its tree: the content array's
/// elements are read and mapped one at a time from the body's bytes, as
/// `map(document:…)` maps them from the whole tree (docs/spec.md §5.2), so a
/// fixture costs its bytes and one element's tree, not the document's tree
/// (about four times the text for small objects) and every record at once.
extension MappingEngine {
    /// Where a body's content array is, and the document around it.
    struct ElementwiseDocument {
        /// The document with the content array replaced by `[]`: what the
        /// read tracker's report on the document root needs (the content is
        /// read whole there, so its elements are never looked at).
        var skeleton: JSONValue
        /// The byte offset of the content array's `[`.
        var contentStart: Int
    }

    /// The body read for element-wise mapping, or `nil` when it must be
    /// mapped whole: that maps it exactly as before, and reports what this
    /// does not (a syntax error, content that is not there or not an array).
    ///
    /// Element-wise only when nothing could tell the two apart: one
    /// applicable descriptor whose key path is keys from the document
    /// (`data`, `response.items`), no connections (they link records across
    /// the document), no `@root` read (an element would need the whole
    /// document), a body that is one valid JSON document, and each key of the
    /// path found exactly once in an object on the way (exactly, or ignoring
    /// case under `keyMatching: caseInsensitive`: with two candidates, which
    /// one a whole read takes is left to it), ending at an array.
    func elementwiseDocument(_ body: [UInt8]) -> ElementwiseDocument? {
        guard applicable.count == 1, !hasConnections, options.onlyType == nil, graph.rootProjection == nil else { return nil }
        let keyPath = applicable[0].descriptor.keyPath
        guard keyPath.anchor == .representation, !keyPath.components.isEmpty else { return nil }
        var keys: [String] = []
        for component in keyPath.components {
            guard case .key(let key) = component else { return nil }
            keys.append(key)
        }
        let caseInsensitive = graph.options.caseInsensitiveKeys
        return body.withUnsafeBytes { buf -> ElementwiseDocument? in
            // One valid document, as `FixtureReader.parseOne` reads it (its own
            // messages for anything else).
            var scanner = JSONScanner(bytes: buf, offset: 0)
            do throws(JSONSyntaxError) {
                if try scanner.atEnd() { return nil }
                try scanner.skipValue()
                guard try scanner.atEnd() else { return nil }
            } catch {
                return nil
            }
            var reader = JSONScanner(bytes: buf, offset: 0, trusted: true)
            var contentStart = -1
            do throws(JSONSyntaxError) {
                guard let skeleton = try Self.skeleton(keys[...], reader: &reader, caseInsensitive: caseInsensitive, contentStart: &contentStart),
                      contentStart >= 0
                else { return nil }
                return ElementwiseDocument(skeleton: skeleton, contentStart: contentStart)
            } catch {
                return nil
            }
        }
    }

    /// The object at the reader with the member `keys` leads to (an array)
    /// skipped and replaced by `[]`; `nil` when a key is not found exactly
    /// once or leads elsewhere than through objects to an array.
    private static func skeleton(
        _ keys: ArraySlice<String>, reader: inout JSONScanner, caseInsensitive: Bool, contentStart: inout Int
    ) throws(JSONSyntaxError) -> JSONValue? {
        guard let key = keys.first, try reader.peekKind() == .object else { return nil }
        let folded = caseInsensitive ? key.lowercased() : nil
        try reader.enterObject()
        var pairs: [(String, JSONValue)] = []
        var found = 0
        while let name = try reader.nextKey() {
            // Code unit for code unit, as a whole read looks keys up (`sameKey`).
            guard JSONObject.sameKey(name, key) || (folded != nil && name.lowercased() == folded) else {
                pairs.append((name, try reader.readValue()))
                continue
            }
            found += 1
            guard found == 1 else { return nil }
            if keys.count == 1 {
                guard try reader.peekKind() == .array else { return nil }
                reader.skipWhitespace()
                contentStart = reader.offset
                try reader.skipValue()
                pairs.append((name, .array([])))
            } else {
                guard let inner = try skeleton(keys.dropFirst(), reader: &reader, caseInsensitive: caseInsensitive, contentStart: &contentStart) else {
                    return nil
                }
                pairs.append((name, inner))
            }
        }
        return found == 1 ? .object(JSONObject(pairs)) : nil
    }

    /// Maps the content array of `document` (found by `elementwiseDocument`
    /// in `body`) element by element, handing each element's records to
    /// `sink` as they are made; the same records, diagnostics, reads and
    /// result as `map(document:…)` of the whole tree.
    ///
    /// The sink sees `beginDocument` before the first record; a document that
    /// fails is abandoned (`abandonDocument`), where a whole read never
    /// began it: for `check`'s counting sink, whose output is read only when
    /// the document mapped.
    func mapElementwise(
        _ document: ElementwiseDocument, body: [UInt8], info: DocumentInfo, sink: RecordSink,
        diagnostics: DiagnosticCollector, readTracker: ReadObserver?
    ) throws -> Bool {
        let (descriptor, metadata) = applicable[0]
        let mapper = DocumentMapper(engine: self, document: document.skeleton, inputName: info.input, diagnostics: diagnostics)
        mapper.documentIndex = info.index
        mapper.recordLimit = options.recordLimit(documentBytes: info.byteCount)
        mapper.readTracker = readTracker
        mapper.context.metadata = metadata
        _ = mapper.path.push(descriptor.keyPath, from: document.skeleton, caseInsensitive: mapper.context.caseInsensitive)
        try sink.beginDocument(info)
        try sink.beginDescriptor(descriptor)
        do {
            try body.withUnsafeBytes { buf throws in
                // Validated by `elementwiseDocument`.
                var reader = JSONScanner(bytes: buf, offset: document.contentStart, trusted: true)
                try reader.enterArray()
                // As `mapCollection` maps the array.
                try mapper.enter()
                var index = 0
                var roots: [FieldValue] = []
                while try reader.nextElement() {
                    let element = try reader.readValue()
                    try mapper.mapElement(element, index: index, with: descriptor.rootMapper, into: &roots)
                    for root in roots { try sink.write(root, descriptor: descriptor) }
                    roots.removeAll(keepingCapacity: true)
                    index += 1
                }
                mapper.leave()
            }
            if options.strict, mapper.stats.warnings > 0 { throw strictFailure(warnings: mapper.stats.warnings) }
        } catch let failure as MappingFailure {
            try sink.abandonDocument()
            return fail(failure, stats: mapper.stats, info: info, diagnostics: diagnostics)
        } catch let error as JSONSyntaxError {
            // Unreachable after the validation; reported rather than trusted.
            try sink.abandonDocument()
            return fail(MappingFailure(.syntax, message: error.message), stats: mapper.stats, info: info, diagnostics: diagnostics)
        }
        updateStats {
            $0.add(mapper.stats)
            $0.documents += 1
        }
        try sink.endDocument()
        return true
    }
}
