import Foundation
import Testing
@testable import RKMap

/// Large documents under specs that used to need their whole tree (issue 12):
/// key paths that read `@root`, and several response descriptors. The binary
/// reads such a document into memory and streams its elements (docs/behaviour.md
/// "Large documents are streamed"); stdout, stderr and the exit status are those
/// of a document read whole (`RKMAP_PIPELINE_THRESHOLD` past the input).
@Suite struct WholeReadStreamingTests {
    static func both(_ arguments: [String], in scratch: Scratch) throws -> (streamed: RKMapExecutable.Result, whole: RKMapExecutable.Result) {
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "1000000000"])
        return (streamed, whole)
    }

    /// A Mastodon-shaped timeline page: statuses, with the page's own facts
    /// after the content array, read by every status through `@root`.
    static let timeline: String = {
        let statuses = (0..<30_000).map { i in
            #"{"id": "\#(109_000_000_000 + i)", "content": "<p>post \#(i)</p>", "replies_count": \#(i % 7)}"#
        }
        return #"{"statuses": ["# + statuses.joined(separator: ",") + #"], "instance": {"domain": "example.social"}, "next": "max_id=108999999999"}"#
    }()

    static let rootSpec = """
        {"keyPath": "statuses", "mappers": [{"id": "status", "target": "Status",
          "attributes": {"id": "id", "replies_count": "replies", "@root.instance.domain": "domain",
                         "@root.statuses.@count": "pageSize"}}]}
        """

    @Test(arguments: ["ndjson", "csv", "json"])
    func rootKeyPathsReachEveryStreamedElement(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.rootSpec)
        try scratch.write("page.json", Self.timeline)
        #expect(Self.timeline.utf8.count > 1 << 20)  // past the pipeline threshold: streamed
        let (streamed, whole) = try Self.both(["apply", "spec.json", "page.json", "--format", format], in: scratch)
        #expect(streamed.status == 0 && streamed.stderr.isEmpty)
        switch format {
        case "ndjson":
            let lines = streamed.stdout.split(separator: "\n")
            #expect(lines.count == 30_000)
            #expect(lines.last == #"{"@type":"Status","id":"109000029999","replies":4,"domain":"example.social","pageSize":30000}"#)
        case "csv":
            #expect(streamed.stdout.hasPrefix("@type,id,replies,domain,pageSize\r\nStatus,109000000000,0,example.social,30000\r\n"))
        default:
            #expect(streamed.stdout.hasSuffix(#""domain": "example.social","# + "\n    \"pageSize\": 30000\n  }\n]\n"))
        }
        let same = streamed.status == whole.status && streamed.stdout == whole.stdout && streamed.stderr == whole.stderr
        #expect(same)
    }

    /// `@root` copied whole (a gift's `page`, in the one status that has a
    /// gift) beside `@root.instance.domain`: the root is read as a tree
    /// with the statuses held as their compact text, which the copy writes
    /// as it is, and the statuses stream from the bytes. The same records
    /// as a whole read, the copy holding the whole page.
    @Test(arguments: ["ndjson", "csv", "json"])
    func aRootCopiedBesideARootPathIsWrittenWhole(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "statuses", "root-map-ref": "status", "mappers": [
              {"id": "status", "target": "Status", "attributes": {"id": "id", "@root.instance.domain": "domain"},
               "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]},
              {"id": "gift", "target": "Gift", "attributes": {"note": "note", "@root": "page"}}]}
            """)
        let page = Self.timeline.replacingOccurrences(
            of: #""replies_count": 3},{"id": "109000000011""#,
            with: #""replies_count": 3, "gift": {"note": "n", "w": 1.50}},{"id": "109000000011""#)
        let changed = page != Self.timeline
        try #require(changed)
        try scratch.write("page.json", page)
        let (streamed, whole) = try Self.both(["apply", "spec.json", "page.json", "--format", format], in: scratch)
        #expect(streamed.status == 0 && streamed.stderr.isEmpty, "\(streamed.stderr)")
        if format == "ndjson" {
            let lines = streamed.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            try #require(lines.count == 30_001)
            // The page, compacted: its own spacing is gone, `1.50` is as written.
            let compact = page.replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ",")
            let gift = lines[10] == #"{"@type":"Status","id":"109000000010","domain":"example.social","gift":{"@type":"Gift","note":"n","page":"#
                + compact + "}}"
            #expect(gift, "\(lines[10].prefix(300))")
            #expect(lines[11] == #"{"@type":"Status","id":"109000000011","domain":"example.social"}"#)
        }
        let same = streamed.status == whole.status && streamed.stdout == whole.stdout && streamed.stderr == whole.stderr
        #expect(same)
    }

    /// From a pipe, which delivers the document in small reads: the same
    /// records (the document is read whole before its elements are mapped).
    @Test func rootKeyPathsFromAPipe() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.rootSpec)
        let input = Self.timeline + "\n" + Self.timeline
        let arguments = ["apply", "spec.json", "-", "--format", "ndjson"]
        let streamed = try RKMapExecutable.run(arguments, stdin: Array(input.utf8), directory: scratch.url)
        let whole = try RKMapExecutable.run(
            arguments, stdin: Array(input.utf8), directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "1000000000"])
        #expect(streamed.status == 0 && streamed.stderr.isEmpty)
        #expect(streamed.stdout.split(separator: "\n").count == 60_000)
        let same = streamed.status == whole.status && streamed.stdout == whole.stdout && streamed.stderr == whole.stderr
        #expect(same)
    }

    /// A syntax error after the content array: nothing of the document is
    /// written (its root is read before any element), whatever its size.
    @Test func aSyntaxErrorAfterTheContentWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.rootSpec)
        try scratch.write("page.json", String(Self.timeline.dropLast()) + ",}")
        let (streamed, whole) = try Self.both(["apply", "spec.json", "page.json", "--format", "ndjson"], in: scratch)
        #expect(streamed.status == 1)
        #expect(streamed.stdout.isEmpty)
        #expect(streamed.stderr.hasPrefix("page.json:1:"))
        #expect(streamed.stderr.contains("error:"))
        let same = streamed.status == whole.status && streamed.stdout == whole.stdout && streamed.stderr == whole.stderr
        #expect(same)
    }

    /// `--keep-going` after a syntax error in a streamed document longer than
    /// a chunk (1 MiB), whose start is no longer in memory: reading resumes at
    /// the next line that starts a document, as a whole read does, and the
    /// next document is mapped (it was skipped).
    @Test(arguments: ["file", "pipe"])
    func keepGoingResumesAfterALongBrokenDocument(from source: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "items", "mappers": [{"id": "x", "target": "X", "attributes": {"id": "id"}}]}"#)
        let items = (0..<100_000).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        let input = #"{"items": ["# + items + "]\n" + #"{"items": [{"id": -1}]}"# + "\n" + #"{"items": [{"id": -2}]}"# + "\n"
        #expect(input.utf8.count > 1 << 20)
        try scratch.write("in.json", input)
        let arguments = source == "file"
            ? ["apply", "spec.json", "in.json", "--keep-going", "--format", "ndjson"]
            : ["apply", "spec.json", "-", "--keep-going", "--format", "ndjson"]
        let stdin = source == "file" ? nil : Array(input.utf8)
        let streamed = try RKMapExecutable.run(arguments, stdin: stdin, directory: scratch.url)
        let whole = try RKMapExecutable.run(
            arguments, stdin: stdin, directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "1000000000"])
        #expect(streamed.stdout == #"{"@type":"X","id":-1}"# + "\n" + #"{"@type":"X","id":-2}"# + "\n")
        #expect(streamed.status == 1)
        #expect(streamed.stderr.contains(":2:1: error: expected ',' or '}' after an object member, found '{'"))
        let same = streamed.status == whole.status && streamed.stdout == whole.stdout && streamed.stderr == whole.stderr
        #expect(same)
    }

    /// A GitHub-shaped search payload mapped by two descriptors: the records
    /// come descriptor by descriptor, into a database too.
    @Test(arguments: ["ndjson", "sqlite"])
    func severalDescriptorsComeInFileOrder(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"descriptors": [{"keyPath": "items", "root-map-ref": "repo"}, {"keyPath": "owners", "root-map-ref": "user"}],
             "mappers": [
               {"id": "repo", "target": "Repo", "attributes": {"full_name": "name", "stargazers_count": "stars"}},
               {"id": "user", "target": "User", "attributes": {"login": "login"}}]}
            """)
        let owners = (0..<5_000).map { #"{"login": "user\#($0)"}"# }.joined(separator: ",")
        let items = (0..<20_000).map { #"{"full_name": "user\#($0 % 5_000)/repo\#($0)", "stargazers_count": \#($0 % 1_000)}"# }
            .joined(separator: ",")
        try scratch.write("search.json", #"{"total_count": 20000, "owners": ["# + owners + #"], "items": ["# + items + "]}")
        var arguments = ["apply", "spec.json", "search.json", "--format", format]
        if format == "sqlite" { arguments += ["-o", "out.db"] }
        let streamed = try RKMapExecutable.run(arguments, directory: scratch.url)
        #expect(streamed.status == 0 && streamed.stderr.isEmpty)
        if format == "ndjson" {
            let lines = streamed.stdout.split(separator: "\n")
            #expect(lines.count == 25_000)
            #expect(lines[19_999] == #"{"@type":"Repo","name":"user4999/repo19999","stars":999}"#)
            #expect(lines[20_000] == #"{"@type":"User","login":"user0"}"#)
            let whole = try RKMapExecutable.run(arguments, directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "1000000000"])
            #expect(streamed.stdout == whole.stdout && whole.status == 0)
        } else {
            let db = scratch.url.appendingPathComponent("out.db").path
            #expect(try Tables.query(db, #"SELECT count(*) FROM "Repo""#) == [[.integer(20_000)]])
            #expect(try Tables.query(db, #"SELECT count(*) FROM "User""#) == [[.integer(5_000)]])
        }
    }
}
