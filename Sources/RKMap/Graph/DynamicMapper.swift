/// A compiled dynamic mapper (docs/spec.md §3.3): chooses an object (or another dynamic)
/// mapper per representation; no match declines the representation.
public final class DynamicMapper: Sendable {
    public let id: String
    public let matchers: [Matcher]
    public let location: SourceLocation
    /// How the matchers are tried, in order (`DocumentMapper.choose`).
    let steps: [MatcherStep]

    public init(id: String, matchers: [Matcher], location: SourceLocation) {
        self.id = id
        self.matchers = matchers
        self.location = location
        steps = MatcherStep.steps(matchers)
    }
}

/// One step of choosing among a dynamic mapper's matchers: a matcher, or a
/// run of `expectValue` matchers that compare the string at one key path
/// (a `type` discriminator of a Stripe event: 200 values), looked up in a
/// table by code units. Tried one by one, 8,000 such matchers took 24 s
/// for 40,000 records, each record evaluating the key path once per matcher.
enum MatcherStep: Sendable {
    case matcher(Int)
    /// A run of `.expectValue(keyPath, .string)` matchers: the first one
    /// whose string is the value's chooses (`mapper`, as the matcher has it).
    case strings(keyPath: KeyPath, first: [ExactText: MapperRef?])

    /// A run shorter than this is tried matcher by matcher.
    static let shortestRun = 4

    static func steps(_ matchers: [Matcher]) -> [MatcherStep] {
        func stringTest(_ i: Int) -> (KeyPath, String)? {
            guard case .expectValue(let keyPath, .string(let s)) = matchers[i].test else { return nil }
            return (keyPath, s)
        }
        var steps: [MatcherStep] = []
        var i = 0
        while i < matchers.count {
            guard let (keyPath, _) = stringTest(i) else {
                steps.append(.matcher(i))
                i += 1
                continue
            }
            var end = i
            while end < matchers.count, let (next, _) = stringTest(end), next == keyPath { end += 1 }
            guard end - i >= shortestRun else {
                steps += (i..<end).map { .matcher($0) }
                i = end
                continue
            }
            var first: [ExactText: MapperRef?] = [:]
            for j in i..<end {
                let key = ExactText(stringTest(j)!.1)
                if first[key] == nil { first[key] = .some(matchers[j].mapper) }
            }
            steps.append(.strings(keyPath: keyPath, first: first))
            i = end
        }
        return steps
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
