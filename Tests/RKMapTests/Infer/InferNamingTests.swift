import Testing
@testable import RKMap

/// Type names come from the key, singular (docs/spec.md §15): English
/// plurals, including those of words that end in `s` (`statuses` was
/// `Statuse`, `aliases` `Aliase`, `containerStatuses` `ContainerStatuse`).
@Suite struct InferNamingTests {
    @Test(arguments: [
        ("statuses", "status"), ("containerStatuses", "containerStatus"), ("aliases", "alias"), ("addresses", "address"),
        ("buses", "bus"), ("bonuses", "bonus"), ("viruses", "virus"), ("canvases", "canvas"), ("classes", "class"),
        ("status", "status"), ("alias", "alias"), ("categories", "category"), ("boxes", "box"), ("matches", "match"),
        ("databases", "database"), ("releases", "release"), ("causes", "cause"), ("houses", "house"), ("items", "item"),
        ("data", "data"), ("ID", "ID"), ("CATEGORIES", "CATEGORY"),
        // A kept word inside a longer one is not that word's plural.
        ("abuses", "abuse"), ("pod_statuses", "pod_status"),
    ])
    func singular(plural: String, singular: String) {
        #expect(InferNaming.singular(plural) == singular)
    }
}

/// Names from keys that are numbers (versions, dates): the numbers are the
/// name, not a position to drop (`1.0` was `0`, `2024-01-01` `0101`, and
/// `1.0` and `10` would have met); a numbered key (`1. open`) still drops
/// its position.
@Suite struct InferNumberKeyNamingTests {
    @Test(arguments: [
        ("1.0", "1_0"), ("10", "10"), ("2024-01-01", "2024_01_01"), ("v1.2", "v1_2"), ("1. open", "open"),
        ("2. high", "high"), ("+1", "plus1"), ("-1", "minus1"), ("item_2_3", "item2_3"), ("publication_date", "publicationDate"),
        ("...", "field"), ("2024-01-01T10:00:00Z", "2024_01_01T10_00_00Z"), ("1.0 beta", "1_0Beta"),
    ])
    func destination(key: String, name: String) {
        #expect(InferNaming.destination(fromKey: key) == name)
    }

    @Test(arguments: [
        ("1.0", "Item1_0"), ("322", "Item322"), ("2024-01-01", "Item2024_01_01"), ("1. opens", "Open"), ("user_profiles", "UserProfile"),
        ("v2_items", "V2Item"), ("...", "Item"),
    ])
    func typeName(key: String, name: String) {
        #expect(InferNaming.typeName(fromKey: key) == name)
    }

    /// A key as a key path of one key (docs/spec.md §4), escaped scalar by
    /// scalar: a combining mark after `.`, `[` or `\\` made one Character of
    /// the two, which was not escaped, so the spec read another key path.
    @Test(arguments: [
        ("a.b", #"a\.b"#), ("e.\u{301}", "e\\.\u{301}"), ("[\u{301}x", "\\[\u{301}x"), ("a\\\u{301}b", "a\\\\\u{301}b"),
        ("@\u{301}x", "\\@\u{301}x"), ("x@", "x@"), ("(a)", #"\(a)"#), ("caf\u{E9}", "caf\u{E9}"),
    ])
    func sourceKeysAreEscapedScalarByScalar(key: String, escaped: String) {
        #expect(Array(InferNaming.sourceKey(key).unicodeScalars) == Array(escaped.unicodeScalars))
        // Read back as one key.
        let path = try? KeyPath(parsing: InferNaming.sourceKey(key))
        #expect(path?.components == [.key(key)], "\(key)")
    }

    /// Many names at once give what one at a time gives: `name`, then the
    /// first of `name2`, `name3`, … not taken ignoring case, also where a
    /// number was taken as a name of its own (`a3`) or in another case.
    @Test func manyUniqueNamesAreTheOnesGivenOneAtATime() {
        let names = ["a", "A", "a3", "a", "b", "a", "A2", "a", "B", "a4", "a"] + Array(repeating: "x", count: 50)
        var one = Set<SpellingKey>()
        var many = UniqueNames()
        let expected = names.map { InferNaming.unique($0, in: &one) }
        #expect(names.map { many.unique($0) } == expected)
        #expect(expected.prefix(11) == ["a", "A2", "a3", "a4", "b", "a5", "A22", "a6", "B2", "a42", "a7"])
        #expect(expected.last == "x50")
    }
}
