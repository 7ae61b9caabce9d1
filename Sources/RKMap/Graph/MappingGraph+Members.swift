extension MappingGraph {
    /// The object mappers a reference can produce records with: itself for an
    /// object mapper; for a dynamic mapper its matchers' mappers in matcher order
    /// (a `valueMap`'s mappers in declaration order), nested dynamic mappers
    /// expanded in place, each mapper once.
    ///
    /// Table outputs need this before any data is seen (docs/spec.md §10.3, §10.4):
    /// CSV's columns and SQLite's tables come from the spec.
    ///
    /// - Complexity: O(matchers reachable from `ref`).
    package func objectMappers(producedBy ref: MapperRef) -> [ObjectMapper] {
        var result: [ObjectMapper] = []
        var seenMappers = Set<ObjectIdentifier>()
        var seenRefs = Set<MapperRef>()
        func visit(_ ref: MapperRef) {
            guard seenRefs.insert(ref).inserted else { return }
            switch mappers[ref] {
            case .object(let m):
                if seenMappers.insert(ObjectIdentifier(m)).inserted { result.append(m) }
            case .dynamic(let d):
                for matcher in d.matchers {
                    if case .valueMap(_, let map) = matcher.test {
                        for target in Set(map.values).sorted() { visit(target) }
                    } else if let target = matcher.mapper {
                        visit(target)
                    }
                }
            }
        }
        visit(ref)
        return result
    }

    /// Every object mapper that a descriptor can reach, through relationships
    /// and dynamic mappers, in declaration order.
    package var reachableObjectMappers: [ObjectMapper] {
        var reached = Set<ObjectIdentifier>()
        var stack = descriptors.map(\.rootMapper)
        var visitedRefs = Set<MapperRef>()
        while let ref = stack.popLast() {
            guard visitedRefs.insert(ref).inserted else { continue }
            for mapper in objectMappers(producedBy: ref) where reached.insert(ObjectIdentifier(mapper)).inserted {
                for slot in mapper.slots {
                    if case .relationship(let info) = slot.kind { stack.append(info.mapper) }
                }
            }
        }
        return objectMappers.filter { reached.contains(ObjectIdentifier($0)) }
    }
}
