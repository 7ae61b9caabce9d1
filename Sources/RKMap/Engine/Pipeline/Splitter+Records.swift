/// One content object: a record whose large relationship is streamed, a
/// keyed collection member by member, an element by index.
extension Splitter {
    /// The content object here, or the element of the content array at
    /// `position`, mapped as one record whose relationship's large array is
    /// streamed (`StreamedRelationship`): the first, in document order, of
    /// such a relationship's arrays longer than `nestedThreshold` (at each
    /// level, a name's first occurrence). The record goes as a `parent`
    /// unit (mapped without that array), the array's elements as `related`
    /// units, then `parentEnd`. The object is read into the chunk first: the
    /// record is mapped before the elements, whatever the order of its
    /// members. An object that repeats a key on the way to the array is not
    /// streamed (a whole read maps the last). - Returns: false when there is
    /// no such array (nothing was sent; the scanner is at the object).
    /// `relationships`: those that may be streamed, by id (by default the
    /// root mapper's, `streamedRelationships`).
    mutating func splitRecord(document: Int, position: Int? = nil, among relationships: [String: [String]]? = nil) throws -> Bool {
        if !documentInMemory { _ = try readWhole() }
        var ahead = reader()
        let relationships = relationships ?? streamedRelationships
        let paths = relationships.map { (id: $0.key, keys: $0.value[...]) }
        guard let found = try Self.largeArray(
            in: &ahead, among: paths, threshold: nestedThreshold, folding: caseInsensitiveKeys, counting: countedArrays)
        else { return false }
        let record = StreamedRecord(offset: input.offset + scanner.offset, position: position, length: found.length)
        if parentObjects.contains(found.id) {
            // Every other member, as a whole read has them, once for all units.
            var object = reader()
            state.set(.parentObject(record: record.offset), try object.readValue(projection: ProjectionPlan(found.rest)), for: document)
        }
        try add(.parent(start: scanner.offset, document: document, descriptor: descriptor, key: found.id, record: record))
        try splitAlong(found.names[...], id: found.id, of: record, document: document)
        try add(.parentEnd(document: document, descriptor: descriptor, record: record))
        return true
    }

    /// The relationship (by id) whose array is found first in the object at
    /// `ahead` along one of `paths`, longer than `threshold`, the members
    /// followed to it (`names`), and what reads every other member of the
    /// object (`null` in the array's place), and how many elements it has
    /// when its id is among `counting` (`length`); nil when there is none, or a
    /// key on the way to it repeats. `folding` (`keyMatching:
    /// caseInsensitive`): a key follows the member a whole read's lookup
    /// finds (docs/spec.md §4), the exact one, else the first equal
    /// ignoring case; the object's keys are read first to tell which.
    static func largeArray(
        in ahead: inout JSONScanner, among paths: [(id: String, keys: ArraySlice<String>)], threshold: Int, folding: Bool = false,
        counting: Set<String> = []
    ) throws -> (id: String, names: [String], rest: JSONProjection, length: Int?)? {
        var paths = paths
        if folding {
            var probe = ahead
            try probe.enterObject()
            var keys: [String] = []
            while let name = try probe.nextKey() {
                keys.append(name)
                try probe.skipValue()
            }
            paths = paths.compactMap { path in
                guard let key = path.keys.first else { return path }
                guard let name = JSONObject.followedName(key, among: keys, caseInsensitive: true) else { return nil }
                return (path.id, [name] + path.keys.dropFirst())
            }
        }
        try ahead.enterObject()
        var chosen: (name: String, id: String, names: [String], rest: JSONProjection, length: Int?)?
        // Member names by Swift's (canonical) equality, with the spelling met
        // first: two spellings of one text are two members to a whole read
        // (code units, `sameKey`), which a projection keyed by name cannot
        // tell apart, so such an object is mapped whole.
        var met: [String: String] = [:]
        var members: [String: JSONProjection] = [:]
        while let name = try ahead.nextKey() {
            var first = false
            if let spelled = met[name] {
                if !JSONObject.sameKey(spelled, name) { return nil }
            } else {
                met[name] = name
                first = true
            }
            if let chosen {
                // A whole read maps the last member with the key.
                if JSONObject.sameKey(name, chosen.name) { return nil }
            } else if first {
                let here = paths.filter { $0.keys.first.map { JSONObject.sameKey($0, name) } ?? false }
                ahead.skipWhitespace()
                let start = ahead.offset
                if let last = here.first(where: { $0.keys.count == 1 }), ahead.buf[start] == JSONByte.openBracket {
                    var length: Int?
                    if counting.contains(last.id) {
                        length = try ahead.skipArrayCountingElements()
                    } else {
                        try ahead.skipValue()
                    }
                    if ahead.offset - start >= threshold { chosen = (name, last.id, [name], .nothing, length) }
                    members[name] = .everything
                    continue
                }
                let deeper = here.filter { $0.keys.count > 1 }.map { (id: $0.id, keys: $0.keys.dropFirst()) }
                if !deeper.isEmpty, ahead.buf[start] == JSONByte.openBrace {
                    var inner = ahead
                    if let found = try largeArray(in: &inner, among: deeper, threshold: threshold, folding: folding, counting: counting) {
                        chosen = (name, found.id, [name] + found.names, found.rest, found.length)
                    }
                }
            }
            members[name] = .everything
            try ahead.skipValue()
        }
        guard let chosen else { return nil }
        members[chosen.name] = chosen.rest
        return (chosen.id, chosen.names, .members(members), chosen.length)
    }

    /// Follows the members named `keys` through the object here to the
    /// array at the last (`largeArray` found it there, once), streaming its elements as
    /// `record`'s relationship `id`, skipping everything else.
    mutating func splitAlong(_ keys: ArraySlice<String>, id: String, of record: StreamedRecord, document: Int) throws {
        try step { s throws(JSONSyntaxError) in try s.enterObject() }
        while let name = try step({ s throws(JSONSyntaxError) in try s.nextKey() }) {
            if let key = keys.first, JSONObject.sameKey(name, key) {
                if keys.count == 1 {
                    try splitRelated(id, of: record, document: document)
                } else {
                    try splitAlong(keys.dropFirst(), id: id, of: record, document: document)
                }
                continue
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
        }
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
            target = try counter.skipArrayCountingElements() + n
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
