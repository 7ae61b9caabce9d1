/// One content object: a record whose large relationship is streamed, a
/// keyed collection member by member, an element by index.
extension Splitter {
    /// The content object here, or the element of the content array at
    /// `position`, mapped as one record whose relationship's large array is
    /// streamed (`StreamedRelationship`): the first member, in document
    /// order, of such a relationship that holds an array longer than
    /// `nestedThreshold` (each name's first occurrence). The record goes as
    /// a `parent` unit (mapped without that member), the array's elements as
    /// `related` units, then `parentEnd`. The object is read into the chunk
    /// first: the record is mapped before the elements, whatever the order
    /// of its members. An object that repeats the key is not streamed (a
    /// whole read maps the last). - Returns: false when there is no such
    /// array (nothing was sent; the scanner is at the object).
    mutating func splitRecord(document: Int, position: Int? = nil) throws -> Bool {
        if !documentInMemory { _ = try readWhole() }
        var ahead = reader()
        try ahead.enterObject()
        // The first relationship whose (first) member holds a large array.
        var chosen: String?
        var met: Set<String> = []
        // Every member's name, for the record's object (`parentObjects`).
        var names: Set<String> = []
        while let name = try ahead.nextKey() {
            names.insert(name)
            guard streamedRelationships.contains(name), met.insert(name).inserted else {
                try ahead.skipValue()
                continue
            }
            ahead.skipWhitespace()
            let start = ahead.offset
            try ahead.skipValue()
            if ahead.buf[start] == JSONByte.openBracket, ahead.offset - start >= nestedThreshold {
                chosen = name
                break
            }
        }
        guard let key = chosen else { return false }
        // A whole read maps the last member with the key: an object that
        // repeats it is mapped whole.
        while let name = try ahead.nextKey() {
            if name == key { return false }
            names.insert(name)
            try ahead.skipValue()
        }
        let record = StreamedRecord(offset: input.offset + scanner.offset, position: position)
        if parentObjects.contains(key) {
            // Every other member, as a whole read has them, once for all units.
            names.remove(key)
            var object = reader()
            let projection = ProjectionPlan(.members(Dictionary(uniqueKeysWithValues: names.map { ($0, JSONProjection.everything) })))
            state.set(.parentObject(record: record.offset), try object.readValue(projection: projection), for: document)
        }
        try add(.parent(start: scanner.offset, document: document, descriptor: descriptor, key: key, record: record))
        try step { s throws(JSONSyntaxError) in try s.enterObject() }
        while let name = try step({ s throws(JSONSyntaxError) in try s.nextKey() }) {
            if name == key {
                try splitRelated(key, of: record, document: document)
                continue
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
        }
        try add(.parentEnd(document: document, descriptor: descriptor, record: record))
        return true
    }

    /// The elements of the array here, `record`'s relationship at `key`, in batches.
    mutating func splitRelated(_ key: String, of record: StreamedRecord, document: Int) throws {
        try flushBatch()
        batchRelated = (key, record)
        defer { batchRelated = nil }
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        var position = 0
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            try batched(stepStart, position: position, elementsOf: document)
            position += 1
        }
        try flushBatch()
    }

    /// Follows element `n` of the array here (negative: from its end; the
    /// document is then in the chunk, read whole, and the array is counted
    /// first), skipping the others. - Returns: whether `rest` found content in it.
    mutating func splitElement(_ n: Int, _ rest: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
        var target = n
        if n < 0 {
            var counter = scanner
            var count = 0
            try counter.enterArray()
            while try counter.nextElement() {
                try counter.skipValue()
                count += 1
            }
            target = count + n
        }
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        var position = 0
        var found = false
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            if position == target {
                found = try split(rest, document: document)
            } else {
                try step { s throws(JSONSyntaxError) in try s.skipValue() }
            }
            position += 1
        }
        return found
    }

    /// Splits a `forceCollection` content object into batches of members
    /// (docs/spec.md §5.3: each member is one record, its position its
    /// collection index). A whole document keeps one member per key (the
    /// first's position, the last's value); a streamed one cannot know a key
    /// repeats until it has passed, so it keeps the first occurrence and warns
    /// about each later one, which is skipped (docs/behaviour.md).
    mutating func splitMembers(document: Int, mapper: ObjectMapper) throws {
        batchMapper = mapper
        // Held in memory, the object is looked at twice rather than its keys kept.
        let repeated = documentInMemory ? try RepeatedMembers.find(inObjectAt: scanner) : nil
        try step { s throws(JSONSyntaxError) in try s.enterObject() }
        var seen = SeenKeys()
        var position = 0
        var member = 0
        while let name = try step({ s throws(JSONSyntaxError) in try s.nextKey() }) {
            defer { member += 1 }
            guard repeated.map({ !$0.contains(member) }) ?? seen.insert(name) else {
                let note = Diagnostic(
                    .warning,
                    "key '\(name)' appears again in an object mapped with forceCollection; a streamed document keeps its first occurrence"
                        + MappingFailure.documentSuffix(document),
                    file: inputName, location: .source(noteLocation(scanner.offset)), code: .duplicateKey)
                // After the members before it, in their order.
                try flushBatch()
                try add(.note(note, document: document))
                try step { s throws(JSONSyntaxError) in try s.skipValue() }
                continue
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            try batched(member: name, at: stepStart, position: position, of: document)
            position += 1
        }
        try flushBatch()
    }
}
