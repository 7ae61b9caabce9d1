/// Documents: where each starts and ends, which are small enough to map whole, which are streamed, and recovery after a syntax error.
extension Splitter {
    /// Splits until the end (true) or a syntax error; after one, with
    /// `keepGoing`, moves to the next plausible document start and returns false.
    mutating func runUntilSyntaxError(_ index: inout Int) throws -> Bool {
        var streaming = false
        do {
            while try !step({ s throws(JSONSyntaxError) in try s.atEnd() }) {
                documentStart = scanner.offset
                let small: Bool
                if streamPaths != nil {
                    let threshold = streamingThreshold
                    // Longer than the threshold: streamed, and a syntax error
                    // there is met while streaming.
                    small = try step { s throws(JSONSyntaxError) in try s.skipValue(ifShorterThan: threshold) }
                } else {
                    try step { s throws(JSONSyntaxError) in try s.skipValue() }
                    small = true
                }
                if small {
                    try batched(stepStart, position: index, elementsOf: nil)
                } else {
                    try flushBatch()
                    let paths = streamPaths!
                    // Elements that read `@root`, or several descriptors' contents:
                    // the whole document first.
                    // An index from the end counts the array first; repeats in
                    // `@distinctUnionOfObjects` are compared with earlier elements.
                    var wholeFirst = rootProjection != nil || paths.count > 1 || paths.contains { path in
                        path.contains {
                            switch $0 {
                            case .index(let n): n < 0
                            case .collection(let op): op == .distinctUnionOfObjects
                            case .key: false
                            }
                        }
                    }
                    // A content object at the root that a dynamic mapper chooses
                    // how to map from its members: the document, read whole.
                    // Deeper, such an object is read whole when it is found
                    // (`split`): an element of a content array (`entry.resource`
                    // through `entry`'s elements) is chosen by its worker, and
                    // the document streams.
                    if case .chosen(_, readsMembers: true, _)? = keyedContent, paths.count == 1, paths[0].isEmpty,
                       try step({ s throws(JSONSyntaxError) in try s.peekKind() }) == .object {
                        wholeFirst = true
                    }
                    documentInMemory = wholeFirst
                    defer { documentInMemory = false }
                    var length: Int?
                    if wholeFirst {
                        length = try readWhole()
                        if let rootProjection {
                            // Before the first element: workers map elements as they come.
                            state.set(.root, try readRoot(rootProjection), for: index)
                        }
                    }
                    // The document starts here (reading it whole may have moved it to a new chunk).
                    let start = scanner.offset
                    streaming = true
                    // Its size bounds its records (`--max-records`): exact when read whole.
                    let maxBytes = length ?? input.knownSize.map { $0 - (input.offset + start) } ?? Int.max
                    try add(.streamBegin(index: index, maxBytes: maxBytes))
                    // A document read whole is valid: its records are written
                    // as they come, without a lookahead's worth held.
                    if wholeFirst { state.publish(.undecided, for: index) }
                    pendingStream = (index, input.offset + start, wholeFirst)
                    // Once per descriptor, in their order, as a whole read maps
                    // them. The document is all in the chunk: no step reads
                    // more, so its start stays where it is.
                    let startOfDocument = scanner.checkpoint
                    notedOffsets.removeAll()
                    var found = false
                    for (d, path) in paths.enumerated() {
                        if d > 0 { scanner.restore(startOfDocument) }
                        descriptor = d
                        let here = try split(path[...], document: index)
                        try flushBatch()
                        if here, paths.count > 1 { try add(.found(document: index, descriptor: d)) }
                        found = found || here
                    }
                    descriptor = 0
                    state.publish(.parsed(foundContent: found), for: index)
                    let bytes = input.offset + scanner.offset - pendingStream!.start
                    pendingStream = nil
                    try add(.streamEnd(index: index, bytes: bytes))
                    streaming = false
                }
                index += 1
            }
            try flushBatch()
            return true
        } catch let error as JSONSyntaxError {
            // Documents before the error are whole and valid: send them first.
            if !streaming { try flushBatch() }
            clearBatch()
            // What the split was in when the error came (a nested array, a
            // collected content) is not the next document's.
            (batchRest, batchOuter, batchWithin) = (nil, [], 0)
            if streaming { state.publish(.syntaxError, for: index) }
            pendingStream = nil
            try add(.syntaxError(error, index: index))
            guard keepGoing else { return true }
            // A streamed document that began before this chunk: the first
            // line start still in memory (a whole read would look from the
            // document's start; the lines before are gone, docs/behaviour.md).
            try recover(after: documentStart ?? 0, from: error)
            index += 1
            return false
        }
    }

    /// Reads the document starting here whole into the chunk, validating it,
    /// and one byte past it when the input goes on (so that no step inside
    /// it reads more, and its offsets stay put while it is split once per
    /// descriptor). A step that runs out of bytes reads more, and the chunk
    /// grows to hold what it keeps. A syntax error anywhere is met here,
    /// before anything of the document is sent, as for a small document.
    ///
    /// Reading on is guided by `DocumentBoundaryFinder`, which resumes where
    /// it stopped, and the document is validated once it is all there: a pipe
    /// that delivers it in small reads costs one pass over it, not one per
    /// read. - Returns: the document's length in bytes.
    mutating func readWhole() throws -> Int {
        var finder = DocumentBoundaryFinder()
        while !input.atEnd, !finder.holdsCompleteValue(in: UnsafeRawBufferPointer(rebasing: input.bytes[scanner.offset...])) {
            try readMore(keeping: scanner.offset)
        }
        while true {
            let end = try step { s throws(JSONSyntaxError) -> Int in
                var probe = s
                try probe.skipValue()
                return probe.offset
            }
            if end < scanner.buf.count || input.atEnd { return end - scanner.offset }
            try readMore(keeping: scanner.offset)
        }
    }

    /// The `@root` of the document starting here (read whole, `readWhole`),
    /// as `projection` reads it.
    ///
    /// What `@root` reads may come after the content array (`{"items": [...],
    /// "total": 3}`), and every element must see it: its root is read
    /// through the projection, and the elements are split from the bytes in
    /// memory. The document costs its bytes and what the projection reads,
    /// not a tree of all of it (docs/behaviour.md).
    mutating func readRoot(_ projection: ProjectionPlan) throws -> JSONValue {
        var reader = reader()
        return try reader.readValue(projection: projection)
    }

    /// Moves to the next plausible document start after a syntax error
    /// (`SyntaxRecovery`), reading on while no line of the chunk starts one.
    ///
    /// - Parameter error: the syntax error, when it was reported in the
    ///   chunk in memory: later locations in it are counted from there.
    mutating func recover(after start: Int, from error: JSONSyntaxError? = nil) throws {
        var from = start
        var sameChunk = scanner.buf.baseAddress == input.bytes.baseAddress && scanner.buf.count == input.bytes.count
        while true {
            let resume = SyntaxRecovery.nextDocumentStart(in: input.bytes, after: from)
            if resume < input.bytes.count || input.atEnd {
                sameChunk = sameChunk && scanner.origin == input.origin
                scanner.reset(bytes: input.bytes, origin: input.origin)
                scanner.inputContinues = !input.atEnd
                scanner.offset = resume
                if sameChunk, let error { scanner.continueLocations(after: error) }
                return
            }
            sameChunk = false
            // Keep the last byte: a line break there makes the next byte a line start.
            let keep = max(input.bytes.count - 1, 0)
            if input.isFull {
                try input.moveOn(keeping: keep)
                from = 0
            } else {
                from = keep
            }
            try input.fill()
        }
    }
}
