import RKMap

extension Commands {
    /// Every JSON document in `bytes` (one, or several as NDJSON or concatenated
    /// JSON; docs/spec.md §1: input documents are strict RFC 8259).
    ///
    /// - Parameter input: the name to use in diagnostics (`<stdin>` for `-`).
    /// - Throws: `DocumentSyntaxError`, whose `description` is the located diagnostic.
    static func readDocuments(_ bytes: [UInt8], input: String) throws -> [JSONValue] {
        var reader = JSONDocumentReader(bytes: bytes)
        var values: [JSONValue] = []
        do {
            while let value = try reader.next() { values.append(value) }
        } catch {
            throw DocumentSyntaxError(diagnostic: Diagnostic(
                .error, error.message, file: input, location: .source(error.location), code: .syntax))
        }
        return values
    }

    struct DocumentSyntaxError: Error, CustomStringConvertible {
        var diagnostic: Diagnostic
        var description: String { diagnostic.description }
    }
}
