extension Commands {
    /// Every JSON document in `bytes` (one, or several as NDJSON or concatenated
    /// JSON; SPEC §1: input documents are strict RFC 8259).
    ///
    /// - Parameter input: the name to use in diagnostics (`<stdin>` for `-`).
    /// - Throws: an error whose `description` is the located diagnostic.
    static func readDocuments(_ bytes: [UInt8], input: String) throws -> [JSONValue] {
        // TODO(lead): wire rkmap's strict JSON reader here (document sequence mode).
        throw DocumentsNotWired(input: input)
    }

    struct DocumentsNotWired: Error, CustomStringConvertible {
        var input: String
        var description: String { "\(input): error: reading JSON documents is not wired yet" }
    }
}
