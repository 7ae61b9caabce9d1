/// Writes root records as CSV (docs/spec.md §10.3, RFC 4180), streaming.
///
/// ```swift
/// let sink = CSVSink(output: { bytes in try stdout.write(bytes) }, graph: graph,
///                    roots: engine.applicableDescriptors.map(\.rootMapper))
/// // the engine calls beginDocument / write / endDocument …
/// try sink.finish()
/// ```
///
/// One row per root record (a root that is a nested array gives one row per
/// record inside it). The columns come from the spec (`CSVLayout`), not from
/// the data, so the header is written with the first row and every row as soon
/// as it is ready: `| head` returns at once and memory stays bounded by one
/// buffer (64 KiB) whatever the output size. `null` and absent fields are empty
/// cells; a `null` to-one relationship leaves its dotted cells empty. Rows end
/// with CRLF, as RFC 4180 specifies; a cell is quoted when it holds `,`, `"`,
/// CR or LF, or starts or ends with a space or tab (which some readers trim),
/// with `"` doubled; a row whose only cell is empty is written `""` so it is
/// not a blank line.
///
/// Like NDJSON, rows already written for a document that then fails stay
/// written (`-o FILE` is replaced only when the whole run succeeds).
public final class CSVSink: RecordSink {
    let output: PendingOutput.Output
    let includeType: Bool
    let layout: CSVLayout
    /// Rows not yet handed to `output`.
    var buffer = PendingOutput()
    var headerWritten = false
    private var finished = false
    /// Cells of the row being built, reused across rows.
    var cells: [CSVCell?] = []
    /// Writes the compact JSON of cells that hold records or arrays.
    let encoder: RecordEncoder
    /// The row of a record held open (`openRecord`), written up to its
    /// relationship's cell.
    var openRow: CSVOpenRow?

    /// Flush to `output` once this many bytes are buffered.
    static let flushThreshold = 1 << 16

    /// - Parameters:
    ///   - output: Receives the CSV bytes, in order, as rows are ready.
    ///   - graph: The spec: the columns come from it.
    ///   - roots: The root mappers of the descriptors that apply, in file order
    ///     (`MappingEngine.applicableDescriptors`).
    ///   - type: `--type T`: only `T`'s columns (the engine keeps only `T` records).
    ///   - includeType: Whether the first column is `@type` (`--no-type` turns it off).
    public init(
        output: @escaping (UnsafeRawBufferPointer) throws -> Void, graph: MappingGraph, roots: [MapperRef], type: String? = nil,
        includeType: Bool = true
    ) {
        self.output = output
        self.includeType = includeType
        self.layout = CSVLayout(graph: graph, roots: roots, type: type, includeType: includeType)
        self.cells = Array(repeating: nil, count: layout.columns.count)
        self.encoder = RecordEncoder(includeType: includeType, index: EncodedNameIndex(graph))
    }

    /// The header row's column names.
    public var columns: [String] { layout.columns }

    /// Why CSV output cannot write the spec's records apart (one column two
    /// fields would share), one message each; empty when it can. The same
    /// arguments as `init`.
    public static func problems(graph: MappingGraph, roots: [MapperRef], type: String?, includeType: Bool) -> [String] {
        CSVLayout(graph: graph, roots: roots, type: type, includeType: includeType).problems
    }

    /// Rows are written as records arrive, while a document is still being read.
    public var acceptsStreaming: Bool { true }
    /// A nested array's records are rows like any root's.
    public var acceptsNestedArrays: Bool { true }

    /// `holdDocumentOutput`: a document's rows stay in `buffer` until its end;
    /// whether the header was written before it.
    private var holding = false
    private var headerBeforeDocument = false

    public func holdDocumentOutput() -> Bool {
        holding = true
        return true
    }

    public func beginDocument(_ document: DocumentInfo) throws {
        if holding {
            buffer.hold()
            headerBeforeDocument = headerWritten
        }
    }

    public func beginDescriptor(_ descriptor: Descriptor) throws {}

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        switch root {
        case .record(let record): try writeRow(record)
        case .many(let items): for item in items { try write(item, descriptor: descriptor) }
        case .value: break
        }
    }

    public func endDocument() throws {
        buffer.release()
        try flush()
    }

    public func abandonDocument() throws {
        if buffer.isHolding {
            // Held: the document's rows go, and the header with them if it
            // came with the document (the next row writes it again).
            buffer.abandon()
            headerWritten = headerBeforeDocument
        }
        try flush()
    }

    /// Writes the header if no row was written, and what is still buffered.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        try writeHeaderIfNeeded()
        try flush()
    }

    func writeHeaderIfNeeded() throws {
        guard !headerWritten else { return }
        headerWritten = true
        // Without `@type` and without any field there is no column to write.
        guard !layout.columns.isEmpty else { return }
        try appendRow(layout.columns.map { .text($0) })
    }

    func flush() throws {
        try buffer.flush(output)
    }
}
