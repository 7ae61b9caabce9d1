import Foundation

/// What a key path can see besides the representation itself: the document root,
/// the chain of enclosing representations, and the metadata (docs/spec.md §4).
///
/// The engine keeps one of these per document and pushes/pops parents as it
/// descends; predicates and matchers receive the same context.
public struct KeyPathContext: Sendable {
    /// The whole document (`@root`).
    public var root: JSONValue
    /// What `@root` and `@parent` paths with a collection operator gave
    /// (`KeyPath.evaluate(on:context:)`), for the next record to read them.
    /// It keeps the values they started from: whoever lets a large document
    /// go (`root = .null`) calls `forget()` too.
    let operatorResults = OperatorResults()
    /// Enclosing representations, outermost first; `parents.last` is `@parent`.
    public var parents: [JSONValue]
    /// The metadata object (`@metadata`): `mapping`, `routing`, `HTTP` and `--meta` keys.
    /// `mapping.collectionIndex` is not stored here but in `collectionIndex`.
    public var metadata: JSONObject
    /// Index of the nearest enclosing collection element, if any.
    public var collectionIndex: Int?
    /// `keyMatching: caseInsensitive` (docs/spec.md §4).
    public var caseInsensitive: Bool

    public init(
        root: JSONValue, parents: [JSONValue] = [], metadata: JSONObject = JSONObject(),
        collectionIndex: Int? = nil, caseInsensitive: Bool = false
    ) {
        self.root = root
        self.parents = parents
        self.metadata = metadata
        self.collectionIndex = collectionIndex
        self.caseInsensitive = caseInsensitive
    }
}

/// The results of key paths anchored at `@root` or `@parent` that apply a
/// collection operator (`@root.items.price.@max`, `@parent.items.@sum`), or
/// map a key over an array (`@root.items.id`), by
/// path, for the value they started from: each record of a content reads
/// the same document (or each child the same parent), and an operator over
/// an array of n elements evaluated for each of its n records made mapping
/// quadratic (a 1 MB top-level array of 14,000 items reading
/// `@root.Price.@max`: 22 s; 12 MB would take about an hour).
///
/// A result is used only for the very value it was computed from: the
/// start's storage (an array's or an object's buffer, a held text) is
/// compared by address, and the start is kept while its results are, so
/// that the address cannot be another value's. One start for `@root`
/// (the document), replaced by the next one met, and the last few parents
/// used, the least recently used replaced: an item's `@parent.data.price.@avg`
/// (the list) beside its variants' `@parent.variants.price.@avg` (the
/// item) replaced each other's start, and every item computed the list's
/// average again (quadratic: 28 s for 1 MB with the list's items held as
/// their text); `forget()` lets them go. Copies of a context share this; a lock keeps it safe to share.
final class OperatorResults: @unchecked Sendable {
    struct Entry {
        let value: JSONValue?
        /// Why an operator had no value (`KeyPath.arithmeticProblem`).
        let problem: String?
    }

    private struct Key: Hashable {
        let path: KeyPath
        /// `find` (the "some element has the key" rule) rather than `evaluate`.
        let finding: Bool
        let caseInsensitive: Bool
    }

    private struct StartResults {
        var start: JSONValue = .null
        var address: UnsafeRawPointer?
        var results: [Key: Entry] = [:]
    }

    private let lock = NSLock()
    /// `@root`'s, then `@parent`'s, most recently used first.
    private var slots = [StartResults()]
    private static let parentSlots = 4

    func forget() {
        lock.lock()
        defer { lock.unlock() }
        if slots[0].address != nil || slots.count > 1 { slots = [StartResults()] }
    }

    /// `forget()`, unless `root` is the document the results are for: a
    /// streamed document's elements are each mapped with its root.
    func forget(unlessRootIs root: JSONValue) {
        let address = Self.address(of: root)
        lock.lock()
        let same = address != nil && slots[0].address == address
        lock.unlock()
        if !same { forget() }
    }

    /// The entry for `path` from `start` (`parent`: an `@parent` path),
    /// computed by `compute` unless known. A start with no storage of its
    /// own (a scalar, an empty array or object) is computed every time.
    func entry(
        _ path: KeyPath, finding: Bool, caseInsensitive: Bool, from start: JSONValue, parent: Bool, compute: () -> Entry
    ) -> Entry {
        guard let address = Self.address(of: start) else { return compute() }
        let key = Key(path: path, finding: finding, caseInsensitive: caseInsensitive)
        lock.lock()
        if let s = slot(of: address, parent: parent), let known = slots[s].results[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = compute()
        lock.lock()
        let s: Int
        if let known = slot(of: address, parent: parent) {
            s = known
        } else if parent {
            slots.insert(StartResults(start: start, address: address), at: 1)
            if slots.count > 1 + Self.parentSlots { slots.removeLast() }
            s = 1
        } else {
            slots[0] = StartResults(start: start, address: address)
            s = 0
        }
        slots[s].results[key] = made
        lock.unlock()
        return made
    }

    /// The slot of the start at `address`, a parent's moved first among
    /// the parents' (the least recently used is the last). Under the lock.
    private func slot(of address: UnsafeRawPointer, parent: Bool) -> Int? {
        guard parent else { return slots[0].address == address ? 0 : nil }
        guard let i = slots.indices.dropFirst().first(where: { slots[$0].address == address }) else { return nil }
        if i > 1 { slots.insert(slots.remove(at: i), at: 1) }
        return 1
    }

    /// Where `value`'s storage is, while `value` is alive; nil for a value
    /// without storage of its own.
    private static func address(of value: JSONValue) -> UnsafeRawPointer? {
        switch value {
        case .array(let elements):
            return elements.withUnsafeBufferPointer { $0.isEmpty ? nil : UnsafeRawPointer($0.baseAddress) }
        case .object(let object):
            return object.members.withUnsafeBufferPointer { $0.isEmpty ? nil : UnsafeRawPointer($0.baseAddress) }
        case .compact(let text):
            return UnsafeRawPointer(Unmanaged.passUnretained(text).toOpaque())
        case .null, .bool, .number, .string:
            return nil
        }
    }
}
