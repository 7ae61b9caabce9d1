/// Collects a document's `apply` output (JSON tree, collection shape, pretty)
/// in memory and counts its root records, for `rkmap check`.
final class CountingSink: RecordSink {
    private(set) var bytes: [UInt8] = []
    private(set) var records = 0
    private var tree: JSONTreeSink!

    init() {
        // The tree sink hands us its buffer when it flushes.
        tree = JSONTreeSink(output: { [unowned self] in self.bytes.append(contentsOf: $0) }, shape: .collection, pretty: true, includeType: true)
    }

    func beginDocument(_ document: DocumentInfo) throws { try tree.beginDocument(document) }
    func beginDescriptor(_ descriptor: Descriptor) throws { try tree.beginDescriptor(descriptor) }

    func write(_ root: FieldValue, descriptor: Descriptor) throws {
        records += Self.count(root)
        try tree.write(root, descriptor: descriptor)
    }

    func endDocument() throws { try tree.endDocument() }
    func abandonDocument() throws { try tree.abandonDocument() }
    func finish() throws { try tree.finish() }

    private static func count(_ value: FieldValue) -> Int {
        switch value {
        case .record: return 1
        case .many(let list): return list.reduce(0) { $0 + count($1) }
        case .value: return 0
        }
    }
}
