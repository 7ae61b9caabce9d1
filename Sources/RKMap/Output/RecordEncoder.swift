/// Writes records as JSON objects (docs/spec.md §10.1): `"@type"` first (unless
/// `--no-type`), then present fields in slot order. Destinations with dots build
/// nested objects placed where their first written field is.
struct RecordEncoder {
    var includeType: Bool
    /// Names escaped once per mapper of the spec (not per record).
    let index: EncodedNameIndex
    /// Names of other mappers, escaped as they first arrive; `nil` where the
    /// encoder is shared by threads (pipeline workers), which then escape
    /// such names per record.
    let learned: EncodedNameTable?

    init(includeType: Bool, index: EncodedNameIndex = .empty, learned: EncodedNameTable? = EncodedNameTable()) {
        self.includeType = includeType
        self.index = index
        self.learned = learned
    }

    /// A field as compact JSON text, exactly as the tree output writes it
    /// (CSV cells of to-many relationships).
    func compactText(of value: FieldValue) -> String {
        var w = JSONWriter(pretty: false)
        write(value, to: &w, indent: 0)
        return w.buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ value: FieldValue, to w: inout JSONWriter, indent: Int) {
        switch value {
        case .value(let v):
            w.write(v, indent: indent)
        case .record(let record):
            write(record, to: &w, indent: indent)
        case .many(let list):
            guard !list.isEmpty else {
                w.buffer.append("[]")
                return
            }
            w.buffer.append(JSONByte.openBracket)
            // In place: iterating would copy (and retain) each element.
            list.forEachValue { i, element in
                if i > 0 { w.buffer.append(JSONByte.comma) }
                w.writeNewline(indent: indent + 1)
                write(element, to: &w, indent: indent + 1)
                // A record of many related records (one mapped whole)
                // is moved out in pieces, not held twice at its end.
                w.spillIfFull()
            }
            w.writeNewline(indent: indent)
            w.buffer.append(JSONByte.closeBracket)
        }
    }

    func write(_ record: Record, to w: inout JSONWriter, indent: Int) {
        guard let names = index.find(record.mapper) ?? learned?.names(of: record.mapper) else {
            writeEscapingNames(record, to: &w, indent: indent)
            return
        }
        names._withUnsafeGuaranteedRef { encoded in
            write(record, names: encoded, to: &w, indent: indent)
        }
    }

    /// The same output, with every name escaped as it is written; with
    /// `hole`, nothing where that slot's value goes (its key is there).
    /// - Returns: the offset in `w`'s buffer where the hole's value goes.
    @discardableResult
    private func writeEscapingNames(_ record: Record, to w: inout JSONWriter, indent: Int, leavingOut hole: Int? = nil) -> Int {
        var first = true
        var at = w.buffer.count
        w.buffer.append(JSONByte.openBrace)
        if includeType {
            member("@type", first: &first, to: &w, indent: indent)
            w.writeString(record.mapper.typeName)
        }
        if record.mapper.hasNestedDestinations {
            // The hole's field has a plain name no dotted destination writes
            // into, so it is the one top-level field of that name.
            let holeName = hole.map { record.mapper.slots[$0].firstName }
            for entry in Self.nest(record) {
                if case .field(let name, _) = entry, name == holeName {
                    member(name, first: &first, to: &w, indent: indent)
                    at = w.buffer.count
                } else {
                    write(entry, first: &first, to: &w, indent: indent)
                }
            }
        } else {
            for (i, (slot, field)) in zip(record.mapper.slots, record.fields).enumerated() {
                guard let field else { continue }
                member(slot.name, first: &first, to: &w, indent: indent)
                if i == hole {
                    at = w.buffer.count
                } else {
                    write(field, to: &w, indent: indent + 1)
                }
            }
        }
        if !first { w.writeNewline(indent: indent) }
        w.buffer.append(JSONByte.closeBrace)
        return at
    }

    private func write(_ record: Record, names encoded: EncodedMapperNames, to w: inout JSONWriter, indent: Int) {
        guard !record.mapper.hasNestedDestinations else {
            writeEscapingNames(record, to: &w, indent: indent)
            return
        }
        // Fast path: flat destinations are written straight from the slots,
        // each name with its punctuation copied from bytes escaped once per
        // mapper, not once per record.
        let pretty = w.pretty
        var first = true
        w.buffer.append(JSONByte.openBrace)
        if includeType {
            w.writeNewline(indent: indent + 1)
            encoded.appendTypeMember(pretty: pretty, to: &w.buffer)
            first = false
        }
        // Fields are read in place: iterating would copy (and retain) each one.
        record.fields.forEachPresent { i, field in
            if pretty {
                if !first { w.buffer.append(JSONByte.comma) }
                w.writeNewline(indent: indent + 1)
            }
            encoded.appendMember(i, first: first, pretty: pretty, to: &w.buffer)
            first = false
            write(field, to: &w, indent: indent + 1)
        }
        if !first { w.writeNewline(indent: indent) }
        w.buffer.append(JSONByte.closeBrace)
    }

    /// `record` as `write` writes it, with nothing where the value of slot
    /// `hole` goes (its key is there): the offset there in `w`'s buffer. The
    /// hole's destination is a plain name that no dotted destination of the
    /// record writes into (`StreamedRelationship`), so it has one place.
    /// Names are escaped as they are written (one record, not a hot path).
    func write(_ record: Record, to w: inout JSONWriter, indent: Int, leavingOut hole: Int) -> Int {
        precondition(record.mapper.hasOnePlace(hole), "a field that dotted destinations write into has no single place")
        return writeEscapingNames(record, to: &w, indent: indent, leavingOut: hole)
    }

    /// Writes the separator, the quoted key and the colon.
    private func member(_ key: String, first: inout Bool, to w: inout JSONWriter, indent: Int) {
        if !first { w.buffer.append(JSONByte.comma) }
        first = false
        w.writeNewline(indent: indent + 1)
        w.writeKey(key)
    }

    // MARK: Nested destinations

    indirect enum Entry {
        case field(String, FieldValue)
        /// An object built from dotted destinations. `typeName` is set when the
        /// object began as a record that dotted fields were written into.
        case group(String, typeName: String?, [Entry])

        var name: String {
            switch self {
            case .field(let name, _), .group(let name, _, _): return name
            }
        }
    }

    private func write(_ entry: Entry, first: inout Bool, to w: inout JSONWriter, indent: Int) {
        switch entry {
        case .field(let name, let value):
            member(name, first: &first, to: &w, indent: indent)
            write(value, to: &w, indent: indent + 1)
        case .group(let name, let typeName, let entries):
            member(name, first: &first, to: &w, indent: indent)
            var innerFirst = true
            w.buffer.append(JSONByte.openBrace)
            if includeType, let typeName {
                member("@type", first: &innerFirst, to: &w, indent: indent + 1)
                w.writeString(typeName)
            }
            for e in entries { write(e, first: &innerFirst, to: &w, indent: indent + 1) }
            if !innerFirst { w.writeNewline(indent: indent + 1) }
            w.buffer.append(JSONByte.closeBrace)
        }
    }

    /// Groups present fields by destination path, in the order their first field
    /// is written (docs/spec.md §3.1). A name is written once: when a destination
    /// (`address`) and dotted destinations under it (`address.city`) are both
    /// present, the dotted fields are written into its object or record, as
    /// RestKit applies key-path attributes after the others
    /// (testShouldSuccessfullyMapPropertiesBeforeKeyPathAttributes); a value
    /// that is not an object gives way to them.
    static func nest(_ record: Record) -> [Entry] {
        let top = Level()
        for (slot, field) in zip(record.mapper.slots, record.fields) {
            guard let field else { continue }
            var entry = Entry.field(slot.lastName, field)
            if !slot.isPlainName {
                for name in slot.path.dropLast().reversed() { entry = .group(name, typeName: nil, [entry]) }
            }
            top.merge(entry)
        }
        return top.finished()
    }

    /// Entries being nested: each name's first position is indexed, and a
    /// group's children stay open here until the end, so merging a field
    /// into a group of thousands neither scans nor copies it (one record of
    /// 16,000 dotted fields took 1.8 s, four times as long per doubling).
    private final class Level {
        /// A group's children are in `open` at its position until `finished`.
        private var entries: [Entry] = []
        private var positions: [String: Int] = [:]
        private var open: [Int: Level] = [:]

        init() {}

        /// A level holding `entries` as they are (not merged into each other).
        init(_ entries: [Entry]) {
            for entry in entries { append(entry) }
        }

        private func append(_ entry: Entry) {
            // The first of equal names is the one found, as a scan finds it.
            if positions[entry.name] == nil { positions[entry.name] = entries.count }
            entries.append(entry)
        }

        /// Adds `entry`: a new name goes at the end, a known one keeps its
        /// position. RestKit applies key-path attributes after the others
        /// (testShouldSuccessfullyMapPropertiesBeforeKeyPathAttributes); a
        /// value that is not an object gives way to them.
        func merge(_ entry: Entry) {
            guard let i = positions[entry.name] else {
                append(entry)
                return
            }
            switch (entries[i], entry) {
            case (.field, .field):
                entries[i] = entry
            case (.group, .group(_, _, let added)):
                let children = group(at: i)
                for e in added { children.merge(e) }
            case (.field(let name, let value), .group(_, _, let added)):
                guard case .group(_, let typeName, let children)? = RecordEncoder.expanded(name, value) else {
                    entries[i] = entry
                    return
                }
                entries[i] = .group(name, typeName: typeName, children)
                let level = group(at: i)
                for e in added { level.merge(e) }
            case (.group, .field(let name, let value)):
                guard case .group(_, let typeName, let children)? = RecordEncoder.expanded(name, value) else { return }
                let nested = group(at: i).finished()
                let level = Level(children)
                for e in nested { level.merge(e) }
                entries[i] = .group(name, typeName: typeName, [])
                open[i] = level
            }
        }

        /// The open children of the group at `i`, opened from its entries.
        private func group(at i: Int) -> Level {
            if let level = open[i] { return level }
            guard case .group(let name, let typeName, let children) = entries[i] else { preconditionFailure("not a group") }
            let level = Level(children)
            entries[i] = .group(name, typeName: typeName, [])
            open[i] = level
            return level
        }

        func finished() -> [Entry] {
            for (i, level) in open {
                guard case .group(let name, let typeName, _) = entries[i] else { continue }
                entries[i] = .group(name, typeName: typeName, level.finished())
            }
            open = [:]
            return entries
        }
    }

    /// A record or an object value as a group that dotted fields can be written
    /// into; nil for any other value.
    fileprivate static func expanded(_ name: String, _ value: FieldValue) -> Entry? {
        switch value {
        case .record(let record):
            let fields = record.mapper.hasNestedDestinations
                ? nest(record)
                : zip(record.mapper.slots, record.fields).compactMap { slot, field in field.map { Entry.field(slot.name, $0) } }
            return .group(name, typeName: record.mapper.typeName, fields)
        case .value(.object(let object)):
            return .group(name, typeName: nil, object.members.map { .field($0.key, .value($0.value)) })
        case .value(.compact(let c)) where c.kind == .object:
            return expanded(name, .value(c.expanded))
        case .value, .many:
            return nil
        }
    }
}
