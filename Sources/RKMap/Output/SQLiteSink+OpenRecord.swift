/// A root record whose row is written before the elements of its to-many
/// relationship, which are written and linked as they come
/// (`RecordSink.openRecord`).
struct SQLiteSinkOpenRecord {
    let plan: SQLiteSinkPlan
    let slot: Int
    let policy: AssignmentPolicy
    let parentKey: [SQLiteValue]
    /// The elements are not written: the record was not newer than the
    /// stored row (`modificationAttribute`), so nothing of it is.
    let skipsElements: Bool
    /// The links so far; begun with the first child, whose table names the
    /// link table's child columns when the run makes it.
    var links: SQLiteSinkLinkWrite?
    /// A child whose key the link table cannot hold: thrown when the record
    /// ends, after every child's row, as a whole record's links fail.
    var unfit: Error?
}

extension SQLiteSink {
    /// A record's row does not depend on its to-many children, so it can be
    /// written first, and its children and links as they come, when that
    /// writes what writing the children first writes. A whole record's
    /// relationships are written in slot order, then its row, then their
    /// links (`replace` deleting orphans); streamed, the other relationships
    /// and the row come before this one's children. So no record type this
    /// relationship can reach may be the record's own (the record's links
    /// could be its own), nor one a later relationship of it can reach, or
    /// an earlier one under `replace`: their rows would be inserted in
    /// another order, with other `_id`s, or an orphan found before a child
    /// of this one was stored. An earlier relationship under `set` or
    /// `union` may share its types: its rows precede this one's children in
    /// both orders.
    public func acceptsOpenRecord(of mapper: ObjectMapper, relationship slot: Int) -> Bool {
        guard let graph, case .relationship(let info) = mapper.slots[slot].kind else { return false }
        let reached = Self.types(reachableFrom: [info.mapper], in: graph)
        guard !reached.contains(mapper.typeName) else { return false }
        for s in mapper.slots.indices where s != slot {
            guard case .relationship(let other) = mapper.slots[s].kind,
                  !reached.isDisjoint(with: Self.types(reachableFrom: [other.mapper], in: graph))
            else { continue }
            // Shared types (an `owner` User and `contributors` Users): an
            // earlier relationship's rows come before this one's children
            // either way; its links come before them only when streamed,
            // which matters only when `replace` deletes orphans there.
            guard s < slot, other.assignmentPolicy != .replace else { return false }
        }
        return true
    }

    /// The record types that records made with `refs` can hold, at any depth.
    private static func types(reachableFrom refs: [MapperRef], in graph: MappingGraph) -> Set<String> {
        var types: Set<String> = []
        var seen = Set<MapperRef>()
        var stack = refs
        while let ref = stack.popLast() {
            guard seen.insert(ref).inserted else { continue }
            for reached in graph.objectMappers(producedBy: ref) {
                types.insert(reached.typeName)
                for s in reached.slots {
                    if case .relationship(let inner) = s.kind { stack.append(inner.mapper) }
                }
            }
        }
        return types
    }

    /// Writes the record's row as `write` would, without the relationship,
    /// unless the record is stale: then, as `write`, nothing of it.
    public func openRecord(_ record: Record, relationship slot: Int, descriptor: Descriptor) throws {
        try writing {
            openParent = nil
            let plan = try self.plan(for: record)
            guard case .relationship(let policy, _) = plan.roles[slot] else {
                preconditionFailure("openRecord for a slot that is not a relationship")
            }
            if plan.hasIdentity, let modification = record.mapper.modificationSlot,
                try isStale(record, key: identityKey(of: record, plan: plan), modificationSlot: modification, plan: plan) {
                openParent = SQLiteSinkOpenRecord(plan: plan, slot: slot, policy: policy, parentKey: [], skipsElements: true)
                return
            }
            var row = record
            row.fields[slot] = nil
            // An array: the to-one column of a relationship without `"many"`
            // is cleared, as a whole record's (`writeRecord`).
            let parent = try writeRecord(row, clearingColumnOf: policy == .union ? nil : slot)
            openParent = SQLiteSinkOpenRecord(plan: plan, slot: slot, policy: policy, parentKey: parent.key, skipsElements: false)
        }
    }

    /// Writes the next children's rows, then their links.
    public func writeRelated(_ elements: [FieldValue]) throws {
        try writing {
            guard var open = openParent, !open.skipsElements else { return }
            // Out of the sink while the links' sets grow: a copy left there
            // would make each batch copy them (quadratic in the children).
            openParent = nil
            defer { openParent = open }
            var children: [RowRef] = []
            try forEachRecord(in: elements) { children.append(try writeRecord($0)) }
            guard !children.isEmpty, open.unfit == nil else { return }
            var links: SQLiteSinkLinkWrite
            if let begun = open.links {
                links = begun
                open.links = nil
            } else {
                guard let link = try linkTable(plan: open.plan, slot: open.slot, child: children[0].table) else { return }
                links = try beginLinks(link, plan: open.plan, parentKey: open.parentKey, policy: open.policy)
            }
            do {
                try checkFits(children, links.link)
            } catch {
                // A whole record writes all its children's rows before its
                // links: a child the database refuses further on comes
                // first (the document fails alone under --keep-going).
                open.unfit = error
                return
            }
            try addLinks(children, to: &links)
            open.links = links
        }
    }

    /// Ends the links (with none, the policy's answer for an empty array);
    /// nothing when the document failed (it is rolled back next).
    public func closeRecord(completed: Bool) throws {
        guard completed else { return openParent = nil }
        try writing {
            guard let open = openParent else { return }
            openParent = nil
            guard !open.skipsElements else { return }
            if let unfit = open.unfit { throw unfit }
            if let links = open.links { return try endLinks(links) }
            guard let link = try linkTable(plan: open.plan, slot: open.slot, child: nil) else { return }
            try endLinks(beginLinks(link, plan: open.plan, parentKey: open.parentKey, policy: open.policy))
        }
    }
}
