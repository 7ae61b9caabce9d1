/// Where reading can resume after a document with a syntax error, for
/// `apply --keep-going` (docs/spec.md §11).
///
/// After a syntax error the end of the broken document cannot be known, so a
/// plausible next start is used: the first line after the broken document's
/// start that begins, in column 1, with `{` or `[`. That is every next line of
/// NDJSON, and the next document of concatenated pretty-printed JSON (whose
/// inner lines are indented and whose closing `}` is not an opening bracket).
public enum SyntaxRecovery {
    /// - Parameters:
    ///   - bytes: the input.
    ///   - start: offset of the first byte of the broken document.
    /// - Returns: the offset to resume at, or `bytes.count` when no line after
    ///   `start` begins a document.
    /// - Complexity: O(distance to the returned offset).
    public static func nextDocumentStart(in bytes: UnsafeRawBufferPointer, after start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            if bytes[i - 1] == JSONByte.newline, bytes[i] == JSONByte.openBrace || bytes[i] == JSONByte.openBracket {
                return i
            }
            i += 1
        }
        return bytes.count
    }
}
