extension CSVSink {
    /// Flattens a root record into a row and buffers it, header first.
    func writeRow(_ record: Record) throws {
        // The engine hands over only records of the layout's root mappers.
        guard let node = layout.roots[ObjectIdentifier(record.mapper)] else { return }
        try fillRow(record, node)
        try appendRow(cells)
        if buffer.bytes.count >= Self.flushThreshold { try buffer.filled(output) }
    }

    /// The header if not written yet, then `cells` set to a root record's row.
    func fillRow(_ record: Record, _ node: CSVLayout.Node) throws {
        try writeHeaderIfNeeded()
        for i in cells.indices { cells[i] = nil }
        if includeType { cells[0] = .text(record.typeName) }
        fill(record, node)
    }

    /// Puts a record's present fields into their cells.
    private func fill(_ record: Record, _ node: CSVLayout.Node) {
        record.fields.forEachPresent { slot, field in
            switch node.cells[slot] {
            case .dotted:
                return
            case .value(let index), .json(let index):
                cells[index] = text(of: field)
            case .flatten(let children, let type):
                // A null to-one leaves its cells empty; an array in a to-one's
                // place was already reported by the engine and is left out.
                guard case .record(let child) = field, let childNode = children[ObjectIdentifier(child.mapper)] else { return }
                if let type { cells[type] = .text(child.typeName) }
                fill(child, childNode)
            }
        }
        for slot in node.deferred {
            guard let field = record.fields[slot], case .dotted(let index) = node.cells[slot] else { continue }
            cells[index] = text(of: field)
        }
    }

    /// A cell's text: scalars as `text(of:)`, records and arrays compact
    /// JSON; a value held as compact JSON keeps its own bytes.
    private func text(of field: FieldValue) -> CSVCell {
        switch field {
        case .value(let value):
            if case .compact(let c) = value { return .json(c) }
            return .text(Self.text(of: value))
        case .many(let list) where list.isHeld && list.count > 1:
            return .records(list)
        case .record, .many:
            return .text(encoder.compactText(of: field))
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
        case .compact(let c): return c.text
        }
    }

    /// One RFC 4180 row with CRLF into `buffer`. `nil` cells are empty.
    func appendRow(_ cells: [CSVCell?]) throws {
        if cells.count == 1, cells[0]?.isEmpty ?? true {
            // A lone empty cell would be a blank line, which readers skip.
            buffer.bytes.append(contentsOf: "\"\"\r\n".utf8)
            return
        }
        for (i, cell) in cells.enumerated() {
            if i > 0 { buffer.bytes.append(UInt8(ascii: ",")) }
            if let cell { try appendCell(cell) }
        }
        buffer.bytes.append(contentsOf: "\r\n".utf8)
    }

    /// A cell into `buffer`, quoted when it must be.
    func appendCell(_ cell: CSVCell) throws {
        switch cell {
        case .text(var text): text.withUTF8 { Self.appendCell($0, to: &buffer.bytes) }
        case .json(let json): json.withUnsafeBytes { Self.appendCell($0.assumingMemoryBound(to: UInt8.self), to: &buffer.bytes) }
        case .records(let list): try appendRecords(list)
        }
    }

    /// Records held as bytes (`FieldList.isHeld`), encoded one at a time
    /// into the cell and flushed as the buffer fills, so that the cell's
    /// text is never whole in memory (it would cost as much as the records
    /// are held to save). Two or more make a comma, so the cell is quoted
    /// from its first byte, as `appendCell` would quote the whole.
    private func appendRecords(_ list: FieldList) throws {
        buffer.bytes.append(contentsOf: "\"[".utf8)
        for i in list.indices {
            if i & 0x3FF == 0x3FF { try Interruption.check() }
            if i > 0 { buffer.bytes.append(UInt8(ascii: ",")) }
            Self.appendQuoted(encoder.compactText(of: list[i]).utf8, to: &buffer.bytes)
            if buffer.bytes.count >= Self.flushThreshold { try buffer.filled(output) }
        }
        buffer.bytes.append(contentsOf: "]\"".utf8)
    }

    static func appendCell(_ cell: String, to out: inout [UInt8]) {
        var cell = cell
        cell.withUTF8 { appendCell($0, to: &out) }
    }

    /// The cell, quoted when it must be. Room for all of it is made first,
    /// so a large cell grows the row once.
    static func appendCell(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var quotes = 0
        var needsQuotes = utf8.first.map(isPadding) == true || utf8.last.map(isPadding) == true
        for byte in utf8 where Self.needsQuotes(byte) {
            needsQuotes = true
            if byte == UInt8(ascii: "\"") { quotes += 1 }
        }
        guard needsQuotes else {
            out.append(contentsOf: utf8)
            return
        }
        if utf8.count >= 1 << 16 { out.reserveCapacity(out.count + utf8.count + quotes + 2) }
        out.append(UInt8(ascii: "\""))
        appendQuoted(utf8, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// A byte that makes the cell holding it quoted.
    static func needsQuotes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A
    }

    /// Bytes of a quoted cell, its quotes doubled.
    static func appendQuoted(_ bytes: some Sequence<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
    }

    private static func isPadding(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}

/// A CSV cell's content: text, or a value held as compact JSON, written from
/// its own bytes (a large value is not copied into a `String` first), or
/// two or more records held as bytes, encoded as the cell is written.
enum CSVCell {
    case text(String)
    case json(CompactJSON)
    case records(FieldList)

    /// Compact JSON is never empty (`[]` at least), nor are records.
    var isEmpty: Bool {
        if case .text(let text) = self { return text.isEmpty }
        return false
    }
}
