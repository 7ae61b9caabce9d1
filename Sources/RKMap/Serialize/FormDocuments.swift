/// Form-encoded inputs (docs/spec.md §14): one document per line, turned into
/// the JSON documents the mapping engine reads, so `apply --input-format form`
/// shares everything else with JSON input.
package enum FormDocuments {
    /// The documents of `bytes` as NDJSON (one compact object per line; blank
    /// lines are skipped), and the syntax error that ended the input, if any:
    /// lines before it are converted, none after it.
    package static func json(from bytes: [UInt8], file: String) -> (json: [UInt8], documents: Int, error: Diagnostic?) {
        var writer = JSONWriter(pretty: false)
        var documents = 0
        var line = 1
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            if lineEnd > start {
                do {
                    let object = try FormDecoder.decode(Array(bytes[start..<lineEnd]))
                    writer.write(.object(object))
                    writer.append(UInt8(ascii: "\n"))
                    documents += 1
                } catch {
                    let diagnostic = Diagnostic(
                        .error, error.message, file: file,
                        location: .source(SourceLocation(line: line, column: error.column)), code: .syntax)
                    return (writer.bytes, documents, diagnostic)
                }
            }
            line += 1
            start = end + 1
        }
        return (writer.bytes, documents, nil)
    }

    /// One form-encoded body as a JSON document (`rkmap check` reads
    /// `application/x-www-form-urlencoded` bodies with this).
    package static func document(from text: String) throws(FormDecoder.SyntaxError) -> JSONValue {
        var line = Array(text.utf8)
        while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line.removeLast() }
        return .object(try FormDecoder.decode(line))
    }
}
