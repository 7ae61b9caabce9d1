import Testing
@testable import RKMap

/// A pipeline worker's scratch memory is reused from document to document: a
/// document's output never carries bytes of the one before, and memory grown
/// for a very large document is not kept.
@Suite struct EncodingScratchTests {
    static let lines = RootEncoding(style: .lines, pretty: false, includeType: true, names: .empty)

    @Test func aShortDocumentAfterALongOneGetsOnlyItsOwnBytes() {
        let scratch = EncodingScratch()
        let long = String(repeating: "abcdefghij", count: 600)  // 6,000 bytes: the scratch grows
        var out = EncodedOutput()
        Self.lines.encodeDocument([], into: &out, scratch: scratch)
        #expect(out.bytes.isEmpty)
        Self.lines.encodeRoots([.value(.string(long)), .value(.number(JSONNumber("1")))], into: &out, scratch: scratch)
        #expect(out.bytes == Array("\"\(long)\"\n1\n".utf8))
        out = EncodedOutput()
        Self.lines.encodeRoots([.value(.bool(true))], into: &out, scratch: scratch)
        #expect(out.bytes == Array("true\n".utf8))
    }

    @Test func collectionDocumentsThroughOneScratch() throws {
        let collection = RootEncoding(style: .collection, pretty: true, includeType: true, names: .empty)
        let scratch = EncodingScratch()
        var out = EncodedOutput()
        collection.encodeDocument([], into: &out, scratch: scratch)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "[]\n")
        out = EncodedOutput()
        let number = FieldValue.value(.number(JSONNumber("2")))
        let descriptor = try #require(Self.descriptor())
        collection.encodeDocument([(descriptor, [number, .value(.null)]), (descriptor, []), (descriptor, [number])], into: &out, scratch: scratch)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "[\n  2,\n  null,\n  2\n]\n")
    }

    @Test func memoryGrownPastTheLimitIsNotKept() {
        let scratch = EncodingScratch()
        var out = EncodedOutput()
        let huge = String(repeating: "x", count: EncodingScratch.maxKept + 10)
        Self.lines.encodeRoots([.value(.string(huge))], into: &out, scratch: scratch)
        #expect(out.bytes.count == huge.utf8.count + 3)
        var writer = scratch.writer(pretty: false)
        let capacity = writer.buffer.capacity
        #expect(capacity < EncodingScratch.maxKept)
        writer.append(UInt8(ascii: "y"))
        scratch.keep(writer)
        out = EncodedOutput()
        Self.lines.encodeRoots([.value(.string("z"))], into: &out, scratch: scratch)
        #expect(out.bytes == Array("\"z\"\n".utf8))
    }

    /// A descriptor to pair roots with (encoding reads only the roots).
    static func descriptor() -> Descriptor? {
        let spec = #"{"root-map-ref": "a", "mappers": [{"id": "a", "target": "A", "attributes": ["x"]}]}"#
        guard let graph = SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph else { return nil }
        return graph.descriptors.first
    }
}
