/// The sample documents `infer` builds its spec from, each read back from
/// its shape key as it is visited (`InferSampleSet.ShapeKeyReader`), never
/// all built at once.
///
/// Samples whose keys all differ keep every document: one-member NDJSON
/// lines built as trees cost 72 bytes of members each and 24 in an array of
/// documents, beside the dozen of their keys, and were held while the
/// builder made a field of each key. Read as visited, a document costs its
/// key alone; the builder visits each a few times (its objects are
/// `InferObjects`, which refer to a document by its number).
///
/// ```swift
/// let documents = set.takeDocuments()   // the keys, not trees
/// documents[0]                          // the first, built now
/// ```
package struct InferDocuments: RandomAccessCollection {
    private enum Storage {
        case values([JSONValue])
        /// Kept documents as keys; those the store could not take (past 4 GiB)
        /// as trees, by their position, in order.
        /// The keys refer to no array element (`Tag.element`): taking the
        /// documents replaced each reference by the element's key.
        case keys(InferSampleSet.ShapeKeyStore, numbered: [JSONValue], unheld: [(position: Int, value: JSONValue)])
    }

    private let storage: Storage
    package let endIndex: Int
    package var startIndex: Int { 0 }

    /// Documents held as trees.
    package init(_ values: [JSONValue]) {
        storage = .values(values)
        endIndex = values.count
    }

    init(keys: InferSampleSet.ShapeKeyStore, numbered: [JSONValue], unheld: [(position: Int, value: JSONValue)], count: Int) {
        storage = .keys(keys, numbered: numbered, unheld: unheld)
        endIndex = count
    }

    /// Document `i`, built from its key when it is held as one.
    package subscript(i: Int) -> JSONValue {
        switch storage {
        case .values(let values):
            return values[i]
        case .keys(let keys, let numbered, let unheld):
            guard let stored = storedIndex(i, unheld: unheld) else { return unheld[heldPosition(i, unheld)].value }
            return keys.value(stored, numbered: numbered)
        }
    }

    /// Whether document `i` is an object held as a key (an `InferObjects`
    /// may then refer to it by number, and build it as it is visited),
    /// read from the key's first byte without building it.
    func isObjectKey(_ i: Int) -> Bool {
        guard case .keys(let keys, _, let unheld) = storage, let stored = storedIndex(i, unheld: unheld) else { return false }
        return keys.isObject(stored)
    }

    /// The number of document `i`'s key in the store; nil for one held as a tree.
    private func storedIndex(_ i: Int, unheld: [(position: Int, value: JSONValue)]) -> Int? {
        guard !unheld.isEmpty else { return i }
        let before = heldPosition(i, unheld)
        if before < unheld.count, unheld[before].position == i { return nil }
        return i - before
    }

    /// How many documents held as trees come before document `i` (the
    /// position of `i` itself among them, when it is one).
    private func heldPosition(_ i: Int, _ unheld: [(position: Int, value: JSONValue)]) -> Int {
        var low = 0
        var high = unheld.count
        while low < high {
            let middle = (low + high) / 2
            if unheld[middle].position < i { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The objects met at one place, as `InferBuilder` collects them: each held
/// as a tree, or a sample document held as its key and built each time it
/// is visited (`InferDocuments`), so that a place of many documents does
/// not hold them all as trees while its fields are made.
struct InferObjects: RandomAccessCollection {
    private let documents: InferDocuments
    private let held: [JSONObject]
    /// Each object, in order: the number of a document, or (with `heldBit`)
    /// the position of a held one. Nil when every object is held, in order.
    private let refs: [UInt32]?
    private static let heldBit: UInt32 = 1 << 31

    var startIndex: Int { 0 }
    var endIndex: Int { refs?.count ?? held.count }

    init(_ objects: [JSONObject]) {
        documents = InferDocuments([])
        held = objects
        refs = nil
    }

    private init(documents: InferDocuments, held: [JSONObject], refs: [UInt32]?) {
        self.documents = documents
        self.held = held
        self.refs = refs
    }

    subscript(i: Int) -> JSONObject {
        guard let refs else { return held[i] }
        let ref = refs[i]
        if ref & Self.heldBit != 0 { return held[Int(ref & ~Self.heldBit)] }
        guard case .object(let object) = documents[Int(ref)] else {
            preconditionFailure("InferObjects refers to a document that is not an object")
        }
        return object
    }

    /// Object `i` when it is held as a tree (its storage is then the same
    /// each time it is asked for); nil for one built as it is visited.
    func heldObject(_ i: Int) -> JSONObject? {
        guard let refs else { return held[i] }
        let ref = refs[i]
        return ref & Self.heldBit != 0 ? held[Int(ref & ~Self.heldBit)] : nil
    }

    /// The objects at `positions` (ascending), in order.
    func subset(_ positions: [Int]) -> InferObjects {
        guard let refs else { return InferObjects(positions.map { held[$0] }) }
        return InferObjects(documents: documents, held: held, refs: positions.map { refs[$0] })
    }

    /// Collects objects in order, as trees or as numbers of `documents`.
    struct Collector {
        private let documents: InferDocuments
        private var held: [JSONObject] = []
        /// Every object in order, when some are documents by number.
        private var refs: [UInt32] = []
        private let numbers: Bool

        /// - Parameters:
        ///   - trees: how many objects will be added as trees (`add`).
        ///   - numbered: how many documents will be added by number
        ///     (`addDocument`): with none, no number is kept.
        init(documents: InferDocuments, trees: Int, numbered: Int) {
            self.documents = documents
            numbers = numbered > 0
            held.reserveCapacity(trees)
            if numbers { refs.reserveCapacity(trees + numbered) }
        }

        /// Adds document `i` by its number, when it is an object held as a
        /// key (below 2^31 of them); false otherwise (the caller adds it
        /// as a tree).
        mutating func addDocument(_ i: Int) -> Bool {
            guard numbers, i < Int(heldBit), documents.isObjectKey(i) else { return false }
            refs.append(UInt32(i))
            return true
        }

        mutating func add(_ object: JSONObject) {
            if numbers { refs.append(heldBit | UInt32(truncatingIfNeeded: held.count)) }
            held.append(object)
        }

        var objects: InferObjects {
            guard numbers else { return InferObjects(held) }
            // 2^31 objects held beside documents would take a terabyte.
            precondition(held.count <= Int(heldBit), "more objects at one place than InferObjects can number")
            return InferObjects(documents: documents, held: held, refs: refs)
        }

        private var heldBit: UInt32 { InferObjects.heldBit }
    }
}
