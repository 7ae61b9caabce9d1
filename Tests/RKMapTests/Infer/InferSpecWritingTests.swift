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
}
