extension JSONProjection {
    /// What evaluating the components of `path` reads of a value, added to
    /// this projection, with `tail` at the end: member names up to the first
    /// index or collection operator, the whole value from there on, except
    /// after `@count`, which needs only how many elements an array has
    /// (`countOnly`), and, when holding, after an index (see
    /// `add(componentsOf:then:holdingIndexes:)`). The anchor is the caller's
    /// business.
    func adding(componentsOf path: KeyPath, then tail: JSONProjection = .everything) -> JSONProjection {
        var projection = self
        projection.add(componentsOf: path, then: tail)
        return projection
    }

    /// `adding(componentsOf:then:)` in place.
    /// - Parameter holdingIndexes: an index after a member name (`items[0].name`)
    ///   reads the array there for `elements`, each element read as the rest
    ///   of the path reads it (`name`), so that a large array a relationship
    ///   maps stays held when an attribute also picks one element of it: the
    ///   element is read from the held text (`KeyPath.element`). So does a
    ///   collection operator after a member name, every element read whole
    ///   (`KeyPath.heldResult`). Without it, the whole value from the index
    ///   or operator on.
    /// - Parameter holdingPaths: with `holdingIndexes` (`rkmap eval`), each
    ///   value a path goes on from (`items` in `items.tags.@count`) is read for
    ///   `elements` too, each element as the rest of the path reads it: a
    ///   large array there is held as its elements' text, which
    ///   `KeyPath.lookup` and `KeyPath.heldResult` read one element at a
    ///   time, and any other value is read as it was.
    mutating func add(componentsOf path: KeyPath, then tail: JSONProjection = .everything,
                      holdingIndexes: Bool = false, holdingPaths: Bool = false) {
        add(components: path.components[...], then: tail, holdingIndexes: holdingIndexes, holdingPaths: holdingIndexes && holdingPaths)
    }

    private mutating func add(components: ArraySlice<KeyPath.Component>, then tail: JSONProjection,
                              holdingIndexes: Bool, holdingPaths: Bool = false) {
        var keys: [String] = []
        var end = tail
        scan: for position in components.indices {
            switch components[position] {
            case .key(let key):
                keys.append(key)
                continue scan
            case .collection(.count) where holdingPaths && !keys.isEmpty:
                // How many elements: held, their count (`KeyPath.heldResult`).
                end = .elements(.countOnly)
            case .collection(.count):
                end = .countOnly
            case .index where holdingIndexes && !keys.isEmpty:
                // What the rest of the path reads of the element, for every
                // element: an array shorter than the holding threshold is a
                // tree of elements read so (element `n` among them), a longer
                // one their text. An element copied as it is (`items[2]`) is
                // read whole, as a tree, as an element mapped by a
                // relationship is.
                var element = JSONProjection.nothing
                element.add(components: components[(position + 1)...], then: tail, holdingIndexes: true, holdingPaths: holdingPaths)
                switch element {
                case .nothing: end = .everything
                case .verbatim: end = .elements(.everything)
                default: end = .elements(element)
                }
            case .collection where holdingIndexes && !keys.isEmpty:
                // `@sum`, `@avg`, `@min`, `@max` and `@distinctUnionOfObjects`
                // read every element whole, one at a time: held, the text
                // of each (`KeyPath.heldResult`), and the rest of the path
                // reads the result, whose elements are the held ones.
                end = .elements(.everything)
            case .index, .collection:
                end = .everything
            }
            break scan
        }
        if holdingPaths, keys.count > 1 {
            // Inside out: `a.b.c` reads `a` for elements reading `b` for
            // elements reading `c` as `end`.
            var inner = end
            for key in keys.dropFirst().reversed() { inner = .elements(.members([key: inner])) }
            add(keys.prefix(1), then: inner)
            return
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
