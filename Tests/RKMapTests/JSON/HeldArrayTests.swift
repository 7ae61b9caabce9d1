import Testing
@testable import RKMap

/// An array that only relationships map (`JSONProjection.elements`) is held,
/// once its elements span `holdBytes` of input, as the compact text of what
/// its elements' plan reads (`JSONScanner.heldArray`): each element read back
/// (`CompactJSON.element(at:)`) must be the tree the plan reads from the
/// document, whatever the element holds, and reading must fail where a full
/// read fails.
@Suite struct HeldArrayTests {
    /// Each start is read back exactly, and so is the next one
    /// (`bounds`), for distances under 255 bytes (held in a byte), of 255
    /// and more (held in full), in blocks of every mix, across the 32
    /// elements a block holds and at the last element.
    @Test(arguments: [0, 1, 31, 32, 33, 64, 65, 1000])
    func heldStartsReadBackEveryStart(count: Int) {
        let widths = [1, 254, 255, 256, 3, 70_000, 0, 12, 5_000_000_000]
        var starts = HeldStarts()
        var expected: [Int] = []
        var at = 1
        for i in 0..<count {
            expected.append(at)
            starts.append(at)
            // Every third block has no long distance at all.
            at += (i / 32) % 3 == 2 ? 1 + i % 200 : widths[(i * 7) % widths.count]
        }
        #expect(starts.count == count)
        #expect(starts.isEmpty == (count == 0))
        for i in 0..<count {
            #expect(starts[i] == expected[i], "start \(i)")
            let (start, next) = starts.bounds(i)
            #expect(start == expected[i] && next == (i + 1 < count ? expected[i + 1] : nil), "bounds \(i)")
        }
    }

    /// Elements with what a writer and a reader could disagree on: escapes
    /// and non-ASCII text, numbers past 64 bits and their spellings, a
    /// repeated key (the last value counts), nested arrays, empty containers,
    /// scalars and `null` among objects, a value copied whole (`verbatim`)
    /// holding a repeated key, and members the plan does not read.
    static let elements = [
        #"{"id": 1, "name": "caf\u00e9 \"q\" \\ \n \u0001 \ud83d\ude00", "skip": [1, 2, {"a": 3}], "tags": ["a", "b"]}"#,
        #"{"id": 12345678901234567891, "name": "caf\#u{65}\#u{301}", "tags": {"x": 1, "x": 2}}"#,
        #"{"id": -0.0, "id": 1e400, "name": null, "tags": [], "extra": {"deep": [[[]]]}}"#,
        #"3"#, #"null"#, #""text""#, #"[{"id": 2}, [], [{"id": 3}]]"#, #"{}"#,
        #"{"name": {"first": "Ana"}, "tags": [[1, 2], {"k": [true, false, null]}], "id": 1.50}"#,
    ]

    static var document: String { "[" + elements.joined(separator: ", ") + "]" }

    /// What a relationship's mapper reads of each element: `id` and `name`,
    /// and `tags` copied whole.
    static let inner = JSONProjection.members(["id": .everything, "name": .everything, "tags": .verbatim])

    static func read(_ text: String, _ projection: JSONProjection, holdingFrom bytes: Int) throws -> JSONValue {
        let plan = ProjectionPlan(projection, holdingArraysFrom: bytes)
        return try Array(text.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(bytes: buffer, offset: 0)
            return try scanner.readValue(projection: plan)
        }
    }

    /// Whether two values are the same tree, `.compact` values compared by
    /// their text (what writers write of them).
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        JSONWriter.serialize(a, pretty: false) == JSONWriter.serialize(b, pretty: false) && a.kind == b.kind
    }

    /// From every threshold on: 0 holds the whole array, one past the first
    /// element holds the rest after writing the first, one past the array
    /// holds nothing.
    @Test(arguments: [0, 1, 40, 200, 100_000])
    func eachElementReadsBackAsThePlanReadsIt(holdingFrom bytes: Int) throws {
        let tree = try Self.read(Self.document, Self.inner, holdingFrom: 0)
        guard case .array(let expected) = tree else {
            Issue.record("the array read through its elements' projection is not an array")
            return
        }
        let held = try Self.read(Self.document, .elements(Self.inner), holdingFrom: bytes)
        switch held {
        case .compact(let text):
            #expect(bytes < Self.document.utf8.count)
            #expect(text.kind == .array)
            #expect(text.heldCount == expected.count)
            for i in expected.indices {
                #expect(Self.same(text.element(at: i), expected[i]), "element \(i)")
            }
            // The text is the array's compact JSON, as a writer writes the tree.
            #expect(text.text == JSONWriter.serialize(tree, pretty: false))
        case .array(let elements):
            #expect(bytes >= Self.document.utf8.count)
            #expect(elements.count == expected.count)
            for i in expected.indices { #expect(Self.same(elements[i], expected[i]), "element \(i)") }
        default:
            Issue.record("read as \(held.kind)")
        }
    }

    /// A key path through a held array (spec §4: a key maps over the
    /// elements) gives what it gives on the tree, element by element, each
    /// read back through a plan of just that member: `evaluate` and `find`
    /// (which tells a key no element has from one whose value is `null`),
    /// for members read, members left out, repeated keys, nested arrays,
    /// scalars and `null` among the elements, an index and `@count` after.
    @Test(arguments: [false, true])
    func keyPathsThroughAHeldArrayGiveTheTreesAnswers(caseInsensitive: Bool) throws {
        let projection = JSONProjection.members(["id": .everything, "name": .members(["first": .everything]), "tags": .verbatim])
        func read(_ projection: JSONProjection) throws -> JSONValue {
            let plan = ProjectionPlan(projection, caseInsensitive: caseInsensitive, holdingArraysFrom: 0)
            return try Array(Self.document.utf8).withUnsafeBytes { buffer in
                var scanner = JSONScanner(bytes: buffer, offset: 0)
                return try scanner.readValue(projection: plan)
            }
        }
        // Elements read as the projection reads them, and whole (copied as
        // well: a key reads only that member of each, exactly, or every
        // member when the lookup ignores case).
        for elementReads in [projection, .everything] {
            let tree = try read(elementReads)
            let held = try read(.elements(elementReads))
            guard case .compact(let text) = held, text.elements != nil else {
                Issue.record("not held: \(held.kind)")
                return
            }
            let context = KeyPathContext(root: tree, caseInsensitive: caseInsensitive)
            for path in ["id", "name", "name.first", "tags", "skip", "nope", "id.@count", "name.first.@count", "id[1]", "ID", "Name.First",
                         "id.@sum", "name.first.@max", "Skip.@avg"] {
                let keyPath = try KeyPath(parsing: path)
                let onTree = keyPath.evaluate(on: tree, context: context)
                let onHeld = keyPath.evaluate(on: held, context: context)
                #expect(onTree.map { JSONWriter.serialize($0, pretty: false) } == onHeld.map { JSONWriter.serialize($0, pretty: false) }, "\(path)")
                let foundOnTree = keyPath.find(in: tree, context: context)
                let foundOnHeld = keyPath.find(in: held, context: context)
                #expect(foundOnTree.map { JSONWriter.serialize($0, pretty: false) } == foundOnHeld.map { JSONWriter.serialize($0, pretty: false) }, "\(path)")
                // Where an operator has no value, the same reason.
                #expect(keyPath.arithmeticProblem(on: tree, context: context) == keyPath.arithmeticProblem(on: held, context: context), "\(path)")
            }
        }
        let held = try read(.elements(projection))
        guard case .compact(let text) = held, text.elements != nil else {
            Issue.record("not held: \(held.kind)")
            return
        }
        // The plan of one member reads only that member of an object element.
        #expect(text.element(at: 0, plan: text.elementPlan(readingOnly: "id", caseInsensitive: caseInsensitive)) == .object(JSONObject([("id", .number(JSONNumber(1)))]))
            || caseInsensitive)
    }

    /// A value that is not an array is read through the elements' plan, as
    /// it is without holding; an empty array stays a tree.
    @Test func otherValuesAreReadAsWithoutHolding() throws {
        for text in [#"{"id": 1, "skip": 2}"#, "7", "null", #""s""#, "[]", "[ ]"] {
            let held = try Self.read(text, .elements(Self.inner), holdingFrom: 0)
            let plain = try Self.read(text, Self.inner, holdingFrom: 0)
            #expect(held == plain, "\(text)")
        }
    }

    /// A syntax error inside a held array (before or after it is held) is
    /// the error a full read reports, at the same place.
    @Test(arguments: [
        #"[{"id": 1}, {"id": 2,}]"#, #"[{"id": 1}, {"id": "\q"}]"#, #"[{"id": 1}, {"id": 2}"#, #"[{"id": 1}, {"skip": tru}]"#,
        #"[{"id": 1} {"id": 2}]"#,
    ])
    func errorsAreAFullReadsErrors(_ text: String) {
        var full: JSONSyntaxError?
        do { _ = try JSONScanner.parse(Array(text.utf8)) } catch { full = error }
        #expect(full != nil)
        for bytes in [0, 5, 1_000] {
            var held: JSONSyntaxError?
            do { _ = try Self.read(text, .elements(Self.inner), holdingFrom: bytes) } catch { held = error as? JSONSyntaxError }
            #expect(held?.message == full?.message, "\(bytes)")
            #expect(held?.location == full?.location, "\(bytes)")
        }
    }

    /// `elements` is what the inner projection reads, held where nothing
    /// reads the value itself whole: members read through the array are
    /// members of each element, held in their text too; reading the whole
    /// value merges into the tree, except copying it as it is (`verbatim`):
    /// every element held whole is the array's compact text.
    /// An index after member names, when holding (`items[0].name`): the
    /// array is read for `elements`, each element as the rest of the path
    /// reads it, a whole element when the path ends there (a tree even when
    /// copied as it is). Not holding, at the start of the path, or after
    /// another index: the whole value from the index on, as before.
    @Test func anIndexReadsEachElementAsTheRestOfThePathWhenHolding() {
        func reads(_ components: [KeyPath.Component], then tail: JSONProjection = .everything, holding: Bool) -> JSONProjection {
            var projection = JSONProjection.nothing
            projection.add(
                componentsOf: KeyPath(source: "", anchor: .representation, components: components), then: tail, holdingIndexes: holding)
            return projection
        }
        let name: [KeyPath.Component] = [.key("items"), .index(0), .key("name")]
        #expect(reads(name, holding: true) == .members(["items": .elements(.members(["name": .everything]))]))
        #expect(reads(name, holding: false) == .members(["items": .everything]))
        #expect(reads([.key("items"), .index(-1)], then: .verbatim, holding: true) == .members(["items": .elements(.everything)]))
        #expect(reads([.key("items"), .index(2), .key("tags"), .collection(.count)], holding: true)
            == .members(["items": .elements(.members(["tags": .countOnly]))]))
        #expect(reads([.key("items"), .index(0), .index(1)], holding: true) == .members(["items": .elements(.everything)]))
        #expect(reads([.index(0), .key("name")], holding: true) == .everything)
        // An operator after a member name reads each element of that array whole.
        #expect(reads([.key("items"), .index(0), .key("price"), .collection(.sum)], holding: true)
            == .members(["items": .elements(.members(["price": .elements(.everything)]))]))
        #expect(reads([.key("items"), .collection(.distinctUnionOfObjects), .key("name")], holding: true)
            == .members(["items": .elements(.everything)]))
        #expect(reads([.key("items"), .collection(.sum)], holding: false) == .members(["items": .everything]))
        #expect(reads([.collection(.max)], holding: true) == .everything)
    }

    @Test func mergingWithMembersStaysHeldAndWithTheWholeReadsTheTree() {
        let a = JSONProjection.members(["id": .everything])
        let b = JSONProjection.members(["name": .everything])
        #expect(JSONProjection.elements(a).merged(with: .elements(b)) == .elements(a.merged(with: b)))
        #expect(JSONProjection.elements(a).merged(with: .nothing) == .elements(a))
        #expect(JSONProjection.nothing.merged(with: .elements(a)) == .elements(a))
        #expect(JSONProjection.elements(a).merged(with: b) == .elements(.members(["id": .everything, "name": .everything])))
        #expect(b.merged(with: .elements(a)) == .elements(.members(["id": .everything, "name": .everything])))
        #expect(JSONProjection.elements(a).merged(with: .countOnly) == .elements(a))
        #expect(JSONProjection.elements(a).merged(with: .everything) == .everything)
        #expect(JSONProjection.elements(a).merged(with: .verbatim) == .elements(.everything))
        #expect(JSONProjection.verbatim.merged(with: .elements(a)) == .elements(.everything))
        // A key path through the array (`items.name`) reads those members of each element.
        #expect(JSONProjection.elements(a).adding(["name"]) == .elements(.members(["id": .everything, "name": .everything])))
        #expect(JSONProjection.nothing.adding(["items"], then: .elements(a)).adding(["items", "name"])
            == .members(["items": .elements(.members(["id": .everything, "name": .everything]))]))
        // The array itself read whole (an identification of it, a value
        // validated or connected): the tree. (An index reads each element,
        // `anIndexReadsEachElementAsTheRestOfThePathWhenHolding`.)
        #expect(JSONProjection.nothing.adding(["items"], then: .elements(a)).adding(["items"])
            == .members(["items": .everything]))
        #expect(JSONProjection.elements(.members(["Id": .everything])).folded == .elements(.members(["id": .everything])))
    }

    /// The projection of a document mapped whole holds a relationship's
    /// source, but not what an attribute or a nil key path also reads, nor
    /// the source of a mapper that reads nothing; a count (`@count`) is
    /// read from the held text, so a counted source is still held, and so
    /// is one an operator reads (`items.@sum.ID`), every element whole.
    @Test func aRelationshipsSourceIsHeldWhenNothingElseReadsIt() throws {
        func projection(_ spec: String) throws -> JSONProjection {
            let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
            return graph.documentProjection(for: graph.descriptors, holding: true)
        }
        let item = #"{"id": "item", "target": "Item", "attributes": {"ID": "id"}}"#
        let held = try projection(#"{"keyPath": "", "root-map-ref": "list", "mappers": [{"id": "list", "target": "List", "attributes": {"kind": "kind"}, "relationships": [{"from": "data.items", "to": "all.items", "map-ref": "item", "many": true}]}, "# + item + "]}")
        #expect(held == .members(["kind": .everything, "data": .members(["items": .elements(.members(["ID": .everything]))])]))
        let counted = try projection(#"{"keyPath": "", "root-map-ref": "list", "mappers": [{"id": "list", "target": "List", "attributes": {"items.@count": "n"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item"}]}, "# + item + "]}")
        #expect(counted == .members(["items": .elements(.members(["ID": .everything]))]))
        let read = try projection(#"{"keyPath": "", "root-map-ref": "list", "mappers": [{"id": "list", "target": "List", "attributes": {"items.@sum.ID": "n"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item"}]}, "# + item + "]}")
        // An operator other than `@count` reads every element whole, one at
        // a time (`KeyPath.heldResult`): held, each element's whole text.
        #expect(read == .members(["items": .elements(.everything)]))
        // A matcher that asks only whether `items` is an array, or compares
        // a scalar there, reads its kind: still held. One that expects an
        // array value compares the whole: the tree.
        func chosen(_ matcher: String) throws -> JSONProjection {
            try projection(#"{"keyPath": "", "root-map-ref": "choice", "mappers": [{"id": "choice", "dynamic": true, "matchers": [\#(matcher)]}, {"id": "list", "target": "List", "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]}, "# + item + "]}")
        }
        let heldItems = JSONProjection.members(["items": .elements(.members(["ID": .everything]))])
        #expect(try chosen(#"{"keyPath": "items", "expectType": "array", "map-ref": "list"}"#) == heldItems)
        #expect(try chosen(#"{"keyPath": "items", "expectValue": 3, "map-ref": "list"}"#) == heldItems)
        #expect(try chosen(#"{"predicate": "items.@count > 2", "map-ref": "list"}"#) == heldItems)
        #expect(try chosen(#"{"keyPath": "items", "expectValue": [1], "map-ref": "list"}"#) == .members(["items": .everything]))
        // Key paths through the array, from an attribute, a matcher and a
        // predicate: those members of each element, still held.
        let through = try projection(#"{"keyPath": "", "root-map-ref": "list", "mappers": [{"id": "list", "target": "List", "attributes": {"items.Name": "names"}, "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}, "# + item + "]}")
        #expect(through == .members(["items": .elements(.members(["ID": .everything, "Name": .everything]))]))
        #expect(try chosen(#"{"keyPath": "items.kind", "expectType": "array", "map-ref": "list"}"#)
            == .members(["items": .elements(.members(["ID": .everything, "kind": .countOnly]))]))
        #expect(try chosen(#"{"predicate": "ANY items.Price > 2", "map-ref": "list"}"#)
            == .members(["items": .elements(.members(["ID": .everything, "Price": .everything]))]))
    }

    /// Records as `rkmap serialize` reads them (`ProjectionPlan(recordsHoldingArraysFrom:)`):
    /// an array member of a record (an object, or an object in a top-level
    /// array, at any nesting of arrays) is held once it spans the bytes;
    /// everything else, inside a held element too, is the tree a whole read
    /// makes; a repeated key keeps its first place and last value.
    @Test(arguments: [0, 40, 100_000])
    func recordsHoldTheirArrayMembers(holdingFrom bytes: Int) throws {
        let record = #"{"@type": "List", "items": "# + Self.document + #", "meta": {"list": [1, 2, 3]}, "n": 1, "items": "# + Self.document + "}"
        for text in [record, "[" + record + ", [" + record + "], 5]", #""s""#, "[]", "{}"] {
            let whole = try Array(text.utf8).withUnsafeBytes { buffer in
                var scanner = JSONScanner(bytes: buffer, offset: 0)
                return try scanner.readValue()
            }
            let read = try Array(text.utf8).withUnsafeBytes { buffer in
                var scanner = JSONScanner(bytes: buffer, offset: 0)
                return try scanner.readValue(projection: ProjectionPlan(recordsHoldingArraysFrom: bytes))
            }
            #expect(read == whole, "\(text.prefix(40))")
            #expect(Self.same(read, whole), "\(text.prefix(40))")
            var records: [JSONValue] = []
            func collect(_ value: JSONValue) {
                if case .array(let elements) = value { elements.forEach(collect) } else { records.append(value) }
            }
            collect(read)
            for case .object(let object) in records where object["items"] != nil {
                let items = object["items"]!
                if bytes < Self.document.utf8.count {
                    guard case .compact(let held) = items, held.elements != nil else {
                        Issue.record("items not held from \(bytes) bytes: \(items.kind)")
                        continue
                    }
                    #expect(held.heldCount == Self.elements.count)
                    // Inside a held element nothing is held again.
                    guard case .object(let first) = held.element(at: 0) else { continue }
                    if case .compact = first["skip"]! { Issue.record("a held element holds an array") }
                } else if case .compact = items {
                    Issue.record("items held though shorter than \(bytes) bytes")
                }
                if case .compact = object["meta"]! { Issue.record("an object member is held") }
                if case .object(let meta) = object["meta"]!, case .compact = meta["list"]! { Issue.record("a nested array is held") }
                #expect(object.keys == ["@type", "items", "meta", "n"])
            }
        }
    }

    /// A syntax error in a record is the error a full read reports, at the same place.
    @Test(arguments: [
        #"{"items": [{"id": 1}, {"id": 2,}]}"#, #"{"items": [1, 2] "n": 1}"#, #"[{"a": [1]}, {"a": [1, 2}]"#, #"{"a": [1], "#,
        #"{"a" [1]}"#,
    ])
    func recordsFailAsAWholeReadFails(_ text: String) {
        var full: JSONSyntaxError?
        do { _ = try JSONScanner.parse(Array(text.utf8)) } catch { full = error }
        #expect(full != nil)
        var held: JSONSyntaxError?
        do {
            _ = try Array(text.utf8).withUnsafeBytes { buffer in
                var scanner = JSONScanner(bytes: buffer, offset: 0)
                return try scanner.readValue(projection: ProjectionPlan(recordsHoldingArraysFrom: 0))
            }
        } catch {
            held = error as? JSONSyntaxError
        }
        #expect(held?.message == full?.message)
        #expect(held?.location == full?.location)
    }

    /// `@distinctUnionOfObjects` of a held array with repeats keeps the
    /// first of each, in order, held as the kept elements' text (read back
    /// through the same plan), never a tree of them; without repeats, the
    /// held array itself.
    @Test(arguments: [
        (#"[{"id": 1, "x": 9}, {"id": 2}, {"id": 1, "x": 8}, 3, {"id": 2}, null, 3, [1], [1], "a", {"id": 1}]"#, 6),
        (#"[{"id": 1}, {"id": 1}]"#, 1),
        (#"[1, 2, 3]"#, 3),
        (#"[{"id": 1}, {"id": 2}, {"id": 2}]"#, 2),
    ])
    func distinctElementsOfAHeldArrayAreHeld(text: String, count: Int) throws {
        let projection = JSONProjection.elements(.members(["id": .everything]))
        let tree = try Self.read(text, projection, holdingFrom: 1_000_000)
        let held = try Self.read(text, projection, holdingFrom: 0)
        guard case .array(let elements) = tree, case .compact(let array) = held else {
            Issue.record("\(tree) \(held)")
            return
        }
        let distinct = JSONValue.distinctElements(of: array)
        guard case .compact(let kept) = distinct, kept.elements != nil else {
            Issue.record("not held: \(distinct)")
            return
        }
        let expected = JSONValue.distinct(elements)
        #expect(kept.heldCount == count && expected.count == count)
        #expect(Self.same(distinct, .array(expected)), "\(kept.text)")
        for i in 0..<kept.heldCount { #expect(kept.element(at: i) == expected[i]) }
        #expect(count < elements.count ? kept !== array : kept === array)
    }

    /// Element starts take 4 bytes each until one is past `UInt32.max`,
    /// then every start is kept as an `Int`, the earlier ones too.
    @Test func heldStartsWidenPastFourGiB() {
        var starts = HeldStarts()
        let values = [0, 1, 40, Int(UInt32.max), Int(UInt32.max) + 1, 1 << 40]
        for (i, value) in values.enumerated() {
            starts.append(value)
            #expect(starts.count == i + 1)
            for j in 0...i { #expect(starts[j] == values[j]) }
        }
    }
}
