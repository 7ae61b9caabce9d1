/// Inverse mappings (docs/spec.md §13): each `source → destination` becomes
/// `destination → source`, relationships recursively with their mapper's inverse.
extension Serializer {
    /// The body for `record` under the inverse of mapper `ref` (a dynamic
    /// mapper picks its member by the record's `@type`).
    ///
    /// Failures carry the path below the record (`.author.name`); callers
    /// prefix their own part, so nothing is spent on paths when all goes well.
    /// - Parameter chooser: the dynamic mapper (a descriptor's root) that
    ///   chose `ref`, whose discriminator the body gets (`ref` itself when dynamic).
    func invert(_ record: JSONObject, with ref: MapperRef, chooser: MapperRef? = nil) throws(SerializeFailure) -> JSONValue {
        try invertBody(record, with: ref, chooser: chooser).value
    }

    /// `invert`, with the paths of the body that hold `--nulls` fills (a
    /// relationship from the nil key path merges them as fills).
    private func invertBody(
        _ record: JSONObject, with ref: MapperRef, chooser: MapperRef? = nil
    ) throws(SerializeFailure) -> (value: JSONValue, fills: Set<[String]>) {
        let plan = try plan(for: record, ref: ref)
        var built = InverseBody()
        /// Writes into the body; two fields that disagree are the record's error.
        func place(_ keys: [String], _ value: JSONValue, field: String, fill: Bool = false) throws(SerializeFailure) {
            do {
                try built.place(keys, value, field: field, fill: fill)
            } catch {
                let shown = { (v: JSONValue) in
                    if case .object = v { return "an object" }
                    return JSONWriter.serialize(v, pretty: false)
                }
                throw SerializeFailure(
                    "'\(error.later)' and '\(error.earlier)' both write the body's '\(error.keys.joined(separator: "."))', "
                        + "\(shown(error.value)) and \(shown(error.existing)), and a body holds one value; "
                        + "leave one of them out of the record, or give both the same value",
                    path: Self.member(error.later), mapperID: plan.mapperID, attribute: error.later)
            }
        }
        var whole: JSONValue?
        for step in plan.steps {
            let found = Self.lookup(record, step.field)
            if let target = step.target {
                // Absent relationships stay absent.
                guard let value = found.flatMap({ plan.related($0, at: step.field) }) else { continue }
                let written: JSONValue
                var fills: Set<[String]> = []
                do {
                    if step.keys.isEmpty, case .object(let o) = value {
                        (written, fills) = try invertBody(o, with: target)
                    } else {
                        written = try relationship(value, target: target, step: step, plan: plan)
                    }
                } catch {
                    throw error.below(Self.member(step.fieldName))
                }
                if step.keys.isEmpty {
                    // Nil key path: the related record's members belong to this object.
                    switch written {
                    case .null: continue
                    case .object(let o):
                        // Leaf by leaf: a fill at any depth stays a fill.
                        for (keys, leaf) in InverseBody.leaves(of: o) {
                            try place(keys, leaf, field: step.fieldName, fill: fills.contains(keys))
                        }
                    default:
                        throw SerializeFailure(
                            "relationship '\(step.fieldName)' maps the nil key path, so its record's body must be an object to merge; found \(Self.describe(written))",
                            path: Self.member(step.fieldName), mapperID: plan.mapperID, attribute: step.fieldName)
                    }
                } else {
                    try place(step.keys, written, field: step.fieldName)
                }
                continue
            }
            guard var value = found ?? (options.nulls ? .null : nil) else { continue }
            if step.isDate, value != .null {
                value = try wireDate(value, plan: plan, step: step)
            }
            if step.keys.isEmpty {
                whole = value
            } else {
                try place(step.keys, value, field: step.fieldName, fill: found == nil)
            }
        }
        // A dynamic mapper's discriminator (`type`: `"Boy"`), unless a field
        // wrote it: without it the body would not be chosen again.
        // A fill (`--nulls`) is no value: the discriminator replaces it.
        let dynamic: MapperRef? = if case .dynamic = graph.mappers[ref] { ref } else { chooser }
        if let dynamic, let member = refsByID[plan.mapperID], let (keys, value) = discriminators[dynamic]?[member],
           Self.lookup(built.object, keys) == nil || built.fills.contains(keys) {
            try place(keys, value, field: "@type")
        }
        var body = built.object
        var result: JSONValue = .object(body)
        if let whole {
            // An attribute from the nil key path is the whole representation.
            if body.isEmpty {
                result = whole
            } else if case .object(let o) = whole {
                for m in o.members { Self.set(&body, [m.key][...], m.value) }
                result = .object(body)
            } else {
                throw SerializeFailure(
                    "the mapper maps the nil key path to a \(Self.describe(whole)) and other keys too; a body cannot be both",
                    path: "", mapperID: plan.mapperID)
            }
        }
        if let keyField = plan.keyField {
            // The key attribute becomes the key again (§5.3).
            let key: String
            switch Self.lookup(record, keyField) {
            case .string(let s)?: key = s
            case .number(let n)?: key = n.text
            case let other:
                let found = other.map { "holds \(Self.describe($0))" } ?? "is absent"
                throw SerializeFailure(
                    "key attribute '\(plan.keyName ?? "")' \(found); it is the body's key, so it must be a string or a number",
                    path: "", mapperID: plan.mapperID, attribute: plan.keyName)
            }
            return (.object(JSONObject([(key, result)])), [])
        }
        return (result, built.fills)
    }

    /// The inverse plan for `record` under mapper `ref`.
    func plan(for record: JSONObject, ref: MapperRef) throws(SerializeFailure) -> InversePlan {
        if let plan = plans[ref] { return plan }
        // A dynamic mapper: the member whose target is the record's @type.
        let id = graph.mappers[ref].id
        let (members, byType) = choices[ref] ?? (MapperInversion.members(of: ref, mappers: graph.mappers), [:])
        guard case .string(let type)? = record["@type"] else {
            throw SerializeFailure(
                "dynamic mapper '\(id)' needs the record's @type to choose among \(members.map { "'\($0.typeName)'" }.joined(separator: ", ")); the record has none",
                path: "", mapperID: id)
        }
        guard let memberRef = byType[type], let plan = plans[memberRef] else {
            throw SerializeFailure(
                "dynamic mapper '\(id)' has no member with target '\(type)' (it chooses \(members.map { "'\($0.typeName)'" }.joined(separator: ", ")))",
                path: "", mapperID: id)
        }
        return plan
    }

    private func relationship(_ value: JSONValue, target: MapperRef, step: InversePlan.Step, plan: InversePlan) throws(SerializeFailure) -> JSONValue {
        switch value {
        case .null:
            return .null
        case .object(let o):
            return try invert(o, with: target)
        case .array(let elements):
            return try relationships(elements.count, { elements[$0] }, holding: false, target: target, step: step, plan: plan)
        case .compact(let held) where held.elements != nil:
            // A large array held as its records' text (`recordPlan`).
            return try relationships(held.heldCount, held.element(at:), holding: true, target: target, step: step, plan: plan)
        case .compact(let text):
            return try relationship(text.expanded, target: target, step: step, plan: plan)
        default:
            throw SerializeFailure(
                "relationship '\(step.fieldName)' holds \(Self.describe(value)); expected a record (an object) or an array of records",
                path: "", mapperID: plan.mapperID, attribute: step.fieldName)
        }
    }

    /// The bodies of a to-many relationship's `count` records, `element(i)`
    /// the `i`th: an array of them, or one dictionary for a `keyAttribute`
    /// mapper. With `holding` (the records are a held array's, read back one
    /// at a time), the array is held as its bodies' compact text, each
    /// written there as it is made: a relationship of 180,000 records then
    /// never holds their tree nor their bodies' (the output writes the text).
    private func relationships(
        _ count: Int, _ element: (Int) -> JSONValue, holding: Bool, target: MapperRef, step: InversePlan.Step, plan: InversePlan
    ) throws(SerializeFailure) -> JSONValue {
        func body(_ i: Int) throws(SerializeFailure) -> JSONValue {
            do {
                return try relationship(element(i), target: target, step: step, plan: plan)
            } catch {
                throw error.below("[\(i)]")
            }
        }
        let keyed: Bool = if case .object(let m) = graph.mappers[target], m.keyAttributeSlot != nil { true } else { false }
        if holding, !keyed {
            var text = HeldArrayBuilder()
            for i in 0..<count { text.append(try body(i)) }
            return .compact(text.finish(plan: .everything))
        }
        var out: [JSONValue] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(try body(i)) }
        // A keyAttribute mapper's records are one dictionary again (forceCollection).
        if keyed, case .object(let m) = graph.mappers[target] {
            var merged = JSONObject()
            for (i, element) in out.enumerated() {
                guard case .object(let o) = element else { continue }
                for member in o.members {
                    // Two records with one key: a dictionary holds one of them.
                    if let earlier = merged[member.key], earlier != member.value {
                        throw SerializeFailure(
                            "records \(out.firstIndex { if case .object(let x) = $0 { x[member.key] != nil } else { false } } ?? 0) and \(i) "
                                + "of '\(step.fieldName)' have the same key '\(member.key)' (their keyAttribute '\(m.slots[m.keyAttributeSlot!].name)'), "
                                + "and the body is a dictionary with one member per key",
                            path: "[\(i)]", mapperID: m.id, attribute: m.slots[m.keyAttributeSlot!].name)
                    }
                    merged[member.key] = member.value
                }
            }
            return .object(merged)
        }
        return .array(out)
    }

    /// A date field in its wire format (§13).
    private func wireDate(_ value: JSONValue, plan: InversePlan, step: InversePlan.Step) throws(SerializeFailure) -> JSONValue {
        guard case .string(let text) = value, let ms = dateReader.parse(text) else {
            throw SerializeFailure(
                "'\(step.fieldName)' is declared a date but holds \(Self.describe(value))\(Self.quoted(value)), which is not an ISO 8601 date",
                path: Self.member(step.fieldName), mapperID: plan.mapperID, attribute: step.fieldName)
        }
        do {
            return try plan.dates.write(epochMilliseconds: ms)
        } catch {
            throw SerializeFailure(
                error.message(date: text), path: Self.member(step.fieldName), mapperID: plan.mapperID, attribute: step.fieldName)
        }
    }

    private static func quoted(_ value: JSONValue) -> String {
        if case .string(let s) = value { return " '\(s)'" }
        return ""
    }

    // MARK: Nested members

    /// The value at a destination path in a record (`address.city` is nested).
    static func lookup(_ record: JSONObject, _ field: [String]) -> JSONValue? {
        guard let first = field.first, let value = record[first] else { return nil }
        if field.count == 1 { return value }
        guard case .object(let inner) = value else { return nil }
        return lookup(inner, Array(field.dropFirst()))
    }

    /// Writes `value` at `keys` in `object`, creating (or reusing) nested objects.
    /// A nested object is changed in place: `object` holds `null` there
    /// meanwhile (its place kept), where changing it while `object` still
    /// held it copied it at every write (40,000 fields under one key took 27 s).
    static func set(_ object: inout JSONObject, _ keys: ArraySlice<String>, _ value: JSONValue) {
        let key = keys.first!
        guard keys.count > 1 else { object[key] = value; return }
        var child: JSONObject
        if case .object(let o)? = object[key] {
            child = o
            object[key] = .null
        } else {
            child = JSONObject()
        }
        set(&child, keys.dropFirst(), value)
        object[key] = .object(child)
    }

    /// `.name`, or `["odd.name"]` when the name is not a plain identifier.
    static func member(_ name: String) -> String {
        String(DocumentPath.render([.key(name)]).dropFirst())
    }
}
