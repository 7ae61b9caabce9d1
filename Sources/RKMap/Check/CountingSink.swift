/// Counts a document's root records and, when `rendering`, collects its
/// `apply` output (JSON tree, collection shape, pretty) in memory, for
/// `rkmap check`. Only a golden file's comparison (or `--update`) reads the
/// output: without one it is not rendered (pretty JSON is several times the
/// input, held whole), and a body's golden is compared with it as it is
/// rendered (`GoldenStream`), holding neither.
final class CountingSink: RecordSink {
    private(set) var bytes: [UInt8] = []
    private(set) var records = 0
    private var tree: JSONTreeSink?
    private var holds = false

    init(rendering: Bool = true) {
        guard rendering else { return }
        holds = true
        // The tree sink hands us its buffer when it flushes.
        tree = JSONTreeSink(output: { [unowned self] in self.bytes.append(contentsOf: $0) }, shape: .collection, pretty: true, includeType: true)
    }

    /// Renders the output into `file` (a golden's temporary file, `--update`)
    /// a piece at a time, holding none of it.
    init(writingTo file: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        tree = JSONTreeSink(output: file, shape: .collection, pretty: true, includeType: true)
    }

    /// Renders the output into `golden`'s comparison, a piece at a time.
    init(comparingWith golden: GoldenStream) {
        tree = JSONTreeSink(output: { golden.compare($0) }, shape: .collection, pretty: true, includeType: true)
    }

    /// The output, when rendered and held.
    var output: [UInt8]? { holds ? bytes : nil }

    func beginDocument(_ document: DocumentInfo) throws { try tree?.beginDocument(document) }
    func beginDescriptor(_ descriptor: Descriptor) throws { try tree?.beginDescriptor(descriptor) }

    func write(_ root: FieldValue, descriptor: Descriptor) throws {
        records += Self.count(root)
        collectUnstorable(root)
        try tree?.write(root, descriptor: descriptor)
    }

    /// Records written that an output keyed by identity cannot store
    /// (`Record.unstorable`, noted when `MappingOptions.keysRecordsByIdentity`),
    /// in the order written.
    private(set) var unstorable: [UnstorableRecord] = []

    private func collectUnstorable(_ value: FieldValue) {
        switch value {
        case .record(let record):
            if let note = record.unstorable { unstorable.append(note) }
            for case let field? in record.fields { collectUnstorable(field) }
        case .many(let list):
            for element in list { collectUnstorable(element) }
        case .value:
            break
        }
    }

    func endDocument() throws { try tree?.endDocument() }
    func abandonDocument() throws { try tree?.abandonDocument() }
    func finish() throws { try tree?.finish() }

    private static func count(_ value: FieldValue) -> Int {
        switch value {
        case .record: return 1
        case .many(let list): return list.reduce(0) { $0 + count($1) }
        case .value: return 0
        }
    }
}
