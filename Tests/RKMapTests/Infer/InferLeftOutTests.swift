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

    /// One walk of a sample along the descriptors' key paths finds what
    /// each finds as `apply` does: through objects (the value, which the
    /// left-out walk visits), through arrays (found only), by exact keys, the
    /// first member of a repeated key (a reader keeps one); and whether an object reached through
    /// an array has a member no key path names there.
    @Test func theDescriptorsPathsAreWalkedOnce() throws {
        let paths = DescriptorPaths([["a", "x"], [], ["b"], ["a"], ["\u{E9}"], ["c", "d"]])
        func reach(_ text: String) throws -> DescriptorPaths.Reach {
            var reader = JSONDocumentReader(bytes: Array(text.utf8))
            return paths.reach(in: .tree(try #require(try reader.next())))
        }
        // The nil key path always, and the values found through objects.
        let objects = try reach(#"{"a": {"x": 3}, "z": 2}"#)
        #expect(objects.found == [0, 1, 3])
        #expect(objects.direct[0]?.value() == .number(JSONNumber(3)))
        #expect(objects.direct.keys.sorted() == [0, 1, 3])
        #expect(!objects.passesUnread)
        // Another spelling of "é" is another key.
        #expect(try reach(#"{"e\u0301": 1}"#).found == [1])
        #expect(try reach(#"{"\u00e9": null}"#).found == [1, 4])
        // Through arrays: found, no value; `q` beside `d` is unread, `c` is not.
        let through = try reach(#"[{"c": [{"d": 1, "q": 2}]}, [{"b": 3}]]"#)
        #expect(through.found == [1, 2, 5])
        #expect(through.direct.keys.sorted() == [1])
        #expect(through.passesUnread)
        #expect(try !reach(#"{"c": [{"d": 1}]}"#).passesUnread)
        // Where a key path ends, the object is mapped: its members are its mapper's.
        #expect(try !reach(#"{"a": [{"x": 1, "q": 2}]}"#).passesUnread)
    }
}
