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
}
