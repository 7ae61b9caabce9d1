import Testing
@testable import RKMap

/// Members named "" (docs/spec.md §15): no key path can name an empty key
/// (`""` is the nil key path, §4), so `infer` leaves them out of the spec and
/// says where, with the path `rkmap check` reports them at.
@Suite struct InferLeftOutTests {
    private func infer(_ documents: [String], keyPath: String? = nil) throws -> InferredSpec {
        let values = try documents.map { text in
            var reader = JSONDocumentReader(bytes: Array(text.utf8))
            return try #require(try reader.next())
        }
        return try SpecInferrer.infer(samples: values, options: InferOptions(keyPath: keyPath))
    }

    @Test func aMemberNamedEmptyIsNeitherAnAttributeNorARelationship() throws {
        for sample in [#"[{"id": 1, "": 7}]"#, #"[{"id": 1, "": {"z": 7}}]"#, #"[{"id": 1, "": [{"z": 7}]}]"#] {
            let spec = try infer([sample])
            #expect(spec.leftOut == [LeftOutMember(path: #"$[*][""]"#, sample: 0)], "\(sample)")
            #expect(!spec.text.contains(#""": "#) && !spec.text.contains(#""from": """#), "\(spec.text)")
            #expect(spec.text.contains(#""comment": "member \"\" left out at $[*][\"\"]: "#), "\(spec.text)")
        }
    }

    @Test func theFirstSampleWithEachPathIsNamed() throws {
        let spec = try infer([
            #"{"data": [{"id": 1}], "meta": {"page": 1}}"#,
            #"{"data": [{"id": 2, "": 1, "author": {"name": "a", "": 2}}], "meta": {"page": 2, "": 3}}"#,
            #"{"data": [{"id": 3, "": 1}], "meta": {"page": 3, "": 3}}"#,
        ])
        #expect(spec.leftOut == [
            LeftOutMember(path: #"$.data[*][""]"#, sample: 1),
            LeftOutMember(path: #"$.data[*].author[""]"#, sample: 1),
            LeftOutMember(path: #"$.meta[""]"#, sample: 1),
        ])
    }

    /// "" cannot be a descriptor's key path either (it would map the whole
    /// document): the content is found elsewhere, and the member left out.
    @Test func theContentIsNeverAMemberNamedEmpty() throws {
        let spec = try infer([#"{"": [{"id": 1}, {"id": 2}], "total": 2}"#])
        #expect(spec.notes == ["content: the whole document"])
        #expect(spec.leftOut == [LeftOutMember(path: #"$[""]"#, sample: 0)])
        let nested = try infer([#"{"response": {"": [{"id": 1}], "items": [{"id": 2}]}}"#])
        #expect(nested.notes == ["content: response.items"])
        #expect(nested.leftOut == [LeftOutMember(path: #"$.response[""]"#, sample: 0)])
    }

    /// Data keys are not member names: a keyed dictionary's "" key is mapped
    /// as its key attribute, and members inside a value read whole (an array
    /// of mixed values) are read with it.
    @Test func keysThatAreDataAndValuesReadWholeAreNotLeftOut() throws {
        let keyed = try infer([#"{"users": {"": {"email": "a"}, "b1b2c3d4e5": {"email": "b"}, "c1b2c3d4e5": {"email": "c"}, "d1": {"email": "d"}, "e1": {"email": "e"}}}"#])
        #expect(keyed.leftOut == [])
        #expect(keyed.text.contains(#""keyAttribute": "key""#), "\(keyed.text)")
        let mixed = try infer([#"[{"id": 1, "tags": [{"": 1}, 2]}]"#])
        #expect(mixed.leftOut == [])
        #expect(mixed.text.contains(#""comment""#) == false)
    }

    /// What a warning about a kept document names: its number among all the
    /// documents added, repeats dropped.
    @Test func keptDocumentsKnowTheirNumber() throws {
        var set = InferSampleSet()
        for text in [#"{"a": 1}"#, #"{"a": 2}"#, #"{"a": "x"}"#, #"{"b": 1}"#] {
            var reader = JSONDocumentReader(bytes: Array(text.utf8))
            set.add(try #require(try reader.next()))
        }
        #expect(set.documents.count == 3)
        #expect(Array(set.origins) == [0, 2, 3])
    }
}

/// Samples without the content (docs/spec.md §15): one no descriptor finds
/// anything in, which `rkmap check` fails on, apart from one of which only
/// the envelope is mapped, which `check` passes with no content record.
@Suite struct InferWithoutContentTests {
    private func infer(_ documents: [String]) throws -> InferredSpec {
        let values = try documents.map { text in
            var reader = JSONDocumentReader(bytes: Array(text.utf8))
            return try #require(try reader.next())
        }
        return try SpecInferrer.infer(samples: values, options: InferOptions())
    }

    @Test func samplesAreToldApartByWhatTheDescriptorsFind() throws {
        let spec = try infer([
            #"{"items": [{"id": 1}], "meta": {"page": 1}}"#,
            #"[{"id": 2}]"#,                          // a root array: no descriptor finds anything
            #"{"meta": {"page": 2}}"#,                // only the envelope
            #"{"results": [{"id": 3}]}"#,             // objects the content's mapper maps
            #"{"items": null}"#,                      // the content, empty (§5: found)
        ])
        #expect(spec.notes.first == "content: items")
        #expect(spec.withoutContent == [1])
        #expect(spec.envelopeOnly == [2])
    }

    /// A descriptor finds content through an array as `apply` does (docs/spec.md
    /// §2): `a.items` in `{"a": [{"items": [...]}]}`, and `items` in a root
    /// array of objects with `items`. Infer said the spec maps nothing of
    /// such a sample and `rkmap check` fails on it; `check` passes.
    @Test func contentFoundThroughAnArrayIsContent() throws {
        let spec = try infer([
            #"{"a": {"items": [{"id": 1}, {"id": 2}]}}"#,
            #"{"a": [{"items": [{"id": 3}]}]}"#,
            #"{"a": [{"other": 1}, [{"items": [{"id": 4}]}]]}"#,
            #"{"a": [{"other": 1}]}"#,
        ])
        #expect(spec.notes.first == "content: a.items")
        #expect(spec.withoutContent == [3])
        #expect(spec.envelopeOnly == [])
        // Only where an element on the way has another member, which no
        // descriptor reads (`rkmap check` reports `$.a[*].other`).
        #expect(spec.throughArray == [ContentThroughArray(sample: 2, keyPath: ["a", "items"])])
        let root = try infer([#"{"items": [{"id": 1}], "total": 1}"#, #"[{"items": [{"id": 2}]}]"#, #"[{"id": 3}]"#])
        #expect(root.notes.first == "content: items")
        // The root array of objects with `items` finds the content (and the
        // envelope's descriptor of the nil key path maps its elements).
        #expect(root.withoutContent == [])
        #expect(root.envelopeOnly == [2])
        #expect(root.throughArray == [])
    }

    /// A sample is tried with the descriptors whose first key it has: each
    /// of 3,000 NDJSON lines `{"kN": [...]}` is one descriptor, and all of
    /// them were looked for in every line. Which samples are told about is
    /// unchanged: the lines whose objects have another shape than the
    /// first's are mapped by a mapper of their own.
    @Test func manyDescriptorsAreLookedUpByKey() throws {
        let lines = (0..<3000).map { n in n % 1000 == 999 ? #"{"k\#(n)": [{"other": \#(n)}]}"# : #"{"k\#(n)": [{"id": \#(n)}]}"# }
        let spec = try infer(lines)
        #expect(spec.notes.first == "content: k0")
        #expect(spec.withoutContent == [])
        #expect(spec.envelopeOnly == [999, 1999, 2999])
    }

    @Test func theCandidatesAreTheDescriptorsOfTheSamplesKeysInOrder() throws {
        let lookup = DescriptorLookup([["a", "x"], [], ["b"], ["a"], ["\u{E9}"], ["c"], ["d"]])
        func candidates(_ text: String) throws -> [Int] {
            var reader = JSONDocumentReader(bytes: Array(text.utf8))
            return lookup.candidates(in: try #require(try reader.next()))
        }
        // The nil key path's descriptor always; a repeated key once.
        #expect(try candidates(#"{"a": 1, "z": 2, "a": 3}"#) == [0, 1, 3])
        // Another spelling of "é" is a candidate (`value(at:in:)` then rejects it).
        #expect(try candidates(#"{"e\u0301": 1}"#) == [1, 4])
        #expect(try candidates(#"[1]"#) == [1])
        // Through arrays, the objects' keys (`finds` then decides).
        #expect(try candidates(#"[{"c": 1}, [{"a": 2}], 3]"#) == [0, 1, 3, 5])
        // As many members as first keys: every descriptor is tried.
        #expect(try candidates(#"{"m1": 1, "m2": 2, "m3": 3, "m4": 4, "m5": 5, "m6": 6}"#) == Array(0..<7))
    }
}
