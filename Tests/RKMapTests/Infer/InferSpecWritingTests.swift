import Foundation
import Testing
@testable import RKMap

/// How `infer` writes a spec of very many attributes (docs/spec.md §15):
/// as compact bytes, formatted and handed out in pieces, the samples
/// released first. What it writes must be what the general paths give.
@Suite struct InferSpecWritingTests {
    static func infer(_ text: String, _ options: InferOptions = InferOptions()) throws -> InferredSpec {
        var set = InferSampleSet()
        set.add(try JSONScanner.parse(Array(text.utf8)))
        let outlines = set.contentOutlines
        return try SpecInferrer.infer(samples: set.takeDocuments(), contentOutlines: outlines, options: options)
    }

    /// The text comes in pieces (a spec of 20,000 attributes is about 700 KB
    /// of text), and together they are `text`, ending in a newline.
    @Test func theTextIsHandedOutInPiecesThatMakeTheWhole() throws {
        let members = (0..<20_000).map { #""key\#($0)": \#($0)"# }
        let spec = try Self.infer("{" + members.joined(separator: ", ") + "}")
        var pieces: [[UInt8]] = []
        try spec.writeText { pieces.append($0) }
        #expect(pieces.count > 4)
        #expect(pieces.dropLast().allSatisfy { $0.count <= 128 << 10 })
        let whole = pieces.reduce(into: [UInt8]()) { $0 += $1 }
        #expect(String(decoding: whole, as: UTF8.self) == spec.text)
        #expect(spec.text.hasSuffix("}\n"))
        #expect(spec.text.contains(#"        "key19999": "key19999"\#n      },"#))
        #expect(spec.text.contains(#"        "key19999": "int"\#n      }"#))
    }

    /// One object of ASCII keys skips the table that merges two spellings of
    /// a key; with one non-ASCII key beside them it does not: the attributes
    /// they share come out the same, in member order, a null member kept
    /// untyped, an empty key left out.
    @Test func oneObjectOfASCIIKeysGivesWhatTheSpellingTableGives() throws {
        let ascii = try Self.infer(#"{"b": 1, "a": "x", "c": null, "": 5, "d": [1, 2]}"#).text
        let mixed = try Self.infer(#"{"b": 1, "a": "x", "c": null, "": 5, "d": [1, 2], "é": 2.5}"#).text
        let expected = [#"      "attributes": {"#, #"        "b": "b","#, #"        "a": "a","#, #"        "c": "c","#, #"        "d": "d""#]
            .joined(separator: "\n")
        #expect(ascii.contains(expected + "\n      },"), "\(ascii)")
        #expect(mixed.contains(expected + ",\n        \"é\": \"é\"\n      },"), "\(mixed)")
        #expect(ascii.contains(#""types": {"# + "\n" + #"        "b": "int"\#n      }"#), "\(ascii)")
        #expect(mixed.contains(#""types": {"# + "\n" + #"        "b": "int",\#n        "é": "double"\#n      }"#), "\(mixed)")
    }

    /// Mappers merge only with as many members: two nested objects of the
    /// same keys share one mapper; one of as many other keys does not.
    @Test func onlyMappersOfOneShapeMerge() throws {
        let text = try Self.infer(#"{"p": {"x": 1, "y": 2}, "q": {"x": 3, "y": 4}, "r": {"x": 5, "z": 6}}"#).text
        #expect(text.components(separatedBy: #""target": "#).count - 1 == 3, "\(text)")
        #expect(text.contains(#""map-ref": "p""#) && !text.contains(#""map-ref": "q""#), "\(text)")
        #expect(text.contains(#""map-ref": "r""#), "\(text)")
    }

    /// The text is laid out as the compact bytes come (`CompactSpecLayout`),
    /// never from the whole: it must be what `formatStrict` makes of the
    /// whole, for specs with every member `infer` writes (a comment, date
    /// formats, descriptors, dynamic mappers by value and by kind, entities,
    /// a keyed dictionary, relationships, empty objects).
    @Test(arguments: [
        #"{"": 1, "items": [{"id": 1, "created": "2024-01-02T03:04:05Z", "tags": ["a"], "author": {"id": 2, "name": "x"}}]}"#,
        #"{"data": [{"type": "a", "x": 1}, {"type": "b", "y": "{[,:]}\"\\"}], "meta": {"next": null}}"#,
        #"[{"id": 1}, "x", 2]"#,
        #"{"users": {"u1": {"id": 1, "name": "x"}, "u2": {"id": 2, "name": "y"}, "u3": {"id": 3, "name": "z"}}}"#,
        #"{"items": [{"a": {}, "b": [], "c": [[]], "d": [{}], "e": "\u00e9\n\t\"\\{", "q{[,:]}\"\\.x": 1}]}"#,
    ])
    func theTextLaidOutAsItComesIsTheFormattedWhole(sample: String) throws {
        for options in [InferOptions(), InferOptions(keyPath: nil, rootName: "Thing", entity: true)] {
            let spec = try Self.infer(sample, options)
            var whole: [UInt8] = []
            try SpecFormatter.formatStrict(spec.json) { whole += $0 }
            #expect(String(decoding: whole, as: UTF8.self) == spec.text)
        }
    }

    /// The layout alone, fed a byte at a time and in random pieces: brackets,
    /// commas, colons, quotes and backslashes inside strings are text, and
    /// an empty object or array stays on one line wherever a piece ends.
    @Test func theLayoutDoesNotDependOnWherePiecesEnd() throws {
        let compact = Array(#"{"a":{},"b":[],"c":[[],{}],"d":"{[,:]}\"\\","e":[1,true,null,{"f":"\\\\"}],"g":{"h":{"i":[]}}}"#.utf8)
        var whole: [UInt8] = []
        try SpecFormatter.formatStrict(compact) { whole += $0 }
        var generator = SplitMix64(seed: 12)
        for trial in 0..<50 {
            var layout = CompactSpecLayout()
            var text: [UInt8] = []
            var start = 0
            while start < compact.count {
                let size = trial == 0 ? 1 : Int.random(in: 1...8, using: &generator)
                let end = min(compact.count, start + size)
                try compact[start..<end].withUnsafeBytes { try layout.feed($0) { text += $0 } }
                start = end
            }
            try layout.finish { text += $0 }
            #expect(text == whole, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    /// An output that fails (a closed pipe, a full disk) is not written to
    /// again, and its error comes back.
    @Test func aFailingOutputStopsTheText() throws {
        struct Closed: Error {}
        let members = (0..<20_000).map { #""key\#($0)": \#($0)"# }
        let spec = try Self.infer("{" + members.joined(separator: ", ") + "}")
        var calls = 0
        #expect(throws: Closed.self) {
            try spec.writeText { _ in
                calls += 1
                throw Closed()
            }
        }
        #expect(calls == 1)
    }
}
