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
        var sparse = HeldRecords(graph: graph, indexing: .none)
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

    /// A root holding lists made as bytes (`HeldFieldList` with its targets
    /// logged) takes them as they are, not a copy: the list comes back as
    /// the same object, and the records and the index read through it are
    /// those of the same roots held with plain lists. The first record of a
    /// value is the first in the document: one before the lists, in the
    /// first list rather than the second, nested in a list's record; two
    /// lists of several pieces each; values whose hashes meet (a hash of 7).
    /// A list that indexes its own targets (`.kept`), or whose targets
    /// nobody logged, is copied, as before.
    @Test(arguments: [false, true])
    func listsHeldAsBytesAreTakenAsTheyAre(poorHash: Bool) throws {
        let padding = String(repeating: "p", count: 60)
        func items(_ range: Range<Int>, indexing: HeldRecords.TargetIndex) -> (plain: FieldValue, held: HeldFieldList) {
            var builder = HeldFieldList.Builder(graph: Self.graph, indexing: indexing)
            var plain: [FieldValue] = []
            for i in range {
                let item = Self.item(
                    .number(JSONNumber(String(i % 9_000))), name: .string("n\(i)"), extra: .string(padding),
                    child: i % 10 == 0 ? Self.item(.string("c\(i)"), name: .string("child of \(i)")) : nil)
                plain.append(item)
                builder.append(item)
            }
            return (.many(FieldList(plain)), builder.finish())
        }
        func holder(_ hash: Bool) -> HeldRecords {
            hash ? HeldRecords(graph: Self.graph) { ($0.hashValue % 7 + 7) % 7 } : HeldRecords(graph: Self.graph)
        }
        let first = items(0..<20_000, indexing: .logged), second = items(20_000..<40_000, indexing: .logged)
        let kept = items(40_000..<40_100, indexing: .kept)
        // Before the lists: an item with id 5 (every list has one), and a root after them.
        let before = Self.item(.number(JSONNumber("5")), name: .string("before"))
        let after = Self.item(.string("only after"), name: .string("after"))
        func root(_ kids: FieldValue, _ extra: String) -> FieldValue { Self.item(.string(extra), kids: kids) }
        var adopted = holder(poorHash), copied = holder(poorHash)
        for (held, lists) in [(0, [first.held, second.held, kept.held]), (1, [first.plain, second.plain, kept.plain])] as [(Int, [Any])] {
            var records = held == 0 ? adopted : copied
            records.append(before)
            for (k, list) in lists.enumerated() {
                records.append(root(list as? FieldValue ?? .many(FieldList(held: list as! HeldFieldList)), "root \(k)"))
            }
            records.append(after)
            if held == 0 { adopted = records } else { copied = records }
        }
        #expect(first.held.byteCount > HeldRecords.pieceSize)
        // The same roots, in order; a held list given as the object made.
        var back: [[String]] = [[], []]
        var lists: [HeldFieldList] = []
        for (k, records) in [adopted, copied].enumerated() {
            records.forEach { entry in
                if case .root(let root) = entry { back[k].append(Self.describe(root)) }
            }
        }
        #expect(back[0] == back[1])
        #expect(back[0].count == 5)
        adopted.forEach(listsFrom: 0) { entry in
            guard case .root(.record(let r)) = entry, case .many(let list)? = r["kids"] else { return }
            if let held = list.heldValues as? HeldFieldList { lists.append(held) }
        }
        #expect(lists.count == 3)
        #expect(lists.count == 3 && lists[0] === first.held && lists[1] === second.held && lists[2] !== kept.held)
        // Every value the records have, and some none has, found alike.
        let same = Self.graph.objectMappers[0].connections[0]
        var keys: [MappingEngine.ConnectionKey] = ["5", "0", "8999", "1.0", "9000", "c0", "c19990", "c20000", "c39990", "c40000", "only after", "root 1", "c5"]
            .map { Double($0) != nil ? .number(JSONNumber($0)) : .string($0) }
        keys += (0..<9_000).filter { $0 % 97 == 0 }.map { .number(JSONNumber(String($0))) }
        keys += stride(from: 0, to: 40_100, by: 1_010).map { .string("c\($0)") }
        for key in keys {
            let found = adopted.first(same, key).map { Self.describe(.record(adopted.record(at: $0))) }
            let expected = copied.first(same, key).map { Self.describe(.record(copied.record(at: $0))) }
            #expect(found == expected, "\(key)")
        }
        #expect(adopted.first(same, .number(JSONNumber("5"))).map { Self.describe(.record(adopted.record(at: $0))) }
            == #"Item{5, "before", absent, absent, absent, absent}"#)
        #expect(adopted.first(same, .string("c20000")).map { Self.describe(.record(adopted.record(at: $0))) }
            == #"Item{"c20000", "child of 20000", absent, absent, absent, absent}"#)
        #expect(adopted.first(same, .number(JSONNumber("9000"))) == nil)
        // Not a copy: the bytes are the lists' and the few of the roots'.
        #expect(adopted.byteCount < first.held.byteCount + second.held.byteCount + kept.held.byteCount * 2 + 1_000)
        #expect(copied.byteCount > first.held.byteCount + second.held.byteCount)
    }

    /// A large array or object that many records hold (each item's
    /// `@parent.items.name`, one value computed for the parent) is held
    /// once: the records come back as they were, sharing it again, and the
    /// bytes are those of one copy, not one each. Large values of a
    /// record's own between them (more than the few remembered), small
    /// ones, and a value met again after many others are held as bytes,
    /// and come back as they were too, read whole or as a held list.
    @Test func aLargeValueManyRecordsHoldIsHeldOnce() throws {
        let names: JSONValue = .array((0..<2_000).map { JSONValue.string("name \($0)") })
        let members: JSONValue = .object(JSONObject((0..<40).map { ("k\($0)", JSONValue.number(JSONNumber(String($0)))) }))
        let compactText: [UInt8] = Array(("[" + (0..<100).map { String($0) }.joined(separator: ",") + "]").utf8)
        var builder = CompactBuilder()
        compactText.withUnsafeBytes { builder.append($0) }
        let compact: JSONValue = .compact(CompactJSON(kind: .array, builder: builder))
        let small: JSONValue = .array((0..<15).map { JSONValue.number(JSONNumber(String($0))) })
        let bytesOfNames = JSONWriter.serialize(names, pretty: false).utf8.count
        var roots: [FieldValue] = []
        for i in 0..<300 {
            // A value of its own: nine of them, met in turn, more than `recent` keeps.
            let own: JSONValue = .array((0..<20).map { JSONValue.string("own \(i % 9) \($0)") })
            let shared = [names, members, compact][i % 3]
            roots.append(Self.item(.number(JSONNumber("\(i)")), name: shared, extra: i % 2 == 0 ? own : small,
                                   kids: .many(FieldList([Self.item(.string("kid \(i)"), name: names)]))))
        }
        var held = HeldRecords(graph: Self.graph)
        for root in roots { held.append(root) }
        // One copy of each shared value, the records' own ones as bytes.
        #expect(held.byteCount < bytesOfNames + 150 * 20 * 12 + 300 * 200, "\(held.byteCount)")
        for lists in [nil, 0] as [Int?] {
            var back: [FieldValue] = []
            held.forEach(listsFrom: lists) { entry in
                if case .root(let root) = entry { back.append(root) }
            }
            #expect(back.map { Self.describe($0) } == roots.map { Self.describe($0) })
            // The first record's names were written as bytes; every later one shares one value.
            let storages = back.dropFirst(3).enumerated().compactMap { k, root -> UInt? in
                guard k % 3 == 0, case .record(let r) = root, case .value(.array(let a))? = r["name"] else { return nil }
                return a.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
            }
            #expect(storages.count == 99 && Set(storages).count == 1)
        }
        // The index still reads each record's id past nothing; a shared value in a later slot is skipped over.
        let same = Self.graph.objectMappers[0].connections[0]
        let position = try #require(held.first(same, .number(JSONNumber("299"))))
        #expect(Self.describe(.record(held.record(at: position))) == Self.describe(roots[299]))
    }
}
