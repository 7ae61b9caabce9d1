import Testing
@testable import RKMap

/// Reads one value from `bytes` (trusted or not) and returns it or the error text.
private func read(_ bytes: [UInt8], trusted: Bool = false) -> Result<JSONValue, JSONSyntaxError> {
    bytes.withUnsafeBytes { buf in
        var s = JSONScanner(bytes: buf, offset: 0, trusted: trusted)
        do throws(JSONSyntaxError) { return .success(try s.readValue()) } catch { return .failure(error) }
    }
}

private func skipError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    bytes.withUnsafeBytes { buf in
        var s = JSONScanner(bytes: buf)
        do throws(JSONSyntaxError) { try s.skipValue(); return nil } catch { return error }
    }
}

/// The string readers look at eight bytes at a time; these tests put every
/// kind of interesting byte at every position of a word, in strings short and
/// long, ASCII and not, and compare with what RFC 8259 says the string is.
@Suite struct JSONStringScanTests {
    /// Fillers before the interesting part: lengths 0…17 cover every position
    /// in a word and the word after it; non-ASCII fillers put multi-byte
    /// characters across word boundaries.
    static let fillers: [String] = (0...17).map { String(repeating: "a", count: $0) }
        + ["é", "aé", "日本語", "aaaaaaé", "aaaaaaaé", "🚀🚀", "aaaaaaaaaaaaaaa日"]

    /// (JSON text of the string body, the string it means).
    static let parts: [(String, String)] = [
        ("", ""),
        (#"\""#, "\""),
        (#"\\"#, "\\"),
        (#"\n"#, "\n"),
        (#"\u00e9"#, "é"),
        (#"\ud83d\ude80"#, "🚀"),
        ("ü", "ü"),
        ("€x", "€x"),
        ("\u{7F}", "\u{7F}"),
        (#"\/\t"#, "/\t"),
    ]

    static var cases: [(String, String)] {
        var all: [(String, String)] = []
        for filler in fillers {
            for (json, meaning) in parts {
                all.append((filler + json + filler, filler + meaning + filler))
            }
        }
        return all
    }

    @Test func everyPositionInAWord() {
        for (body, meaning) in Self.cases {
            let bytes = Array(("\"" + body + "\"").utf8)
            for trusted in [false, true] {
                let value = try? read(bytes, trusted: trusted).get()
                #expect(value == .string(meaning), "\(body) trusted: \(trusted)")
            }
            #expect(skipError(bytes) == nil, "skip \(body)")
        }
    }

    /// A control character or an invalid byte is found where it is, whatever
    /// its position in a word; the message names it.
    @Test(arguments: 0...17)
    func errorsAtEveryPosition(_ n: Int) {
        let filler = String(repeating: "a", count: n)
        let column = n + 2  // the opening quote is column 1
        let control = Array(("\"" + filler + "\u{1}bcdefghijk\"").utf8)
        let invalid = Array(("\"" + filler).utf8) + [0xFF] + Array("bcdefghijk\"".utf8)
        let unterminated = Array(("\"" + filler).utf8)
        let expected = [
            (control, "1:\(column): control character U+0001 in a string; escape it as \\u0001"),
            (invalid, "1:\(column): invalid UTF-8: byte 0xFF never appears in UTF-8"),
            (unterminated, "1:1: unterminated string; add the closing '\"'"),
        ]
        for (bytes, message) in expected {
            #expect(read(bytes).failureText == message)
            #expect(skipError(bytes)?.description == message)
        }
        // Trusted reading still finds every error that is not about UTF-8.
        #expect(read(control, trusted: true).failureText == expected[0].1)
        #expect(read(unterminated, trusted: true).failureText == expected[2].1)
    }

    /// The first problem in a string is the one reported, even when a later
    /// one would be found by a faster check.
    @Test func firstProblemWins() {
        let invalidThenControl = Array("\"ab".utf8) + [0xC3, 0x28] + Array("\u{1}\"".utf8)
        #expect(read(invalidThenControl).failureText
            == "1:4: invalid UTF-8: truncated sequence (lead byte 0xC3 followed by 0x28)")
        let controlThenInvalid = Array("\"ab\u{1}".utf8) + [0xFF, 0x22]
        #expect(read(controlThenInvalid).failureText == "1:4: control character U+0001 in a string; escape it as \\u0001")
        let escapeThenInvalid = Array(#""\u00e9\x"#.utf8) + [0xFF, 0x22]
        #expect(read(escapeThenInvalid).failureText
            == "1:8: invalid escape '\\x' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
    }

    /// The first and last scalars of each UTF-8 length (and around the
    /// surrogate gap) are accepted, alone, in runs and before the closing quote.
    @Test(arguments: ["\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}"])
    func utf8Boundaries(_ scalar: String) throws {
        for body in [scalar, scalar + scalar + "a" + scalar, "abcdefg" + scalar, "\\n" + scalar] {
            let value = try read(Array(("\"" + body + "\"").utf8)).get()
            let meaning = body.hasPrefix("\\n") ? "\n" + scalar : body
            #expect(value == .string(meaning))
        }
    }

    /// Invalid three-byte forms next to valid ones are found at their lead byte.
    @Test(arguments: [
        ([0xE0, 0x9F, 0xBF], "invalid UTF-8: overlong encoding (bytes 0xE0 0x9F)"),
        ([0xED, 0xBF, 0xBF], "invalid UTF-8: encoded surrogate code point (bytes 0xED 0xBF)"),
        ([0xE3, 0x81, 0x41], "invalid UTF-8: truncated sequence (lead byte 0xE3 followed by 0x41)"),
        ([0xC3, 0xC3, 0xA9], "invalid UTF-8: truncated sequence (lead byte 0xC3 followed by 0xC3)"),
        ([0xF0, 0x9F, 0x9A], "invalid UTF-8: truncated sequence (lead byte 0xF0 followed by 0x22)"),
    ] as [([UInt8], String)])
    func invalidAfterValid(_ bad: [UInt8], _ message: String) {
        // "é日" then the bad bytes: the lead byte is at offset 6, column 4.
        let bytes = [0x22, 0xC3, 0xA9, 0xE6, 0x97, 0xA5] + bad + [0x22]
        #expect(read(bytes).failureText == "1:4: " + message)
        #expect(skipError(bytes)?.description == "1:4: " + message)
    }

    /// Escaped strings are decoded into a reused buffer that grows when a
    /// longer string comes; short, long, longer and short again all decode.
    @Test func longEscapedStrings() throws {
        let unit = #"ab\n\u00e9é\"🚀\ud83d\ude80 "#
        let meaning = "ab\né\u{E9}\"🚀🚀 "
        let counts = [1, 400, 3000, 100, 20_000, 2, 50_000, 7]
        for count in counts {
            let text = "[\"" + String(repeating: unit, count: count) + "\", \"x\\ty\"]"
            for trusted in [false, true] {
                let value = try read(Array(text.utf8), trusted: trusted).get()
                #expect(value == .array([.string(String(repeating: meaning, count: count)), .string("x\ty")]), "\(count)")
            }
        }
        // One document: the scanner's buffer grows and is reused across strings.
        let text = "[" + counts.map { "\"" + String(repeating: unit, count: $0) + "\"" }.joined(separator: ", ") + "]"
        let expected = JSONValue.array(counts.map { .string(String(repeating: meaning, count: $0)) })
        for trusted in [false, true] {
            #expect(try read(Array(text.utf8), trusted: trusted).get() == expected)
        }
    }

    /// Errors far into a long escaped string are found where they are.
    @Test func errorsInLongEscapedStrings() {
        let prefix = "[\"" + String(repeating: #"\u00e9a"#, count: 2000)  // 14,002 ASCII bytes: the next column is 14,003
        let cases: [(String, String)] = [
            (prefix + "\u{1}\"]", "1:14003: control character U+0001 in a string; escape it as \\u0001"),
            (prefix + #"\q"]"#, "1:14003: invalid escape '\\q' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
            (prefix + "abc", "1:2: unterminated string; add the closing '\"'"),
            (prefix + "\u{1}" + String(repeating: "a", count: 5000), "1:14003: control character U+0001 in a string; escape it as \\u0001"),
        ]
        for (text, message) in cases {
            for trusted in [false, true] {
                #expect(read(Array(text.utf8), trusted: trusted).failureText == message)
            }
            #expect(skipError(Array(text.utf8))?.description == message)
        }
        let invalid = Array(prefix.utf8) + [0xE9, 0x22, 0x5D]
        #expect(read(invalid).failureText == "1:14003: invalid UTF-8: truncated sequence (lead byte 0xE9 followed by 0x22)")
    }

    /// Trusted and untrusted readers build the same values from valid documents.
    @Test(arguments: JSONConformanceTests.accepted)
    func trustedReadsTheSame(_ name: String, _ text: String) throws {
        let bytes = Array(text.utf8)
        let untrusted = try read(bytes).get()
        #expect(try read(bytes, trusted: true).get() == untrusted, "\(name)")
    }

    /// Trusted reading reports the same syntax errors, UTF-8 aside.
    @Test(arguments: JSONConformanceTests.rejected)
    func trustedRejectsTheSame(_ name: String, _ text: String) {
        let bytes = Array(text.utf8)
        #expect(read(bytes, trusted: true).failureText == read(bytes).failureText, "\(name)")
    }

    /// Strings are built without the standard library validating them again,
    /// so the reader must tell it exactly whether they are ASCII: a string
    /// wrongly marked ASCII would compare and hash by its bytes, and a
    /// decomposed `é` (e + U+0301) would no longer equal a precomposed one.
    @Test func canonicalEquivalenceSurvives() throws {
        let decomposed = "long enough to be a heap string: cafe\u{301}"
        let precomposed = "long enough to be a heap string: café"
        let raw = Array(("\"" + decomposed + "\"").utf8)
        let escaped = Array(#""long enough to be a heap string: cafe\u0301""#.utf8)
        let escapedASCIIPart = Array(#""long enough\t to be a heap string: cafe"#.utf8) + [0xCC, 0x81, 0x22]
        for bytes in [raw, escaped, escapedASCIIPart] {
            for trusted in [false, true] {
                guard case .string(let s) = try read(bytes, trusted: trusted).get() else {
                    Issue.record("not a string"); continue
                }
                let expected = bytes == escapedASCIIPart ? "long enough\t to be a heap string: café" : precomposed
                #expect(s == expected)
                #expect(s.hashValue == expected.hashValue)
                #expect(Set([expected]).contains(s))
            }
        }
    }

    @Test func asciiStringsHashLikeLiterals() throws {
        let text = "an ASCII string longer than fifteen bytes"
        for body in [text, "an ASCII string\\u0020longer than fifteen bytes"] {
            for trusted in [false, true] {
                let value = try read(Array(("\"" + body + "\"").utf8), trusted: trusted).get()
                #expect(value == .string(text))
                guard case .string(let s) = value else { continue }
                #expect(Set([text]).contains(s))
            }
        }
    }
}

extension Result where Failure == JSONSyntaxError {
    /// The error's `LINE:COL: MESSAGE`, or nil on success.
    fileprivate var failureText: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
