/// Nested arrays and collected content: a large element that is itself an array, the array a key through an array collects.
extension Splitter {
    /// The elements of the array here, in batches of `outer`'s elements; an
    /// element that is a large array is streamed as a nested array, and one
    /// of the content array's own that is a large object holding a streamed
    /// relationship's large array is streamed as a record (`splitRecord`).
    mutating func splitElements(document: Int, outer: [Int]) throws {
        let records = outer.isEmpty && !streamedRelationships.isEmpty
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        var position = 0
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            switch try skipUnlessLargeElement(objects: records) {
            case nil:
                try batched(stepStart, position: position, elementsOf: document)
            case .array?:
                try splitNested(document: document, outer: outer + [position])
            case _?:
                try flushBatch()
                if try !splitRecord(document: document, position: position) {
                    try step { s throws(JSONSyntaxError) in try s.skipValue() }
                    try batched(stepStart, position: position, elementsOf: document)
                }
            }
            position += 1
        }
        try flushBatch()
    }

    /// Skips the element here (nil), unless it is longer than
    /// `nestedThreshold` and an array while nested arrays are streamed, or
    /// an object while `objects`: its kind then (the scanner stays at its
    /// start). Its start is `stepStart` either way.
    mutating func skipUnlessLargeElement(objects: Bool) throws -> JSONKind? {
        let arrays = nestedArrays
        guard arrays || objects else {
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            return nil
        }
        let threshold = nestedThreshold
        return try step { s throws(JSONSyntaxError) -> JSONKind? in
            // Its first byte says (for every element: `peekKind` cost more).
            s.skipWhitespace()
            guard s.offset < s.buf.count else {
                try s.skipValue()
                return nil
            }
            let kind: JSONKind
            switch s.buf[s.offset] {
            case JSONByte.openBracket where arrays: kind = .array
            case JSONByte.openBrace where objects: kind = .object
            default:
                try s.skipValue()
                return nil
            }
            return try s.skipValue(ifShorterThan: threshold) ? nil : kind
        }
    }

    /// Skips the value here (true), unless it is of `kind` and longer than
    /// `nestedThreshold` and nested arrays are streamed (false: the scanner
    /// stays at its start). Its start is `stepStart` either way.
    mutating func skipUnlessLarge(_ kind: JSONKind) throws -> Bool {
        assert(kind == .array || kind == .object)
        guard nestedArrays else {
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            return true
        }
        let threshold = nestedThreshold
        let opening = kind == .array ? JSONByte.openBracket : JSONByte.openBrace
        return try step { s throws(JSONSyntaxError) -> Bool in
            // Its first byte says (for every element: `peekKind` cost more).
            s.skipWhitespace()
            guard s.offset < s.buf.count, s.buf[s.offset] == opening else {
                try s.skipValue()
                return true
            }
            return try s.skipValue(ifShorterThan: threshold)
        }
    }

    /// Streams the array here as a nested array (`WorkUnit.nested`): its
    /// elements' positions are `outer`'s last.
    mutating func splitNested(document: Int, outer: [Int]) throws {
        try flushBatch()
        let saved = (batchRest, batchOuter)
        (batchRest, batchOuter) = (nil, outer)
        defer { (batchRest, batchOuter) = saved }
        try add(.nested(begin: true, document: document, descriptor: descriptor))
        try splitElements(document: document, outer: outer)
        try add(.nested(begin: false, document: document, descriptor: descriptor))
    }

    /// Follows `keys` in the large element here, element `position` of the
    /// array a content key path collects through (`splitCollected`), as a
    /// worker would follow them in it (`KeyPath.follow`), without reading it
    /// whole: an array found there is streamed as a nested array; another
    /// value, or an array met before the last key, is sent to be followed by
    /// a worker (`WorkUnit.collected`). The first member with a key is
    /// followed, and a later one is a warning, as on the content path.
    /// - Returns: whether the keys were found (docs/spec.md §2).
    mutating func splitCollectedElement(_ keys: ArraySlice<String>, position: Int, document: Int) throws -> Bool {
        guard let key = keys.first else {
            if try !skipUnlessLarge(.array) {
                try splitNested(document: document, outer: [position])
            } else {
                try collectedAlone(stepStart, position: position, rest: [], document: document)
            }
            return true
        }
        let kind = try step({ s throws(JSONSyntaxError) in try s.peekKind() })
        guard kind == .object else {
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            // A scalar has no keys; an array collects them (a worker does, as
            // for a small element: it is an element either way).
            guard kind == .array else { return false }
            try collectedAlone(stepStart, position: position, rest: Array(keys), document: document)
            return try collects(keys.map { KeyPath.Component.key($0) }[...], fromValueAt: stepStart)
        }
        try step { s throws(JSONSyntaxError) in try s.enterObject() }
        let folded = caseInsensitiveKeys ? key.lowercased() : nil
        var followed: String?
        var found = false
        while let name = try step({ s throws(JSONSyntaxError) in try s.nextKey() }) {
            let exact = JSONObject.sameKey(name, key)
            if exact || (folded != nil && name.lowercased() == folded) {
                if followed == nil {
                    followed = name
                    found = try splitCollectedElement(keys.dropFirst(), position: position, document: document)
                    continue
                }
                if let followed, JSONObject.sameKey(name, followed) || exact, notedOffsets.insert(input.offset + scanner.offset).inserted {
                    try noteRepeat(name, followed: followed, key: key, document: document)
                }
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
        }
        return found
    }

    /// The value just skipped, element `position` of a collected content once
    /// `rest` is followed in it, as a unit of its own.
    mutating func collectedAlone(_ start: Int, position: Int, rest: [String], document: Int) throws {
        try flushBatch()
        let saved = batchRest
        batchRest = rest
        defer { batchRest = saved }
        try batched(start, position: position, elementsOf: document)
        try flushBatch()
    }

    /// A member on the content path that a whole read would take instead of
    /// the one followed: a warning, placed where it starts.
    mutating func noteRepeat(_ name: String, followed: String, key: String, document: Int) throws {
        let message = (JSONObject.sameKey(name, followed)
            ? "key '\(name)' appears again; a streamed document is mapped from its first occurrence"
            : "key '\(name)' appears after '\(followed)'; a streamed document is mapped from the first key matching '\(key)' ignoring case")
            + MappingFailure.documentSuffix(document)
        let note = Diagnostic(.warning, message, file: inputName, location: .source(noteLocation(scanner.offset)), code: .duplicateKey)
        try add(.note(note, document: document))
    }

    /// The value just skipped (from `stepStart`), with the part of the path
    /// still to follow, for a worker to build and evaluate, when the path
    /// finds a value there (a document has content when some descriptor
    /// finds some, as when read whole).
    mutating func addContent(_ rest: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
        // Whether it finds content is known here, so that a later member (a
        // repeat of a key on the path) is followed when this one finds none,
        // as when read whole.
        guard try collects(rest, fromValueAt: stepStart) else { return false }
        try add(.content(start: stepStart, document: document, rest: Array(rest), descriptor: descriptor))
        return true
    }

    /// Splits the array here as a content array whose element `i` is `keys`
    /// followed in its element `i` (KVC, docs/spec.md §4): each element is read
    /// on its own (`WorkUnit.collected`).
    /// - Returns: whether some element has them (docs/spec.md §2), as a whole
    ///   read finds the content: known from the first element that does. With
    ///   the document in memory (several descriptors, `@root`, …) it is known
    ///   before any unit is sent, so that content not found sends none.
    mutating func splitCollected(_ keys: [String], document: Int) throws -> Bool {
        let path = keys.map { KeyPath.Component.key($0) }
        // Known before any unit is sent when the document is in memory: its
        // records are written as they come, and a document without content
        // writes none (not even the empty nested arrays of elements without the keys).
        if streamPaths!.count > 1 || documentInMemory, try !someElementCollects(path[...]) {
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            return false
        }
        try flushBatch()
        batchRest = keys
        let savedWithin = batchWithin
        batchWithin = keys.count
        defer { (batchRest, batchWithin) = (nil, savedWithin) }
        var found = false
        var position = 0
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            if try skipUnlessLarge(.object) {
                // The element is in the chunk until the next step.
                if !found { found = try collects(path[...], fromValueAt: stepStart) }
                try batched(stepStart, position: position, elementsOf: document)
            } else {
                // Followed here: the array it collects may be most of the document.
                try flushBatch()
                let here = try splitCollectedElement(keys[...], position: position, document: document)
                found = found || here
            }
            position += 1
        }
        try flushBatch()
        return found
    }

    /// Whether `path` finds a value in some element of the array here, which
    /// the chunk holds whole (the document is in memory). Reads nothing.
    func someElementCollects(_ path: ArraySlice<KeyPath.Component>) throws -> Bool {
        var reader = scanner
        try reader.enterArray()
        while try reader.nextElement() {
            let start = reader.offset
            try reader.skipValue()
            if try collects(path, fromValueAt: start) { return true }
        }
        return false
    }
}
