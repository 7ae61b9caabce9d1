import Foundation
import Testing
@testable import RKMap

/// `[c]`/`[d]` folding of a long string a piece at a time
/// (`PredicateStrings.fold`) gives what Foundation's folding of the whole
/// string gives, for text where pieces could meet anything that looks
/// across them: decomposed letters, marks of several classes, Hangul jamo
/// that compose, Indic vowel signs that compose with what precedes them,
/// characters whose folds are several (`ß`, `ﬁ`), final sigma.
@Suite struct PredicateFoldTests {
    static let pool: [String] = [
        "a", "E", "z", " ", "1", "\u{E9}", "\u{C5}", "e\u{301}", "\u{301}", "\u{316}", "\u{345}", "\u{308}",
        "\u{3B1}\u{301}", "\u{3A3}", "\u{3C2}", "\u{DF}", "\u{FB01}", "\u{130}", "\u{131}",
        "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{D7B0}",
        "\u{B47}", "\u{B3E}", "\u{B57}", "\u{915}\u{93C}", "\u{CC6}", "\u{CD5}",
        "\u{304B}", "\u{3099}", "\u{1F600}", "\u{200D}", "\u{20AC}", "\u{1E9E}", "\u{212B}", "\u{2126}",
    ]

    @Test(arguments: [
        PredicateOptions.caseInsensitive, PredicateOptions.diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive],
    ])
    func aLongStringFoldsAsFoundationFoldsItWhole(_ options: PredicateOptions) {
        var foundation: String.CompareOptions = []
        if options.contains(.caseInsensitive) { foundation.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { foundation.insert(.diacriticInsensitive) }
        var random = SplitMix64(seed: 7)
        for round in 0..<60 {
            // Pieces of the pool, often many of one kind in a row.
            var text = ""
            while text.utf8.count < 3 * PredicateStrings.foldPieceBytes + Int(random.next() % 4096) {
                let piece = Self.pool[Int(random.next() % UInt64(Self.pool.count))]
                text += String(repeating: piece, count: random.next() % 3 == 0 ? Int(random.next() % 40) + 1 : 1)
            }
            let folded = PredicateStrings.fold(text, options)
            let whole = text.folding(options: foundation, locale: nil)
            #expect(Array(folded.unicodeScalars) == Array(whole.unicodeScalars), "round \(round)")
        }
    }

    @Test func shortAndEdgeStrings() {
        for text in ["", "a\u{301}", String(repeating: "a\u{301}", count: 2000), String(repeating: "\u{301}", count: 5000)] {
            let folded = PredicateStrings.fold(text, .diacriticInsensitive)
            #expect(folded == text.folding(options: .diacriticInsensitive, locale: nil))
        }
        #expect(PredicateStrings.fold(String(repeating: "a\u{301}", count: 2000), .diacriticInsensitive) == String(repeating: "a", count: 2000))
    }
}
