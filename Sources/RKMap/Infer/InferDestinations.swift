/// The destinations of one mapper's fields (docs/spec.md §15): each field's
/// own (`InferNaming.destination(fromKey:)`), numbered where an earlier
/// field's, or the key attribute's, is the same ignoring case (`name2`,
/// `name3`, …: the first not taken, as `InferNaming.unique` gives them).
///
/// Only the numbered ones are kept; the others are made again from their key
/// as they are written. A mapper may have as many fields as a sample object
/// has members (a million), and the set of names taken, a `SpellingKey`
/// each, was larger than the fields themselves: here the names taken are
/// found through a table of field positions by the hash of the lowercased
/// name, four bytes a slot, dropped once the names are known. The next
/// number to try is kept per name, so that many fields of one name (20,000
/// spellings of one word in different cases) are numbered in linear time,
/// where counting up from 2 for each was quadratic.
///
/// ```swift
/// let destinations = InferDestinations(mapper.fields, keyAttribute: mapper.keyAttribute)
/// destinations.destination(3, key: mapper.fields[3].key)   // "createdAt", or "createdAt2"
/// ```
struct InferDestinations {
    /// Fields whose destination is not their own: numbered.
    private var renamed: [Int: String] = [:]

    /// - Parameter spellings: the spec's spelling of each text met so far
    ///   (its keys, and the destinations of the mappers before): a
    ///   destination is spelled as the spec already spells its text, and
    ///   noted (docs/spec.md §4: one spelling of a text in a spec).
    init(_ fields: [InferField], keyAttribute: String?, spellings: inout SpecSpellings) {
        let reserved = keyAttribute.map { SpellingKey($0.lowercased()) }
        var table = PositionTable(capacity: fields.count)
        var next: [SpellingKey: Int] = [:]
        func lowered(_ position: Int) -> SpellingKey {
            SpellingKey((renamed[position] ?? InferNaming.destination(fromKey: fields[position].key)).lowercased())
        }
        func taken(_ lower: SpellingKey) -> Bool {
            lower == reserved || table.find(hash: lower.hashValue, where: { lowered($0) == lower }) != nil
        }
        for (position, field) in fields.enumerated() {
            let own = InferNaming.destination(fromKey: field.key)
            let name = spellings.existing(own)
            // By code units: Swift's `!=` finds two spellings of one text equal.
            if !JSONValue.sameText(name, own) { renamed[position] = name }
            var lower = SpellingKey(name.lowercased())
            if taken(lower) {
                // Every number below `next[base]` is taken: names are only
                // ever added.
                let base = lower
                var n = next[base] ?? 2
                var candidate: String
                repeat {
                    candidate = spellings.existing("\(name)\(n)")
                    lower = SpellingKey(candidate.lowercased())
                    n += 1
                } while taken(lower)
                next[base] = n
                renamed[position] = candidate
            }
            _ = spellings.spelling(of: renamed[position] ?? name)
            table.insert(position, hash: lower.hashValue, rehash: { lowered($0).hashValue })
        }
    }

    /// The destination of the field at `position`, whose key is `key`.
    func destination(_ position: Int, key: String) -> String {
        renamed[position] ?? InferNaming.destination(fromKey: key)
    }
}

/// The one spelling a spec uses for each text (docs/spec.md §4: a spec may
/// use only one of two canonically equivalent spellings): the first met.
/// Only names that can have another spelling are kept: ASCII text has one,
/// but for `K`, `;` and `` ` ``, which the Kelvin sign, the Greek question
/// mark and the Greek varia are canonically.
struct SpecSpellings {
    private var first: [SpellingKey: String] = [:]

    static func mayHaveOtherSpellings(_ name: String) -> Bool { SpellingKey.mayHaveOtherSpellings(name) }

    /// The spec's spelling of `name`'s text, `name` itself when it is the
    /// first met (and noted).
    mutating func spelling(of name: String) -> String {
        guard Self.mayHaveOtherSpellings(name) else { return name }
        let key = SpellingKey(name)
        if let known = first[key] { return known }
        first[key] = name
        return name
    }

    /// The spec's spelling of `name`'s text if one was met, else `name`.
    func existing(_ name: String) -> String {
        guard Self.mayHaveOtherSpellings(name) else { return name }
        return first[SpellingKey(name)] ?? name
    }
}
