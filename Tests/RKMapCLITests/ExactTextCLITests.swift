import Testing

/// Strings are the same when their code units are (RFC 8259 §8.3, as
/// `NSString`'s `isEqual:` compares), never by Unicode canonical equivalence:
/// `"café"` with a precomposed `é` (U+00E9) and `"cafe\u0301"` (e and a
/// combining acute accent) are two keys and two values. A document means the
/// same whether it spells them with `\u` escapes or in raw UTF-8, read whole
/// or streamed. Before, a projected read matched an escaped key canonically
/// and renamed it, so the two spellings of one document mapped differently,
/// and `set`, `@distinctUnionOfObjects` and predicates' `==` merged the two.
@Suite struct ExactTextCLITests {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"
    static let environments: [[String: String?]] = [["RKMAP_PIPELINE_THRESHOLD": "1000000000"], ["RKMAP_PIPELINE_THRESHOLD": "0"]]

    static func run(_ spec: String, _ input: String, _ args: [String] = []) throws -> [RKMapExecutable.Result] {
        let scratch = try Scratch()
        try scratch.write("spec.json", spec)
        try scratch.write("in.json", input)
        return try environments.map { environment in
            try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--compact", "--no-type"] + args, directory: scratch.url, environment: environment)
        }
    }

    @Test(arguments: [false, true])
    func eachSpellingOfAKeyFindsItsOwnMember(escaped: Bool) throws {
        // 20 members: a large object is indexed by hash (`MemberIndex`).
        let padding = (0..<18).map { #""p\#($0)": \#($0)"# }.joined(separator: ", ")
        let nfcKey = escaped ? #"caf\u00e9"# : Self.nfc
        let nfdKey = escaped ? #"cafe\u0301"# : Self.nfd
        for small in [false, true] {
            let members = #""\#(nfcKey)": "NFC", "\#(nfdKey)": "NFD""#
            let document = small ? "{\(members)}" : "{\(padding), \(members)}"
            for (name, value) in [(Self.nfc, "NFC"), (Self.nfd, "NFD")] {
                let spec = #"{"keyPath": "", "mappers": [{"id": "a", "target": "A", "attributes": {"\#(name)": "c"}}]}"#
                for run in try Self.run(spec, document) {
                    #expect(run.status == 0)
                    #expect(run.stdout == #"[{"c":"\#(value)"}]"# + "\n", "escaped \(escaped), small \(small)")
                    #expect(run.stderr == "")
                }
            }
            // A spec naming one spelling does not find the other.
            let one = #"{"keyPath": "", "mappers": [{"id": "a", "target": "A", "attributes": {"\#(Self.nfc)": "c"}}]}"#
            let only = small ? #"{"\#(nfdKey)": "NFD"}"# : #"{\#(padding), "\#(nfdKey)": "NFD"}"#
            for run in try Self.run(one, only) {
                #expect(run.stdout == "[]\n")
                #expect(run.stderr.contains("none of the mapped keys"))
            }
        }
    }

    /// Names are kept by canonical equivalence in places (a projection's
    /// members, a mapper's destinations), so a spec may use one spelling.
    @Test func aSpecWithBothSpellingsIsAnError() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "", "mappers": [{"id": "a", "target": "A", "attributes": {"caf\u00e9": "c", "cafe\u0301": "d"}}]}"#)
        let run = try RKMapExecutable.run(["lint", "spec.json"], directory: scratch.url)
        #expect(run.status == 2)
        #expect(run.stderr == "spec.json:1:89: error: 'cafe\\u{301}' and 'caf\\u{E9}' are two Unicode spellings of one text "
            + "(canonically equivalent); documents are matched code unit for code unit, and a spec may use only one spelling: "
            + "write the one your documents use [mapper a]\n")
        // An ASCII name first: the Kelvin sign is canonically `K`.
        try scratch.write("kelvin.json", #"{"keyPath": "", "mappers": [{"id": "a", "target": "A", "attributes": {"K": "a", "\u212a": "b"}}]}"#)
        let kelvin = try RKMapExecutable.run(["lint", "kelvin.json"], directory: scratch.url)
        #expect(kelvin.status == 2)
        #expect(kelvin.stderr.contains(#"'\u{212A}' and 'K' are two Unicode spellings of one text"#))
        // The only other ASCII characters with another spelling: the Greek
        // question mark is canonically `;`, the Greek varia `` ` `` (ASCII
        // names without these have one spelling, and are not kept).
        for (ascii, other, shown) in [("a;b", #"a\u037eb"#, #"a\u{37E}b"#), ("`x", #"\u1fefx"#, #"\u{1FEF}x"#)] {
            try scratch.write("ascii.json", #"{"keyPath": "", "mappers": [{"id": "a", "target": "A", "attributes": {"plain": "p", "\#(ascii)": "a", "\#(other)": "b"}}]}"#)
            let run = try RKMapExecutable.run(["lint", "ascii.json"], directory: scratch.url)
            #expect(run.status == 2)
            #expect(run.stderr.contains("'\(shown)' and '\(ascii)' are two Unicode spellings of one text"), "\(run.stderr)")
        }
        // Ignoring case, keys are kept lowercased: `Café` and `CAFE\u0301`
        // lowercase to two spellings of one text. Not so matching exactly,
        // nor for `Café` and `CAFÉ`, one spelling ignoring case.
        func spec(_ matching: String, _ second: String) -> String {
            #"{"keyPath": "", "keyMatching": "\#(matching)", "mappers": [{"id": "a", "target": "A", "attributes": {"Caf\u00e9": "c", "\#(second)": "d"}}]}"#
        }
        try scratch.write("ci.json", spec("caseInsensitive", #"CAFE\u0301"#))
        let folded = try RKMapExecutable.run(["lint", "ci.json"], directory: scratch.url)
        #expect(folded.status == 2)
        #expect(folded.stderr.contains(#"error: 'CAFE\u{301}' and 'Caf\u{E9}' are, ignoring case, two Unicode spellings of one text"#))
        for (name, text) in [("exact.json", spec("exact", #"CAFE\u0301"#)), ("same.json", spec("caseInsensitive", #"CAF\u00c9"#))] {
            try scratch.write(name, text)
            let run = try RKMapExecutable.run(["lint", name], directory: scratch.url)
            #expect(run.status == 0 && !run.stderr.contains("spellings"), "\(name): \(run.stderr)")
        }
    }

    @Test func setAndDistinctKeepBothSpellings() throws {
        let spec = #"{"keyPath": "", "mappers": [{"id": "a", "target": "A", "attributes": {"tags": "tags", "tags.@distinctUnionOfObjects": "distinct", "tags.@count": "n"}, "types": {"tags": "set"}}]}"#
        let input = #"{"tags": ["caf\u00e9", "cafe\u0301", "caf\u00e9"]}"#
        for run in try Self.run(spec, input) {
            #expect(run.status == 0)
            #expect(run.stdout == #"[{"tags":["\#(Self.nfc)","\#(Self.nfd)"],"distinct":["\#(Self.nfc)","\#(Self.nfd)"],"n":3}]"# + "\n")
        }
    }

    @Test func aPredicateComparesCodeUnits() throws {
        let scratch = try Scratch()
        try scratch.write("in.json", #"{"t": "cafe\u0301"}"#)
        let equal = try RKMapExecutable.run(["eval", "t == '\(Self.nfc)'", "in.json"], directory: scratch.url)
        #expect(equal.stdout == "false\n")
        let same = try RKMapExecutable.run(["eval", "t == '\(Self.nfd)'", "in.json"], directory: scratch.url)
        #expect(same.stdout == "true\n")
        // `[d]` folds diacritics: both spellings are `cafe`.
        let folded = try RKMapExecutable.run(["eval", "t ==[d] '\(Self.nfc)'", "in.json"], directory: scratch.url)
        #expect(folded.stdout == "true\n")
    }

    /// The string operators compare code units too, after `[c]`/`[d]`
    /// folding (§4), and `LIKE`'s `?` is one code point. Before, they
    /// compared Swift characters, canonically: a decomposed `cafe\u{301}`
    /// began with a composed `café` but not with `cafe`, did not contain `e`,
    /// and a matcher on `BEGINSWITH 'Cafe'` chose another mapper.
    @Test(arguments: [
        ("nfd BEGINSWITH nfc", "false"), ("nfd ENDSWITH nfc", "false"), ("nfd CONTAINS nfc", "false"), ("nfd LIKE nfc", "false"),
        ("nfc BEGINSWITH nfd", "false"), ("nfc LIKE nfd", "false"), ("nfd ==[c] nfc", "false"),
        ("nfd BEGINSWITH 'cafe'", "true"), ("nfd CONTAINS 'e'", "true"), ("nfd ENDSWITH '\\u0301'", "true"),
        ("nfc CONTAINS 'e'", "false"), ("nfd LIKE 'caf?'", "false"), ("nfd LIKE 'cafe?'", "true"), ("nfc LIKE 'caf?'", "true"),
        ("nfd BEGINSWITH[d] nfc", "true"), ("nfd LIKE[cd] 'CAF?'", "true"), ("nfd ==[cd] 'CAFE'", "true"),
        ("flag BEGINSWITH '\u{1F1EB}'", "true"), ("flag CONTAINS '\u{1F1F7}'", "true"), ("flag LIKE '??'", "true"),
    ])
    func theStringOperatorsCompareCodeUnits(predicate: String, expected: String) throws {
        let scratch = try Scratch()
        try scratch.write("in.json", #"{"nfc": "caf\u00e9", "nfd": "cafe\u0301", "flag": "\ud83c\uddeb\ud83c\uddf7"}"#)
        let run = try RKMapExecutable.run(["eval", predicate, "in.json"], directory: scratch.url)
        #expect(run.status == (expected == "true" ? 0 : 1), "\(run.stderr)")
        #expect(run.stdout == expected + "\n")
    }

    /// Every other place a key or a string is compared (a review's finds):
    /// the streamed splitter's descriptor keys, a streamed record's members,
    /// `IN {…}`, `valueMap` and connections, read whole and streamed alike.
    @Test(arguments: [
        // A descriptor key path in one spelling; the document has the other.
        (#"{"keyPath": "caf\u00e9", "mappers": [{"id": "a", "target": "A", "attributes": ["id"]}]}"#,
         #"{"cafe\u0301": [{"id": 1}], "caf\u00e9": [{"id": 2}]}"#, #"[{"id":2}]"#),
        (#"{"keyPath": "a.caf\u00e9", "mappers": [{"id": "a", "target": "A", "attributes": ["id"]}]}"#,
         #"{"a": [{"cafe\u0301": {"id": 1}}, {"caf\u00e9": {"id": 2}}]}"#, #"[{"id":2}]"#),
        // A record streamed around its relationship, both spellings among its members.
        (#"{"keyPath": "", "root-map-ref": "r", "mappers": [{"id": "r", "target": "R", "attributes": {"id": "id", "caf\u00e9": "a"}, "#
            + #""relationships": [{"from": "items", "to": "items", "map-ref": "i"}]}, {"id": "i", "target": "I", "attributes": {"n": "n", "@parent.id": "pid"}}]}"#,
         #"{"id": 1, "cafe\u0301": "NFD", "caf\u00e9": "NFC", "items": [{"n": 1}]}"#, #"[{"id":1,"a":"NFC","items":[{"n":1,"pid":1}]}]"#),
        // valueMap's table by code units, as expectValue compares.
        (#"{"keyPath": "", "root-map-ref": "p", "mappers": [{"id": "p", "dynamic": true, "matchers": [{"keyPath": "t", "valueMap": {"caf\u00e9": "a"}}]}, "#
            + #"{"id": "a", "target": "A", "attributes": ["t"]}]}"#,
         #"[{"t": "caf\u00e9"}, {"t": "cafe\u0301"}]"#, #"[{"t":"\#(nfc)"}]"#),
    ])
    func everyComparisonIsByCodeUnits(spec: String, input: String, expected: String) throws {
        for run in try Self.run(spec, input) {
            #expect(run.stdout == expected + "\n", "\(run.stderr)")
        }
    }

    @Test func aConnectionFindsTheSameSpellingOnly() throws {
        let spec = #"""
            {"descriptors": [{"keyPath": "articles", "root-map-ref": "a"}, {"keyPath": "authors", "root-map-ref": "u"}],
             "mappers": [{"id": "a", "target": "Article", "attributes": ["id", "authorId"],
                          "connections": [{"relationship": "author", "sourceAttribute": "authorId", "target": "Author", "targetAttribute": "key"}]},
                         {"id": "u", "target": "Author", "entity": true, "identification": ["key"], "attributes": ["key"]}]}
            """#
        let input = #"{"articles": [{"id": 1, "authorId": "cafe\u0301"}, {"id": 2, "authorId": "caf\u00e9"}], "authors": [{"key": "caf\u00e9"}]}"#
        for run in try Self.run(spec, input) {
            #expect(run.stdout == #"[{"id":1,"authorId":"\#(Self.nfd)"},{"id":2,"authorId":"\#(Self.nfc)","author":{"key":"\#(Self.nfc)"}},{"key":"\#(Self.nfc)"}]"# + "\n")
            #expect(run.stderr.contains("no Author with key = "))
        }
        let scratch = try Scratch()
        try scratch.write("in.json", #"{"t": "cafe\u0301"}"#)
        #expect(try RKMapExecutable.run(["eval", "t IN {'\(Self.nfc)'}", "in.json"], directory: scratch.url).stdout == "false\n")
        #expect(try RKMapExecutable.run(["eval", "t IN {'\(Self.nfd)', 'x'}", "in.json"], directory: scratch.url).stdout == "true\n")
    }
}
