/// Attribute, relationship and connection declarations of an object mapper
/// (docs/spec.md §3.1, §3.2, §3.4), compiled into slots and property mappings.
extension SpecCompiler {
    /// What an object mapper is being built from, shared by the helpers below.
    struct MapperBuild {
        var id: String
        var context: String
        var keyAttribute: String?
        var table = SlotTable()
        var properties: [PropertyMapping] = []
        var connections: [Connection] = []
        /// Each destination the key attribute, an attribute or a
        /// relationship writes: its first writer, as a message names it.
        var writers: [[String]: String] = [:]
    }

    /// How a message names the mapping from `source`.
    static func writerName(_ source: String) -> String {
        source.isEmpty ? "the nil key path (\"\")" : "'\(source)'"
    }

    /// Notes that `writer` (`writerName`) writes `path`, warning when an
    /// earlier mapping of the mapper writes it too: the later one wins
    /// (docs/spec.md §5.1), a fallback a spec may mean, but a slip as often
    /// (RestKit asserts).
    func noteWriter(_ path: [String], writer: String, at location: SourceLocation, build: inout MapperBuild) {
        if let first = build.writers[path] {
            report(.sharedDestination(destination: path.joined(separator: "."), first: first, second: writer), at: location, mapperID: build.id)
        } else {
            build.writers[path] = writer
        }
    }

    /// One source→destination pair of an `attributes` declaration.
    private struct AttributeEntry {
        var source: String
        var sourceLocation: SourceLocation
        var destination: String
        var destinationLocation: SourceLocation
    }

    // MARK: Attributes

    func compileAttributes(_ member: SpecMember, into build: inout MapperBuild) {
        var entries: [AttributeEntry] = []
        switch member.value.kind {
        case .null: return
        case .object, .array: collectAttributes(member.value, into: &entries, mapperID: build.id)
        default:
            wrongKind(member, expected: "an object, an array or null", context: build.context, mapperID: build.id)
        }
        for e in entries {
            guard let path = destinationPath(e.destination, at: e.destinationLocation, mapperID: build.id),
                  let source = sourceKeyPath(e.source, at: e.sourceLocation, build: build)
            else { continue }
            noteWriter(path, writer: Self.writerName(e.source), at: e.sourceLocation, build: &build)
            let slot = build.table.slot(for: path, kind: .attribute)
            build.properties.append(.attribute(AttributeMapping(source: source, slot: slot, location: e.sourceLocation)))
        }
    }

    /// Flattens every attribute form: `{source: destination}`, `["name"]`, nested
    /// arrays and any mix of them.
    private func collectAttributes(_ value: SpecValue, into entries: inout [AttributeEntry], mapperID: String) {
        switch value.kind {
        case .object(let members):
            // A key repeated in one object is one JSON member: the last value
            // at the first's place (as RestKit's dictionary from JSON holds it).
            for m in distinctMembers(members, context: "in attributes", mapperID: mapperID) {
                guard case .string(let destination) = m.value.kind else {
                    report(.wrongKind(field: m.key, context: "in attributes", expected: "a destination attribute name (a string)",
                                      found: m.value.kindDescription), at: m.value.location, mapperID: mapperID)
                    continue
                }
                entries.append(AttributeEntry(source: m.key, sourceLocation: m.keyLocation,
                                              destination: destination, destinationLocation: m.value.location))
            }
        case .array(let elements):
            for e in elements {
                if case .string(let name) = e.kind {
                    entries.append(AttributeEntry(source: name, sourceLocation: e.location, destination: name, destinationLocation: e.location))
                } else {
                    collectAttributes(e, into: &entries, mapperID: mapperID)
                }
            }
        case .null: break
        default:
            report(.wrongKind(field: "attributes", context: "in mapper '\(mapperID)'", expected: "strings, arrays of strings or objects",
                              found: "an element that is \(value.kindDescription)"), at: value.location, mapperID: mapperID)
        }
    }

    /// The elements of a field that takes an array of objects, or a single
    /// object as a one-element array (the seeds write both); `nil` for `null`
    /// or (after reporting it) a value of the wrong kind.
    func objectList(_ member: SpecMember, expected: String, build: MapperBuild) -> [SpecValue]? {
        switch member.value.kind {
        case .null: return nil
        case .object: return [member.value]
        case .array(let a): return a
        default:
            wrongKind(member, expected: expected, context: build.context, mapperID: build.id)
            return nil
        }
    }

    // MARK: Relationships

    static let relationshipFields = ["from", "to", "map-ref", "assignmentPolicy", "many", "linkTable"]

    func compileRelationships(_ member: SpecMember, into build: inout MapperBuild) {
        guard let elements = objectList(member, expected: "an array of relationship objects", build: build) else { return }
        for value in elements {
            guard case .object = value.kind else {
                report(.wrongKind(field: "relationships", context: build.context, expected: "an array of relationship objects",
                                  found: "an element that is \(value.kindDescription)"), at: value.location, mapperID: build.id)
                continue
            }
            compileRelationship(value, into: &build)
        }
    }

    private func compileRelationship(_ value: SpecValue, into build: inout MapperBuild) {
        let context = "in a relationship of mapper '\(build.id)'"
        let f = fields(of: value, known: Self.relationshipFields, context: context, mapperID: build.id)
        guard let toMember = f["to"] else {
            report(.missingField(field: "to", context: context), at: value.location, mapperID: build.id)
            return
        }
        guard let to = string(toMember, context: context, mapperID: build.id),
              let path = destinationPath(to, at: toMember.value.location, mapperID: build.id)
        else { return }
        guard let fromMember = f["from"] else {
            report(.missingField(field: "from", context: context), at: value.location, mapperID: build.id)
            return
        }
        var source = KeyPath.empty
        var fromText = ""
        if let from = string(fromMember, context: context, mapperID: build.id), !from.isEmpty {
            fromText = from
            guard let s = sourceKeyPath(from, at: fromMember.value.location, build: build) else { return }
            source = s
        }
        let many = bool(f["many"], context: context, mapperID: build.id)
        var policy = AssignmentPolicy.set
        if let m = f["assignmentPolicy"], let text = string(m, context: context, mapperID: build.id) {
            if let p = AssignmentPolicy(rawValue: text) {
                policy = p
            } else {
                let allowed = AssignmentPolicy.allCases.map(\.rawValue)
                report(.invalidEnumValue(field: "assignmentPolicy", value: text, allowed: allowed,
                                         suggestion: Suggestions.closest(to: text, in: allowed)),
                       at: m.value.location, mapperID: build.id)
            }
        }
        // `linkTable` names the SQLite link table (docs/spec.md §10.4); only
        // table output reads it, and checks it like every other table name.
        let linkTable = f["linkTable"].flatMap { string($0, context: context, mapperID: build.id) }
        var mapper: MapperRef?
        if let refMember = f["map-ref"] {
            switch refMember.value.kind {
            case .null: break
            case .string:
                guard let r = resolve(refMember, mapperID: build.id) else { return }
                mapper = r
            default:
                wrongKind(refMember, expected: "a mapper id (a string)", context: context, mapperID: build.id)
                return
            }
        }
        noteWriter(path, writer: Self.writerName(fromText), at: toMember.value.location, build: &build)
        guard let ref = mapper else {
            // No `map-ref`: an attribute mapping that keeps its place among relationships.
            let slot = build.table.slot(for: path, kind: .attribute)
            build.properties.append(.attribute(AttributeMapping(source: source, slot: slot, location: value.location)))
            return
        }
        let info = RelationshipInfo(mapper: ref, many: many, assignmentPolicy: policy, linkTable: linkTable)
        let slot = build.table.slot(for: path, kind: .relationship(info))
        build.properties.append(.relationship(RelationshipMapping(source: source, slot: slot, mapper: ref, many: many, location: value.location)))
    }

    // MARK: Connections

    static let connectionFields = ["relationship", "sourceAttribute", "target", "targetAttribute"]

    func compileConnections(_ member: SpecMember, into build: inout MapperBuild) {
        guard let elements = objectList(member, expected: "an array of connection objects", build: build) else { return }
        let context = "in a connection of mapper '\(build.id)'"
        for value in elements {
            guard case .object = value.kind else {
                report(.wrongKind(field: "connections", context: build.context, expected: "an array of connection objects",
                                  found: "an element that is \(value.kindDescription)"), at: value.location, mapperID: build.id)
                continue
            }
            let f = fields(of: value, known: Self.connectionFields, context: context, mapperID: build.id)
            var strings: [String: (String, SourceLocation)] = [:]
            for name in Self.connectionFields {
                guard let m = f[name] else {
                    report(.missingField(field: name, context: context), at: value.location, mapperID: build.id)
                    continue
                }
                if let s = string(m, context: context, mapperID: build.id) { strings[name] = (s, m.value.location) }
            }
            guard strings.count == Self.connectionFields.count,
                  let (relationship, relationshipLocation) = strings["relationship"],
                  let (sourceAttribute, sourceLocation) = strings["sourceAttribute"],
                  let (target, targetLocation) = strings["target"],
                  let (targetAttribute, _) = strings["targetAttribute"],
                  let path = destinationPath(relationship, at: relationshipLocation, mapperID: build.id)
            else { continue }
            guard let sourceSlot = build.table.index(ofDestination: sourceAttribute) else {
                report(.unknownDestination(name: sourceAttribute, field: "sourceAttribute",
                                           suggestion: suggest(sourceAttribute, in: build.table.slots.lazy.map(\.name))),
                       at: sourceLocation, mapperID: build.id)
                continue
            }
            let targetTypes = declarations.filter { !$0.isDynamic }.map(\.typeName)
            if !targetTypes.contains(target) {
                report(.unknownTargetType(type: target, suggestion: suggest(target, in: targetTypes)),
                       at: targetLocation, mapperID: build.id)
                continue
            }
            if let first = build.writers[path] {
                report(.connectionOverDestination(relationship: relationship, first: first), at: relationshipLocation, mapperID: build.id)
            }
            let slot = build.table.slot(for: path, kind: .attribute)
            let connection = Connection(relationship: relationship, slot: slot, sourceSlot: sourceSlot, sourceAttribute: sourceAttribute,
                                        targetType: target, targetAttribute: targetAttribute, location: value.location)
            build.table.setKind(.connection(connection), at: slot)
            build.connections.append(connection)
        }
    }

    /// After every mapper is compiled: a connection's `targetAttribute` must be
    /// mapped by some mapper producing its target type.
    func checkConnectionTargets() {
        let objectMappers = compiled.compactMap { m -> ObjectMapper? in
            if case .object(let o)? = m { return o } else { return nil }
        }
        for mapper in objectMappers {
            for c in mapper.connections {
                let producers = objectMappers.filter { $0.typeName == c.targetType }
                if producers.contains(where: { $0.slotIndex(named: c.targetAttribute) != nil }) { continue }
                let names = producers.flatMap { $0.slots.map(\.name) }
                report(.unknownTargetAttribute(type: c.targetType, attribute: c.targetAttribute,
                                               suggestion: suggest(c.targetAttribute, in: names)),
                       at: c.location, mapperID: mapper.id)
            }
        }
    }

    // MARK: Key paths and destinations

    func destinationPath(_ text: String, at location: SourceLocation, mapperID: String) -> [String]? {
        guard let path = SlotTable.destinationPath(text) else {
            report(.invalidDestination(text: text), at: location, mapperID: mapperID)
            return nil
        }
        // Every output writes the record type as `@type` (docs/spec.md §3.1): a
        // field of that name would be a second `"@type"` member or CSV column,
        // at any depth (`track.@type` is a polymorphic to-one's type column).
        if path.contains("@type") {
            report(.reservedDestination(name: text), at: location, mapperID: mapperID)
            return nil
        }
        // `["@parent.id"]`: the list form's name is also the destination.
        if let first = path.first, let anchor = ["@parent", "@root", "@metadata"].first(where: { $0 == first }) {
            report(.anchorDestination(name: text, anchor: anchor), at: location, mapperID: mapperID)
        }
        for part in path { spelling(part, at: location, mapperID: mapperID, isKey: false) }
        return path
    }

    /// Compiles a source key path. With a `keyAttribute`, a leading `(name)` that
    /// spells the dynamic key is stripped (`(username).email` reads `email` of the
    /// value under the key; `(username)` alone is that value itself, the nil key path).
    func sourceKeyPath(_ text: String, at location: SourceLocation, build: MapperBuild) -> KeyPath? {
        var text = text
        var prefix = 0
        if text.hasPrefix("("), let close = text.firstIndex(of: ")") {
            let name = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.isEmpty || rest.hasPrefix(".") {
                if let keyAttribute = build.keyAttribute {
                    guard name == keyAttribute else {
                        report(.dynamicKeyMismatch(keyPath: text, written: name, keyAttribute: keyAttribute), at: location, mapperID: build.id)
                        return nil
                    }
                    prefix = Self.sourceWidth(of: text.unicodeScalars.prefix(text.unicodeScalars.count - rest.unicodeScalars.count + 1))
                    text = String(rest.dropFirst())
                } else {
                    report(.dynamicKeyWithoutKeyAttribute(keyPath: text, written: name), at: location, mapperID: build.id)
                }
            }
        }
        return keyPath(text, at: location, mapperID: build.id, prefix: prefix)
    }
}
