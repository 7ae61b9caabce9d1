import Testing
@testable import RKMap

/// `FormDecoder.decode(_:compacting:)` holds the objects of an array that are
/// done as text, `runLength` at a time (docs/spec.md §14; one long form line
/// in `apply --input-format form`), and `FormDocuments.writeSplicing` writes
/// the document byte for byte as the one decoded without runs.
@Suite struct FormDecoderCompactingTests {
    /// `n` pairs of `pattern` with `%d` the pair's number, joined by `&`.
    private static func pairs(_ n: Int, _ pattern: String) -> String {
        (0..<n).map { pattern.replacingOccurrences(of: "%d", with: "\($0)") }.joined(separator: "&")
    }

    static let lines = [
        "items[][ID]=1&items[][Name]=a&items[][ID]=2&items[][Name]=b&items[][ID]=3",
        pairs(200, "items[][ID]=%d&items[][Name]=n+%d"),
        pairs(64, "items[][ID]=%d"), pairs(65, "items[][ID]=%d"), pairs(128, "items[][ID]=%d"), pairs(129, "items[][ID]=%d"),
        pairs(150, "a[][x]=%d&b[][y]=%d") + "&a[][x]=last",
        pairs(70, "o[list][][k]=%d&o[list][][t][]=x&o[list][][t][]=y") + "&o[list][][k]=z",
        pairs(100, "items[][tags][]=%d&items[][id]=%d"),
        pairs(80, "items[][n]=%22q%22&items[][n]=%C3%A9%5C") + "&items[][m]",
        "x=1&x=2&y[]=3&y[]=4&z[a][b]=4&z[a][c]=5&e=",
        pairs(90, "list[]=s%d&list[][k]=%d") + "&list[]=end",
        pairs(90, "items[][a][b]=%d&items[][a][c]=%d"),
        "items[][k]=1",
    ]

    @Test(arguments: lines) func theDocumentIsTheSame(_ line: String) throws {
        let tree = try FormDecoder.decode(Array(line.utf8))
        var plain = JSONWriter(pretty: false)
        plain.write(.object(tree))
        var compacted = JSONValue.object(try FormDecoder.decode(Array(line.utf8), compacting: true))
        var spliced = JSONWriter(pretty: false)
        FormDocuments.writeSplicing(&compacted, into: &spliced)
        #expect(compacted == .null)
        #expect(spliced.bytes == plain.bytes, "\(line.prefix(80))")
    }

    /// 200 objects: three runs of 64 (the 193rd to 199th still trees) and the last.
    @Test func theObjectsThatAreDoneAreHeldInRuns() throws {
        let compacted = try FormDecoder.decode(Array(Self.lines[1].utf8), compacting: true)
        guard case .array(let items)? = compacted["items"] else {
            Issue.record("items is not an array")
            return
        }
        #expect(items.count == 3 + 8)
        for (i, element) in items.enumerated() {
            switch element {
            case .compact(let run) where i < 3:
                #expect(run.text.hasPrefix(#"[{"ID":"\#(64 * i)","Name":"n \#(64 * i)"},"#))
            case .object(let o) where i >= 3:
                #expect(o["ID"] == .string("\(192 + i - 3)"))
            default:
                Issue.record("element \(i) is \(element)")
            }
        }
    }
}
