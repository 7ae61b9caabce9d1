import Foundation
import Testing

/// `check` and `infer` take `--max-depth N` as `apply` does (default 512, at
/// most 10000): a fixture or sample nested deeper fails with where, and the
/// option lets it through, to the deepest the stack allows.
@Suite struct DeepFixtureTests {
    static let spec = #"""
        {"keyPath": "", "root-map-ref": "a", "mappers": [{"id": "a", "target": "A", "attributes": {"id": "id", "child": "child"}}]}
        """#

    /// `{"id": 1, "child": {"a": {"a": … 1 …}}}`: `levels` objects in all.
    static func nested(_ levels: Int) -> String {
        #"{"id": 1, "child": "# + String(repeating: #"{"a": "#, count: levels - 1) + "1"
            + String(repeating: "}", count: levels)
    }

    static func har(body: String) throws -> String {
        let text = String(data: try JSONSerialization.data(withJSONObject: body, options: .fragmentsAllowed), encoding: .utf8)!
        return #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://api.example.com/deep"}, "#
            + #""response": {"status": 200, "headers": [], "content": {"mimeType": "application/json", "text": \#(text)}}}]}}"#
    }

    @Test func checkFailsADeepFixtureUntilMaxDepthLetsItThrough() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("deep.json", Self.nested(600))
        let failed = try RKMapExecutable.run(["check", "spec.json", "deep.json"], directory: scratch.url)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("FAIL deep.json"), "\(failed.stdout)")
        #expect(failed.stdout.contains("nesting deeper than 512 levels"), "\(failed.stdout)")
        let passed = try RKMapExecutable.run(["check", "spec.json", "deep.json", "--max-depth", "600"], directory: scratch.url)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout == "PASS deep.json: 200, 1 record\n1 passed, 0 failed\n")
        let tooTight = try RKMapExecutable.run(["check", "spec.json", "deep.json", "--max-depth", "599"], directory: scratch.url)
        #expect(tooTight.status == 1)
        #expect(tooTight.stdout.contains("nesting deeper than 599 levels"), "\(tooTight.stdout)")
    }

    /// A HAR entry's JSON body is held to the same limit: failed, not taken
    /// for something other than JSON and skipped.
    @Test func checkHoldsAHAREntrysBodyToTheLimit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("deep.har", try Self.har(body: Self.nested(600)))
        let failed = try RKMapExecutable.run(["check", "spec.json", "deep.har"], directory: scratch.url)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("FAIL deep.har#0: GET /deep 200"), "\(failed.stdout)")
        #expect(failed.stdout.contains("nesting deeper than 512 levels"), "\(failed.stdout)")
        let passed = try RKMapExecutable.run(["check", "spec.json", "deep.har", "--max-depth", "700"], directory: scratch.url)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.hasPrefix("PASS deep.har#0: GET /deep 200, 1 record\n"), "\(passed.stdout)")
    }

    /// 10,000 levels: the golden file is written and compared (the output
    /// nests as deep as the fixture), without a crash.
    @Test func checkWritesAndComparesTheGoldenOfTheDeepestFixture() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("deep.json", Self.nested(10_000))
        let update = try RKMapExecutable.run(["check", "spec.json", "deep.json", "--max-depth", "10000", "--update"], directory: scratch.url)
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("deep.expected.json")))
        let compared = try RKMapExecutable.run(["check", "spec.json", "deep.json", "--max-depth", "10000"], directory: scratch.url)
        #expect(compared.status == 0, "\(compared.stdout)\(compared.stderr)")
        #expect(compared.stdout == "PASS deep.json: 200, 1 record\n1 passed, 0 failed\n")
    }

    @Test func inferFailsADeepSampleUntilMaxDepthLetsItThrough() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("deep.json", Self.nested(600))
        let failed = try RKMapExecutable.run(["infer", "deep.json"], directory: scratch.url)
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.hasPrefix("deep.json:1:"), "\(failed.stderr)")
        #expect(failed.stderr.contains("error: nesting deeper than 512 levels"), "\(failed.stderr)")
        for levels in [600, 10_000] {
            try scratch.write("deep.json", Self.nested(levels))
            let r = try RKMapExecutable.run(["infer", "deep.json", "--max-depth", String(levels), "-o", "spec.json"], directory: scratch.url)
            #expect(r.status == 0, "\(levels) levels: \(r.stderr)")
            let check = try RKMapExecutable.run(["check", "spec.json", "deep.json", "--max-depth", String(levels)], directory: scratch.url)
            #expect(check.status == 0, "\(levels) levels: \(check.stdout)")
        }
    }

    @Test(arguments: ["check", "infer"])
    func maxDepthOutsideItsRangeIsAUsageError(_ command: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", #"{"id": 1}"#)
        let args = command == "check" ? ["check", "spec.json", "in.json"] : ["infer", "in.json"]
        for bad in ["0", "10001", "deep"] {
            let r = try RKMapExecutable.run(args + ["--max-depth", bad], directory: scratch.url)
            #expect(r.status == 2)
            #expect(r.stderr.contains("invalid value '\(bad)' for '--max-depth'"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }
}
