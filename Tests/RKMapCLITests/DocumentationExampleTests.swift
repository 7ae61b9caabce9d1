import Foundation
import Testing

/// The examples in README.md and docs/*.md run as written and print what the page
/// shows, so the documentation cannot drift from the binary.
///
/// A page's examples run in one scratch directory, top to bottom:
/// - a fenced block right after a line that ends in `` `NAME`: `` is written to
///   the file NAME (so a page can show a spec, then use it); a NAME with a `/`
///   is a file of the repository, and the block must equal it;
/// - in a ```` ```console ```` block, each `$ COMMAND` line runs with `/bin/sh`
///   (with `rkmap` on the PATH), and the lines after it, up to the next `$ ` line,
///   are its expected stdout and stderr interleaved as a terminal shows them;
///   a block whose first line is `<!-- not run -->`, or a command ending in
///   `# not run`, is shown only (for commands that need a network or a terminal).
///
/// The repository's `specs/`, `fixtures/` and `examples/` are linked into the
/// scratch directory, so pages can name them as a user in a checkout would.
@Suite struct DocumentationExampleTests {
    struct Page: CustomTestStringConvertible, Sendable {
        var path: String
        var testDescription: String { path }
    }

    static let pages: [Page] = {
        let root = RKMapExecutable.repositoryRoot
        var pages = [Page(path: "README.md")]
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        pages += docs.filter { $0.hasSuffix(".md") }.sorted().map { Page(path: "docs/\($0)") }
        return pages
    }()

    struct Example {
        var line: Int
        var command: String
        var expected: String
    }

    enum Step {
        case file(name: String, text: String)
        case run(Example)
    }

    /// `` `spec.json`: `` alone, or a sentence ending in one (`` With `meta.json`: ``).
    static func fileName(introducedBy line: String) -> String? {
        guard line.hasSuffix("`:") else { return nil }
        let body = line.dropLast(2)
        guard let open = body.lastIndex(of: "`") else { return nil }
        let name = body[body.index(after: open)...]
        guard !name.isEmpty, name.contains("."), !name.contains(" ") else { return nil }
        return String(name)
    }

    static func steps(of markdown: String) -> [Step] {
        var steps: [Step] = []
        let lines = markdown.components(separatedBy: "\n")
        var i = 0
        var pendingName: String?
        while i < lines.count {
            let line = lines[i]
            if let name = Self.fileName(introducedBy: line) {
                pendingName = name
                i += 1
                continue
            }
            guard line.hasPrefix("```") else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { pendingName = nil }
                i += 1
                continue
            }
            let info = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            var j = i + 1
            let bodyStart = j
            while j < lines.count, !lines[j].hasPrefix("```") { body.append(lines[j]); j += 1 }
            if let name = pendingName {
                steps.append(.file(name: name, text: body.joined(separator: "\n") + "\n"))
            } else if info == "console", body.first != "<!-- not run -->" {
                var current: Example?
                for (k, text) in body.enumerated() {
                    if text.hasPrefix("$ ") {
                        if let c = current { steps.append(.run(c)) }
                        let command = String(text.dropFirst(2))
                        current = command.hasSuffix("# not run") ? nil : Example(line: bodyStart + k + 1, command: command, expected: "")
                    } else if current != nil {
                        current!.expected += text + "\n"
                    }
                }
                if let c = current { steps.append(.run(c)) }
            }
            pendingName = nil
            i = j + 1
        }
        return steps
    }

    @Test(arguments: pages) func examplesRunAsShown(_ page: Page) throws {
        let root = RKMapExecutable.repositoryRoot
        let markdown = try String(contentsOf: root.appendingPathComponent(page.path), encoding: .utf8)
        let scratch = try Scratch()
        for linked in ["specs", "fixtures", "examples"] {
            let target = root.appendingPathComponent(linked).path
            if FileManager.default.fileExists(atPath: target) {
                try FileManager.default.createSymbolicLink(atPath: scratch.path(linked), withDestinationPath: target)
            }
        }
        let binary = try RKMapExecutable.locate().deletingLastPathComponent().path
        for step in Self.steps(of: markdown) {
            switch step {
            case .file(let name, let text):
                if name.contains("/") {
                    // A file of the repository, shown as it is: the page must not drift from it.
                    let actual = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
                    #expect(actual == text, "\(page.path) shows \(name), which differs from the file")
                } else {
                    try scratch.write(name, text)
                }
            case .run(let example):
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                // stderr joins stdout, as a terminal shows them.
                process.arguments = ["-c", "exec 2>&1; " + example.command]
                process.currentDirectoryURL = scratch.url
                var env = ProcessInfo.processInfo.environment
                env["PATH"] = binary + ":" + (env["PATH"] ?? "/usr/bin:/bin")
                env["NO_COLOR"] = "1"
                env["GITHUB_ACTIONS"] = nil
                process.environment = env
                let out = scratch.path(".example-output")
                _ = FileManager.default.createFile(atPath: out, contents: nil)
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
                process.standardInput = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                // A page cannot show CRLF (CSV's line ends): compare lines.
                let actual = try String(contentsOfFile: out, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
                #expect(actual == example.expected, """
                    \(page.path):\(example.line): $ \(example.command)
                    \(TextDiff.describe(expected: example.expected, actual: actual))
                    """)
            }
        }
    }

    @Test func theParserFindsFilesAndCommands() {
        let page = """
            `a.json`:

            ```json
            {"x": 1}
            ```

            ```console
            $ cat a.json
            {"x": 1}
            $ echo hi # not run
            ignored
            ```

            ```console
            <!-- not run -->
            $ curl example
            ```
            """
        let steps = Self.steps(of: page)
        #expect(steps.count == 2)
        #expect(Self.fileName(introducedBy: "With `meta.json`:") == "meta.json")
        #expect(Self.fileName(introducedBy: "see `--meta`:") == nil)
        if case .file(let name, let text) = steps[0] { #expect(name == "a.json" && text == "{\"x\": 1}\n") } else { Issue.record() }
        if case .run(let e) = steps[1] { #expect(e.command == "cat a.json" && e.expected == "{\"x\": 1}\n") } else { Issue.record() }
    }
}
