import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RKMap

/// `rkmap check` end to end on the example in `fixtures/check/` (docs/spec.md §12):
/// exact stdout, exit statuses, reports, annotations and `--update`.
@Suite struct CheckCommandTests {
    private let spec = "fixtures/check/api.json"

    private let cleanReport = """
        PASS fixtures/check/api/article-12.json: GET /articles/12 200, 1 record
        PASS fixtures/check/api/articles.json: GET /articles 200, 2 records
        PASS fixtures/check/api/login.json: POST /api/login 201, 1 record
        PASS fixtures/check/api/not-found.json: GET /articles/99 404, 1 record
        PASS fixtures/check/api/session.har#0: POST /api/login 201, 1 record
        PASS fixtures/check/api/session.har#1: GET /articles 200, 1 record
        PASS fixtures/check/api/session.har#3: GET /articles/21 200, 1 record
        PASS fixtures/check/api/session.har#4: GET /articles/404 404, 1 record
        SKIP fixtures/check/api/session.har#5: GET /api/health 200
          descriptor (note): no descriptor applies to GET /api/health 200
          descriptor (note): fixtures/check/api.json:30:5: descriptor 1 (path '/api/login'): path '/api/health' does not match pattern '/api/login'
          descriptor (note): fixtures/check/api.json:31:5: descriptor 2 (path '/articles'): path '/api/health' does not match pattern '/articles'
          descriptor (note): fixtures/check/api.json:32:5: descriptor 3 (path '/articles/:articleID'): path '/api/health' does not match pattern '/articles/:articleID'
          descriptor (note): fixtures/check/api.json:33:5: descriptor 4: status 200 is not one of 4XX

        """

    private let driftedReport = """
        FAIL fixtures/check/drifted/article-12.json: GET /articles/12 200, 1 record
          mapping: $.article.id: cannot convert string "art-12" to int [mapper articleDetail, attribute articleID]
          unmapped (warning): $.article.content: not mapped (1 time) [mapper articleDetail]
          unmapped (warning): $.article.reading_time: not mapped (1 time) [mapper articleDetail]
          missing (warning): $.article.body: mapped but missing (1 of 1) [mapper articleDetail]
          golden: fixtures/check/drifted/article-12.expected.json: $[0].articleID: missing (expected 12)
          golden: fixtures/check/drifted/article-12.expected.json: $[0].body: missing (expected "RestKit's object mapping, ported to the command line.")

        """

    /// A `fail` validation (docs/spec.md §8) is one reason, an error: it was
    /// listed twice, as the warning that the document fails and as the
    /// failure, and with `--allow-warnings` the first read as a warning.
    @Test(arguments: [[], ["--allow-warnings"]])
    func aFailedValidationIsOneReason(_ extra: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"{"keyPath": "items", "root-map-ref": "i", "mappers": [{"id": "i", "target": "I", "attributes": ["id"], "validations": [{"attribute": "id", "predicate": "SELF > 0", "onFailure": "fail"}]}]}"#)
        try scratch.write("in.json", #"{"items": [{"id": 1}, {"id": 0}]}"#)
        let r = try RKMapExecutable.run(["check", "spec.json", "in.json"] + extra, directory: scratch.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == """
            FAIL in.json: 200
              mapping: $.items[1]: validation of id failed: SELF > 0; the document fails [mapper i, attribute id]
            0 passed, 1 failed

            """)
        #expect(r.status == 1)
    }

    /// A body that is not valid JSON fails with the reader's message at its
    /// line and column, wherever the error is; found by the element-wise
    /// read (the content an array found through objects), it is reported
    /// without the document's tree (`BoundedMemoryTests`), with the message
    /// a whole read gives.
    @Test(arguments: [
        (#"{"items": [{"ID": 1, "Name": "a"},]}"#, "1:35: expected a value after ',', found ']' (trailing commas are not JSON)"),
        (#"{"items": [{"ID": 1, "Name": "\q"}]}"#, #"1:31: invalid escape '\q' in a string; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (#"{"items": [{"ID": 1}]} {}"#, "1:24: unexpected second JSON value after the one ending at byte 22; a fixture holds one document"),
    ])
    func aBodyThatIsNotJSONFailsWithWhereAndWhat(_ body: String, _ expected: String) throws {
        let scratch = try Scratch()
        try scratch.write("b.json", body + "\n")
        let run = try RKMapExecutable.run(["check", RKMapExecutable.repositoryRoot.path + "/fixtures/scale/items-validated.json", "b.json"],
                                          directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stdout == "FAIL b.json: 200\n  fixture: b.json:\(expected)\n0 passed, 1 failed\n", "\(run)")
    }

    @Test func theCleanFixturesPass() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/api"], environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == cleanReport + "8 passed, 0 failed, 1 skipped\n")
        #expect(r.stderr == "")
        #expect(r.status == 0)
    }

    @Test func theDriftedFixtureFailsWithReasons() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/api", "fixtures/check/drifted"], environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == cleanReport + driftedReport + "8 passed, 1 failed, 1 skipped\n")
        #expect(r.status == 1)
    }

    @Test func unmatchedErrorMakesTheSkipAFailure() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/api/session.har", "--unmatched", "error"])
        #expect(r.stdout.contains("FAIL fixtures/check/api/session.har#5: GET /api/health 200\n  descriptor: no descriptor applies to GET /api/health 200\n"))
        #expect(r.stdout.hasSuffix("\n4 passed, 1 failed\n"))
        #expect(r.status == 1)
    }

    @Test func githubAnnotationsUnderGitHubActions() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/drifted"], environment: ["GITHUB_ACTIONS": "true"])
        let annotations = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.first == "::error file=fixtures/check/drifted/article-12.json,line=3,col=11,title=rkmap check%3A mapping::fixtures/check/drifted/article-12.json: mapping: $.article.id: cannot convert string \"art-12\" to int [mapper articleDetail, attribute articleID]")
        #expect(annotations.filter { $0.hasPrefix("::warning ") }.map { $0.prefix(while: { $0 != "," && $0 != ":" || $0 == "=" }) }.count == 3)
        // SPEC §12 missing keys: `body` is not in the file, so the annotation is on the object that lacks it.
        #expect(annotations.contains("::warning file=fixtures/check/drifted/article-12.json,line=2,col=14,title=rkmap check%3A missing::fixtures/check/drifted/article-12.json: missing (warning): $.article.body: mapped but missing (1 of 1) [mapper articleDetail]"))
        #expect(annotations.contains { $0.hasPrefix("::warning file=fixtures/check/drifted/article-12.json,line=7,col=21,") }, "the new key's line")
        #expect(annotations.contains { $0.hasPrefix("::error file=fixtures/check/drifted/article-12.expected.json,line=7,col=13,") }, "the golden's line")
        #expect(annotations.filter { $0.hasPrefix("::error ") }.count == 3)
        let quiet = try RKMapExecutable.run(["check", spec, "fixtures/check/drifted"], environment: ["GITHUB_ACTIONS": "false"])
        #expect(!quiet.stdout.contains("::"))
    }

    @Test func malformedFixturesFailWithLocationAndTheRunGoesOn() throws {
        let dir = try Scratch()
        try dir.write("a-bad.json", "{\"articles\": [\n  {\"id\": 1,,}\n]}")
        try dir.write("b-good.json", #"{"articles": []}"#)
        try dir.write("c.har", #"{"log": {"entries": "none"}}"#)
        let r = try RKMapExecutable.run(["check", spec, dir.directory, "--path", "/articles", "--method", "get"])
        #expect(r.stdout == """
            FAIL \(dir.directory)/a-bad.json: GET /articles 200
              fixture: \(dir.directory)/a-bad.json:2:12: expected a string key after ',', found ','
            PASS \(dir.directory)/b-good.json: GET /articles 200, 0 records
            FAIL \(dir.directory)/c.har
              fixture: $.log.entries: expected an array, found string (a HAR file is {"log": {"entries": [...]}})
            1 passed, 2 failed

            """)
        #expect(r.status == 1)
    }

    @Test(arguments: [
        (["check", "fixtures/check/api.json", "fixtures/check/nope"], "error: no such fixture file or directory: 'fixtures/check/nope'\n"),
        (["check", "fixtures/check/nope.json", "fixtures/check/api"], "error: cannot read 'fixtures/check/nope.json': No such file or directory\n"),
    ])
    func usageAndSpecErrorsExitTwo(_ args: [String], _ stderr: String) throws {
        let r = try RKMapExecutable.run(args)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == stderr)
    }

    @Test func anUnwritableReportIsExitTwo() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/api/login.json", "--report", "json=/nonexistent-dir/r.json"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: cannot write the json report: "))
    }

    /// `--report json=-` writes the report to stdout, alone there so that it
    /// pipes into `jq`, and the PASS/FAIL lines to stderr (it wrote a file
    /// named `-`: a tester's find); two reports cannot share stdout.
    @Test func aReportOnStdoutIsAllStdoutHolds() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/api/login.json", "--report", "json=-"],
                                        environment: ["GITHUB_ACTIONS": nil])
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr == "PASS fixtures/check/api/login.json: POST /api/login 201, 1 record\n1 passed, 0 failed\n")
        let report = try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any]
        #expect(report?["passed"] as? Int == 1 && report?["failed"] as? Int == 0, "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: RKMapExecutable.repositoryRoot.appendingPathComponent("-").path))
        let two = try RKMapExecutable.run(["check", spec, "fixtures/check/api/login.json", "--report", "json=-", "--report", "junit=-"])
        #expect(two.status == 2 && two.stdout.isEmpty)
        #expect(two.stderr.hasPrefix("error: '--report json=-' and '--report junit=-' cannot be used together"), "\(two.stderr)")
    }

    /// A HAR `x.har` and a body `x.har.json` share the golden
    /// `x.har.expected.json`: `--update` wrote it twice and exited 0, and
    /// `check` then failed the other whatever was done (a tester's find).
    /// The pair is refused before anything is read or written, with or
    /// without `--update`; the same file given twice is one fixture.
    @Test func twoFixturesSharingAGoldenAreRefused() throws {
        let dir = try Scratch()
        let har = try String(contentsOfFile: RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/check/api/session.har").path, encoding: .utf8)
        try dir.write("x.har", har)
        try dir.write("x.har.json", #"{"articles": []}"#)
        let spec = RKMapExecutable.repositoryRoot.appendingPathComponent(self.spec).path
        for extra in [["--update"], []] {
            let r = try RKMapExecutable.run(["check", spec, "."] + extra, directory: dir.url)
            #expect(r.status == 2 && r.stdout.isEmpty, "\(r)")
            #expect(r.stderr == "error: './x.har' and './x.har.json' would both be compared with the golden './x.har.expected.json'; "
                + "rename one of them (a body named NAME.har.json has the golden of the HAR NAME.har)\n")
        }
        // The same place spelled otherwise is the same golden.
        let spelled = try RKMapExecutable.run(["check", spec, "./x.har", dir.path("x.har.json"), "--update"], directory: dir.url)
        #expect(spelled.status == 2 && spelled.stderr.hasPrefix("error: './x.har' and '\(dir.path("x.har.json"))' would both"), "\(spelled)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.har.expected.json")))
        let twice = try RKMapExecutable.run(["check", spec, "x.har", "x.har"], directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(twice.status == 0, "\(twice)")
    }

    /// A fixture that is a named pipe, whose output differs from its golden:
    /// compared with the output held, since the pipe cannot be read again
    /// for the element-wise comparison (which waited for a second writer:
    /// a hang). The writer offers an empty second read, so a regression
    /// reports a wrong difference rather than hanging the suite.
    @Test func aNamedPipeFixtureIsComparedWithItsGoldenWithoutReadingItTwice() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"keyPath": "items", "mappers": [{"id": "i", "target": "I", "attributes": ["id"]}]}"#)
        try dir.write("src.json", #"{"items": [{"id": 1}, {"id": 2}]}"#)
        try dir.write("in.expected.json", #"[{"@type": "I", "id": 1}, {"@type": "I", "id": 3}]"#)
        try #require(mkfifo(dir.path("in.json"), 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat src.json > in.json; : > in.json"]
        writer.currentDirectoryURL = dir.url
        try writer.run()
        defer { if writer.isRunning { writer.terminate() }; writer.waitUntilExit() }
        let r = try RKMapExecutable.run(["check", "s.json", "in.json"], directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.status == 1)
        #expect(r.stdout == "FAIL in.json: 200, 2 records\n  golden: in.expected.json: $[1].id: expected 3, got 2\n0 passed, 1 failed\n", "\(r)")
    }

    @Test func junitReportIsValidXMLWithASuitePerFile() throws {
        let dir = try Scratch()
        let r = try RKMapExecutable.run([
            "check", spec, "fixtures/check/api", "fixtures/check/drifted", "--report", "junit=\(dir.directory)/junit.xml",
            "--report", "json=\(dir.directory)/report.json",
        ])
        #expect(r.status == 1)
        let xml = try Data(contentsOf: URL(fileURLWithPath: dir.directory + "/junit.xml"))
        let collector = XMLCollector()
        let parser = XMLParser(data: xml)
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.elements.filter { $0.name == "testsuite" }.map { $0.attributes["name"] } == [
            "fixtures/check/api/article-12.json", "fixtures/check/api/articles.json", "fixtures/check/api/login.json",
            "fixtures/check/api/not-found.json", "fixtures/check/api/session.har", "fixtures/check/drifted/article-12.json",
        ])
        let root = try #require(collector.elements.first)
        #expect(root.name == "testsuites")
        #expect(root.attributes["tests"] == "10")
        #expect(root.attributes["failures"] == "1")
        #expect(root.attributes["skipped"] == "1")
        #expect(collector.elements.filter { $0.name == "testcase" }.count == 10)
        let failure = try #require(collector.elements.first { $0.name == "failure" })
        #expect(failure.attributes["message"] == "mapping: $.article.id: cannot convert string \"art-12\" to int [mapper articleDetail, attribute articleID]")
        #expect(failure.attributes["type"] == "mapping")
        #expect(collector.elements.filter { $0.name == "skipped" }.count == 1)

        let json = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir.directory + "/report.json")), as: UTF8.self)
        var reader = JSONDocumentReader(bytes: Array(json.utf8))
        guard case .object(let report)? = try reader.next() else { Issue.record("not an object"); return }
        #expect(report["passed"] == .number(JSONNumber(8)))
        #expect(report["failed"] == .number(JSONNumber(1)))
        #expect(report["skipped"] == .number(JSONNumber(1)))
        guard case .array(let exchanges)? = report["exchanges"], case .object(let last)? = exchanges.last else { Issue.record("no exchanges"); return }
        #expect(last["result"] == .string("failed"))
        #expect(last["method"] == .string("GET"))
        guard case .array(let reasons)? = last["reasons"], case .object(let first)? = reasons.first else { Issue.record("no reasons"); return }
        #expect(first["check"] == .string("mapping"))
        #expect(first["path"] == .string("$.article.id"))
        #expect(first["mapper"] == .string("articleDetail"))
    }

    @Test func updateWritesGoldensThatThenPass() throws {
        let dir = try Scratch()
        try dir.write("articles.json", #"{"articles": [{"id": 5, "title": "T", "published_at": "2024-01-02", "tags": [], "author": {"id": 1, "name": "A"}}]}"#)
        try dir.write("articles.meta.json", #"{"method": "GET", "path": "/articles"}"#)
        let update = try RKMapExecutable.run(["check", spec, dir.directory, "--update"])
        #expect(update.status == 0)
        #expect(update.stdout.contains("  golden (note): \(dir.directory)/articles.expected.json: wrote \(dir.directory)/articles.expected.json\n"))
        let golden = try String(contentsOfFile: dir.directory + "/articles.expected.json", encoding: .utf8)
        let apply = try RKMapExecutable.run(["apply", spec, dir.directory + "/articles.json", "--path", "/articles", "--method", "GET"])
        #expect(golden == apply.stdout, "the golden is exactly apply's output")
        let again = try RKMapExecutable.run(["check", spec, dir.directory])
        #expect(again.stdout == "PASS \(dir.directory)/articles.json: GET /articles 200, 1 record\n1 passed, 0 failed\n")
        #expect(again.status == 0)
    }
    /// A second document in a fixture, or in its golden file, is an error
    /// that names which file holds it (the golden's said "a fixture").
    @Test func aSecondDocumentSaysWhichFileHoldsIt() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"keyPath": "items", "mappers": [{"id": "i", "target": "I", "attributes": ["id"]}]}"#)
        try dir.write("in.json", #"{"items": [{"id": 1}]}"#)
        try dir.write("in.expected.json", "[\n  {\n    \"@type\": \"I\",\n    \"id\": 1\n  }\n]\n{}\n")
        try dir.write("two.json", #"{"items": []} {}"#)
        let r = try RKMapExecutable.run(["check", "s.json", "in.json", "two.json"], directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.status == 1)
        #expect(r.stdout.contains("  golden: in.expected.json:7:1: unexpected second JSON value after the one ending at byte 41; a golden file holds one document\n"), "\(r.stdout)")
        #expect(r.stdout.contains("two.json:1:15: unexpected second JSON value after the one ending at byte 13; a fixture holds one document"), "\(r.stdout)")
    }

    /// The same mapping warning (mapper, attribute, kind) is reported ten
    /// times, then counted, as `apply` prints it: a fixture with a warning
    /// per element printed 24,000 lines (and held them all).
    @Test func aRepeatedMappingWarningIsReportedTenTimesThenCounted() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"keyPath": "items", "mappers": [{"id": "i", "target": "I", "attributes": ["id", "n"], "types": {"id": "int", "n": "int"}}]}"#)
        let items = (0..<30).map { #"{"id": "x\#($0)", "n": \#($0 == 3 ? "\"y\"" : "1")}"# }.joined(separator: ", ")
        try dir.write("in.json", #"{"items": ["# + items + "]}")
        let r = try RKMapExecutable.run(["check", "s.json", "in.json", "--report", "json=r.json"], directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.status == 1)
        let lines = (0..<10).map { "  mapping: $.items[\($0)].id: cannot convert string \"x\($0)\" to int [mapper i, attribute id]\n" }
        #expect(r.stdout == "FAIL in.json: 200, 30 records\n" + lines[0..<4].joined()
            + "  mapping: $.items[3].n: cannot convert string \"y\" to int [mapper i, attribute n]\n" + lines[4...].joined()
            + "  mapping: … and 20 more: cannot convert string … [mapper i, attribute id]\n0 passed, 1 failed\n", "\(r.stdout)")
        let report = try String(contentsOfFile: dir.path("r.json"), encoding: .utf8)
        #expect(report.components(separatedBy: "\"check\": \"mapping\"").count - 1 == 12, "\(report)")
    }
}

/// A scratch directory removed when the value goes away.

/// Collects start elements and their attributes, in document order.
final class XMLCollector: NSObject, XMLParserDelegate {
    struct Element { var name: String; var attributes: [String: String] }
    var elements: [Element] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append(Element(name: name, attributes: attributes))
    }
}
