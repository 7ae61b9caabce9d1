/// Fields of a record that its mapper does not map (docs/spec.md §13): the
/// inverse mapping has no place for them in the body, so they are left out,
/// with a warning rather than quietly (`{"@type": "User", "nme": "x"}` gave
/// `{}`).
extension Serializer {
    /// One warning per field no destination of its record's mapper names,
    /// at its path below `path`, with the closest destination.
    func unknownFields(of record: JSONObject, with ref: MapperRef, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        visit(record, ref: ref, path: path, into: &found)
        return found
    }

    private func visit(_ record: JSONObject, ref: MapperRef, path: String, into found: inout [Diagnostic]) {
        guard let mapper = objectMapper(for: record, ref: ref) else { return }
        visit(record, prefix: [], mapper: mapper, path: path, into: &found)
    }

    /// The object mapper that inverts `record` under `ref` (a dynamic one's
    /// member by the record's `@type`); nil when none does (`invert` failed
    /// on it already, or it is not reached).
    private func objectMapper(for record: JSONObject, ref: MapperRef) -> ObjectMapper? {
        switch graph.mappers[ref] {
        case .object(let m): return m
        case .dynamic:
            guard case .string(let type)? = record["@type"] else { return nil }
            return MapperInversion.members(of: ref, mappers: graph.mappers).first { $0.typeName == type }
        }
    }

    private func visit(_ object: JSONObject, prefix: [String], mapper: ObjectMapper, path: String, into found: inout [Diagnostic]) {
        for member in object.members where !(prefix.isEmpty && member.key == "@type") {
            let field = prefix + [member.key]
            let here = path + DocumentPath.render([.key(member.key)]).dropFirst()
            if let slot = mapper.slots.first(where: { $0.path == field }) {
                // A related record (or records): its own mapper's fields.
                guard case .relationship(let info) = slot.kind else { continue }
                switch member.value {
                case .object(let related): visit(related, ref: info.mapper, path: here, into: &found)
                case .array(let elements):
                    for (i, element) in elements.enumerated() {
                        if case .object(let related) = element { visit(related, ref: info.mapper, path: here + "[\(i)]", into: &found) }
                    }
                default: break
                }
                continue
            }
            if case .object(let inner) = member.value, mapper.slots.contains(where: { $0.path.count > field.count && Array($0.path.prefix(field.count)) == field }) {
                visit(inner, prefix: field, mapper: mapper, path: here, into: &found)
                continue
            }
            let name = field.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: ".")
            var message = "field '\(name)' is not mapped by mapper '\(mapper.id)', so the body leaves it out"
            if let suggestion = Suggestions.closest(to: name, in: mapper.slots.map(\.name)) { message += "; did you mean '\(suggestion)'?" }
            found.append(Diagnostic(.warning, message, file: "", location: .jsonPath(here), mapperID: mapper.id, code: .notWritable))
        }
    }
}
