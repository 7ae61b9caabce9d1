/// What it takes to invert a mapper (docs/spec.md §13, RestKit's
/// `RKMappingInverter`): which of its sources can be written back, and which
/// object mappers a dynamic mapper stands for.
package enum MapperInversion {
    /// What a dynamic mapper's matchers need to choose each member again
    /// (docs/spec.md §13): the keys and value of the first `expectValue` or
    /// `valueMap` matcher that chooses it directly (`type` = `"Boy"`); no
    /// entry when only a predicate, a kind or a nested dynamic mapper
    /// chooses it. One pass over the matchers for every member at once:
    /// asked per member or per record, a mapper choosing among 8,000 types
    /// took seconds.
    static func discriminators(of ref: MapperRef, mappers: [Mapper]) -> [MapperRef: (keys: [String], value: JSONValue)] {
        guard case .dynamic(let d) = mappers[ref] else { return [:] }
        func keys(_ path: KeyPath) -> [String]? {
            guard path.anchor == .representation, !path.components.isEmpty else { return nil }
            let keys = path.components.compactMap { if case .key(let k) = $0 { k } else { nil } }
            return keys.count == path.components.count ? keys : nil
        }
        var found: [MapperRef: (keys: [String], value: JSONValue)] = [:]
        for matcher in d.matchers {
            switch matcher.test {
            case .expectValue(let path, let value):
                if let member = matcher.mapper, found[member] == nil, let keys = keys(path) { found[member] = (keys, value) }
            case .valueMap(let path, let map):
                guard let keys = keys(path) else { continue }
                // A key that spells a number is written as that number (API
                // codes are numbers; `valueMap` matches either by its text).
                // The first key in sorted order that names a member.
                for key in map.keys.sorted() where found[map[key]!] == nil {
                    found[map[key]!] = (keys, OperatorAccumulator.spelledNumber(key).map(JSONValue.number) ?? .string(key))
                }
            default:
                continue
            }
        }
        return found
    }

    /// The members of dynamic mapper `ref` whose bodies nothing would make it
    /// choose again (docs/spec.md §13): no `expectValue` or `valueMap`
    /// names them directly, and their own attributes do not write every key
    /// path the matchers that can choose them read.
    static func unchoosableMembers(of ref: MapperRef, mappers: [Mapper]) -> [ObjectMapper] {
        guard case .dynamic(let d) = mappers[ref] else { return [] }
        let discriminators = discriminators(of: ref, mappers: mappers)
        var refsByID: [String: MapperRef] = [:]
        for (i, mapper) in mappers.enumerated() where refsByID[mapper.id] == nil { refsByID[mapper.id] = i }
        // The matchers that name each member, in order.
        var naming: [MapperRef: [Matcher]] = [:]
        for matcher in d.matchers { if let m = matcher.mapper { naming[m, default: []].append(matcher) } }
        return members(of: ref, mappers: mappers).filter { member in
            guard let memberRef = refsByID[member.id] else { return false }
            if discriminators[memberRef] != nil { return false }
            let written = Set(member.properties.compactMap { p -> String? in
                guard case .attribute(let a) = p, a.source.anchor == .representation, a.source.keys.count == a.source.components.count else { return nil }
                return a.source.source
            })
            // What the matchers that name it read.
            var read: [KeyPath] = []
            for matcher in naming[memberRef] ?? [] {
                switch matcher.test {
                case .expectType(let path, _): read.append(path)
                case .predicate(let predicate): _ = predicate.root.readsKeyPath { read.append($0); return false }
                case .expectValue, .valueMap: break
                }
            }
            return read.isEmpty || read.contains { !written.contains($0.source) }
        }
    }

    /// The object mappers a dynamic (or object) mapper can produce, in matcher
    /// order, following nested dynamic mappers; each appears once.
    static func members(of ref: MapperRef, mappers: [Mapper]) -> [ObjectMapper] {
        var seen: Set<MapperRef> = []
        var result: [ObjectMapper] = []
        func visit(_ ref: MapperRef) {
            guard seen.insert(ref).inserted else { return }
            switch mappers[ref] {
            case .object(let m):
                result.append(m)
            case .dynamic(let d):
                for matcher in d.matchers {
                    if case .valueMap(_, let map) = matcher.test {
                        for key in map.keys.sorted() { visit(map[key]!) }
                    }
                    if let m = matcher.mapper { visit(m) }
                }
            }
        }
        visit(ref)
        return result
    }

    /// Mappers `serialize` only ever applies forward, whose operators and
    /// anchors are read as `apply` reads them, not left out (docs/spec.md
    /// §13). `forced`: `--mapper`'s mapper and whether it is applied
    /// forward; every record then goes through it alone.
    ///
    /// Without `--mapper`, a mapper is forward only when reached (through
    /// relationships and dynamic mappers' choices) from a request
    /// descriptor with `inverse: false`, and from nothing that may be
    /// inverted: an inverse request descriptor's mapper, or the mapper a
    /// record of a type falls back to when no forward request descriptor of
    /// that type serves every method.
    ///
    /// `byType`: each type's object mappers; `roots`: the descriptors' root
    /// mappers and the members of dynamic ones (as `Serializer` holds them).
    static func forwardOnly(
        _ graph: MappingGraph, forced: (ref: MapperRef, forward: Bool)?, byType: [String: [MapperRef]], roots: Set<MapperRef>
    ) -> Set<MapperRef> {
        func reached(from starts: [MapperRef]) -> Set<MapperRef> {
            var seen: Set<MapperRef> = []
            var stack = starts
            while let ref = stack.popLast() {
                guard seen.insert(ref).inserted else { continue }
                switch graph.mappers[ref] {
                case .object(let m):
                    for case .relationship(let r) in m.properties { stack.append(r.mapper) }
                case .dynamic(let d):
                    for matcher in d.matchers {
                        if case .valueMap(_, let map) = matcher.test { stack.append(contentsOf: map.values) }
                        if let m = matcher.mapper { stack.append(m) }
                    }
                }
            }
            return seen
        }
        if let forced { return forced.forward ? reached(from: [forced.ref]) : [] }
        let forwardDescriptors = graph.requestDescriptors.filter { !$0.inverse }
        guard !forwardDescriptors.isEmpty else { return [] }
        let alwaysForward = Set(forwardDescriptors.filter { $0.methods == nil }.map(\.target))
        var invertible = graph.requestDescriptors.filter(\.inverse).map(\.mapper)
        // The mapper a record of each other type falls back to, as
        // `Serializer.body(for:path:)` chooses it: the type's one object
        // mapper, or its one that a descriptor's root is (or chooses).
        for (type, refs) in byType where !alwaysForward.contains(type) {
            var candidates = refs
            if candidates.count > 1 {
                let rooted = candidates.filter(roots.contains)
                if rooted.count == 1 { candidates = rooted }
            }
            if candidates.count == 1 { invertible.append(candidates[0]) }
        }
        return reached(from: forwardDescriptors.map(\.mapper)).subtracting(reached(from: invertible))
    }

    /// Source key paths of `mapper` that cannot be written to, in declaration order.
    static func unwritableSources(of mapper: ObjectMapper) -> [String] {
        mapper.properties.compactMap { p in
            switch p {
            case .attribute(let a): return a.source.isWritable ? nil : a.source.source
            case .relationship(let r): return r.source.isWritable ? nil : r.source.source
            }
        }
    }

    /// Why the mapper `ref` cannot serialize anything, or `nil` when it can.
    package static func whyNotInvertible(_ ref: MapperRef, mappers: [Mapper]) -> String? {
        let objects = members(of: ref, mappers: mappers)
        guard !objects.isEmpty else { return "its matchers choose no object mapper" }
        for m in objects {
            let writable = m.keyAttributeSlot != nil || m.properties.contains { p in
                switch p {
                case .attribute(let a): return a.source.isWritable
                case .relationship(let r): return r.source.isWritable
                }
            }
            if !writable {
                let whose = m.id == mappers[ref].id ? "its source key paths" : "the source key paths of its member '\(m.id)'"
                return "none of \(whose) can be written to (they are all @metadata, @root, @parent, operators or indexes)"
            }
        }
        return nil
    }
}
