import Testing
@testable import RKMap

/// The validating string reader looks at eight bytes at a time and checks
/// each non-ASCII character with one 32-bit load and masks
/// (`JSONLexer.validateCharacter`), falling back to the byte-by-byte check
/// for errors. These tests put characters of every length, invalid
/// sequences, quotes, backslashes and control characters at every position
/// of two words, and hold the verdicts to RFC 3629 (and, for random text, to
/// the standard library's own UTF-8 validation).
@Suite struct JSONUTF8ValidationTests {
    /// What reading a string gives: its value, or the error's `LINE:COL: MESSAGE`.
    enum Verdict: Equatable, CustomStringConvertible {
        case string(String)
        case error(String)

        var description: String {
            switch self {
            case .string(let s): return "string \(s.debugDescription)"
            case .error(let e): return "error \(e)"
            }
        }
    }

    /// Reads one string both ways (building it, and skipping it as the
    /// pipeline's splitter does) and checks that both agree.
    static func verdict(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Verdict {
        bytes.withUnsafeBytes { buf in
            var reader = JSONScanner(bytes: buf, offset: 0)
            var skipper = JSONScanner(bytes: buf, offset: 0)
            let read: Verdict
            do throws(JSONSyntaxError) {
                guard case .string(let s) = try reader.readValue() else { return .error("not a string") }
                read = .string(s)
            } catch {
                read = .error(error.description)
            }
            do throws(JSONSyntaxError) {
                try skipper.skipValue()
                if case .error = read { Issue.record("skipValue accepted what readValue rejects: \(read)", sourceLocation: sourceLocation) }
                #expect(skipper.offset == reader.offset, sourceLocation: sourceLocation)
            } catch {
                #expect(read == .error(error.description), "skipValue", sourceLocation: sourceLocation)
            }
            return read
        }
    }

    static func quoted(_ body: [UInt8]) -> [UInt8] { [0x22] + body + [0x22] }

    /// The first and last scalars of each encoded length, and common ones.
    static let characters = ["é", "ß", "\u{80}", "\u{7FF}", "日", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}",
                             "🚀", "\u{10000}", "\u{10FFFF}"]

    /// (JSON text, meaning) of what follows the character: the closing quote
    /// at once, an escaped quote or backslash, another character, ASCII on
    /// past the next word, and a dense run of non-ASCII.
    static let tails: [(String, String)] = [
        ("", ""), (#"\""#, "\""), (#"\\"#, "\\"), (#"\u00e9"#, "é"), ("日", "日"), ("éé", "éé"),
        (String(repeating: "b", count: 17), String(repeating: "b", count: 17)), ("日本語é🚀ß", "日本語é🚀ß"),
    ]

    @Test(arguments: 0..<16)
    func characterAtEveryPositionOfTwoWords(_ position: Int) {
        let prefix = String(repeating: "a", count: position)
        for character in Self.characters {
            for (tail, meaning) in Self.tails {
                let body = Array((prefix + character + tail).utf8)
                #expect(Self.verdict(Self.quoted(body)) == .string(prefix + character + meaning),
                        "\(character.unicodeScalars.first!.value) at \(position), then \(tail)")
            }
        }
    }

    /// Invalid sequences, each followed by ASCII, and the message that names them.
    static let invalid: [([UInt8], String)] = [
        ([0xC0, 0x80], "overlong encoding (lead byte 0xC0)"),
        ([0xC1, 0xBF], "overlong encoding (lead byte 0xC1)"),
        ([0xE0, 0x80, 0x80], "overlong encoding (bytes 0xE0 0x80)"),
        ([0xE0, 0x9F, 0xBF], "overlong encoding (bytes 0xE0 0x9F)"),
        ([0xED, 0xA0, 0x80], "encoded surrogate code point (bytes 0xED 0xA0)"),
        ([0xED, 0xBF, 0xBF], "encoded surrogate code point (bytes 0xED 0xBF)"),
        ([0xF0, 0x8F, 0xBF, 0xBF], "overlong encoding (bytes 0xF0 0x8F)"),
        ([0xF4, 0x90, 0x80, 0x80], "code point above U+10FFFF (bytes 0xF4 0x90)"),
        ([0xF5, 0x80, 0x80, 0x80], "byte 0xF5 would start a code point above U+10FFFF"),
        ([0xF8, 0x88, 0x80, 0x80, 0x80], "byte 0xF8 never appears in UTF-8"),
        ([0xFF], "byte 0xFF never appears in UTF-8"),
        ([0x80], "unexpected continuation byte 0x80"),
        ([0xBF, 0xBF], "unexpected continuation byte 0xBF"),
        ([0xC3, 0x41], "truncated sequence (lead byte 0xC3 followed by 0x41)"),
        ([0xC3, 0xC3, 0xA9], "truncated sequence (lead byte 0xC3 followed by 0xC3)"),
        ([0xE6, 0x97, 0x41], "truncated sequence (lead byte 0xE6 followed by 0x41)"),
        ([0xE6, 0x41, 0xA5], "truncated sequence (lead byte 0xE6 followed by 0x41)"),
        ([0xF0, 0x9F, 0x9A, 0x41], "truncated sequence (lead byte 0xF0 followed by 0x41)"),
        ([0xF0, 0x9F, 0x41, 0x80], "truncated sequence (lead byte 0xF0 followed by 0x41)"),
    ]

    /// An invalid sequence is reported at its lead byte, alone or right after
    /// a valid character, at every position of two words.
    @Test(arguments: 0..<16)
    func invalidSequenceAtEveryPosition(_ position: Int) {
        let prefix = Array(String(repeating: "a", count: position).utf8)
        let after = Array("bcdefghijklmnopq".utf8)
        for (bad, message) in Self.invalid {
            #expect(String(validating: bad + after, as: UTF8.self) == nil, "the table holds only invalid UTF-8")
            for (lead, columns) in [([UInt8](), 0), (Array("é".utf8), 1), (Array("日".utf8), 1), (Array("🚀".utf8), 1)] {
                let bytes = Self.quoted(prefix + lead + bad + after)
                #expect(Self.verdict(bytes) == .error("1:\(position + columns + 2): invalid UTF-8: " + message),
                        "\(bad) at \(position) after \(lead)")
            }
            // Cut short by the closing quote: still an error at the lead byte.
            if bad.count > 1 {
                let cut = Self.quoted(prefix + bad.dropLast())
                if case .error(let text) = Self.verdict(cut) {
                    #expect(text.hasPrefix("1:\(position + 2): invalid UTF-8: "), "\(bad) cut at \(position): \(text)")
                } else {
                    Issue.record("\(bad.dropLast()) before the closing quote was accepted")
                }
            }
        }
    }

    /// A quote, backslash or control character right after a character ends
    /// the run there, wherever the character sits.
    @Test(arguments: 0..<16)
    func specialByteRightAfterACharacter(_ position: Int) {
        let prefix = String(repeating: "a", count: position)
        for character in ["é", "日", "🚀"] {
            let column = position + 3  // the opening quote, the prefix, the character
            let cases: [(String, Verdict)] = [
                (prefix + character + "\u{1}bcdefghij", .error("1:\(column): control character U+0001 in a string; escape it as \\u0001")),
                (prefix + character + "\u{1F}", .error("1:\(column): control character U+001F in a string; escape it as \\u001f")),
                (prefix + character + "\t" + character, .error("1:\(column): control character U+0009 in a string; escape it as \\t")),
                (prefix + character + "\\q", .error("1:\(column): invalid escape '\\q' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")),
                (prefix + character + "\\n" + character, .string(prefix + character + "\n" + character)),
            ]
            for (body, expected) in cases {
                #expect(Self.verdict(Self.quoted(Array(body.utf8))) == expected, "\(body.debugDescription)")
            }
            // The closing quote right after the character, then more bytes.
            let closed = Self.quoted(Array((prefix + character).utf8)) + Array(" bcdefghijklmnop".utf8)
            #expect(Self.verdict(closed) == .string(prefix + character))
        }
    }

    /// A character cut by the end of the bytes read so far (a chunk boundary)
    /// asks for more input; the same bytes completed read as one string.
    @Test(arguments: 0..<16)
    func characterCutAtTheEndOfTheBytes(_ position: Int) {
        let prefix = Array(("\"" + String(repeating: "a", count: position)).utf8)
        for character in ["é", "日", "🚀", "\u{10FFFF}"] {
            let encoded = Array(character.utf8)
            for cut in 1..<encoded.count {
                let bytes = prefix + encoded.prefix(cut)
                for build in [false, true] {
                    switch NeedsMoreInputTests.scan(bytes, build: build) {
                    case .failure(let error):
                        #expect(error.needsMoreInput, "\(character) cut after \(cut) at \(position): \(error)")
                    case .success:
                        Issue.record("\(character) cut after \(cut) at \(position) was read")
                    }
                }
            }
            let whole = prefix + encoded + [0x22]
            #expect(Self.verdict(whole) == .string(String(repeating: "a", count: position) + character))
        }
    }

    /// Random strings built from valid characters, escapes and (sometimes) one
    /// invalid sequence: accepted exactly when the standard library finds the
    /// text valid UTF-8, with the same value; rejected at the invalid
    /// sequence's lead byte.
    @Test func randomTextAgreesWithTheStandardLibrary() {
        var random = SplitMix64(seed: 0x5EED_1234)
        let valid: [(raw: [UInt8], meaning: String)] = Self.characters.map { (Array($0.utf8), $0) }
            + [(Array("a".utf8), "a"), (Array("xyz ".utf8), "xyz "), (Array(#"\n"#.utf8), "\n"),
               (Array(#"\u00e9"#.utf8), "é"), (Array(#"\ud83d\ude80"#.utf8), "🚀"), (Array(#"\""#.utf8), "\"")]
        for round in 0..<3000 {
            var raw: [UInt8] = []
            var meaning = ""
            var badAt: Int?
            var message = ""
            for _ in 0..<(random.next() % 24) {
                if badAt == nil, random.next() % 40 == 0 {
                    let (bad, text) = Self.invalid[Int(random.next() % UInt64(Self.invalid.count))]
                    badAt = raw.count
                    message = text
                    raw += bad + [0x7A]  // ASCII after it: nothing can complete it
                } else {
                    let piece = valid[Int(random.next() % UInt64(valid.count))]
                    raw += piece.raw
                    meaning += piece.meaning
                }
            }
            let verdict = Self.verdict(Self.quoted(raw))
            if let badAt {
                // Columns count scalars: bytes that are not continuation bytes.
                let column = 2 + raw[..<badAt].filter { $0 & 0xC0 != 0x80 }.count
                #expect(verdict == .error("1:\(column): invalid UTF-8: " + message), "round \(round): \(raw)")
            } else {
                #expect(verdict == .string(meaning), "round \(round): \(raw)")
                let unescaped = raw.contains(0x5C) ? nil : String(validating: raw, as: UTF8.self)
                if let unescaped { #expect(unescaped == meaning) }
            }
        }
    }
}
