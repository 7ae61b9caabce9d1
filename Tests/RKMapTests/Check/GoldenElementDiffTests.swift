import Foundation
import Testing
@testable import RKMap

/// `GoldenElementDiff` reports what `GoldenDiff` reports of the two whole
/// values (docs/spec.md §12 check 4), reading the golden and the output an
/// element at a time, and gives up (`nil`: compare the whole values) where
/// the whole comparison would say something else.
@Suite struct GoldenElementDiffTests {
    private func value(_ text: String) throws -> JSONValue {
        var reader = JSONDocumentReader(bytes: Array(text.utf8))
        return try #require(try reader.next())
    }

    /// The differences of `output` from the golden text `golden`, the output
    /// given in pieces of `piece` bytes.
    private func elementwise(_ golden: String, _ output: String, piece: Int) throws -> [String]? {
        let dir = try ScratchDirectory()
        let path = try dir.write("g.expected.json", golden)
        let diff = try #require(GoldenElementDiff(path: path, maxDepth: 10))
        let bytes = Array(output.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            bytes[start..<end].withUnsafeBytes { diff.write($0) }
            start = end
        }
        return diff.finish()?.map(\.description)
    }

    static let pairs: [(String, String)] = [
        ("[]", "[]"),
        ("[1, 2, 3]", "[1, 2, 3]"),
        ("[1, 2, 3]", "[1, 5, 3]"),
        ("[1, 2, 3]", "[1, 2]"),
        ("[1]", "[1, 2, {\"@type\": \"T\", \"a\": [1, \"]\"]}, 4]"),
        ("[{\"@type\": \"A\", \"t\": \"x,y\"}, {\"@type\": \"A\", \"t\": \"q\"}]", "[{\"@type\": \"A\", \"t\": \"x,y\"}]"),
        ("[{\"a\": 1, \"b\": 2}]", "[{\"b\": 2, \"a\": 1}]"),
        ("[{\"a\": {\"b\": [1, {\"c\": \"\\\"]\"}]}}]", "[{\"a\": {\"b\": [1, {\"c\": \"]\"}]}}]"),
        ("[1.0, 2e0, \"s\\\\\"]", "[1, 2, \"s\\\\\"]"),
        ("[1, 2, 3, 4, 5, 6, 7]", "[0, 0, 0, 0, 0, 0, 0, 0]"),
        ("[[1, 2], [3]]", "[[1], [3, 4]]"),
        ("  [\n  null ,\n  true\n]\n\n", "[null,false]"),
        ("\u{FEFF}[1, 2]", "[1, 3]"),
        ("[{\"x\": [1, 2, 3, 4, 5, 6]}]", "[{\"x\": [9, 9, 9, 9, 9, 9]}]"),
    ]

    @Test(arguments: pairs) func theDifferencesAreTheWholeValues(_ golden: String, _ output: String) throws {
        let whole = GoldenDiff.differences(expected: try value(golden), actual: try value(output)).map(\.description)
        for piece in [1, 3, 64, 1 << 20] {
            #expect(try elementwise(golden, output, piece: piece) == whole, "\(golden) / \(output), pieces of \(piece)")
        }
    }

    /// Where the golden is not one array of parsable elements, the whole
    /// comparison (which reports the golden's problem) is left to do.
    @Test(arguments: [
        "", "{\"a\": 1}", "1", "[1, 2", "[1, 2,]", "[, 1]", "[1 2]", "[1] [2]", "[1] x", "[{\"a\": }]",
        "[[[[[[[[[[[1]]]]]]]]]]]", "x[1]", "[\"unterminated]",
    ])
    func aGoldenThatIsNotOneArrayIsLeftToTheWholeComparison(_ golden: String) throws {
        for piece in [1, 1 << 20] {
            #expect(try elementwise(golden, "[1, 2]", piece: piece) == nil, "\(golden)")
        }
    }

    /// An output that is not one array (not `apply`'s) is left so too.
    @Test func anOutputThatIsNotOneArrayIsLeftToTheWholeComparison() throws {
        #expect(try elementwise("[1]", "{\"a\": 1}", piece: 4) == nil)
        #expect(try elementwise("[1]", "[1", piece: 4) == nil)
    }

    /// A golden larger than a read's chunk, differing far in.
    @Test func aGoldenOfManyChunks() throws {
        let golden = "[\n" + (0..<5_000).map { "  {\"id\": \($0), \"title\": \"t\($0)\"}" }.joined(separator: ",\n") + "\n]\n"
        #expect(golden.utf8.count > 2 * GoldenElementDiff.chunkSize)
        let output = golden.replacingOccurrences(of: "\"t4321\"", with: "\"u\"")
        #expect(try elementwise(golden, output, piece: 4_096) == [#"$[4321].title: expected "t4321", got "u""#])
    }
}
