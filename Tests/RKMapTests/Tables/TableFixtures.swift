import Foundation
@testable import RKMap

/// Hand-built mappers and records for sink tests: the sinks only read
/// `ObjectMapper.slots`, identification and modification slots, so the mapping
/// parts (properties, key paths) stay empty.
enum Fixture {
    enum Field {
        case attribute(String, ValueType? = nil)
        case relationship(String, AssignmentPolicy = .set, many: Bool? = nil)
        case connection(String, source: String, target: String, targetAttribute: String)
    }

    static let here = SourceLocation(line: 1, column: 1)

    static func mapper(
        _ type: String, entity: Bool = false, identification: [String] = [], modification: String? = nil,
        _ fields: [Field]
    ) -> ObjectMapper {
        var slots: [Slot] = []
        var connections: [Connection] = []
        for field in fields {
            switch field {
            case .attribute(let name, let type):
                slots.append(Slot(name: name, path: [name], kind: .attribute, type: type))
            case .relationship(let name, let policy, let many):
                let info = RelationshipInfo(mapper: 0, many: many, assignmentPolicy: policy)
                slots.append(Slot(name: name, path: [name], kind: .relationship(info), type: nil))
            case .connection(let name, let source, let target, let targetAttribute):
                let sourceSlot = slots.firstIndex { $0.name == source } ?? 0
                let c = Connection(
                    relationship: name, slot: slots.count, sourceSlot: sourceSlot, sourceAttribute: source,
                    targetType: target, targetAttribute: targetAttribute, location: here)
                connections.append(c)
                slots.append(Slot(name: name, path: [name], kind: .connection(c), type: nil))
            }
        }
        let index = { (name: String) in slots.firstIndex { $0.name == name }! }
        return ObjectMapper(
            id: type, typeName: type, isEntity: entity, identification: identification.map(index),
            modificationSlot: modification.map(index), slots: slots, keyAttributeSlot: nil, forceCollection: false,
            properties: [], connections: connections, defaults: [:], assignsDefaultValueForMissingAttributes: false,
            assignsNilForMissingRelationships: false, validations: [], dateFormats: [], location: here)
    }

    /// A record with the given fields set (others absent).
    static func record(_ mapper: ObjectMapper, _ fields: KeyValuePairs<String, FieldValue>) -> Record {
        var r = Record(mapper: mapper)
        for (name, value) in fields {
            guard let i = mapper.slotIndex(named: name) else { fatalError("no slot \(name) in \(mapper.typeName)") }
            r.fields[i] = value
        }
        return r
    }

    static let descriptor = Descriptor(
        index: 0, location: here, pathPattern: nil, keyPath: .empty, keyPathText: nil,
        statusCodes: .successful, methods: nil, rootMapper: 0)

    /// Runs one document per element of `documents` through `sink`, then finishes.
    static func run(_ sink: any RecordSink, _ documents: [[Record]], abandon: Set<Int> = []) throws {
        for (i, records) in documents.enumerated() {
            try sink.beginDocument(DocumentInfo(input: "test.json", index: i))
            for r in records { try sink.write(.record(r), descriptor: descriptor) }
            if abandon.contains(i) { try sink.abandonDocument() } else { try sink.endDocument() }
        }
        try sink.finish()
    }

    /// A fresh path in a fresh temporary directory.
    static func temporaryPath(_ name: String = "out.db") -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rkmap-tables-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    /// Query results as simple Swift values for `#expect`.
    static func query(_ path: String, _ sql: String) throws -> [[SQLiteValue]] {
        try SQLiteDatabase(path: path).rows(sql)
    }
}

extension FieldValue {
    static func int(_ i: Int) -> FieldValue { .value(.number(JSONNumber(i))) }
    static func number(_ text: String) -> FieldValue { .value(.number(JSONNumber(text))) }
    static func string(_ s: String) -> FieldValue { .value(.string(s)) }
    static func bool(_ b: Bool) -> FieldValue { .value(.bool(b)) }
    static var null: FieldValue { .value(.null) }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(nilLiteral: ()) { self = .null }
}
