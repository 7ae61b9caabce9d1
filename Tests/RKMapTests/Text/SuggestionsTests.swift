import Testing
@testable import RKMap

/// "Did you mean": the first of the closest candidates within a third of
/// the word's length (at least 1), ignoring case; distances by hand.
@Suite struct SuggestionsTests {
    private static func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

    @Test func distancesAreOptimalStringAlignment() {
        #expect(Suggestions.distance(Self.scalars("kitten"), Self.scalars("sitting")) == 3)
        #expect(Suggestions.distance(Self.scalars("ab"), Self.scalars("ba")) == 1)  // one transposition
        #expect(Suggestions.distance(Self.scalars("ca"), Self.scalars("abc")) == 3)  // OSA, not Damerau (2)
        #expect(Suggestions.distance(Self.scalars(""), Self.scalars("abc")) == 3)
        #expect(Suggestions.distance(Self.scalars("same"), Self.scalars("same")) == 0)
    }

    @Test func theFirstOfTheClosestWithinAThird() {
        let ids = (0..<4_000).map { "mapper\($0)" }
        #expect(Suggestions.closest(to: "mapperX17", in: ids) == "mapper17")
        #expect(Suggestions.closest(to: "MAPPER17", in: ids) == "mapper17")
        // Two at distance 1 from `mapper4000`: `mapper400` comes first.
        #expect(Suggestions.closest(to: "mapper4000", in: ids) == "mapper400")
        #expect(Suggestions.closest(to: "attribute", in: ["relationships", "attributes"]) == "attributes")
        // `types` is 5 long: one edit allowed; `tpyes` is one transposition.
        #expect(Suggestions.closest(to: "tpyes", in: ["target", "types"]) == "types")
        #expect(Suggestions.closest(to: "tyxyz", in: ["target", "types"]) == nil)
        // Non-ASCII candidates are lowercased as text: `Café` is `café`, one from `cafe`.
        #expect(Suggestions.closest(to: "cafe", in: ["Café", "tea"]) == "Café")
        #expect(Suggestions.closest(to: "x", in: [String]()) == nil)
    }

    /// A search takes at most `workLimit` steps, and searches sharing a
    /// budget stop suggesting once it is spent.
    @Test func searchesAreBounded() {
        // Two names of 100,000 characters a step apart: their table alone
        // is 10^10 steps; the search gives up.
        let long = String(repeating: "a", count: 100_000)
        #expect(Suggestions.closest(to: long + "x", in: [long + "y"]) == nil)
        #expect(Suggestions.closest(to: "ab" + "x", in: ["ab" + "y"]) == "aby")
        let ids = (0..<1_000).map { "mapper\($0)" }
        var budget = 200_000
        var found: [String?] = []
        for i in 0..<100 { found.append(Suggestions.closest(to: "mappre\(i)", in: ids, budget: &budget)) }
        #expect(budget == 0)
        #expect(found[0] == "mapper0" && found[1] == "mapper1")
        #expect(found.last! == nil)
        // Once spent, nothing is searched.
        #expect(Suggestions.closest(to: "mapper1", in: ids, budget: &budget) == nil)
    }

    /// The first of the closest candidates within the limit, by the
    /// definition: every distance computed whole.
    private static func reference(_ word: String, _ candidates: [String]) -> (String, Int)? {
        let w = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for c in candidates {
            let d = Suggestions.distance(w, Array(c.lowercased().unicodeScalars))
            if d <= max(1, w.count / 3), d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best
    }

    /// The index gives what a whole search gives, for words within one edit
    /// of a candidate and farther: random names over a small alphabet (many
    /// ties, transpositions, case, non-ASCII), each compared with the
    /// definition. Among 300 candidates a search for one two or more edits
    /// away may stop before the end: then it suggests nothing, never another.
    /// Words of 66 to 70 scalars are searched, not indexed.
    @Test(arguments: [(40, 1...9), (300, 10...14), (5, 66...70)])
    func theIndexAnswersAsAWholeSearch(most: Int, lengths: ClosedRange<Int>) {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcAB\u{E9}_1")
        func name(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
        var compared = 0, withinOne = 0, stopped = 0
        for _ in 0..<100 {
            let candidates = (0..<Int.random(in: 1...most, using: &generator)).map { _ in name(Int.random(in: lengths, using: &generator)) }
            let index = SuggestionIndex(candidates)
            for _ in 0..<20 {
                // Half of the words are a candidate with one edit.
                var word = name(Int.random(in: lengths, using: &generator))
                if Bool.random(using: &generator), var edited = candidates.randomElement(using: &generator).map(Array.init) {
                    let at = Int.random(in: 0..<edited.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: edited.remove(at: at)
                    case 1: edited.insert(alphabet.randomElement(using: &generator)!, at: at)
                    case 2: edited[at] = alphabet.randomElement(using: &generator)!
                    default: if at + 1 < edited.count { edited.swapAt(at, at + 1) }
                    }
                    word = String(edited)
                }
                let expected = Self.reference(word, candidates)
                let answer = index.closest(to: word)
                compared += 1
                if let expected, expected.1 <= 1 { withinOne += 1 }
                if answer == nil, let expected, expected.1 >= 2, most > 100 {
                    stopped += 1
                    continue
                }
                #expect(answer == expected?.0, "\(word) in \(candidates)")
            }
        }
        #expect(compared == 2_000 && withinOne > 500, "\(withinOne) of \(compared) within one edit")
        #expect(stopped < compared / 2)
    }
}
