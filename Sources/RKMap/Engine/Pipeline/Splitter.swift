/// Reads an input once, validating every byte, and cuts it into work units:
/// whole documents, or (for a large document the spec lets us stream) the
/// elements of the content array at the descriptor's key path.
struct Splitter {
    var scanner: JSONScanner
    let state: PipelineState
    /// The key path to stream along, or `nil` when documents are never streamed.
    let streamKeys: [String]?
    let streamingThreshold: Int
    let inputName: String
    let totalBytes: Int
    /// Resume after a syntax error (`--keep-going`) instead of stopping.
    var keepGoing = false
    /// Batch limits: a unit closes at this many bytes or elements.
    static let batchBytes = 1 << 18
    static let batchCount = 1024
    private var batch: [Int] = []
    private var batchStart = 0
    private var batchFirst = 0

    /// Number of the first document (its position in the whole input).
    let firstIndex: Int

    init(scanner: JSONScanner, firstIndex: Int = 0, state: PipelineState, streamKeys: [String]?, streamingThreshold: Int, inputName: String, totalBytes: Int) {
        self.scanner = scanner
        self.firstIndex = firstIndex
        self.state = state
        self.streamKeys = streamKeys
        self.streamingThreshold = streamingThreshold
        self.inputName = inputName
        self.totalBytes = totalBytes
    }

    /// Adds a start offset to the current batch; sends it when full.
    /// - Returns: false when the run was cancelled.
    private mutating func batched(_ start: Int, position: Int, send: ([Int], Int) -> WorkUnit) -> Bool {
        if batch.isEmpty {
            batchStart = start
            batchFirst = position
        }
        batch.append(start)
        if batch.count >= Self.batchCount || scanner.offset - batchStart >= Self.batchBytes {
            return flush(send)
        }
        return true
    }

    private mutating func flush(_ send: ([Int], Int) -> WorkUnit) -> Bool {
        guard !batch.isEmpty else { return true }
        defer { batch.removeAll(keepingCapacity: true) }
        return state.add(send(batch, batchFirst))
    }

    /// Runs to the end of the input, a syntax error (unless `keepGoing`), or
    /// cancellation.
    mutating func run() {
        var index = firstIndex
        while !runUntilSyntaxError(&index) {}
    }

    /// Splits until the end (true) or a syntax error; after one, with
    /// `keepGoing`, moves to the next plausible document start and returns false.
    private mutating func runUntilSyntaxError(_ index: inout Int) -> Bool {
        var streaming = false
        var start = scanner.offset
        let documents: ([Int], Int) -> WorkUnit = { .documents(starts: $0, firstIndex: $1) }
        do {
            while try !scanner.atEnd() {
                start = scanner.offset
                var probe = scanner
                if let keys = streamKeys, totalBytes - start >= streamingThreshold,
                   try !Self.skipIfSmaller(&probe, than: streamingThreshold, from: start) {
                    guard flush(documents) else { return true }
                    streaming = true
                    guard state.add(.streamBegin(index: index, maxBytes: totalBytes - start)) else { return true }
                    let found = try split(keys[...], document: index)
                    state.publish(.parsed(foundContent: found), for: index)
                    guard state.add(.streamEnd(index: index)) else { return true }
                    streaming = false
                } else {
                    if streamKeys != nil, totalBytes - start >= streamingThreshold {
                        scanner = probe  // the probe read the whole (small) document
                    } else {
                        try scanner.skipValue()
                    }
                    guard batched(start, position: index, send: documents) else { return true }
                }
                index += 1
            }
            _ = flush(documents)
            return true
        } catch {
            // Documents before the error are whole and valid: send them first.
            if !streaming, !flush(documents) { return true }
            if streaming { state.publish(.syntaxError, for: index) }
            guard state.add(.syntaxError(error, index: index)), keepGoing else { return true }
            let resume = SyntaxRecovery.nextDocumentStart(in: scanner.buf, after: start)
            scanner = JSONScanner(bytes: scanner.buf, offset: resume, maxDepth: scanner.maxDepth, origin: scanner.origin)
            index += 1
            return false
        }
    }

    /// Skips the next value if it ends before `limit` bytes from `start`; stops
    /// early (returning false, `probe` left inside the value) once it does not.
    /// Only large documents are streamed; deciding costs at most `limit` bytes
    /// of scanning, and a small document is not scanned twice.
    static func skipIfSmaller(_ probe: inout JSONScanner, than limit: Int, from start: Int) throws(JSONSyntaxError) -> Bool {
        switch try probe.peekKind() {
        case .object:
            try probe.enterObject()
            while try probe.nextKey() != nil {
                guard try skipIfSmaller(&probe, than: limit, from: start) else { return false }
            }
        case .array:
            try probe.enterArray()
            while try probe.nextElement() {
                guard try skipIfSmaller(&probe, than: limit, from: start) else { return false }
            }
        default:
            try probe.skipValue()
        }
        return probe.offset - start < limit
    }

    /// Follows `keys` through objects, skipping everything else, and emits the
    /// content's units. - Returns: whether the content was found.
    private mutating func split(_ keys: ArraySlice<String>, document: Int) throws(JSONSyntaxError) -> Bool {
        guard let key = keys.first else {
            guard try scanner.peekKind() == .array else {
                let start = scanner.offset
                try scanner.skipValue()
                return state.add(.content(start: start, document: document, rest: []))
            }
            try scanner.enterArray()
            var position = 0
            let elements: ([Int], Int) -> WorkUnit = { .elements(starts: $0, document: document, firstPosition: $1) }
            while try scanner.nextElement() {
                let start = scanner.offset
                try scanner.skipValue()
                guard batched(start, position: position, send: elements) else { return false }
                position += 1
            }
            return flush(elements)
        }
        guard try scanner.peekKind() == .object else {
            // A key path through an array collects values (KVC): the worker builds
            // this subtree and follows the rest of the path in it.
            let start = scanner.offset
            try scanner.skipValue()
            return state.add(.content(start: start, document: document, rest: Array(keys)))
        }
        try scanner.enterObject()
        var found = false
        while let name = try scanner.nextKey() {
            if name == key, !found {
                found = try split(keys.dropFirst(), document: document)
            } else {
                if name == key {
                    let note = Diagnostic(
                        .warning, "key '\(name)' appears again; a streamed document is mapped from its first occurrence",
                        file: inputName, location: .source(scanner.location(ofOffset: scanner.offset)), code: .duplicateKey)
                    _ = state.add(.note(note, document: document))
                }
                try scanner.skipValue()
            }
        }
        return found
    }
}
