/// Compiling object mappers (docs/spec.md §3.1): slots in field order, identification,
/// types, defaults and validations.
extension SpecCompiler {
    static let objectMapperFields = [
        "id", "target", "targetName", "entity", "identification", "modificationAttribute", "connections",
        "attributes", "relationships", "keyAttribute", "forceCollection", "types", "dateFormats", "defaults",
        "assignsDefaultValueForMissingAttributes", "assignsNilForMissingRelationships", "validations", "dynamic",
        "numericDates",
    ]

    func compileObject(_ declaration: Declaration, ref: MapperRef) -> Mapper? {
        let id = declaration.id
        let context = "in mapper '\(id)'"
        let f = fields(of: declaration.value, known: Self.objectMapperFields, context: context, mapperID: id)
        var build = MapperBuild(id: id, context: context)
        for key in ["target", "targetName"] { if let m = f[key] { _ = string(m, context: context, mapperID: id) } }
        if let target = f["target"], let targetName = f["targetName"] {
            let (first, last) = target.keyLocation < targetName.keyLocation ? (target, targetName) : (targetName, target)
            report(.duplicateSpelling(field: last.key, other: first.key, context: context), at: last.keyLocation, mapperID: id)
        }

        // Field order (docs/spec.md §5.1): key attribute, attributes, relationships, connections.
        var keyAttributeSlot: Int?
        if let m = f["keyAttribute"], let name = string(m, context: context, mapperID: id),
           let path = destinationPath(name, at: m.value.location, mapperID: id) {
            build.keyAttribute = name
            keyAttributeSlot = build.table.slot(for: path, kind: .keyAttribute)
            build.writers[path] = "the keyAttribute (the object's key)"
        }
        if let m = f["attributes"] { compileAttributes(m, into: &build) }
        if let m = f["relationships"] { compileRelationships(m, into: &build) }
        if let m = f["connections"] { compileConnections(m, into: &build) }
        // Judged on what is written, not on what compiled, so that an error in
        // the one relationship does not also report "maps nothing".
        if f["keyAttribute"] == nil, Self.isEmptyMapping(f["attributes"]), Self.isEmptyMapping(f["relationships"]) {
            reportMapsNothing(declaration, fields: f)
        }

        let isEntity = bool(f["entity"], context: context, mapperID: id) ?? false
        if let m = f["types"] { compileTypes(m, build: &build) }
        var defaults: [Int: JSONValue] = [:]
        if let m = f["defaults"] { defaults = compileDefaults(m, build: build) }

        var identification: [Int] = []
        if let m = f["identification"] {
            for name in stringList(m, context: context, mapperID: id) ?? [] {
                if let slot = destinationSlot(name, field: "identification", at: m.value, build: build) { identification.append(slot) }
            }
        } else if isEntity {
            identification = inferredIdentification(typeName: declaration.typeName, table: build.table)
            // (A mapper that maps nothing is an error already.)
            if identification.isEmpty, !build.table.slots.isEmpty, let m = f["entity"] {
                // Without identity every record is new: SQLite inserts a row
                // each time, and nothing merges (docs/spec.md §7).
                report(.entityWithoutIdentification(candidates: Self.identificationCandidates(typeName: declaration.typeName)),
                       at: m.keyLocation, mapperID: id)
            }
        }
        if !isEntity, let m = f["identification"] {
            // docs/spec.md §7: identity (SQLite upserts, connections) is an entity's.
            report(.identificationWithoutEntity, at: m.keyLocation, mapperID: id)
            identification = []
        }

        var modificationSlot: Int?
        if let m = f["modificationAttribute"], let name = string(m, context: context, mapperID: id) {
            modificationSlot = destinationSlot(name, field: "modificationAttribute", at: m.value, build: build)
        }
        let validations = f["validations"].map { compileValidations($0, build: build) } ?? []
        let dateFormats = f["dateFormats"].map { dateFormatList($0, context: context, mapperID: id) } ?? []
        let numericDates = f["numericDates"].flatMap { self.numericDates($0, mapperID: id) }

        return .object(ObjectMapper(
            id: id, typeName: declaration.typeName, isEntity: isEntity, identification: identification,
            modificationSlot: modificationSlot, slots: build.table.slots.fitted(), keyAttributeSlot: keyAttributeSlot,
            forceCollection: bool(f["forceCollection"], context: context, mapperID: id) ?? false,
            properties: build.properties, connections: build.connections, defaults: defaults,
            assignsDefaultValueForMissingAttributes: bool(f["assignsDefaultValueForMissingAttributes"], context: context, mapperID: id) ?? false,
            assignsNilForMissingRelationships: bool(f["assignsNilForMissingRelationships"], context: context, mapperID: id) ?? false,
            validations: validations, dateFormats: dateFormats, numericDates: numericDates, location: declaration.value.location))
    }

    /// A mapper that maps nothing would turn into one warning per record
    /// (docs/spec.md §3.1): it is an error, reported at a field that looks like a
    /// misspelt `attributes`/`relationships` when there is one.
    /// An `attributes`/`relationships` field that declares no mapping: absent,
    /// `null`, `[]` or `{}` (nested empty arrays included).
    private static func isEmptyMapping(_ member: SpecMember?) -> Bool {
        guard let member else { return true }
        func empty(_ v: SpecValue) -> Bool {
            switch v.kind {
            case .null: return true
            case .array(let elements): return elements.allSatisfy(empty)
            case .object(let members): return members.isEmpty
            default: return false
            }
        }
        return empty(member.value)
    }

    private func reportMapsNothing(_ declaration: Declaration, fields: [String: SpecMember]) {
        guard case .object(let members) = declaration.value.kind else { return }
        let mapping = ["attributes", "relationships"]
        for m in members where !Self.objectMapperFields.contains(m.key) && !Self.noteFields.contains(m.key) {
            if let suggestion = Suggestions.closest(to: m.key, in: mapping) {
                report(.mapperMapsNothing(id: declaration.id, misspelt: m.key, suggestion: suggestion), at: m.keyLocation, mapperID: declaration.id)
                return
            }
        }
        report(.mapperMapsNothing(id: declaration.id, misspelt: nil, suggestion: nil), at: declaration.idLocation, mapperID: declaration.id)
    }

    /// RestKit's inference for entities without `identification` (docs/spec.md §3.1): the
    /// candidate names are tried in this order, and the first one the mapper maps
    /// as a plain (undotted) attribute is used.
    static func identificationCandidates(typeName: String) -> [String] {
        let lowered = typeName.prefix(1).lowercased() + typeName.dropFirst()
        return ["id", "ID", lowered + "Id", lowered + "ID", "identifier", "url", "URL"]
    }

    private func inferredIdentification(typeName: String, table: SlotTable) -> [Int] {
        for name in Self.identificationCandidates(typeName: typeName) {
            if let slot = table.index(of: [name]) {
                switch table.slots[slot].kind {
                case .attribute, .keyAttribute: return [slot]
                case .relationship, .connection: continue
                }
            }
        }
        return []
    }

    /// The slot of a destination named by `identification`, `modificationAttribute`
    /// or a validation; an unknown name is an error with the closest destination.
    private func destinationSlot(_ name: String, field: String, at value: SpecValue, build: MapperBuild) -> Int? {
        if let slot = build.table.index(ofDestination: name) { return slot }
        var location = value.location
        if case .array(let a) = value.kind, let e = a.first(where: { $0.kind == .string(name) }) { location = e.location }
        report(.unknownDestination(name: name, field: field, suggestion: suggest(name, in: build.table.slots.lazy.map(\.name))),
               at: location, mapperID: build.id)
        return nil
    }

    private func compileTypes(_ member: SpecMember, build: inout MapperBuild) {
        guard case .object(let members) = member.value.kind else {
            if member.value.kind != .null {
                wrongKind(member, expected: "an object from destination to type", context: build.context, mapperID: build.id)
            }
            return
        }
        let names = ValueType.allCases.map(\.rawValue) + ["number"]
        for m in distinctMembers(members, context: "in types", mapperID: build.id) {
            guard case .string(let typeName) = m.value.kind else {
                report(.wrongKind(field: m.key, context: "in types", expected: "a type name (a string)", found: m.value.kindDescription),
                       at: m.value.location, mapperID: build.id)
                continue
            }
            guard let type = ValueType(specName: typeName) else {
                report(.unknownType(type: typeName, destination: m.key, suggestion: Suggestions.closest(to: typeName, in: names)),
                       at: m.value.location, mapperID: build.id, attribute: m.key)
                continue
            }
            guard let slot = build.table.index(ofDestination: m.key) else {
                report(.unmappedDestination(name: m.key, field: "types", hint: destinationHint(m.key, build: build)),
                       at: m.keyLocation, mapperID: build.id)
                continue
            }
            build.table.setType(type, at: slot)
        }
    }

    private func compileDefaults(_ member: SpecMember, build: MapperBuild) -> [Int: JSONValue] {
        guard case .object(let members) = member.value.kind else {
            if member.value.kind != .null {
                wrongKind(member, expected: "an object from destination to value", context: build.context, mapperID: build.id)
            }
            return [:]
        }
        var result: [Int: JSONValue] = [:]
        for m in distinctMembers(members, context: "in defaults", mapperID: build.id) {
            guard let slot = build.table.index(ofDestination: m.key) else {
                report(.unmappedDestination(name: m.key, field: "defaults", hint: destinationHint(m.key, build: build)),
                       at: m.keyLocation, mapperID: build.id)
                continue
            }
            result[slot] = m.value.json
        }
        return result
    }

    /// For a `types` or `defaults` key the mapper does not map: the
    /// destination a source key of that name is mapped to (the keys are
    /// destination names), else the closest destination by spelling.
    func destinationHint(_ key: String, build: MapperBuild) -> String? {
        for property in build.properties {
            guard case .attribute(let a) = property, a.source.source == key, build.table.slots[a.slot].name != key else { continue }
            return "its keys are destination names, and source '\(key)' is mapped to '\(build.table.slots[a.slot].name)'"
        }
        return suggest(key, in: build.table.slots.lazy.map(\.name)).map { "did you mean '\($0)'?" }
    }
}

extension Array {
    /// The elements in an array of just their room, when growing by doubling
    /// left much more (a compiled mapper keeps its slots and mappings for the
    /// whole run: a spec of many attributes held up to twice their room).
    func fitted() -> [Element] {
        guard capacity - count > Swift.max(count / 8, 16) else { return self }
        var fitted: [Element] = []
        fitted.reserveCapacity(count)
        fitted.append(contentsOf: self)
        return fitted
    }
}
