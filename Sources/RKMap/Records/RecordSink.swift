/// Where mapped records go (JSON tree, NDJSON, CSV, SQLite). The engine calls
/// `beginDocument`, then `write` for each root record of each applied descriptor
/// (descriptors in file order, records in document order), then `endDocument`
/// if the document succeeded, and `finish` once at the end of the run.
///
/// A sink must write nothing for a document that ends with `abandonDocument`
/// unless it has already streamed records (see the streaming notes in the engine).
public protocol RecordSink: AnyObject {
    func beginDocument(_ document: DocumentInfo) throws
    /// A root record (`.record`), or a nested array of them (`.many`) for an array
    /// element that was itself an array.
    func write(_ root: FieldValue, descriptor: Descriptor) throws
    /// Called for a descriptor that found content (possibly empty) in the document,
    /// before its records: `--shape dictionary` writes a key for it even when empty.
    func beginDescriptor(_ descriptor: Descriptor) throws
    func endDocument() throws
    /// The document failed; records already passed to `write` for it must be
    /// discarded where possible.
    func abandonDocument() throws
    func finish() throws
    /// True when the sink can take a document's records while the document is
    /// still being read (streaming mode); such a sink must tolerate
    /// `abandonDocument` after records were written.
    var acceptsStreaming: Bool { get }
    /// Asks the sink to make `abandonDocument` take back everything the
    /// document wrote, from now on: a file or stream sink then keeps a
    /// document's output until `endDocument` (a database rolls back anyway).
    /// `--strict` streams a document only into a sink that can (true).
    func holdDocumentOutput() -> Bool
    /// True when the sink can take a nested array of roots (a `.many` root)
    /// as it is read: `beginNestedArray`, its elements' roots, then
    /// `endNestedArray`, for an element of a streamed content array that is
    /// itself a large array. Otherwise such an element comes as one `.many` root.
    var acceptsNestedArrays: Bool { get }
    /// A nested array begins where a `.many` root would be written; the roots
    /// written until its `endNestedArray` are its elements (nested arrays
    /// may nest).
    func beginNestedArray(descriptor: Descriptor) throws
    func endNestedArray(descriptor: Descriptor) throws
    /// True when the sink can take a root record of `mapper` whose to-many
    /// relationship at `slot` comes in parts, as its array is read:
    /// `openRecord`, the relationship's elements in `writeRelated` calls,
    /// then `closeRecord`, with the same result as `write` of the whole record.
    func acceptsOpenRecord(of mapper: ObjectMapper, relationship slot: Int) -> Bool
    /// A root record whose relationship at `slot` holds an empty array in
    /// place of its elements, which follow.
    func openRecord(_ record: Record, relationship slot: Int, descriptor: Descriptor) throws
    /// The next elements of the open record's relationship, as the
    /// relationship maps them (a `.many` for an element that is an array).
    func writeRelated(_ elements: [FieldValue]) throws
    /// The open record's relationship is complete; or, not `completed`, its
    /// document failed and `abandonDocument` follows: the sink need only
    /// leave its output well-formed (JSON, CSV end the record there).
    func closeRecord(completed: Bool) throws
}

/// Facts about one input document.
public struct DocumentInfo: Sendable {
    /// Input name as given (`-` for stdin).
    public var input: String
    /// 0-based position of the document within its input (NDJSON line, concatenated value).
    public var index: Int
    /// The document's size in bytes, when known: the default `--max-records`
    /// grows with it.
    public var byteCount: Int?

    public init(input: String, index: Int, byteCount: Int? = nil) {
        self.input = input
        self.index = index
        self.byteCount = byteCount
    }
}

extension RecordSink {
    public var acceptsStreaming: Bool { false }
    public func holdDocumentOutput() -> Bool { false }
    public var acceptsNestedArrays: Bool { false }
    /// Sinks that write the records of a `.many` root as they write other
    /// roots (NDJSON, CSV, SQLite) need do nothing here.
    public func beginNestedArray(descriptor: Descriptor) throws {}
    public func endNestedArray(descriptor: Descriptor) throws {}
    public func acceptsOpenRecord(of mapper: ObjectMapper, relationship slot: Int) -> Bool { false }
    /// Never called on a sink that accepts no open record.
    public func openRecord(_ record: Record, relationship slot: Int, descriptor: Descriptor) throws {}
    public func writeRelated(_ elements: [FieldValue]) throws {}
    public func closeRecord(completed: Bool) throws {}
}
