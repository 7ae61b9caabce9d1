/// A mapper's field names and type name as JSON text with their punctuation,
/// escaped once: JSON output copies these bytes instead of escaping every name
/// of every record. The cache of the JSON encoding, kept here on the output
/// side, not in the compiled mapper.
///
/// Each slot's name is held as `,"name": `, from which a member is one copy:
/// `,"name":` compact, `"name":` as an object's first member, `"name": ` pretty
/// (after its line break).
///
/// Immutable after `init`, and the memory is its own: safe to share between
/// threads, and read through pointers without retaining arrays per record.
final class EncodedMapperNames: @unchecked Sendable {
    let mapper: ObjectMapper
    /// The slots' members back to back, then `"@type":"Name"` and `"@type": "Name"`.
    private let text: UnsafeMutablePointer<UInt8>
    /// `starts[i]` is where slot `i`'s member begins; `starts[slotCount]` where
    /// the type members begin.
    private let starts: UnsafeMutablePointer<Int>
    private let slotCount: Int
    private let compactTypeCount: Int
    private let prettyTypeCount: Int

    init(_ mapper: ObjectMapper) {
        self.mapper = mapper
        var text: [UInt8] = []
        var starts: [Int] = []
        for slot in mapper.slots {
            starts.append(text.count)
            text.append(JSONByte.comma)
            text.append(contentsOf: JSONWriter.serialize(.string(slot.name), pretty: false).utf8)
            text.append(contentsOf: ": ".utf8)
        }
        starts.append(text.count)
        let quotedType = JSONWriter.serialize(.string(mapper.typeName), pretty: false)
        let compactType = Array(#""@type":"#.utf8) + Array(quotedType.utf8)
        let prettyType = Array(#""@type": "#.utf8) + Array(quotedType.utf8)
        text += compactType + prettyType
        self.slotCount = mapper.slots.count
        self.compactTypeCount = compactType.count
        self.prettyTypeCount = prettyType.count
        self.text = .allocate(capacity: text.count)
        self.text.initialize(from: text, count: text.count)
        self.starts = .allocate(capacity: starts.count)
        self.starts.initialize(from: starts, count: starts.count)
    }

    deinit {
        text.deallocate()
        starts.deallocate()
    }

    /// Appends slot `slot`'s name as a member's start: compact `,"name":` (no
    /// comma when `first`), pretty `"name": `.
    @inline(__always)
    func appendMember(_ slot: Int, first: Bool, pretty: Bool, to out: inout OutputBuffer) {
        let start = starts[slot]
        let end = starts[slot &+ 1]
        if pretty {
            out.append(text + (start &+ 1), count: end &- start &- 1)
        } else {
            let from = first ? start &+ 1 : start
            out.append(text + from, count: end &- 1 &- from)
        }
    }

    /// Appends `"@type":"Name"` (compact) or `"@type": "Name"` (pretty).
    @inline(__always)
    func appendTypeMember(pretty: Bool, to out: inout OutputBuffer) {
        let start = starts[slotCount]
        if pretty {
            out.append(text + (start &+ compactTypeCount), count: prettyTypeCount)
        } else {
            out.append(text + start, count: compactTypeCount)
        }
    }
}

/// The encoded names of every object mapper of a spec, shared, read-only,
/// by the pipeline's workers; a mapper's are made when a record of it is
/// first written. Made for every mapper when the sink was, a spec of 3,400
/// mappers spent 0.6 times its size on names most runs never write.
///
/// A lookup scans the identities of a spec's few mappers, and hashes them
/// past `scanned` (a scan per record of 3,400 was most of writing one). An
/// entry holds its mapper, so an identity is never reused while it is here.
final class EncodedNameIndex: Sendable {
    private final class Entry: Sendable {
        let mapper: ObjectMapper
        /// Made once, by whichever worker writes the mapper's first record.
        let names = LazyReference<EncodedMapperNames>()
        init(_ mapper: ObjectMapper) { self.mapper = mapper }
    }

    private let keys: [ObjectIdentifier]
    private let entries: [Entry]
    /// Positions by identity, for more than `scanned` mappers.
    private let positions: [ObjectIdentifier: Int]
    private static let scanned = 8

    static let empty = EncodedNameIndex(nil)

    init(_ graph: MappingGraph?) {
        entries = graph?.objectMappers.map(Entry.init) ?? []
        keys = entries.map { ObjectIdentifier($0.mapper) }
        var positions: [ObjectIdentifier: Int] = [:]
        if keys.count > Self.scanned {
            for (i, key) in keys.enumerated() where positions[key] == nil { positions[key] = i }
        }
        self.positions = positions
    }

    /// The entry for `mapper`, unretained (the index keeps it alive).
    @inline(__always)
    func find(_ mapper: ObjectMapper) -> Unmanaged<EncodedMapperNames>? {
        guard let i = position(of: ObjectIdentifier(mapper)) else { return nil }
        let entry = entries[i]
        return entry.names.value { EncodedMapperNames(entry.mapper) }
    }

    @inline(__always)
    private func position(of key: ObjectIdentifier) -> Int? {
        if keys.count > Self.scanned { return positions[key] }
        for i in keys.indices where keys[i] == key { return i }
        return nil
    }
}

/// Names of mappers a sink meets that its index does not hold (a sink made
/// without the spec), learned as records arrive; one sink, one thread.
final class EncodedNameTable {
    @exclusivity(unchecked) private var keys: [ObjectIdentifier] = []
    @exclusivity(unchecked) private var entries: [EncodedMapperNames] = []

    func names(of mapper: ObjectMapper) -> Unmanaged<EncodedMapperNames> {
        let key = ObjectIdentifier(mapper)
        if let i = keys.firstIndex(of: key) { return .passUnretained(entries[i]) }
        keys.append(key)
        entries.append(EncodedMapperNames(mapper))
        return .passUnretained(entries[entries.count - 1])
    }
}
