import Testing
@testable import RKMap

/// `JSONSyntaxError.needsMoreInput` decides whether a reader of a stream reads
/// on or reports the error, so it must be exact both ways: every proper prefix
/// of a valid document either reads (a number or literal that the next bytes
/// might continue) or fails with the flag set, and an error that more bytes
/// cannot repair never has it.
@Suite struct NeedsMoreInputTests {
    static let documents: [String] = [
        #"{"a": [1, -2.5e+10, true, false, null], "b": {"c": "d\u00e9\uD83D\uDE00\n\"x\""}}"#,
        #"[{"id": 12345678901234567890, "name": "Ünïcødé ✓ 😀"}, [], {}, "", 0, -0.0]"#,
        "  \n\t{ \"k\" :\n [ \"v\" , 1e5 ] }  ",
        #""a string with \\ and \/ and \u0041""#,
        "-12.75E-3",
        "true",
        "null",
    ]

    static func scan(_ text: [UInt8], build: Bool) -> Result<Int, JSONSyntaxError> {
        text.withUnsafeBytes { raw in
            var scanner = JSONScanner(bytes: raw, offset: 0)
            do throws(JSONSyntaxError) {
                if build { _ = try scanner.readValue() } else { try scanner.skipValue() }
                return .success(scanner.offset)
            } catch {
                return .failure(error)
            }
        }
    }

    @Test(arguments: documents, [false, true])
    func everyPrefixNeedsMoreInputOrEndsAtTheCut(document: String, build: Bool) {
        let bytes = Array(document.utf8)
        let full = Self.scan(bytes, build: build)
        guard case .success(let valueEnd) = full else {
            Issue.record("the whole document must be valid: \(full)")
            return
        }
        for cut in 0..<bytes.count {
            let prefix = Array(bytes[..<cut])
            switch Self.scan(prefix, build: build) {
            case .failure(let error):
                #expect(error.needsMoreInput, "prefix of \(cut) bytes of \(document): \(error)")
            case .success(let end) where end == valueEnd:
                break  // the whole value is in the prefix
            case .success(let end):
                // Otherwise only a scalar the next bytes could continue reads
                // early, and then it reaches the cut exactly.
                #expect(end == cut, "prefix of \(cut) bytes read to \(end)")
                let first = document.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).first
                #expect(first == "-" || first == "t" || first == "n" || first?.isNumber == true,
                        "prefix of \(cut) bytes of \(document) read as complete")
            }
        }
    }

    /// Errors whose bytes are all there stay errors, however much follows.
    @Test(arguments: [
        "[1, 2,]", "{\"a\" 1}", "[01]", "tx", "\"\\q\"", "[1 2]", "{,}", "\"\u{01}\"", "\"a\nb\"",
        "\"\\uDC00\"", "\"\\uD800x\"", "[\"\\u12G4\"]", "nul ", "-x", "1.e5", "[\u{FF}]",
    ])
    func completeErrorsDoNotAskForMore(text: String) {
        for padding in ["", " [1] \n", String(repeating: "  ", count: 40)] where !text.isEmpty {
            let bytes = Array((text + padding).utf8)
            guard case .failure(let error) = Self.scan(bytes, build: true) else {
                Issue.record("\(text) must be an error")
                continue
            }
            // At the true end of the input a reader reports every error anyway;
            // what matters is that an error before the end is not put off.
            if !padding.isEmpty {
                #expect(!error.needsMoreInput, "\(text)+\(padding.count): \(error)")
            }
        }
    }
}
