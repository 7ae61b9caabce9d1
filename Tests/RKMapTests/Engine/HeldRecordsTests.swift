import Testing
@testable import RKMap

/// `HeldRecords` gives back every record as it was held: values of every JSON
/// kind (numbers as written, strings with any character), absent fields apart
/// from null ones, nested records and arrays of arrays, in order, across
/// pieces; and the position of the first record of each target value.
@Suite struct HeldRecordsTests {
    static let graph: MappingGraph = {
        let spec = """
        {"keyPath": "items", "mappers": [
          {"id": "item", "target": "Item", "attributes": ["id", "name", "extra"],
           "relationships": [{"from": "child", "to": "child", "map-ref": "item"}, {"from": "kids", "to": "kids", "map-ref": "item"}],
           "connections": [{"relationship": "same", "sourceAttribute": "name", "target": "Item", "targetAttribute": "id"}]}]}
        """
        return SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph!
    }()

    /// A text form that tells every difference a record can have.
    static func describe(_ value: FieldValue?) -> String {
        switch value {
        case nil: return "absent"
        case .value(let v)?: return JSONWriter.serialize(v, pretty: false)
        case .many(let list)?: return "many(" + list.map { describe($0) }.joined(separator: ", ") + ")"
        case .record(let r)?: return r.typeName + "{" + r.fields.map { describe($0) }.joined(separator: ", ") + "}"
        }
    }

    static func item(_ id: JSONValue, name: JSONValue? = nil, extra: JSONValue? = nil, child: FieldValue? = nil, kids: FieldValue? = nil) -> FieldValue {
        let mapper = graph.objectMappers[0]
        var record = Record(mapper: mapper)
        record.fields[mapper.slotIndex(named: "id")!] = .value(id)
        if let name { record.fields[mapper.slotIndex(named: "name")!] = .value(name) }
        if let extra { record.fields[mapper.slotIndex(named: "extra")!] = .value(extra) }
        record.fields[mapper.slotIndex(named: "child")!] = child
        record.fields[mapper.slotIndex(named: "kids")!] = kids
        return .record(record)
    }

    @Test func recordsComeBackAsTheyWere() throws {
        let nested: JSONValue = .object(JSONObject([
            ("big", .number(JSONNumber("123456789012345678901234567890"))), ("frac", .number(JSONNumber("4.0"))),
            ("e", .number(JSONNumber("-1.5E+300"))), ("list", .array([.null, .bool(true), .bool(false), .string("")])),
            ("", .object(JSONObject())),
        ]))
        let roots: [FieldValue] = [
            Self.item(.number(JSONNumber("1")), name: .string("café ✓ 日本 \u{1F600} \"quoted\"\n"), extra: nested),
            Self.item(.string("2"), name: .null, child: Self.item(.number(JSONNumber("3"))), kids: .many([])),
            .many([Self.item(.bool(true)), .many([Self.item(.string(String(repeating: "x", count: 300)))]), .value(.null)]),
            Self.item(.number(JSONNumber("5")), kids: .many([Self.item(.number(JSONNumber("6")), extra: .array([]))])),
        ]
        var held = HeldRecords(graph: Self.graph)
        held.appendDescriptor(0)
        for root in roots { held.append(root) }
        held.appendDescriptor(3)
        held.appendNested(begin: true)
        held.append(roots[0])
        held.appendNested(begin: false)
        var back: [String] = []
        held.forEach { entry in
            switch entry {
            case .descriptor(let d): back.append("descriptor \(d)")
            case .root(let root): back.append(Self.describe(root))
            case .nested(let begin): back.append(begin ? "[" : "]")
            }
        }
        #expect(back == ["descriptor 0"] + roots.map { Self.describe($0) } + ["descriptor 3", "[", Self.describe(roots[0]), "]"])
        #expect(back[1].contains(#""big":123456789012345678901234567890,"frac":4.0,"e":-1.5E+300"#))
        #expect(back[2] == #"Item{"2", null, absent, Item{3, absent, absent, absent, absent, absent}, many(), absent}"#)
    }

    /// Thousands of records fill several pieces: each comes back in order, and
    /// the index finds the first record with each id (ids repeat), nested or
    /// not; also when values' hashes meet (a hash of 7 values: most values
    /// are then found by value, not by hash).
    @Test(arguments: [false, true])
    func manyRecordsAcrossPieces(poorHash: Bool) throws {
        var held = poorHash
            ? HeldRecords(graph: Self.graph) { ($0.hashValue % 7 + 7) % 7 } : HeldRecords(graph: Self.graph)
        let count = 40_000
        let padding = String(repeating: "p", count: 60)
        for i in 0..<count {
            let id = JSONValue.number(JSONNumber(String(i % 30_000)))
            held.append(Self.item(id, name: .string("n\(i)"), extra: .string(padding), child: Self.item(.string("c\(i)"))))
        }
        #expect(held.byteCount > 2 * HeldRecords.pieceSize)
        var seen = 0
        held.forEach { entry in
            guard case .root(.record(let r)) = entry, case .value(.string(let name))? = r["name"] else { return }
            if name == "n\(seen)" { seen += 1 }
        }
        #expect(seen == count)
        let same = Self.graph.objectMappers[0].connections[0]
        for (value, name) in [("0", "n0"), ("29999", "n29999"), ("1.0", "n1"), ("1e4", "n10000")] {
            let position = try #require(held.first(same, .number(JSONNumber(value))))
            #expect(held.record(at: position)["name"].map { Self.describe($0) } == "\"\(name)\"")
        }
        for i in stride(from: 0, to: 40_000, by: 997) {
            let position = try #require(held.first(same, .string("c\(i)")))
            #expect(held.record(at: position)["id"].map { Self.describe($0) } == "\"c\(i)\"")
        }
        let nested = try #require(held.first(same, .string("c39999")))
        #expect(Self.describe(.record(held.record(at: nested))) == #"Item{"c39999", absent, absent, absent, absent, absent}"#)
        #expect(held.first(same, .number(JSONNumber("2.0"))).map { Self.describe(.record(held.record(at: $0))) } == #"Item{2, "n2", "\#(padding)", Item{"c2", absent, absent, absent, absent, absent}, absent, absent}"#)
        #expect(held.first(same, .string("2")) == nil)
        #expect(held.first(same, .string("30000")) == nil)
        #expect(held.first(same, .number(JSONNumber("30000"))) == nil)
    }

    /// A wide mapper's records are mostly absent fields, held as runs: each
    /// comes back with its fields in their slots, and the index finds a
    /// target value after a run and in the last slot, also when values'
    /// hashes meet and are compared from the bytes.
    @Test(arguments: [false, true])
    func wideRecordsComeBackAsTheyWere(poorHash: Bool) throws {
        let names = (0..<120).map { "a\($0)" }
        let attributes = (names[..<60] + ["id"] + names[60...] + ["last"]).map { "\"\($0)\"" }.joined(separator: ", ")
        let spec = """
            {"mappers": [{"id": "w", "target": "W", "attributes": [\(attributes)],
              "connections": [{"relationship": "same", "sourceAttribute": "a0", "target": "W", "targetAttribute": "id"},
                              {"relationship": "other", "sourceAttribute": "a1", "target": "W", "targetAttribute": "last"}]}]}
            """
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        let mapper = graph.objectMappers[0]
        #expect(mapper.slots.count > FieldSlots.denseLimit)
        let patterns: [[Int]] = [[], [60], [0, 60], [0, 1, 2, 3, 60, 120], [59, 61], [1, 3, 6, 10, 60, 119, 121], Array(0...121)]
        // A poor hash makes values meet: each is then read back from its record's bytes.
        var held = poorHash ? HeldRecords(graph: graph) { ($0.hashValue % 2 + 2) % 2 } : HeldRecords(graph: graph)
        var roots: [FieldValue] = []
        for (k, slots) in patterns.enumerated() {
            var record = Record(mapper: mapper)
            for slot in slots { record.fields[slot] = .value(.string("\(k).\(slot)")) }
            roots.append(.record(record))
            _ = held.append(.record(record))
        }
        var back: [String] = []
        held.forEach { entry in
            if case .root(let root) = entry { back.append(Self.describe(root)) }
        }
        #expect(back == roots.map { Self.describe($0) })
        // A record of three fields holds a few bytes, not one per slot.
        var sparse = HeldRecords(graph: graph, indexing: false)
        for _ in 0..<1_000 { _ = sparse.append(roots[2]) }
        #expect(sparse.byteCount < 1_000 * 40)
        let same = mapper.connections[0]
        for (k, slots) in patterns.enumerated() where slots.contains(60) {
            let position = try #require(held.first(same, .string("\(k).60")))
            #expect(Self.describe(.record(held.record(at: position))) == Self.describe(roots[k]))
        }
        #expect(held.first(same, .string("4.60")) == nil)
        // The last slot, written or in the record's last run of absent fields.
        let other = mapper.connections[1]
        for k in [5, 6] {
            let position = try #require(held.first(other, .string("\(k).121")))
            #expect(Self.describe(.record(held.record(at: position))) == Self.describe(roots[k]))
        }
        #expect(held.first(other, .string("3.121")) == nil)
        #expect(held.first(other, .string("3.120")) == nil)
    }
}
