import Foundation
import Testing

/// A large document (over the 1 MiB pipeline threshold, without any setting)
/// whose content key path has an index (`batches[-1].items`) or passes a key
/// through an array (`pages.items`, docs/spec.md §4) is streamed; through the
/// binary, from a file and from a pipe, it answers as the document read whole
/// does: the same stdout, stderr (warnings, `--stats`) and exit status, with
/// pages that lack the key, `null` pages, nested arrays of pages, and several
/// such descriptors at once.
@Suite struct IndexedContentStreamingCLITests {
    static let whole: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "1000000000"]

    static func spec(_ keyPaths: [String]) -> String {
        let descriptors = keyPaths.map { #"{"keyPath": "\#($0)", "root-map-ref": "item"}"# }
        return #"{"descriptors": [\#(descriptors.joined(separator: ", "))], "mappers": ["#
            + #"{"id": "item", "target": "Item", "attributes": {"id": "id", "name": "name", "@metadata.mapping.collectionIndex": "i"}, "#
            + #""types": {"id": "int"}}]}"#
    }

    /// About 1.25 MB: pages of items, a page without items every 7th, a
    /// `null` page, a page that is an array of pages; an item whose id is not
    /// an int every 101st (a warning), one without mapped keys every 97th.
    static let input: String = {
        func item(_ n: Int) -> String {
            if n % 97 == 0 { return #"{"nope": \#(n)}"# }
            return #"{"id": \#(n % 101 == 0 ? "\"x\(n)\"" : String(n)), "name": "n\#(n)", "pad": "\#(String(repeating: "p", count: 20))"}"#
        }
        var pages: [String] = []
        var n = 0
        for p in 0..<700 {
            switch p % 7 {
            case 3: pages.append(#"{"other": 1}"#)
            case 5: pages.append("null")
            case 6:
                pages.append(#"[{"items": [\#(item(n))]}, 4]"#)
                n += 1
            default:
                pages.append(#"{"items": [\#((0..<50).map { item(n + $0) }.joined(separator: ", "))]}"#)
                n += 50
            }
        }
        let batches = (0..<3).map { b in #"{"items": [\#((0..<5).map { item(1_000_000 + 10 * b + $0) }.joined(separator: ", "))]}"# }
        return #"{"head": 1, "pages": [\#(pages.joined(separator: ", "))], "batches": [\#(batches.joined(separator: ", "))]}"# + "\n"
    }()

    @Test(arguments: [["pages.items"], ["batches[-1].items"], ["batches[0].items", "pages.items", "batches.items[1]"]])
    func aLargeDocumentAnswersAsAWholeRead(keyPaths: [String]) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec(keyPaths))
        #expect(Self.input.utf8.count > 1 << 20)
        try scratch.write("in.json", Self.input)
        for format in [["--format", "ndjson"], ["--format", "json", "--compact"], ["--format", "csv"], ["--shape", "dictionary"]] {
            let arguments = ["apply", "spec.json", "--stats", "--keep-going"] + format
            let whole = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url, environment: Self.whole)
            let file = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url)
            let pipe = try RKMapExecutable.run(arguments + ["-"], stdin: Array(Self.input.utf8), directory: scratch.url)
            let wholePipe = try RKMapExecutable.run(
                arguments + ["-"], stdin: Array(Self.input.utf8), directory: scratch.url, environment: Self.whole)
            #expect(file == whole, "\(keyPaths) \(format)")
            #expect(pipe == wholePipe, "\(keyPaths) \(format)")
            #expect(whole.status == 0)
        }
        // The answer itself, for pages.items: each page's items a nested
        // collection counting its own positions, the warnings of a whole read.
        guard keyPaths == ["pages.items"] else { return }
        let run = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "ndjson", "--stats"], directory: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"@type":"Item","id":1,"name":"n1","i":1}"# + "\n" + #"{"@type":"Item","id":2,"name":"n2","i":2}"#))
        #expect(run.stderr.contains(#"in.json: $.pages[2].items[1].id: warning: cannot convert string "x101" to int [mapper item, attribute id]"#))
        #expect(run.stderr.contains("in.json: $.pages[1].items[47]: warning: none of the mapped keys"))
    }
}
