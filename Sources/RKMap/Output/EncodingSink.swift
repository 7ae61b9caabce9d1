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
    /// Bytes inside the root written last (the elements of a relationship
    /// streamed into it, `RootEncoding.encodeOpened`, and its end).
    func writeEncodedContinuation(_ bytes: UnsafeRawBufferPointer) throws
}

/// Encodes root records the way `JSONTreeSink` (collection and dictionary
/// shapes) and `NDJSONSink` write them.
public struct RootEncoding: Sendable {
    public enum Style: Sendable {
        /// Elements of a JSON array, each preceded by `,` and a newline and indent.
        case collection
        /// The same one level deeper, in the array of a key path in a
        /// `--shape dictionary` object (docs/spec.md §10.1).
        case dictionary
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

    /// Appends roots; in `collection` and `dictionary` style each starts with
    /// `,` (the sink turns the first separator of a document into `[`).
    public func encodeRoots(_ roots: [FieldValue], into bytes: inout [UInt8]) {
        var output = EncodedOutput(bytes: bytes, defers: false)
        encodeRoots(roots, into: &output, scratch: EncodingScratch())
        bytes = output.bytes
    }

    /// The same, written in `scratch` first (a pipeline worker's, reused);
    /// `depth`: the roots are elements of that many nested arrays
    /// (`RecordSink.beginNestedArray`), indented as deep.
    func encodeRoots(_ roots: [FieldValue], into output: inout EncodedOutput, scratch: EncodingScratch, depth: Int = 0) {
        scratch.writing(into: &output, pretty: pretty, defers: defers) { w in encodeRoots(roots, opening: false, to: &w, depth: depth) }
    }

    /// Whether large compact values are deferred to the writer of the
    /// output (`EncodedOutput`): not in `dictionary` style, whose roots a
    /// sink may gather in groups rather than write.
    private var defers: Bool { style != .dictionary }

    /// Appends a whole document's output: `[…]` or `{…}` and a newline, or its lines.
    public func encodeDocument(_ results: [(Descriptor, [FieldValue])], into bytes: inout [UInt8]) {
        var output = EncodedOutput(bytes: bytes, defers: false)
        encodeDocument(results, into: &output, scratch: EncodingScratch())
        bytes = output.bytes
    }

    /// The same, written in `scratch` first (a pipeline worker's, reused).
    func encodeDocument(_ results: [(Descriptor, [FieldValue])], into output: inout EncodedOutput, scratch: EncodingScratch) {
        scratch.writing(into: &output, pretty: pretty, defers: defers) { w in
            if style == .dictionary {
                encodeDictionary(results, to: &w)
            } else {
                encodeCollectionOrLines(results, to: &w)
            }
        }
    }

    private func encodeCollectionOrLines(_ results: [(Descriptor, [FieldValue])], to w: inout JSONWriter) {
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
    }

    /// `{"key": […], …}`: one array per key path, in the order the key paths
    /// first come, holding the roots of every descriptor with that key path
    /// (as `JSONTreeSink` groups them).
    private func encodeDictionary(_ results: [(Descriptor, [FieldValue])], to w: inout JSONWriter) {
        w.buffer.append(JSONByte.openBrace)
        var keys: [String] = []
        for result in results where !keys.contains(result.0.keyPathText ?? "") { keys.append(result.0.keyPathText ?? "") }
        for (n, key) in keys.enumerated() {
            if n > 0 { w.buffer.append(JSONByte.comma) }
            w.writeNewline(indent: 1)
            w.writeKey(key)
            var opening = true
            for result in results where (result.0.keyPathText ?? "") == key && !result.1.isEmpty {
                encodeRoots(result.1, opening: opening, to: &w)
                opening = false
            }
            if opening {
                w.buffer.append("[]")
            } else {
                w.writeNewline(indent: 1)
                w.buffer.append(JSONByte.closeBracket)
            }
        }
        if !keys.isEmpty { w.writeNewline(indent: 0) }
        w.buffer.append("}\n")
    }

    /// `opening`: the first root starts the document's array (`[`), not `,`.
    ///
    /// What is written moves on to the writer's spill every
    /// `SpilledBytes.size` bytes: a large document's output is then held
    /// once, not in the scratch memory and in its copy at the same time (each
    /// byte is still copied once).
    private func encodeRoots(_ roots: [FieldValue], opening: Bool, to w: inout JSONWriter, depth: Int = 0) {
        // Shared by the workers: read-only names, nothing learned.
        let encoder = RecordEncoder(includeType: includeType, index: names, learned: nil)
        roots.withUnsafeBufferPointer { roots in
            for i in roots.indices {
                // Constant indents: `writeNewline` then costs one store.
                switch style {
                case .collection:
                    w.buffer.append(opening && i == 0 ? JSONByte.openBracket : JSONByte.comma)
                    w.writeNewline(indent: 1 + depth)
                    encoder.write(roots[i], to: &w, indent: 1 + depth)
                case .dictionary:
                    w.buffer.append(opening && i == 0 ? JSONByte.openBracket : JSONByte.comma)
                    w.writeNewline(indent: 2 + depth)
                    encoder.write(roots[i], to: &w, indent: 2 + depth)
                case .lines:
                    appendLines(roots[i], encoder: encoder, to: &w)
                }
                w.spillIfFull()
            }
        }
    }

    /// The indentation of a root record.
    private var rootIndent: Int {
        switch style {
        case .collection: 1
        case .dictionary: 2
        case .lines: 0
        }
    }

    /// A root record written as `encodeRoots` writes it (its separator
    /// first), up to where the value of its to-many relationship at slot
    /// `hole` goes, whose elements are written after it by `encodeElements`
    /// (`WorkUnit.parent`); and how the record ends after them: when there
    /// were none (`[]` and the rest of the record), and when there were some.
    func encodeOpened(_ record: Record, hole: Int, scratch: EncodingScratch) -> (prefix: [UInt8], empty: [UInt8], afterElements: [UInt8]) {
        let encoder = RecordEncoder(includeType: includeType, index: names, learned: nil)
        var w = scratch.writer(pretty: pretty)
        if style != .lines {
            w.buffer.append(JSONByte.comma)
            w.writeNewline(indent: rootIndent)
        }
        let at = encoder.write(record, to: &w, indent: rootIndent, leavingOut: hole)
        if style == .lines { w.buffer.append(JSONByte.newline) }
        var whole: [UInt8] = []
        w.buffer.append(to: &whole)
        scratch.keep(w)
        let rest = whole[at...]
        var closing = JSONWriter(pretty: pretty)
        closing.writeNewline(indent: rootIndent + 1)
        closing.buffer.append(JSONByte.closeBracket)
        var afterElements: [UInt8] = []
        closing.buffer.append(to: &afterElements)
        return (Array(whole[..<at]), Array("[]".utf8) + rest, afterElements + rest)
    }

    /// Elements of the array an `encodeOpened` record left open, each
    /// preceded by `,` and its indentation (the writer turns the first
    /// separator into `[`).
    func encodeElements(_ roots: [FieldValue], into output: inout EncodedOutput, scratch: EncodingScratch) {
        let encoder = RecordEncoder(includeType: includeType, index: names, learned: nil)
        let indent = rootIndent + 2
        scratch.writing(into: &output, pretty: pretty, defers: defers) { w in
            for root in roots {
                w.buffer.append(JSONByte.comma)
                w.writeNewline(indent: indent)
                encoder.write(root, to: &w, indent: indent)
                w.spillIfFull()
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

/// Memory that records are encoded into before their bytes are copied to a
/// unit's result in one go. A pipeline worker keeps one for all its documents,
/// so encoding one costs no `malloc` and `free`. One thread's: not `Sendable`.
final class EncodingScratch {
    /// Empty while a writer has it.
    private var buffer: OutputBuffer? = OutputBuffer(capacity: 4096)

    /// A writer over the scratch memory, emptied.
    func writer(pretty: Bool) -> JSONWriter {
        var buffer = self.buffer.take() ?? OutputBuffer(capacity: 4096)
        buffer.removeAll()
        return JSONWriter(pretty: pretty, buffer: buffer)
    }

    /// Runs `body` with a writer over the scratch memory whose output ends
    /// up appended to `output`: moved there whenever it is large
    /// (`JSONWriter.spill`; a large compact value goes there directly, or is
    /// deferred when `defers` and the output takes deferred values), and the
    /// rest at the end.
    ///
    /// - Complexity: O(1) besides `body` and the copy of what it wrote (two
    ///   swaps of `bytes`, no allocation: this is called for each element).
    @inline(__always)
    func writing(into output: inout EncodedOutput, pretty: Bool, defers: Bool, _ body: (inout JSONWriter) -> Void) {
        swap(&spill.bytes, &output.bytes)
        spill.defers = defers && output.defers
        var w = writer(pretty: pretty)
        w.spill = spill
        body(&w)
        w.spill = nil
        swap(&spill.bytes, &output.bytes)
        w.buffer.append(to: &output.bytes)
        keep(w)
        if !spill.deferred.isEmpty {
            output.deferred.append(contentsOf: spill.deferred)
            spill.deferred.removeAll()
        }
    }

    /// The bytes `writing` appends to while it runs (emptied after).
    private let spill = SpilledBytes()

    /// Takes the memory back (grown, if the document needed more) for the next
    /// one; memory grown past `maxKept` for a very large document is freed, so
    /// that it is not held for the rest of the run.
    func keep(_ writer: consuming JSONWriter) {
        let memory = consume writer.buffer
        if memory.capacity <= Self.maxKept { buffer = consume memory }
    }

    static let maxKept = 1 << 20
}
