/// A sink whose output is bytes that do not depend on other records, so the
/// pipeline's workers can encode records in parallel and the sink only joins
/// the bytes in order (JSON `collection` shape, NDJSON).
public protocol EncodingSink: RecordSink {
    /// How workers encode roots (safe to use from any thread), or `nil` when this
    /// sink's output is not made of independent records (e.g. `--shape object`).
    var encoding: RootEncoding? { get }
    /// Bytes of `roots` consecutive root records of the current document, made by
    /// `encoding.encodeRoots` (each root preceded by its separator).
    func writeEncodedRoots(_ bytes: UnsafeRawBufferPointer, roots: Int) throws
    /// The whole output of one document, made by `encoding.encodeDocument`.
    func writeEncodedDocument(_ bytes: UnsafeRawBufferPointer) throws
}

/// Encodes root records the way `JSONTreeSink` (collection shape) and
/// `NDJSONSink` write them.
public struct RootEncoding: Sendable {
    public enum Style: Sendable {
        /// Elements of a JSON array, each preceded by `,` and a newline and indent.
        case collection
        /// One compact record per line.
        case lines
    }

    public var style: Style
    public var pretty: Bool
    public var includeType: Bool
    /// Every mapper's names, escaped once when the sink was made, so that no
    /// batch escapes them again.
    let names: EncodedNameIndex

    init(style: Style, pretty: Bool, includeType: Bool, names: EncodedNameIndex) {
        self.style = style
        self.pretty = pretty
        self.includeType = includeType
        self.names = names
    }

    /// Appends roots; in `collection` style each starts with `,` (the sink turns
    /// the first separator of a document into `[`).
    public func encodeRoots(_ roots: [FieldValue], into bytes: inout [UInt8]) {
        var w = JSONWriter(pretty: pretty, capacity: Self.scratchCapacity)
        encodeRoots(roots, opening: false, to: &w)
        w.buffer.append(to: &bytes)
    }

    /// Appends a whole document's output: `[…]` and a newline, or its lines.
    public func encodeDocument(_ results: [(Descriptor, [FieldValue])], into bytes: inout [UInt8]) {
        var w = JSONWriter(pretty: pretty, capacity: Self.scratchCapacity)
        var opening = style == .collection
        // Only the roots are read, through a pointer: iterating (or subscripting)
        // copies each descriptor too, a struct of references.
        results.withUnsafeBufferPointer { results in
            guard let first = results.baseAddress else { return }
            for i in results.indices {
                let roots = (first + i).pointee.1
                guard !roots.isEmpty else { continue }
                encodeRoots(roots, opening: opening, to: &w)
                opening = false
            }
        }
        if style == .collection {
            if opening {
                w.buffer.append("[]\n")
            } else {
                w.writeNewline(indent: 0)
                w.buffer.append("]\n")
            }
        }
        w.buffer.append(to: &bytes)
    }

    /// Records are written into a scratch buffer, then copied to the caller's
    /// array in one go; most documents' output fits in this.
    private static let scratchCapacity = 4096

    /// `opening`: the first root starts the document's array (`[`), not `,`.
    private func encodeRoots(_ roots: [FieldValue], opening: Bool, to w: inout JSONWriter) {
        // Shared by the workers: read-only names, nothing learned.
        let encoder = RecordEncoder(includeType: includeType, index: names, learned: nil)
        roots.withUnsafeBufferPointer { roots in
            for i in roots.indices {
                switch style {
                case .collection:
                    w.buffer.append(opening && i == 0 ? JSONByte.openBracket : JSONByte.comma)
                    w.writeNewline(indent: 1)
                    encoder.write(roots[i], to: &w, indent: 1)
                case .lines:
                    appendLines(roots[i], encoder: encoder, to: &w)
                }
            }
        }
    }

    private func appendLines(_ root: FieldValue, encoder: RecordEncoder, to w: inout JSONWriter) {
        if case .many(let list) = root {
            for element in list { appendLines(element, encoder: encoder, to: &w) }
            return
        }
        encoder.write(root, to: &w, indent: 0)
        w.buffer.append(JSONByte.newline)
    }
}
