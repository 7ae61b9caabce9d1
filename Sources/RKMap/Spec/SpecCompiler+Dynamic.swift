/// Compiling dynamic mappers (docs/spec.md §3.3).
extension SpecCompiler {
    static let dynamicMapperFields = ["id", "dynamic", "matchers"]
    static let matcherFields = ["keyPath", "expectValue", "expectType", "valueMap", "predicate", "map-ref"]

    func compileDynamic(_ declaration: Declaration) -> Mapper? {
        let id = declaration.id
        let context = "in dynamic mapper '\(id)'"
        let f = fields(of: declaration.value, known: Self.dynamicMapperFields, context: context, mapperID: id)
        var matchers: [Matcher] = []
        if let m = f["matchers"] {
            switch m.value.kind {
            case .array(let elements):
                if elements.isEmpty { report(.emptyMatchers, at: m.value.location, mapperID: id) }
                for e in elements {
                    if let matcher = compileMatcher(e, mapperID: id) { matchers.append(matcher) }
                }
            case .null:
                report(.emptyMatchers, at: m.value.location, mapperID: id)
            default:
                wrongKind(m, expected: "an array of matcher objects", context: context, mapperID: id)
            }
        } else {
            report(.emptyMatchers, at: declaration.value.location, mapperID: id)
        }
        return .dynamic(DynamicMapper(id: id, matchers: matchers, location: declaration.value.location))
    }

    private func compileMatcher(_ value: SpecValue, mapperID: String) -> Matcher? {
        let context = "in a matcher of mapper '\(mapperID)'"
        guard case .object = value.kind else {
            report(.wrongKind(field: "matchers", context: "in dynamic mapper '\(mapperID)'", expected: "an array of matcher objects",
                              found: "an element that is \(value.kindDescription)"), at: value.location, mapperID: mapperID)
            return nil
        }
        let f = fields(of: value, known: Self.matcherFields, context: context, mapperID: mapperID)
        let tests = ["expectValue", "expectType", "valueMap", "predicate"].filter { f[$0] != nil }
        guard tests.count == 1, let testName = tests.first, let testMember = f[testName] else {
            report(.matcherNeedsOneTest, at: value.location, mapperID: mapperID)
            return nil
        }
        var mapper: MapperRef?
        var failed = false
        if let m = f["map-ref"] {
            mapper = resolve(m, mapperID: mapperID)
            failed = mapper == nil
        } else if testName != "valueMap" {
            report(.matcherNeedsMapper, at: value.location, mapperID: mapperID)
            failed = true
        }

        if testName == "predicate" {
            guard let text = string(testMember, context: context, mapperID: mapperID),
                  let predicate = compilePredicate(text, at: testMember.value.location, mapperID: mapperID),
                  !failed
            else { return nil }
            return Matcher(test: .predicate(predicate), mapper: mapper, location: value.location)
        }

        guard let keyPathMember = f["keyPath"], let keyPathText = string(keyPathMember, context: context, mapperID: mapperID) else {
            if f["keyPath"] == nil { report(.matcherNeedsKeyPath(test: testName), at: value.location, mapperID: mapperID) }
            return nil
        }
        guard let keyPath = self.keyPath(keyPathText, at: keyPathMember.value.location, mapperID: mapperID) else { return nil }

        let test: Matcher.Test
        switch testName {
        case "expectValue":
            test = .expectValue(keyPath, testMember.value.json)
        case "expectType":
            guard let text = string(testMember, context: context, mapperID: mapperID) else { return nil }
            guard let kind = JSONKind(rawValue: text) else {
                let names = JSONKind.allCases.map(\.rawValue)
                report(.unknownExpectType(text: text, suggestion: Suggestions.closest(to: text, in: names)),
                       at: testMember.value.location, mapperID: mapperID)
                return nil
            }
            test = .expectType(keyPath, kind)
        default:
            guard let map = compileValueMap(testMember, context: context, mapperID: mapperID) else { return nil }
            test = .valueMap(keyPath, map)
        }
        return failed ? nil : Matcher(test: test, mapper: mapper, location: value.location)
    }

    /// Warns of each matcher whose choice leads back, through dynamic
    /// mappers only, to the dynamic mapper it is in: an object it matches may
    /// be chosen for again and again (the engine stops and declines it,
    /// `MappingWarning.dynamicCycle`, at run time only). Once per cycle, at
    /// the matcher that closes it, in declaration order.
    func checkDynamicCycles() {
        var choices: [MapperRef: [(matcher: Matcher, to: MapperRef)]] = [:]
        for (ref, mapper) in compiled.enumerated() {
            guard case .dynamic(let d)? = mapper else { continue }
            var list: [(matcher: Matcher, to: MapperRef)] = []
            for matcher in d.matchers {
                var targets: [MapperRef] = []
                if case .valueMap(_, let map) = matcher.test { targets = map.keys.sorted().compactMap { map[$0] } }
                if let m = matcher.mapper { targets.append(m) }
                for t in targets {
                    if case .dynamic? = compiled[t], !list.contains(where: { $0.to == t && $0.matcher.location == matcher.location }) {
                        list.append((matcher, t))
                    }
                }
            }
            choices[ref] = list
        }
        guard !choices.values.allSatisfy(\.isEmpty) else { return }
        // Depth first, iteratively (a chain of 10,000 dynamic mappers).
        var state = [UInt8](repeating: 0, count: compiled.count)  // 0 new, 1 on the path, 2 done
        var reported: Set<SourceLocation> = []
        for start in choices.keys.sorted() where state[start] == 0 {
            var stack: [(ref: MapperRef, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let list = choices[top.ref] ?? []
                guard top.next < list.count else {
                    state[top.ref] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let (matcher, to) = list[top.next]
                switch state[to] {
                case 0:
                    state[to] = 1
                    stack.append((to, 0))
                case 1:
                    guard let from = stack.firstIndex(where: { $0.ref == to }) else { continue }
                    let path = stack[from...].map { compiled[$0.ref]!.id } + [compiled[to]!.id]
                    if reported.insert(matcher.location).inserted {
                        report(.dynamicCycle(path: path), at: matcher.location, mapperID: compiled[top.ref]!.id)
                    }
                default:
                    break
                }
            }
        }
    }

    /// `{"Boy": "boy", "Girl": "girl"}`: value at the key path → mapper id.
    private func compileValueMap(_ member: SpecMember, context: String, mapperID: String) -> [String: MapperRef]? {
        guard case .object(let members) = member.value.kind else {
            wrongKind(member, expected: "an object from value to mapper id", context: context, mapperID: mapperID)
            return nil
        }
        var map: [String: MapperRef] = [:]
        var ok = true
        for m in distinctMembers(members, context: "in valueMap", mapperID: mapperID) {
            guard case .string(let id) = m.value.kind else {
                report(.wrongKind(field: m.key, context: "in valueMap", expected: "a mapper id (a string)", found: m.value.kindDescription),
                       at: m.value.location, mapperID: mapperID)
                ok = false
                continue
            }
            if let ref = resolve(id: id, at: m.value.location, mapperID: mapperID) { map[m.key] = ref } else { ok = false }
        }
        return ok ? map : nil
    }
}
