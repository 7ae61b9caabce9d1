/// An object mapper turned around (docs/spec.md §13): for each mapping, where
/// the record holds the value (the destination) and where the body gets it
/// (the source key path), in declaration order.
struct InversePlan: Sendable {
    struct Step: Sendable {
        /// Destination name split on dots: where the record holds the value.
        var field: [String]
        var fieldName: String
        /// Source key path: where the body gets the value; empty for the nil key path.
        var keys: [String]
        /// The related mapper, for a relationship.
        var target: MapperRef?
        var isDate: Bool
    }

    let mapperID: String
    /// Where the record holds the `keyAttribute` (the body's key), if any.
    let keyField: [String]?
    let keyName: String?
    let steps: [Step]
    let dates: DateWriter
    /// Every destination of the mapper, read-only ones and connections too:
    /// what a record of it may hold (`Serializer.unknownFields`).
    let slots: [Slot]
    /// By a record's member name: the slot of that one-key destination, and
    /// whether longer destinations start with it (`address` of `address.city`).
    let members: [String: (slot: Int?, nested: Bool)]
    /// By a path of two or more keys into a record (`address.city`): whether
    /// a destination is that path, and whether longer ones start with it
    /// (`Serializer.unknownFields` inside nested objects: a scan of every
    /// destination per member took 2.6 s for one record of 24,000).
    let nestedPaths: [[String]: (isSlot: Bool, leadsOn: Bool)]

    init(_ m: ObjectMapper, mappers: [Mapper], dates: DateWriter) {
        mapperID = m.id
        if let k = m.keyAttributeSlot {
            keyField = m.slots[k].path
            keyName = m.slots[k].name
        } else {
            keyField = nil
            keyName = nil
        }
        var steps: [Step] = []
        for p in m.properties {
            let source: KeyPath, slot: Int, target: MapperRef?
            switch p {
            case .attribute(let a): (source, slot, target) = (a.source, a.slot, nil)
            case .relationship(let r): (source, slot, target) = (r.source, r.slot, r.mapper)
            }
            // Read-only sources are left out (one warning per mapper, at setup).
            guard source.isWritable else { continue }
            let s = m.slots[slot]
            steps.append(Step(field: s.path, fieldName: s.name, keys: source.keys, target: target,
                              isDate: target == nil && s.type == .date))
        }
        self.steps = steps
        self.dates = dates
        slots = m.slots
        var members: [String: (slot: Int?, nested: Bool)] = [:]
        for (i, slot) in m.slots.enumerated() {
            let name = slot.path[0]
            if slot.path.count == 1 {
                members[name, default: (nil, false)].slot = i
            } else {
                members[name, default: (nil, false)].nested = true
            }
        }
        self.members = members
        var nestedPaths: [[String]: (isSlot: Bool, leadsOn: Bool)] = [:]
        for slot in m.slots where slot.path.count >= 2 {
            nestedPaths[slot.path, default: (false, false)].isSlot = true
            for n in 2..<slot.path.count { nestedPaths[Array(slot.path.prefix(n)), default: (false, false)].leadsOn = true }
        }
        self.nestedPaths = nestedPaths
    }

    /// The related record at a relationship's destination `field` without
    /// this mapper's own destinations there: `apply` writes a destination
    /// below the relationship's (`address.city` beside `address`, which
    /// `lint` warns of) into the related record's object, with no `@type`
    /// when the relationship had no record. Only the mapper's own values go
    /// (`geo.lat` of `address.geo.lat`; the related record's `geo.lng`
    /// beside it stays), and an object left empty by that. `nil` when
    /// nothing of a related record is left: the body gets no relationship
    /// (`"addr": {}` was written for a user who had no `addr`).
    func related(_ value: JSONValue, at field: [String]) -> JSONValue? {
        let nests = field.count == 1 ? members[field[0]]?.nested == true : nestedPaths[field]?.leadsOn == true
        guard nests, case .object(let object) = value else { return value }
        guard let left = withoutOwn(object, at: field) else { return value }
        return left.isEmpty ? nil : .object(left)
    }

    /// `object` at `path` without this mapper's destinations below it, and
    /// without the objects on their way that hold nothing else; `nil` when
    /// it holds none of them.
    private func withoutOwn(_ object: JSONObject, at path: [String]) -> JSONObject? {
        var kept: [JSONObject.Member] = []
        var changed = false
        for member in object.members {
            let below = path + [member.key]
            guard let entry = nestedPaths[below] else {
                kept.append(member)
                continue
            }
            if entry.isSlot {
                changed = true
            } else if entry.leadsOn, case .object(let inner) = member.value, let left = withoutOwn(inner, at: below) {
                changed = true
                if !left.isEmpty { kept.append(JSONObject.Member(key: member.key, value: .object(left))) }
            } else {
                kept.append(member)
            }
        }
        return changed ? JSONObject(uniqueMembers: kept) : nil
    }
}
