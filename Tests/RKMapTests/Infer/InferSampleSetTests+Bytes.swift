import Foundation
import Testing
@testable import RKMap

/// `InferSampleSet.add(validated:from:to:origin:)`: a large document is
/// rewritten as it is read, never built whole; what it keeps must infer
/// exactly the spec the whole documents infer (docs/spec.md §15).
@Suite struct InferSampleSetBytesTests {
    /// Adds every document of `text` from its bytes, as `rkmap infer` does.
    static func keptFromBytes(_ texts: [String], largeValueBytes: Int) throws -> InferSampleSet {
        var set = InferSampleSet(largeValueBytes: largeValueBytes)
        for text in texts {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { buffer in
                var scanner = JSONScanner(bytes: buffer)
                while case .value(_, let start) = try scanner.readDocument(final: true, projection: ProjectionPlan(.nothing)) {
                    try set.add(validated: buffer, from: start, to: scanner.offset)
                }
            }
        }
        return set
    }

    static func documents(_ texts: [String]) throws -> [JSONValue] {
        var documents: [JSONValue] = []
        for text in texts {
            var reader = JSONDocumentReader(bytes: Array(text.utf8))
            while let document = try reader.next() { documents.append(document) }
        }
        return documents
    }

    /// As `rkmap infer` infers: from the documents taken from the set, read
    /// back from their keys as they are visited.
    static func inferred(_ set: InferSampleSet, _ options: InferOptions = InferOptions()) throws -> InferredSpec {
        var taking = set
        return try SpecInferrer.infer(samples: taking.takeDocuments(), contentOutlines: set.contentOutlines, options: options)
    }

    /// Every container read piece by piece (0), only the document's root
    /// (a size between), or none (the default): the same spec as the whole
    /// documents give, and, from the second document on, the same kept
    /// documents as adding their trees.
    @Test(arguments: [0, 200, InferSampleSet.defaultLargeValueBytes])
    func theCorpusInfersTheSameSpecFromBytes(largeValueBytes: Int) throws {
        let root = InferSampleSetTests.corpus
        var compared = 0
        for (name, documents) in try InferSampleSetTests.corpusCases() {
            let texts = documents.map { JSONWriter.serialize($0, pretty: true) }
            let set = try Self.keptFromBytes(texts, largeValueBytes: largeValueBytes)
            #expect(set.count == documents.count, "\(name)")
            for options in [InferOptions(), InferOptions(entity: true), InferOptions(rootName: "Thing")] {
                #expect(try Self.inferred(set, options) == SpecInferrer.infer(samples: documents, options: options), "\(name)")
            }
            if documents.count > 1 {
                #expect(set.documents == InferSampleSetTests.kept(documents).documents, "\(name)")
            }
            compared += 1
        }
        #expect(compared >= 10, "\(root.path)")
    }

    static let cases: [(name: String, text: String)] = [
        // The discriminator comes after the content it decides the place of.
        ("discriminator last", #"{"data": [{"attributes": {"a": 1}, "type": "x"}, {"attributes": {"b": "s"}, "type": "y"}, {"type": "x", "attributes": {"a": 2}}], "type": "page"}"#),
        // Objects told apart by a discriminator after the member they differ
        // in: a date at `y`'s place is not settled "not a date" by `x`'s word.
        ("discriminator after the value", #"{"data": [{"at": "soon", "n": 1, "type": "x"}, {"at": "2024-01-02T03:04:05Z", "m": "s", "type": "y"}]}"#),
        // Content one level down, beside a larger array of scalars.
        ("nested content", #"{"numbers": [1, 2, 3, 4, 5, 6], "data": {"after": "t3", "children": [{"kind": "t3", "data": {"id": "a"}}, {"kind": "t1", "data": {"id": 2}}]}}"#),
        // Arrays of arrays, empty arrays and objects, escaped and non-ASCII keys.
        ("nesting", #"{"lists": [[{"id": 1}], [], [{"id": 2, "x": []}], [[1, 2], {}]], "caf\u00e9": {"\"q\"": [null, true, 1.5, "2024-01-02"]}}"#),
        // A key repeated in an object read member by member: the whole
        // document is built instead, whose object keeps the last value.
        ("repeated key", #"{"items": [{"id": 1, "url": "https://a.example/1"}], "count": 1, "items": [{"id": "x", "name": "y"}]}"#),
        ("root array", #"[{"id": 1, "at": "2024-01-02T03:04:05Z"}, {"id": 2, "at": "2024-02-03T04:05:06Z"}, {"id": 2.5}]"#),
        ("scalar", #""just a string""#),
    ]

    /// Shapes where reading piece by piece could go wrong, alone and twice
    /// over, with every container read piece by piece.
    @Test(arguments: 0..<cases.count)
    func trickyDocumentsInferTheSameSpec(index: Int) throws {
        let (name, text) = Self.cases[index]
        let documents = try Self.documents([text])
        for texts in [[text], [text, text]] {
            let set = try Self.keptFromBytes(texts, largeValueBytes: 0)
            let expected = try SpecInferrer.infer(samples: documents + (texts.count == 2 ? documents : []), options: InferOptions())
            #expect(try Self.inferred(set) == expected, "\(name)")
        }
        // After a small document added from its tree, and before one.
        let small = #"{"id": 7}"#
        let mixed = try Self.keptFromBytes([small, text, small], largeValueBytes: 0)
        #expect(try Self.inferred(mixed) == SpecInferrer.infer(samples: Self.documents([small, text, small]), options: InferOptions()), "\(name)")
    }

    /// The repeated key keeps the last value at the first position, as the tree does.
    @Test func aRepeatedKeyKeepsTheTreesReading() throws {
        let set = try Self.keptFromBytes([Self.cases[4].text], largeValueBytes: 0)
        let spec = try Self.inferred(set).text
        #expect(spec.contains(#""name": "name""#))
        #expect(!spec.contains(#""url""#))
    }

    /// The member values of an object read member by member that rewrite to
    /// one value are that one value, sharing its storage, and make one
    /// mapper: a dictionary of a million values of a few shapes cost a tree
    /// and two mappers each (11.7 times its 12 MB, and 9 minutes merging
    /// them). The spec is the one the trees give, where each made its own
    /// mapper and merging made them one. With `"last"` the object is many
    /// relationships (its values share no key); without, a dictionary keyed
    /// by data.
    @Test(arguments: [true, false])
    func memberValuesOfOneShapeShareOneValueAndOneMapper(odd: Bool) throws {
        let members = (0..<200).map { #""m\#($0)": {"id": \#($0), "title": "t\#($0)", "tags": ["a", "b\#($0 % 3)"], "author": {"name": "n\#($0 % 7)"}}"# }
        let text = "{" + members.joined(separator: ", ") + (odd ? #", "last": {"x": true}}"# : "}")
        let set = try Self.keptFromBytes([text], largeValueBytes: 0)
        guard case .object(let object) = set.documents.first else {
            Issue.record("not an object: \(set.documents)")
            return
        }
        let storages = object.members.map { member -> UInt? in
            guard case .object(let value) = member.value else { return nil }
            return value.storage
        }
        #expect(Set(storages.prefix(200)).count == 1 && storages[0] != nil)
        if odd { #expect(storages[200] != storages[0]) }
        let fromBytes = try Self.inferred(set)
        let documents = try Self.documents([text])
        #expect(fromBytes == (try SpecInferrer.infer(samples: documents, options: InferOptions())))
        // The root, the values' mapper, their authors' and "last"'s; or the
        // dictionary's (the root's, its values' fields) and the authors'.
        #expect(fromBytes.writer.builder.mappers.count == (odd ? 4 : 2))
        // Not shared where the value differs: m150's id is a string.
        let changed = text.replacingOccurrences(of: #""m150": {"id": 150,"#, with: #""m150": {"id": "x", "#)
        let other = try Self.keptFromBytes([changed], largeValueBytes: 0)
        guard case .object(let changedObject) = other.documents.first,
              case .object(let first) = changedObject.members[0].value,
              case .object(let odd150) = changedObject.members[150].value else {
            Issue.record("not objects")
            return
        }
        #expect(first.storage != odd150.storage)
        #expect(try Self.inferred(other) == (try SpecInferrer.infer(samples: Self.documents([changed]), options: InferOptions())))
    }

    /// A document that repeats another once rewritten is dropped whichever
    /// of them was read member by member: shared values have one shape key
    /// either way. (With a reference in the key of the large one only, the
    /// small repeat was kept, and `infer` warned of each as a sample
    /// without the content, one warning more than the trees give.)
    @Test(arguments: [false, true])
    func aDocumentRepeatingOneReadMemberByMemberIsDropped(smallFirst: Bool) throws {
        let large = #"{"a": {"x": 1}, "b": {"x": 1}, "p": "\#(String(repeating: "p", count: 300))"}"#
        let small = #"{"a": {"x": 2}, "b": {"x": 3}, "p": "q"}"#
        let texts = [#"{"data": [{"id": 1}]}"#] + (smallFirst ? [small, large] : [large, small])
        let set = try Self.keptFromBytes(texts, largeValueBytes: 200)
        #expect(set.count == 3)
        #expect(set.documents.count == 2)
        let trees = InferSampleSetTests.kept(try Self.documents(texts))
        #expect(trees.documents.count == 2)
        let spec = try Self.inferred(set)
        #expect(spec == (try Self.inferred(trees)))
        #expect(spec.withoutContent == [])
        #expect(spec.envelopeOnly == [1])
    }

    /// Shared values whose mapper is a dictionary keyed by data, or has a
    /// dynamic mapper below it, make their mappers each time: `merge` keeps
    /// such mappers apart, so the trees' spec has one per member.
    @Test(arguments: [
        #"{"1001": {"n": 1, "s": "a"}, "1002": {"n": 2, "s": "b"}, "1003": {"n": 3, "s": "c"}}"#,
        #"{"id": 1, "items": [{"type": "a", "x": 1}, {"type": "b", "y": "z"}]}"#,
    ])
    func sharedValuesMakingOtherMappersMakeThemEachTime(value: String) throws {
        let text = "{" + (0..<50).map { #""d\#($0)": \#(value)"# }.joined(separator: ", ") + #", "last": {"x": 1}}"#
        let set = try Self.keptFromBytes([text], largeValueBytes: 0)
        let fromBytes = try Self.inferred(set)
        #expect(fromBytes == (try SpecInferrer.infer(samples: Self.documents([text]), options: InferOptions())))
        #expect(fromBytes.writer.builder.mappers.count > 50)
    }

    /// Bytes that are not one JSON value after all: an error, and the set as
    /// it was (no count, no document, no settled question).
    @Test func badBytesLeaveTheSetAsItWas() throws {
        var set = try Self.keptFromBytes([#"{"items": [{"id": 1}]}"#], largeValueBytes: 0)
        let before = (set.count, set.documents, set.questionsAsked)
        let bad = Array(#"{"items": [{"id": 2}, {"id": ]}"#.utf8)
        #expect(throws: JSONSyntaxError.self) {
            try bad.withUnsafeBytes { try set.add(validated: $0, from: 0, to: $0.count) }
        }
        #expect(set.count == before.0)
        #expect(set.documents == before.1)
        #expect(set.questionsAsked == before.2)
    }

    /// The content is the largest array of objects as written: 100 records of
    /// one shape outnumber 50 of many shapes, though only one of the 100 is
    /// kept. (When the first document was rewritten before its content was
    /// looked for, a second sample turned `b` into the content.)
    @Test func theContentIsCountedBeforeRepeatsAreDropped() throws {
        let same = (0..<100).map { #"{"id": \#($0)}"# }.joined(separator: ", ")
        let distinct = (0..<50).map { #"{"k\#($0)": \#($0)}"# }.joined(separator: ", ")
        let first = #"{"a": [\#(same)], "b": [\#(distinct)]}"#
        let second = #"{"a": [{"id": 1}], "b": []}"#
        for largeValueBytes in [0, InferSampleSet.defaultLargeValueBytes] {
            let set = try Self.keptFromBytes([first, second], largeValueBytes: largeValueBytes)
            #expect(set.documents.count == 2)
            #expect(SpecInferrer.findContent(in: set.contentOutlines.first) == ["a"])
            #expect(try Self.inferred(set).notes.first == "content: a")
        }
        var trees = InferSampleSet()
        for document in try Self.documents([first, second]) { trees.add(document) }
        #expect(try Self.inferred(trees).notes.first == "content: a")
    }

    /// The outline read from bytes is the outline of the tree.
    @Test func theOutlineOfBytesIsTheOutlineOfTheTree() throws {
        let text = #"{"x": [1, {"a": 1}, [], {"b": 2}], "y": {"z": [{}], "w": [2], "v": {"u": [{}]}}, "": [{}], "e": [], "o": {}}"#
        let tree = InferContentOutline(try Self.documents([text])[0])
        #expect(tree.arrays == [.init(key: "x", objects: 2), .init(key: "", objects: 1)])
        #expect(tree.nested.count == 1 && tree.nested[0].key == "y" && tree.nested[0].arrays == [.init(key: "z", objects: 1)])
        let set = try Self.keptFromBytes([text], largeValueBytes: 0)
        #expect(set.contentOutlines.first == tree)
    }
}

/// The content is looked for in the first sample that has an array of
/// objects: a first page with an empty `items` made the whole document the
/// content (one mapper of `items` as an empty array, the records of later
/// pages never mapped).
@Suite struct InferContentAcrossSamplesTests {
    static let pages = [#"{"items": [], "next": null}"#, #"{"items": [{"id": 1, "name": "a"}], "next": "p3"}"#]

    @Test(arguments: [0, InferSampleSet.defaultLargeValueBytes])
    func anEmptyFirstPageDoesNotHideTheContent(largeValueBytes: Int) throws {
        let set = try InferSampleSetBytesTests.keptFromBytes(Self.pages, largeValueBytes: largeValueBytes)
        #expect(SpecInferrer.findContent(in: set.contentOutlines, samples: InferDocuments(set.documents)) == ["items"])
        let spec = try InferSampleSetBytesTests.inferred(set)
        #expect(spec.notes.first == "content: items")
        #expect(spec == (try SpecInferrer.infer(samples: InferSampleSetBytesTests.documents(Self.pages), options: InferOptions())))
        var trees = InferSampleSet()
        for document in try InferSampleSetBytesTests.documents(Self.pages) { trees.add(document) }
        #expect(try InferSampleSetBytesTests.inferred(trees) == spec)
    }

    /// The first sample with content decides, not a later larger one; a
    /// member named "" is no content to wait for.
    @Test func theFirstSampleWithContentDecides() throws {
        let texts = [#"{"": [{"a": 1}], "data": []}"#, #"{"data": [{"id": 1}], "results": []}"#,
                     #"{"data": [], "results": [{"id": 1}, {"id": 2}, {"id": 3}]}"#]
        let set = try InferSampleSetBytesTests.keptFromBytes(texts, largeValueBytes: 0)
        #expect(SpecInferrer.findContent(in: set.contentOutlines, samples: InferDocuments(set.documents)) == ["data"])
    }

    /// The whole document stays the content when a sample lacks the later
    /// one's member (it would have no content, and `check` fail on it), and
    /// when the first sample's root is an array (its elements are the content).
    @Test(arguments: [
        [#"{"meta": 1}"#, #"{"data": [{"id": 1}]}"#],
        [#"[{"id": 1, "title": "a"}]"#, #"{"data": [{"x": 1}]}"#],
        [#"[]"#, #"{"data": [{"x": 1}]}"#],
    ])
    func theWholeDocumentStaysTheContentWhenALaterOneCannotBe(texts: [String]) throws {
        for largeValueBytes in [0, InferSampleSet.defaultLargeValueBytes] {
            let set = try InferSampleSetBytesTests.keptFromBytes(texts, largeValueBytes: largeValueBytes)
            #expect(SpecInferrer.findContent(in: set.contentOutlines, samples: InferDocuments(set.documents)) == [])
            #expect(try InferSampleSetBytesTests.inferred(set).notes.first == "content: the whole document")
        }
    }
}
