/// Two names of one spec that differ only in case (docs/spec.md §3.1): legal in
/// JSON output, but one SQLite table or column, because SQLite names are
/// case-insensitive. `lint` warns about each; SQLite output refuses the spec.
package struct CaseCollision: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Two record types (`User`, `user`): one table.
        case recordTypes
        /// Two destinations of the mapper with this id (`Name`, `name`): one column.
        case destinations(mapperID: String)
    }

    package var kind: Kind
    /// The name met first in the spec, and where.
    package var first: String
    package var firstLocation: SourceLocation
    /// The name that collides with it, and where.
    package var second: String
    package var secondLocation: SourceLocation

    /// One sentence naming both, for `lint` and for SQLite's refusal.
    package var message: String {
        switch kind {
        case .recordTypes:
            return "record types '\(first)' (line \(firstLocation.line)) and '\(second)' differ only in case;"
                + " they would share one SQLite table (SQLite names ignore case)"
        case .destinations(let mapperID):
            return "destinations '\(first)' (line \(firstLocation.line)) and '\(second)' of mapper '\(mapperID)' differ only in case;"
                + " they would share one SQLite column (SQLite names ignore case)"
        }
    }
}

extension MappingGraph {
    /// Every pair of record types, and of destinations within one object mapper,
    /// whose names are equal ignoring case but not equal, in spec order. Each
    /// name collides with the first name of its case-folded group.
    ///
    /// - Complexity: O(mappers + destinations), one hash per name.
    package func caseCollisions() -> [CaseCollision] {
        var collisions: [CaseCollision] = []
        var types: [String: (name: String, location: SourceLocation)] = [:]
        var seenTypes: Set<String> = []
        for mapper in objectMappers where seenTypes.insert(mapper.typeName).inserted {
            let folded = mapper.typeName.lowercased()
            if let first = types[folded] {
                collisions.append(CaseCollision(
                    kind: .recordTypes, first: first.name, firstLocation: first.location,
                    second: mapper.typeName, secondLocation: mapper.location))
            } else {
                types[folded] = (mapper.typeName, mapper.location)
            }
        }
        for mapper in objectMappers {
            var names: [String: Int] = [:]
            for (slot, s) in mapper.slots.enumerated() {
                let folded = s.name.lowercased()
                guard let first = names[folded] else {
                    names[folded] = slot
                    continue
                }
                collisions.append(CaseCollision(
                    kind: .destinations(mapperID: mapper.id),
                    first: mapper.slots[first].name, firstLocation: mapper.location(ofSlot: first),
                    second: s.name, secondLocation: mapper.location(ofSlot: slot)))
            }
        }
        return collisions
    }
}

extension ObjectMapper {
    /// Where a destination is first declared (its mapping's source location),
    /// or the mapper's own location for one declared otherwise (`keyAttribute`,
    /// a connection).
    func location(ofSlot slot: Int) -> SourceLocation {
        for p in properties {
            switch p {
            case .attribute(let a) where a.slot == slot: return a.location
            case .relationship(let r) where r.slot == slot: return r.location
            default: continue
            }
        }
        for c in connections where c.slot == slot { return c.location }
        return location
    }
}
