import Foundation
import Testing

/// Which objects `serialize` reads as `--shape dictionary` wrappers
/// (docs/spec.md §13 "Records"): only those whose members are arrays named
/// as the descriptors' key paths. Through the binary.
@Suite struct SerializeNoTypeRecordsTests {
    static let spec = #"""
        {"keyPath": "posts", "root-map-ref": "post", "mappers": [
          {"id": "post", "target": "Post", "relationships": [{"from": "comments", "to": "comments", "map-ref": "c"}]},
          {"id": "c", "target": "Comment", "attributes": ["text"]}]}
        """#

    /// A `--no-type` record whose only field is a to-many relationship is one
    /// record (it was two empty bodies, one per comment, exit 0), and
    /// `--shape dictionary` output is still read as its records.
    @Test func aNoTypeRecordOfArraysIsOneRecord() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        let record = #"{"comments": [{"text": "hi"}, {"text": "yo"}]}"#
        let one = try RKMapExecutable.run(["serialize", "spec.json", "--mapper", "post", "--compact"], stdin: Array(record.utf8), directory: scratch.url)
        #expect(one.status == 0 && one.stderr.isEmpty)
        #expect(one.stdout == #"{"comments":[{"text":"hi"},{"text":"yo"}]}"# + "\n")
        let input = #"{"posts": [{"comments": [{"text": "a"}]}, {"comments": []}]}"#
        let applied = try RKMapExecutable.run(
            ["apply", "spec.json", "-", "--shape", "dictionary", "--no-type", "--compact"], stdin: Array(input.utf8), directory: scratch.url)
        #expect(applied.stdout == #"{"posts":[{"comments":[{"text":"a"}]},{"comments":[]}]}"# + "\n")
        let back = try RKMapExecutable.run(["serialize", "spec.json", "--mapper", "post", "--compact"], stdin: applied.stdoutBytes, directory: scratch.url)
        #expect(back.status == 0)
        #expect(back.stdout == #"{"comments":[{"text":"a"}]}"# + "\n" + #"{"comments":[]}"# + "\n")
    }
}
