extension Predicate {
    /// What of a document the predicate reads when the document is both `SELF`
    /// and `@root` and keys match exactly (`rkmap eval`): the members its key
    /// paths name, whole at the end of each path. `@metadata` and `@parent` read nothing of it.
    ///
    /// Reading a document through this projection gives the same answer as
    /// reading all of it, in memory proportional to what is read
    /// (`TRUEPREDICATE` reads nothing).
    public var documentProjection: JSONProjection { root.projection(.nothing) }
}

extension PredicateNode {
    func projection(_ so: JSONProjection) -> JSONProjection {
        switch self {
        case .constant: return so
        case .not(let node): return node.projection(so)
        case .and(let a, let b), .or(let a, let b): return b.projection(a.projection(so))
        case .comparison(let c): return c.rhs.projection(c.lhs.projection(so))
        }
    }
}

extension PredicateExpression {
    func projection(_ so: JSONProjection) -> JSONProjection {
        switch self {
        case .constant:
            return so
        case .aggregate(let elements):
            return elements.reduce(so) { $1.projection($0) }
        case .keyPath(let path):
            switch path.anchor {
            case .representation, .root: break
            case .parent, .metadata: return so
            }
            return so.adding(componentsOf: path)
        }
    }
}
