/// How the records of one document are shaped in JSON tree output (docs/spec.md §10.1).
public enum OutputShape: String, Sendable, CaseIterable {
    /// An array of all root records (default).
    case collection
    /// An object from each applied descriptor's key path to its records.
    case dictionary
    /// The single root record; any other count fails the document.
    case object
}

/// JSON tree output (`--format json`, docs/spec.md §10.1): one result per document,
/// each followed by a newline.
///
/// `collection` output streams: records are written as they arrive, so a
/// document of any size needs memory for one element at a time. `dictionary`
/// and `object` buffer one document's roots.
public final class JSONTreeSink: EncodingSink {
    private let output: ([UInt8]) throws -> Void
    private let shape: OutputShape
    private let encoder: RecordEncoder
    /// Where records mapped on this thread are written, then moved to `pending`.
    private var writer: JSONWriter
    /// Output not yet handed to `output`: the workers' encoded bytes go here
    /// directly, and `output` takes it without a copy.
    private var pending: [UInt8] = []
    /// Roots written for the current document (collection shape).
    private var written = 0
    /// `holdDocumentOutput`: documents' output stays in `pending` until their
    /// end, and `documentStart` is where the current one began in it.
    private var holding = false
    private var documentStart: Int?
    /// Buffered roots for `dictionary` (grouped by key path) and `object`.
    private var groups: [(key: String, roots: [FieldValue])] = []

    /// Flush to `output` once this many bytes are buffered.
    private static let flushThreshold = 1 << 16

    /// Names escaped once for the pipeline's workers (see `EncodedNameTable`).
    private let names: EncodedNameIndex

    /// - Parameter graph: the spec, when known: its names are escaped once, up
    ///   front (without it, as records of each mapper first arrive).
    public init(
        output: @escaping ([UInt8]) throws -> Void, shape: OutputShape = .collection, pretty: Bool = true,
        includeType: Bool = true, graph: MappingGraph? = nil
    ) {
        self.output = output
        self.shape = shape
        self.names = EncodedNameIndex(graph)
        self.encoder = RecordEncoder(includeType: includeType, index: names)
        self.writer = JSONWriter(pretty: pretty)
    }

    public var acceptsStreaming: Bool { shape == .collection }
    public var groupsByDescriptor: Bool { shape != .collection }

    public var encoding: RootEncoding? {
        shape == .collection
            ? RootEncoding(style: .collection, pretty: writer.pretty, includeType: encoder.includeType, names: names) : nil
    }

    public func writeEncodedRoots(_ bytes: UnsafeRawBufferPointer, roots: Int) throws {
        guard roots > 0 else { return }
        if written == 0 {
            pending.append(JSONByte.openBracket)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()))
        } else {
            pending.append(contentsOf: bytes)
        }
        written += roots
        try flushIfFull()
    }

    public func writeEncodedDocument(_ bytes: UnsafeRawBufferPointer) throws {
        pending.append(contentsOf: bytes)
        try flushIfFull()
    }

    public func holdDocumentOutput() -> Bool {
        holding = shape == .collection
        return holding
    }

    public func beginDocument(_ document: DocumentInfo) throws {
        written = 0
        groups = []
        if holding { documentStart = pending.count }
    }

    public func beginDescriptor(_ descriptor: Descriptor) throws {
        guard shape == .dictionary else { return }
        let key = descriptor.keyPathText ?? ""
        if !groups.contains(where: { $0.key == key }) { groups.append((key, [])) }
    }

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        switch shape {
        case .collection:
            writer.buffer.append(written == 0 ? JSONByte.openBracket : JSONByte.comma)
            writer.writeNewline(indent: 1)
            encoder.write(root, to: &writer, indent: 1)
            written += 1
            takeWritten()
            try flushIfFull()
        case .dictionary:
            let key = descriptor.keyPathText ?? ""
            if let i = groups.firstIndex(where: { $0.key == key }) {
                groups[i].roots.append(root)
            } else {
                groups.append((key, [root]))
            }
        case .object:
            if groups.isEmpty { groups.append(("", [])) }
            groups[0].roots.append(root)
        }
    }

    public func endDocument() throws {
        switch shape {
        case .collection:
            if written == 0 {
                writer.buffer.append("[]")
            } else {
                writer.writeNewline(indent: 0)
                writer.buffer.append(JSONByte.closeBracket)
            }
        case .dictionary:
            writer.buffer.append(JSONByte.openBrace)
            for (i, group) in groups.enumerated() {
                if i > 0 { writer.buffer.append(JSONByte.comma) }
                writer.writeNewline(indent: 1)
                writer.writeKey(group.key)
                encoder.write(.many(group.roots), to: &writer, indent: 1)
            }
            if !groups.isEmpty { writer.writeNewline(indent: 0) }
            writer.buffer.append(JSONByte.closeBrace)
        case .object:
            let roots = groups.first?.roots ?? []
            guard roots.count == 1, case .record = roots[0] else {
                let count = roots.reduce(0) { n, r in if case .record = r { return n + 1 } else { return n + 2 } }
                groups = []
                throw DocumentRefusal(.notOneRecord(count: count))
            }
            encoder.write(roots[0], to: &writer, indent: 0)
        }
        writer.buffer.append(JSONByte.newline)
        groups = []
        takeWritten()
        documentStart = nil
        try flush()
    }

    public func abandonDocument() throws {
        if let start = documentStart {
            // Held: nothing of the document was written.
            pending.removeSubrange(start...)
            writer.buffer.removeAll()
            documentStart = nil
        } else if shape == .collection, written > 0 {
            // Records already streamed cannot be taken back; close the array so
            // the output stays valid JSON.
            writer.writeNewline(indent: 0)
            writer.buffer.append("]\n")
            takeWritten()
        }
        written = 0
        groups = []
        try flush()
    }

    public func finish() throws { try flush() }

    private func takeWritten() {
        writer.buffer.append(to: &pending)
        writer.buffer.removeAll()
    }

    private func flushIfFull() throws {
        if pending.count >= Self.flushThreshold, documentStart == nil { try flush() }
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try output(pending)
        pending.removeAll(keepingCapacity: true)
    }
}

/// NDJSON output (`--format ndjson`, docs/spec.md §10.2): one compact root record per
/// line; the records of a nested array each get their own line.
public final class NDJSONSink: EncodingSink {
    private let output: ([UInt8]) throws -> Void
    private let encoder: RecordEncoder
    /// As in `JSONTreeSink`: records mapped here are written into `writer`,
    /// everything waits in `pending` for `output`.
    private var writer = JSONWriter(pretty: false)
    private var pending: [UInt8] = []
    /// As in `JSONTreeSink`: `holdDocumentOutput` keeps each document's lines
    /// in `pending`, from `documentStart`, until its end.
    private var holding = false
    private var documentStart: Int?

    /// Names escaped once for the pipeline's workers (see `EncodedNameTable`).
    private let names: EncodedNameIndex

    /// - Parameter graph: the spec, when known: its names are escaped once, up
    ///   front (without it, as records of each mapper first arrive).
    public init(output: @escaping ([UInt8]) throws -> Void, includeType: Bool = true, graph: MappingGraph? = nil) {
        self.output = output
        self.names = EncodedNameIndex(graph)
        self.encoder = RecordEncoder(includeType: includeType, index: names)
    }

    public var acceptsStreaming: Bool { true }

    public var encoding: RootEncoding? {
        RootEncoding(style: .lines, pretty: false, includeType: encoder.includeType, names: names)
    }

    public func writeEncodedRoots(_ bytes: UnsafeRawBufferPointer, roots: Int) throws {
        pending.append(contentsOf: bytes)
        try flushIfFull()
    }

    public func writeEncodedDocument(_ bytes: UnsafeRawBufferPointer) throws {
        try writeEncodedRoots(bytes, roots: 0)
    }

    public func holdDocumentOutput() -> Bool {
        holding = true
        return true
    }

    public func beginDocument(_ document: DocumentInfo) throws {
        if holding { documentStart = pending.count }
    }
    public func beginDescriptor(_ descriptor: Descriptor) throws {}

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        if case .many(let list) = root {
            for element in list { try write(element, descriptor: descriptor) }
            return
        }
        encoder.write(root, to: &writer, indent: 0)
        writer.buffer.append(JSONByte.newline)
        writer.buffer.append(to: &pending)
        writer.buffer.removeAll()
        try flushIfFull()
    }

    public func endDocument() throws {
        documentStart = nil
        try flush()
    }

    public func abandonDocument() throws {
        if let start = documentStart {
            pending.removeSubrange(start...)
            documentStart = nil
        }
        try flush()
    }

    public func finish() throws { try flush() }

    private func flushIfFull() throws {
        if pending.count >= 1 << 16, documentStart == nil { try flush() }
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try output(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
