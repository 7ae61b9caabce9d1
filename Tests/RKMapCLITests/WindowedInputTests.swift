import Foundation
import Testing

/// Inputs are read through a window of fixed size (`RKMAP_WINDOW_BYTES` shrinks
/// it): documents, byte order marks and multi-byte characters cross window
/// boundaries, and the output, diagnostics (line and column in the whole
/// input, `(document N)`) and exit status are those of one whole read.
@Suite struct WindowedInputTests {
    static let spec = #"{"keyPath": "articles", "mappers": [{"id": "a", "target": "Article", "attributes": ["title", "n"], "types": {"n": "int"}}]}"#
    static let bom = "\u{FEFF}"

    static func lines(_ count: Int) -> String {
        (0..<count).map { #"{"articles": [{"title": "\#($0) é"}]} {"articles": [{"title": "z"}]}"# + "\n" }.joined()
    }

    /// Each input with the last stderr line a whole read gives.
    static let inputs: [(name: String, text: String, lastError: String)] = [
        ("syntax error after a byte order mark",
         bom + lines(40) + #"{"articles": [{"title": "ü日本", "x": tru}]}"# + "\n" + #"{"articles": [{"title": "after"}]}"# + "\n",
         "in.json:41:37: error: unexpected word 'tru'; JSON literals are true, false and null, and strings need double quotes"),
        ("control character late on a long line",
         lines(30) + #"{"articles": [{"title": "ü日本"}]} {"articles": [{"title": "\#u{1}"}]}"#,
         "in.json:31:59: error: control character U+0001 in a string; escape it as \\u0001"),
        ("concatenated documents on one line",
         String(repeating: #"{"articles": [{"title": "x"}]}"#, count: 40) + #" {"articles": [1,]}"#,
         "in.json:1:1218: error: expected a value after ',', found ']' (trailing commas are not JSON)"),
        ("a second byte order mark",
         bom + #" {"articles": [{"title": "ü"}]}"# + "\n" + bom + "{}",
         "in.json:2:1: error: expected a value, found a byte order mark (U+FEFF)"),
        // Under --keep-going the second error is placed from the first one,
        // a place that must move with the chunk (it said line 3, not 43).
        ("two syntax errors chunks apart",
         #"{"articles": [{"title": "first"}]}"# + "\n" + #"{"articles": [{"title": "a"},,]}"# + "\n" + lines(40) + #"{"articles": [{"title": "ü"},,]}"# + "\n"
            + #"{"articles": [{"title": "after"}]}"# + "\n",
         "in.json:2:30: error: expected a value, found ','"),
        ("mapping warnings name the document",
         lines(20) + #"{"articles": [{"title": "w", "n": "x"}]}"# + "\n",
         "in.json: $.articles[0].n: warning: cannot convert string \"x\" to int (document 41) [mapper a, attribute n]"),
    ]

    @Test(arguments: 0..<inputs.count)
    func smallWindowsGiveTheWholeReadsAnswer(_ i: Int) throws {
        let (_, text, lastError) = Self.inputs[i]
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", text)
        let whole = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url)
        #expect(whole.stderr.split(separator: "\n").last.map(String.init) == lastError)
        #expect(whole.stdout.hasPrefix(#"{"@type":"Article","title":""#))
        // Chunks of a few bytes through the pipeline (every document streamed,
        // since the streaming threshold is 0 too) and through the serial path;
        // with and without --keep-going, which resumes after a syntax error at
        // a line start that may lie in a later chunk.
        for extra in [[], ["--keep-going"], ["--format", "json"]] {
            let arguments = ["apply", "spec.json", "--format", "ndjson"] + extra
            let expected = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url)
            for window in ["1", "7", "64"] {
                for threshold in ["0", "1000000"] {
                    let env = ["RKMAP_WINDOW_BYTES": window, "RKMAP_PIPELINE_THRESHOLD": threshold]
                    let context = "window \(window), threshold \(threshold), \(extra)"
                    let file = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url, environment: env)
                    #expect(file == expected, "\(context)")
                    let stdin = try RKMapExecutable.run(arguments, stdin: Array(text.utf8), directory: scratch.url, environment: env)
                    #expect(stdin.stdout == expected.stdout, "\(context), stdin")
                    #expect(stdin.stderr == expected.stderr.replacingOccurrences(of: "in.json", with: "<stdin>"), "\(context), stdin")
                    #expect(stdin.status == expected.status)
                }
            }
        }
    }

    /// After a syntax error with `--keep-going`, the serial path looks for
    /// the next document start window after window, keeping the last byte.
    /// When that byte looked like the end of a value (`}`, `]`), nothing more
    /// was read and the same window came round for ever, at full CPU and deaf
    /// to SIGTERM (found by a fuzzer at windows of 5 and 37 bytes; a slow
    /// producer can cut a line there too). Each run must end as a whole read
    /// does; one that has not ended after 30 s is killed and reported.
    @Test(arguments: ["l}, ]", "garbage}]\n" + #"{"articles": [{"title": "after"}]}"# + "\n", "x]}]}]}]}]}]}]}]}]}]}]}"])
    func recoveryAfterASyntaxErrorReadsOnWhateverTheWindow(_ text: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", text)
        let arguments = ["apply", "spec.json", "in.json", "--format", "ndjson", "--keep-going"]
        let whole = try RKMapExecutable.run(arguments, directory: scratch.url)
        #expect(whole.status == 1 && whole.stderr.contains("in.json:1:1: error: "), "\(whole.stderr)")
        for window in 1...9 {
            let outURL = URL(fileURLWithPath: scratch.path("out.txt")), errURL = URL(fileURLWithPath: scratch.path("err.txt"))
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let process = Process()
            process.executableURL = try RKMapExecutable.locate()
            process.arguments = arguments
            process.currentDirectoryURL = scratch.url
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["NO_COLOR": "1", "RKMAP_WINDOW_BYTES": "\(window)", "RKMAP_PIPELINE_THRESHOLD": "1000000"]) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                Issue.record("window \(window): the run had not ended after 30 s")
                continue
            }
            #expect(process.terminationStatus == whole.status, "window \(window)")
            #expect(try String(contentsOf: outURL, encoding: .utf8) == whole.stdout, "window \(window)")
            #expect(try String(contentsOf: errURL, encoding: .utf8) == whole.stderr, "window \(window)")
        }
    }

    /// Invalid UTF-8 after multi-byte characters, cut by windows of every
    /// small size (a scan that runs out of bytes reads more and runs again):
    /// the same error, at the lead byte's line and column, as a whole read.
    @Test(arguments: [
        ([0xED, 0xA0, 0x80], "encoded surrogate code point (bytes 0xED 0xA0)"),
        ([0xF4, 0x90, 0x80, 0x80], "code point above U+10FFFF (bytes 0xF4 0x90)"),
        ([0xE0, 0x9F, 0xBF], "overlong encoding (bytes 0xE0 0x9F)"),
        ([0xE6, 0x97, 0x41], "truncated sequence (lead byte 0xE6 followed by 0x41)"),
        ([0xF0, 0x9F, 0x9A, 0x22], "truncated sequence (lead byte 0xF0 followed by 0x22)"),
    ] as [([UInt8], String)])
    func invalidUTF8AcrossWindows(_ bad: [UInt8], _ message: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        // Line 4: `{"articles": [{"title": "ü日本 ` is 29 characters.
        let text = Array((Self.lines(3) + #"{"articles": [{"title": "ü日本 "#).utf8) + bad + Array("\"}]}\n".utf8)
        let expected = "<stdin>:4:30: error: invalid UTF-8: " + message
        for window in ["1", "2", "3", "5", "8", "64", "1048576"] {
            for threshold in ["0", "1000000"] {
                let env = ["RKMAP_WINDOW_BYTES": window, "RKMAP_PIPELINE_THRESHOLD": threshold]
                let run = try RKMapExecutable.run(["apply", "spec.json", "-", "--format", "ndjson"], stdin: text,
                                                  directory: scratch.url, environment: env)
                #expect(run.stderr.split(separator: "\n").last.map(String.init) == expected, "window \(window), threshold \(threshold)")
                #expect(run.status == 1)
                #expect(run.stdout.split(separator: "\n").count == 6, "the three whole lines before it are mapped")
            }
        }
    }
}

/// One document longer than the pipeline's lookahead (8 MiB) is written as it
/// is read, one shorter only once it has been read whole — whatever the chunk
/// size, so the output never depends on timing;
/// a syntax error late in it is still an error with its line and column and
/// exit status 1, and an `-o` file is left as it was (docs/behaviour.md).
@Suite struct LongStreamedDocumentTests {
    static let spec = #"{"keyPath": "items", "mappers": [{"id": "i", "target": "Item", "attributes": ["n"]}]}"#

    @Test func aLateSyntaxErrorFailsTheRunAndLeavesTheFileAlone() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        // 800,000 elements of ~13 bytes: past the 8 MiB lookahead.
        let elements = (0..<800_000).map { #"{"n": \#($0)}"# }.joined(separator: ",\n")
        _ = try scratch.write("in.json", #"{"items": ["# + "\n" + elements + ",\n{\"n\": tru}]}\n")
        _ = try scratch.write("out.ndjson", "before\n")
        let env = ["RKMAP_PIPELINE_THRESHOLD": "0"]
        let toFile = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "ndjson", "-o", "out.ndjson"], directory: scratch.url, environment: env)
        #expect(toFile.status == 1)
        #expect(toFile.stderr.contains("in.json:800002:7: error: unexpected word 'tru'"), "\(toFile.stderr)")
        #expect(try String(contentsOfFile: scratch.path("out.ndjson"), encoding: .utf8) == "before\n")
        let toStdout = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url, environment: env)
        #expect(toStdout.status == 1)
        #expect(toStdout.stderr.contains("in.json:800002:7: error: unexpected word 'tru'"))
        // Records before the error went out as they were mapped, in order.
        let lines = toStdout.stdout.split(separator: "\n")
        #expect(lines.count > 0 && lines.count <= 800_000)
        #expect(lines.first == #"{"@type":"Item","n":0}"#)
    }

    @Test func aShortDocumentWithASyntaxErrorWritesNothingWhateverTheChunks() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        let elements = (0..<2_000).map { #"{"n": \#($0)}"# }.joined(separator: ",")
        let text = #"{"items": ["# + elements + #", {"n": tru}]}"# + "\n"
        for window in ["4", "64", "4096"] {
            let env = ["RKMAP_PIPELINE_THRESHOLD": "0", "RKMAP_WINDOW_BYTES": window]
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "--format", "ndjson"], stdin: Array(text.utf8), directory: scratch.url, environment: env)
            #expect(run.status == 1)
            #expect(run.stdout == "", "window \(window)")
        }
    }
}

/// A form-encoded input (docs/spec.md §14) is read a window of whole lines
/// at a time: through windows of a few bytes (a line longer than the
/// window grows it), from a file and from a pipe, the records, the
/// diagnostics (the syntax error's line and column in the whole input, a
/// warning's `(document N)` counted across windows) and the exit status are
/// those of the whole input.
@Suite struct WindowedFormInputTests {
    static let spec = #"{"mappers": [{"id": "u", "target": "U", "attributes": ["name", "n", "tags"], "types": {"n": "int"}}]}"#

    @Test func smallWindowsGiveTheWholeInputsAnswer() throws {
        // 30 documents (blank and CRLF lines among them), document 25's `n`
        // not an int, then a key made an object after a value on line 34,
        // then a line that is never read.
        var lines: [String] = []
        for i in 0..<30 {
            if i == 10 || i == 20 { lines.append("") }
            lines.append(i == 24 ? "name=w%C3%BC&n=x" : "name=n\(i)+%C3%A9&n=\(i)&tags[]=a&tags[]=b\(i)" + (i == 5 ? "\r" : ""))
        }
        lines.append("name=" + String(repeating: "z", count: 300) + "&n=31")
        lines.append("tags[x]=1&tags=2")
        lines.append("name=after&n=9")
        let text = lines.joined(separator: "\n") + "\n"
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.form", text)
        let arguments = ["apply", "spec.json", "--input-format", "form", "--format", "ndjson"]
        let whole = try RKMapExecutable.run(arguments + ["in.form"], directory: scratch.url)
        #expect(whole.status == 1)
        let records = whole.stdout.split(separator: "\n")
        // Every document before the error (the 31st has the long name), none after it.
        #expect(records.count == 31)
        #expect(records.first == #"{"@type":"U","name":"n0 é","n":0,"tags":["a","b0"]}"#)
        #expect(records[24] == #"{"@type":"U","name":"wü"}"#, "\(records[24])")
        #expect(!whole.stdout.contains("after"))
        #expect(whole.stderr == """
            in.form: $.n: warning: cannot convert string "x" to int (document 25) [mapper u, attribute n]
            in.form:34:11: error: key 'tags' is given a value after 'tags[…]' made it an object

            """, "\(whole.stderr)")
        for window in ["1", "7", "64", "200"] {
            for threshold in ["0", "1000000"] {
                let env = ["RKMAP_WINDOW_BYTES": window, "RKMAP_PIPELINE_THRESHOLD": threshold]
                let context = "window \(window), threshold \(threshold)"
                let file = try RKMapExecutable.run(arguments + ["in.form"], directory: scratch.url, environment: env)
                #expect(file == whole, "\(context)")
                let stdin = try RKMapExecutable.run(arguments + ["-"], stdin: Array(text.utf8), directory: scratch.url, environment: env)
                #expect(stdin.stdout == whole.stdout, "\(context), stdin")
                #expect(stdin.stderr == whole.stderr.replacingOccurrences(of: "in.form", with: "<stdin>"), "\(context), stdin")
                #expect(stdin.status == whole.status, "\(context), stdin")
            }
        }
    }
}

/// A form-encoded input's edges (docs/behaviour.md, docs/spec.md §14): a
/// byte order mark at its start is ignored whatever the window, a line
/// that cannot be read counts as a failed document in `--stats`, and raw
/// bytes that are not UTF-8 are named so (there is no percent escape).
@Suite struct FormInputEdgeTests {
    static let spec = #"{"mappers": [{"id": "r", "target": "R", "attributes": ["a"]}]}"#

    @Test func aByteOrderMarkAtTheStartIsIgnored() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a=bom\na=2\n".utf8)
        try Data(text).write(to: URL(fileURLWithPath: scratch.path("in.form")))
        for window in ["4", "5", "1048576"] {
            let env = ["RKMAP_WINDOW_BYTES": window]
            let args = ["apply", "spec.json", "--input-format", "form", "--format", "ndjson"]
            let file = try RKMapExecutable.run(args + ["in.form"], directory: scratch.url, environment: env)
            #expect(file.stdout == #"{"@type":"R","a":"bom"}"# + "\n" + #"{"@type":"R","a":"2"}"# + "\n", "window \(window): \(file.stderr)")
            #expect(file.stderr.isEmpty && file.status == 0)
            let pipe = try RKMapExecutable.run(args + ["-"], stdin: text, directory: scratch.url, environment: env)
            #expect(pipe.stdout == file.stdout, "window \(window), stdin")
        }
    }

    @Test func anUnreadableLineIsAFailedDocumentInTheStatistics() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        let run = try RKMapExecutable.run(["apply", "spec.json", "-", "--input-format", "form", "--format", "ndjson", "--stats"],
                                          stdin: Array("a=1\na=%zz\na=3\n".utf8), directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout == #"{"@type":"R","a":"1"}"# + "\n")
        #expect(run.stderr.contains("<stdin>:2:3: error: malformed percent escape '%zz'"))
        #expect(run.stderr.contains("documents: 2 (1 failed)"), "\(run.stderr)")
    }

    @Test func rawBytesThatAreNotUTF8AreNamedSo() throws {
        let scratch = try Scratch()
        _ = try scratch.write("spec.json", Self.spec)
        let run = try RKMapExecutable.run(["apply", "spec.json", "-", "--input-format", "form", "--format", "ndjson"],
                                          stdin: Array("a=1\n".utf8) + [0x61, 0x3D, 0xFF, 0xFE, 0x0A], directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr == "<stdin>:2:3: error: invalid UTF-8: the text is not UTF-8 (percent-encode other bytes)\n", "\(run.stderr)")
        let escaped = try RKMapExecutable.run(["apply", "spec.json", "-", "--input-format", "form"],
                                              stdin: Array("a=%FF%FE\n".utf8), directory: scratch.url)
        #expect(escaped.stderr == "<stdin>:1:3: error: percent escapes do not decode to UTF-8 text\n", "\(escaped.stderr)")
    }
}
