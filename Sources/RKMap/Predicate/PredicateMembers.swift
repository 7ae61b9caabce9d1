/// The literal list of `x IN {…}`, hashed once when the predicate compiles, so
/// a lookup costs O(1) instead of a comparison with every member
/// (docs/spec.md §9). Numbers are looked up as exact decimals (`2.50` finds
/// `2.5`), strings with the comparison's `[c]`/`[d]` folding.
final class PredicateMembers: Sendable {
    let options: PredicateOptions
    /// Folded strings, compared by code units as `==` compares them.
    let strings: Set<JSONValueKey>
    let others: Set<JSONValueKey>

    init(_ list: [JSONValue], options: PredicateOptions) {
        self.options = options
        var strings = Set<JSONValueKey>()
        var others = Set<JSONValueKey>()
        for member in list {
            if case .string(let s) = member {
                strings.insert(JSONValueKey(.string(PredicateStrings.fold(s, options))))
            } else {
                others.insert(JSONValueKey(member))
            }
        }
        self.strings = strings
        self.others = others
    }

    func contains(_ value: JSONValue) -> Bool {
        if case .string(let s) = value {
            return strings.contains(JSONValueKey(.string(PredicateStrings.fold(s, options))))
        }
        return others.contains(JSONValueKey(value))
    }
}
