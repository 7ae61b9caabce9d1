/// A compiled dynamic mapper (docs/spec.md §3.3): chooses an object (or another dynamic)
/// mapper per representation; no match declines the representation.
public final class DynamicMapper: Sendable {
    public let id: String
    public let matchers: [Matcher]
    public let location: SourceLocation
    /// How the matchers are tried (`DocumentMapper.choose`): through tables
    /// of their values when many compare a scalar, else one by one.
    let plan: MatcherPlan?

    public init(id: String, matchers: [Matcher], location: SourceLocation) {
        self.id = id
        self.matchers = matchers
        self.location = location
        plan = MatcherPlan(matchers)
    }
}

/// The `expectValue` matchers of a dynamic mapper that compare a scalar
/// (a `type` discriminator of a Stripe event: 200 values), tabled by key
/// path and value, each value with its first matcher; and the others, in
/// order. The first matcher that matches chooses, as when they are tried
/// one by one: the tables give the first of theirs that matches, and only
/// the others before it are tried. Tried one by one, 8,000 string matchers
/// took 24 s for 40,000 records, each record evaluating the key path once
/// per matcher; numbers, booleans and `null`, matchers of several key paths
/// taking turns, or a run broken by another matcher were still tried one by
/// one (4,000 such matchers × 80,000 records: 47.6 s).
struct MatcherPlan: Sendable {
    let tables: [ValueTable]
    /// The matchers not in a table, in order.
    let others: [Int]

    /// Fewer tabled matchers than this are tried one by one.
    static let minimumTabled = 4

    init?(_ matchers: [Matcher]) {
        var tables: [ValueTable] = []
        var tableOfKeyPath: [KeyPath: Int] = [:]
        var others: [Int] = []
        var tabled = 0
        for (i, matcher) in matchers.enumerated() {
            guard case .expectValue(let keyPath, let expected) = matcher.test, ValueTable.isScalar(expected) else {
                others.append(i)
                continue
            }
            let t: Int
            if let known = tableOfKeyPath[keyPath] {
                t = known
            } else {
                t = tables.count
                tableOfKeyPath[keyPath] = t
                tables.append(ValueTable(keyPath: keyPath))
            }
            tables[t].add(expected, matcher: i)
            tabled += 1
        }
        guard tabled >= Self.minimumTabled else { return nil }
        self.tables = tables
        self.others = others
    }
}

/// Scalar values compared at one key path, each with the first matcher
/// (its index) that expects it: strings by code units, numbers exactly
/// (`JSONNumber`'s `==` and hash, docs/spec.md §4), as `expectValue`
/// compares them.
struct ValueTable: Sendable {
    let keyPath: KeyPath
    private var strings: [ExactText: Int] = [:]
    private var numbers: [JSONNumber: Int] = [:]
    private var bools: [Bool: Int] = [:]
    private var null: Int?

    init(keyPath: KeyPath) { self.keyPath = keyPath }

    static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool, .number, .string: return true
        case .array, .object, .compact: return false
        }
    }

    /// Notes that matcher `i` expects `value` (kept only if it is the first).
    mutating func add(_ value: JSONValue, matcher i: Int) {
        switch value {
        case .string(let s): if strings[ExactText(s)] == nil { strings[ExactText(s)] = i }
        case .number(let n): if numbers[n] == nil { numbers[n] = i }
        case .bool(let b): if bools[b] == nil { bools[b] = i }
        case .null: if null == nil { null = i }
        case .array, .object, .compact: break
        }
    }

    /// The first matcher that expects `value`, if any (held text, `.compact`,
    /// is an array or an object: no scalar equals it).
    func first(for value: JSONValue) -> Int? {
        switch value {
        case .string(let s): return strings[ExactText(s)]
        case .number(let n): return numbers[n]
        case .bool(let b): return bools[b]
        case .null: return null
        case .array, .object, .compact: return nil
        }
    }
}

public struct Matcher: Sendable {
    public enum Test: Sendable {
        /// Same JSON kind and value at `keyPath` (numbers numerically).
        case expectValue(KeyPath, JSONValue)
        /// JSON kind of the value at `keyPath`.
        case expectType(KeyPath, JSONKind)
        /// Mapper chosen by the value at `keyPath` (a string, or a number's text).
        case valueMap(KeyPath, [String: MapperRef])
        /// A predicate (docs/spec.md §9) evaluated against the representation.
        case predicate(Predicate)
    }

    public let test: Test
    /// The mapper chosen on a match (unused for `valueMap`, which names its own).
    public var mapper: MapperRef?
    public var location: SourceLocation
    /// For `valueMap`: the most UTF-8 bytes in one of its keys. A longer value
    /// is in no table and is not hashed: Swift hashes a `String`'s canonical
    /// form, in time quadratic in a run of combining marks.
    let longestKey: Int

    public init(test: Test, mapper: MapperRef?, location: SourceLocation) {
        self.test = test
        self.mapper = mapper
        self.location = location
        if case .valueMap(_, let table) = test {
            longestKey = table.keys.lazy.map(\.utf8.count).max() ?? 0
        } else {
            longestKey = 0
        }
    }
}
