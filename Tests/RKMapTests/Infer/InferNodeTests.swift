import Testing
@testable import RKMap

/// `InferNode` reads a kept document where it is, in its shape key: what it
/// reads (kinds, members, elements, one member) must be what the document
/// read back whole holds, repeated member values (`SharedValues`) included.
@Suite struct InferNodeTests {
    /// The documents `texts` taken from a sample set (every one held as its key).
    static func taken(_ texts: [String]) throws -> (InferDocuments, [JSONValue]) {
        let documents = try texts.map(InferSampleSetTests.parse)
        var set = InferSampleSetTests.kept(documents)
        let taken = set.takeDocuments()
        return (taken, Array(taken))
    }

    /// What a node holds, read through its members and elements only.
    static func rebuilt(_ node: InferNode) -> JSONValue {
        switch node.kind {
        case .object:
            var members: [JSONObject.Member] = []
            node.forEachMember { key, value in
                members.append(JSONObject.Member(key: key, value: rebuilt(value)))
                return true
            }
            return .object(JSONObject(uniqueUnindexedMembers: members))
        case .array:
            var elements: [JSONValue] = []
            node.forEachElement { elements.append(rebuilt($0)) }
            return .array(elements)
        case .null, .scalar:
            return node.value()
        }
    }

    @Test func aDocumentReadWhereItIsHoldsWhatItHoldsReadWhole() throws {
        // `b` and `d` repeat `a` and `c` (one value each in the key); `big` has
        // enough members to be a large object (its count in the key).
        let (taken, whole) = try Self.taken([
            #"{"first": true}"#,
            #"{"a": {"x": 1, "y": [2, {"z": null}]}, "b": {"x": 1, "y": [2, {"z": null}]}, "c": [1, "two"], "d": [1, "two"], "#
                + #""e": "text", "big": {"k1": 1, "k2": 2, "k3": 3, "k4": {"a": {"x": 1, "y": [2, {"z": null}]}}}, "n": null, "f": false}"#,
            #"[{"id": 1}, [], {"id": 2, "more": [{"id": 3}]}, 4]"#,
        ])
        #expect(taken.count == 3)
        for i in taken.indices {
            let node = taken.node(i)
            guard case .key = node else {
                Issue.record("document \(i) is not read from its key")
                continue
            }
            #expect(Self.rebuilt(node) == whole[i], "document \(i)")
            #expect(node.value() == whole[i])
        }
        let document = taken.node(1)
        #expect(document.kind == .object)
        #expect(document.memberCount == 8)
        #expect(document.member("b")?.value() == whole[1]["a"])
        #expect(document.member("d")?.kind == .array)
        #expect(document.member("n")?.kind == .null)
        #expect(document.member("e")?.kind == .scalar)
        #expect(document.member("missing") == nil)
        #expect(document.member("big")?.memberCount == 4)
        #expect(document.node(at: ["big", "k4", "a", "x"])?.value() == .number(JSONNumber(1)))
        #expect(document.node(at: ["a", "y"])?.kind == .array)
        #expect(document.node(at: ["e", "x"]) == nil)
        // Members built one at a time, skipping `a`: `b` repeats it, and is
        // built from where `a` is.
        var built: [String: JSONValue] = [:]
        document.forEachMemberValue(skipping: { $0 == "a" || $0 == "c" }) { key, value in
            built[key] = value
            return true
        }
        #expect(built.keys.sorted() == ["b", "big", "d", "e", "f", "n"])
        #expect(built["b"] == whole[1]["a"])
        #expect(built["d"] == whole[1]["c"])
        // Stopping early stops.
        var visited: [String] = []
        document.forEachMember { key, _ in
            visited.append(key)
            return key != "c"
        }
        #expect(visited == ["a", "b", "c"])
        // A root array's elements, each where it is.
        var kinds: [InferNode.Kind] = []
        taken.node(2).forEachElement { kinds.append($0.kind) }
        #expect(kinds == [.object, .array, .object, .scalar])
    }

    /// The objects at one place keep whole documents in 4 bytes each, and
    /// places inside documents (and held trees) in 8 once one comes: each
    /// read back in order, and subsets too.
    @Test func objectsAtOnePlaceAreReadBackInOrder() throws {
        let (taken, whole) = try Self.taken([#"{"id": 1}"#, #"{"items": [{"id": 2}, {"id": 3, "x": "y"}]}"#, #"{"id": 4, "z": 1}"#])
        guard case .object(let held) = try InferSampleSetTests.parse(#"{"held": true}"#) else {
            Issue.record("not an object")
            return
        }
        var nodes: [InferNode] = [taken.node(0), .tree(.object(held)), taken.node(2)]
        var expected: [JSONValue] = [whole[0], .object(held), whole[2]]
        // Documents and a held object only.
        var collector = InferObjects.Collector(trees: 1, inKeys: 2)
        nodes.forEach { collector.add($0) }
        var objects = collector.objects
        #expect(objects.indices.map { JSONValue.object(objects[$0]) } == expected)
        #expect(objects.heldObject(1) != nil && objects.heldObject(0) == nil)
        // Then places inside a document.
        taken.node(1).member("items")?.forEachElement { nodes.append($0) }
        guard case .array(let items)? = whole[1]["items"] else {
            Issue.record("no items")
            return
        }
        expected += items
        collector = InferObjects.Collector(trees: 1, inKeys: 4)
        nodes.forEach { collector.add($0) }
        objects = collector.objects
        #expect(objects.indices.map { JSONValue.object(objects[$0]) } == expected)
        let subset = objects.subset([1, 4])
        #expect(subset.indices.map { JSONValue.object(subset[$0]) } == [expected[1], expected[4]])
        #expect(subset.heldObject(0) != nil && subset.heldObject(1) == nil)
    }

    /// Fields whose values are arrays or objects read from keys are kept
    /// where they are until they make a relationship; a scalar among them
    /// (before or after) makes the field an attribute of them all, built
    /// in order: the same spec as the documents read whole.
    @Test func fieldsOfValuesReadFromKeysInferAsTheDocumentsDo() throws {
        let texts = [
            #"{"items": [{"id": 1, "meta": {"a": 1}, "tags": [1, 2], "mixed": {"a": 1}, "late": [{"b": 1}], "e": {}}]}"#,
            #"{"items": [{"id": 2, "meta": {"a": 2, "c": "x"}, "tags": ["x"], "mixed": "text", "late": [{"b": 2}], "e": {}}, "#
                + #"{"id": 3, "meta": null, "tags": [], "mixed": [{"a": 1}], "late": {"b": 3}, "e": {"": 1}}]}"#,
            #"{"items": [{"id": 4, "mixed": {"a": 2}, "late": "now", "meta": {"a": 3}}]}"#,
        ]
        let documents = try texts.map(InferSampleSetTests.parse)
        let expected = try InferSampleSetTests.infer(documents)
        #expect(try InferSampleSetTests.inferTaken(InferSampleSetTests.kept(documents)) == expected)
        // Without the last document, `late` is a relationship to objects
        // met in arrays and alone.
        let first = Array(documents.prefix(2))
        let spec = try InferSampleSetTests.inferTaken(InferSampleSetTests.kept(first))
        #expect(spec == (try InferSampleSetTests.infer(first)))
        #expect(spec.text.contains(#""late""#))
    }
}

/// Kept documents' numbers, 4 bytes each from their chunk's first.
@Suite struct InferOriginsTests {
    @Test func numbersAreReadBackAsAppended() {
        var numbers: [Int] = []
        var next = 0
        for i in 0..<10_000 {
            numbers.append(next)
            // Runs of consecutive numbers, gaps, and gaps past 2^32.
            next += i % 7 == 0 ? 3 : i == 5_000 || i == 9_000 ? 1 << 33 : 1
        }
        var origins = InferOrigins()
        #expect(origins.isEmpty)
        for number in numbers { origins.append(number) }
        #expect(origins.count == numbers.count)
        #expect(Array(origins) == numbers)
        #expect(origins[4_096] == numbers[4_096] && origins[5_001] == numbers[5_001] && origins[9_999] == numbers[9_999])
    }

    /// Every document kept (samples whose keys all differ): a chunk of
    /// consecutive numbers holds only its count, and is written out from
    /// its first skip on, a number far past it too.
    @Test func consecutiveNumbersAreCountedUntilOneSkips() {
        var numbers = Array(0..<9_000)
        numbers += [9_002, 9_003, 9_004 + (1 << 33), 9_005 + (1 << 33)]
        numbers += (0..<5_000).map { 9_006 + (1 << 33) + $0 }
        var origins = InferOrigins()
        for number in numbers { origins.append(number) }
        #expect(Array(origins) == numbers)
        // Chunks 0 and 1 (0..<8,192) consecutive; chunk 2 written out
        // (808 consecutive before the skip, 3,288 after); chunk 3 starts at
        // a far number and is consecutive again.
        #expect(origins.writtenOut == 4_096)
        #expect(origins[8_999] == 8_999 && origins[9_000] == 9_002 && origins[9_002] == 9_004 + (1 << 33))
        #expect(origins[numbers.count - 1] == numbers.last)
        var late = InferOrigins()
        for number in 5..<20 { late.append(number) }
        #expect(Array(late) == Array(5..<20) && late.writtenOut == 0)
    }
}

/// Objects that are documents 0, 1, 2, … in order are held as their count;
/// anything else after them keeps every one.
@Suite struct InferObjectsRefsTests {
    @Test func documentsInOrderAreCountedThenListed() throws {
        let (taken, whole) = try InferNodeTests.taken([#"{"a": 1}"#, #"{"b": 2}"#, #"{"c": 3}"#, #"{"items": [{"d": 4}]}"#])
        var collector = InferObjects.Collector(trees: 0, inKeys: 3)
        for i in 0..<3 { collector.add(taken.node(i)) }
        let inOrder = collector.objects
        #expect(inOrder.indices.map { JSONValue.object(inOrder[$0]) } == Array(whole.prefix(3)))
        #expect(inOrder.subset([0, 2]).indices.map { JSONValue.object(inOrder.subset([0, 2])[$0]) } == [whole[0], whole[2]])
        // Out of order, then a held tree, then a place inside a document.
        collector = InferObjects.Collector(trees: 1, inKeys: 4)
        collector.add(taken.node(0))
        collector.add(taken.node(2))
        collector.add(taken.node(1))
        collector.add(.tree(whole[3]))
        let element = try #require(taken.node(3).node(at: ["items"]))
        var elements: [InferNode] = []
        element.forEachElement { elements.append($0) }
        collector.add(elements[0])
        let mixed = collector.objects
        // (Kept samples' scalars are their classes' representatives: `d` reads back as 1.)
        guard case .array(let items)? = whole[3]["items"] else {
            Issue.record("no items")
            return
        }
        let expected: [JSONValue] = [whole[0], whole[2], whole[1], whole[3], items[0]]
        #expect(mixed.indices.map { JSONValue.object(mixed[$0]) } == expected)
    }
}

/// A document that nests `nodeDepthLimit` arrays and objects or more is
/// taken as a tree: read in place, visiting its objects level by level
/// skipped each level's subtree again (time growing with the square of
/// the depth: 6 objects nested 9,990 deep took 11 s).
@Suite struct InferDeepDocumentTests {
    static func nested(_ depth: Int, innermost: String) -> String {
        String(repeating: #"{"a": "#, count: depth - 1) + #"{"\#(innermost)": 1}"# + String(repeating: "}", count: depth - 1)
    }

    @Test func aDeeplyNestedDocumentIsTakenAsATree() throws {
        let limit = InferSampleSet.nodeDepthLimit
        let texts = [#"{"first": true}"#, Self.nested(limit, innermost: "deep"), Self.nested(limit - 1, innermost: "shallow"),
                     "[" + Self.nested(limit - 1, innermost: "inArray") + "]"]
        let (taken, whole) = try InferNodeTests.taken(texts)
        #expect(taken.indices.map { InferSampleSetTests.isKey(taken.node($0)) } == [true, false, true, false])
        #expect(Array(taken) == whole)
        let documents = try texts.map(InferSampleSetTests.parse)
        #expect(try InferSampleSetTests.inferTaken(InferSampleSetTests.kept(documents)) == InferSampleSetTests.infer(documents))
    }

    @Test func nestingIsCountedFromTheValue() throws {
        let (taken, _) = try InferNodeTests.taken([#"{"x": 1}"#, #"{"a": [{"b": [1, {"c": {}}]}], "d": "e"}"#])
        func nests(_ depth: Int) -> Bool {
            guard case .key(let keys, let key, let offset) = taken.node(1) else { return false }
            return keys.withReader(key, at: offset) { $0.nests(atLeast: depth) }
        }
        // The object, `a`'s array, its object, `b`'s array, the object
        // holding `c`, and `c`'s empty object: six.
        #expect(nests(6) && !nests(7))
        #expect(nests(0) && nests(1))
    }
}
