extension CSVSink {
    /// Flattens a root record into the current row and spools it.
    func writeRow(_ record: Record) throws {
        cells.removeAll(keepingCapacity: true)
        if includeType { set(record.typeName, at: 0) }
        var pinned = Set<Int>()
        flatten(record, prefix: "", pinned: &pinned)
        // Every row is as wide as the columns known now, so the spool needs a
        // new segment only when a column is added, not per row.
        if cells.count < columns.count { cells.append(contentsOf: repeatElement(nil, count: columns.count - cells.count)) }
        var bytes: [UInt8] = []
        Self.appendRow(cells, to: &bytes)
        try spool.append(row: bytes, cells: cells.count)
    }

    private func set(_ text: String, at index: Int) {
        if index >= cells.count { cells.append(contentsOf: repeatElement(nil, count: index - cells.count + 1)) }
        cells[index] = text
    }

    /// Present fields become cells named by their path; to-one relationships
    /// recurse with `name.` as prefix. A dotted destination (`address.city`)
    /// wins over the same cell flattened from a relationship (`address`), as in
    /// the JSON tree, where key-path attributes are applied last (RestKit).
    private func flatten(_ record: Record, prefix: String, pinned: inout Set<Int>) {
        for (slot, field) in zip(record.mapper.slots, record.fields) {
            guard let field else { continue }
            let name = prefix.isEmpty ? slot.name : prefix + slot.name
            switch field {
            case .value(let value):
                let index = column(name)
                if slot.path.count > 1, !slot.isRelationship {
                    pinned.insert(index)
                } else if pinned.contains(index) {
                    continue
                }
                set(Self.text(of: value), at: index)
            case .record(let child):
                flatten(child, prefix: name + ".", pinned: &pinned)
            case .many:
                let index = column(name)
                if pinned.contains(index) { continue }
                set(RecordEncoder(includeType: includeType).compactText(of: field), at: index)
            }
        }
    }

    /// A scalar's cell text: strings as they are, numbers with their source
    /// digits, `true`/`false`, `null` empty, arrays and objects compact JSON.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.text
        case .string(let s): return s
        case .array, .object: return JSONWriter.serialize(value, pretty: false)
        }
    }

    /// One RFC 4180 row with CRLF. `nil` cells are empty.
    static func appendRow(_ cells: [String?], to out: inout [UInt8]) {
        if cells.count == 1, (cells[0] ?? "").isEmpty {
            // A lone empty cell would be a blank line, which readers skip.
            out.append(contentsOf: "\"\"\r\n".utf8)
            return
        }
        for (i, cell) in cells.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if let cell { appendCell(cell, to: &out) }
        }
        out.append(contentsOf: "\r\n".utf8)
    }

    static func appendCell(_ cell: String, to out: inout [UInt8]) {
        let utf8 = cell.utf8
        let needsQuotes = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }
            || utf8.first.map(isPadding) == true || utf8.last.map(isPadding) == true
        guard needsQuotes else {
            out.append(contentsOf: utf8)
            return
        }
        out.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func isPadding(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
