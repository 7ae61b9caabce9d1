/// Writes records as JSON objects (SPEC §10.1): `"@type"` first (unless
/// `--no-type`), then present fields in slot order. Destinations with dots build
/// nested objects placed where their first written field is.
struct RecordEncoder {
    var includeType: Bool

    /// A field as compact JSON text, exactly as the tree output writes it
    /// (CSV cells of to-many relationships).
    func compactText(of value: FieldValue) -> String {
        var w = JSONWriter(pretty: false)
        write(value, to: &w, indent: 0)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    func write(_ value: FieldValue, to w: inout JSONWriter, indent: Int) {
        switch value {
        case .value(let v):
            w.write(v, indent: indent)
        case .record(let record):
            write(record, to: &w, indent: indent)
        case .many(let list):
            guard !list.isEmpty else {
                w.bytes.append(contentsOf: Self.emptyArray)
                return
            }
            w.bytes.append(UInt8(ascii: "["))
            for (i, element) in list.enumerated() {
                if i > 0 { w.bytes.append(UInt8(ascii: ",")) }
                w.writeNewline(indent: indent + 1)
                write(element, to: &w, indent: indent + 1)
            }
            w.writeNewline(indent: indent)
            w.bytes.append(UInt8(ascii: "]"))
        }
    }

    func write(_ record: Record, to w: inout JSONWriter, indent: Int) {
        var first = true
        let mapper = record.mapper
        w.bytes.append(UInt8(ascii: "{"))
        if includeType {
            member(mapper.encodedTypeKey[...], first: &first, to: &w, indent: indent)
            w.bytes.append(contentsOf: mapper.encodedTypeName)
        }
        if mapper.hasNestedDestinations {
            for entry in Self.nest(record) { write(entry, first: &first, to: &w, indent: indent) }
        } else {
            // Fast path: flat destinations are written straight from the slots,
            // with names escaped once per mapper, not once per record.
            mapper.encodedNames.withUnsafeBufferPointer { names in
                record.fields.withUnsafeBufferPointer { fields in
                    var nameStart = 0
                    for i in fields.indices {
                        let nameEnd = mapper.encodedNameEnds[i]
                        defer { nameStart = nameEnd }
                        guard let field = fields[i] else { continue }
                        member(names[nameStart..<nameEnd], first: &first, to: &w, indent: indent)
                        write(field, to: &w, indent: indent + 1)
                    }
                }
            }
        }
        if !first { w.writeNewline(indent: indent) }
        w.bytes.append(UInt8(ascii: "}"))
    }

    /// Writes the separator, the quoted key (already encoded) and the colon.
    private func member<C: Collection>(_ encodedKey: C, first: inout Bool, to w: inout JSONWriter, indent: Int) where C.Element == UInt8 {
        if !first { w.bytes.append(UInt8(ascii: ",")) }
        first = false
        w.writeNewline(indent: indent + 1)
        w.bytes.append(contentsOf: encodedKey)
        w.bytes.append(UInt8(ascii: ":"))
        if w.pretty { w.bytes.append(UInt8(ascii: " ")) }
    }

    private func member(_ key: String, first: inout Bool, to w: inout JSONWriter, indent: Int) {
        if !first { w.bytes.append(UInt8(ascii: ",")) }
        first = false
        w.writeNewline(indent: indent + 1)
        w.writeString(key)
        w.bytes.append(UInt8(ascii: ":"))
        if w.pretty { w.bytes.append(UInt8(ascii: " ")) }
    }

    private static let emptyArray: [UInt8] = Array("[]".utf8)

    // MARK: Nested destinations

    indirect enum Entry {
        case field(String, FieldValue)
        case group(String, [Entry])
    }

    private func write(_ entry: Entry, first: inout Bool, to w: inout JSONWriter, indent: Int) {
        switch entry {
        case .field(let name, let value):
            member(name, first: &first, to: &w, indent: indent)
            write(value, to: &w, indent: indent + 1)
        case .group(let name, let entries):
            member(name, first: &first, to: &w, indent: indent)
            var innerFirst = true
            w.bytes.append(UInt8(ascii: "{"))
            for e in entries { write(e, first: &innerFirst, to: &w, indent: indent + 1) }
            if !innerFirst { w.writeNewline(indent: indent + 1) }
            w.bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Groups present fields by destination path, in the order their first field
    /// is written (SPEC §3.1).
    static func nest(_ record: Record) -> [Entry] {
        var entries: [Entry] = []
        for (slot, field) in zip(record.mapper.slots, record.fields) {
            guard let field else { continue }
            insert(field, path: slot.path[...], into: &entries)
        }
        return entries
    }

    private static func insert(_ value: FieldValue, path: ArraySlice<String>, into entries: inout [Entry]) {
        let name = path.first!
        if path.count == 1 {
            if let i = entries.firstIndex(where: { if case .field(name, _) = $0 { return true } else { return false } }) {
                entries[i] = .field(name, value)
            } else {
                entries.append(.field(name, value))
            }
            return
        }
        if let i = entries.firstIndex(where: { if case .group(name, _) = $0 { return true } else { return false } }),
           case .group(_, var children) = entries[i] {
            insert(value, path: path.dropFirst(), into: &children)
            entries[i] = .group(name, children)
        } else {
            var children: [Entry] = []
            insert(value, path: path.dropFirst(), into: &children)
            entries.append(.group(name, children))
        }
    }
}
