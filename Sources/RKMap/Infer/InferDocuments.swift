/// The sample documents `infer` builds its spec from, each read from its
/// shape key where it is as it is visited (`InferNode`), never built whole
/// unless asked to (`subscript`).
///
/// Samples whose keys all differ keep every document: one-member NDJSON
/// lines built as trees cost 72 bytes of members each and 24 in an array of
/// documents, beside the dozen of their keys, and were held while the
/// builder made a field of each key. Read as visited, a document costs its
/// key alone; the builder visits each a few times (its objects are
/// `InferObjects`, which refer to a document, or an object inside one, by
/// where it is in its key).
///
/// ```swift
/// let documents = set.takeDocuments()   // the keys, not trees
/// documents.node(0).member("items")     // found in the key, nothing built
/// documents[0]                          // the first, built now
/// ```
package struct InferDocuments: RandomAccessCollection {
    private enum Storage {
        case values([JSONValue])
        /// Kept documents as keys; those the store could not take (past 4 GiB)
        /// or that nest deep (`InferSampleSet.nodeDepthLimit`) as trees, by
        /// their position, in order.
        /// The keys refer to no array element (`Tag.element`): taking the
        /// documents replaced each reference by the element's key.
        case keys(InferKeys, unheld: [(position: Int, value: JSONValue)])
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
        storage = .keys(InferKeys(store: keys, numbered: numbered), unheld: unheld)
        endIndex = count
    }

    /// Document `i`, built from its key when it is held as one.
    package subscript(i: Int) -> JSONValue {
        node(i).value()
    }

    /// Document `i` where it is: read from its key as far as it is asked
    /// (`InferNode`), never built whole unless asked to.
    func node(_ i: Int) -> InferNode {
        switch storage {
        case .values(let values):
            return .tree(values[i])
        case .keys(let keys, let unheld):
            guard let stored = storedIndex(i, unheld: unheld) else { return .tree(unheld[heldPosition(i, unheld)].value) }
            return .key(keys, key: stored, offset: 0)
        }
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
/// as a tree, or an object of a sample document held as its key, by where it
/// is in the key, built each time it is visited (`InferNode`), so that a
/// place of many documents, or of the many elements of one large document,
/// does not hold them all as trees while its fields are made.
struct InferObjects: RandomAccessCollection {
    private let keys: InferKeys?
    private let held: [JSONObject]
    /// Each object, in order; nil when every object is held, in order.
    private let refs: Refs?

    /// Each object: (with the high bit) the position of a held one, or a
    /// place in a key. Whole documents (offset 0: 168,000 one-member
    /// lines) by their key's number in 4 bytes each; else the key's
    /// number (high bits) and the offset (low 32 bits) in 8.
    private enum Refs {
        /// Documents 0, 1, 2, … in order (every sample an object, read
        /// whole): nothing held.
        case firstDocuments(Int)
        case documents([UInt32])
        case places([UInt64])

        var count: Int {
            switch self {
            case .firstDocuments(let count): return count
            case .documents(let refs): return refs.count
            case .places(let refs): return refs.count
            }
        }

        /// Ref `i` as a place: held bit 63, key number above bit 32, offset below.
        subscript(i: Int) -> UInt64 {
            switch self {
            case .firstDocuments: return UInt64(i) << 32
            case .documents(let refs):
                let ref = refs[i]
                return ref & 1 << 31 != 0 ? UInt64(ref & ~(1 << 31)) | InferObjects.heldBit : UInt64(ref) << 32
            case .places(let refs):
                return refs[i]
            }
        }

        func subset(_ positions: [Int]) -> Refs {
            switch self {
            case .firstDocuments: return .documents(positions.map { UInt32($0) })
            case .documents(let refs): return .documents(positions.map { refs[$0] })
            case .places(let refs): return .places(positions.map { refs[$0] })
            }
        }
    }

    private static let heldBit: UInt64 = 1 << 63

    var startIndex: Int { 0 }
    var endIndex: Int { refs?.count ?? held.count }

    init(_ objects: [JSONObject]) {
        keys = nil
        held = objects
        refs = nil
    }

    /// The object nodes `nodes`, in order: trees held, objects of keys by
    /// their places.
    init(nodes: [InferNode]) {
        let trees = nodes.filter { $0.heldObject != nil }.count
        var collector = Collector(trees: trees, inKeys: nodes.count - trees)
        nodes.forEach { collector.add($0) }
        self = collector.objects
    }

    private init(keys: InferKeys?, held: [JSONObject], refs: Refs?) {
        self.keys = keys
        self.held = held
        self.refs = refs
    }

    /// Object `i`, built when it is read from a key.
    subscript(i: Int) -> JSONObject {
        guard case .object(let object) = node(i).value() else {
            preconditionFailure("InferObjects refers to a value that is not an object")
        }
        return object
    }

    /// Object `i` where it is (`InferNode`): its members can be visited
    /// one at a time without building it whole.
    func node(_ i: Int) -> InferNode {
        guard let refs else { return .tree(.object(held[i])) }
        let ref = refs[i]
        if ref & Self.heldBit != 0 { return .tree(.object(held[Int(ref & ~Self.heldBit)])) }
        guard let keys else { preconditionFailure("InferObjects refers to a key without keys") }
        return .key(keys, key: Int(ref >> 32), offset: Int(ref & 0xFFFF_FFFF))
    }

    /// Object `i` when it is held as a tree (its storage is then the same
    /// each time it is asked for); nil for one built as it is visited.
    func heldObject(_ i: Int) -> JSONObject? {
        node(i).heldObject
    }

    /// The objects at `positions` (ascending), in order.
    func subset(_ positions: [Int]) -> InferObjects {
        guard let refs else { return InferObjects(positions.map { held[$0] }) }
        return InferObjects(keys: keys, held: held, refs: refs.subset(positions))
    }

    /// Collects objects in order, as trees or as places in keys.
    struct Collector {
        private var keys: InferKeys?
        private var held: [JSONObject] = []
        /// Every object in order, when some are places in keys: whole
        /// documents in 4 bytes (`documents`) until a place inside one
        /// comes (`places`); none while they are documents 0, 1, 2, … in
        /// order (`firstDocuments`).
        private var firstDocuments = 0  // -1 once they are not
        private var documents: [UInt32] = []
        private var places: [UInt64]?
        private let numbers: Bool
        private let capacity: Int

        /// - Parameters:
        ///   - trees: how many objects will be added as trees.
        ///   - inKeys: how many objects will be added as places in keys:
        ///     with none, no reference is kept.
        init(trees: Int, inKeys: Int) {
            numbers = inKeys > 0
            capacity = trees + inKeys
            held.reserveCapacity(trees)
        }

        /// Adds an object node.
        mutating func add(_ node: InferNode) {
            switch node {
            case .tree(.object(let object)):
                add(object)
            case .key(let keys, let key, let offset) where numbers && key < 1 << 31 && offset <= 0xFFFF_FFFF:
                if self.keys == nil { self.keys = keys }
                precondition(self.keys === keys, "objects of two sample sets at one place")
                append(UInt64(key) << 32 | UInt64(offset))
            case .key:
                guard case .object(let object) = node.value() else { return }
                add(object)
            case .tree:
                break
            }
        }

        mutating func add(_ object: JSONObject) {
            // 2^31 objects held beside documents would take a terabyte.
            if numbers { append(InferObjects.heldBit | UInt64(held.count)) }
            held.append(object)
        }

        /// Appends a ref (as `Refs` reads one), in 4 bytes while it can be.
        private mutating func append(_ ref: UInt64) {
            if firstDocuments >= 0 {
                if ref == UInt64(firstDocuments) << 32 {
                    firstDocuments += 1
                    return
                }
                documents.reserveCapacity(capacity)
                for i in 0..<firstDocuments { documents.append(UInt32(i)) }
                firstDocuments = -1
            }
            if places == nil {
                if ref & InferObjects.heldBit != 0 {
                    if ref & ~InferObjects.heldBit < 1 << 31 { return documents.append(UInt32(ref & ~InferObjects.heldBit) | 1 << 31) }
                } else if ref & 0xFFFF_FFFF == 0 {
                    return documents.append(UInt32(ref >> 32))
                }
                var widened: [UInt64] = []
                widened.reserveCapacity(capacity)
                let narrow = Refs.documents(documents)
                for i in documents.indices { widened.append(narrow[i]) }
                documents = []
                places = widened
            }
            places!.append(ref)
        }

        var objects: InferObjects {
            guard numbers else { return InferObjects(held) }
            if firstDocuments >= 0 { return InferObjects(keys: keys, held: held, refs: .firstDocuments(firstDocuments)) }
            return InferObjects(keys: keys, held: held, refs: places.map(Refs.places) ?? .documents(documents))
        }
    }
}
