/// Form-encoded inputs (docs/spec.md §14): one document per line, turned into
/// the JSON documents the mapping engine reads, so `apply --input-format form`
/// shares everything else with JSON input.
package enum FormDocuments {
    /// The documents of the lines in `bytes` as NDJSON (one compact object
    /// per line; blank lines are skipped), the first of them line
    /// `firstLine` of the input (for an error's location); how many lines
    /// were read, and the syntax error that ended them, if any (lines
    /// before it are converted, none after it). `apply` converts a window
    /// of whole lines at a time, and maps the NDJSON in `body`, where it is
    /// written (not copied out: one line may be the whole input).
    ///
    /// `decoded` is told, after each line is decoded and before its JSON is
    /// written, where the bytes read so far end: no byte before it is read
    /// again (its memory may go).
    package static func json<R>(
        from bytes: UnsafeRawBufferPointer, file: String, firstLine: Int = 1, decoded: (Int) -> Void = { _ in },
        _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> (result: R, documents: Int, lines: Int, error: Diagnostic?) {
        var writer = JSONWriter(pretty: false)
        var documents = 0
        var line = firstLine
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            if lineEnd > start {
                do {
                    let line = UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd]).assumingMemoryBound(to: UInt8.self)
                    var document = JSONValue.object(try FormDecoder.decode(line, compacting: true))
                    decoded(end)
                    writeSplicing(&document, into: &writer)
                    writer.append(UInt8(ascii: "\n"))
                    documents += 1
                } catch {
                    let diagnostic = Diagnostic(
                        .error, error.message, file: file,
                        location: .source(SourceLocation(line: line, column: error.column)), code: .syntax)
                    return (try writer.buffer.withUnsafeBytes(body), documents, line - firstLine + 1, diagnostic)
                }
            }
            line += 1
            start = end + 1
        }
        return (try writer.buffer.withUnsafeBytes(body), documents, line - firstLine, nil)
    }

    /// Writes `value` as compact JSON, each run of done objects that
    /// `FormDecoder.decode(_:compacting:)` made (a compact array in an
    /// array: the decoder never makes one otherwise, `[][]` being an
    /// error) spliced into the array that holds it: the text written for
    /// the value decoded without runs. The value is used up (`null` after):
    /// each run is let go once written, so a line's runs and its JSON text
    /// are not all held at once.
    static func writeSplicing(_ value: inout JSONValue, into writer: inout JSONWriter) {
        var nextGiveBack = writer.buffer.count + giveBackEvery
        writeSplicing(&value, into: &writer, nextGiveBack: &nextGiveBack)
    }

    /// Bytes of JSON written between two `FreedMemory.giveBack()` calls: the
    /// runs let go meanwhile are that much (a line's runs are about its
    /// JSON's size), small beside a line whose runs are worth giving back.
    static let giveBackEvery = 4 << 20

    private static func writeSplicing(_ value: inout JSONValue, into writer: inout JSONWriter, nextGiveBack: inout Int) {
        if var object = takeObject(&value) {
            guard !object.isEmpty else { return writer.write(.object(object)) }
            writer.append(JSONByte.openBrace)
            for (i, key) in object.keys.enumerated() {
                if i > 0 { writer.append(JSONByte.comma) }
                writer.writeKey(key)
                var member = object[key] ?? .null
                object[key] = .null
                writeSplicing(&member, into: &writer, nextGiveBack: &nextGiveBack)
            }
            writer.append(JSONByte.closeBrace)
        } else if var elements = takeArray(&value) {
            guard !elements.isEmpty else { return writer.write(.array(elements)) }
            writer.append(JSONByte.openBracket)
            for i in elements.indices {
                if i > 0 { writer.append(JSONByte.comma) }
                var element = elements[i]
                elements[i] = .null
                if case .compact(let run) = element, run.kind == .array {
                    run.withUnsafeBytes { writer.buffer.append(UnsafeRawBufferPointer(rebasing: $0.dropFirst().dropLast())) }
                    element = .null
                    if writer.buffer.count >= nextGiveBack {
                        FreedMemory.giveBack()
                        nextGiveBack = writer.buffer.count + giveBackEvery
                    }
                } else {
                    writeSplicing(&element, into: &writer, nextGiveBack: &nextGiveBack)
                }
            }
            writer.append(JSONByte.closeBracket)
        } else {
            writer.write(value)
        }
    }

    /// An object's or an array's payload, `value` left `null`, so that the
    /// payload is the only reference to its storage and changes in place (a
    /// `switch` on `value` holds it for the whole statement: no run was let
    /// go before the document was written).
    private static func takeObject(_ value: inout JSONValue) -> JSONObject? {
        guard case .object(let object) = value else { return nil }
        value = .null
        return object
    }

    private static func takeArray(_ value: inout JSONValue) -> [JSONValue]? {
        guard case .array(let elements) = value else { return nil }
        value = .null
        return elements
    }

    /// One form-encoded body as a JSON document (`rkmap check` reads
    /// `application/x-www-form-urlencoded` bodies with this).
    package static func document(from text: String) throws(FormDecoder.SyntaxError) -> JSONValue {
        var line = Array(text.utf8)
        // A byte order mark at the start is not part of the body (docs/behaviour.md).
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line.removeLast() }
        return .object(try FormDecoder.decode(line))
    }
}
