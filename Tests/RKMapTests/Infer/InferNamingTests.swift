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

/// ASCII keys are named by bytes (`InferNaming.asciiDestination`), others by
/// `Character`s: the two must give one name for every ASCII key. Checked on
/// every key of up to four characters from an alphabet of the cases that
/// decide a name (letters of both cases, digits, separators, a sign first),
/// and on random longer ones.
@Suite struct InferASCIINamingTests {
    static let alphabet = Array("aZ09_-+. ")

    @Test func everyShortKeyIsNamedAsByCharacters() {
        var keys: [String] = [""]
        var frontier: [String] = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in Self.alphabet.map { prefix + String($0) } }
            keys += frontier
        }
        #expect(keys.count == 7_381)
        let differing = keys.filter { InferNaming.asciiDestination(fromKey: $0) != InferNaming.destinationByCharacters(fromKey: $0) }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func randomKeysAreNamedAsByCharacters() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abzABZ0189_-+.@( /:#\t\r\n[]\\")
        var differing: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...14, using: &generator)
            let key = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            if InferNaming.asciiDestination(fromKey: key) != InferNaming.destinationByCharacters(fromKey: key) { differing.append(key) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        // Not ASCII: by `Character`s.
        #expect(InferNaming.asciiDestination(fromKey: "é_x") == nil)
        #expect(InferNaming.destination(fromKey: "é_x") == "éX")
    }
}

/// A mapper's destinations (`InferDestinations`) are what naming each field
/// in turn, the first of `name`, `name2`, … not taken ignoring case
/// (`InferNaming.unique`), gives, with the key attribute's name taken first.
@Suite struct InferDestinationsTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5])
    func destinationsAreTheFirstNamesNotTaken(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        // Few names, in many spellings: most fields meet another's name,
        // and numbered names meet keys that are themselves numbered (`a2`).
        let words = ["a", "A", "a2", "a_2", "A2", "a3", "id", "ID", "Id", "key", "é", "É", "e\u{301}", "x-y", "xY", "x_y", "a22"]
        let fields = (0..<Int.random(in: 1...300, using: &generator)).map { _ in
            InferField(key: words.randomElement(using: &generator)!)
        }
        let keyAttribute = seed % 2 == 0 ? nil : "a"
        var taken = Set<SpellingKey>()
        if let keyAttribute { taken.insert(SpellingKey(keyAttribute.lowercased())) }
        let expected = fields.map { InferNaming.unique(InferNaming.destination(fromKey: $0.key), in: &taken) }
        var spellings = SpecSpellings()
        let destinations = InferDestinations(fields, keyAttribute: keyAttribute, spellings: &spellings)
        let made = fields.indices.map { destinations.destination($0, key: fields[$0].key) }
        #expect(made == expected)
    }

    /// 20,000 fields of one name in different cases: the last is numbered
    /// 20,000, each found in a step (counting up from 2 for each was
    /// quadratic, 122 s for `infer`).
    @Test func manyFieldsOfOneNameAreNumberedInTurn() {
        let word = Array("abcdefghijklmnop")
        let keys = (0..<20_000).map { i in String(word.enumerated().map { j, c in (i >> j) & 1 == 1 ? Character(c.uppercased()) : c }) }
        let fields = keys.map { InferField(key: $0) }
        var spellings = SpecSpellings()
        let destinations = InferDestinations(fields, keyAttribute: nil, spellings: &spellings)
        #expect(destinations.destination(0, key: keys[0]) == "abcdefghijklmnop")
        #expect(destinations.destination(1, key: keys[1]) == "abcdefghijklmnop2")
        #expect(destinations.destination(2, key: keys[2]) == "aBcdefghijklmnop3")
        #expect(destinations.destination(19_999, key: keys[19_999]) == InferNaming.destination(fromKey: keys[19_999]) + "20000")
    }
}
