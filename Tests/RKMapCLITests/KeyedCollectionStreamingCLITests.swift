import Foundation
import Testing

/// A large document whose content is one `forceCollection` dictionary
/// (docs/spec.md §5.3) is streamed member by member (README "Performance"):
/// through the binary, with chunks of a few bytes, from a file and from
/// stdin, it answers as the whole document does — but for a repeated key,
/// whose first occurrence a streamed document keeps, with a warning
/// (docs/behaviour.md).
@Suite struct KeyedCollectionStreamingCLITests {
    static let spec = #"""
        {"keyPath": "users", "root-map-ref": "user", "mappers": [
          {"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name", "attributes": ["email"]}]}
        """#

    /// Every document streamed (threshold 0), read in chunks of `window` bytes.
    static func streamed(window: String) -> [String: String] {
        ["RKMAP_PIPELINE_THRESHOLD": "0", "RKMAP_WINDOW_BYTES": window]
    }

    @Test func aRepeatedKeyKeepsItsFirstOccurrenceWithAWarning() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        let text = #"""
            {"users": {"ana": {"email": "a"}}}
            {"users": {"ana": {"email": "first"}, "bob": {},
              "ana": {"email": "again"}}}

            """#
        _ = try scratch.write("in.json", text)
        let arguments = ["apply", "spec.json", "--format", "ndjson"]
        for window in ["1", "7", "4096"] {
            let file = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url, environment: Self.streamed(window: window))
            #expect(file.stdout == #"""
                {"@type":"User","name":"ana","email":"a"}
                {"@type":"User","name":"ana","email":"first"}
                {"@type":"User","name":"bob"}

                """#, "window \(window)")
            #expect(file.stderr == """
                in.json:3:9: warning: key 'ana' appears again in an object mapped with forceCollection; \
                a streamed document keeps its first occurrence (document 2)

                """)
            #expect(file.status == 0)
            let stdin = try RKMapExecutable.run(arguments, stdin: Array(text.utf8), directory: scratch.url, environment: Self.streamed(window: window))
            #expect(stdin.stdout == file.stdout && stdin.status == 0)
            #expect(stdin.stderr == file.stderr.replacingOccurrences(of: "in.json", with: "<stdin>"))
        }
        // Read whole (a small input): one member per key, the first's position
        // and the last's value, silently.
        let whole = #"""
            {"@type":"User","name":"ana","email":"a"}
            {"@type":"User","name":"ana","email":"again"}
            {"@type":"User","name":"bob"}

            """#
        let small = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url)
        #expect(small.stdout == whole && small.stderr == "" && small.status == 0)
        // Streamed under --strict the repeat is a warning like any other: the
        // document is not written, where a whole read would take the last value.
        let strict = try RKMapExecutable.run(arguments + ["in.json", "--strict"], directory: scratch.url, environment: Self.streamed(window: "7"))
        #expect(strict.stdout == #"{"@type":"User","name":"ana","email":"a"}"# + "\n")
        #expect(strict.stderr == """
            in.json:3:9: warning: key 'ana' appears again in an object mapped with forceCollection; \
            a streamed document keeps its first occurrence (document 2)
            in.json: $: error: 1 mapping warning under --strict; the document is not written (document 2)

            """)
        #expect(strict.status == 1)
    }

    @Test func membersCrossChunksAndAnswerAsTheWholeDocument() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        let members = (0..<300).map { i in
            // An object, one without members (a record of the key alone), text
            // and null (no record: docs/spec.md §5.3), and a bad email.
            [#""u\#(i)": {"email": "e\#(i) é"}"#, #""ü\#(i)日本": {}"#, #""s\#(i)": \#(i % 8 == 2 ? "null" : #""text""#)"#, #""n\#(i)": {"email": [1, {"x": 2}]}"#][i % 4]
        }
        let text = [#"{"users": {}}"#, #"{"users": {"# + members.joined(separator: ",\n ") + "}}", #"{"users": 5}"#, "{}"].joined(separator: "\n")
        _ = try scratch.write("in.json", text)
        for extra in [[], ["--keep-going"], ["--format", "json"], ["--stats"]] {
            let arguments = ["apply", "spec.json", "in.json", "--format", "ndjson"] + extra
            let expected = try RKMapExecutable.run(arguments, directory: scratch.url)
            #expect(expected.stdout.contains(#""name":"ü1日本""#) || expected.stdout.contains(#""name": "ü1日本""#))
            #expect(expected.stderr.contains("in.json: $: error: no mappable content: none of the key paths 'users' is in the document (document 4)"))
            #expect(expected.status == 1)
            for window in ["1", "7", "64"] {
                let streamed = try RKMapExecutable.run(arguments, directory: scratch.url, environment: Self.streamed(window: window))
                #expect(streamed == expected, "window \(window), \(extra)")
            }
        }
    }

    @Test(arguments: [[], ["--keep-going"]])
    func aSyntaxErrorInsideTheObjectIsReportedAsForTheWholeDocument(_ extra: [String]) throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        _ = try scratch.write("in.json", """
            {"users": {"a": {"email": "1"}}}
            {"users": {"b": {"email": "2"}, "c": {"email": "3"} "d": {}}}
            {"users": {"e": {"email": "5"}}}

            """)
        let arguments = ["apply", "spec.json", "in.json", "--format", "ndjson"] + extra
        for environment in [[:], Self.streamed(window: "1"), Self.streamed(window: "4096")] {
            let run = try RKMapExecutable.run(arguments, directory: scratch.url, environment: environment)
            #expect(run.stderr == "in.json:2:53: error: expected ',' or '}' after an object member, found '\"'\n")
            #expect(run.stdout == #"{"@type":"User","name":"a","email":"1"}"# + "\n"
                + (extra.isEmpty ? "" : #"{"@type":"User","name":"e","email":"5"}"# + "\n"))
            #expect(run.status == 1)
        }
    }

    /// Longer than the pipeline's 8 MiB lookahead: written as it is read, so
    /// a late syntax error leaves the members before it on stdout, with the
    /// error and exit status 1; an `-o` file is left as it was.
    @Test func aLateSyntaxErrorInALongObject() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        let members = (0..<600_000).map { #""k\#($0)": {"email": 1}"# }.joined(separator: ",\n")
        _ = try scratch.write("in.json", #"{"users": {"# + "\n" + members + ",\n\"last\": {\"email\": tru}}}\n")
        _ = try scratch.write("out.ndjson", "before\n")
        let env = ["RKMAP_PIPELINE_THRESHOLD": "0"]
        let toFile = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "ndjson", "-o", "out.ndjson"], directory: scratch.url, environment: env)
        #expect(toFile.status == 1)
        let error = "in.json:600002:19: error: unexpected word 'tru'; JSON literals are true, false and null, and strings need double quotes\n"
        #expect(toFile.stderr == error + "error: 'out.ndjson' was left unchanged because a document failed\n")
        #expect(try String(contentsOfFile: scratch.path("out.ndjson"), encoding: .utf8) == "before\n")
        let toStdout = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url, environment: env)
        #expect(toStdout.status == 1 && toStdout.stderr == error)
        let lines = toStdout.stdout.split(separator: "\n")
        #expect(lines.count > 0 && lines.count <= 600_000)
        #expect(lines.first == #"{"@type":"User","name":"k0","email":1}"#)
    }
}
