/// The members a mapper reads from the object it maps, known from its compiled
/// key paths: first keys of paths anchored at the representation, `@parent`
/// and `@root` first keys, and whether some nil key path reads it whole.
struct MapperReads {
    var keys: [String] = []
    var parentKeys: [(n: Int, key: String)] = []
    var rootKeys: [String] = []
    var all = false

    init() {}

    init(_ mapper: ObjectMapper) {
        for property in mapper.properties {
            switch property {
            case .attribute(let a): add(a.source)
            case .relationship(let r): add(r.source)
            }
        }
    }

    init(_ mapper: DynamicMapper) {
        for matcher in mapper.matchers {
            switch matcher.test {
            case .expectValue(let k, _), .expectType(let k, _), .valueMap(let k, _):
                add(k)
            case .predicate(let p):
                p.root.forEachKeyPath { add($0) }
            }
        }
    }

    var isEmpty: Bool { keys.isEmpty && parentKeys.isEmpty && rootKeys.isEmpty && !all }

    mutating func add(_ other: MapperReads) {
        guard !other.isEmpty else { return }
        keys += other.keys
        parentKeys += other.parentKeys
        rootKeys += other.rootKeys
        all = all || other.all
    }

    mutating func add(_ keyPath: KeyPath) {
        guard case .key(let first)? = keyPath.components.first else {
            if keyPath.isNil { all = true }
            return
        }
        switch keyPath.anchor {
        case .representation: keys.append(first)
        case .parent(let n): parentKeys.append((n, first))
        case .root: rootKeys.append(first)
        case .metadata: break
        }
    }
}

extension PredicateNode {
    /// Calls `body` with every key path the predicate reads (`SELF` is the nil key path).
    func forEachKeyPath(_ body: (KeyPath) -> Void) {
        switch self {
        case .constant: break
        case .not(let n): n.forEachKeyPath(body)
        case .and(let a, let b), .or(let a, let b):
            a.forEachKeyPath(body)
            b.forEachKeyPath(body)
        case .comparison(let c):
            c.lhs.forEachKeyPath(body)
            c.rhs.forEachKeyPath(body)
        }
    }
}

extension PredicateExpression {
    func forEachKeyPath(_ body: (KeyPath) -> Void) {
        switch self {
        case .constant: break
        case .keyPath(let k): body(k)
        case .aggregate(let list): for e in list { e.forEachKeyPath(body) }
        }
    }
}
