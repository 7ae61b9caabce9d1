/// What the writer keeps open in the sink while a streamed document is written:
/// a record around its relationship's elements (`WorkUnit.parent`), nested
/// arrays; and taking the document back when it fails.
extension PipelineWriter {
    /// The document failed: what the sink has of it is taken back where it
    /// can be, a record left open first ended (so JSON stays JSON).
    mutating func abandonStream() throws {
        try closeOpenRecord(completed: false)
        // Once is all: after a refusal the sink has taken it back already,
        // and a database told twice would fail the whole run.
        guard streamRefusal == nil else { return }
        try sink.abandonDocument()
    }

    /// Ends the record a `parent` unit opened, after its elements, or when
    /// its document failed (not `completed`).
    mutating func closeOpenRecord(completed: Bool) throws {
        guard let open = openRecord else { return }
        openRecord = nil
        guard let ending = open.ending else {
            guard completed else { return try sink.closeRecord(completed: false) }
            // The sink may refuse what ending the record writes (a
            // database's links): the document fails.
            let sink = self.sink
            _ = try refusing { try sink.closeRecord(completed: true) }
            return
        }
        try (open.elements == 0 ? ending.empty : ending.afterElements).withUnsafeBytes {
            try encodingSink!.writeEncodedContinuation($0)
        }
    }

    /// Gives the sink a streamed record open (`RecordSink.openRecord`).
    /// - Returns: false when the sink refused it (the document failed).
    mutating func open(_ record: Record, relationship slot: Int, descriptor d: Int) throws -> Bool {
        let (sink, descriptor) = (self.sink, engine.applicable[d].descriptor)
        return try refusing { try sink.openRecord(record, relationship: slot, descriptor: descriptor) }
    }

    /// Gives the sink the next elements of the record it holds open.
    /// - Returns: false when the sink refused them (the document failed).
    mutating func writeRelated(_ elements: [FieldValue]) throws -> Bool {
        let sink = self.sink
        return try refusing { try sink.writeRelated(elements) }
    }

    /// Runs `body`, which gives the sink records of the streamed document;
    /// when the sink cannot store them (`--keep-going`) the document fails.
    /// - Returns: false when it did.
    mutating func refusing(_ body: () throws -> Void) throws -> Bool {
        do {
            try body()
            return true
        } catch let refusal as DocumentRefusal {
            try abandonStream()
            streamRefusal = MappingFailure(refusal)
            return false
        }
    }

    /// Tells the sink of the nested arrays open now that it was not told of:
    /// a root is to be written in them.
    mutating func openNested(descriptor: Descriptor) throws {
        guard let first = nested.firstIndex(of: false) else { return }
        for i in first..<nested.count {
            try sink.beginNestedArray(descriptor: descriptor)
            nested[i] = true
        }
    }

    /// The innermost nested array open now ends; if it had no root, it is
    /// written empty, unless `--type` leaves it out.
    mutating func endNested(descriptor: Descriptor) throws {
        if nested.last == false, engine.options.onlyType == nil { try openNested(descriptor: descriptor) }
        if nested.removeLast() { try sink.endNestedArray(descriptor: descriptor) }
    }
}
