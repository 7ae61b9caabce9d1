extension DocumentMapper {
    /// Chooses the object mapper for a representation (docs/spec.md §3.3): an object mapper
    /// is itself; a dynamic mapper tries its matchers in order. No match declines
    /// the representation (counted in `--stats`): an object or `null`
    /// silently (RestKit's `nil` mapping), another value with a warning, as an
    /// object mapper warns of a value it cannot map (it would vanish).
    func resolve(_ ref: MapperRef, for value: JSONValue) -> ObjectMapper? {
        var current = ref
        // A chain of dynamic mappers that never reaches an object mapper would loop
        // on the same value; each hop must make progress, so the mapper count bounds it.
        for _ in 0...graph.mappers.count {
            switch graph.mappers[current] {
            case .object(let mapper):
                return mapper
            case .dynamic(let dynamic):
                let (chosen, tried) = choosing(dynamic, for: value)
                // `rkmap check`: the key paths of the matchers tried are reads of this value.
                readTracker?.noteMatchers(of: dynamic, through: tried)
                guard let next = chosen else {
                    stats.declined += 1
                    if value.kind != .object, value.kind != .null {
                        warn(.scalarDeclined(kind: value.kind.rawValue, mapper: dynamic.id), mapperID: dynamic.id)
                    }
                    readTracker?.declined(value, by: dynamic, path: path.components)
                    readTracker?.discardMatcherReads(parentDepth: context.parents.count)
                    return nil
                }
                current = next
            }
        }
        warn(.dynamicCycle, mapperID: graph.mappers[ref].id)
        stats.declined += 1
        return nil
    }

    /// The mapper chosen by the first matching matcher, if any.
    func choose(_ dynamic: DynamicMapper, for value: JSONValue) -> MapperRef? {
        choosing(dynamic, for: value).chosen
    }

    /// The mapper chosen by the first matching matcher, if any, and that
    /// matcher's position (`nil` when none matched: all were tried).
    func choosing(_ dynamic: DynamicMapper, for value: JSONValue) -> (chosen: MapperRef?, tried: Int?) {
        guard let plan = dynamic.plan else {
            for (i, matcher) in dynamic.matchers.enumerated() {
                if let chosen = test(matcher, of: dynamic, on: value) { return (chosen, i) }
            }
            return (nil, nil)
        }
        // The first tabled matcher that matches, each key path evaluated once.
        var first = Int.max
        for table in plan.tables {
            if let actual = table.keyPath.evaluate(on: value, context: context), let i = table.first(for: actual), i < first { first = i }
        }
        // Then the others before it, in order (a predicate that cannot decide
        // warns only where it would have been tried).
        for i in plan.others {
            if i > first { break }
            if let chosen = test(dynamic.matchers[i], of: dynamic, on: value) { return (chosen, i) }
        }
        return first < Int.max ? (dynamic.matchers[first].mapper, first) : (nil, nil)
    }

    /// What `matcher` chooses for `value`: `nil` when it does not match,
    /// else its mapper (itself `nil` for a matcher that chooses none).
    private func test(_ matcher: Matcher, of dynamic: DynamicMapper, on value: JSONValue) -> MapperRef?? {
        switch matcher.test {
        case .expectValue(let keyPath, let expected):
            if let actual = keyPath.evaluate(on: value, context: context), actual == expected { return .some(matcher.mapper) }
        case .expectType(let keyPath, let kind):
            if let actual = keyPath.evaluate(on: value, context: context), actual.kind == kind { return .some(matcher.mapper) }
        case .valueMap(let keyPath, let table):
            switch keyPath.evaluate(on: value, context: context) {
            case .string(let s)?:
                // The table's key by code units, as `expectValue` compares.
                if s.utf8.count <= matcher.longestKey, let i = table.index(forKey: s), JSONValue.sameText(table[i].key, s) {
                    return .some(table[i].value)
                }
            case .number(let n)?:
                if n.text.utf8.count <= matcher.longestKey, let ref = table[n.text] { return .some(ref) }
            default:
                break
            }
        case .predicate(let predicate):
            do {
                if try predicate.evaluate(value, context: context) { return .some(matcher.mapper) }
            } catch {
                // No answer is not "no match" said quietly (docs/spec.md §9): warn,
                // then try the next matcher as RestKit would after a false.
                warn(.matcherUndecided(predicate: predicate.source, problem: error.description), mapperID: dynamic.id)
            }
        }
        return nil
    }
}
