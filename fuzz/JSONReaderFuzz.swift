/// libFuzzer entry point for the JSON document reader (docs/spec.md §1).
///
/// Property checked beyond "no crash, no hang": every document the reader
/// accepts is written back with `JSONWriter` and read again, and the second
/// read must give the same value (the writer never emits text the reader
/// rejects or reads differently).

func jsonReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = JSONDocumentReader(bytes: bytes, maxDepth: 64)
    var documents = 0
    while documents < 64 {
        let value: JSONValue?
        do { value = try reader.next() } catch { break }
        guard let value else { break }
        documents += 1
        let text = JSONWriter.serialize(value, pretty: documents % 2 == 0)
        var again = JSONDocumentReader(bytes: Array(text.utf8), maxDepth: 128)
        guard let reread = try? again.next(), reread == value else {
            fatalError("writer/reader round trip changed the value: \(text)")
        }
    }
    return 0
}
