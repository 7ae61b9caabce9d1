/// The row of a root record whose to-many relationship is streamed
/// (`RecordSink.openRecord`): written up to the relationship's cell, then the
/// cell's compact JSON as its elements come, then the cells after it.
struct CSVOpenRow {
    /// The cells after the relationship's.
    var rest: ArraySlice<CSVCell?>
    /// The cell's text written so far is quoted; until it must be (a byte
    /// that needs quotes, such as the comma before a second element), its
    /// text waits in `held`.
    var quoted = false
    var held: [UInt8] = []
    var elements = 0
}

extension CSVSink {
    /// A to-many relationship of a root record written as one cell of compact
    /// JSON (`CSVLayout.Cell.json`) can be written as it comes.
    public func acceptsOpenRecord(of mapper: ObjectMapper, relationship slot: Int) -> Bool {
        guard let node = layout.roots[ObjectIdentifier(mapper)], case .json = node.cells[slot] else { return false }
        return true
    }

    /// Writes the row up to the relationship's cell. No dotted destination
    /// of the record writes into the relationship's (`StreamedRelationship`),
    /// so no other field writes that cell.
    public func openRecord(_ record: Record, relationship slot: Int, descriptor: Descriptor) throws {
        guard let node = layout.roots[ObjectIdentifier(record.mapper)], case .json(let index) = node.cells[slot] else {
            preconditionFailure("openRecord for a relationship acceptsOpenRecord refuses")
        }
        try fillRow(record, node)
        for i in 0..<index {
            if let cell = cells[i] { try appendCell(cell) }
            buffer.bytes.append(UInt8(ascii: ","))
        }
        openRow = CSVOpenRow(rest: cells[(index + 1)...])
    }

    /// Appends the elements to the cell: `[` or `,`, then each one's compact JSON.
    public func writeRelated(_ elements: [FieldValue]) throws {
        guard var row = openRow else { return }
        openRow = nil
        defer { openRow = row }
        for element in elements {
            var piece = Array((row.elements == 0 ? "[" : ",").utf8)
            piece.append(contentsOf: encoder.compactText(of: element).utf8)
            row.elements += 1
            // Quoted from the first byte that needs it (at the latest the
            // comma before a second element), as `appendCell` quotes the whole.
            if !row.quoted, piece.contains(where: Self.needsQuotes) {
                row.quoted = true
                buffer.bytes.append(UInt8(ascii: "\""))
                Self.appendQuoted(row.held, to: &buffer.bytes)
                row.held = []
            }
            if row.quoted {
                Self.appendQuoted(piece, to: &buffer.bytes)
            } else {
                row.held.append(contentsOf: piece)
            }
        }
        if buffer.bytes.count >= Self.flushThreshold { try buffer.filled(output) }
    }

    /// Ends the cell and writes the cells after it; also when the document
    /// failed (not `completed`), so that the output stays CSV.
    public func closeRecord(completed: Bool) throws {
        guard let row = openRow else { return }
        openRow = nil
        if row.quoted {
            buffer.bytes.append(contentsOf: "]\"".utf8)
        } else if row.elements == 0 {
            buffer.bytes.append(contentsOf: "[]".utf8)
        } else {
            buffer.bytes.append(contentsOf: row.held)
            buffer.bytes.append(UInt8(ascii: "]"))
        }
        for cell in row.rest {
            buffer.bytes.append(UInt8(ascii: ","))
            if let cell { try appendCell(cell) }
        }
        buffer.bytes.append(contentsOf: "\r\n".utf8)
        if buffer.bytes.count >= Self.flushThreshold { try buffer.filled(output) }
    }
}
