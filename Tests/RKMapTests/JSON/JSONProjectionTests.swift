import Testing
@testable import RKMap

/// Reading through a projection (`rkmap eval`): what is named is built as
/// `readValue` builds it, the rest is validated and left out.
@Suite struct JSONProjectionTests {
    static func read(_ text: String, _ projection: JSONProjection) throws -> JSONValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { buf in
            var scanner = JSONScanner(bytes: buf, offset: 0, origin: .start)
            return try scanner.readValue(projection: projection)
        }
    }

    static let document = #"{"id": 7, "author": {"name": "Ana", "email": "a@x"}, "tags": ["a", "b"], "#
        + #""comments": [{"by": "x", "text": "hi"}, 3, {"by": "y"}], "id": 8}"#

    @Test func keepsOnlyTheNamedMembersWholeAtTheEnd() throws {
        let projection = JSONProjection.nothing.adding(["author", "name"]).adding(["comments", "by"]).adding(["tags"])
        let full = try JSONScanner.parse(Array(Self.document.utf8))
        let read = try Self.read(Self.document, projection)
        // The scalar among the comments stays what it is (a mapping that meets
        // it must warn about it, not see a null).
        #expect(read == TestJSON.parse(#"{"author": {"name": "Ana"}, "tags": ["a", "b"], "comments": [{"by": "x"}, 3, {"by": "y"}]}"#))
        // Every path the projection names evaluates the same on both trees.
        for path in ["author.name", "comments.by", "tags", "tags.@count", "comments.by.@count", "missing"] {
            let keyPath = try KeyPath(parsing: path)
            #expect(keyPath.evaluate(on: read, caseInsensitive: false) == keyPath.evaluate(on: full, caseInsensitive: false), "\\(path)")
        }
    }

    @Test func nothingAndEverything() throws {
        #expect(try Self.read(Self.document, .nothing) == .null)
        #expect(try Self.read(Self.document, .everything) == (try JSONScanner.parse(Array(Self.document.utf8))))
        // A repeated key keeps the last value, as readValue does.
        #expect(try Self.read(Self.document, JSONProjection.nothing.adding(["id"])) == TestJSON.parse(#"{"id": 8}"#))
    }

    @Test func mergingKeepsTheLargerReading() {
        let a = JSONProjection.nothing.adding(["a", "b"])
        #expect(a.merged(with: .nothing) == a)
        #expect(a.merged(with: .everything) == .everything)
        #expect(a.adding(["a"]) == .members(["a": .everything]))
        #expect(a.adding(["c"]) == .members(["a": .members(["b": .everything]), "c": .everything]))
    }

    /// Keys are matched in the buffer: a key with escapes is decoded first, a
    /// repeated key keeps its last value, and a plan with many names (looked up
    /// by length and end bytes) finds each of them; a trusted scanner (the
    /// pipeline's workers) reads the same.
    /// A key read with escapes (or any key, ignoring case) is looked up
    /// among the plan's names by its bytes: the same member as a scan for
    /// the name with the key's code units (ignoring case, the key
    /// lowercased). `e\u{301}te\u{301}` is not `\u{e9}t\u{e9}`, in either case.
    @Test(arguments: [false, true])
    func aMemberIsFoundByNameAsAScanFindsIt(caseInsensitive: Bool) {
        let names = (0..<300).map { "key\($0)" } + ["Name", "\u{e9}t\u{e9}", "\u{212A}elvin", "STRASSE", "a", "", "zz", "\u{130}"]
        var projection = JSONProjection.nothing
        for name in names { projection = projection.adding([name]) }
        let plan = ProjectionPlan(projection, caseInsensitive: caseInsensitive)
        func scan(_ key: String) -> Int? {
            let probe = caseInsensitive ? key.lowercased() : key
            return plan.names.firstIndex { JSONObject.sameKey($0, probe) }
        }
        let probes = names + ["KEY7", "key300", "name", "NAME", "e\u{301}te\u{301}", "\u{c9}T\u{c9}", "kelvin", "Kelvin",
                              "strasse", "stra\u{df}e", "A", "i\u{307}", "0", "zzz", "~", "key", "key29", "key2999"]
        var found = 0
        for probe in probes {
            #expect(plan.member(named: probe) == scan(probe), "\(probe)")
            if JSONValue.sameText(probe, "e\u{301}te\u{301}") { #expect(plan.member(named: probe) == nil) }
            if plan.member(named: probe) != nil { found += 1 }
        }
        #expect(found >= names.count)
    }

    @Test func keysMatchInTheBufferAsDecoded() throws {
        let many = (0..<20).map { "key\($0)" } + ["k", "ab", "ba", "é"]
        var projection = JSONProjection.nothing
        for name in many { projection = projection.adding([name]) }
        projection = projection.adding(["author", "name"])
        var text = #"{"na\u006De": 0, "author": {"na\u006De": "escaped", "nam": 1, "names": 2}, "#
        text += many.map { #""\#($0)": "\#($0)""# }.joined(separator: ", ")
        text += #", "key1": "again", "key": "no", "b": "no", "aa": "no", "\u00e9": "decoded"}"#
        var expected = #"{"author": {"name": "escaped"}, "#
        expected += many.map { name in
            let value = name == "key1" ? "again" : name == "é" ? "decoded" : name
            return #""\#(name)": "\#(value)""#
        }.joined(separator: ", ") + "}"
        let plan = ProjectionPlan(projection)
        let bytes = Array(text.utf8)
        for trusted in [false, true] {
            let read = try bytes.withUnsafeBytes { buf in
                var scanner = JSONScanner(bytes: buf, offset: 0, trusted: trusted)
                return try scanner.readValue(projection: plan)
            }
            #expect(read == TestJSON.parse(expected), "trusted: \(trusted)")
        }
    }

    /// Names are matched by length and first eight bytes, then the rest: names
    /// that share a long prefix, names of exactly 8 and 9 bytes, and keys so
    /// near the end of the bytes that no eight-byte word fits after them.
    @Test(arguments: [false, true])
    func longAndPrefixSharingNamesMatchExactly(trusted: Bool) throws {
        let names = ["publication", "publication_date", "publication_dat", "abcdefgh", "abcdefghi", "abcdefgX", "a", "日本語のキー"]
        var projection = JSONProjection.nothing
        for name in names { projection = projection.adding([name]) }
        let plan = ProjectionPlan(projection)
        let keys = names + ["publication_datf", "publicatio", "abcdefg", "abcdefghj", "b", "日本語のキ", "日本語のキーX", "publication_date "]
        for key in keys {
            // Alone, so the key ends within eight bytes of the end of the buffer.
            for text in [#"{"\#(key)":1}"#, #"{"\#(key)": 1, "zzzzzzzzzzzz": 2}"#] {
                let bytes = Array(text.utf8)
                let read = try bytes.withUnsafeBytes { buf in
                    var scanner = JSONScanner(bytes: buf, offset: 0, trusted: trusted)
                    return try scanner.readValue(projection: plan)
                }
                let expected = names.contains(key) ? #"{"\#(key)": 1}"# : "{}"
                #expect(read == TestJSON.parse(expected), "\(text)")
            }
        }
    }

    /// A syntax error in a skipped part is found, with the location a full read gives.
    @Test(arguments: [#"{"x": [1, 2,], "author": {}}"#, #"{"x": "\q", "id": 1}"#, #"{"x": {"y" 1}}"#, #"{"id": 1"#])
    func skippedPartsAreValidatedLikeAFullRead(_ text: String) {
        var full: JSONSyntaxError?
        do { _ = try JSONScanner.parse(Array(text.utf8)) } catch { full = error }
        var projected: JSONSyntaxError?
        do { _ = try Self.read(text, JSONProjection.nothing.adding(["id"])) } catch { projected = error as? JSONSyntaxError }
        #expect(full != nil)
        #expect(projected?.message == full?.message)
        #expect(projected?.location == full?.location)
    }
}

@Suite struct PredicateProjectionTests {
    @Test(arguments: [
        ("TRUEPREDICATE", JSONProjection.nothing),
        ("author.name == 'Ana' AND ANY tags == 'a'", .members(["author": .members(["name": .everything]), "tags": .everything])),
        ("SELF.id == 1", .members(["id": .everything])),
        ("SELF == 1", .everything),
        ("comments[0].by == 'x'", .members(["comments": .everything])),
        // `@count` needs only how many elements there are.
        ("comments.@count > 1 OR @root.id == 7", .members(["comments": .members([:]), "id": .everything])),
        ("comments.by.@count > 1 AND comments.@sum > 2", .members(["comments": .everything])),
        ("comments.by.@count > 1 AND comments.text == 'x'", .members(["comments": .members(["by": .members([:]), "text": .everything])])),
        ("@metadata.x == 1 AND {id, 2} CONTAINS 2", .members(["id": .everything])),
    ])
    func readsWhatItsKeyPathsName(_ text: String, _ expected: JSONProjection) throws {
        #expect(try Predicate(parsing: text).documentProjection == expected)
    }

    /// For `rkmap eval`: an index after a member name reads the array for
    /// its elements, each as the rest of the path reads it (a large one is
    /// then held as their text); without a member name before it, the
    /// document itself is read as before. So does a member name a path
    /// goes on from, and a member `@count` counts.
    @Test(arguments: [
        ("comments[0].by == 'x'", JSONProjection.members(["comments": .elements(.members(["by": .everything]))])),
        ("comments[-1].by == 'x' AND ANY tags == 'a'",
         .members(["comments": .elements(.members(["by": .everything])), "tags": .everything])),
        ("[0].id == 1", .everything),
        // Each value a path goes on from is read for its elements too: an
        // object is read as before, a large array held as their text.
        ("author.name == 'Ana'", .members(["author": .elements(.members(["name": .everything]))])),
        ("ALL items.tags.@count == 2",
         .members(["items": .elements(.members(["tags": .elements(.members([:]))]))])),
        ("items.@count > 1", .members(["items": .elements(.members([:]))])),
        ("a.b.c == 1 AND a.d == 2",
         .members(["a": .elements(.members(["b": .elements(.members(["c": .everything])), "d": .everything]))])),
    ])
    func holdingIndexesReadsTheArrayForItsElements(_ text: String, _ expected: JSONProjection) throws {
        #expect(try Predicate(parsing: text).documentProjectionHoldingIndexes == expected)
    }

    /// `@count` read through its projection counts what the whole value counts,
    /// whatever the value is: objects, arrays of arrays, scalars, nulls, an
    /// object or a string where an array was expected, a key missing in some
    /// elements, and a count that a later component reads on.
    @Test(arguments: [
        "items.@count", "items.tags.@count", "nested.@count", "obj.@count", "s.@count", "missing.@count",
        "items.@count.x", "items.id.@count", "mixed.@count", "mixed.a.@count", "@count",
    ])
    func countReadsTheSameThroughItsProjection(_ path: String) throws {
        let text = #"{"items": [{"id": 1, "tags": ["a", "b"]}, {"tags": []}, {"id": 3}, null, 4],"#
            + #" "nested": [[1, 2], [], [{"x": 1}]], "obj": {"a": [1]}, "s": "abc","#
            + #" "mixed": [{"a": [1, 2, 3]}, "str", [{"a": 1}], {"a": {"b": 1}}, null]}"#
        let keyPath = try KeyPath(parsing: path)
        let projection = JSONProjection.nothing.adding(componentsOf: keyPath)
        let read = try JSONProjectionTests.read(text, projection)
        let full = try JSONScanner.parse(Array(text.utf8))
        for caseInsensitive in [false, true] {
            #expect(keyPath.evaluate(on: read, caseInsensitive: caseInsensitive) == keyPath.evaluate(on: full, caseInsensitive: caseInsensitive), "\(path)")
            let found = keyPath.find(in: read, context: KeyPathContext(root: read, caseInsensitive: caseInsensitive))
            #expect(found == keyPath.find(in: full, context: KeyPathContext(root: full, caseInsensitive: caseInsensitive)), "\(path)")
        }
        // Objects among the elements are read empty: nothing of them is built.
        if path == "items.@count" {
            #expect(read == TestJSON.parse(#"{"items": [{}, {}, {}, null, 4]}"#))
        }
    }
}

/// A projection built one path at a time (a mapper of thousands of
/// attributes) changes its member map in place: `adding` copied the map per
/// path, and setting up `check` for 8,000 attributes took 3.7 s.
@Suite struct JSONProjectionGrowthTests {
    /// The CPU time of this thread only: the process's (`clock()`) counts
    /// every test running beside this one, which made the ratio noise (20.5
    /// in one full run).
    static func cpuSeconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        body()
        return now() - start
    }

    static func build(_ n: Int) -> JSONProjection {
        var projection = JSONProjection.nothing
        for i in 0..<n { projection.add(["key\(i)"][...]) }
        return projection
    }

    @Test func addingPathsOneAtATimeIsLinear() {
        var sizes: [Int] = []
        let small = (0..<3).map { _ in Self.cpuSeconds { sizes.append(Self.countMembers(Self.build(4_000))) } }.min()!
        let large = (0..<3).map { _ in Self.cpuSeconds { sizes.append(Self.countMembers(Self.build(32_000))) } }.min()!
        #expect(sizes == [4_000, 4_000, 4_000, 32_000, 32_000, 32_000])
        #expect(large / max(small, 0.0005) < 20, "8x the paths cost \(large / max(small, 0.0005))x the CPU time")
    }

    static func countMembers(_ projection: JSONProjection) -> Int {
        if case .members(let map) = projection { return map.count }
        return -1
    }

    /// `adding` leaves the projection it was called on as it was.
    @Test func addingLeavesTheOriginalAlone() {
        let one = JSONProjection.nothing.adding(["a"][...])
        let two = one.adding(["b", "c"][...])
        #expect(Self.countMembers(one) == 1)
        #expect(Self.countMembers(two) == 2)
        #expect(two == .members(["a": .everything, "b": .members(["c": .everything])]))
    }
}
