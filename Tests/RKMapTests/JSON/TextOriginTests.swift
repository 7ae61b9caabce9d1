import Testing
@testable import RKMap

/// Columns count characters, not bytes (`FILE:LINE:COL`), and where a reader's
/// window moves on, the line and column of its new start are those of the same
/// byte counted from the start of the input.
@Suite struct TextOriginTests {
    /// The column of `offset` as a person counts it: characters since the line start, plus one.
    static func expectedColumn(_ bytes: [UInt8], lineStart: Int, offset: Int) -> Int {
        1 + String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count
    }

    static let text: [UInt8] = Array(
        #"{"a": "é日本🚀 plain ascii text, then ÅÄÖ and more", "b": ["x", "ÿ"], "c": "𝄞𝄞𝄞 end"}"#.utf8)

    @Test func columnsCountCharactersAtEveryOffset() {
        Self.text.withUnsafeBytes { buf in
            for lineStart in [0, 1, 7, 9] {
                // Offsets on character boundaries only, as a reader asks.
                for offset in lineStart...Self.text.count where offset == Self.text.count || !JSONByte.isContinuation(Self.text[offset]) {
                    #expect(JSONLexer.column(in: buf, lineStart: lineStart, offset: offset)
                        == Self.expectedColumn(Self.text, lineStart: lineStart, offset: offset), "\(lineStart)..<\(offset)")
                }
            }
        }
    }

    /// Long lines are counted in blocks of 255 words: lines of every length
    /// around a block's end, dense with continuation bytes (a line of CJK or
    /// emoji) or with none, count every character.
    @Test(arguments: ["日", "🚀", "é", "a", "日a🚀b"])
    func longLinesCountEveryCharacter(_ unit: String) {
        let text = Array(String(repeating: unit, count: 2100).utf8)
        text.withUnsafeBytes { buf in
            for offset in [0, 7, 8, 2039, 2040, 2041, 2047, 2048, 4080, 4088, 6000, text.count - 1, text.count]
            where offset <= text.count && (offset == text.count || !JSONByte.isContinuation(text[offset])) {
                for lineStart in [0, 1, 3] where lineStart <= offset && !JSONByte.isContinuation(text[lineStart]) {
                    #expect(JSONLexer.column(in: buf, lineStart: lineStart, offset: offset)
                        == Self.expectedColumn(text, lineStart: lineStart, offset: offset), "\(unit) \(lineStart)..<\(offset)")
                }
            }
        }
    }

    @Test func movingOnInStepsGivesTheSameOriginAsOnce() {
        let lines = Array((String(decoding: Self.text, as: UTF8.self) + "\n" + "  x é\n" + String(decoding: Self.text, as: UTF8.self)).utf8)
        let whole = lines.withUnsafeBytes { TextOrigin.start.advanced(over: $0, to: lines.count) }
        var origin = TextOrigin.start
        var from = 0
        for step in [5, 13, 1, 40, 64, 3] where from < lines.count {
            var to = min(from + step, lines.count)
            while to < lines.count, JSONByte.isContinuation(lines[to]) { to += 1 }
            let part = Array(lines[from..<to])
            origin = part.withUnsafeBytes { origin.advanced(over: $0, to: part.count) }
            from = to
        }
        let rest = Array(lines[from...])
        origin = rest.withUnsafeBytes { origin.advanced(over: $0, to: rest.count) }
        #expect(origin.line == whole.line && origin.column == whole.column)
        #expect(whole.line == 3)
        #expect(whole.column == Self.expectedColumn(Self.text, lineStart: 0, offset: Self.text.count))
    }
}
