/// A compiled dynamic mapper (docs/spec.md §3.3): chooses an object (or another dynamic)
/// mapper per representation; no match declines the representation.
public final class DynamicMapper: Sendable {
    public let id: String
    public let matchers: [Matcher]
    public let location: SourceLocation

    public init(id: String, matchers: [Matcher], location: SourceLocation) {
        self.id = id
        self.matchers = matchers
        self.location = location
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
