import Testing
@testable import RKMap

/// `ObjectMapper.nestings(of:)` finds, for each slot, the slots whose paths
/// continue its path: the pairs a comparison of every two slots finds.
@Suite struct ObjectMapperNestingsTests {
    static func pairwise(_ slots: [Slot]) -> [(outer: Int, inner: [Int])] {
        slots.indices.compactMap { o in
            let inner = slots.indices.filter {
                $0 != o && slots[$0].path.count > slots[o].path.count && slots[$0].path.starts(with: slots[o].path)
            }
            return inner.isEmpty ? nil : (o, inner)
        }
    }

    static func slots(_ names: [String]) -> [Slot] {
        names.map { Slot(name: $0, path: $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init), kind: .attribute, type: nil) }
    }

    @Test(arguments: [
        ["a", "b", "c"],
        ["address", "address.city", "address.zip", "name"],
        ["address.city", "address", "address.geo.lat", "address.geo", "geo.lat", "geo"],
        ["a.b.c", "a", "a.b", "x", "a.bc", "ab", "a.b.c.d"],
        ["a", "a", "a.b"],  // a path twice: each is an outer of the same slots
        ["café", "cafe\u{301}.x"],  // paths compare as Swift strings, as before
    ])
    func nestingsAreThePairsThatContinueAPath(names: [String]) {
        let slots = Self.slots(names)
        let found = ObjectMapper.nestings(of: slots)
        let expected = Self.pairwise(slots)
        #expect(found.map(\.outer) == expected.map(\.outer), "\(names)")
        #expect(found.map(\.inner) == expected.map(\.inner), "\(names)")
    }
}
