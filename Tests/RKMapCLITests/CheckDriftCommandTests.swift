import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RKMap

/// `rkmap check` on a browser HAR and on API drift (SPEC §12), end to end:
/// body-less entries skipped unless a descriptor applies, JSON served as
/// `text/html`, response headers as `@metadata.HTTP.response.headers`, renamed
/// nested keys, dropped keys, and `--update` refusing to write a broken golden.
/// Each case pins the text report, the exit status and the JUnit/JSON reports.
@Suite struct CheckDriftCommandTests {
    private let spec = "fixtures/check/github.json"

    private let sessionReport = """
        PASS fixtures/check/github/session.har#0: GET /repos/rkmap/rkmap/issues 200, 2 records
        SKIP fixtures/check/github/session.har#1: OPTIONS /repos/rkmap/rkmap/issues 204
          descriptor (note): no descriptor applies to OPTIONS /repos/rkmap/rkmap/issues 204; the response has no body (an OPTIONS preflight)
          descriptor (note): fixtures/check/github.json:15:5: descriptor 1 (path '/repos/:owner/:repo/issues'): method OPTIONS is not one of GET, HEAD
          descriptor (note): fixtures/check/github.json:16:5: descriptor 2 (path '/repos/:owner/:repo'): path '/repos/rkmap/rkmap/issues' does not match pattern '/repos/:owner/:repo'
          descriptor (note): fixtures/check/github.json:17:5: descriptor 3 (path '/login/oauth/access_token'): path '/repos/rkmap/rkmap/issues' does not match pattern '/login/oauth/access_token'
        PASS fixtures/check/github/session.har#2: HEAD /repos/rkmap/rkmap/issues 200
          mapping (note): the response has no body (a HEAD request): nothing to map
        SKIP fixtures/check/github/session.har#3: GET /repos/rkmap/rkmap/issues 304
          descriptor (note): no descriptor applies to GET /repos/rkmap/rkmap/issues 304; the response has no body (304 Not Modified)
          descriptor (note): fixtures/check/github.json:15:5: descriptor 1 (path '/repos/:owner/:repo/issues'): status 304 is not one of 2XX
          descriptor (note): fixtures/check/github.json:16:5: descriptor 2 (path '/repos/:owner/:repo'): path '/repos/rkmap/rkmap/issues' does not match pattern '/repos/:owner/:repo'
          descriptor (note): fixtures/check/github.json:17:5: descriptor 3 (path '/login/oauth/access_token'): path '/repos/rkmap/rkmap/issues' does not match pattern '/login/oauth/access_token'
        PASS fixtures/check/github/session.har#4: GET /repos/rkmap/rkmap 200, 1 record
          fixture (note): $.log.entries[4].response.content.mimeType: the response has mimeType 'text/html; charset=utf-8' but its body is JSON: checked as JSON

        """

    private let driftedLine = "PASS fixtures/check/github-drifted/issues-page-2.json: GET /repos/rkmap/rkmap/issues 200, 2 records\n"
    private let driftedWarnings = """
          unmapped (warning): $[*].reactions.total: not mapped (2 times) [mapper issue]
          missing (warning): $[*].reactions.total_count: mapped but missing (2 of 2) [mapper issue]
          missing (warning): $[*].title: mapped but missing (2 of 2) [mapper issue]

        """

    @Test func aBrowserHARWithBodylessEntriesAndDriftPasses() throws {
        let dir = try Scratch()
        let r = try RKMapExecutable.run([
            "check", spec, "fixtures/check/github", "fixtures/check/github-drifted",
            "--report", "junit=\(dir.path("junit.xml"))", "--report", "json=\(dir.path("report.json"))",
        ], environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == sessionReport + driftedLine + driftedWarnings + "4 passed, 0 failed, 2 skipped\n")
        #expect(r.stderr == "")
        #expect(r.status == 0, "skips and warnings do not fail the run")

        let xml = try String(contentsOfFile: dir.path("junit.xml"), encoding: .utf8)
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="rkmap check" tests="6" failures="0" errors="0" skipped="2">
              <testsuite name="fixtures/check/github/session.har" tests="5" failures="0" errors="0" skipped="2">
                <testcase classname="fixtures/check/github/session.har" name="#0 GET /repos/rkmap/rkmap/issues 200"/>
                <testcase classname="fixtures/check/github/session.har" name="#1 OPTIONS /repos/rkmap/rkmap/issues 204">
                  <skipped message="descriptor (note): no descriptor applies to OPTIONS /repos/rkmap/rkmap/issues 204; the response has no body (an OPTIONS preflight)"/>
                </testcase>
                <testcase classname="fixtures/check/github/session.har" name="#2 HEAD /repos/rkmap/rkmap/issues 200">
                  <system-out>mapping (note): the response has no body (a HEAD request): nothing to map</system-out>
                </testcase>
                <testcase classname="fixtures/check/github/session.har" name="#3 GET /repos/rkmap/rkmap/issues 304">
                  <skipped message="descriptor (note): no descriptor applies to GET /repos/rkmap/rkmap/issues 304; the response has no body (304 Not Modified)"/>
                </testcase>
                <testcase classname="fixtures/check/github/session.har" name="#4 GET /repos/rkmap/rkmap 200">
                  <system-out>fixture (note): $.log.entries[4].response.content.mimeType: the response has mimeType &apos;text/html; charset=utf-8&apos; but its body is JSON: checked as JSON</system-out>
                </testcase>
              </testsuite>
              <testsuite name="fixtures/check/github-drifted/issues-page-2.json" tests="1" failures="0" errors="0" skipped="0">
                <testcase classname="fixtures/check/github-drifted/issues-page-2.json" name="fixtures/check/github-drifted/issues-page-2.json GET /repos/rkmap/rkmap/issues 200">
                  <system-out>unmapped (warning): $[*].reactions.total: not mapped (2 times) [mapper issue]&#10;missing (warning): $[*].reactions.total_count: mapped but missing (2 of 2) [mapper issue]&#10;missing (warning): $[*].title: mapped but missing (2 of 2) [mapper issue]</system-out>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "well-formed XML")

        let report = try jsonObject(dir.path("report.json"))
        #expect(report["passed"] == .number(JSONNumber(4)))
        #expect(report["failed"] == .number(JSONNumber(0)))
        #expect(report["skipped"] == .number(JSONNumber(2)))
        let exchanges = try #require(report["exchanges"]?.arrayValue)
        #expect(exchanges.map { $0.objectValue?["result"] } == ["passed", "skipped", "passed", "skipped", "passed", "passed"].map { .string($0) })
        #expect(exchanges.map { $0.objectValue?["method"] } == ["GET", "OPTIONS", "HEAD", "GET", "GET", "GET"].map { .string($0) })
        #expect(exchanges.map { $0.objectValue?["status"] } == [200, 204, 200, 304, 200, 200].map { .number(JSONNumber($0)) })
        let preflight = try #require(exchanges[1].objectValue?["reasons"]?.arrayValue?.first?.objectValue)
        #expect(preflight["check"] == .string("descriptor"))
        #expect(preflight["severity"] == .string("note"))
        #expect(preflight["message"] == .string("no descriptor applies to OPTIONS /repos/rkmap/rkmap/issues 204; the response has no body (an OPTIONS preflight)"))
        let html = try #require(exchanges[4].objectValue?["reasons"]?.arrayValue?.first?.objectValue)
        #expect(html["check"] == .string("fixture"))
        #expect(html["path"] == .string("$.log.entries[4].response.content.mimeType"))
        let drift = try #require(exchanges[5].objectValue?["reasons"]?.arrayValue).compactMap(\.objectValue)
        #expect(drift.map { $0["check"] } == ["unmapped", "missing", "missing"].map { .string($0) })
        #expect(drift.map { $0["path"] } == ["$[*].reactions.total", "$[*].reactions.total_count", "$[*].title"].map { .string($0) })
        #expect(drift.map { $0["severity"] } == Array(repeating: .string("warning"), count: 3))
        #expect(drift[1]["message"] == .string("mapped but missing (2 of 2)"))
        #expect(drift[1]["mapper"] == .string("issue"))
    }

    @Test func missingErrorFailsTheDriftedExchange() throws {
        let dir = try Scratch()
        let r = try RKMapExecutable.run([
            "check", spec, "fixtures/check/github-drifted", "--missing", "error", "--unmapped", "ignore",
            "--report", "junit=\(dir.path("junit.xml"))", "--report", "json=\(dir.path("report.json"))",
        ], environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == """
            FAIL fixtures/check/github-drifted/issues-page-2.json: GET /repos/rkmap/rkmap/issues 200, 2 records
              missing: $[*].reactions.total_count: mapped but missing (2 of 2) [mapper issue]
              missing: $[*].title: mapped but missing (2 of 2) [mapper issue]
            0 passed, 1 failed

            """)
        #expect(r.status == 1)
        let xml = try String(contentsOfFile: dir.path("junit.xml"), encoding: .utf8)
        #expect(xml.contains(#"<failure message="missing: $[*].reactions.total_count: mapped but missing (2 of 2) [mapper issue]" type="missing">"#))
        let report = try jsonObject(dir.path("report.json"))
        #expect(report["failed"] == .number(JSONNumber(1)))
        let reasons = try #require(report["exchanges"]?.arrayValue?.first?.objectValue?["reasons"]?.arrayValue).compactMap(\.objectValue)
        #expect(reasons.map { $0["severity"] } == [.string("error"), .string("error")])

        let ignored = try RKMapExecutable.run(["check", spec, "fixtures/check/github-drifted", "--missing", "ignore"], environment: ["GITHUB_ACTIONS": nil])
        #expect(ignored.stdout == driftedLine + "  unmapped (warning): $[*].reactions.total: not mapped (2 times) [mapper issue]\n1 passed, 0 failed\n")
        #expect(ignored.status == 0)
    }

    /// A key path through an index (`owners[0].kind`, Kubernetes'
    /// `ownerReferences`) reads that key in the array's elements, as a dotted
    /// path through an array does (docs/spec.md §12): drift inside them is
    /// reported, where the index made the whole array count as read.
    @Test func driftBehindAnIndexIsReported() throws {
        let dir = try Scratch()
        try dir.write("spec.json", #"{"mappers": [{"id": "pod", "target": "Pod", "attributes": {"name": "name", "owners[0].kind": "ownerKind", "status.phase": "phase"}}]}"#)
        try dir.write("pods.json", #"""
            [{"name": "a", "owners": [{"kind": "ReplicaSet", "renamed_uid": "x", "brandNew": 1}], "status": {"phase": "Running", "newStatusField": 2}},
             {"name": "b", "owners": [{"uid": "y"}], "status": {"phase": "Pending"}}]
            """#)
        let r = try RKMapExecutable.run(
            ["check", "spec.json", "pods.json", "--unmapped", "error", "--missing", "error"], directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == """
            FAIL pods.json: 200, 2 records
              unmapped: $[*].owners[*].brandNew: not mapped (1 time) [mapper pod]
              unmapped: $[*].owners[*].renamed_uid: not mapped (1 time) [mapper pod]
              unmapped: $[*].owners[*].uid: not mapped (1 time) [mapper pod]
              unmapped: $[*].status.newStatusField: not mapped (1 time) [mapper pod]
            0 passed, 1 failed

            """)
        #expect(r.status == 1)
        // `kind` renamed in every owner: missing from every object mapped, and
        // the new name unread (this passed).
        try dir.write("renamed.json", #"""
            [{"name": "a", "owners": [{"Kind": "ReplicaSet"}], "status": {"phase": "Running"}},
             {"name": "b", "owners": [{"Kind": "Job"}], "status": {"phase": "Pending"}}]
            """#)
        let renamed = try RKMapExecutable.run(
            ["check", "spec.json", "renamed.json", "--unmapped", "error", "--missing", "error"], directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(renamed.stdout == """
            FAIL renamed.json: 200, 2 records
              unmapped: $[*].owners[*].Kind: not mapped (2 times) [mapper pod]
              missing: $[*].owners[0].kind: mapped but missing (2 of 2) [mapper pod]
            0 passed, 1 failed

            """)
        #expect(renamed.status == 1)
    }

    @Test func anUnknownMissingPolicyIsAUsageError() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/github", "--missing", "fail"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: invalid value 'fail' for '--missing'; expected one of ignore, warn, error\nusage: rkmap check SPEC FIXTURE ... [options]; see 'rkmap help check'\n")
    }

    @Test func githubAnnotationsPointAtTheObjectThatLacksTheKey() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/github-drifted", "--missing", "error"], environment: ["GITHUB_ACTIONS": "true"])
        let annotations = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.contains("::error file=fixtures/check/github-drifted/issues-page-2.json,line=2,col=3,title=rkmap check%3A missing::fixtures/check/github-drifted/issues-page-2.json: missing: $[*].title: mapped but missing (2 of 2) [mapper issue]"))
        #expect(annotations.contains("::warning file=fixtures/check/github-drifted/issues-page-2.json,line=9,col=16,title=rkmap check%3A unmapped::fixtures/check/github-drifted/issues-page-2.json: unmapped (warning): $[*].reactions.total: not mapped (2 times) [mapper issue]"))
    }

    @Test func unmatchedErrorStillSkipsBodylessEntries() throws {
        let r = try RKMapExecutable.run(["check", spec, "fixtures/check/github/session.har", "--unmatched", "error"], environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == sessionReport + "3 passed, 0 failed, 2 skipped\n")
        #expect(r.status == 0)
    }

    /// A body's golden is written into a temporary file as the output is
    /// rendered: when the exchange fails, the golden there before is left as
    /// it was and no temporary file stays; when it passes, the golden is
    /// replaced by the output, which `check` then passes against.
    @Test func updateOfAFailingBodyLeavesItsGoldenAndNoTemporaryFile() throws {
        let dir = try Scratch()
        for name in ["repo.json", "repo.meta.json"] {
            try FileManager.default.copyItem(atPath: "fixtures/check/update-guard/" + name, toPath: dir.path(name))
        }
        _ = try dir.write("repo.expected.json", "[\"the old golden\"]\n")
        let failing = try RKMapExecutable.run(["check", spec, dir.path("repo.json"), "--update"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("not written: this exchange fails another check"))
        #expect(try String(contentsOfFile: dir.path("repo.expected.json"), encoding: .utf8) == "[\"the old golden\"]\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.directory).sorted() == ["repo.expected.json", "repo.json", "repo.meta.json"])
        // Fixed: written whole, and passed against.
        let fixed = try String(contentsOfFile: dir.path("repo.json"), encoding: .utf8).replacingOccurrences(of: "\"many\"", with: "7")
        _ = try dir.write("repo.json", fixed)
        let updated = try RKMapExecutable.run(["check", spec, dir.path("repo.json"), "--update"])
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(updated.stdout.contains("golden (note): \(dir.directory)/repo.expected.json: wrote \(dir.directory)/repo.expected.json"), "\(updated.stdout)")
        let written = try String(contentsOfFile: dir.path("repo.expected.json"), encoding: .utf8)
        let applied = try RKMapExecutable.run(["apply", spec, dir.path("repo.json")])
        var goldenReader = JSONDocumentReader(bytes: Array(written.utf8)), appliedReader = JSONDocumentReader(bytes: Array(applied.stdout.utf8))
        #expect(try goldenReader.next() == appliedReader.next())
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.directory).sorted() == ["repo.expected.json", "repo.json", "repo.meta.json"])
        let again = try RKMapExecutable.run(["check", spec, dir.path("repo.json")])
        #expect(again.status == 0, "\(again.stdout)")
    }

    /// A HAR file's golden is written as its checked entries are rendered,
    /// each output an element of the array, indented one level: the same
    /// bytes as the committed goldens, which `check` then passes against;
    /// an entry without a body is `null`, a skipped one has no element.
    @Test func updateOfAHARWritesEachEntryAsItIsRendered() throws {
        let dir = try Scratch()
        for (spec, har) in [("fixtures/check/api.json", "fixtures/check/api/session.har"), (spec, "fixtures/check/github/session.har")] {
            try? FileManager.default.removeItem(atPath: dir.path("s.har"))
            try FileManager.default.copyItem(atPath: har, toPath: dir.path("s.har"))
            let r = try RKMapExecutable.run(["check", spec, dir.path("s.har"), "--update"])
            #expect(r.status == 0, "\(r.stdout)")
            let written = try Data(contentsOf: URL(fileURLWithPath: dir.path("s.har.expected.json")))
            #expect(written == (try Data(contentsOf: URL(fileURLWithPath: har + ".expected.json"))), "\(har)")
            #expect(try RKMapExecutable.run(["check", spec, dir.path("s.har")]).status == 0)
            // The same values formatted otherwise: compared as values, passes;
            // a value changed: fails, by its path in the golden.
            var reader = JSONDocumentReader(bytes: Array(written))
            let golden = try #require(try reader.next())
            _ = try dir.write("s.har.expected.json", JSONWriter.serialize(golden, pretty: false))
            #expect(try RKMapExecutable.run(["check", spec, dir.path("s.har")]).status == 0, "\(har) compact")
            guard case .array(var outputs) = golden, case .array(var first) = outputs[0], case .object(var record) = first[0] else {
                Issue.record("\(har): the golden is not an array of outputs")
                continue
            }
            record["@type"] = .string("Changed")
            first[0] = .object(record)
            outputs[0] = .array(first)
            _ = try dir.write("s.har.expected.json", JSONWriter.serialize(.array(outputs), pretty: true))
            let changed = try RKMapExecutable.run(["check", spec, dir.path("s.har")])
            #expect(changed.status == 1)
            #expect(changed.stdout.contains("s.har.expected.json: $[0][0][\"@type\"]: expected \"Changed\", got "), "\(changed.stdout)")
        }
        // An entry without a body, then the login: `null`, then its records.
        var har = try String(contentsOfFile: "fixtures/check/api/session.har", encoding: .utf8)
        har = har.replacingOccurrences(of: #""entries": ["#, with: #""entries": [{"request": {"method": "GET", "url": "http://localhost/articles", "headers": []}, "response": {"status": 200, "headers": [], "content": {"size": 0, "mimeType": "application/json"}}},"#)
        _ = try dir.write("s.har", har)
        let r = try RKMapExecutable.run(["check", "fixtures/check/api.json", dir.path("s.har"), "--update"])
        #expect(r.status == 0, "\(r.stdout)")
        let written = try String(contentsOfFile: dir.path("s.har.expected.json"), encoding: .utf8)
        #expect(written.hasPrefix("[\n  null,\n  [\n    {\n      \"@type\": \"Session\",\n"), "\(written.prefix(80))")
        #expect(written.hasSuffix("\n  ]\n]\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.directory).sorted() == ["s.har", "s.har.expected.json"])
    }

    @Test func updateNeverWritesTheGoldenOfAFailingExchange() throws {
        let dir = try Scratch()
        for name in ["issues.har", "repo.json", "repo.meta.json"] {
            try FileManager.default.copyItem(atPath: "fixtures/check/update-guard/" + name, toPath: dir.path(name))
        }
        let junit = dir.path("junit.xml")
        let r = try RKMapExecutable.run(["check", spec, dir.path("issues.har"), dir.path("repo.json"), "--update", "--report", "junit=\(junit)", "--report", "json=\(dir.path("report.json"))"])
        let d = dir.directory
        #expect(r.stdout == """
            PASS \(d)/issues.har#0: GET /repos/rkmap/rkmap/issues 200, 1 record
            FAIL \(d)/issues.har#1: GET /repos/rkmap/rkmap/issues 200, 1 record
              mapping: $[0].number: cannot convert string "twelve" to int [mapper issue, attribute number]
              golden (note): \(d)/issues.har.expected.json: not written: 1 of 2 checked entries fail another check (a broken mapping must not become the golden)
            FAIL \(d)/repo.json: GET /repos/rkmap/rkmap 200, 1 record
              mapping: $.stargazers_count: cannot convert string "many" to int [mapper repo, attribute stars]
              golden (note): \(d)/repo.expected.json: not written: this exchange fails another check (a broken mapping must not become the golden)
            1 passed, 2 failed

            """)
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.path("issues.har.expected.json")))
        #expect(!FileManager.default.fileExists(atPath: dir.path("repo.expected.json")))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"rkmap check\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\">"))
        #expect(xml.contains("&#10;golden (note): \(d)/repo.expected.json: not written: this exchange fails another check (a broken mapping must not become the golden)</failure>"))
        let report = try jsonObject(dir.path("report.json"))
        let last = try #require(report["exchanges"]?.arrayValue?.last?.objectValue)
        #expect(last["result"] == .string("failed"))
        let golden = try #require(last["reasons"]?.arrayValue?.last?.objectValue)
        #expect(golden["check"] == .string("golden"))
        #expect(golden["severity"] == .string("note"))
        #expect(golden["file"] == .string("\(d)/repo.expected.json"))

        // Fixed, the same run writes both goldens.
        try dir.write("repo.json", #"{"id": 1296269, "full_name": "rkmap/rkmap", "stargazers_count": 80}"#)
        let fixed = try RKMapExecutable.run(["check", spec, dir.path("repo.json"), "--update"])
        #expect(fixed.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path("repo.expected.json")))
    }

    @Test func headersFromASidecarAndFromApplyHeaderGiveTheSameOutput() throws {
        // The golden beside the drifted fixture was written by `apply --header`;
        // check reads the sidecar's "ETag" for the spec's `headers.ETag`.
        let golden = try String(contentsOfFile: "fixtures/check/github-drifted/issues-page-2.expected.json", encoding: .utf8)
        let apply = try RKMapExecutable.run([
            "apply", spec, "fixtures/check/github-drifted/issues-page-2.json", "--path", "/repos/rkmap/rkmap/issues",
            "--method", "GET", "--header", #"etag=W/"9f1c""#,
        ])
        #expect(apply.status == 0)
        #expect(apply.stdout == golden)
        #expect(golden.contains(#""etag": "W/\"9f1c\"""#))
    }

    @Test func formEncodedEntriesAreReadAsForms() throws {
        let dir = try Scratch()
        let r = try RKMapExecutable.run([
            "check", spec, "fixtures/check/github-form", "--report", "json=\(dir.path("report.json"))", "--report", "junit=\(dir.path("junit.xml"))",
        ], environment: ["GITHUB_ACTIONS": nil])
        #expect(r.stdout == """
            PASS fixtures/check/github-form/oauth.har#0: POST /login/oauth/access_token 200, 1 record
            FAIL fixtures/check/github-form/oauth.har#1: POST /login/oauth/access_token 200
              fixture: $.log.entries[1].response.content.text: the form-encoded body is not valid: malformed percent escape '%ZZ': '%' must be followed by two hex digits (write '%25' for a literal '%') (column 14 of the body)
            1 passed, 1 failed

            """)
        #expect(r.status == 1)
        let xml = try String(contentsOfFile: dir.path("junit.xml"), encoding: .utf8)
        #expect(xml.contains(##"<testcase classname="fixtures/check/github-form/oauth.har" name="#1 POST /login/oauth/access_token 200">"##))
        #expect(xml.contains(#"type="fixture""#))
        let report = try jsonObject(dir.path("report.json"))
        let failing = try #require(report["exchanges"]?.arrayValue?.last?.objectValue)
        #expect(failing["result"] == .string("failed"))
        #expect(failing["reasons"]?.arrayValue?.first?.objectValue?["path"] == .string("$.log.entries[1].response.content.text"))

        // Entry 1 fails, so --update writes no golden for the HAR.
        try FileManager.default.copyItem(atPath: "fixtures/check/github-form/oauth.har", toPath: dir.path("oauth.har"))
        let update = try RKMapExecutable.run(["check", spec, dir.path("oauth.har"), "--update"])
        #expect(update.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.path("oauth.har.expected.json")))
    }

    private func jsonObject(_ path: String) throws -> JSONObject {
        var reader = JSONDocumentReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        guard case .object(let o)? = try reader.next() else { throw CocoaError(.fileReadCorruptFile) }
        return o
    }
}

private extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
}
