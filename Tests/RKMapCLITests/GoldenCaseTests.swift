import Foundation
import Testing

/// Runs every `fixtures/cases/NAME/` directory as one test (format in
/// `fixtures/cases/README.md`): the `cmd` line is run with the case directory as
/// working directory, and stdout, the exit status and stderr are compared with
/// the expected files.
@Suite struct GoldenCaseTests {
    static let casesDirectory = RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/cases")

    /// Case directory names, sorted; empty when there are none yet (no failure).
    static let caseNames: [String] = {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: casesDirectory.path) else { return [] }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && fm.fileExists(atPath: casesDirectory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }()

    @Test(arguments: caseNames)
    func goldenCase(_ name: String) throws {
        let golden = try GoldenCase(directory: Self.casesDirectory.appendingPathComponent(name))
        let r = try RKMapExecutable.run(golden.arguments, stdin: golden.stdin, directory: golden.directory)
        for failure in golden.mismatches(in: r) {
            Issue.record("case \(name): \(failure)")
        }
    }

    /// The same cases with every array that only relationships map held as
    /// its elements' text (`RKMAP_HELD_ARRAY_BYTES=0`; by default only one
    /// of 256 KiB or more is), read whole and through the pipeline: holding
    /// changes no output, message or exit status.
    @Test(arguments: caseNames)
    func goldenCaseWithEveryArrayHeld(_ name: String) throws {
        let golden = try GoldenCase(directory: Self.casesDirectory.appendingPathComponent(name))
        for threshold in ["1000000000", "0"] {
            let r = try RKMapExecutable.run(
                golden.arguments, stdin: golden.stdin, directory: golden.directory,
                environment: ["RKMAP_HELD_ARRAY_BYTES": "0", "RKMAP_PIPELINE_THRESHOLD": threshold])
            for failure in golden.mismatches(in: r) {
                Issue.record("case \(name), arrays held, pipeline threshold \(threshold): \(failure)")
            }
        }
    }

    @Test func shellWordsSplitLikeAShell() throws {
        #expect(try ShellWords.split(#"rkmap apply spec.json  "my input.json" --meta 'a=b c'"#)
            == ["rkmap", "apply", "spec.json", "my input.json", "--meta", "a=b c"])
        #expect(try ShellWords.split(#"eval "name == \"x\"" a\ b """#) == ["eval", #"name == "x""#, "a b", ""])
        #expect(throws: ShellWords.Malformed.self) { try ShellWords.split(#"eval "open"#) }
    }

    @Test func diffNamesWhatChanged() {
        #expect(TextDiff.describe(expected: "a\nb\nc\n", actual: "a\nB\nc\n") == "@@ from line 2 @@\n  a\n- b\n+ B\n  c\n  ")
        #expect(TextDiff.describe(expected: "x\n", actual: "x") == "actual is missing the final newline")
    }
}

/// One case directory, read.
struct GoldenCase {
    var directory: URL
    var arguments: [String]
    var stdin: [UInt8]?
    var expectedOut: [UInt8]
    var expectedCode: Int32
    var expectedErr: String?
    var expectedErrContains: [String]

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(directory: URL) throws {
        self.directory = directory
        func read(_ file: String) -> Data? { try? Data(contentsOf: directory.appendingPathComponent(file)) }
        func text(_ file: String) -> String? { read(file).map { String(decoding: $0, as: UTF8.self) } }

        guard let cmd = text("cmd") else { throw Malformed(description: "missing 'cmd' file") }
        let lines = cmd.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count == 1 else { throw Malformed(description: "'cmd' must hold exactly one command line") }
        var words = try ShellWords.split(String(lines[0]))
        if words.first == "rkmap" { words.removeFirst() }
        arguments = words
        stdin = read("stdin").map { [UInt8]($0) }
        guard let out = read("expected.out") else { throw Malformed(description: "missing 'expected.out' file") }
        expectedOut = [UInt8](out)
        if let code = text("expected.code") {
            guard let n = Int32(code.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw Malformed(description: "'expected.code' is not a number: \(code)")
            }
            expectedCode = n
        } else {
            expectedCode = 0
        }
        expectedErr = text("expected.err")
        expectedErrContains = text("expected.err.contains").map {
            $0.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        } ?? []
    }

    /// Each way `result` differs from what the case expects, as readable text.
    func mismatches(in result: RKMapExecutable.Result) -> [String] {
        var failures: [String] = []
        let command = "rkmap " + arguments.joined(separator: " ")
        if result.stdoutBytes != expectedOut {
            let expected = String(decoding: expectedOut, as: UTF8.self)
            failures.append("stdout differs from expected.out for `\(command)` (- expected, + actual):\n"
                + TextDiff.describe(expected: expected, actual: result.stdout))
        }
        if result.status != expectedCode {
            failures.append("exit status \(result.status), expected \(expectedCode), for `\(command)`; stderr:\n\(result.stderr)")
        }
        if let expectedErr {
            if result.stderr != expectedErr {
                failures.append("stderr differs from expected.err for `\(command)` (- expected, + actual):\n"
                    + TextDiff.describe(expected: expectedErr, actual: result.stderr))
            }
        } else {
            for needle in expectedErrContains where !result.stderr.contains(needle) {
                failures.append("stderr lacks \"\(needle)\" (expected.err.contains) for `\(command)`; stderr was:\n\(result.stderr)")
            }
        }
        return failures
    }
}
