/// Writing the inferred mappers as a spec (docs/spec.md §15): names are given
/// here, once merging is done, so a merged-away place leaves no gap in them.
extension InferBuilder {
    /// The spec as canonical text, as `rkmap fmt` writes it.
    /// - Parameter comment: a note for the reader, the spec's first member.
    mutating func specText(
        descriptors: [(keyPath: [String], mapper: Int)], rootName: String?, rootMapper: Int, comment: String? = nil
    ) -> String {
        let names = assignNames(rootName: rootName, rootMapper: resolve(rootMapper))
        var mapperValues: [JSONValue] = []
        for index in mappers.indices where mappers[index].mergedInto == nil {
            mapperValues.append(mapperJSON(index, names: names))
        }
        let descriptorValues: [JSONValue] = descriptors.map { d in
            var members: [(String, JSONValue)] = []
            if !d.keyPath.isEmpty {
                members.append(("keyPath", .string(d.keyPath.map(InferNaming.sourceKey).joined(separator: "."))))
            }
            members.append(("root-map-ref", .string(names.ids[resolve(d.mapper)]!)))
            return .object(JSONObject(members))
        }
        var top: [(String, JSONValue)] = []
        if let comment { top.append(("comment", .string(comment))) }
        if !dateFormats.isEmpty { top.append(("dateFormats", .array(dateFormats.map { .string($0) }))) }
        if descriptorValues.count == 1, case .object(let only) = descriptorValues[0] {
            for member in only.members { top.append((member.key, member.value)) }
        } else {
            top.append(("descriptors", .array(descriptorValues)))
        }
        top.append(("mappers", .array(mapperValues)))
        let raw = Array(JSONWriter.serialize(.object(JSONObject(top)), pretty: false).utf8)
        // The formatter is the one definition of canonical; infer's output is
        // fmt's, formatted from the strict JSON's bytes (a tree of a large
        // spec would cost four times its text).
        var text: [UInt8] = []
        text.reserveCapacity(raw.count * 2)
        try? SpecFormatter.formatStrict(raw) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Type names (singular PascalCase of where a mapper was met) and mapper ids,
    /// unique ignoring case, in mapper order.
    func assignNames(rootName: String?, rootMapper: Int) -> (types: [Int: String], ids: [Int: String]) {
        var types: [Int: String] = [:]
        var ids: [Int: String] = [:]
        var typeNames = UniqueNames()
        var mapperIDs = UniqueNames()
        for index in mappers.indices where mappers[index].mergedInto == nil {
            let mapper = mappers[index]
            if case .dynamic(let key, _) = mapper.kind {
                let base = InferNaming.mapperID(forType: InferNaming.typeName(fromKey: mapper.nameHint))
                ids[index] = mapperIDs.unique(base + "By" + InferNaming.typeName(fromKey: key))
                continue
            }
            if case .byKind = mapper.kind {
                let base = InferNaming.mapperID(forType: InferNaming.typeName(fromKey: mapper.nameHint))
                ids[index] = mapperIDs.unique(base + "ByKind")
                continue
            }
            var type = InferNaming.typeName(fromKey: mapper.nameHint)
            if index == rootMapper, let rootName { type = rootName }
            type = typeNames.unique(type)
            types[index] = type
            ids[index] = mapperIDs.unique(InferNaming.mapperID(forType: type))
        }
        return (types, ids)
    }

    mutating func mapperJSON(_ index: Int, names: (types: [Int: String], ids: [Int: String])) -> JSONValue {
        let mapper = mappers[index]
        var members: [(String, JSONValue)] = [("id", .string(names.ids[index]!))]
        switch mapper.kind {
        case .dynamic(let key, let choices):
            members.append(("dynamic", .bool(true)))
            members.append(("matchers", .array(choices.map { choice in
                .object(JSONObject([
                    ("keyPath", .string(InferNaming.sourceKey(key))),
                    ("expectValue", .string(choice.value)),
                    ("map-ref", .string(names.ids[resolve(choice.mapper)]!)),
                ]))
            })))
            return .object(JSONObject(members))
        case .byKind(let object, let scalar, let kinds):
            members.append(("dynamic", .bool(true)))
            let choices = [(JSONKind.object, object)] + kinds.map { ($0, scalar) }
            members.append(("matchers", .array(choices.map { kind, mapper in
                .object(JSONObject([
                    ("keyPath", .string("")),
                    ("expectType", .string(kind.rawValue)),
                    ("map-ref", .string(names.ids[resolve(mapper)]!)),
                ]))
            })))
            return .object(JSONObject(members))
        case .scalar(let values):
            members.append(("target", .string(names.types[index]!)))
            members.append(("attributes", .object(JSONObject([("", .string("value"))]))))
            if let type = typeEntry(values) { members.append(("types", .object(JSONObject([("value", type)])))) }
            return .object(JSONObject(members))
        case .object:
            break
        }
        let type = names.types[index]!
        members.append(("target", .string(type)))
        var taken = Set<String>()
        if let key = mapper.keyAttribute { taken.insert(key.lowercased()) }
        var attributes: [(String, JSONValue)] = []
        var relationships: [JSONValue] = []
        var types: [(String, JSONValue)] = []
        var destinations: [String] = []
        for field in mapper.fields {
            let destination = InferNaming.unique(InferNaming.destination(fromKey: field.key), in: &taken)
            let source = InferNaming.sourceKey(field.key)
            switch field.kind {
            case .attribute(let values):
                attributes.append((source, .string(destination)))
                destinations.append(destination)
                if let entry = typeEntry(values) { types.append((destination, entry)) }
            case .relationship(let child, let many):
                var r: [(String, JSONValue)] = [("from", .string(source)), ("to", .string(destination)),
                                                ("map-ref", .string(names.ids[resolve(child)]!))]
                // Declared either way: a to-one source that later holds an
                // array is then a mapping warning `check` reports (§3.2),
                // not a silent to-many relationship.
                r.append(("many", .bool(many)))
                relationships.append(.object(JSONObject(r)))
            }
        }
        if entity, let identity = identification(destinations, type: type) {
            members.append(("entity", .bool(true)))
            members.append(("identification", .string(identity)))
        }
        if let key = mapper.keyAttribute {
            members.append(("keyAttribute", .string(key)))
            members.append(("forceCollection", .bool(true)))
        }
        if !attributes.isEmpty { members.append(("attributes", .object(JSONObject(attributes)))) }
        if !relationships.isEmpty { members.append(("relationships", .array(relationships))) }
        if !types.isEmpty { members.append(("types", .object(JSONObject(types)))) }
        return .object(JSONObject(members))
    }

    /// `--entity`: the first of `id`, `<type>Id`, `uuid`, `key` among the attributes.
    func identification(_ destinations: [String], type: String) -> String? {
        let candidates = ["id", InferNaming.mapperID(forType: type) + "Id", "uuid", "key"]
        return candidates.first { destinations.contains($0) }
    }

    /// The `types` entry the values call for, noting a date format it needs.
    mutating func typeEntry(_ values: [JSONValue]) -> JSONValue? {
        let scalars = values.filter { v in
            switch v {
            case .null: return false
            default: return true
            }
        }
        switch InferValueType.guess(scalars) {
        case .untyped: return nil
        case .type(let t): return .string(t.rawValue)
        case .dateWithFormat(let format):
            if !dateFormats.contains(format) { dateFormats.append(format) }
            return .string(ValueType.date.rawValue)
        }
    }
}
