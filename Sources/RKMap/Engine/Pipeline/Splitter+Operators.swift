/// Collection operators on the content array, applied as the elements are read.
extension Splitter {
    /// Splits the array here as `@distinctUnionOfObjects` gives it (docs/spec.md
    /// §4): each element that equals none before it (JSON equality,
    /// `JSONValueKey`), in order, its position among those kept. Each element
    /// is read to be hashed, and only the first with each hash is kept by
    /// offset; on a hash that meets, the earlier elements are read again from
    /// the document in memory and compared. With `keys` after the operator
    /// (`items.@distinctUnionOfObjects.id`), content element `i` is `keys`
    /// followed in kept element `i` (KVC, as in `splitCollected`).
    /// - Returns: whether there is content: the array, empty or not, or, with
    ///   `keys`, an element that has them (known before anything is sent).
    mutating func splitDistinct(document: Int, keys: [String] = []) throws -> Bool {
        if !keys.isEmpty, try !someElementCollects(keys.map { KeyPath.Component.key($0) }[...]) {
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            return false
        }
        try flushBatch()
        batchRest = keys.isEmpty ? nil : keys
        defer { batchRest = nil }
        var firstWithHash: [Int: Int] = [:]
        var othersWithHash: [Int: [Int]] = [:]
        let inMemory = reader()
        func element(at offset: Int) throws -> JSONValueKey {
            var reader = inMemory
            reader.offset = offset
            return JSONValueKey(try reader.readValue())
        }
        var position = 0
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            let start = stepStart
            let key = try element(at: start)
            let hash = key.hashValue
            if let first = firstWithHash[hash] {
                let earlier = [first] + (othersWithHash[hash] ?? [])
                if try earlier.contains(where: { try element(at: $0) == key }) { continue }
                othersWithHash[hash, default: []].append(start)
            } else {
                firstWithHash[hash] = start
            }
            try batched(start, position: position, elementsOf: document)
            position += 1
        }
        try flushBatch()
        return true
    }

    /// Applies `op` to the array here as its elements are read (`OperatorFold`)
    /// and sends its value when `rest` finds content in it (docs/spec.md §2).
    mutating func fold(_ op: KeyPath.CollectionOperator, then rest: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
        var fold = OperatorFold(op)
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            let kind = try step { s throws(JSONSyntaxError) in try s.peekKind() }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            // The element is in the chunk until the next step.
            if fold.reads(kind) {
                var reader = reader(at: stepStart)
                fold.add(try reader.readValue(), kind: kind)
            } else {
                fold.add(nil, kind: kind)
            }
        }
        guard let value = fold.result(), KeyPath.find(rest, from: value, caseInsensitive: caseInsensitiveKeys) != nil else { return false }
        try add(.value(value, document: document, rest: Array(rest), descriptor: descriptor))
        return true
    }
}
