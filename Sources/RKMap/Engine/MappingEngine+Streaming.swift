extension MappingEngine {
    /// Maps one large document while reading it: walks the plain key path of the
    /// only applicable descriptor with the pull scanner, skipping everything else
    /// without building it, and maps each element of the content array as soon as
    /// it is read. Memory holds one element's tree at a time.
    ///
    /// The caller has validated the document's syntax already, so output starts
    /// only for a document that parses. A repeated key on the path is ignored
    /// with a warning (tree mode takes the last occurrence; streaming the first).
    ///
    /// - Returns: `false` when the document failed (diagnostic emitted).
    func stream(_ scanner: inout JSONScanner, info: DocumentInfo, sink: RecordSink, diagnostics: DiagnosticCollector) throws -> Bool {
        let (descriptor, metadata) = applicable[0]
        let mapper = DocumentMapper(engine: self, document: .null, inputName: info.input, diagnostics: diagnostics)
        mapper.context.metadata = metadata
        let keys: [String] = descriptor.keyPath.components.compactMap { if case .key(let k) = $0 { return k } else { return nil } }
        var walk = StreamWalk(descriptor: descriptor, mapper: mapper, sink: sink, info: info)
        do {
            guard try walk.level(&scanner, keys: keys[...]) else { throw noContentFailure() }
            try sink.endDocument()
        } catch let failure as MappingFailure {
            if walk.started { try sink.abandonDocument() }
            return fail(failure, stats: mapper.stats, info: info, diagnostics: diagnostics)
        }
        stats.add(mapper.stats)
        stats.documents += 1
        return true
    }
}

/// The state of one streamed document walk.
private struct StreamWalk {
    let descriptor: Descriptor
    let mapper: DocumentMapper
    let sink: RecordSink
    let info: DocumentInfo
    var started = false

    init(descriptor: Descriptor, mapper: DocumentMapper, sink: RecordSink, info: DocumentInfo) {
        self.descriptor = descriptor
        self.mapper = mapper
        self.sink = sink
        self.info = info
    }

    /// Follows `keys` from the scanner's position; maps the content when reached.
    /// - Returns: whether the content was found.
    mutating func level(_ scanner: inout JSONScanner, keys: ArraySlice<String>) throws -> Bool {
        guard let key = keys.first else {
            try mapContent(&scanner)
            return true
        }
        guard try scanner.peekKind() == .object else {
            // A key path through an array collects values (KVC): build this subtree
            // and evaluate the rest of the path on it.
            let value = try scanner.readValue()
            let rest = keys.map { KeyPath.Component.key($0) }
            guard let content = KeyPath.follow(rest[...], from: value, caseInsensitive: false) else { return false }
            try begin()
            for root in try mapper.mapContent(content, with: descriptor.rootMapper) {
                try sink.write(root, descriptor: descriptor)
            }
            return true
        }
        try scanner.enterObject()
        var found = false
        while let name = try scanner.nextKey() {
            if name == key, !found {
                mapper.path.push(.key(name))
                found = try level(&scanner, keys: keys.dropFirst())
                mapper.path.pop()
            } else {
                if name == key {
                    mapper.warn("key '\(name)' appears again; a streamed document is mapped from its first occurrence", mapperID: mapper.graph.mappers[descriptor.rootMapper].id)
                }
                try scanner.skipValue()
            }
        }
        return found
    }

    mutating func begin() throws {
        started = true
        try sink.beginDocument(info)
        try sink.beginDescriptor(descriptor)
    }

    /// Maps the content: element by element for an array, whole otherwise.
    mutating func mapContent(_ scanner: inout JSONScanner) throws {
        try begin()
        guard try scanner.peekKind() == .array else {
            let value = try scanner.readValue()
            for root in try mapper.mapContent(value, with: descriptor.rootMapper) {
                try sink.write(root, descriptor: descriptor)
            }
            return
        }
        try scanner.enterArray()
        var index = 0
        var roots: [FieldValue] = []
        while try scanner.nextElement() {
            let element = try scanner.readValue()
            roots.removeAll(keepingCapacity: true)
            try mapper.mapElement(element, index: index, with: descriptor.rootMapper, into: &roots)
            for root in roots { try sink.write(root, descriptor: descriptor) }
            index += 1
        }
    }
}
