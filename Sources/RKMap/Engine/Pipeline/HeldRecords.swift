/// A streamed document's root records, held until its end because connections
/// (docs/spec.md §3.4) may find their target anywhere in the document, later
/// ones included. They are kept as compact bytes rather than as records (a
/// record costs several times its input), with the records connections can
/// find indexed by where they are stored; at the document's end the writer
/// reads them back, fills their connections and writes them.
///
/// The bytes: per entry a tag, then a descriptor change (`descriptor`, the
/// position in `MappingEngine.applicable`) or a root `FieldValue`. Values are
/// tagged; lengths and counts are LEB128. Entries are stored in pieces of
/// about `pieceSize`, so holding a large document never copies what it has.
///
/// The index (`first`) keeps, per connection target (type and attribute), the
/// position of the first record with each value, by the value's hash: 16
/// bytes a record, where the values themselves would cost as much again as
/// the held records (they are read back from the records when two hashes
/// meet). Values whose hash an earlier, different value has are kept by
/// value (`collided`).
///
/// A large list held as bytes already (`HeldFieldList`, a document's large
/// relationship mapped from its held text) is not copied: the entry names
/// it (`adopted`), and its records, indexed from the targets its own
/// records logged as they were appended (`TargetIndex.logged`), are found
/// at positions of their own (`adoptedFlag`). A copy held the list twice
/// while the root was appended, with a 16-byte entry per target besides.
struct HeldRecords {
    static let pieceSize = 1 << 20

    /// What is kept of the records connections can find (the targets).
    enum TargetIndex {
        /// Nothing: `first` finds no record.
        case none
        /// The index `first` reads.
        case kept
        /// Where each target is and which table it belongs to, for the
        /// records of a document that takes this list whole to index
        /// (`append` of a list made so): a few bytes a target, where the
        /// index would cost about 40, and `first` finds none here.
        case logged
    }

    /// A position in an adopted list: the bit set, then the piece among
    /// every adopted list's pieces (`adoptedBase`) and the offset in it.
    static let adoptedFlag = 1 << 62

    private var pieces: [[UInt8]] = []
    private var current: [UInt8] = []
    private let mappers: [ObjectMapper]
    private let mapperIndex: [ObjectIdentifier: Int]
    /// The tables of each target type: its attribute, and the table's number.
    private let targets: [String: [(attribute: String, table: Int)]]
    /// Each table's target attribute.
    private let attributes: [String]
    /// How values are hashed (tests give a poor hash, to make values meet).
    private let hash: (MappingEngine.ConnectionKey) -> Int
    /// Per table: value hash → position of the first record with that hash.
    private var tables: [[Int: Int]]
    /// Per table: values met after another value with the same hash.
    private var collided: [[MappingEngine.ConnectionKey: Int]]
    /// The target records of the root being appended, in output order: it is
    /// indexed once all its bytes are there (`first` reads records back).
    /// Not the values themselves: they are read back from the bytes (a
    /// root mapped whole may hold every record of the document, and its
    /// values would cost several times the 16 bytes of each entry here).
    private var pending: [(position: Int, table: Int)] = []

    /// One entry, as `forEach` gives it.
    enum Entry {
        case descriptor(Int)
        case root(FieldValue)
        /// A nested array streamed (`WorkUnit.nested`) begins or ends.
        case nested(begin: Bool)
    }

    private enum Tag {
        static let absent: UInt8 = 0, null: UInt8 = 1, falseValue: UInt8 = 2, trueValue: UInt8 = 3
        static let number: UInt8 = 4, string: UInt8 = 5, array: UInt8 = 6, object: UInt8 = 7
        static let record: UInt8 = 8, many: UInt8 = 9, descriptor: UInt8 = 10
        static let nestedBegin: UInt8 = 11, nestedEnd: UInt8 = 12
        /// Before a record with a note (`Record.note`: one the output
        /// cannot store, or one with connections): the note's position in `notes`.
        static let noted: UInt8 = 13
        /// A compact array or object (`JSONValue.compact`): its kind's tag
        /// (`array` or `object`), then its text.
        static let compact: UInt8 = 14
        /// Before a record with connections (`Record.path`): the path's text.
        /// Written inline, not as a note object: every such record has one.
        static let placed: UInt8 = 15
        /// Among a record's fields: a count, then that many absent fields
        /// (a record of a wide mapper is mostly absent fields; a tag each
        /// would cost a byte per slot of its mapper).
        static let absentRun: UInt8 = 16
        /// A list held where it was made (`adopted`): its number.
        static let adopted: UInt8 = 17
        /// A large array or object held once for every record that holds
        /// it (`shared`): its number.
        static let shared: UInt8 = 18
    }
    /// The notes of held records (`Record.note`: a connected record's place, or why it cannot be stored).
    private var notes: [RecordNote] = []

    private let targetIndex: TargetIndex
    /// `.logged`: per target, its position's distance from the one before
    /// and its table, LEB128.
    private var log: [UInt8] = []
    private var lastLogged = 0
    /// The lists held as they were made (`Tag.adopted`), in order, and the
    /// number of the first piece of each among all their pieces.
    private var adopted: [HeldFieldList] = []
    private var adoptedBase: [Int] = []
    private var adoptedPieces = 0
    /// Large arrays and objects that more than one record holds, each
    /// held once, as the value itself (`Tag.shared`): each item's
    /// `@parent.items.name` is one array computed for their parent, and as
    /// bytes every record held a copy of it, memory the size of output
    /// quadratic in the array (2.2 GB for a 1 MB array). Read back, the
    /// records share it again, as they did when they were made.
    private var shared: [JSONValue] = []
    /// The last large values appended (`sharingIdentity`), kept so that
    /// their identity is no other value's while they are here, and the
    /// number of each in `shared` once it met again.
    private var recent: [(identity: UInt, value: JSONValue, shared: Int?)] = []
    /// How many large values `recent` keeps (the least recently met
    /// replaced): those a list's records share, a few, and any of their
    /// own between them.
    static let recentCapacity = 8
    /// Arrays and objects of at least this many elements or members (held
    /// as text, 8 bytes each) are looked for in `recent`.
    static let sharedMinimumCount = 16

    /// - Parameter indexing: what `first` may find (`.kept`: every target;
    ///   otherwise none).
    init(graph: MappingGraph, indexing: TargetIndex = .kept, hash: @escaping (MappingEngine.ConnectionKey) -> Int = { $0.hashValue }) {
        var targets: [String: [(attribute: String, table: Int)]] = [:]
        var attributes: [String] = []
        targetIndex = indexing
        for m in graph.objectMappers where indexing != .none {
            for c in m.connections where !(targets[c.targetType]?.contains { $0.attribute == c.targetAttribute } ?? false) {
                targets[c.targetType, default: []].append((c.targetAttribute, attributes.count))
                attributes.append(c.targetAttribute)
            }
        }
        self.targets = targets
        self.attributes = attributes
        self.hash = hash
        tables = Array(repeating: [:], count: attributes.count)
        collided = Array(repeating: [:], count: attributes.count)
        mappers = graph.objectMappers
        mapperIndex = Dictionary(uniqueKeysWithValues: graph.objectMappers.enumerated().map { (ObjectIdentifier($1), $0) })
        current.reserveCapacity(Self.pieceSize)
    }

    var isEmpty: Bool { pieces.isEmpty && current.isEmpty }

    /// A mapper of the spec (held records exist only for a spec with
    /// connections, so there is one), for a placeholder record.
    var someMapper: ObjectMapper { mappers[0] }

    /// The bytes of this list's own entries (not adopted lists'), in
    /// constant time: `filledBytes` of the full pieces, and the current one.
    var ownBytes: Int { filledBytes + current.count }
    private var filledBytes = 0

    /// The bytes held (for tests and memory accounting), adopted lists' too.
    var byteCount: Int { pieces.reduce(current.count) { $0 + $1.count } + adopted.reduce(0) { $0 + $1.byteCount } }

    /// The pieces positions may name: every full one, and the current one.
    private var pieceCount: Int { pieces.count + 1 }

    mutating func appendDescriptor(_ d: Int) {
        startEntry()
        current.append(Tag.descriptor)
        appendCount(d)
    }

    mutating func appendNested(begin: Bool) {
        startEntry()
        current.append(begin ? Tag.nestedBegin : Tag.nestedEnd)
    }

    /// Appends a root entry; returns where it starts (`field(at:)`).
    @discardableResult
    mutating func append(_ root: FieldValue) -> Int {
        startEntry()
        let start = position
        append(field: root)
        for (position, table) in pending {
            if table < 0 {
                indexAdopted(position)
            } else if targetIndex == .logged {
                log.appendLEB128(position - lastLogged)
                log.appendLEB128(table)
                lastLogged = position
            } else if let key = key(at: position, attribute: attributes[table]) {
                index(position, table: table, key: key)
            }
        }
        // A large root's list (a position a target record) is not kept for
        // the small roots that may follow: it would stay while the output
        // reads the records back (0.3 times a document of small targets).
        pending.removeAll(keepingCapacity: pending.capacity <= 1024)
        return start
    }

    /// The position of the first record of the connection's target whose
    /// target attribute has this value.
    func first(_ c: Connection, _ key: MappingEngine.ConnectionKey) -> Int? {
        guard let table = table(c) else { return nil }
        if let position = tables[table][hash(key)], self.key(at: position, attribute: c.targetAttribute) == key {
            return position
        }
        return collided[table][key]
    }


    /// Indexes the targets adopted list `k` logged, at their positions here.
    private mutating func indexAdopted(_ k: Int) {
        let list = adopted[k].records
        list.log.withUnsafeBufferPointer { log in
            var reader = Reader(bytes: log, mappers: [], notes: [], adopted: [], shared: [])
            var inner = 0
            while reader.offset < log.count {
                inner += reader.count()
                let table = reader.count()
                let position = Self.adoptedFlag | (adoptedBase[k] + inner >> 32) << 32 | inner & 0xFFFF_FFFF
                guard let key = list.key(at: inner, attribute: attributes[table]) else { continue }
                index(position, table: table, key: key)
            }
        }
    }

    /// Whether a list's records can be held where they are: made for this
    /// (their targets logged, or none wanted here), by the same mappers,
    /// with no notes or lists of their own to renumber, not yet connected.
    private func canAdopt(_ list: HeldFieldList) -> Bool {
        let records = list.records
        guard targetIndex != .logged, !list.isConnected, records.notes.isEmpty, records.adopted.isEmpty,
              targets.isEmpty || records.targetIndex == .logged, records.mappers.count == mappers.count
        else { return false }
        return zip(records.mappers, mappers).allSatisfy { $0 === $1 }
    }

    /// The adopted list a position is in, and the position there.
    private func adoptedLocation(_ position: Int) -> (records: HeldRecords, position: Int)? {
        guard position & Self.adoptedFlag != 0 else { return nil }
        let piece = (position & ~Self.adoptedFlag) >> 32
        // The last list whose first piece is at or before this one.
        var low = 0, high = adoptedBase.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if adoptedBase[middle] <= piece { low = middle } else { high = middle }
        }
        return (adopted[low].records, (piece - adoptedBase[low]) << 32 | position & 0xFFFF_FFFF)
    }

    private func table(_ c: Connection) -> Int? {
        targets[c.targetType]?.first(where: { $0.attribute == c.targetAttribute })?.table
    }

    private mutating func index(_ position: Int, table: Int, key: MappingEngine.ConnectionKey) {
        let hash = hash(key)
        guard let earlier = tables[table][hash] else {
            tables[table][hash] = position
            return
        }
        if self.key(at: earlier, attribute: attributes[table]) != key, collided[table][key] == nil {
            collided[table][key] = position
        }
    }

    /// The value a held record has for a target attribute, as connections
    /// compare it. Only that field is read (the fields before it are
    /// skipped): a record's relationships may hold a large subtree.
    private func key(at position: Int, attribute: String) -> MappingEngine.ConnectionKey? {
        if let (list, inner) = adoptedLocation(position) { return list.key(at: inner, attribute: attribute) }
        let piece = position >> 32
        let bytes = piece < pieces.count ? pieces[piece] : current
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, mappers: mappers, notes: notes, adopted: adopted, shared: shared)
            reader.offset = position & 0xFFFF_FFFF
            // A record's note (`Tag.noted` and its index, or `Tag.placed`
            // and a path) comes before its record tag.
            switch buffer[reader.offset] {
            case Tag.noted:
                reader.offset += 1
                _ = reader.count()
            case Tag.placed:
                reader.offset += 1
                reader.offset += reader.count()
            default:
                break
            }
            reader.offset += 1
            let mapper = mappers[reader.count()]
            guard let slot = mapper.slotIndex(named: attribute) else { return nil }
            var at = 0
            var next = reader.nextSlot(&at, of: mapper.slots.count)
            while let earlier = next, earlier < slot {
                reader.skipField()
                next = reader.nextSlot(&at, of: mapper.slots.count)
            }
            // A slot in a run of absent fields is passed over: the next one is later.
            guard next == slot, case .value(let value)? = reader.field() else { return nil }
            return MappingEngine.ConnectionKey(value)
        }
    }

    /// A new piece when this one is full: an entry never spans two, so a
    /// stored position is a piece and an offset in it.
    private mutating func startEntry() {
        guard current.count >= Self.pieceSize else { return }
        filledBytes += current.count
        pieces.append(current)
        current = []
        current.reserveCapacity(Self.pieceSize)
    }

    private var position: Int { pieces.count << 32 | current.count }

    private mutating func append(field value: FieldValue) {
        switch value {
        case .value(let v):
            append(value: v)
        case .record(let record):
            if let attributes = targets[record.typeName] {
                for (attribute, table) in attributes {
                    guard case .value(let v)? = record[attribute], MappingEngine.ConnectionKey(v) != nil else { continue }
                    pending.append((position, table))
                }
            }
            if let note = record.note {
                if note.unstorable == nil, let path = note.path {
                    current.append(Tag.placed)
                    appendText(path)
                } else {
                    current.append(Tag.noted)
                    appendCount(notes.count)
                    notes.append(note)
                }
            }
            current.append(Tag.record)
            appendCount(mapperIndex[ObjectIdentifier(record.mapper)]!)
            var next = 0
            record.fields.forEachPresent { slot, field in
                appendAbsent(slot - next)
                append(field: field)
                next = slot + 1
            }
            appendAbsent(record.fields.count - next)
        case .many(let list):
            if let held = list.heldValues as? HeldFieldList, canAdopt(held) {
                current.append(Tag.adopted)
                appendCount(adopted.count)
                if !targets.isEmpty { pending.append((adopted.count, -1)) }
                adopted.append(held)
                adoptedBase.append(adoptedPieces)
                adoptedPieces += held.records.pieceCount
                return
            }
            current.append(Tag.many)
            appendCount(list.count)
            if let held = list.heldValues as? HeldFieldList {
                // Its records take about the bytes they take there: room
                // made once, where growing by doubling would copy a large
                // root's bytes again and again and leave up to twice them.
                current.reserveCapacity(current.count + held.byteCount)
            }
            for item in list { append(field: item) }
        }
    }

    /// `n` absent fields of a record: a tag each, or a run.
    private mutating func appendAbsent(_ n: Int) {
        if n > 2 {
            current.append(Tag.absentRun)
            appendCount(n)
        } else {
            for _ in 0..<n { current.append(Tag.absent) }
        }
    }

    private mutating func append(value: JSONValue) {
        if let identity = Self.sharingIdentity(value), let index = sharedIndex(of: value, identity: identity) {
            current.append(Tag.shared)
            appendCount(index)
            return
        }
        switch value {
        case .compact(let c):
            current.append(Tag.compact)
            current.append(c.kind == .array ? Tag.array : Tag.object)
            c.withUnsafeBytes { text in
                appendCount(text.count)
                current.append(contentsOf: text)
            }
        case .null: current.append(Tag.null)
        case .bool(let b): current.append(b ? Tag.trueValue : Tag.falseValue)
        case .number(let n):
            current.append(Tag.number)
            appendText(n.text)
        case .string(let s):
            current.append(Tag.string)
            appendText(s)
        case .array(let items):
            current.append(Tag.array)
            appendCount(items.count)
            for item in items { append(value: item) }
        case .object(let object):
            current.append(Tag.object)
            appendCount(object.count)
            for member in object.members {
                appendText(member.key)
                append(value: member.value)
            }
        }
    }

    /// The storage of a large array or object, which identifies it while
    /// it is held (`recent`); nil for any other value.
    private static func sharingIdentity(_ value: JSONValue) -> UInt? {
        switch value {
        case .array(let items) where items.count >= sharedMinimumCount:
            return items.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
        case .object(let object) where object.count >= sharedMinimumCount:
            return object.storage
        case .compact(let compact) where compact.count >= sharedMinimumCount * 8:
            return UInt(bitPattern: ObjectIdentifier(compact))
        default:
            return nil
        }
    }

    /// The number of `value` in `shared` when it was appended before
    /// (made shared now if it was not yet); nil the first time, when it is
    /// written as bytes and remembered in `recent`.
    private mutating func sharedIndex(of value: JSONValue, identity: UInt) -> Int? {
        if let i = recent.firstIndex(where: { $0.identity == identity }) {
            // The last met last: the least recently met is the one replaced.
            var entry = recent.remove(at: i)
            if entry.shared == nil {
                entry.shared = shared.count
                shared.append(value)
            }
            recent.append(entry)
            return entry.shared
        }
        if recent.count == Self.recentCapacity { recent.removeFirst() }
        recent.append((identity, value, nil))
        return nil
    }

    private mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            appendCount(bytes.count)
            current.append(contentsOf: bytes)
        }
    }

    private mutating func appendCount(_ n: Int) { current.appendLEB128(n) }

    /// Every entry in the order it was appended.
    /// - Parameter listsFrom: a list of two or more records whose bytes span
    ///   at least this many is given as those bytes (`HeldFieldList`, each
    ///   record made when it is read), not as records: a root that holds a
    ///   large list is then never made whole. Nil: every list is made.
    func forEach(listsFrom: Int? = nil, _ body: (Entry) throws -> Void) rethrows {
        for (index, piece) in (pieces + [current]).enumerated() {
            try piece.withUnsafeBufferPointer { buffer in
                var reader = Reader(bytes: buffer, mappers: mappers, notes: notes, adopted: adopted, shared: shared)
                reader.lists = listsFrom.map { ListSource(piece: index, records: self, fromBytes: $0) }
                while reader.offset < buffer.count {
                    let tag = buffer[reader.offset]
                    if tag == Tag.descriptor {
                        reader.offset += 1
                        try body(.descriptor(reader.count()))
                    } else if tag == Tag.nestedBegin || tag == Tag.nestedEnd {
                        reader.offset += 1
                        try body(.nested(begin: tag == Tag.nestedBegin))
                    } else {
                        try body(.root(reader.field()!))
                    }
                }
            }
        }
    }

    /// The root entry stored at a position `append` gave, as it was appended.
    func field(at position: Int) -> FieldValue {
        if let (list, inner) = adoptedLocation(position) { return list.field(at: inner) }
        let piece = position >> 32
        let bytes = piece < pieces.count ? pieces[piece] : current
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, mappers: mappers, notes: notes, adopted: adopted, shared: shared)
            reader.offset = position & 0xFFFF_FFFF
            guard let field = reader.field() else { preconditionFailure("no entry at \(position)") }
            return field
        }
    }

    /// The record stored at a position `first` gave, as it was appended.
    func record(at position: Int) -> Record {
        guard case .record(let record) = field(at: position) else { preconditionFailure("no record at \(position)") }
        return record
    }

    /// Where a reader's large lists stay as bytes (`forEach(listsFrom:)`).
    private struct ListSource {
        let piece: Int
        let records: HeldRecords
        let fromBytes: Int
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let mappers: [ObjectMapper]
        let notes: [RecordNote]
        let adopted: [HeldFieldList]
        let shared: [JSONValue]
        var offset = 0
        var lists: ListSource?

        init(bytes: UnsafeBufferPointer<UInt8>, mappers: [ObjectMapper], notes: [RecordNote], adopted: [HeldFieldList], shared: [JSONValue]) {
            self.bytes = bytes
            self.mappers = mappers
            self.notes = notes
            self.adopted = adopted
            self.shared = shared
        }

        mutating func count() -> Int {
            bytes.readLEB128(at: &offset)
        }

        mutating func text() -> String {
            let n = count()
            defer { offset += n }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + n]), as: UTF8.self)
        }

        /// The next slot of a record whose field is written (`at` onwards),
        /// moving past runs of absent ones (`Tag.absentRun`); nil at the
        /// record's end. The caller reads or skips that field.
        mutating func nextSlot(_ at: inout Int, of slots: Int) -> Int? {
            while at < slots, bytes[offset] == Tag.absentRun {
                offset += 1
                at += count()
            }
            guard at < slots else { return nil }
            defer { at += 1 }
            return at
        }

        /// Moves past a field without making it.
        mutating func skipField() {
            let tag = bytes[offset]
            offset += 1
            switch tag {
            case Tag.absent, Tag.null, Tag.falseValue, Tag.trueValue:
                return
            case Tag.number, Tag.string:
                offset += count()
            case Tag.compact:
                offset += 1
                offset += count()
            case Tag.array, Tag.many:
                for _ in 0..<count() { skipField() }
            case Tag.object:
                for _ in 0..<count() {
                    offset += count()
                    skipField()
                }
            case Tag.record:
                let slots = mappers[count()].slots.count
                var at = 0
                while nextSlot(&at, of: slots) != nil { skipField() }
            case Tag.noted:
                _ = count()
                skipField()
            case Tag.adopted, Tag.shared:
                _ = count()
            case Tag.placed:
                offset += count()
                skipField()
            default:
                preconditionFailure("held records: unknown tag \(tag)")
            }
        }

        /// A field, or nil for an absent one.
        mutating func field() -> FieldValue? {
            switch bytes[offset] {
            case Tag.absent:
                offset += 1
                return nil
            case Tag.record:
                offset += 1
                var record = Record(mapper: mappers[count()])
                var at = 0
                while let slot = nextSlot(&at, of: record.fields.count) {
                    if let field = field() { record.fields[slot] = field }
                }
                return .record(record)
            case Tag.noted:
                offset += 1
                let note = notes[count()]
                guard case .record(var record)? = field() else { preconditionFailure("held records: a note without its record") }
                record.note = note
                return .record(record)
            case Tag.placed:
                offset += 1
                let path = text()
                guard case .record(var record)? = field() else { preconditionFailure("held records: a path without its record") }
                record.path = path
                return .record(record)
            case Tag.many:
                offset += 1
                let n = count()
                if let lists, n > 1 {
                    let begin = offset
                    var starts: [Int] = []
                    starts.reserveCapacity(n)
                    for _ in 0..<n {
                        starts.append(lists.piece << 32 | offset)
                        skipField()
                    }
                    if offset - begin >= lists.fromBytes {
                        return .many(FieldList(held: HeldFieldList(records: lists.records, starts: starts)))
                    }
                    offset = begin
                }
                var list: [FieldValue] = []
                list.reserveCapacity(n)
                for _ in 0..<n { list.append(field()!) }
                return .many(FieldList(list))
            case Tag.adopted:
                offset += 1
                let list = adopted[count()]
                if let lists, list.count > 1, list.byteCount >= lists.fromBytes { return .many(FieldList(held: list)) }
                return .many(FieldList((0..<list.count).map(list.element(at:))))
            default:
                return .value(value())
            }
        }

        mutating func value() -> JSONValue {
            let tag = bytes[offset]
            offset += 1
            switch tag {
            case Tag.null: return .null
            case Tag.falseValue: return .bool(false)
            case Tag.trueValue: return .bool(true)
            case Tag.number: return .number(JSONNumber(text()))
            case Tag.string: return .string(text())
            case Tag.shared: return shared[count()]
            case Tag.compact:
                let kind: JSONKind = bytes[offset] == Tag.array ? .array : .object
                offset += 1
                let n = count()
                defer { offset += n }
                var builder = CompactBuilder()
                builder.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[offset..<offset + n])))
                return .compact(CompactJSON(kind: kind, builder: builder))
            case Tag.array:
                let n = count()
                var items: [JSONValue] = []
                items.reserveCapacity(n)
                for _ in 0..<n { items.append(value()) }
                return .array(items)
            case Tag.object:
                let n = count()
                var members: [JSONObject.Member] = []
                members.reserveCapacity(n)
                for _ in 0..<n {
                    let key = text()
                    members.append(JSONObject.Member(key: key, value: value()))
                }
                return .object(JSONObject(uniqueMembers: members))
            default:
                preconditionFailure("held records: unknown tag \(tag)")
            }
        }
    }
}
