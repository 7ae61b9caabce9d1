/// The connections seen during a document (`SQLiteSinkPendingConnection`),
/// kept until its end as bytes: a plan and a mapper as their number in a
/// table, a slot, a position, an `_id` and a scalar value each in a few
/// bytes, in pieces of about 1 MiB (never one buffer that doubles). A
/// document of many records mapped whole keeps one per record, and as
/// values they took 64 bytes each, most of the memory SQLite output held
/// beyond the records themselves (about 0.9 times a document of small
/// records, against some 16 bytes a connection here). A connection whose
/// connected values are not all scalars (an array, an object, a record) is
/// kept as it is, and read back in its place.
struct SQLiteSinkPendingConnections: Sequence {
    private var plans: [SQLiteSinkPlan] = []
    private var planNumbers: [ObjectIdentifier: Int] = [:]
    private var mappers: [ObjectMapper] = []
    private var mapperNumbers: [ObjectIdentifier: Int] = [:]
    private var pieces: [[UInt8]] = []
    private var bytes: [UInt8] = []
    private var kept: [SQLiteSinkPendingConnection] = []

    static let pieceSize = 1 << 20

    var isEmpty: Bool { bytes.isEmpty && pieces.isEmpty }

    mutating func removeAll() { self = Self() }

    mutating func append(_ pending: SQLiteSinkPendingConnection) {
        guard Self.encodes(pending.target) else {
            bytes.append(Entry.kept)
            appendNumber(UInt64(kept.count))
            kept.append(pending)
            return finishEntry()
        }
        bytes.append(Entry.encoded)
        appendNumber(UInt64(number(of: pending.plan)))
        appendNumber(UInt64(UInt32(bitPattern: pending.slot)))
        appendNumber(UInt64(UInt32(bitPattern: pending.connection)))
        switch pending.parentKey {
        case .rowID(let id):
            bytes.append(Entry.rowID)
            appendNumber(UInt64(bitPattern: id))
        case .values(let values):
            bytes.append(Entry.values)
            appendNumber(UInt64(values.count))
            for value in values { append(value) }
        }
        switch pending.target {
        case .none: bytes.append(Entry.none)
        case .null: bytes.append(Entry.null)
        case .one(let record):
            bytes.append(Entry.one)
            append(record)
        case .many(let records):
            bytes.append(Entry.many)
            appendNumber(UInt64(records.count))
            for record in records { append(record) }
        }
        finishEntry()
    }

    /// Whether every value the target keeps is a scalar (or missing).
    private static func encodes(_ target: SQLiteSinkPendingConnection.Target) -> Bool {
        func scalar(_ field: FieldValue?) -> Bool {
            switch field {
            case nil, .value(.null)?, .value(.bool)?, .value(.number)?, .value(.string)?: return true
            default: return false
            }
        }
        func encodes(_ record: SQLiteSinkPendingConnection.ConnectedRecord) -> Bool {
            switch record.values {
            case .attribute(let field): return scalar(field)
            case .identity(let fields): return fields.allSatisfy(scalar)
            }
        }
        switch target {
        case .none, .null: return true
        case .one(let record): return encodes(record)
        case .many(let records): return records.allSatisfy(encodes)
        }
    }

    private mutating func finishEntry() {
        guard bytes.count >= Self.pieceSize else { return }
        pieces.append(bytes)
        bytes = []
        bytes.reserveCapacity(Self.pieceSize + Self.pieceSize / 4)
    }

    private mutating func number(of plan: SQLiteSinkPlan) -> Int {
        if let n = planNumbers[ObjectIdentifier(plan)] { return n }
        planNumbers[ObjectIdentifier(plan)] = plans.count
        plans.append(plan)
        return plans.count - 1
    }

    private mutating func append(_ record: SQLiteSinkPendingConnection.ConnectedRecord) {
        let id = ObjectIdentifier(record.mapper)
        if let n = mapperNumbers[id] {
            appendNumber(UInt64(n))
        } else {
            mapperNumbers[id] = mappers.count
            appendNumber(UInt64(mappers.count))
            mappers.append(record.mapper)
        }
        switch record.values {
        case .attribute(let field):
            bytes.append(Entry.attribute)
            append(field)
        case .identity(let fields):
            bytes.append(Entry.identity)
            appendNumber(UInt64(fields.count))
            for field in fields { append(field) }
        }
    }

    /// A missing or scalar field (`encodes`).
    private mutating func append(_ field: FieldValue?) {
        switch field {
        case .value(.null)?: bytes.append(Entry.null)
        case .value(.bool(let b))?: bytes.append(b ? Entry.trueValue : Entry.falseValue)
        case .value(.number(let n))?:
            bytes.append(Entry.number)
            appendText(n.text)
        case .value(.string(let s))?:
            bytes.append(Entry.string)
            appendText(s)
        default:
            bytes.append(Entry.missing)
        }
    }

    private mutating func append(_ value: SQLiteValue) {
        switch value {
        case .null: bytes.append(Entry.null)
        case .integer(let n):
            bytes.append(Entry.integer)
            appendNumber(UInt64(bitPattern: n))
        case .real(let d):
            bytes.append(Entry.real)
            appendNumber(d.bitPattern)
        case .text(let s):
            bytes.append(Entry.string)
            appendText(s)
        case .blob(let b):
            bytes.append(Entry.blob)
            appendNumber(UInt64(b.count))
            bytes.append(contentsOf: b)
        }
    }

    private mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            appendNumber(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Unsigned LEB128: seven bits a byte, low bits first.
    private mutating func appendNumber(_ n: UInt64) {
        var n = n
        while n >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: n) | 0x80)
            n >>= 7
        }
        bytes.append(UInt8(n))
    }

    private enum Entry {
        static let kept: UInt8 = 0, encoded: UInt8 = 1
        static let rowID: UInt8 = 0, values: UInt8 = 1
        static let none: UInt8 = 2, null: UInt8 = 3, one: UInt8 = 4, many: UInt8 = 5
        static let attribute: UInt8 = 6, identity: UInt8 = 7
        static let missing: UInt8 = 8, falseValue: UInt8 = 9, trueValue: UInt8 = 10, number: UInt8 = 11, string: UInt8 = 12
        static let integer: UInt8 = 13, real: UInt8 = 14, blob: UInt8 = 15
    }

    /// The connections in the order they were appended.
    struct Iterator: IteratorProtocol {
        fileprivate let list: SQLiteSinkPendingConnections
        fileprivate var piece = 0
        fileprivate var offset = 0

        mutating func next() -> SQLiteSinkPendingConnection? {
            while true {
                let bytes = piece < list.pieces.count ? list.pieces[piece] : list.bytes
                if offset < bytes.count {
                    var reader = Reader(bytes: bytes, offset: offset, list: list)
                    let entry = reader.entry()
                    offset = reader.offset
                    return entry
                }
                guard piece < list.pieces.count else { return nil }
                piece += 1
                offset = 0
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(list: self) }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int
        let list: SQLiteSinkPendingConnections

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func number() -> UInt64 {
            var n: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = byte()
                n |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return n }
                shift += 7
            }
        }

        mutating func text() -> String {
            let n = Int(number())
            defer { offset += n }
            return String(decoding: bytes[offset..<offset + n], as: UTF8.self)
        }

        mutating func entry() -> SQLiteSinkPendingConnection {
            guard byte() == Entry.encoded else { return list.kept[Int(number())] }
            let plan = list.plans[Int(number())]
            let slot = Int32(bitPattern: UInt32(number()))
            let connection = Int32(bitPattern: UInt32(number()))
            let parentKey: SQLiteSinkPendingConnection.ParentKey
            if byte() == Entry.rowID {
                parentKey = .rowID(Int64(bitPattern: number()))
            } else {
                parentKey = .values((0..<Int(number())).map { _ in value() })
            }
            let target: SQLiteSinkPendingConnection.Target
            switch byte() {
            case Entry.none: target = .none
            case Entry.null: target = .null
            case Entry.one: target = .one(record())
            default: target = .many((0..<Int(number())).map { _ in record() })
            }
            return SQLiteSinkPendingConnection(plan: plan, parentKey: parentKey, slot: slot, connection: connection, target: target)
        }

        mutating func record() -> SQLiteSinkPendingConnection.ConnectedRecord {
            let mapper = list.mappers[Int(number())]
            if byte() == Entry.attribute { return .init(mapper: mapper, values: .attribute(field())) }
            return .init(mapper: mapper, values: .identity((0..<Int(number())).map { _ in field() }))
        }

        mutating func field() -> FieldValue? {
            switch byte() {
            case Entry.null: return .value(.null)
            case Entry.falseValue: return .value(.bool(false))
            case Entry.trueValue: return .value(.bool(true))
            case Entry.number: return .value(.number(JSONNumber(text())))
            case Entry.string: return .value(.string(text()))
            default: return nil
            }
        }

        mutating func value() -> SQLiteValue {
            switch byte() {
            case Entry.null: return .null
            case Entry.integer: return .integer(Int64(bitPattern: number()))
            case Entry.real: return .real(Double(bitPattern: number()))
            case Entry.string: return .text(text())
            default:
                let n = Int(number())
                defer { offset += n }
                return .blob(Array(bytes[offset..<offset + n]))
            }
        }
    }
}
