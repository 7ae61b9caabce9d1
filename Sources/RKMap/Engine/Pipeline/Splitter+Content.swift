/// The content path: following a descriptor's key path through a streamed document to the content, and the units it makes.
extension Splitter {
    /// Whether `path` followed through the array at `start` (in a document
    /// read whole) finds a value, as the worker's `KeyPath.find` would; reads
    /// no more of it than the path and the kinds of what it leads to.
    func collects(_ path: ArraySlice<KeyPath.Component>, fromValueAt start: Int) throws -> Bool {
        var reader = reader(at: start)
        let rest = KeyPath(source: "", anchor: .representation, components: Array(path))
        let plan = ProjectionPlan(
            JSONProjection.nothing.adding(componentsOf: rest, then: JSONProjection.countOnly), caseInsensitive: caseInsensitiveKeys)
        let value = try reader.readValue(projection: plan)
        return KeyPath.find(path, from: value, caseInsensitive: caseInsensitiveKeys) != nil
    }

    /// Notes member `name` followed for the content path's `key`: the
    /// units sent while it is followed name it as the document spells it
    /// (`PipelineState.DocumentValue.contentKeys`), set before the first
    /// of them and again whenever what they must name changes.
    mutating func follow(_ name: String, key: String, document: Int) {
        followedKeys.append((name, !JSONObject.sameKey(name, key)))
        let set = contentKeysSet.map { $0 == (document, descriptor) } ?? false
        guard set || followedKeys.contains(where: \.respelled) else { return }
        state.set(.contentKeys(descriptor: descriptor), .array(followedKeys.map { .string($0.name) }), for: document)
        contentKeysSet = (document, descriptor)
    }

    /// Follows `path` through objects (keys) and arrays (indexes), skipping
    /// everything else, and emits the content's units. - Returns: whether the
    /// content was found.
    mutating func split(_ path: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
        guard let component = path.first else {
            let kind = try step { s throws(JSONSyntaxError) in try s.peekKind() }
            if kind == .object, !streamedRelationships.isEmpty, try splitRecord(document: document) { return true }
            if kind == .object, let keyedContent {
                switch keyedContent {
                case .mapper(let mapper):
                    try splitMembers(document: document, mapper: mapper)
                    return true
                case .chosen(let projection, let readsMembers, let choose):
                    // Choose as a worker will: from what the matchers read of
                    // the object (read into the chunk first: only a content
                    // object is chosen here, an element of a content array is
                    // chosen by its worker), or from its kind.
                    let object: JSONValue
                    if readsMembers {
                        if !documentInMemory { _ = try readWhole() }
                        var reader = reader()
                        object = try reader.readValue(projection: projection)
                    } else {
                        object = .object(JSONObject())
                    }
                    let root = rootProjection == nil ? JSONValue.null : state.value(.root, for: document)
                    let chosen = choose(object, document, root)
                    // A record whose large array is streamed: the worker
                    // chooses again, from the object without the array
                    // (no matcher reads it, `StreamedRelationship.candidates`).
                    if let mapper = chosen, let relationships = chosenRecords[ObjectIdentifier(mapper)],
                       try splitRecord(document: document, among: relationships) {
                        return true
                    }
                    guard let mapper = chosen, mapper.forceCollection else {
                        // One record, or declined: the worker reads the object
                        // (its unit's chunk holds it once it is skipped).
                        try step { s throws(JSONSyntaxError) in try s.skipValue() }
                        try add(.chosen(start: stepStart, document: document, descriptor: descriptor, mapper: chosen))
                        return true
                    }
                    try add(.chosen(start: scanner.offset, document: document, descriptor: descriptor, mapper: mapper))
                    try splitMembers(document: document, mapper: mapper)
                    return true
                }
            }
            guard kind == .array else {
                try step { s throws(JSONSyntaxError) in try s.skipValue() }
                try add(.content(start: stepStart, document: document, rest: [], descriptor: descriptor))
                return true
            }
            try splitElements(document: document, outer: [])
            return true
        }
        let kind = try step({ s throws(JSONSyntaxError) in try s.peekKind() })
        switch component {
        case .index(let n):
            // One element of an array (docs/spec.md §4); anything else has none.
            guard kind == .array else {
                try step { s throws(JSONSyntaxError) in try s.skipValue() }
                return false
            }
            return try splitElement(n, path.dropFirst(), document: document)
        case .collection(let op):
            // The array without its repeats, as content: its elements streamed,
            // each compared with the ones kept (the document is in memory).
            // Followed by keys only, each kept element is one with the keys followed in it.
            let keys = path.dropFirst().compactMap { if case .key(let key) = $0 { key } else { nil } }
            if op == .distinctUnionOfObjects, keys.count == path.count - 1, kind == .array, documentInMemory {
                return try splitDistinct(document: document, keys: keys)
            }
            // Another operator on an array: applied as its elements come.
            if op != .distinctUnionOfObjects, kind == .array {
                return try fold(op, then: path.dropFirst(), document: document)
            }
            // `@distinctUnionOfObjects` elsewhere (on anything but an array
            // an operator is missing): the worker builds the array and
            // evaluates the rest of the path on it.
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            guard kind == .array else { return false }
            return try addContent(path, document: document)
        case .key:
            break
        }
        guard case .key(let key) = component, kind == .object else {
            // A key path through an array collects values (KVC): element by
            // element when only keys follow, else the worker builds the array
            // and follows the rest of the path in it (an index or an operator
            // applies to what is collected).
            let keys = path.compactMap { if case .key(let key) = $0 { key } else { nil } }
            if kind == .array, keys.count == path.count { return try splitCollected(keys, document: document) }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            // A scalar has no members: the content is not here, and a later
            // member (a repeat of the key, or an exact match) may hold it.
            guard kind == .array else { return false }
            return try addContent(path, document: document)
        }
        try step { s throws(JSONSyntaxError) in try s.enterObject() }
        // Which member to follow (docs/spec.md §4), deciding as the members
        // come, without reading ahead: the first that matches (exactly, or
        // ignoring case with `keyMatching: caseInsensitive`), or a later one
        // when the one followed did not hold the content and a whole-document
        // read would prefer the later one (a repeat of its key, or an exact
        // match after an inexact one). Once content was found, a later member
        // that a whole-document read would take instead is a warning.
        let folded = caseInsensitiveKeys ? key.lowercased() : nil
        var found = false
        var followed: String?
        var sentBeforeFollowing = 0
        while let name = try step({ s throws(JSONSyntaxError) in try s.nextKey() }) {
            // Code unit for code unit, as a whole read looks keys up (`sameKey`).
            let exact = JSONObject.sameKey(name, key)
            if exact || (folded != nil && name.lowercased() == folded) {
                let again = followed.map { JSONObject.sameKey(name, $0) } ?? false
                if !found, followed == nil || exact || again {
                    if let followed, contentUnitsSent != sentBeforeFollowing, notedOffsets.insert(input.offset + scanner.offset).inserted {
                        // What the earlier member held is mapped already (a
                        // key through an array finds that only at its end).
                        let earlier = again ? "again after an occurrence" : "after '\(followed)'"
                        let note = Diagnostic(
                            .warning,
                            "key '\(name)' appears \(earlier) that held no content; a streamed document maps what both hold, a whole read only this one"
                                + MappingFailure.documentSuffix(document),
                            file: inputName, location: .source(noteLocation(scanner.offset)), code: .duplicateKey)
                        try add(.note(note, document: document))
                    }
                    followed = name
                    sentBeforeFollowing = contentUnitsSent
                    // Unwound however the split ends (a syntax error under
                    // `--keep-going` goes on with the next document).
                    let depth = followedKeys.count
                    defer { followedKeys.removeSubrange(depth...) }
                    if caseInsensitiveKeys { follow(name, key: key, document: document) }
                    found = try split(path.dropFirst(), document: document)
                    continue
                }
                // Once per place, however many descriptors pass it.
                if found, let followed, again || exact, notedOffsets.insert(input.offset + scanner.offset).inserted {
                    try noteRepeat(name, followed: followed, key: key, document: document)
                }
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
        }
        return found
    }
}
