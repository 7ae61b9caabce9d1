import Testing
@testable import RKMap

/// Where complete top-level values end in a stream that arrives in pieces.
@Suite struct DocumentBoundaryFinderTests {
    /// Feeds `text` one byte at a time and records every boundary reported.
    static func boundaries(_ text: String, endOfInput: Bool = false) -> [Int] {
        let bytes = Array(text.utf8)
        var finder = DocumentBoundaryFinder()
        var seen: [Int] = []
        for n in 1...max(bytes.count, 1) {
            let prefix = Array(bytes.prefix(n))
            let end = prefix.withUnsafeBytes { finder.completeEnd(in: $0, atEndOfInput: endOfInput && n == bytes.count) }
            if seen.last != end, end > 0 { seen.append(end) }
        }
        return seen
    }

    static let table: [(String, [Int])] = [
        (#"{"a":1}"#, [7]),
        ("{\"a\":1}\n{\"b\":2}\n", [7, 8, 15, 16]),              // whitespace after a value is complete too
        (#"[1,[2,{"x":"]}"}],3]"#, [20]),                       // brackets inside strings do not count
        (#"{"a":"\"}"}"#, [11]),                                 // an escaped quote does not end the string
        (#"{"a":"\\"}"#, [10]),                                  // an escaped backslash does
        (#""text" 12"#, [6, 7]),                                 // a number at the very end may still grow
        ("12 13", [3]),                                          // "12" ends at the space, seen with it
        ("true false", [5]),
        // A raw line break in a string (never valid JSON) ends the candidate right
        // after it (offset 8), so the scanner reports the error when the line arrives.
        ("{\"a\":\"x\ny\"}", [8, 9]),
    ]

    @Test(arguments: table.indices)
    func reportsBoundariesAsBytesArrive(_ i: Int) {
        let (text, expected) = Self.table[i]
        #expect(Self.boundaries(text) == expected, "\(text)")
    }

    @Test func theEndOfInputCompletesWhatIsLeft() {
        #expect(Self.boundaries("12 13", endOfInput: true) == [3, 5])
        #expect(Self.boundaries(#"{"a": "#, endOfInput: true) == [6])    // the scanner reports the error
    }

    @Test func resumesWithoutRescanning() {
        var finder = DocumentBoundaryFinder()
        let first = Array(#"{"a":[1,2"#.utf8)
        #expect(first.withUnsafeBytes { finder.completeEnd(in: $0, atEndOfInput: false) } == 0)
        let all = first + Array(#",3]}{"b":1}"#.utf8)
        #expect(all.withUnsafeBytes { finder.completeEnd(in: $0, atEndOfInput: false) } == all.count)
    }
}
