import Testing
@testable import RKMap

/// What the SQLite sink keeps until a document's end, in compact form
/// (`SQLiteSinkPendingConnections`, `SQLiteChildRows`): read back, every
/// entry is the one appended, in order, across pieces and runs, whatever
/// its keys and values.
@Suite struct SQLiteSinkPendingTests {
    static let graph = SpecLoader.load(bytes: Array(#"""
        {"keyPath": "", "root-map-ref": "item", "mappers": [
          {"id": "item", "target": "Item", "attributes": {"id": "id", "ref": "ref"},
           "connections": [{"relationship": "next", "sourceAttribute": "ref", "target": "Item", "targetAttribute": "id"}]},
          {"id": "person", "target": "Person", "entity": "YES", "identification": ["a", "b"], "attributes": {"a": "a", "b": "b"}}]}
        """#.utf8), file: "spec.json").graph!

    static func mapper(_ id: String) -> ObjectMapper {
        graph.mappers.compactMap { if case .object(let m) = $0 { m } else { nil } }.first { $0.id == id }!
    }

    static func table(_ name: String) -> SQLiteSinkTable {
        SQLiteSinkTable(name: name, keyColumns: ["_id"], keyTypes: [.integer], usesRowID: true, columns: [:])
    }

    /// A pending connection's parts as text, to compare two.
    static func described(_ p: SQLiteSinkPendingConnection) -> String {
        func field(_ f: FieldValue?) -> String {
            switch f {
            case nil: return "missing"
            case .value(let v)?: return "\(v)"
            case .record?: return "record"
            case .many?: return "many"
            }
        }
        func record(_ r: SQLiteSinkPendingConnection.ConnectedRecord) -> String {
            switch r.values {
            case .attribute(let f): return "\(ObjectIdentifier(r.mapper)) attribute \(field(f))"
            case .identity(let fs): return "\(ObjectIdentifier(r.mapper)) identity \(fs.map(field))"
            }
        }
        let parent: String
        switch p.parentKey {
        case .rowID(let id): parent = "rowID \(id)"
        case .values(let values): parent = "values \(values)"
        }
        let target: String
        switch p.target {
        case .none: target = "none"
        case .null: target = "null"
        case .one(let r): target = "one " + record(r)
        case .many(let rs): target = "many \(rs.map(record))"
        }
        return "\(ObjectIdentifier(p.plan)) \(p.slot) \(p.connection) \(parent) \(target)"
    }

    @Test func pendingConnectionsReadBackAsAppendedAcrossPieces() {
        let item = Self.mapper("item"), person = Self.mapper("person")
        let plans = [
            SQLiteSinkPlan(mapper: item, table: Self.table("Item"), hasIdentity: false),
            SQLiteSinkPlan(mapper: person, table: Self.table("Person"), hasIdentity: true),
        ]
        let values: [FieldValue?] = [
            nil, .value(.null), .value(.bool(true)), .value(.bool(false)), .value(.number(JSONNumber("12345678901234567890.50"))),
            .value(.number(JSONNumber("-0"))), .value(.string("")), .value(.string("é\u{0}\"x")),
        ]
        let kept: [FieldValue?] = [
            .value(.array([.number(JSONNumber(1))])), .value(.object(JSONObject())), .record(Record(mapper: item)),
        ]
        let parents: [SQLiteSinkPendingConnection.ParentKey] = [
            .rowID(1), .rowID(-5), .rowID(Int64.max), .rowID(Int64.min),
            .values([.integer(-1), .real(-0.5), .text("k"), .blob([0, 255]), .null]), .values([]),
        ]
        var expected: [SQLiteSinkPendingConnection] = []
        var list = SQLiteSinkPendingConnections()
        #expect(list.isEmpty)
        var i = 0
        // Enough entries for several pieces of 1 MiB.
        while expected.count < 150_000 {
            let target: SQLiteSinkPendingConnection.Target
            switch i % 6 {
            case 0: target = .none
            case 1: target = .null
            case 2: target = .one(.init(mapper: item, values: .attribute(values[i % values.count])))
            case 3: target = .one(.init(mapper: person, values: .identity([values[i % values.count], values[(i / 7) % values.count]])))
            case 4: target = .many((0..<(i % 4)).map { .init(mapper: item, values: .attribute(values[($0 + i) % values.count])) })
            default:
                // Not all scalars: kept as it is, in its place.
                target = i % 1000 == 5
                    ? .one(.init(mapper: item, values: .attribute(kept[(i / 1000) % kept.count])))
                    : .one(.init(mapper: item, values: .attribute(.value(.string(String(repeating: "v", count: i % 40))))))
            }
            let p = SQLiteSinkPendingConnection(
                plan: plans[i % 2], parentKey: parents[i % parents.count], slot: Int32(i % 3), connection: Int32(i % 5 == 0 ? 0 : 1),
                target: target)
            expected.append(p)
            list.append(p)
            i += 1
        }
        let read = Array(list)
        #expect(read.count == expected.count)
        var mismatches = 0
        for (a, b) in zip(read, expected) where Self.described(a) != Self.described(b) { mismatches += 1 }
        #expect(mismatches == 0)
        #expect(!list.isEmpty)
        list.removeAll()
        #expect(list.isEmpty)
        #expect(Array(list).isEmpty)
    }

    @Test func childRowsReadBackAsAppendedAcrossRunsAndKinds() {
        let a = Self.table("A"), b = Self.table("B")
        let keys: [[SQLiteValue]] = [
            [.integer(3)], [.integer(-1)], [.text("x")], [], [.integer(1), .text("y")], [.real(1.5)], [.integer(Int64.max)],
        ]
        var expected: [SQLiteSink.RowRef] = []
        var rows = SQLiteChildRows()
        #expect(rows.isEmpty && rows.firstTable == nil && Array(rows).isEmpty)
        for i in 0..<20_000 {
            // Runs of one table and one kind of key, and changes of either.
            let ref: SQLiteSink.RowRef = ((i / 3) % 2 == 0 ? a : b, i % 11 < 8 ? [.integer(Int64(i))] : keys[i % keys.count])
            expected.append(ref)
            rows.append(ref)
        }
        #expect(rows.count == expected.count)
        #expect(rows.firstTable === a)
        let read = Array(rows)
        #expect(read.count == expected.count)
        #expect(zip(read, expected).allSatisfy { $0.table === $1.table && $0.key == $1.key })
        #expect(Array(SQLiteChildRows(expected)).elementsEqual(read) { $0.table === $1.table && $0.key == $1.key })
    }
}
