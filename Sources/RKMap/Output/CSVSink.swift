/// Writes root records as CSV (docs/spec.md §10.3, RFC 4180).
///
/// ```swift
/// let sink = CSVSink(output: { bytes in try stdout.write(bytes) })
/// // the engine calls beginDocument / write / endDocument …
/// try sink.finish()   // header, then every row
/// ```
///
/// One row per root record (a root that is a nested array gives one row per
/// record inside it). Columns: `@type` (unless `includeType` is false), then every
/// field path in first-seen order. To-one relationships are flattened with dots
/// (`author.name`, recursively); to-many relationships, arrays and objects are
/// compact JSON text; `null` and absent fields are empty cells. Rows end with
/// CRLF, as RFC 4180 specifies; a cell is quoted when it holds `,`, `"`, CR or LF,
/// or starts or ends with a space or tab (which some readers trim), with `"`
/// doubled; a row whose only cell is empty is written `""` so it is not a blank line.
///
/// **Buffering.** The header must list every column, but a later record may add
/// one, so nothing is written before `finish()`. Rows are serialized as they
/// arrive, with the columns known at that moment, into a spool that keeps up to
/// `spillThreshold` bytes (8 MiB) in memory and moves the rest to an anonymous
/// temporary file. `finish()` writes the header and copies the rows, padding rows
/// written before later columns appeared with empty cells. Memory stays bounded
/// by the threshold plus the column names, whatever the output size; the price is
/// one extra pass over the bytes, and nothing on stdout until the end.
///
/// An abandoned document's rows (and the columns only they introduced) are
/// dropped; earlier documents' rows stay.
public final class CSVSink: RecordSink {
    let output: ([UInt8]) throws -> Void
    let includeType: Bool
    var columns: [String] = []
    var columnIndex: [String: Int] = [:]
    let spool: CSVSpool
    var documentStart: (spool: CSVSpool.Checkpoint, columns: Int)?
    private var finished = false
    /// Cells of the row being built, reused across rows.
    var cells: [String?] = []

    /// - Parameters:
    ///   - output: Receives the CSV bytes, in order, during `finish()`.
    ///   - includeType: Whether the first column is `@type` (`--no-type` turns it off).
    public convenience init(output: @escaping ([UInt8]) throws -> Void, includeType: Bool = true) {
        self.init(output: output, includeType: includeType, spillThreshold: 8 << 20)
    }

    init(output: @escaping ([UInt8]) throws -> Void, includeType: Bool, spillThreshold: Int) {
        self.output = output
        self.includeType = includeType
        self.spool = CSVSpool(threshold: spillThreshold)
        if includeType { _ = column("@type") }
    }

    /// Records may arrive while a document is still being read: `abandonDocument`
    /// takes back what a failed document wrote.
    public var acceptsStreaming: Bool { true }

    public func beginDocument(_ document: DocumentInfo) throws {
        documentStart = (spool.checkpoint(), columns.count)
    }

    public func beginDescriptor(_ descriptor: Descriptor) throws {}

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        switch root {
        case .record(let record): try writeRow(record)
        case .many(let items): for item in items { try write(item, descriptor: descriptor) }
        case .value: break
        }
    }

    public func endDocument() throws { documentStart = nil }

    public func abandonDocument() throws {
        guard let start = documentStart else { return }
        try spool.truncate(to: start.spool)
        for name in columns[start.columns...] { columnIndex[name] = nil }
        columns.removeLast(columns.count - start.columns)
        documentStart = nil
    }

    /// Writes the header and every row.
    ///
    /// - Throws: What `output` throws, or `CSVSinkError.temporaryFile`.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        let width = columns.count
        // Without `@type` and without any field there is no column to write.
        guard width > 0 else { return }
        var header: [UInt8] = []
        Self.appendRow(columns.map { Optional($0) }, to: &header)
        try output(header)
        var padder = CSVRowPadder(segments: spool.segments, width: width)
        try spool.forEachChunk { chunk in try output(padder.pad(chunk)) }
    }

    /// The index of a column, adding it when first seen.
    func column(_ name: String) -> Int {
        if let i = columnIndex[name] { return i }
        columns.append(name)
        columnIndex[name] = columns.count - 1
        return columns.count - 1
    }
}
