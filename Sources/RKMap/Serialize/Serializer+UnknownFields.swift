import Synchronization

/// Fields of a record that its mapper does not map (docs/spec.md §13): the
/// inverse mapping has no place for them in the body, so they are left out,
/// with a warning rather than quietly (`{"@type": "User", "nme": "x"}` gave
/// `{}`).
extension Serializer {
    /// One warning per field no destination of its record's mapper names,
    /// at its path below `path`, with the closest destination.
    ///
    /// - Complexity: one dictionary lookup per member of each record and
    ///   related record; a path is spelled only for a warning.
    func unknownFields(of record: JSONObject, with ref: MapperRef, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        visit(record, ref: ref, path: { path }, into: &found)
        return found
    }

    /// `record` under `ref` (a dynamic mapper's member by the record's
    /// `@type`, as `invert` chooses it).
    private func visit(_ record: JSONObject, ref: MapperRef, path: () -> String, into found: inout [Diagnostic]) {
        guard let plan = try? plan(for: record, ref: ref) else { return }
        for member in record.members where member.key != "@type" {
            func here() -> String { path() + DocumentPath.render([.key(member.key)]).dropFirst() }
            let entry = plan.members[member.key]
            if let slot = entry?.slot {
                // A related record (or records): its own mapper's fields.
                guard case .relationship(let info) = plan.slots[slot].kind else { continue }
                // This mapper's own destinations below the relationship's are not the related record's.
                if entry?.nested == true, case .object(let inner) = member.value {
                    visitNested(inner, prefix: [member.key], plan: plan, path: here, skipping: true, into: &found)
                }
                guard let value = plan.related(member.value, at: [member.key]) else { continue }
                switch value {
                case .object(let related): visit(related, ref: info.mapper, path: here, into: &found)
                case .array(let elements):
                    for (i, element) in elements.enumerated() {
                        if case .object(let related) = element { visit(related, ref: info.mapper, path: { here() + "[\(i)]" }, into: &found) }
                    }
                case .compact(let held) where held.elements != nil:
                    // Held as its records' text (`recordPlan`): one record at a time.
                    for i in 0..<held.heldCount {
                        if case .object(let related) = held.element(at: i) { visit(related, ref: info.mapper, path: { here() + "[\(i)]" }, into: &found) }
                    }
                default: break
                }
                continue
            }
            if entry?.nested == true, case .object(let inner) = member.value {
                visitNested(inner, prefix: [member.key], plan: plan, path: here, into: &found)
                continue
            }
            found.append(warning([member.key], plan: plan, path: here()))
        }
    }

    /// Inside a nested destination's object (`address` of `address.city`).
    /// - Parameter skipping: the object is a related record's: only the
    ///   members on the way to this mapper's destinations are its (the
    ///   others are the related mapper's to warn of).
    private func visitNested(
        _ object: JSONObject, prefix: [String], plan: InversePlan, path: () -> String, skipping: Bool = false, into found: inout [Diagnostic]
    ) {
        for member in object.members {
            let field = prefix + [member.key]
            func here() -> String { path() + DocumentPath.render([.key(member.key)]).dropFirst() }
            let entry = plan.nestedPaths[field]
            if skipping, entry == nil { continue }
            if entry?.isSlot == true { continue }
            if case .object(let inner) = member.value, entry?.leadsOn == true {
                visitNested(inner, prefix: field, plan: plan, path: here, skipping: skipping, into: &found)
                continue
            }
            found.append(warning(field, plan: plan, path: here()))
        }
    }

    private func warning(_ field: [String], plan: InversePlan, path: String) -> Diagnostic {
        let name = field.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: ".")
        var message = "field '\(name)' is not mapped by mapper '\(plan.mapperID)', so the body leaves it out"
        if let suggestion = fieldSuggestions.closest(to: name, plan: plan) { message += "; did you mean '\(suggestion)'?" }
        return Diagnostic(.warning, message, file: "", location: .jsonPath(path), mapperID: plan.mapperID, code: .notWritable)
    }
}

/// The destination closest to an unknown field's name, per mapper: a
/// record of 8,000 unknown fields beside a mapper of 8,000 destinations
/// took 7.9 s, a search per field over every destination, and a stream
/// repeats its unknown fields record after record. Each mapper's
/// destinations are indexed once (`SuggestionIndex`: a destination one
/// edit away is found without a search of them all) and each field's
/// answer kept; the answer does not depend on which record asks first
/// (pipeline workers share the table).
final class FieldSuggestions: Sendable {
    private let state = Mutex<State>(State())
    /// The answers kept: a stream of distinct unknown names (keys that are
    /// data) is looked up each time past it, not held.
    static let capacity = 1 << 14

    private struct State {
        var answers: [Key: String?] = [:]
        var indexes: [String: SuggestionIndex] = [:]
    }

    private struct Key: Hashable {
        let mapper: String
        let field: ExactText
    }

    func closest(to name: String, plan: InversePlan) -> String? {
        let key = Key(mapper: plan.mapperID, field: ExactText(name))
        // The index is made under the lock, once: two workers meeting a
        // mapper's first unknown field would each make it.
        enum Found { case kept(String?), index(SuggestionIndex) }
        let found = state.withLock { (state: inout State) -> Found in
            if let kept = state.answers[key] { return .kept(kept) }
            if let index = state.indexes[plan.mapperID] { return .index(index) }
            let index = SuggestionIndex(plan.slots.map(\.name))
            state.indexes[plan.mapperID] = index
            return .index(index)
        }
        let index: SuggestionIndex
        switch found {
        case .kept(let answer): return answer
        case .index(let made): index = made
        }
        let answer = index.closest(to: name)
        state.withLock { state in
            if state.answers.count < Self.capacity { state.answers[key] = answer }
        }
        return answer
    }
}
