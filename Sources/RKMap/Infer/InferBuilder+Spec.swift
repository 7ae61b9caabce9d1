/// Writing the inferred mappers as a spec (docs/spec.md §15): names are given
/// here, once merging is done, so a merged-away place leaves no gap in them.
extension InferBuilder {
    /// Makes what writing the spec needs and changes nothing after: the
    /// mappers' names, and the date formats their types call for, which
    /// come first in the spec (the types are guessed here, in the order the
    /// mappers are written).
    mutating func prepareSpec(rootName: String?, rootMapper: Int) -> InferNames {
        let names = assignNames(rootName: rootName, rootMapper: resolve(rootMapper))
        // Destinations in the order the mappers are written, each spelled
        // as the spec already spells its text (its keys were all met).
        for index in mappers.indices where mappers[index].mergedInto == nil {
            guard case .object = mappers[index].kind else { continue }
            if let key = mappers[index].keyAttribute { mappers[index].keyAttribute = spellings.spelling(of: spellings.existing(key)) }
            destinations[index] = InferDestinations(mappers[index].fields, keyAttribute: mappers[index].keyAttribute, spellings: &spellings)
        }
        for index in mappers.indices where mappers[index].mergedInto == nil {
            switch mappers[index].kind {
            case .scalar(let values): noteDateFormat(values)
            case .object:
                for field in mappers[index].fields {
                    if field.isAttribute { noteDateFormat(pool.values(of: field).all) }
                }
            case .dynamic, .byKind: break
            }
        }
        return names
    }

    /// The spec as strict compact JSON, in canonical member order: what
    /// `SpecFormatter.formatStrict` makes the canonical text of, as
    /// `rkmap fmt` writes it (`InferredSpec.text`, `writeText`).
    ///
    /// Written as bytes, not built as a tree: a sample object of many
    /// members makes a mapper of as many attributes, and the tree of its
    /// spec cost about four times that spec's text. The bytes go to `spill`
    /// as the writer's buffer fills: to a `CompactSpecLayout` as they come
    /// (`InferredSpec.writeText`), so that the text is never whole.
    /// - Parameters:
    ///   - names: from `prepareSpec`, called first.
    ///   - comment: a note for the reader, the spec's first member.
    func writeSpec(
        descriptors: [(keyPath: [String], mapper: Int)], names: InferNames, comment: String?, into spill: SpilledBytes
    ) {
        var out = JSONWriter(pretty: false, buffer: OutputBuffer(capacity: 4096), spill: spill)
        out.append(JSONByte.openBrace)
        var first = true
        func key(_ name: String, _ out: inout JSONWriter) {
            if !first { out.append(JSONByte.comma) }
            first = false
            out.writeKey(name)
        }
        if let comment {
            key("comment", &out)
            out.writeString(comment)
        }
        if !dateFormats.isEmpty {
            key("dateFormats", &out)
            out.write(.array(dateFormats.map { .string($0) }))
        }
        if dateFormats.contains(InferValueType.rfc1123) {
            // `serialize` writes the samples' `GMT` back, not `UTC`; the
            // same instants as UTC for every other format.
            key("timeZone", &out)
            out.writeString("GMT")
        }
        let descriptorValues: [JSONValue] = descriptors.map { d in
            var members: [(String, JSONValue)] = []
            if !d.keyPath.isEmpty {
                members.append(("keyPath", .string(d.keyPath.map(InferNaming.sourceKey).joined(separator: "."))))
            }
            members.append(("root-map-ref", .string(names.ids[resolve(d.mapper)]!)))
            return .object(JSONObject(members))
        }
        if descriptorValues.count == 1, case .object(let only) = descriptorValues[0] {
            for member in only.members {
                key(member.key, &out)
                out.write(member.value)
            }
        } else {
            key("descriptors", &out)
            out.write(.array(descriptorValues))
        }
        key("mappers", &out)
        out.append(JSONByte.openBracket)
        var firstMapper = true
        for index in mappers.indices where mappers[index].mergedInto == nil {
            if !firstMapper { out.append(JSONByte.comma) }
            firstMapper = false
            writeMapper(index, names: names, into: &out)
            out.spillIfFull()
        }
        out.append(JSONByte.closeBracket)
        out.append(JSONByte.closeBrace)
        out.moveToSpill()
    }

    /// Type names (singular PascalCase of where a mapper was met) and mapper ids,
    /// unique ignoring case, in mapper order.
    func assignNames(rootName: String?, rootMapper: Int) -> InferNames {
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
        return InferNames(types: types, ids: ids)
    }

    /// Writes mapper `index` as spec JSON: small kinds as a value, an object
    /// mapper member by member (it may have as many attributes as a sample
    /// object has members).
    func writeMapper(_ index: Int, names: InferNames, into out: inout JSONWriter) {
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
            out.write(.object(JSONObject(members)))
            return
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
            out.write(.object(JSONObject(members)))
            return
        case .scalar(let values):
            members.append(("target", .string(names.types[index]!)))
            members.append(("attributes", .object(JSONObject([("", .string("value"))]))))
            if let type = Self.typeGuess(values).entry { members.append(("types", .object(JSONObject([("value", type)])))) }
            out.write(.object(JSONObject(members)))
            return
        case .object:
            break
        }
        let type = names.types[index]!
        // Each field's destination, unique ignoring case (a relationship's
        // too), before anything is written: identification is chosen among
        // the attributes' destinations, and written before them.
        let destinations = self.destinations[index]!
        var hasAttributes = false, hasRelationships = false
        for field in mapper.fields {
            if field.isAttribute { hasAttributes = true } else { hasRelationships = true }
        }
        out.append(JSONByte.openBrace)
        out.writeKey("id")
        out.writeString(names.ids[index]!)
        func member(_ name: String, _ value: JSONValue, _ out: inout JSONWriter) {
            out.append(JSONByte.comma)
            out.writeKey(name)
            out.write(value)
        }
        member("target", .string(type), &out)
        if entity, let identity = identification(mapper.fields, destinations, type: type) {
            member("entity", .bool(true), &out)
            member("identification", .string(identity), &out)
        }
        if let key = mapper.keyAttribute {
            member("keyAttribute", .string(key), &out)
            member("forceCollection", .bool(true), &out)
        }
        if hasAttributes {
            out.append(JSONByte.comma)
            out.writeKey("attributes")
            out.append(JSONByte.openBrace)
            var first = true
            for (position, field) in mapper.fields.enumerated() {
                guard field.isAttribute else { continue }
                let destination = destinations.destination(position, key: field.key)
                if !first { out.append(JSONByte.comma) }
                first = false
                out.writeKey(InferNaming.sourceKey(field.key))
                out.writeString(destination)
                out.spillIfFull()
            }
            out.append(JSONByte.closeBrace)
        }
        if hasRelationships {
            out.append(JSONByte.comma)
            out.writeKey("relationships")
            out.append(JSONByte.openBracket)
            var first = true
            for (position, field) in mapper.fields.enumerated() {
                guard case .relationship(let child, let many) = field.role else { continue }
                let destination = destinations.destination(position, key: field.key)
                if !first { out.append(JSONByte.comma) }
                first = false
                // Declared either way: a to-one source that later holds an
                // array is then a mapping warning `check` reports (§3.2),
                // not a silent to-many relationship.
                out.write(.object(JSONObject([
                    ("from", .string(InferNaming.sourceKey(field.key))), ("to", .string(destination)),
                    ("map-ref", .string(names.ids[resolve(child)]!)), ("many", .bool(many)),
                ])))
                out.spillIfFull()
            }
            out.append(JSONByte.closeBracket)
        }
        var typed = false
        for (position, field) in mapper.fields.enumerated() {
            guard field.isAttribute, let entry = Self.typeGuess(pool.values(of: field).all).entry else { continue }
            let destination = destinations.destination(position, key: field.key)
            // A comma before the member, then before each later entry; the
            // first entry opens the member.
            out.append(JSONByte.comma)
            if !typed {
                out.writeKey("types")
                out.append(JSONByte.openBrace)
                typed = true
            }
            out.writeKey(destination)
            out.write(entry)
            out.spillIfFull()
        }
        if typed { out.append(JSONByte.closeBrace) }
        out.append(JSONByte.closeBrace)
    }

    /// `--entity`: the first of `id`, `<type>Id`, `uuid`, `key` among the
    /// attributes' destinations.
    func identification(_ fields: [InferField], _ destinations: InferDestinations, type: String) -> String? {
        let candidates = ["id", InferNaming.mapperID(forType: type) + "Id", "uuid", "key"]
        var best = candidates.count
        for (position, field) in fields.enumerated() {
            guard field.isAttribute else { continue }
            let destination = destinations.destination(position, key: field.key)
            if let found = candidates.prefix(best).firstIndex(of: destination) { best = found }
            if best == 0 { break }
        }
        return best < candidates.count ? candidates[best] : nil
    }

    /// Notes the date format `values` call for, if any (`dateFormats`).
    mutating func noteDateFormat(_ values: [JSONValue]) {
        if let format = Self.typeGuess(values).dateFormat, !dateFormats.contains(format) { dateFormats.append(format) }
    }

    /// The `types` entry the values call for, and the date format it needs.
    static func typeGuess(_ values: [JSONValue]) -> (entry: JSONValue?, dateFormat: String?) {
        let scalars = values.filter { v in
            switch v {
            case .null: return false
            default: return true
            }
        }
        switch InferValueType.guess(scalars) {
        case .untyped: return (nil, nil)
        case .type(let t): return (.string(t.rawValue), nil)
        case .dateWithFormat(let format): return (.string(ValueType.date.rawValue), format)
        }
    }
}

/// The names `infer` gives its mappers: type names and mapper ids, by mapper.
struct InferNames {
    var types: [Int: String] = [:]
    var ids: [Int: String] = [:]
}
