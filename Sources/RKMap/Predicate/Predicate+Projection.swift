extension Predicate {
    /// What of a document the predicate reads when the document is both `SELF`
    /// and `@root` and keys match exactly (`rkmap eval`): the members its key
    /// paths name, whole at the end of each path. `@metadata` and `@parent` read nothing of it.
    ///
    /// Reading a document through this projection gives the same answer as
    /// reading all of it, in memory proportional to what is read
    /// (`TRUEPREDICATE` reads nothing).
    public var documentProjection: JSONProjection { root.projection(.nothing) }

    /// `documentProjection` for `rkmap eval`, which reads a large array that
    /// an index or an operator picks from (`items[0].id`, `items.Tags.@count`)
    /// for its elements, as the rest of the path reads each, and holds it as
    /// their text when it is large (`KeyPath.element`, `KeyPath.heldResult`
    /// read it back): the whole tree from the index on took 6× a 12 MB
    /// document.
    public var documentProjectionHoldingIndexes: JSONProjection { root.projection(.nothing, holdingIndexes: true) }
}

extension PredicateNode {
    func projection(_ so: JSONProjection, holdingIndexes: Bool = false) -> JSONProjection {
        switch self {
        case .constant: return so
        case .not(let node): return node.projection(so, holdingIndexes: holdingIndexes)
        case .and(let a, let b), .or(let a, let b):
            return b.projection(a.projection(so, holdingIndexes: holdingIndexes), holdingIndexes: holdingIndexes)
        case .comparison(let c):
            return c.rhs.projection(c.lhs.projection(so, holdingIndexes: holdingIndexes), holdingIndexes: holdingIndexes)
        }
    }
}

extension PredicateExpression {
    func projection(_ so: JSONProjection, holdingIndexes: Bool = false) -> JSONProjection {
        switch self {
        case .constant:
            return so
        case .aggregate(let elements):
            return elements.reduce(so) { $1.projection($0, holdingIndexes: holdingIndexes) }
        case .keyPath(let path):
            switch path.anchor {
            case .representation, .root: break
            case .parent, .metadata: return so
            }
            var projection = so
            projection.add(componentsOf: path, holdingIndexes: holdingIndexes, holdingPaths: holdingIndexes)
            return projection
        }
    }
}
