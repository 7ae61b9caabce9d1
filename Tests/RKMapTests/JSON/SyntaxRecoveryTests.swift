import Testing
@testable import RKMap

/// Where `--keep-going` resumes after a syntax error (SPEC 1.1 §11): the next
/// line that starts with `{` or `[` in column 1.
@Suite struct SyntaxRecoveryTests {
    @Test(arguments: [
        // NDJSON: the next line.
        ("{\"a\" 1}\n{\"b\": 2}\n", 0, 8),
        // An unterminated line: its successor starts a document.
        ("{\"a\": [1\n[2]\n", 0, 9),
        // Pretty-printed: indented lines and a closing brace are skipped.
        ("{\n  \"a\": x\n}\n{\n  \"b\": 1\n}\n", 0, 13),
        // Nothing follows: the end of the input.
        ("{\"a\": x}\n  {\"b\": 1}\n", 0, 20),
        ("{\"a\": x}", 0, 8),
        // A document that starts later: only lines after its start count.
        ("[1]\n{\"a\" 1}\n{\"b\": 2}\n", 4, 12),
    ])
    func nextDocumentStart(_ text: String, _ start: Int, _ expected: Int) {
        let bytes = Array(text.utf8)
        let resume = bytes.withUnsafeBytes { SyntaxRecovery.nextDocumentStart(in: $0, after: start) }
        #expect(resume == expected)
    }
}
