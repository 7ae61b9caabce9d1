import Testing
@testable import RKMap

/// When a stream that arrives in pieces holds the end of its first top-level value.
@Suite struct DocumentBoundaryFinderTests {
    /// Feeds `text` one byte at a time: the length at which the finder first
    /// says it holds a complete value, or nil if it never does.
    static func firstComplete(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        var finder = DocumentBoundaryFinder()
        for n in 1...max(bytes.count, 1) {
            let prefix = Array(bytes.prefix(n))
            if prefix.withUnsafeBytes({ finder.holdsCompleteValue(in: $0) }) { return n }
        }
        return nil
    }

    static let table: [(String, Int?)] = [
        (#"{"a":1}"#, 7),
        ("{\"a\":1}\n{\"b\":2}\n", 7),                           // the first value is enough
        (#"[1,[2,{"x":"]}"}],3]"#, 20),                          // brackets inside strings do not count
        (#"{"a":"\"}"}"#, 11),                                    // an escaped quote does not end the string
        (#"{"a":"\\"}"#, 10),                                     // an escaped backslash does
        (#""text" 12"#, 6),                                       // a string ends at its quote
        ("12 13", 3),                                             // "12" ends at the space, seen with it
        ("12", nil),                                              // a number at the very end may still grow
        ("true false", 5),
        // A raw line break in a string (never valid JSON) ends the candidate right
        // after it, so the scanner reports the error when the line arrives.
        ("{\"a\":\"x\ny\"}", 8),
        (" \n\t ", nil),                                          // whitespace is no value
        (#"{"a": "#, nil),
    ]

    @Test(arguments: table.indices)
    func saysWhenTheFirstValueIsComplete(_ i: Int) {
        let (text, expected) = Self.table[i]
        #expect(Self.firstComplete(text) == expected, "\(text)")
    }

    @Test func resumesWhereItStopped() {
        var finder = DocumentBoundaryFinder()
        let first = Array(#"{"a":[1,2"#.utf8)
        #expect(!first.withUnsafeBytes { finder.holdsCompleteValue(in: $0) })
        let all = first + Array(#",3]}{"b":1}"#.utf8)
        #expect(all.withUnsafeBytes { finder.holdsCompleteValue(in: $0) })
        // Once complete, it stays so, however the buffer goes on.
        let more = all + Array("[[[".utf8)
        #expect(more.withUnsafeBytes { finder.holdsCompleteValue(in: $0) })
    }
}
