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
    private var writer: JSONWriter
    /// Roots written for the current document (collection shape).
    private var written = 0
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

    public var encoding: RootEncoding? {
        shape == .collection
            ? RootEncoding(style: .collection, pretty: writer.pretty, includeType: encoder.includeType, names: names) : nil
    }

    public func writeEncodedRoots(_ bytes: UnsafeRawBufferPointer, roots: Int) throws {
        guard roots > 0 else { return }
        if written == 0 {
            writer.bytes.append(UInt8(ascii: "["))
            writer.bytes.append(contentsOf: bytes.dropFirst())
        } else {
            writer.bytes.append(contentsOf: bytes)
        }
        written += roots
        if writer.bytes.count >= Self.flushThreshold { try flush() }
    }

    public func writeEncodedDocument(_ bytes: UnsafeRawBufferPointer) throws {
        writer.bytes.append(contentsOf: bytes)
        if writer.bytes.count >= Self.flushThreshold { try flush() }
    }

    public func beginDocument(_ document: DocumentInfo) throws {
        written = 0
        groups = []
    }

    public func beginDescriptor(_ descriptor: Descriptor) throws {
        guard shape == .dictionary else { return }
        let key = descriptor.keyPathText ?? ""
        if !groups.contains(where: { $0.key == key }) { groups.append((key, [])) }
    }

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        switch shape {
        case .collection:
            writer.bytes.append(written == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            writer.writeNewline(indent: 1)
            encoder.write(root, to: &writer, indent: 1)
            written += 1
            if writer.bytes.count >= Self.flushThreshold { try flush() }
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
                writer.bytes.append(contentsOf: Array("[]".utf8))
            } else {
                writer.writeNewline(indent: 0)
                writer.bytes.append(UInt8(ascii: "]"))
            }
        case .dictionary:
            writer.bytes.append(UInt8(ascii: "{"))
            for (i, group) in groups.enumerated() {
                if i > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                writer.writeNewline(indent: 1)
                writer.writeString(group.key)
                writer.bytes.append(UInt8(ascii: ":"))
                if writer.pretty { writer.bytes.append(UInt8(ascii: " ")) }
                encoder.write(.many(group.roots), to: &writer, indent: 1)
            }
            if !groups.isEmpty { writer.writeNewline(indent: 0) }
            writer.bytes.append(UInt8(ascii: "}"))
        case .object:
            let roots = groups.first?.roots ?? []
            guard roots.count == 1, case .record = roots[0] else {
                let count = roots.reduce(0) { n, r in if case .record = r { return n + 1 } else { return n + 2 } }
                groups = []
                throw DocumentRefusal(.notOneRecord(count: count))
            }
            encoder.write(roots[0], to: &writer, indent: 0)
        }
        writer.bytes.append(UInt8(ascii: "\n"))
        groups = []
        try flush()
    }

    public func abandonDocument() throws {
        // Records already streamed cannot be taken back; close the array so the
        // output stays valid JSON.
        if shape == .collection, written > 0 {
            writer.writeNewline(indent: 0)
            writer.bytes.append(contentsOf: Array("]\n".utf8))
        }
        written = 0
        groups = []
        try flush()
    }

    public func finish() throws { try flush() }

    private func flush() throws {
        guard !writer.bytes.isEmpty else { return }
        try output(writer.bytes)
        writer.bytes.removeAll(keepingCapacity: true)
    }
}

/// NDJSON output (`--format ndjson`, docs/spec.md §10.2): one compact root record per
/// line; the records of a nested array each get their own line.
public final class NDJSONSink: EncodingSink {
    private let output: ([UInt8]) throws -> Void
    private let encoder: RecordEncoder
    private var writer = JSONWriter(pretty: false)

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
        writer.bytes.append(contentsOf: bytes)
        if writer.bytes.count >= 1 << 16 { try flush() }
    }

    public func writeEncodedDocument(_ bytes: UnsafeRawBufferPointer) throws {
        try writeEncodedRoots(bytes, roots: 0)
    }

    public func beginDocument(_ document: DocumentInfo) throws {}
    public func beginDescriptor(_ descriptor: Descriptor) throws {}

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        if case .many(let list) = root {
            for element in list { try write(element, descriptor: descriptor) }
            return
        }
        encoder.write(root, to: &writer, indent: 0)
        writer.bytes.append(UInt8(ascii: "\n"))
        if writer.bytes.count >= 1 << 16 { try flush() }
    }

    public func endDocument() throws { try flush() }
    public func abandonDocument() throws { try flush() }
    public func finish() throws { try flush() }

    private func flush() throws {
        guard !writer.bytes.isEmpty else { return }
        try output(writer.bytes)
        writer.bytes.removeAll(keepingCapacity: true)
    }
}
