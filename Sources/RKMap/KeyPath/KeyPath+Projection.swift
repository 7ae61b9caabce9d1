extension JSONProjection {
    /// What evaluating the components of `path` reads of a value, added to
    /// this projection, with `tail` at the end: member names up to the first
    /// index or collection operator, the whole value from there on, except
    /// after `@count`, which needs only how many elements an array has
    /// (`countOnly`). The anchor is the caller's business.
    func adding(componentsOf path: KeyPath, then tail: JSONProjection = .everything) -> JSONProjection {
        var projection = self
        projection.add(componentsOf: path, then: tail)
        return projection
    }

    /// `adding(componentsOf:then:)` in place.
    mutating func add(componentsOf path: KeyPath, then tail: JSONProjection = .everything) {
        var keys: [String] = []
        var end = tail
        for component in path.components {
            guard case .key(let key) = component else {
                end = component == .collection(.count) ? .countOnly : .everything
                break
            }
            keys.append(key)
        }
        add(keys[...], then: end)
    }

    /// What `@count` reads: the value's kind and, for an array, its elements,
    /// each read the same way. An object element reads as `{}` and a scalar
    /// as it is, so the array keeps its length and its elements their kinds,
    /// and an object or a scalar where the array was expected still counts as
    /// nothing: `@count` gives what it gives on the whole value.
    static let countOnly = JSONProjection.members([:])
}
