/// Reads an input once, validating every byte, and cuts it into work units:
/// whole documents, or (for a large document the spec lets us stream) the
/// elements of the content array at the descriptor's key path.
///
/// It reads the input itself, chunk by chunk (`ChunkedInput`): a scanner step
/// that runs out of bytes reads more and runs again, so documents and streamed
/// elements may cross chunks, and a single document of many gigabytes is
/// streamed in the memory of a few chunks. Units keep their chunk alive until
/// they are mapped.
struct Splitter {
    private var input: ChunkedInput
    private var scanner: JSONScanner
    let state: PipelineState
    /// The key paths to stream along (their components: keys and indexes are
    /// followed, the rest is evaluated by a worker on the value there), one
    /// per applicable descriptor in their order, or `nil` when documents are
    /// never streamed. With several, a large document is read whole into the
    /// chunk first and split once per descriptor, so records come in the
    /// order a whole read gives them; so it is with a negative index, which
    /// needs the array's length before its element.
    let streamPaths: [[KeyPath.Component]]?
    /// The descriptor whose content is being split (a position in `streamPaths`).
    private var descriptor = 0
    /// Where the streamed document's repeated-key warnings were given (input
    /// offsets: a chunk's offsets start again when it moves), so that a
    /// second descriptor's pass does not give them again.
    private var notedOffsets: Set<Int> = []
    let streamingThreshold: Int
    let inputName: String
    /// Resume after a syntax error (`--keep-going`) instead of stopping.
    var keepGoing = false
    /// How a content object is split member by member, like an array's
    /// elements, as a `forceCollection` dictionary (docs/spec.md §5.3),
    /// instead of read whole; `nil`: it is read whole.
    var keyedContent: KeyedContent?

    enum KeyedContent {
        /// Always, mapped by the root mapper (`MappingEngine.keyedContentMapper`).
        case mapper(ObjectMapper)
        /// When the dynamic root mapper chooses a `forceCollection` mapper for
        /// the object read through `projection` (what its matchers read,
        /// `MappingEngine.keyedChoice`): `choose` is given it, the document's
        /// number and its `@root`. When the matchers read members of it, the
        /// document is read whole into the chunk first, so that the object
        /// can be read before it is split; otherwise they see `{}`, at its start.
        case chosen(ProjectionPlan, readsMembers: Bool, choose: (JSONValue, Int, JSONValue) -> ObjectMapper?)
    }
    /// An element of the content array that is itself an array longer than
    /// `nestedThreshold` bytes (or, in a `collected` content, a page whose
    /// collected value is one) is streamed element by element between
    /// `nested` units, instead of read whole by a worker: the sink writes
    /// nested arrays as they come (`RecordSink.acceptsNestedArrays`).
    var nestedArrays = false
    /// The least size of such an element: as small as the streaming
    /// threshold, so that tests can stream every nested array.
    var nestedThreshold: Int { min(streamingThreshold, Self.batchBytes) }
    /// The members of a content object whose arrays are streamed element by
    /// element when large (`StreamedRelationship`): the object is mapped as
    /// one record without it, its elements apart; empty: none is.
    var streamedRelationships: Set<String> = []
    /// Those whose record's object the splitter reads for the workers
    /// (`StreamedRelationship.readsObject`).
    var parentObjects: Set<String> = []
    /// Keys on the stream path also match ignoring case
    /// (`keyMatching: caseInsensitive`, docs/spec.md §4).
    var caseInsensitiveKeys = false
    /// What the spec's `@root` key paths read of a document
    /// (`MappingEngine.rootProjection`): a streamed document is read whole
    /// into the chunk first, and its root read through this (`readRoot`).
    var rootProjection: ProjectionPlan?
    /// The input starts inside a document with a syntax error (`--keep-going`
    /// after the serial path's error): look for the next document start first.
    var recovering = false
    /// How much of a streamed document is read before its records are written:
    /// a document that ends within it is written only once it has been read and
    /// validated whole; a longer one is written as it is read (memory stays
    /// bounded by this, not by the document).
    static let lookaheadBytes = 8 << 20
    /// The streamed document being split was read whole into the chunk first.
    private var documentInMemory = false
    /// How many units with values were sent: whether a member followed on
    /// the content path sent some before it was found to hold no content.
    private var contentUnitsSent = 0
    /// Where the last note was placed (in which chunk), so that the next one
    /// is placed from there: counting lines from the chunk's start for each
    /// of thousands of repeated keys was quadratic.
    private var lastNote: (base: UnsafeRawPointer?, origin: TextOrigin, offset: Int, location: SourceLocation)?
    /// The streamed document waiting for its verdict: its number, its input
    /// offset, and whether the writer was told it is `undecided`.
    private var pendingStream: (index: Int, start: Int, undecided: Bool)?
    /// Batch limits: a unit closes at this many bytes or elements.
    static let batchBytes = 1 << 18
    static let batchCount = 1024
    private var batch: [Int] = []
    /// The members' keys when the batch holds members (`batched(member:…)`).
    private var batchKeys: [String] = []
    /// The mapper of the members in the batch.
    private var batchMapper: ObjectMapper?
    /// The key path followed in each element when the batch holds the
    /// elements of an array a content key path collects through (`collected`).
    private var batchRest: [String]?
    /// The positions of the nested arrays the batch's elements are in (`nested`).
    private var batchOuter: [Int] = []
    /// The member whose relationship's elements the batch holds (`related`).
    private var batchRelated: String?
    private var batchStart = 0
    private var batchFirst = 0
    /// Where the last scanner step started (offsets move when a chunk does).
    private var stepStart = 0
    /// Where the current document starts in the chunk, while it is still there.
    private var documentStart: Int?

    /// Number of the first document (its position in the whole input).
    let firstIndex: Int

    /// The run was cancelled (the writer stopped).
    private struct Cancelled: Error {}

    init(input: ChunkedInput, from start: Int = 0, maxDepth: Int, firstIndex: Int = 0, state: PipelineState,
         streamPaths: [[KeyPath.Component]]?, streamingThreshold: Int, inputName: String) {
        self.input = input
        self.scanner = JSONScanner(bytes: input.bytes, offset: start, maxDepth: maxDepth, origin: input.origin)
        scanner.inputContinues = !input.atEnd
        self.firstIndex = firstIndex
        self.state = state
        self.streamPaths = streamPaths
        self.streamingThreshold = streamingThreshold
        self.inputName = inputName
    }

    /// The input offset just past the bytes read so far.
    var bytesRead: Int { input.offset + input.bytes.count }

    /// Runs to the end of the input, a syntax error (unless `keepGoing`), a
    /// failed read, or cancellation.
    mutating func run() {
        var index = firstIndex
        do {
            if recovering { try recover(after: 0) }
            while try !runUntilSyntaxError(&index) {}
        } catch is Cancelled {
        } catch let error as ChunkedInput.ReadError {
            // Past a full window: the writer may be waiting for the verdict
            // of a document this unit ends (`PipelineState.verdict`).
            _ = state.add(.inputError(error), view: InputView(input.chunk), mayWait: false)
        } catch let error as Interrupted {
            _ = state.add(.inputError(error), view: InputView(input.chunk), mayWait: false)
        } catch {
            preconditionFailure("the splitter throws only read errors and interruptions: \(error)")
        }
    }

    /// The line and column of `offset` in the chunk, for a note.
    private mutating func noteLocation(_ offset: Int) -> SourceLocation {
        let buf = scanner.buf
        let location: SourceLocation
        if let last = lastNote, last.base == buf.baseAddress, last.origin == scanner.origin, last.offset <= offset {
            let origin = TextOrigin(line: last.location.line, column: last.location.column, isInputStart: false)
            location = JSONLexer.location(in: UnsafeRawBufferPointer(rebasing: buf[last.offset...]), ofOffset: offset - last.offset, origin: origin)
        } else {
            location = scanner.location(ofOffset: offset)
        }
        lastNote = (buf.baseAddress, scanner.origin, offset, location)
        return location
    }

    // MARK: Reading on

    /// Runs a scanner step; when it needs bytes not read yet, reads more and
    /// runs it again from where it started. A step that ends exactly at the
    /// end of the bytes read so far runs again too (a number the next bytes
    /// may continue), unless the input has ended.
    private mutating func step<T>(_ op: (inout JSONScanner) throws(JSONSyntaxError) -> T) throws -> T {
        while true {
            let before = scanner.checkpoint
            stepStart = scanner.offset
            do {
                let result = try op(&scanner)
                if input.atEnd || scanner.offset < scanner.buf.count { return result }
            } catch {
                if input.atEnd || !error.needsMoreInput { throw error }
            }
            scanner.restore(before)
            try readMore(keeping: before.offset)
        }
    }

    /// Reads more input into the chunk, or moves to a new chunk that starts at
    /// `keep` (everything before it is in units already, or skipped).
    private mutating func readMore(keeping keep: Int) throws {
        if input.isFull {
            // Units cannot span chunks: hand over the batch cut from this one.
            try flushBatch()
            try input.moveOn(keeping: keep)
            lastNote = nil
            scanner.rebase(onto: input.bytes, droppingFirst: keep, origin: input.origin)
            documentStart = documentStart.flatMap { $0 >= keep ? $0 - keep : nil }
        } else if !input.moreWaiting() {
            // A slow producer: what is complete goes out before we wait.
            try flushBatch()
            try add(.idle)
        }
        try input.fill()
        scanner.extend(to: input.bytes)
        scanner.inputContinues = !input.atEnd
    }

    // MARK: Batches

    /// Adds a start offset to the current batch; sends it when full.
    private mutating func batched(_ start: Int, position: Int, elementsOf document: Int?) throws {
        if batch.isEmpty {
            batchStart = start
            batchFirst = position
            batchDocument = document
            batchDescriptor = descriptor
        }
        batch.append(start)
        if batch.count >= Self.batchCount || scanner.offset - batchStart >= Self.batchBytes {
            try flushBatch()
        }
    }

    /// Adds a member of a `forceCollection` object (its key, and its value's
    /// start) to the current batch; sends it when full.
    private mutating func batched(member key: String, at start: Int, position: Int, of document: Int) throws {
        batchKeys.append(key)
        try batched(start, position: position, elementsOf: document)
    }

    /// The streamed document whose elements the batch holds, or nil for
    /// documents, and the descriptor whose content they are.
    private var batchDocument: Int?
    private var batchDescriptor = 0

    private mutating func flushBatch() throws {
        guard !batch.isEmpty else { return }
        defer { clearBatch() }
        let unit: WorkUnit
        if let document = batchDocument {
            if let key = batchRelated {
                unit = .related(starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor, key: key)
            } else if let rest = batchRest {
                unit = .collected(starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor, rest: rest)
            } else {
                unit = batchKeys.isEmpty
                    ? .elements(starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor, outer: batchOuter)
                    : .members(
                        keys: batchKeys, starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor,
                        mapper: batchMapper!)
            }
        } else {
            unit = .documents(starts: batch, firstIndex: batchFirst)
        }
        try add(unit)
    }

    private mutating func clearBatch() {
        batch.removeAll(keepingCapacity: true)
        batchKeys.removeAll(keepingCapacity: true)
    }

    /// Sends a unit with the chunk its offsets are in (kept alive until a
    /// worker has taken it).
    private mutating func add(_ unit: WorkUnit) throws {
        if unit.valueCount > 0 { contentUnitsSent += 1 }
        var mayWait = true
        if let pending = pendingStream, !pending.undecided {
            // The writer waits for this document's verdict: waiting for it here
            // would never end. Past the lookahead, tell it to write as we read.
            if input.offset + scanner.offset - pending.start > Self.lookaheadBytes {
                state.publish(.undecided, for: pending.index)
                pendingStream?.undecided = true
            } else {
                mayWait = false
            }
        }
        guard state.add(unit, view: InputView(input.chunk), mayWait: mayWait) else { throw Cancelled() }
    }


    // MARK: Documents

    /// Splits until the end (true) or a syntax error; after one, with
    /// `keepGoing`, moves to the next plausible document start and returns false.
    private mutating func runUntilSyntaxError(_ index: inout Int) throws -> Bool {
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
                    // And a content object that a dynamic mapper chooses how to map.
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
                    if case .chosen(_, readsMembers: true, _)? = keyedContent { wholeFirst = true }
                    documentInMemory = wholeFirst
                    defer { documentInMemory = false }
                    var length: Int?
                    if wholeFirst {
                        length = try readWhole()
                        if let rootProjection {
                            // Before the first element: workers map elements as they come.
                            state.setRoot(try readRoot(rootProjection), for: index)
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
            (batchRest, batchOuter) = (nil, [])
            if streaming { state.publish(.syntaxError, for: index) }
            pendingStream = nil
            try add(.syntaxError(error, index: index))
            guard keepGoing else { return true }
            // A streamed document that began before this chunk: the first
            // line start still in memory (a whole read would look from the
            // document's start; the lines before are gone, docs/behaviour.md).
            try recover(after: documentStart ?? 0)
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
    private mutating func readWhole() throws -> Int {
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
    private mutating func readRoot(_ projection: ProjectionPlan) throws -> JSONValue {
        var reader = reader()
        return try reader.readValue(projection: projection)
    }

    /// A reader of the value at `offset` (by default, where the scanner is),
    /// which the chunk holds whole (the document was read whole, or the value
    /// was just skipped), its depth counted from there: the splitter has
    /// validated it already.
    private func reader(at offset: Int? = nil) -> JSONScanner {
        var reader = scanner
        if let offset { reader.offset = offset }
        reader.depth = 0
        return reader
    }

    /// Whether `path` followed through the array at `start` (in a document
    /// read whole) finds a value, as the worker's `KeyPath.find` would; reads
    /// no more of it than the path and the kinds of what it leads to.
    private func collects(_ path: ArraySlice<KeyPath.Component>, fromValueAt start: Int) throws -> Bool {
        var reader = reader(at: start)
        let rest = KeyPath(source: "", anchor: .representation, components: Array(path))
        let plan = ProjectionPlan(
            JSONProjection.nothing.adding(componentsOf: rest, then: JSONProjection.countOnly), caseInsensitive: caseInsensitiveKeys)
        let value = try reader.readValue(projection: plan)
        return KeyPath.find(path, from: value, caseInsensitive: caseInsensitiveKeys) != nil
    }

    /// Moves to the next plausible document start after a syntax error
    /// (`SyntaxRecovery`), reading on while no line of the chunk starts one.
    private mutating func recover(after start: Int) throws {
        var from = start
        while true {
            let resume = SyntaxRecovery.nextDocumentStart(in: input.bytes, after: from)
            if resume < input.bytes.count || input.atEnd {
                scanner.reset(bytes: input.bytes, origin: input.origin)
                scanner.inputContinues = !input.atEnd
                scanner.offset = resume
                return
            }
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

    /// Follows `path` through objects (keys) and arrays (indexes), skipping
    /// everything else, and emits the content's units. - Returns: whether the
    /// content was found.
    private mutating func split(_ path: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
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
                    // the object (the document is in the chunk, read whole),
                    // or from its kind.
                    let object: JSONValue
                    if readsMembers {
                        var reader = reader()
                        object = try reader.readValue(projection: projection)
                    } else {
                        object = .object(JSONObject())
                    }
                    let root = rootProjection == nil ? JSONValue.null : state.root(for: document)
                    let chosen = choose(object, document, root)
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
            let exact = name == key
            if exact || (folded != nil && name.lowercased() == folded) {
                if !found, followed == nil || exact || name == followed {
                    if let followed, contentUnitsSent != sentBeforeFollowing, notedOffsets.insert(input.offset + scanner.offset).inserted {
                        // What the earlier member held is mapped already (a
                        // key through an array finds that only at its end).
                        let earlier = name == followed ? "again after an occurrence" : "after '\(followed)'"
                        let note = Diagnostic(
                            .warning,
                            "key '\(name)' appears \(earlier) that held no content; a streamed document maps what both hold, a whole read only this one"
                                + MappingFailure.documentSuffix(document),
                            file: inputName, location: .source(noteLocation(scanner.offset)), code: .duplicateKey)
                        try add(.note(note, document: document))
                    }
                    followed = name
                    sentBeforeFollowing = contentUnitsSent
                    found = try split(path.dropFirst(), document: document)
                    continue
                }
                // Once per place, however many descriptors pass it.
                if found, let followed, name == followed || exact, notedOffsets.insert(input.offset + scanner.offset).inserted {
                    try noteRepeat(name, followed: followed, key: key, document: document)
                }
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
        }
        return found
    }

    /// The elements of the array here, in batches of `outer`'s elements; an
    /// element that is a large array is streamed as a nested array.
    private mutating func splitElements(document: Int, outer: [Int]) throws {
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        var position = 0
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            if try skipUnlessLarge(.array) {
                try batched(stepStart, position: position, elementsOf: document)
            } else {
                try splitNested(document: document, outer: outer + [position])
            }
            position += 1
        }
        try flushBatch()
    }

    /// Skips the value here (true), unless it is of `kind` and longer than
    /// `nestedThreshold` and nested arrays are streamed (false: the scanner
    /// stays at its start). Its start is `stepStart` either way.
    private mutating func skipUnlessLarge(_ kind: JSONKind) throws -> Bool {
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
    private mutating func splitNested(document: Int, outer: [Int]) throws {
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
    private mutating func splitCollectedElement(_ keys: ArraySlice<String>, position: Int, document: Int) throws -> Bool {
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
            let exact = name == key
            if exact || (folded != nil && name.lowercased() == folded) {
                if followed == nil {
                    followed = name
                    found = try splitCollectedElement(keys.dropFirst(), position: position, document: document)
                    continue
                }
                if let followed, name == followed || exact, notedOffsets.insert(input.offset + scanner.offset).inserted {
                    try noteRepeat(name, followed: followed, key: key, document: document)
                }
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
        }
        return found
    }

    /// The value just skipped, element `position` of a collected content once
    /// `rest` is followed in it, as a unit of its own.
    private mutating func collectedAlone(_ start: Int, position: Int, rest: [String], document: Int) throws {
        try flushBatch()
        let saved = batchRest
        batchRest = rest
        defer { batchRest = saved }
        try batched(start, position: position, elementsOf: document)
        try flushBatch()
    }

    /// A member on the content path that a whole read would take instead of
    /// the one followed: a warning, placed where it starts.
    private mutating func noteRepeat(_ name: String, followed: String, key: String, document: Int) throws {
        let message = (name == followed
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
    private mutating func addContent(_ rest: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
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
    private mutating func splitCollected(_ keys: [String], document: Int) throws -> Bool {
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
        defer { batchRest = nil }
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
    private func someElementCollects(_ path: ArraySlice<KeyPath.Component>) throws -> Bool {
        var reader = scanner
        try reader.enterArray()
        while try reader.nextElement() {
            let start = reader.offset
            try reader.skipValue()
            if try collects(path, fromValueAt: start) { return true }
        }
        return false
    }

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
    private mutating func splitDistinct(document: Int, keys: [String] = []) throws -> Bool {
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

    /// The content object here, mapped as one record whose relationship's
    /// large array is streamed (`StreamedRelationship`): when its first
    /// member named by one holds an array longer than `nestedThreshold`,
    /// the record goes as a `parent` unit (mapped without that member), the
    /// array's elements as `related` units, then `parentEnd`. The object is
    /// read into the chunk first: the record is mapped before the elements,
    /// whatever the order of its members. A later member with the same key
    /// is a warning, as on the content path. - Returns: false when there is
    /// no such array (nothing was sent; the scanner is at the object).
    private mutating func splitRecord(document: Int) throws -> Bool {
        if !documentInMemory { _ = try readWhole() }
        var ahead = reader()
        try ahead.enterObject()
        // The first relationship whose (first) member holds a large array.
        var chosen: String?
        var met: Set<String> = []
        while let name = try ahead.nextKey() {
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
            try ahead.skipValue()
        }
        if parentObjects.contains(key) {
            // Every other member, as a whole read has them, once for all units.
            var names: Set<String> = []
            var keys = reader()
            try keys.enterObject()
            while let name = try keys.nextKey() {
                if name != key { names.insert(name) }
                try keys.skipValue()
            }
            var object = reader()
            let projection = ProjectionPlan(.members(Dictionary(uniqueKeysWithValues: names.map { ($0, JSONProjection.everything) })))
            state.setParentObject(try object.readValue(projection: projection), for: document)
        }
        try add(.parent(start: scanner.offset, document: document, descriptor: descriptor, key: key))
        try step { s throws(JSONSyntaxError) in try s.enterObject() }
        while let name = try step({ s throws(JSONSyntaxError) in try s.nextKey() }) {
            if name == key {
                try splitRelated(key, document: document)
                continue
            }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
        }
        try add(.parentEnd(document: document, descriptor: descriptor))
        return true
    }

    /// The elements of the array here, a record's relationship at `key`, in batches.
    private mutating func splitRelated(_ key: String, document: Int) throws {
        try flushBatch()
        batchRelated = key
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

    /// Applies `op` to the array here as its elements are read (`OperatorFold`)
    /// and sends its value when `rest` finds content in it (docs/spec.md §2).
    private mutating func fold(_ op: KeyPath.CollectionOperator, then rest: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
        var fold = OperatorFold(op)
        try step { s throws(JSONSyntaxError) in try s.enterArray() }
        while try step({ s throws(JSONSyntaxError) in try s.nextElement() }) {
            let kind = try step { s throws(JSONSyntaxError) in try s.peekKind() }
            try step { s throws(JSONSyntaxError) in try s.skipValue() }
            // The element is in the chunk until the next step.
            if fold.reads(kind) {
                var reader = reader(at: stepStart)
                fold.add(try reader.readValue())
            } else {
                fold.add(nil)
            }
        }
        guard let value = fold.result(), KeyPath.find(rest, from: value, caseInsensitive: caseInsensitiveKeys) != nil else { return false }
        try add(.value(value, document: document, rest: Array(rest), descriptor: descriptor))
        return true
    }

    /// Follows element `n` of the array here (negative: from its end; the
    /// document is then in the chunk, read whole, and the array is counted
    /// first), skipping the others. - Returns: whether `rest` found content in it.
    private mutating func splitElement(_ n: Int, _ rest: ArraySlice<KeyPath.Component>, document: Int) throws -> Bool {
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
    private mutating func splitMembers(document: Int, mapper: ObjectMapper) throws {
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

extension JSONScanner {
    /// Skips the value here when it ends within `threshold` bytes (true);
    /// otherwise leaves the scanner at its start (false). A syntax error
    /// within the threshold is thrown; one past it is met by whoever reads
    /// the value on (the splitter streams it).
    fileprivate mutating func skipValue(ifShorterThan threshold: Int) throws(JSONSyntaxError) -> Bool {
        var probe = self
        do throws(JSONSyntaxError) {
            try probe.skipValue()
        } catch where error.offset - offset >= threshold {
            return false
        }
        guard probe.offset - offset < threshold else { return false }
        self = probe  // the probe read the whole (short) value
        return true
    }
}
