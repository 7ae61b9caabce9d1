/// Request mappers (`"inverse": false`, RestKit's `requestMapping`): applied
/// forward, with the record's fields as source key paths and the body's keys
/// as destinations.
extension Serializer {
    func forward(_ record: JSONObject, with ref: MapperRef, path: String) throws(SerializeFailure) -> (JSONValue, [Diagnostic]) {
        var fields = record
        fields["@type"] = nil
        // An array held as its elements' text (`recordPlan`) stays so where
        // the request mapper only copies it (an untyped attribute:
        // `verbatim`) or maps it by a relationship (`elements`), as `apply`
        // maps a held array: a 12 MB array copied into the body took 7–11×
        // its size as a tree (21× into a form body). Anything else reads it
        // as a tree, as does a mapper reading `@root` or `@parent` (the
        // record is the engine's document) or ignoring case.
        var reads: JSONProjection?
        for member in fields.members {
            guard case .compact(let text) = member.value else { continue }
            if reads == nil {
                reads = graph.readsAnywhere || graph.options.caseInsensitiveKeys ? .everything : graph.heldProjection(ofRepresentationOf: ref)
            }
            if case .members(let named)? = reads {
                switch named[member.key] ?? .nothing {
                case .nothing, .verbatim, .elements: continue
                default: break
                }
            }
            fields[member.key] = text.expanded
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
            // Many bodies (a relationship of a held array's records) are
            // held as their compact text, each written there as it is made,
            // as the inverse path holds them: the tree of 170,000 entries
            // took 3.9× a 12 MB record. Held from a sixteenth of the
            // holding threshold's bytes in bodies (a body of a member or
            // two is about 16 bytes of text), as a held array is from its bytes.
            if !list.isEmpty, list.count * 16 >= options.holdingArraysFrom {
                var text = HeldArrayBuilder()
                for f in list { text.append(try json(of: f, path: path)) }
                return .compact(text.finish(plan: .everything))
            }
            var out: [JSONValue] = []
            for f in list { out.append(try json(of: f, path: path)) }
            return .array(out)
        }
    }
}
