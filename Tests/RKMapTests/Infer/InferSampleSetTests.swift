import Foundation
import Testing
@testable import RKMap

/// `InferSampleSet` keeps one sample per distinct shape (docs/spec.md §15):
/// inferring from what it keeps must give exactly the spec inferring from
/// every document gives.
@Suite struct InferSampleSetTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/infer")

    /// Each sample of `fixtures/infer` (a file, or a directory of samples
    /// inferred together) as its documents.
    static func corpusCases() throws -> [(name: String, documents: [JSONValue])] {
        var cases: [(String, [JSONValue])] = []
        let entries = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        for entry in entries where entry != "expected" && entry != "README.md" {
            let url = corpus.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            let files = isDirectory.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
                    .map { url.appendingPathComponent($0) }
                : entry.hasSuffix(".json") ? [url] : []
            var documents: [JSONValue] = []
            for file in files {
                var reader = JSONDocumentReader(bytes: Array(try Data(contentsOf: file)))
                while let document = try reader.next() { documents.append(document) }
            }
            if !documents.isEmpty { cases.append((entry, documents)) }
        }
        return cases
    }

    static func infer(_ documents: [JSONValue], _ options: InferOptions = InferOptions()) throws -> InferredSpec {
        try SpecInferrer.infer(samples: documents, options: options)
    }

    static func kept(_ documents: [JSONValue]) -> InferSampleSet {
        var set = InferSampleSet()
        for document in documents { set.add(document) }
        return set
    }

    /// As `rkmap infer` infers: from the documents taken from the set, read
    /// back from their keys as they are visited (`InferDocuments`).
    static func inferTaken(_ set: InferSampleSet, _ options: InferOptions = InferOptions()) throws -> InferredSpec {
        var taking = set
        return try SpecInferrer.infer(samples: taking.takeDocuments(), contentOutlines: set.contentOutlines, options: options)
    }

    @Test func theCorpusInfersTheSameSpecFromTheKeptSamples() throws {
        let cases = try Self.corpusCases()
        #expect(cases.count >= 10)
        for (name, documents) in cases {
            let expected = try Self.infer(documents)
            #expect(try Self.infer(Self.kept(documents).documents) == expected, "\(name)")
            #expect(try Self.inferTaken(Self.kept(documents)) == expected, "\(name) taken")
            // Every sample read three times over: repeats add nothing.
            let repeated = Self.kept(documents + documents + documents)
            #expect(repeated.count == documents.count * 3)
            #expect(try Self.infer(repeated.documents) == expected, "\(name) repeated")
            #expect(try Self.inferTaken(repeated) == expected, "\(name) repeated, taken")
            for options in [InferOptions(entity: true), InferOptions(rootName: "Thing")] {
                #expect(try Self.infer(Self.kept(documents).documents, options) == Self.infer(documents, options), "\(name)")
                #expect(try Self.inferTaken(Self.kept(documents), options) == Self.infer(documents, options), "\(name) taken")
            }
        }
    }

    /// Keys are held in blocks (`ShapeKeyStore`), none split: a repeat of a
    /// key in any block is found (of a document, and of an array element
    /// under its place), and each key reads back from its block; a key
    /// larger than a block is a block of its own.
    @Test func keysHeldInManySmallBlocksAreFoundAndReadBack() throws {
        var documents: [JSONValue] = []
        for i in 0..<300 { documents.append(try Self.parse(#"{"key_\#(i)": "v", "items": [{"n\#(i % 7)": 1}, {"m": \#(i)}]}"#)) }
        let members = (0..<200).map { #""wide_\#($0)": null"# }.joined(separator: ", ")
        documents.insert(try Self.parse("{\(members)}"), at: 150)
        // Every document again, the newest first: each a repeat of one in
        // an earlier block (a document whose elements were met by then is
        // another shape the second time, and kept: the first few).
        let added = documents + documents.reversed()
        var set = InferSampleSet(keyBlockBytes: 64)
        for document in added { set.add(document) }
        let reference = Self.kept(added)
        #expect(set.count == added.count)
        #expect(set.origins == reference.origins)
        #expect(set.origins.count < documents.count + 10, "\(set.origins.count) kept")
        #expect(set.documents.elementsEqual(reference.documents), "read back differently")
        var taking = set
        #expect(Array(taking.takeDocuments()).elementsEqual(reference.documents), "taken differently")
        #expect(try Self.inferTaken(set) == Self.infer(documents))
    }

    /// Taken documents are their keys, each read where it is as it is
    /// visited (`InferNode`): an object by its place in its key
    /// (`InferObjects`), a large one too (it was built as a tree when
    /// taken); a root array or scalar is read to be collected. Read in
    /// order, they are the kept documents, and they infer the spec the
    /// documents themselves infer.
    @Test func takenDocumentsAreReadBackAsTheyAreVisited() throws {
        let members = (0..<6_000).map { #""member_\#($0)": \#($0 % 3 == 0 ? "{\"a\": 1}" : "\"v\"")"# }.joined(separator: ", ")
        let large = try Self.parse("{\(members)}")
        var documents: [JSONValue] = []
        for i in 0..<40 { documents.append(try Self.parse(#"{"k\#(i)": "v", "id": \#(i)}"#)) }
        documents.insert(large, at: 7)
        documents.insert(try Self.parse(#"[{"id": 1, "array": true}, 2]"#), at: 3)
        documents.insert(try Self.parse("12"), at: 20)
        let set = Self.kept(documents)
        let kept = set.documents
        #expect(kept.count == 43)
        var taking = set
        let taken = taking.takeDocuments()
        #expect(Array(taken) == kept)
        // Every document a key, the large object too; 41 objects.
        #expect(taken.indices.allSatisfy { Self.isKey(taken.node($0)) })
        let objects = taken.indices.filter { taken.node($0).kind == .object }
        #expect(objects.count == 41 && !objects.contains(3) && objects.contains(8) && !objects.contains(20))
        #expect(try Self.inferTaken(set) == Self.infer(documents))
        #expect(try Self.inferTaken(set, InferOptions(entity: true)) == Self.infer(documents, InferOptions(entity: true)))
    }

    /// Whether `node` is read from a key (not a tree).
    static func isKey(_ node: InferNode) -> Bool {
        if case .key = node { return true }
        return false
    }

    static func parse(_ text: String) throws -> JSONValue {
        var reader = JSONDocumentReader(bytes: Array(text.utf8))
        return try #require(try reader.next())
    }

    /// A kept document is held as its shape key and read back from it: as
    /// it was (its scalars here are each the first of their class), keys
    /// of every length (7 bytes, once the object's end tag; 119 and more,
    /// counted in two bytes), discriminator strings, empty containers, and
    /// equal member values as one value sharing its storage, as rewriting
    /// made them (`SharedValues`), past the few compared by scanning, in an
    /// object large enough that its key counts its members.
    @Test func keptDocumentsReadBackAsTheyWereRewritten() throws {
        let long = String(repeating: "\u{E9}", count: 60)
        let values = (1...70).map { #""\#($0)": {"x": true, "y": [null]}"# }.joined(separator: ", ")
        let text = #"{"abcdefg": {}, "k": [[], {}], "type": "x", "\#(long)": {"abcdefg": {"a": null}}, "d": {\#(values)}, "": false}"#
        let documents = [try Self.parse(#"{"a": null}"#), try Self.parse(text)]
        let set = Self.kept(documents)
        let kept = set.documents
        #expect(kept == documents)
        guard kept.count == 2, case .object(let d)? = kept[1]["d"] else {
            Issue.record("not read back: \(kept)")
            return
        }
        let storages = d.members.map { member -> UInt? in
            guard case .object(let value) = member.value else { return nil }
            return value.storage
        }
        #expect(storages.count == 70 && storages[0] != nil && Set(storages).count == 1)
        // In room of its size (grown by doubling it would hold 128).
        #expect(d.members.capacity < 96)
        // Read back anew each time, and taken once.
        var taking = set
        #expect(Array(taking.takeDocuments()) == documents)
        #expect(taking.documents.isEmpty && taking.count == 2)
    }

    /// A field's values hold no scalar twice in a row (each object's `id`
    /// at a place is one representative, and was a copy each): a repeat is
    /// the same text, so `1.0` after `1` and one spelling of a string after
    /// another are kept, as they may answer apart.
    @Test func aFieldsValuesRepeatNoScalar() {
        let one = JSONValue.number(JSONNumber("1")), onePointZero = JSONValue.number(JSONNumber("1.0"))
        let decomposed = JSONValue.string("e\u{301}"), composed = JSONValue.string("\u{E9}")
        var values = InferValues.none
        for value in [one, one, onePointZero, decomposed, composed, composed, .bool(true), .bool(true), one, one] {
            values.append(value)
        }
        let texts = { (values: [JSONValue]) in values.map { JSONWriter.serialize($0, pretty: false) } }
        #expect(texts(values.all) == texts([one, onePointZero, decomposed, composed, .bool(true), one]))
        var many = InferValues.none
        for _ in 0..<1_000 { many.append(one) }
        #expect(texts(many.all) == ["1"])
    }

    /// A stream of records that differ only in their values keeps one document.
    @Test func recordsOfOneShapeKeepOneDocument() throws {
        let documents = try (0..<1_000).map { i in
            try Self.parse(#"{"id": \#(i), "title": "article \#(i)", "score": \#(i).5, "at": "2024-01-0\#(i % 9 + 1)T10:00:00Z", "tags": ["a", "b\#(i % 7)"], "author": {"name": "n\#(i % 13)"}}"#)
        }
        let set = Self.kept(documents)
        #expect(set.count == 1_000)
        #expect(set.documents.count <= 2)
        #expect(try Self.infer(set.documents) == Self.infer(documents))
    }

    /// Documents that each hold records of a few shapes in a different mix
    /// (a CloudTrail file's `Records` per line): an element of a shape kept
    /// at its place in an earlier document is dropped, so a mix of known
    /// shapes is a known document and memory follows the shapes, not the
    /// documents (each had been kept, 254 MB for 100 MB). An array whose
    /// elements are all known keeps one, so it is not made empty.
    @Test func aMixOfKnownRecordShapesKeepsNoNewDocument() throws {
        let shapes = [
            #"{"id": 1, "name": "a"}"#, #"{"id": 2, "name": "b", "error": "denied"}"#,
            #"{"id": 3, "name": "c", "params": {"bucket": "x"}}"#, #"{"id": 4, "name": "d", "params": null}"#,
        ]
        var mix = SystemRandomNumberGenerator()
        var documents = [try Self.parse(#"{"Records": [\#(shapes.joined(separator: ", "))]}"#)]
        for _ in 0..<300 {
            let records = (0..<8).map { _ in shapes[Int.random(in: 0..<shapes.count, using: &mix)] }
            documents.append(try Self.parse(#"{"Records": [\#(records.joined(separator: ", "))]}"#))
        }
        documents.append(try Self.parse(#"{"Records": []}"#))
        documents.append(try Self.parse(#"{"Records": [{"id": 5, "name": "e", "new": true}, {"id": 6, "name": "f"}]}"#))
        let set = Self.kept(documents)
        #expect(set.count == 303)
        // The first document; at most one per shape of the mixes (all their
        // records seen, the first kept: `{"Records": [shape]}`); the empty
        // one; the new shape's. Each mix kept whole would be about 300.
        #expect(set.documents.count <= 1 + shapes.count + 2)
        #expect(set.documents.dropFirst().map { JSONWriter.serialize($0, pretty: false) }.contains(#"{"Records":[]}"#))
        #expect(try Self.infer(set.documents) == Self.infer(documents))
    }

    /// What changes a decision is kept: a later value of another class (a
    /// string that is not a date, a number that is not an integer), new keys,
    /// and discriminator values, which name dynamic mappers' choices.
    @Test func valuesThatChangeTheSpecAreKept() throws {
        let lines = [
            #"{"id": 1, "at": "2024-01-01T10:00:00Z", "type": "post", "text": "x"}"#,
            #"{"id": 2, "at": "2024-01-02T10:00:00Z", "type": "post", "text": "y"}"#,
            #"{"id": 3.5, "at": "soon", "type": "photo", "url": "https://example.com/p.jpg"}"#,
            #"{"id": 4, "at": "2024-01-03T10:00:00Z", "type": "video", "url": "https://example.com/v", "length": 12}"#,
            #"{"id": 5, "at": "2024-01-04T10:00:00Z", "type": "post", "text": "z", "extra": null}"#,
        ]
        let documents = try lines.map(Self.parse)
        let set = Self.kept(documents)
        // The second post repeats the first (same keys, values of the same classes).
        #expect(set.documents.count == 4)
        let spec = try Self.infer(set.documents)
        #expect(spec == (try Self.infer(documents)))
        #expect(spec.text.contains(#""expectValue": "photo""#))
    }

    /// A type is given only when every value agrees, in any order: an integer
    /// that a double would round keeps a number attribute untyped, before or
    /// after the first fraction.
    @Test func aDoubleTypeNeedsEveryValueToSurviveADouble() {
        let big = JSONValue.number(JSONNumber("9007199254740993"))
        let half = JSONValue.number(JSONNumber("0.5"))
        #expect(InferValueType.guess([big, half]) == .untyped)
        #expect(InferValueType.guess([half, big]) == .untyped)
        #expect(InferValueType.guess([.number(JSONNumber("3")), half]) == .type(.double))
        #expect(InferValueType.guess([big, .number(JSONNumber("3"))]) == .type(.int))
    }
}

extension InferSampleSetTests {
    /// The questions `InferSampleSet` asks of every string answer as the
    /// plain definitions do, shortcuts included (ASCII fast paths).
    @Test func stringQuestionsAnswerAsTheirDefinitions() {
        let strings = [
            "", "h", "http://", "http://a", "https://example.com/x", "HTTPS://EXAMPLE.COM/", "Http://x.org/p",
            "https:/x.example.com", "hello world, a long title", "ftp://example.com/file", "https://\u{301}example.com",
            "http://\u{301}", "hTTp://example.com\r\n", "ﬁle", "Ｈttps://example.com", "12", "-1.5", "1٣", "٣", "1e5",
            "12 34", "2024-01-01", "\r\n", "1\u{301}", "1x\u{301}", "x\u{301}", ".\u{301}", "1\r\n", "12\u{0600}3",
            "1.5-\u{663}", "\u{663}x",
        ]
        for s in strings {
            let lower = s.lowercased()
            let url = (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && s.count > 8 && URIReference.isValid(s)
            #expect(InferValueType.isHTTPURL(s) == url, "\(s.debugDescription)")
            #expect(InferValueType.isDigitsOnly(s) == !s.contains { !$0.isNumber && $0 != "." && $0 != "-" }, "\(s.debugDescription)")
        }
    }
}

/// `InferSampleSet.ShapeKeyStore`: each shape key once per place, held one
/// after another (a prefix, a suffix or a key spanning two held ones is
/// another key), the first document's key taken without a copy.
@Suite struct ShapeKeyStoreTests {
    @Test func eachKeyIsHeldOncePerPlace() {
        var store = InferSampleSet.ShapeKeyStore()
        var added: Bool
        added = store.insert([1, 2, 3][...], context: 0)
        #expect(added)
        added = store.insert([1, 2, 3][...], context: 0)
        #expect(!added)
        added = store.insert([1, 2, 3][...], context: 4)
        #expect(added)
        added = store.insert([1, 2, 3][...], context: 4)
        #expect(!added)
        added = store.insert([1, 2][...], context: 0)
        #expect(added)
        added = store.insert([2, 3][...], context: 0)
        #expect(added)
        // The end of one held key and the start of the next.
        added = store.insert([3, 1][...], context: 0)
        #expect(added)
        added = store.insert([1, 2][...], context: 0)
        #expect(!added)
        let slice = ([9, 1, 2, 3, 9] as [UInt8])[1..<4]
        added = store.insert(slice, context: 0)
        #expect(!added)
    }

    /// Keys under context 0 hold no context until another comes (the
    /// documents' store): then each earlier key is still under 0.
    @Test func contextsAreHeldOnceOneIsNotZero() {
        var store = InferSampleSet.ShapeKeyStore()
        let keys = (0..<300).map { i -> [UInt8] in [UInt8(i % 251), UInt8(i / 251), 7] }
        func insert(_ range: some Sequence<Int>, context: Int) -> [Bool] {
            range.map { store.insert(keys[$0][...], context: context) }
        }
        #expect(insert(0..<300, context: 0).allSatisfy { $0 })
        #expect(insert(0..<300, context: 0).allSatisfy { !$0 })
        #expect(insert(0..<100, context: 5).allSatisfy { $0 })
        #expect(insert(0..<300, context: 0).allSatisfy { !$0 })
        #expect(insert(0..<100, context: 5).allSatisfy { !$0 })
        #expect(insert(100..<300, context: 5).allSatisfy { $0 })
        #expect(store.count == 600)
    }

    /// Many keys, some repeated: inserted exactly when a set had not got them.
    @Test func manyKeysAnswerAsASet() {
        var random = SplitMix64(seed: 3)
        var store = InferSampleSet.ShapeKeyStore()
        var added: Bool
        var set = Set<[UInt8]>()
        for _ in 0..<20_000 {
            let n = Int(random.next() % 4) + 1
            let key = (0..<n).map { _ in UInt8(random.next() % 6) }
            let context = Int(random.next() % 3)
            added = store.insert(key[...], context: context)
            let fresh = set.insert(key + [UInt8(context)]).inserted
            #expect(added == fresh)
        }
    }

    /// The first whole key is taken (the caller's is left empty); a large
    /// one copied later is released, a small one kept for its room.
    @Test func wholeKeysAreTakenOrReleased() {
        var store = InferSampleSet.ShapeKeyStore()
        var added: Bool
        var first = [UInt8](repeating: 7, count: 100_000)
        #expect(store.insert(taking: &first) == .added)
        #expect(first.isEmpty)
        var again = [UInt8](repeating: 7, count: 100_000)
        #expect(store.insert(taking: &again) == .present)
        #expect(again.capacity == 0)
        var small: [UInt8] = [1, 2]
        #expect(store.insert(taking: &small) == .added)
        #expect(small == [1, 2])
        added = store.insert([7][...] + [UInt8](repeating: 7, count: 99_999), context: 0)
        #expect(!added)
    }
}

/// Array elements are held once, in the element store, and a document's key
/// refers to each by its number (`Tag.element`): read back, before and after
/// the documents are taken, the documents are as rewriting made them.
@Suite struct InferSampleSetElementTests {
    /// Whether `node` is read from a key (not a tree).
    static func isKey(_ node: InferNode) -> Bool {
        if case .key = node { return true }
        return false
    }

    static func parse(_ text: String) throws -> JSONValue { try InferSampleSetTests.parse(text) }

    /// Elements met in an earlier document, or earlier in the same array,
    /// are dropped; an array all of whose elements were met keeps its
    /// first; arrays within elements refer to their own elements.
    @Test func documentsReferringToElementsReadBackAsRewritten() throws {
        let documents = try [
            #"{"items": [{"a": 1}, {"b": [1, 2]}, {"a": 3}]}"#,
            #"{"items": [{"b": [2]}, {"c": "x"}], "n": 1}"#,
            #"{"items": [{"a": 1}]}"#,
            #"{"items": [[{"a": 1}], [{"a": 1}, {"d": null}]]}"#,
        ].map(Self.parse)
        // Scalars become their class's first value (1 for every integer,
        // "x" the first string); repeats drop.
        let expected = try [
            #"{"items": [{"a": 1}, {"b": [1]}]}"#,
            #"{"items": [{"c": "x"}], "n": 1}"#,
            #"{"items": [{"a": 1}]}"#,
            #"{"items": [[{"a": 1}], [{"d": null}]]}"#,
        ].map(Self.parse)
        let set = InferSampleSetTests.kept(documents)
        #expect(set.documents == expected)
        var taking = set
        #expect(Array(taking.takeDocuments()) == expected)
        #expect(try InferSampleSetTests.inferTaken(set) == InferSampleSetTests.infer(documents))
    }

    /// A document of many distinct elements holds each element's key once:
    /// its own key is a few bytes per element, the element store the rest.
    @Test func aDocumentsKeyDoesNotRepeatItsElements() throws {
        let items = (0..<2_000).map { #"{"id": \#($0), "name_\#($0)": "v"}"# }.joined(separator: ", ")
        let set = InferSampleSetTests.kept([try Self.parse(#"{"a": 1}"#), try Self.parse(#"{"items": [\#(items)]}"#)])
        let held = set.heldKeyBytes
        #expect(held.elements > 2_000 * 15, "\(held)")
        #expect(held.documents < 2_000 * 5, "\(held)")
    }

    /// A document whose key is small but whose elements' keys are large
    /// (its key, with its elements in place, is large) is read where it is
    /// as the others are, never built whole: its content's elements are
    /// read one at a time from their places in its key.
    @Test func aDocumentLargeWithItsElementsIsReadWhereItIs() throws {
        // Each scalar the first of its class, so that rewriting keeps it.
        let items = (0..<6_000).map { #"{"id": 1, "name_\#($0)": "v"}"# }.joined(separator: ", ")
        let documents = [try Self.parse(#"{"a": 1}"#), try Self.parse(#"{"items": [\#(items)]}"#), try Self.parse(#"{"b": [{"c": 1}]}"#)]
        let set = InferSampleSetTests.kept(documents)
        #expect(set.heldKeyBytes.documents < 1 << 16)
        var taking = set
        let taken = taking.takeDocuments()
        #expect(Array(taken) == documents)
        #expect(taken.indices.allSatisfy { InferSampleSetTests.isKey(taken.node($0)) })
        // The content's elements, each where it is, read back as they were.
        var elements: [JSONValue] = []
        taken.node(1).member("items")?.forEachElement { element in
            #expect(InferSampleSetTests.isKey(element))
            elements.append(element.value())
        }
        guard case .array(let items)? = documents[1]["items"] else { Issue.record("no items"); return }
        #expect(elements == items)
        #expect(try InferSampleSetTests.inferTaken(set) == InferSampleSetTests.infer(documents))
    }

    /// An object of a few members is read back in room of its size (its
    /// key counts its members from `largeObjectCount`): 5 members were
    /// held in room for 8.
    @Test func aSmallObjectIsReadBackInRoomOfItsSize() throws {
        let document = try Self.parse(#"{"x": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}}"#)
        let set = InferSampleSetTests.kept([try Self.parse(#"{"y": 1}"#), document])
        guard case .object(let x)? = set.documents.last?["x"] else {
            Issue.record("not read back: \(set.documents)")
            return
        }
        #expect(x.count == 5 && x.members.capacity < 8, "\(x.members.capacity)")
    }
}
