import Synchronization

/// Which of a list of key paths (a wide mapper's steps, a run's many
/// descriptors) an object can skip: one that starts with a key at the
/// representation finds nothing in an object without that member. An object
/// of a few members then visits the items its keys name and the others, in
/// order, not every item: 20,000 objects of three keys under a mapper of
/// 4,000 attributes took 5.1 s, 20,000 documents under 2,000 descriptors 11 s.
///
/// The tables of items by key are made when an object first needs them (a
/// spec's mappers are compiled for `lint` too, and most never map such an
/// object), under a lock taken only by objects that skip most items.
final class KeySkipIndex: Sendable {
    /// The items every object visits, in order.
    let others: [Int]
    private let count: Int
    /// The first key of item `i` if an object without it skips the item.
    private let skippableKey: @Sendable (Int) -> String?
    private struct Tables {
        var byKey: [ExactText: [Int]]?
        var byFoldedKey: [ExactText: [Int]]?
    }
    private let tables = Mutex(Tables())

    /// Lists of fewer skippable items than this visit every item.
    static let minimumSkippable = 32

    /// - Parameter skippableKey: item `i`'s first key when an object without
    ///   that member may skip it; nil for an item every object visits.
    init?(count: Int, skippableKey: @escaping @Sendable (Int) -> String?) {
        let others = (0..<count).filter { skippableKey($0) == nil }
        guard count - others.count >= Self.minimumSkippable else { return nil }
        self.others = others
        self.count = count
        self.skippableKey = skippableKey
    }

    /// Skippable items by their first key, as JSON compares keys, or by that
    /// key lowercased (`keyMatching: caseInsensitive`), each list in order.
    private func makeTable(folded: Bool) -> [ExactText: [Int]] {
        var table: [ExactText: [Int]] = [:]
        for i in 0..<count {
            guard let key = skippableKey(i) else { continue }
            table[ExactText(folded ? key.lowercased() : key), default: []].append(i)
        }
        return table
    }

    /// The items an object of these members visits, in order; nil when
    /// visiting every item costs about as much. A key found ignoring case
    /// (`caseInsensitive`) names every item whose key lowercases alike: the
    /// item's own lookup then decides, exact match first.
    func order(of object: JSONObject, caseInsensitive: Bool) -> [Int]? {
        guard others.count + 4 * object.members.count < count / 2 else { return nil }
        // The table is taken out (a reference) and read outside the lock.
        let table = tables.withLock { tables in
            if caseInsensitive {
                if tables.byFoldedKey == nil { tables.byFoldedKey = makeTable(folded: true) }
                return tables.byFoldedKey!
            }
            if tables.byKey == nil { tables.byKey = makeTable(folded: false) }
            return tables.byKey!
        }
        var named: [Int] = []
        for member in object.members {
            if let found = table[ExactText(caseInsensitive ? member.key.lowercased() : member.key)] { named += found }
        }
        named.sort()
        var order: [Int] = []
        order.reserveCapacity(others.count + named.count)
        var k = 0
        for i in others {
            while k < named.count, named[k] < i {
                if order.last != named[k] { order.append(named[k]) }
                k += 1
            }
            order.append(i)
        }
        for i in named[k...] where order.last != i { order.append(i) }
        return order
    }
}
