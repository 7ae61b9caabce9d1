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
