import Foundation
import Testing

/// A record mapped whole whose relationship holds many records (its field is
/// a dotted destination, `all.items`, which keeps it from streaming) is
/// written out in pieces of about 256 KiB as its elements are encoded, not
/// built whole and then copied (docs/behaviour.md). The pieces must join into
/// exactly the text §10.1 gives, a large value written from its own bytes
/// among them: here over a megabyte of output, with one element's `tags` a
/// 300 kB array.
@Suite struct WholeRecordOutputTests {
    static let spec = #"""
        {"keyPath": "", "root-map-ref": "list", "mappers": [
          {"id": "list", "target": "List", "attributes": {"kind": "kind"},
           "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]},
          {"id": "item", "target": "Item", "attributes": {"ID": "id", "Name": "name", "Price": "price", "Tags": "tags"}}]}
        """#

    static let count = 12_000
    static let large = 6_000

    /// Item `i` as the input spells it and as compact output writes it.
    static func tags(_ i: Int) -> String {
        i == large ? "[" + (0..<50_000).map { String($0) }.joined(separator: ",") + "]" : #"["a","b\#(i % 7)"]"#
    }

    static var input: String {
        let items = (0..<count).map { i in #"{"ID": \#(i), "Name": "item_\#(i)", "Price": \#(i).5, "Tags": \#(tags(i))}"# }
        return #"{"kind": "Listing", "items": ["# + items.joined(separator: ", ") + "]}"
    }

    /// The one root record as §10.1's compact JSON writes it.
    static var compactRecord: String {
        let items = (0..<count).map { i in #"{"@type":"Item","id":\#(i),"name":"item_\#(i)","price":\#(i).5,"tags":\#(tags(i))}"# }
        return #"{"@type":"List","kind":"Listing","all":{"items":["# + items.joined(separator: ",") + "]}}"
    }

    @Test func ndjsonWritesTheWholeRecordExactly() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.spec)
        let result = try RKMapExecutable.run(["apply", spec, "-", "--format", "ndjson"], stdin: Array(Self.input.utf8))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.utf8.count > 1_000_000)
        #expect(result.stdout == Self.compactRecord + "\n")
    }

    /// Pretty JSON: the same text once the indentation is taken out (no string
    /// of this output holds a space or a line break), and every line indented
    /// by its depth: two spaces per open bracket or brace before it.
    @Test func prettyJSONWritesTheWholeRecordExactly() throws {
        let scratch = try Scratch()
        let spec = try scratch.write("spec.json", Self.spec)
        let result = try RKMapExecutable.run(["apply", spec, "-", "--format", "json"], stdin: Array(Self.input.utf8))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let text = result.stdout
        let squeezed = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\n" }))
        #expect(squeezed == "[" + Self.compactRecord + "]")
        var depth = 0
        var misindented: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let trimmed = line.drop { $0 == " " }
            let closes = trimmed.first == "]" || trimmed.first == "}"
            let expected = 2 * (depth - (closes ? 1 : 0))
            if line.count - trimmed.count != expected, misindented.count < 3 { misindented.append(String(line.prefix(60))) }
            for c in trimmed.utf8 {
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
                if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { depth -= 1 }
            }
        }
        #expect(misindented.isEmpty, "\(misindented)")
        #expect(depth == 0)
    }
}
