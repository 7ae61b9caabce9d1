/// The sample documents `infer` keeps, added one at a time as they are read,
/// so that memory follows the number of distinct *shapes* in the samples, not
/// the number of documents or values (docs/spec.md §15): a 30 GB NDJSON export
/// infers in the memory of its few distinct record shapes.
///
/// ```swift
/// var set = InferSampleSet()
/// for document in documents { set.add(document) }   // as each one is read
/// let spec = try SpecInferrer.infer(samples: set.documents, contentOutlines: set.contentOutlines, options: options)
/// ```
///
/// Inference reads a value only through what it asks of it: its JSON kind and,
/// for a scalar, the answers `InferValueType` gives (is it an integer that fits
/// 64 bits, does it survive a double, is it an http(s) URL, only digits, a
/// real date in a default or common format). Every scalar is therefore
/// replaced by the first value seen that gives the same answers — a real value
/// of the samples, so every test still sees a value it was given. Only the
/// strings of discriminator members (`type`, `kind`, … whose distinct values
/// make dynamic mappers) and object keys are kept as they are. After that,
/// documents and array elements repeat: an exact repeat is dropped, since
/// every decision of inference is unchanged by objects, keys or values it has
/// already seen (first-seen order is kept, and the types are "every value
/// agrees" tests). The content is found in the first document by counting its
/// objects, so its `InferContentOutline` is taken before it is rewritten; a
/// first document added as a tree is kept whole until a second comes, and
/// one of `largeValueBytes` or more added from bytes is never built whole
/// (`add(validated:from:to:origin:)`).
///
/// A string is asked only the questions still open at its place
/// (`InferPlaceTree`): once one value at a place is not a URL, or not a date
/// in some format, no later value there can make the attribute one, so the
/// question (a date parse per string, the costliest) is not asked again and
/// the string's class records "not asked" for it.
///
/// A kept document is held as its shape key alone, which reads back as the
/// rewritten document (`ShapeKeyReader`): no tree is held beside the key
/// while the rest is read, and the documents taken (`takeDocuments`) are
/// the keys, each read where it is as the builder visits it (`InferNode`).
/// Samples whose keys all differ keep every document, and a one-member
/// object's tree cost 72 bytes and its place in the documents' array 24
/// beside its key's dozen.
package struct InferSampleSet {
    /// The documents to infer from, in the order read (read back from
    /// their keys: each call builds them anew), as `InferDocuments` reads
    /// them.
    package var documents: [JSONValue] {
        guard !spent else { return [] }
        if let whole { return [whole] }
        // Their references to elements replaced, as taking them does.
        let keys = seenElements.count > 0 ? seen.reading(0..<seen.count, expanding: seenElements) : seen
        return Array(InferDocuments(keys: keys, numbered: numbered, unheld: unheld, count: origins.count))
    }
    /// The first document as it was added, while it is the only one
    /// (`firstIsWhole`).
    private var whole: JSONValue?
    /// Kept documents whose keys the store could not take (past 4 GiB of
    /// keys), by their position among the kept ones.
    private var unheld: [(position: Int, value: JSONValue)] = []
    /// The value standing for each representative number (number 1 first),
    /// which a key names its scalars by.
    private var numbered: [JSONValue] = []
    /// The documents were taken: the set is spent.
    private var spent = false
    /// Where the content may be (`SpecInferrer` finds it there): outlines of
    /// the first document and, when it has no array of objects, of the first
    /// later one that has; taken before repeated array elements were dropped.
    package internal(set) var contentOutlines = InferContentOutlines()
    /// How many documents were added (repeats included).
    package internal(set) var count = 0
    /// For each kept document, its number among all those added (0 first):
    /// what a message about a kept document names.
    package private(set) var origins = InferOrigins()
    /// How many URL and date questions were asked of strings: what settled
    /// places save (tests count it instead of timing).
    package private(set) var questionsAsked = 0
    /// Documents (and, within one, arrays and objects) of at least this many
    /// bytes that `add(validated:from:to:origin:)` is given are rewritten as
    /// they are read, never built whole.
    package let largeValueBytes: Int
    package static let defaultLargeValueBytes = 1 << 16
    /// The first document is still as it was added (it is rewritten only
    /// once a second one comes, or when it was read from bytes).
    private var firstIsWhole = false
    /// The shape key (see `key`) of every kept (rewritten) document.
    private var seen = ShapeKeyStore()
    /// The shape key of every array element kept, once (`placedElements`
    /// says at which places): a later document's element of a shape
    /// already kept at its place is dropped too (as a repeat within one
    /// array is), so that documents that each hold many records (a
    /// CloudTrail file's `Records` per line) are not all kept for their mix
    /// of record shapes.
    private var seenElements = ShapeKeyStore()
    /// Each element kept at a place, as the place (high 32 bits) and the
    /// number of its key in `seenElements` (which holds each key once,
    /// whatever its places): an element refers to its key by that number
    /// (`Tag.element`), so that equal elements at two places have equal
    /// keys, and values holding them compare equal as they would inline
    /// (`SharedValues` shares them). The place each key was first kept at
    /// is `firstPlaces[number]`; only its later places are in the set: an
    /// array of 100,000 distinct elements (3 MB) held a set of them all, 3
    /// MB as it grew, where their first places take 4 bytes each.
    private var placedElements = Set<UInt64>()
    private var firstPlaces = ChunkedList<UInt32>()
    /// The shape key of the document being rewritten, built as it is.
    var key: [UInt8] = []
    /// The distinct arrays and objects met among the member values of the
    /// objects being rewritten, innermost last (`SharedValues`).
    var met: [(hash: Int, range: Range<Int>)] = []
    /// The value that stands for each class of scalars, and its number in
    /// shape keys.
    private var representatives: [TypingAnswers: (value: JSONValue, id: Int)] = [:]
    /// The string classes met, in first-seen order (see `representative`).
    private var stringClasses: [(asked: UInt8, yes: UInt8, value: JSONValue, id: Int)] = []
    private var nextID = 0
    var places: InferPlaceTree

    /// - Parameters:
    ///   - placeCapacity: at most this many places remember settled
    ///     questions (memory bound); values beyond are asked every question.
    ///   - largeValueBytes: see `largeValueBytes`.
    ///   - keyBlockBytes: the documents' keys are held in blocks of this
    ///     many bytes (`ShapeKeyStore`; tests make many small ones).
    package init(placeCapacity: Int = 1 << 16, largeValueBytes: Int = defaultLargeValueBytes, keyBlockBytes: Int = 1 << 20) {
        places = InferPlaceTree(capacity: placeCapacity)
        self.largeValueBytes = largeValueBytes
        seen = ShapeKeyStore(blockBytes: keyBlockBytes)
        seenElements = ShapeKeyStore(blockBytes: keyBlockBytes)
    }

    package var isEmpty: Bool { count == 0 }

    /// How many bytes the kept documents' keys and the held elements' keys
    /// have (tests check that an element's key is held once).
    var heldKeyBytes: (documents: Int, elements: Int) { (seen.bytes, seenElements.bytes) }

    /// Adds one sample document.
    package mutating func add(_ document: JSONValue) {
        count += 1
        // The first document is kept as it is; it is rewritten (for its
        // representatives, settled places and shape) only once a second one
        // comes, so that one small document costs no rewriting at all.
        if origins.isEmpty || contentOutlines.isSearching {
            contentOutlines.note(InferContentOutline(document), first: origins.isEmpty)
        }
        guard !origins.isEmpty else {
            whole = document
            origins.append(0)
            firstIsWhole = true
            return
        }
        rewriteWholeFirst()
        key.removeAll(keepingCapacity: true)
        rewrite(document, member: nil, place: InferPlaceTree.root)
        keep()
    }

    /// The documents to infer from, moved out (so that `SpecInferrer` holds
    /// the only reference and releases them before it writes the spec), with
    /// what only adding needs let go first (settled places,
    /// representatives, shapes seen): their keys, each read where it is as
    /// it is visited (`keptDocuments`). The set is then spent: `origins`, `count`
    /// and `contentOutlines` remain, for messages.
    package mutating func takeDocuments() -> InferDocuments {
        // What only adding needs goes first; the documents are then their
        // keys, read where they are as they are visited (`InferNode`).
        places = InferPlaceTree(capacity: 0)
        placedElements = []
        firstPlaces = ChunkedList()
        representatives = [:]
        stringClasses = []
        key = []
        met = []
        let taken = whole.map { InferDocuments([$0]) } ?? keptDocuments()
        spent = true
        seen = ShapeKeyStore()
        seenElements = ShapeKeyStore()
        whole = nil
        unheld = []
        numbered = []
        return taken
    }

    /// The kept documents as `InferDocuments` reads them: each as its key,
    /// read where it is as the builder visits it (`InferNode`), never
    /// built whole (a large one was built as a tree here, then the largest
    /// part of `infer`'s memory: 7 times a 3 MB document of distinct
    /// objects, with their fields) — but for one that nests
    /// `nodeDepthLimit` arrays and objects or more, built as a tree: a key
    /// records no length, so visiting nested objects level by level skips
    /// each level's subtree again (6 objects nested 9,990 deep took 11 s
    /// read in place, 1.2 s as trees).
    ///
    /// First, when elements were held, every key's references to them are
    /// replaced by the elements' keys and the element store let go: the
    /// keys are then as they would be had they never referred to elements
    /// (held for reading, the store's ends and the references cost more
    /// than the bytes they save, and a tree built beside the store held
    /// both).
    private mutating func keptDocuments() -> InferDocuments {
        if seenElements.count > 0 {
            seenElements.keepForReading()
            seen = seen.reading(0..<seen.count, expanding: seenElements)
        }
        seenElements = ShapeKeyStore()
        var inPlace: [Int] = []
        var trees: [(position: Int, value: JSONValue)] = []
        var stored = 0
        var u = 0
        for position in origins.indices {
            if u < unheld.count, unheld[u].position == position {
                trees.append(unheld[u])
                u += 1
                continue
            }
            let deep = seen.withKey(stored) { bytes in
                var reader = ShapeKeyReader(bytes: bytes, numbered: [], elements: nil)
                return reader.nests(atLeast: Self.nodeDepthLimit)
            }
            if deep {
                trees.append((position, seen.value(stored, numbered: numbered)))
            } else {
                inPlace.append(stored)
            }
            stored += 1
        }
        unheld = []
        if inPlace.count == seen.count {
            seen.keepForReading()
        } else {
            seen = seen.reading(inPlace, expanding: nil)
        }
        return InferDocuments(keys: seen, numbered: numbered, unheld: trees, count: origins.count)
    }

    /// Kept documents that nest this many arrays and objects or more are
    /// built as trees when taken (`keptDocuments`). API payloads nest a
    /// dozen at most; past this, reading in place costs the depth times
    /// the size at each visit.
    static let nodeDepthLimit = 32

    /// `array` in an array of its own size, when it holds many more places.
    static func fit<T>(_ array: inout [T]) {
        guard array.capacity - array.count > 1 << 10 else { return }
        var fitted: [T] = []
        fitted.reserveCapacity(array.count)
        fitted.append(contentsOf: array)
        array = fitted
    }

    /// Rewrites the first document, when it is still whole.
    mutating func rewriteWholeFirst() {
        guard firstIsWhole, let first = whole else { return }
        firstIsWhole = false
        whole = nil
        key.removeAll(keepingCapacity: true)
        rewrite(first, member: nil, place: InferPlaceTree.root)
        if seen.insert(taking: &key) == .notHeld { unheld.append((0, readBack())) }
    }

    /// Keeps the document just rewritten (its shape key is `key`) unless one
    /// of the same shape was: as its key, which reads back as the rewritten
    /// document.
    mutating func keep() {
        switch seen.insert(taking: &key) {
        case .present: return
        case .added: break
        case .notHeld: unheld.append((origins.count, readBack()))
        }
        origins.append(count - 1)
    }

    /// Notes that element key `number` of `seenElements` (just added when
    /// `new`) is kept at `place`; false when it was already.
    private mutating func placeElement(_ number: Int, at place: Int, new: Bool) -> Bool {
        if new {
            // Numbers come in order, each once: the next is this one.
            if number == firstPlaces.count, let first = UInt32(exactly: place) {
                firstPlaces.append(first)
                return true
            }
        } else if number < firstPlaces.count, Int(firstPlaces[number]) == place {
            return false
        }
        return placedElements.insert(UInt64(place) << 32 | UInt64(number)).inserted
    }

    /// The document whose key `key` is, read back, when the store could not
    /// take it; `key` is then released when large.
    private mutating func readBack() -> JSONValue {
        let value = key.withUnsafeBufferPointer { bytes in
            var reader = ShapeKeyReader(bytes: bytes, numbered: numbered, elements: seenElements)
            return reader.value()
        }
        if key.capacity > 1 << 16 { key = [] }
        return value
    }

    /// Distinct shape keys, each with a number (the place of an element's
    /// array, or 0), held one after another in blocks: a key held as an
    /// array of its own cost 48 bytes and its set's slot beside its few
    /// bytes, and samples whose keys are all distinct keep a key per
    /// object. A shape key is a rewritten value's structure as bytes, each
    /// representative scalar by its number: equal keys are equal rewritten
    /// values, and a key is short to build and hash (no text of the long
    /// strings that stand for a class). Every part is self-delimiting, so
    /// no two values share a key.
    struct ShapeKeyStore {
        /// The keys, one after another, in blocks of up to `blockBytes`
        /// (a key is never split: a larger one is a block of its own).
        /// Held in one array grown by doubling, 2 MB of keys took up to 4
        /// MB, and 6 MB at once while they moved.
        private var blocks: [[UInt8]] = []
        /// Where each block starts among all the keys' bytes.
        private var blockStarts: [Int] = []
        private var byteCount = 0
        /// Where each key ends among all the keys' bytes, and its context
        /// (a place, below 2^32): 8 bytes a key, where a pair of `Int`s
        /// took 16 (samples whose keys are all distinct keep a key each),
        /// in chunks (grown by doubling, each was held twice as it moved);
        /// 4 while every context is 0 (`contextsAreZero`).
        private var ends = ChunkedList<UInt32>()
        private var contexts = ChunkedList<UInt32>()
        /// The contexts are all 0 (the documents' store), and none is held:
        /// 4 bytes a key (a tenth of what reading 168,000 one-member lines
        /// held) until another comes.
        private var contextsAreZero = true

        /// Key `i`'s context.
        private func context(_ i: Int) -> Int { contextsAreZero ? 0 : Int(contexts[i]) }

        /// Notes the context of the key just added (its end is the last).
        private mutating func appendContext(_ context: UInt32) {
            if contextsAreZero {
                guard context != 0 else { return }
                for _ in 0..<ends.count - 1 { contexts.append(0) }
                contextsAreZero = false
            }
            contexts.append(context)
        }
        private var table = PositionTable()
        /// How many bytes a block holds at most (less in tests, to make many).
        let blockBytes: Int

        init(blockBytes: Int = 1 << 20) { self.blockBytes = blockBytes }

        /// What `insert` did with a key.
        enum Insertion {
            case added
            /// An equal key was there (under the same context).
            case present
            /// Past 4 GiB of keys, none is added: what comes is kept, never
            /// taken for a repeat.
            case notHeld
        }

        /// Adds `key` under `context` unless it is there already; whether it
        /// was added. Past 4 GiB of keys, none is added: what comes is kept,
        /// never taken for a repeat.
        mutating func insert(_ key: ArraySlice<UInt8>, context: Int) -> Bool {
            insertion(key, context: context).insertion != .present
        }

        /// Adds `key` under `context` unless it is there already: what was
        /// done, and the key's number (the one found, or the one added;
        /// -1 when not held), which `Tag.element` refers to it by.
        mutating func insertion(_ key: ArraySlice<UInt8>, context: Int) -> (insertion: Insertion, number: Int) {
            let hash = key.withUnsafeBufferPointer { Self.hash($0, context: context) }
            let found = key.withUnsafeBufferPointer { key in
                table.find(hash: hash) { i in
                    self.context(i) == context && withKey(i) { $0.count == key.count && $0.elementsEqual(key) }
                }
            }
            if let found { return (.present, found) }
            guard byteCount + key.count <= Int(UInt32.max), let context32 = UInt32(exactly: context) else { return (.notHeld, -1) }
            // Taken out while it grows, which reads the keys held here.
            var grown = PositionTable()
            swap(&grown, &table)
            grown.insert(ends.count, hash: hash, rehash: { i in withKey(i) { Self.hash($0, context: self.context(i)) } })
            table = grown
            key.withUnsafeBufferPointer { append($0) }
            appendContext(context32)
            return (.added, ends.count - 1)
        }

        /// Appends a key's bytes and its end: in the last block, or a new
        /// one when it would pass `blockBytes`.
        private mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
            if blocks.isEmpty || (blocks[blocks.count - 1].count + key.count > blockBytes && !blocks[blocks.count - 1].isEmpty) {
                var block: [UInt8] = []
                // The first block grows as keys come (a small sample costs
                // no megabyte); the next ones take their room at once.
                if !blocks.isEmpty { block.reserveCapacity(max(blockBytes, key.count)) }
                blocks.append(block)
                blockStarts.append(byteCount)
            }
            blocks[blocks.count - 1].append(contentsOf: key)
            byteCount += key.count
            ends.append(UInt32(byteCount))
        }

        /// Adds a document's whole key (context 0) unless it is there
        /// already. `key` is spent: the first is kept as it is, not copied
        /// (one large document's key is as large as its structure), and a
        /// large one is released once copied, so that it is not held twice.
        mutating func insert(taking key: inout [UInt8]) -> Insertion {
            guard ends.isEmpty, key.count <= Int(UInt32.max) else {
                let inserted = insertion(key[...], context: 0).insertion
                // One not held is read back from it (`readBack`).
                if inserted != .notHeld, key.capacity > 1 << 16 { key = [] }
                return inserted
            }
            let hash = key.withUnsafeBufferPointer { Self.hash($0, context: 0) }
            // The store is empty: the key is its first block, and `key` is
            // left empty in its place.
            var block: [UInt8] = []
            swap(&block, &key)
            byteCount = block.count
            blocks = [block]
            blockStarts = [0]
            table.insert(0, hash: hash, rehash: { _ in hash })
            ends.append(UInt32(byteCount))
            appendContext(0)
            return .added
        }

        /// The value key `i` stands for (`ShapeKeyReader`); `elements`
        /// holds the array elements its `Tag.element`s refer to (none
        /// once the documents are taken).
        func value(_ i: Int, numbered: [JSONValue], elements: ShapeKeyStore? = nil) -> JSONValue {
            withKey(i) { bytes in
                var reader = ShapeKeyReader(bytes: bytes, numbered: numbered, elements: elements)
                return reader.value()
            }
        }

        /// How many keys are held.
        var count: Int { ends.count }

        /// How many bytes the keys have in all.
        var bytes: Int { byteCount }

        /// How many bytes key `i` has.
        func length(_ i: Int) -> Int { range(i).count }

        /// Whether key `i` is an object's (its first byte), without reading it back.
        func isObject(_ i: Int) -> Bool {
            withKey(i) { $0[0] == Tag.object || $0[0] == Tag.largeObject }
        }

        /// Lets go of what only adding needs (the table and the contexts) and
        /// moves the last block and the ends into room of their size: what
        /// `InferDocuments` reads back from, held while the spec is built.
        mutating func keepForReading() {
            table = PositionTable()
            contexts = ChunkedList()
            contextsAreZero = true
            if !blocks.isEmpty { InferSampleSet.fit(&blocks[blocks.count - 1]) }
        }

        /// A store to read from only (no table, no contexts): the keys of
        /// `self` at `kept` (ascending), each `Tag.element` in them replaced
        /// by the key it refers to in `elements`, so that the element store
        /// can be let go (held for reading, its keys' ends and the
        /// references cost more than the bytes they save).
        func reading(_ kept: some Sequence<Int>, expanding elements: ShapeKeyStore?) -> ShapeKeyStore {
            var store = ShapeKeyStore(blockBytes: blockBytes)
            var expanded: [UInt8] = []
            for i in kept {
                withKey(i) { key in
                    guard let elements else { return store.append(key) }
                    expanded.removeAll(keepingCapacity: true)
                    var reader = ShapeKeyReader(bytes: key, numbered: [], elements: elements)
                    reader.copy(into: &expanded)
                    expanded.withUnsafeBufferPointer { store.append($0) }
                }
                if expanded.capacity > 1 << 16 { expanded = [] }
            }
            store.keepForReading()
            return store
        }

        /// Key `i`'s bytes, in its block.
        func withKey<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            let range = range(i)
            // Mostly the last block (a key just added, a repeat of a recent one).
            var block = blocks.count - 1
            if range.lowerBound < blockStarts[block] {
                var low = 0
                var high = block
                // The last block that starts at or before the key (keys are
                // not empty, so a key starting where a block ends is in the next).
                while low < high {
                    let middle = (low + high + 1) / 2
                    if blockStarts[middle] <= range.lowerBound { low = middle } else { high = middle - 1 }
                }
                block = low
            }
            let start = blockStarts[block]
            return blocks[block].withUnsafeBufferPointer { bytes in
                body(UnsafeBufferPointer(rebasing: bytes[range.lowerBound - start..<range.upperBound - start]))
            }
        }

        private func range(_ i: Int) -> Range<Int> {
            (i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])
        }

        private static func hash(_ key: UnsafeBufferPointer<UInt8>, context: Int) -> Int {
            InferSampleSet.hash(key, context: context)
        }
    }

    /// The hash of a key's bytes under a context (a place): the shape keys'
    /// in `ShapeKeyStore`, the member keys' in `InferPlaceTree`.
    static func hash(_ key: UnsafeBufferPointer<UInt8>, context: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(context)
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return hasher.finalize()
    }

    enum Tag {
        static let null: UInt8 = 0, `true`: UInt8 = 1, `false`: UInt8 = 2, scalar: UInt8 = 3, string: UInt8 = 4
        static let array: UInt8 = 5, object: UInt8 = 6, end: UInt8 = 7
        /// A member value equal to an earlier one of its object, by number
        /// (`SharedValues`).
        static let repeated: UInt8 = 8
        /// An object of `largeObjectCount` members or more: its member
        /// count follows, so that it is read back into an array of its
        /// size (grown by doubling, an object of a million members was
        /// held twice, and one of 34 in room for 64).
        static let largeObject: UInt8 = 9
        /// An array element held in the set's element store, by its number
        /// there (`rewriteElements`): its key is not repeated in the
        /// document's, which would hold every kept element twice.
        static let element: UInt8 = 10
        /// A member's key length is counted from this (`appendMemberKey`):
        /// past every tag.
        static let memberKey: UInt8 = 11
    }

    /// Objects of this many members or more are `Tag.largeObject`s: an
    /// array grown by appending fits one or two members exactly, and has
    /// room for 8 when it holds 5.
    static let largeObjectCount = 3

    /// Opens an object of `count` members in the shape key.
    mutating func appendObjectTag(count: Int) {
        guard count >= Self.largeObjectCount else { return key.append(Tag.object) }
        key.append(Tag.largeObject)
        appendCount(count)
    }

    /// Reads a shape key back as the value it was made of: the rewritten
    /// value, each representative scalar the value of its number, each
    /// repeated member value the earlier one itself (sharing its storage,
    /// as `SharedValues` made it).
    struct ShapeKeyReader {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The representatives' values, number 1 first.
        let numbered: [JSONValue]
        /// The array elements a `Tag.element` refers to (the set's element
        /// store); nil when the key has none.
        let elements: ShapeKeyStore?
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>, numbered: [JSONValue], elements: ShapeKeyStore?) {
            self.bytes = bytes
            self.numbered = numbered
            self.elements = elements
        }

        private mutating func count() -> Int {
            bytes.readLEB128(at: &position)
        }

        private mutating func text(length: Int) -> String {
            defer { position += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
        }

        mutating func value() -> JSONValue {
            let tag = bytes[position]
            position += 1
            switch tag {
            case Tag.null: return .null
            case Tag.true: return .bool(true)
            case Tag.false: return .bool(false)
            case Tag.scalar: return numbered[count() - 1]
            case Tag.string: return .string(text(length: count()))
            case Tag.array:
                var elements: [JSONValue] = []
                while bytes[position] != Tag.end { elements.append(value()) }
                position += 1
                return .array(elements)
            case Tag.element:
                guard let elements else { preconditionFailure("a shape key refers to an element with no element store") }
                return elements.value(count(), numbered: numbered, elements: elements)
            case Tag.object, Tag.largeObject:
                var members: [JSONObject.Member] = []
                if tag == Tag.largeObject { members.reserveCapacity(count()) }
                // The object's distinct arrays and objects, as `SharedValues` met them.
                var distinct: [JSONValue] = []
                while bytes[position] != Tag.end {
                    let key = text(length: count() - Int(Tag.memberKey))
                    let member: JSONValue
                    if bytes[position] == Tag.repeated {
                        position += 1
                        member = distinct[count()]
                    } else {
                        member = value()
                        switch member {
                        case .array, .object:
                            if distinct.count < SharedValues.capacity { distinct.append(member) }
                        default: break
                        }
                    }
                    members.append(JSONObject.Member(key: key, value: member))
                }
                position += 1
                // Inference looks a member up by key a few times per object
                // at most (a discriminator, the content's path): no index.
                return .object(JSONObject(uniqueUnindexedMembers: members))
            default:
                preconditionFailure("a shape key this set did not write (tag \(tag))")
            }
        }

        /// Appends the value at `position` to `out` as its key, with the key
        /// of the element each `Tag.element` refers to in its place: the
        /// key rewriting would have made had it not referred to elements.
        mutating func copy(into out: inout [UInt8]) {
            let start = position
            let tag = bytes[position]
            position += 1
            switch tag {
            case Tag.null, Tag.true, Tag.false: break
            case Tag.scalar: _ = count()
            case Tag.string: position += count()
            case Tag.element:
                guard let elements else { preconditionFailure("a shape key refers to an element with no element store") }
                elements.withKey(count()) { bytes in
                    var reader = ShapeKeyReader(bytes: bytes, numbered: [], elements: elements)
                    reader.copy(into: &out)
                }
                return
            case Tag.array:
                out.append(Tag.array)
                while bytes[position] != Tag.end { copy(into: &out) }
                position += 1
                out.append(Tag.end)
                return
            case Tag.object, Tag.largeObject:
                if tag == Tag.largeObject { _ = count() }
                out.append(contentsOf: bytes[start..<position])
                while bytes[position] != Tag.end {
                    let member = position
                    position += count() - Int(Tag.memberKey)
                    out.append(contentsOf: bytes[member..<position])
                    if bytes[position] == Tag.repeated {
                        let repeated = position
                        position += 1
                        _ = count()
                        out.append(contentsOf: bytes[repeated..<position])
                    } else {
                        copy(into: &out)
                    }
                }
                position += 1
                out.append(Tag.end)
                return
            default:
                preconditionFailure("a shape key this set did not write (tag \(tag))")
            }
            out.append(contentsOf: bytes[start..<position])
        }
    }

    /// The arrays and objects among the member values of one object, each
    /// kept once: a member whose rewritten value is one already met in the
    /// object gets that value, sharing its storage, and its part of the
    /// shape key becomes a reference to it. The values of a dictionary keyed
    /// by data (`{"1001": {…}, "1002": {…}}`, a million of a few shapes) then
    /// cost a member each, not a tree each and their shape keys' text (12 MB
    /// of small ones took 11.7 times their text).
    ///
    /// The shape key stays a key: the reference is `Tag.repeated` and the
    /// number of the value among the object's distinct ones, in the order
    /// met, so equal objects have equal keys and each key reads back as one
    /// value. Objects read as trees and read member by member from bytes do
    /// the same, so a value has one key either way (a document repeating a
    /// larger one is still dropped).
    struct SharedValues {
        /// At most this many distinct values are remembered: past them,
        /// values are kept as they are (and their keys in full).
        static let capacity = 1 << 12
        /// Where this object's distinct values start in `InferSampleSet.met`
        /// (one stack for the objects being rewritten, so that an object
        /// allocates nothing for its first few).
        private let base: Int
        /// Positions in `met` by hash, once there are more than a few.
        private var byHash: [Int: [Int]] = [:]
        private static let scanned = 8

        init(_ set: InferSampleSet) { base = set.met.count }

        /// Notes a member value of `kind`, whose part of the shape key is the
        /// set's `key[start...]`: an array or object equal to one met before
        /// in the object has its part replaced by a reference to that one.
        mutating func share(_ kind: JSONKind, keyFrom start: Int, in set: inout InferSampleSet) {
            guard kind == .array || kind == .object else { return }
            let range = start..<set.key.count
            let hash = set.keyHash(range)
            let count = set.met.count - base
            let earlier = set.met.withUnsafeBufferPointer { met in
                set.key.withUnsafeBufferPointer { key in
                    let same = { (i: Int) in met[base + i].hash == hash && key[met[base + i].range].elementsEqual(key[range]) }
                    return count <= Self.scanned ? (0..<count).first(where: same) : byHash[hash]?.first(where: same)
                }
            }
            if let earlier {
                set.key.removeSubrange(range)
                set.key.append(Tag.repeated)
                set.key.appendLEB128(earlier)
                return
            }
            guard count < Self.capacity else { return }
            set.met.append((hash, range))
            if count == Self.scanned {
                for i in 0...count { byHash[set.met[base + i].hash, default: []].append(i) }
            } else if count > Self.scanned {
                byHash[hash, default: []].append(count)
            }
        }

        /// Forgets the object's values (its rewrite is done).
        func end(in set: inout InferSampleSet) { set.met.removeSubrange(base...) }
    }

    /// The hash of `key[range]`, one value's part of the shape key.
    func keyHash(_ range: Range<Int>) -> Int {
        key.withUnsafeBytes { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
            return hasher.finalize()
        }
    }

    private mutating func appendCount(_ n: Int) { key.appendLEB128(n) }

    mutating func appendText(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            appendCount(utf8.count)
            key.append(contentsOf: utf8)
        }
    }

    /// A member's key in an object's part of a shape key: its length is
    /// counted from `Tag.memberKey`, so that its first byte is never a tag
    /// (a key of 7 bytes began with `Tag.end`'s byte, and a key could be
    /// read as the object's end).
    mutating func appendMemberKey(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            appendCount(utf8.count + Int(Tag.memberKey))
            key.append(contentsOf: utf8)
        }
    }

    /// The URL and date questions of a string, one bit each in an
    /// `InferPlaceTree` place's open set and in `TypingAnswers`.
    private enum StringQuestion {
        static let url: UInt8 = 1
        static let defaultDate: UInt8 = 2
        /// The common format `i` is bit `commonFormat << i`: room for six
        /// (`InferSampleSetTests` checks that they fit).
        static let commonFormat: UInt8 = 4
    }

    /// What inference can ask of a scalar. For a string, `asked` says which
    /// `StringQuestion`s were asked (the others were settled "no" at its
    /// place) and `yes` which of those were answered yes.
    private enum TypingAnswers: Hashable {
        case number(fitsInt64: Bool, survivesDouble: Bool)
        case digitsOnly
        case string(asked: UInt8, yes: UInt8)
    }

    /// Whether a member value of this kind needs a place: a string, whose
    /// settled questions the place remembers, or what holds values. A
    /// number, a boolean or null asks nothing, so an object of many numeric
    /// members makes no place for each (up to the tree's 65,536, 5.8 MB).
    /// Members with places are numbered among themselves (`placed`), so
    /// that the tree's cache of each object's member order still matches.
    static func needsPlace(_ kind: JSONKind) -> Bool {
        switch kind {
        case .string, .array, .object: true
        case .number, .bool, .null: false
        }
    }

    /// The place of member `key` (its value of `kind`) of an object at
    /// `objectPlace`, for both ways of rewriting an object; `placed` counts
    /// the object's members given one so far.
    mutating func placeOf(member key: String, kind: JSONKind, in objectPlace: InferPlaceTree.Index?, placed: inout Int) -> InferPlaceTree.Index? {
        guard Self.needsPlace(kind) else { return nil }
        defer { placed += 1 }
        return objectPlace.flatMap { places.member(key, at: placed, of: $0) }
    }

    /// Appends to `key` the shape key of `value` rewritten: its scalars
    /// replaced by their class's first value and repeated array elements
    /// dropped (`ShapeKeyReader` reads the rewritten value back); `member`
    /// is the key holding it and `place` where it sits (nil: past the place
    /// tree's capacity). No tree of the rewritten value is built.
    mutating func rewrite(_ value: JSONValue, member: String?, place: InferPlaceTree.Index?) {
        switch value {
        case .compact(let c):
            rewrite(c.expanded, member: member, place: place)
        case .null:
            key.append(Tag.null)
        case .bool(let b):
            key.append(b ? Tag.true : Tag.false)
        case .number(let n):
            let integer = n.isIntegerLiteral && n.int64Value != nil
            representative(of: .number(fitsInt64: integer, survivesDouble: InferValueType.survivesDouble(n)), value)
        case .string(let s):
            if let member, InferBuilder.discriminatorPosition(member) != nil {
                key.append(Tag.string)
                appendText(s)
                return
            }
            // A string of digits makes any set of strings untyped (it is never
            // an http URL either): whether it also reads as a date cannot matter.
            representative(of: InferValueType.isDigitsOnly(s) ? .digitsOnly : answers(s, place: place), value)
        case .array(let elements):
            let elementPlace = place.flatMap { places.element(of: $0) }
            var iterator = elements.makeIterator()
            rewriteElements(at: elementPlace) { set in
                guard let element = iterator.next() else { return false }
                set.rewrite(element, member: nil, place: elementPlace)
                return true
            }
        case .object(let object):
            let objectPlace = place.flatMap { places.variant(Self.signature(object), of: $0) }
            appendObjectTag(count: object.count)
            var shared = SharedValues(self)
            var placed = 0
            for m in object.members {
                let kind = m.value.kind
                let memberPlace = placeOf(member: m.key, kind: kind, in: objectPlace, placed: &placed)
                appendMemberKey(m.key)
                let start = key.count
                rewrite(m.value, member: m.key, place: memberPlace)
                shared.share(kind, keyFrom: start, in: &self)
            }
            shared.end(in: &self)
            key.append(Tag.end)
        }
    }

    /// Appends the shape key of an array whose elements at `elementPlace`
    /// `next` rewrites one at a time (false after the last), with repeats
    /// dropped: an element whose
    /// shape key is that of an earlier element of the array, or of an element
    /// kept at its place from an earlier document. A kept element's key is
    /// held in the element store and the array refers to it by number
    /// (`Tag.element`): inline too, each was held twice while the document
    /// was read (2.1 MB of a 3 MB spec-shaped document's key beside the
    /// store's 2.9 MB).
    mutating func rewriteElements<E: Error>(
        at elementPlace: InferPlaceTree.Index?, next: (inout Self) throws(E) -> Bool
    ) throws(E) {
        key.append(Tag.array)
        // The kept elements not held at their place (none is, past the
        // place tree's capacity or 4 GiB of held keys): their keys, as
        // ranges of `key`, found by hash.
        var keys: [Range<Int>] = []
        var table = PositionTable()
        var kept = false
        // The first element dropped for an earlier document's (its number):
        // kept after all if nothing else is, so that the array is not emptied.
        var firstDropped: Int?
        while true {
            let start = key.count
            guard try next(&self) else { break }
            let range = start..<key.count
            // Held at its place, an element is referred to by its number
            // there: a given element at a given place has one key, so
            // documents and values compare as they would inline.
            if let elementPlace, case let (insertion, number) = seenElements.insertion(key[range], context: 0), insertion != .notHeld {
                key.removeLast(range.count)
                if placeElement(number, at: elementPlace, new: insertion == .added) {
                    appendElement(number)
                    kept = true
                } else if firstDropped == nil {
                    // A repeat within the array, or of an earlier document's.
                    firstDropped = number
                }
                continue
            }
            let hash = keyHash(range)
            if table.find(hash: hash, where: { key[keys[$0]].elementsEqual(key[range]) }) != nil {
                key.removeLast(range.count)
            } else {
                table.insert(keys.count, hash: hash, rehash: { keyHash(keys[$0]) })
                keys.append(range)
                kept = true
            }
        }
        if !kept, let firstDropped { appendElement(firstDropped) }
        key.append(Tag.end)
    }

    /// A reference to element `number` of the element store.
    private mutating func appendElement(_ number: Int) {
        key.append(Tag.element)
        appendCount(number)
    }

    /// The open questions' answers for a string at `place`, closing there
    /// each one answered no.
    private mutating func answers(_ s: String, place: InferPlaceTree.Index?) -> TypingAnswers {
        let open = place.map { places.open[$0] } ?? .max
        var asked: UInt8 = 0
        var yes: UInt8 = 0
        func ask(_ question: UInt8, _ answer: () -> Bool) {
            guard open & question != 0 else { return }
            asked |= question
            if answer() { yes |= question }
        }
        ask(StringQuestion.url) { InferValueType.isHTTPURL(s) }
        ask(StringQuestion.defaultDate) { InferValueType.isDefaultDate(s) }
        for i in 0..<InferValueType.commonFormatCount {
            ask(StringQuestion.commonFormat << i) { InferValueType.isCommonFormatDate(s, i) }
        }
        questionsAsked += asked.nonzeroBitCount
        if let place, asked & ~yes != 0 { places.close(asked & ~yes, at: place) }
        return .string(asked: asked, yes: yes)
    }

    /// The discriminator members of `object`, in member order: objects at one
    /// path that differ in them may become different dynamic choices.
    static func signature(_ object: JSONObject) -> [InferPlaceTree.Discriminant] {
        var signature: [InferPlaceTree.Discriminant] = []
        for m in object.members {
            guard let key = InferBuilder.discriminatorPosition(m.key) else { continue }
            if case .string(let s) = m.value {
                signature.append(.init(key: key, value: s))
            } else {
                signature.append(.init(key: key, value: nil))
            }
        }
        return signature
    }

    /// The value standing for `answers`' class, its number appended to the key.
    @discardableResult
    private mutating func representative(of answers: TypingAnswers, _ value: JSONValue) -> JSONValue {
        let chosen: (value: JSONValue, id: Int)
        if let known = representatives[answers] {
            chosen = known
        } else {
            chosen = newRepresentative(of: answers, value)
            representatives[answers] = chosen
        }
        key.append(Tag.scalar)
        appendCount(chosen.id)
        return chosen.value
    }

    private mutating func newRepresentative(of answers: TypingAnswers, _ value: JSONValue) -> (value: JSONValue, id: Int) {
        guard case .string(let asked, let yes) = answers else {
            nextID += 1
            numbered.append(value)
            return (value, nextID)
        }
        // A string asked fewer questions (the others settled "no" at its
        // place) is replaced by the first string that gave the same answers
        // to those: its other answers are moot where it goes. One that said
        // no to the others first, as the value that settled them did, so
        // records whose places settle as they stream still repeat the
        // earlier ones exactly.
        let matches = { (c: (asked: UInt8, yes: UInt8, value: JSONValue, id: Int)) in
            c.asked & asked == asked && c.yes & asked == yes
        }
        let chosen: (value: JSONValue, id: Int)
        if let match = stringClasses.first(where: { matches($0) && $0.yes & ~asked == 0 }) ?? stringClasses.first(where: matches) {
            chosen = (match.value, match.id)
        } else {
            nextID += 1
            numbered.append(value)
            chosen = (value, nextID)
        }
        stringClasses.append((asked, yes, chosen.value, chosen.id))
        return chosen
    }
}
