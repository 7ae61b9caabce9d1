import Testing
@testable import RKMap

/// `FieldSlots` reads and writes as an array of one optional per slot,
/// whether it keeps every slot (a narrow mapper) or only the present ones
/// (a wide mapper): checked against such an array over random changes.
@Suite struct FieldSlotsTests {
    static func describe(_ field: FieldValue?) -> String {
        switch field {
        case nil: return "-"
        case .value(let v)?: return JSONWriter.serialize(v, pretty: false)
        default: return "?"
        }
    }

    @Test(arguments: [0, 1, 5, FieldSlots.denseLimit, FieldSlots.denseLimit + 1, 300])
    func readsAndWritesAsAnArray(count: Int) {
        var random = SplitMix64(seed: UInt64(count) &+ 17)
        var fields = FieldSlots(count: count)
        var model = [FieldValue?](repeating: nil, count: count)
        #expect(fields.count == count)
        for step in 0..<4 * max(count, 1) where count > 0 {
            let slot = Int.random(in: 0..<count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                fields[slot] = nil
                model[slot] = nil
            case 1:
                fields.update(slot) { $0 = .value(.string("u\(step)")) }
                if model[slot] != nil { model[slot] = .value(.string("u\(step)")) }
            default:
                fields[slot] = .value(.number(JSONNumber(step)))
                model[slot] = .value(.number(JSONNumber(step)))
            }
        }
        // Slots set in increasing order, as mapping does.
        for slot in stride(from: 0, to: count, by: 3) {
            fields[slot] = .value(.bool(true))
            model[slot] = .value(.bool(true))
        }
        #expect(fields.map(Self.describe) == model.map(Self.describe))
        #expect((0..<count).map { Self.describe(fields[$0]) } == model.map(Self.describe))
        let present = model.indices.filter { model[$0] != nil }
        #expect(fields.present.map { "\($0.slot)=\(Self.describe($0.field))" } == present.map { "\($0)=\(Self.describe(model[$0]))" })
        var visited: [String] = []
        fields.forEachPresent { visited.append("\($0)=\(Self.describe($1))") }
        #expect(visited == present.map { "\($0)=\(Self.describe(model[$0]))" })
        #expect(fields.presentCount == present.count)
    }

    /// A copy is a value: changing one leaves the other as it was.
    @Test(arguments: [4, 200])
    func copiesAreValues(count: Int) {
        var a = FieldSlots(count: count)
        a[1] = .value(.string("a"))
        var b = a
        b[1] = .value(.string("b"))
        b[3] = .value(.null)
        a.update(1) { $0 = .value(.string("a2")) }
        #expect(Self.describe(a[1]) == "\"a2\"" && Self.describe(b[1]) == "\"b\"")
        #expect(a[3] == nil && Self.describe(b[3]) == "null")
    }
}
