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
    var input: ChunkedInput
    var scanner: JSONScanner
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
    var descriptor = 0
    /// Where the streamed document's repeated-key warnings were given (input
    /// offsets: a chunk's offsets start again when it moves), so that a
    /// second descriptor's pass does not give them again.
    var notedOffsets: Set<Int> = []
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
    /// The members of a content object (or of an object element of the
    /// content array) whose arrays are streamed element by element when
    /// large (`StreamedRelationship`): the object is mapped as one record
    /// without it, its elements apart; empty: none is.
    /// By id (the source key path as written), its members outermost first.
    var streamedRelationships: [String: [String]] = [:]
    /// When the root mapper is dynamic, the relationships of each object
    /// mapper it may choose (by its identity) that are streamed so when it
    /// chooses that mapper for a content object (`KeyedContent.chosen`).
    var chosenRecords: [ObjectIdentifier: [String: [String]]] = [:]
    /// Those whose record's object the splitter reads for the workers
    /// (`StreamedRelationship.readsObject`).
    var parentObjects: Set<String> = []
    /// Those whose array an attribute of the record counts
    /// (`StreamedRelationship.countingSteps`): `largeArray` counts its elements.
    var countedArrays: Set<String> = []
    /// Keys on the stream path also match ignoring case
    /// (`keyMatching: caseInsensitive`, docs/spec.md §4).
    var caseInsensitiveKeys = false
    /// Under `caseInsensitiveKeys`, the member names followed so far for
    /// the content path's keys, and whether one is spelled otherwise than
    /// its key (`PipelineState.DocumentValue.contentKeys`).
    var followedKeys: [(name: String, respelled: Bool)] = []
    /// The document and descriptor whose `contentKeys` were set last.
    var contentKeysSet: (document: Int, descriptor: Int)?
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
    var documentInMemory = false
    /// How many units with values were sent: whether a member followed on
    /// the content path sent some before it was found to hold no content.
    var contentUnitsSent = 0
    /// The streamed document waiting for its verdict: its number, its input
    /// offset, and whether the writer was told it is `undecided`.
    var pendingStream: (index: Int, start: Int, undecided: Bool)?
    /// Batch limits: a unit closes at this many bytes or elements.
    static let batchBytes = 1 << 18
    static let batchCount = 1024
    var batch: [Int] = []
    /// The members' keys when the batch holds members (`batched(member:…)`).
    var batchKeys: [String] = []
    /// The mapper of the members in the batch.
    var batchMapper: ObjectMapper?
    /// The key path followed in each element when the batch holds the
    /// elements of an array a content key path collects through (`collected`).
    var batchRest: [String]?
    /// The positions of the nested arrays the batch's elements are in (`nested`).
    var batchOuter: [Int] = []
    /// How many keys at the end of the descriptor's key path the batch's
    /// elements collect through an array (`resource` of `entry.resource`):
    /// their diagnostics name them inside the elements (`$.entry[2].resource`).
    var batchWithin = 0
    /// The member whose relationship's elements the batch holds, and its record (`related`).
    var batchRelated: (key: String, record: StreamedRecord)?
    var batchStart = 0
    var batchFirst = 0
    /// Where the last scanner step started (offsets move when a chunk does).
    var stepStart = 0
    /// Where the current document starts in the chunk, while it is still there.
    var documentStart: Int?

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

    /// The line and column of `offset` in the chunk, for a note: counted
    /// from the last place known in it (`JSONScanner.locationHint`, which
    /// moves with the chunk), not from its start (counting from there for
    /// each of thousands of repeated keys was quadratic).
    mutating func noteLocation(_ offset: Int) -> SourceLocation {
        let location = scanner.location(ofOffset: offset)
        scanner.locationHint = (offset, location)
        return location
    }

    // MARK: Reading on

    /// Runs a scanner step; when it needs bytes not read yet, reads more and
    /// runs it again from where it started. A step that ends exactly at the
    /// end of the bytes read so far runs again too (a number the next bytes
    /// may continue), unless the input has ended.
    mutating func step<T>(_ op: (inout JSONScanner) throws(JSONSyntaxError) -> T) throws -> T {
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
    mutating func readMore(keeping keep: Int) throws {
        if input.isFull {
            // Units cannot span chunks: hand over the batch cut from this one.
            try flushBatch()
            try input.moveOn(keeping: keep)
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
    mutating func batched(_ start: Int, position: Int, elementsOf document: Int?) throws {
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
    mutating func batched(member key: String, at start: Int, position: Int, of document: Int) throws {
        batchKeys.append(key)
        try batched(start, position: position, elementsOf: document)
    }

    /// The streamed document whose elements the batch holds, or nil for
    /// documents, and the descriptor whose content they are.
    var batchDocument: Int?
    var batchDescriptor = 0

    mutating func flushBatch() throws {
        guard !batch.isEmpty else { return }
        defer { clearBatch() }
        let unit: WorkUnit
        if let document = batchDocument {
            if let (key, record) = batchRelated {
                unit = .related(
                    starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor, key: key, record: record)
            } else if let rest = batchRest {
                unit = .collected(
                    starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor, rest: rest,
                    within: batchWithin)
            } else {
                unit = batchKeys.isEmpty
                    ? .elements(
                        starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor, outer: batchOuter,
                        within: batchWithin)
                    : .members(
                        keys: batchKeys, starts: batch, document: document, firstPosition: batchFirst, descriptor: batchDescriptor,
                        mapper: batchMapper!)
            }
        } else {
            unit = .documents(starts: batch, firstIndex: batchFirst)
        }
        try add(unit)
    }

    mutating func clearBatch() {
        batch.removeAll(keepingCapacity: true)
        batchKeys.removeAll(keepingCapacity: true)
    }

    /// Sends a unit with the chunk its offsets are in (kept alive until a
    /// worker has taken it).
    mutating func add(_ unit: WorkUnit) throws {
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

    /// A reader of the value at `offset` (by default, where the scanner is),
    /// which the chunk holds whole (the document was read whole, or the value
    /// was just skipped), its depth counted from there: the splitter has
    /// validated it already.
    func reader(at offset: Int? = nil) -> JSONScanner {
        var reader = scanner
        if let offset { reader.offset = offset }
        reader.depth = 0
        return reader
    }

}

extension JSONScanner {
    /// Skips the value here when it ends within `threshold` bytes (true);
    /// otherwise leaves the scanner at its start (false). A syntax error
    /// within the threshold is thrown; one past it is met by whoever reads
    /// the value on (the splitter streams it).
    mutating func skipValue(ifShorterThan threshold: Int) throws(JSONSyntaxError) -> Bool {
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
