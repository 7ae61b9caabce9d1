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
/// Records are written as they arrive, so a streamed document of any size
/// needs memory for one element at a time: `collection` writes its array,
/// `dictionary` the array of the document's first key path (the roots of
/// later key paths wait for the document's end as the bytes they are
/// written as, where they are written in their order), and `object` keeps
/// its first root and counts the others (any count but one fails the
/// document at its end).
public final class JSONTreeSink: EncodingSink {
    private let output: PendingOutput.Output
    private let shape: OutputShape
    private let encoder: RecordEncoder
    /// Where records mapped on this thread are written, then moved to `pending`.
    private var writer: JSONWriter
    /// Output not yet handed to `output`: the workers' encoded bytes go here
    /// directly, and `output` takes it without a copy.
    private var pending = PendingOutput()
    /// Roots written for the current document: its array (collection), or the
    /// array of its first key path (dictionary).
    private var written = 0
    /// The indentation level of those roots.
    private let rootIndent: Int
    /// `holdDocumentOutput`: documents' output stays in `pending` until their end.
    private var holding = false
    /// `dictionary`: the document's first key path, whose array is written as
    /// its roots come (opened with the first one), and the roots of its other
    /// key paths, in the order they came.
    private var firstKey: String?
    private var groups: [(key: String, bytes: [UInt8], count: Int)] = []
    /// Each group's position in `groups` by key: a scan per record made
    /// thousands of descriptor key paths quadratic.
    private var groupIndex: [String: Int] = [:]
    /// `dictionary`: the key path of the descriptor whose roots come now
    /// (`beginDescriptor`), for roots the workers encoded.
    private var currentKey: String?
    /// Where roots of later key paths are encoded.
    private var groupWriter: JSONWriter
    /// `object`: the first root, and how many roots came (a nested array counts as two).
    private var objectRoot: FieldValue?
    private var objectCount = 0
    /// The nested arrays open now (`beginNestedArray`), the outermost first:
    /// how many elements each has had.
    private var nested: [Int] = []

    /// Flush to `output` once this many bytes are buffered.
    private static let flushThreshold = 1 << 16

    /// Names escaped once for the pipeline's workers (see `EncodedNameTable`).
    private let names: EncodedNameIndex

    /// - Parameter graph: the spec, when known: its names are escaped once, up
    ///   front (without it, as records of each mapper first arrive).
    public init(
        output: @escaping (UnsafeRawBufferPointer) throws -> Void, shape: OutputShape = .collection, pretty: Bool = true,
        includeType: Bool = true, graph: MappingGraph? = nil
    ) {
        self.output = output
        self.shape = shape
        self.rootIndent = shape == .dictionary ? 2 : 1
        self.names = EncodedNameIndex(graph)
        self.encoder = RecordEncoder(includeType: includeType, index: names)
        self.writer = JSONWriter(pretty: pretty)
        self.groupWriter = JSONWriter(pretty: pretty)
        writer.spill = SpilledBytes(draining: { [unowned self] piece in
            drain.run {
                try pending.append(piece, output)
                try flushIfFull()
            }
        })
    }

    /// Where a large record's pieces go as it is encoded (`SpillDrain`).
    private let drain = SpillDrain()

    public var acceptsStreaming: Bool { true }
    public var acceptsNestedArrays: Bool { true }

    /// Workers encode roots for `collection` and `dictionary`; an `object`
    /// document is one record, written here.
    public var encoding: RootEncoding? {
        let style: RootEncoding.Style
        switch shape {
        case .collection: style = .collection
        case .dictionary: style = .dictionary
        case .object: return nil
        }
        return RootEncoding(style: style, pretty: writer.pretty, includeType: encoder.includeType, names: names)
    }

    public func writeEncodedRoots(_ bytes: UnsafeRawBufferPointer, roots: Int) throws {
        guard roots > 0 else { return }
        if !nested.isEmpty {
            // Elements of a nested array: its first opens it.
            let first = nested[nested.count - 1] == 0
            nested[nested.count - 1] += roots
            if first { try append([JSONByte.openBracket]) }
            try append(first ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst()) : bytes)
            return
        }
        if shape == .dictionary, let currentKey, currentKey != firstKey {
            // Each root is `,` and its indented text: the group's first has no comma.
            let i = group(currentKey)
            groups[i].bytes.append(contentsOf: groups[i].count == 0 ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst()) : bytes)
            groups[i].count += roots
            return
        }
        if written == 0 {
            openFirstKey()
            takeWritten()
            pending.bytes.append(JSONByte.openBracket)
            try pending.append(UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), output)
        } else {
            try pending.append(bytes, output)
        }
        written += roots
        try flushIfFull()
    }

    /// Bytes inside a root already begun: in the current key path's group
    /// (`dictionary`, a later key path), else the output.
    private func append(_ bytes: UnsafeRawBufferPointer) throws {
        if shape == .dictionary, let currentKey, currentKey != firstKey {
            groups[group(currentKey)].bytes.append(contentsOf: bytes)
            return
        }
        try pending.append(bytes, output)
        try flushIfFull()
    }

    private func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    public func writeEncodedContinuation(_ bytes: UnsafeRawBufferPointer) throws {
        try append(bytes)
    }

    public func beginNestedArray(descriptor: Descriptor) throws {
        if shape == .object {
            // As a `.many` root counts (see `write`); its elements do not.
            if nested.isEmpty { objectCount += 2 }
            nested.append(0)
            return
        }
        if shape == .dictionary {
            currentKey = descriptor.keyPathText ?? ""
            if firstKey == nil { firstKey = currentKey }
        }
        try writeElement(nil)
        nested.append(0)
    }

    /// An element of the array open now (a nested one, or the document's),
    /// as the workers encode a root: `,`, its indentation, and `value` (a
    /// nested array's values follow it).
    private func writeElement(_ value: FieldValue?) throws {
        let indent = rootIndent + nested.count
        var w = JSONWriter(pretty: writer.pretty)
        w.buffer.append(JSONByte.comma)
        w.writeNewline(indent: indent)
        if let value { encoder.write(value, to: &w, indent: indent) }
        var bytes: [UInt8] = []
        w.buffer.append(to: &bytes)
        try bytes.withUnsafeBytes { try writeEncodedRoots($0, roots: 1) }
    }

    public func endNestedArray(descriptor: Descriptor) throws {
        let count = nested.removeLast()
        guard shape != .object else { return }
        var w = JSONWriter(pretty: writer.pretty)
        Self.closeArray(of: count, indent: rootIndent + nested.count, to: &w)
        var bytes: [UInt8] = []
        w.buffer.append(to: &bytes)
        try append(bytes)
    }

    /// Ends an array of `count` elements begun at `indent` (`[]` when there
    /// were none), as `RecordEncoder` ends a `.many` value.
    private static func closeArray(of count: Int, indent: Int, to w: inout JSONWriter) {
        if count == 0 {
            w.buffer.append("[]")
        } else {
            w.writeNewline(indent: indent)
            w.buffer.append(JSONByte.closeBracket)
        }
    }

    public func writeEncodedDocument(_ bytes: UnsafeRawBufferPointer) throws {
        try pending.append(bytes, output)
        try flushIfFull()
    }

    /// Every shape can: `object` writes nothing before a document's end anyway.
    public func holdDocumentOutput() -> Bool {
        holding = true
        return true
    }

    public func beginDocument(_ document: DocumentInfo) throws {
        written = 0
        firstKey = nil
        currentKey = nil
        groups = []
        groupIndex = [:]
        objectRoot = nil
        objectCount = 0
        nested = []
        if holding { pending.hold() }
    }

    public func beginDescriptor(_ descriptor: Descriptor) throws {
        guard shape == .dictionary else { return }
        let key = descriptor.keyPathText ?? ""
        currentKey = key
        if firstKey == nil {
            firstKey = key
        } else if key != firstKey {
            _ = group(key)
        }
    }

    /// The position of a later key path's group, added when new.
    private func group(_ key: String) -> Int {
        if let i = groupIndex[key] { return i }
        groups.append((key, [], 0))
        groupIndex[key] = groups.count - 1
        return groups.count - 1
    }

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        if !nested.isEmpty {
            // An element of a nested array, encoded as the workers encode one.
            guard shape != .object else { return }
            if shape == .dictionary { currentKey = descriptor.keyPathText ?? "" }
            try writeElement(root)
            return
        }
        switch shape {
        case .collection:
            break
        case .dictionary:
            let key = descriptor.keyPathText ?? ""
            if firstKey == nil { firstKey = key }
            guard key == firstKey else {
                let i = group(key)
                if groups[i].count > 0 { groupWriter.buffer.append(JSONByte.comma) }
                groupWriter.writeNewline(indent: rootIndent)
                encoder.write(root, to: &groupWriter, indent: rootIndent)
                groupWriter.buffer.append(to: &groups[i].bytes)
                groupWriter.buffer.removeAll()
                groups[i].count += 1
                return
            }
        case .object:
            if case .record = root { objectCount += 1 } else { objectCount += 2 }
            if objectRoot == nil { objectRoot = root }
            return
        }
        if written == 0 {
            openFirstKey()
            writer.buffer.append(JSONByte.openBracket)
        } else {
            writer.buffer.append(JSONByte.comma)
        }
        writer.writeNewline(indent: rootIndent)
        encoder.write(root, to: &writer, indent: rootIndent)
        try drain.throwIfFailed()
        written += 1
        takeWritten()
        try flushIfFull()
    }

    public func endDocument() throws {
        switch shape {
        case .collection:
            closeArray()
        case .dictionary:
            if firstKey != nil {
                if written == 0 { openFirstKey() }
                closeArray()
                for group in groups {
                    writer.buffer.append(JSONByte.comma)
                    writer.writeNewline(indent: 1)
                    writer.writeKey(group.key)
                    // As `RecordEncoder` writes an array of the roots.
                    if group.count == 0 {
                        writer.buffer.append("[]")
                    } else {
                        writer.buffer.append(JSONByte.openBracket)
                        group.bytes.withUnsafeBytes { writer.buffer.append($0) }
                        writer.writeNewline(indent: 1)
                        writer.buffer.append(JSONByte.closeBracket)
                    }
                    takeWritten()
                }
                writer.writeNewline(indent: 0)
            } else {
                writer.buffer.append(JSONByte.openBrace)
            }
            writer.buffer.append(JSONByte.closeBrace)
        case .object:
            guard objectCount == 1, let root = objectRoot, case .record = root else {
                let count = objectCount
                objectRoot = nil
                throw DocumentRefusal(.notOneRecord(count: count))
            }
            encoder.write(root, to: &writer, indent: 0)
            objectRoot = nil
            try drain.throwIfFailed()
        }
        writer.buffer.append(JSONByte.newline)
        groups = []
        groupIndex = [:]
        takeWritten()
        pending.release()
        try flush()
    }

    public func abandonDocument() throws {
        if pending.isHolding {
            // Held: nothing of the document was written.
            pending.abandon()
            writer.buffer.removeAll()
        } else if shape != .object, written > 0 {
            // Records already streamed cannot be taken back; close the arrays
            // (and the object) so the output stays valid JSON. Nested arrays
            // open in a later key path's group go with the group, which is
            // never written.
            let inGroup = shape == .dictionary && currentKey != nil && currentKey != firstKey
            while !inGroup, let count = nested.popLast() {
                Self.closeArray(of: count, indent: rootIndent + nested.count, to: &writer)
            }
            closeArray()
            if shape == .dictionary {
                writer.writeNewline(indent: 0)
                writer.buffer.append(JSONByte.closeBrace)
            }
            writer.buffer.append(JSONByte.newline)
            takeWritten()
        }
        written = 0
        groups = []
        groupIndex = [:]
        objectRoot = nil
        nested = []
        try flush()
    }

    public func finish() throws { try flush() }

    /// `dictionary`: `{"key": ` before the first key path's array.
    private func openFirstKey() {
        guard shape == .dictionary, let firstKey else { return }
        writer.buffer.append(JSONByte.openBrace)
        writer.writeNewline(indent: 1)
        writer.writeKey(firstKey)
    }

    /// Ends the array of `written` roots (`[]` when there were none).
    private func closeArray() {
        Self.closeArray(of: written, indent: rootIndent - 1, to: &writer)
    }

    private func takeWritten() {
        writer.buffer.append(to: &pending.bytes)
        writer.buffer.removeAll()
    }

    private func flushIfFull() throws {
        if pending.bytes.count >= Self.flushThreshold { try pending.filled(output) }
    }

    private func flush() throws {
        try pending.flush(output)
    }
}

/// NDJSON output (`--format ndjson`, docs/spec.md §10.2): one compact root record per
/// line; the records of a nested array each get their own line.
public final class NDJSONSink: EncodingSink {
    private let output: PendingOutput.Output
    private let encoder: RecordEncoder
    /// As in `JSONTreeSink`: records mapped here are written into `writer`,
    /// everything waits in `pending` for `output`.
    private var writer = JSONWriter(pretty: false)
    private var pending = PendingOutput()
    /// As in `JSONTreeSink`: `holdDocumentOutput` keeps each document's lines
    /// in `pending` until its end.
    private var holding = false

    /// Names escaped once for the pipeline's workers (see `EncodedNameTable`).
    private let names: EncodedNameIndex

    /// - Parameter graph: the spec, when known: its names are escaped once, up
    ///   front (without it, as records of each mapper first arrive).
    public init(output: @escaping (UnsafeRawBufferPointer) throws -> Void, includeType: Bool = true, graph: MappingGraph? = nil) {
        self.output = output
        self.names = EncodedNameIndex(graph)
        self.encoder = RecordEncoder(includeType: includeType, index: names)
        writer.spill = SpilledBytes(draining: { [unowned self] piece in
            drain.run {
                try pending.append(piece, output)
                try flushIfFull()
            }
        })
    }

    /// Where a large record's pieces go as it is encoded (`SpillDrain`).
    private let drain = SpillDrain()

    public var acceptsStreaming: Bool { true }
    /// A nested array's records are lines like any root's.
    public var acceptsNestedArrays: Bool { true }

    public var encoding: RootEncoding? {
        RootEncoding(style: .lines, pretty: false, includeType: encoder.includeType, names: names)
    }

    public func writeEncodedRoots(_ bytes: UnsafeRawBufferPointer, roots: Int) throws {
        try pending.append(bytes, output)
        try flushIfFull()
    }

    public func writeEncodedDocument(_ bytes: UnsafeRawBufferPointer) throws {
        try writeEncodedRoots(bytes, roots: 0)
    }

    public func writeEncodedContinuation(_ bytes: UnsafeRawBufferPointer) throws {
        try writeEncodedRoots(bytes, roots: 0)
    }

    public func holdDocumentOutput() -> Bool {
        holding = true
        return true
    }

    public func beginDocument(_ document: DocumentInfo) throws {
        if holding { pending.hold() }
    }
    public func beginDescriptor(_ descriptor: Descriptor) throws {}

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        if case .many(let list) = root {
            for element in list { try write(element, descriptor: descriptor) }
            return
        }
        encoder.write(root, to: &writer, indent: 0)
        try drain.throwIfFailed()
        writer.buffer.append(JSONByte.newline)
        writer.buffer.append(to: &pending.bytes)
        writer.buffer.removeAll()
        try flushIfFull()
    }

    public func endDocument() throws {
        pending.release()
        try flush()
    }

    public func abandonDocument() throws {
        pending.abandon()
        try flush()
    }

    public func finish() throws { try flush() }

    private func flushIfFull() throws {
        if pending.bytes.count >= 1 << 16 { try pending.filled(output) }
    }

    private func flush() throws {
        try pending.flush(output)
    }
}
