/// Request mappers (`"inverse": false`, RestKit's `requestMapping`): applied
/// forward, with the record's fields as source key paths and the body's keys
/// as destinations.
extension Serializer {
    func forward(_ record: JSONObject, with ref: MapperRef, path: String) throws(SerializeFailure) -> (JSONValue, [Diagnostic]) {
        var fields = record
        fields["@type"] = nil
        // The engine reads a request mapper's record as a tree: an array
        // held as its records' text (`recordPlan`) is read back whole.
        for member in fields.members {
            if case .compact(let text) = member.value { fields[member.key] = text.expanded }
        }
        let value = JSONValue.object(fields)
        let collector = DiagnosticList()
        let mapper = DocumentMapper(engine: engine, document: value, inputName: "", diagnostics: collector)
        let roots: [FieldValue]
        do {
            roots = try mapper.mapContent(value, with: ref)
        } catch {
            throw SerializeFailure(error.message, path: path + String(error.path.dropFirst()), mapperID: error.mapperID, attribute: error.attribute)
        }
        // Warnings name the record's path, not the engine's stand-in document.
        let notes = collector.drain().map { d -> Diagnostic in
            var d = d
            if case .jsonPath(let p) = d.location { d.location = .jsonPath(path + String(p.dropFirst())) }
            return d
        }
        guard roots.count == 1, case .record(let body) = roots[0] else {
            throw SerializeFailure(
                "request mapper '\(graph.mappers[ref].id)' made \(roots.count) bodies from the record; it must make exactly one",
                path: path, mapperID: graph.mappers[ref].id)
        }
        return (try json(of: body, path: path), notes)
    }

    /// A record as a body: fields in slot order, dotted destinations nested,
    /// dates in their wire format; no `@type`.
    private func json(of record: Record, path: String) throws(SerializeFailure) -> JSONValue {
        var object = JSONObject()
        let mapper = record.mapper
        for (i, field) in record.fields.enumerated() {
            guard let field else { continue }
            let slot = mapper.slots[i]
            var value = try json(of: field, path: path)
            if slot.type == .date, case .string(let text) = value, let ms = dateReader.parse(text),
               let plan = refsByID[mapper.id].flatMap({ plans[$0] }) {
                do {
                    value = try plan.dates.write(epochMilliseconds: ms)
                } catch {
                    throw SerializeFailure(error.message(date: text),
                                           path: path + Self.member(slot.name), mapperID: mapper.id, attribute: slot.name)
                }
            }
            if slot.isPlainName { object[slot.name] = value } else { Self.set(&object, slot.path[...], value) }
        }
        return .object(object)
    }

    private func json(of field: FieldValue, path: String) throws(SerializeFailure) -> JSONValue {
        switch field {
        case .value(let v): return v
        case .record(let r): return try json(of: r, path: path)
        case .many(let list):
            var out: [JSONValue] = []
            for f in list { out.append(try json(of: f, path: path)) }
            return .array(out)
        }
    }
}
