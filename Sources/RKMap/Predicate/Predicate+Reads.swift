extension Predicate {
    /// True when some key path of the predicate starts at `@root`: its value
    /// depends on the whole document, so the engine must not stream the
    /// document's content array element by element. Read from the compiled
    /// tree, not the source text (a string literal `'@root'` reads nothing).
    public var readsRoot: Bool { root.readsKeyPath { $0.anchor == .root } }
}

extension PredicateNode {
    /// Whether some key path of the predicate passes `test`.
    func readsKeyPath(where test: (KeyPath) -> Bool) -> Bool {
        switch self {
        case .constant: return false
        case .not(let node): return node.readsKeyPath(where: test)
        case .and(let a, let b), .or(let a, let b): return a.readsKeyPath(where: test) || b.readsKeyPath(where: test)
        case .comparison(let c): return c.lhs.readsKeyPath(where: test) || c.rhs.readsKeyPath(where: test)
        }
    }
}

extension PredicateExpression {
    func readsKeyPath(where test: (KeyPath) -> Bool) -> Bool {
        switch self {
        case .constant: return false
        case .keyPath(let path): return test(path)
        case .aggregate(let elements): return elements.contains { $0.readsKeyPath(where: test) }
        }
    }
}
