/// A mapper's field names and type name as quoted JSON strings, escaped once:
/// JSON output copies these bytes instead of escaping every name of every
/// record. The cache of the JSON encoding, kept here on the output side, not in
/// the compiled mapper.
final class EncodedMapperNames: Sendable {
    let mapper: ObjectMapper
    /// Each slot's name, quoted, back to back; `ends[i]` is where slot `i`'s ends.
    let names: [UInt8]
    let ends: [Int]
    /// `"TypeName"`, quoted.
    let typeName: [UInt8]

    init(_ mapper: ObjectMapper) {
        self.mapper = mapper
        var names: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(mapper.slots.count)
        for slot in mapper.slots {
            names.append(contentsOf: JSONWriter.serialize(.string(slot.name), pretty: false).utf8)
            ends.append(names.count)
        }
        self.names = names
        self.ends = ends
        self.typeName = Array(JSONWriter.serialize(.string(mapper.typeName), pretty: false).utf8)
    }

    /// `"@type"`, quoted.
    static let typeKey: [UInt8] = Array(JSONWriter.serialize(.string("@type"), pretty: false).utf8)
}

/// The encoded names of every object mapper of a spec, made once when a sink
/// is made and shared, read-only, by the pipeline's workers.
///
/// Specs have a handful of mappers, so a lookup scans identities; an entry
/// holds its mapper, so an identity is never reused while it is here.
final class EncodedNameIndex: Sendable {
    private let keys: [ObjectIdentifier]
    private let entries: [EncodedMapperNames]

    static let empty = EncodedNameIndex(nil)

    init(_ graph: MappingGraph?) {
        entries = graph?.objectMappers.map(EncodedMapperNames.init) ?? []
        keys = entries.map { ObjectIdentifier($0.mapper) }
    }

    /// The entry for `mapper`, unretained (the index keeps it alive).
    @inline(__always)
    func find(_ mapper: ObjectMapper) -> Unmanaged<EncodedMapperNames>? {
        let key = ObjectIdentifier(mapper)
        for i in keys.indices where keys[i] == key { return .passUnretained(entries[i]) }
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
