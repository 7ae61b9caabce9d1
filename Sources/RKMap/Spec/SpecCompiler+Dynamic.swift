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
