extension Predicate {
    /// True when some key path of the predicate starts at `@root`: its value
    /// depends on the whole document, so the engine must not stream the
    /// document's content array element by element. Read from the compiled
    /// tree, not the source text (a string literal `'@root'` reads nothing).
    public var readsRoot: Bool { root.readsRoot }

    /// True when some key path starts at `@root` or `@parent`: what it reads
    /// depends on where in the document the predicate is evaluated.
    public var readsOutside: Bool { root.readsOutside }
}

extension PredicateNode {
    var readsRoot: Bool {
        switch self {
        case .constant: return false
        case .not(let node): return node.readsRoot
        case .and(let a, let b), .or(let a, let b): return a.readsRoot || b.readsRoot
        case .comparison(let c): return c.lhs.readsRoot || c.rhs.readsRoot
        }
    }

    var readsOutside: Bool {
        switch self {
        case .constant: return false
        case .not(let node): return node.readsOutside
        case .and(let a, let b), .or(let a, let b): return a.readsOutside || b.readsOutside
        case .comparison(let c): return c.lhs.readsOutside || c.rhs.readsOutside
        }
    }
}

extension PredicateExpression {
    var readsRoot: Bool {
        switch self {
        case .constant: return false
        case .keyPath(let path): return path.anchor == .root
        case .aggregate(let elements): return elements.contains { $0.readsRoot }
        }
    }

    var readsOutside: Bool {
        switch self {
        case .constant: return false
        case .keyPath(let path):
            if case .parent = path.anchor { return true }
            return path.anchor == .root
        case .aggregate(let elements): return elements.contains { $0.readsOutside }
        }
    }
}
