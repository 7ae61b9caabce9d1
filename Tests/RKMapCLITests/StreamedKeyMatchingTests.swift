import Foundation
import Testing

/// A large document under `keyMatching: caseInsensitive` is streamed
/// (docs/behaviour.md "Large documents are streamed"): it is mapped from the
/// first key on the content path that matches ignoring case, and where a
/// whole-document read would take a later exact match instead, a warning says
/// so, at that key, with exit status 0.
@Suite struct StreamedKeyMatchingTests {
    static let spec = """
        {"keyPath": "data.items", "keyMatching": "caseInsensitive", "root-map-ref": "item", "mappers": [
          {"id": "item", "target": "Item", "attributes": {"ID": "id", "name": "name"}}]}
        """

    /// `{"Data": {"Items": [...count elements...], "items": [{"id": -1}]}}`, one line.
    static func document(_ count: Int) -> String {
        let elements = (0..<count).map { #"{"Id": \#($0), "NAME": "é\#($0)", "unread": [1, 2, 3]}"# }
        return #"{"Data": {"Items": ["# + elements.joined(separator: ",") + #"], "items": [{"id": -1}]}}"#
    }

    @Test func aLargeDocumentIsStreamedFromTheFirstMatchWithAWarning() throws {
        let input = Self.document(30_000)
        #expect(input.utf8.count > 1 << 20)  // past the default streaming threshold
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", input)
        // The warning sits just after the exact key's colon: the end of the
        // line less ` [{"id": -1}]}}` (columns count characters).
        let column = input.count - #" [{"id": -1}]}}"#.count + 1
        let message = "warning: key 'items' appears after 'Items'; a streamed document is mapped from the first key matching 'items' ignoring case\n"
        let expected = (0..<30_000).map { #"{"@type":"Item","id":\#($0),"name":"é\#($0)"}"# + "\n" }.joined()
        let file = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url)
        #expect(file.status == 0)
        #expect(file.stderr == "in.json:1:\(column): " + message)
        #expect(file.stdout == expected)
        let piped = try RKMapExecutable.run(["apply", "spec.json", "--format", "ndjson"], stdin: Array(input.utf8), directory: scratch.url)
        #expect(piped.status == 0)
        #expect(piped.stderr == "<stdin>:1:\(column): " + message)
        #expect(piped.stdout == expected)
    }

    /// A small document is read whole: the exact key wins, and nothing is said.
    @Test func aSmallDocumentTakesTheExactKey() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "--format", "ndjson"], stdin: Array(Self.document(3).utf8), directory: scratch.url)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == #"{"@type":"Item","id":-1}"# + "\n")
    }

    /// Keys, and the characters that differ in case, split across read
    /// chunks of a few bytes: the same answer as one read.
    @Test func keysAcrossChunksMatchTheSame() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let input = #"{"DATA": 1, "data": {"ÍTEMS": [], "ITEMS": [{"iD": 5, "Name": "n"}]}}"#
            + "\n" + #"{"data": {"Items": [{"id": 6}], "items": [{"id": 7}]}}"# + "\n"
        let arguments = ["apply", "spec.json", "--format", "ndjson"]
        let streamed = try RKMapExecutable.run(arguments, stdin: Array(input.utf8), directory: scratch.url,
                                               environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
        #expect(streamed.status == 0)
        #expect(streamed.stdout == #"{"@type":"Item","id":5,"name":"n"}"# + "\n" + #"{"@type":"Item","id":6}"# + "\n")
        #expect(streamed.stderr == "<stdin>:2:41: " + "warning: key 'items' appears after 'Items'; "
            + "a streamed document is mapped from the first key matching 'items' ignoring case (document 2)\n")
        for window in ["1", "7"] {
            let small = try RKMapExecutable.run(arguments, stdin: Array(input.utf8), directory: scratch.url,
                                                environment: ["RKMAP_PIPELINE_THRESHOLD": "0", "RKMAP_WINDOW_BYTES": window])
            #expect(small.stdout == streamed.stdout && small.stderr == streamed.stderr && small.status == 0, "window \(window)")
        }
    }

    /// A diagnostic names the member the lookup followed, as the document
    /// spells it (docs/spec.md §4): `$.DATA.ITEMS[2].Id` for the key path
    /// `data.items` and the attribute `ID`, a place in the document, read
    /// whole, streamed, from a file or a pipe; and `check` reports members
    /// nothing reads at `$.DATA.ITEMS[*].unread`. Both named the spec's
    /// spelling (`$.data.items[2].ID`), which the document does not have:
    /// `check`'s annotations could not find it.
    @Test func diagnosticsNameTheMembersAsTheDocumentSpellsThem() throws {
        let spec = """
            {"keyPath": "data.items", "keyMatching": "caseInsensitive", "root-map-ref": "item", "mappers": [
              {"id": "item", "target": "Item", "attributes": {"ID": "id", "name": "name"}, "types": {"id": "int"},
               "relationships": [{"from": "Owner", "to": "owner", "map-ref": "owner"}]},
              {"id": "owner", "target": "Owner", "attributes": {"LOGIN": "login"}}]}
            """
        func document(_ count: Int) -> String {
            let elements = (0..<count).map { i in
                i == 2 ? #"{"Id": "two", "NAME": "n2", "owner": {"Login": "u", "extra": 1}}"# : #"{"Id": \#(i), "NAME": "n\#(i)", "unread": true}"#
            }
            return #"{"DATA": {"ITEMS": ["# + elements.joined(separator: ",") + "]}}"
        }
        let warning = "$.DATA.ITEMS[2].Id: warning: cannot convert string \"two\" to int [mapper item, attribute id]\n"
        let scratch = try Scratch()
        try scratch.write("spec.json", spec)
        for count in [3, 30_000] {
            let input = document(count)
            try scratch.write("in.json", input)
            let arguments = ["apply", "spec.json", "--format", "ndjson"]
            for environment in [[:], ["RKMAP_PIPELINE_THRESHOLD": "0"]] {
                let file = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url, environment: environment)
                #expect(file.status == 0)
                #expect(file.stderr == "in.json: " + warning, "\(count) \(environment)")
                let piped = try RKMapExecutable.run(arguments, stdin: Array(input.utf8), directory: scratch.url, environment: environment)
                #expect(piped.stderr == "<stdin>: " + warning, "\(count) \(environment)")
                #expect(piped.stdout == file.stdout && piped.status == 0)
            }
        }
        try scratch.write("in.json", document(3))
        let check = try RKMapExecutable.run(["check", "spec.json", "in.json", "--unmapped", "error", "--allow-warnings"], directory: scratch.url)
        #expect(check.status == 1)
        #expect(check.stdout.contains("unmapped: $.DATA.ITEMS[*].unread: not mapped (2 times) [mapper item]"), "\(check.stdout)")
        #expect(check.stdout.contains("unmapped: $.DATA.ITEMS[*].owner.extra: not mapped (1 time) [mapper owner]"), "\(check.stdout)")
        #expect(!check.stdout.contains("$.data.items"), "\(check.stdout)")
        // A path in the document is one GitHub's annotations can place: each
        // has its line now (the spec's spelling had none to find).
        let lines = document(3).replacingOccurrences(of: "{", with: "{\n").replacingOccurrences(of: ",", with: ",\n")
        try scratch.write("lines.json", lines)
        let annotated = try RKMapExecutable.run(["check", "spec.json", "lines.json", "--unmapped", "error"], directory: scratch.url,
                                                environment: ["GITHUB_ACTIONS": "true"])
        let annotations = annotated.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 3, "\(annotated.stdout)")
        for annotation in annotations { #expect(annotation.hasPrefix("::error file=lines.json,line="), "\(annotation)") }
    }
}
