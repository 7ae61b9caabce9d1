import Testing
@testable import RKMapCLI
import RKMap

/// `Command.parse`: every option of every command, and the defaults docs/spec.md §11/§12 give.
@Suite struct CommandParseTests {
    private func apply(_ args: [String]) throws -> ApplyOptions {
        guard case .apply(let o) = try Command.parse(["apply"] + args) else {
            Issue.record("not apply"); return ApplyOptions(spec: "")
        }
        return o
    }

    private func check(_ args: [String]) throws -> CheckOptions {
        guard case .check(let o) = try Command.parse(["check"] + args) else {
            Issue.record("not check"); return CheckOptions(spec: "", fixtures: [])
        }
        return o
    }

    @Test func applyDefaults() throws {
        let o = try apply(["spec.json"])
        #expect(o == ApplyOptions(spec: "spec.json"))
        #expect(o.inputs == ["-"])
        #expect(o.format == .json)
        #expect(o.output == nil)
        #expect(o.shape == .collection)
        #expect(!o.compact && !o.noType && !o.strict && !o.stats)
        #expect(o.path == nil && o.method == nil && o.status == nil)
        #expect(o.meta.isEmpty)
        #expect(o.maxDepth == 512)
    }

    @Test func applyEveryOption() throws {
        let o = try apply([
            "spec.json", "a.json", "--format", "ndjson", "-o", "out.ndjson", "--shape=dictionary",
            "--compact", "--no-type", "--path", "/articles/1", "--method", "post", "--status", "201",
            "--meta", "page=2", "--meta", "env=prod", "--strict", "--stats", "--max-depth", "64", "-", "b.json",
        ])
        var expected = ApplyOptions(spec: "spec.json")
        expected.inputs = ["a.json", "-", "b.json"]
        expected.format = .ndjson
        expected.output = "out.ndjson"
        expected.shape = .dictionary
        expected.compact = true
        expected.noType = true
        expected.path = "/articles/1"
        expected.method = "POST"
        expected.status = 201
        expected.meta = [MetaEntry(key: "page", rawValue: "2"), MetaEntry(key: "env", rawValue: "prod")]
        expected.strict = true
        expected.stats = true
        expected.maxDepth = 64
        #expect(o == expected)
    }

    @Test(arguments: [
        (["--output", "x"], "x"), (["--output=x"], "x"), (["-o", "x"], "x"), (["-ox"], "x"), (["-o", "-"], nil),
    ] as [([String], String?)])
    func outputSpellings(_ args: [String], _ path: String?) throws {
        // `-o -` is stdout (SPEC 1.1 §11), so no output file.
        #expect(try apply(["s"] + args).output == path)
    }

    @Test(arguments: ApplyOptions.Format.allCases)
    func everyFormat(_ format: ApplyOptions.Format) throws {
        #expect(try apply(["s", "--format", format.rawValue, "-o", "f"]).format == format)
        #expect(try apply(["s", "--format=\(format.rawValue)", "-o", "f"]).format == format)
    }

    @Test(arguments: ApplyOptions.Shape.allCases)
    func everyShape(_ shape: ApplyOptions.Shape) throws {
        #expect(try apply(["s", "--shape", shape.rawValue]).shape == shape)
    }

    @Test func lastValueWins() throws {
        #expect(try apply(["s", "--format", "csv", "--format", "ndjson"]).format == .ndjson)
    }

    @Test func metaKeepsOrderTheRawValueAndEqualSignsInTheValue() throws {
        let o = try apply(["s", "--meta", "q=a=b", "--meta=empty=", "--meta", "json={\"x\": 1}"])
        #expect(o.meta == [
            MetaEntry(key: "q", rawValue: "a=b"),
            MetaEntry(key: "empty", rawValue: ""),
            MetaEntry(key: "json", rawValue: "{\"x\": 1}"),
        ])
    }

    @Test func doubleDashEndsOptions() throws {
        let o = try apply(["s", "--", "--compact", "-o", "-"])
        #expect(o.inputs == ["--compact", "-o", "-"])
        #expect(!o.compact && o.output == nil)
    }

    @Test func dashIsStdin() throws {
        #expect(try apply(["s", "-"]).inputs == ["-"])
        guard case .eval(let e) = try Command.parse(["eval", "a == 1", "-", "x.json"]) else { Issue.record(); return }
        #expect(e == { var o = EvalOptions(predicate: "a == 1"); o.inputs = ["-", "x.json"]; return o }())
    }

    @Test func sqliteWithOutputIsFine() throws {
        let o = try apply(["s", "--format", "sqlite", "-o", "db.sqlite"])
        #expect(o.format == .sqlite && o.output == "db.sqlite")
    }

    @Test(arguments: [("100", 100), ("599", 599), ("404", 404)])
    func statusRange(_ raw: String, _ n: Int) throws {
        #expect(try apply(["s", "--status", raw]).status == n)
    }

    @Test func lint() throws {
        #expect(try Command.parse(["lint", "a.json"]) == .lint(LintOptions(specs: ["a.json"])))
        var o = LintOptions(specs: ["a.json", "b.json"])
        o.strict = true
        o.format = .github
        #expect(try Command.parse(["lint", "--strict", "a.json", "--format", "github", "b.json"]) == .lint(o))
        for f in LintOptions.Format.allCases {
            guard case .lint(let l) = try Command.parse(["lint", "a", "--format", f.rawValue]) else { Issue.record(); return }
            #expect(l.format == f)
        }
    }

    @Test func fmt() throws {
        #expect(try Command.parse(["fmt", "a.json"]) == .fmt(FmtOptions(specs: ["a.json"])))
        var o = FmtOptions(specs: ["a.json"])
        o.write = true
        #expect(try Command.parse(["fmt", "--write", "a.json"]) == .fmt(o))
        #expect(try Command.parse(["fmt", "a.json", "-w"]) == .fmt(o))
        var several = FmtOptions(specs: ["a.json", "b.json"])
        several.check = true
        several.dropComments = true
        #expect(try Command.parse(["fmt", "--check", "a.json", "b.json", "--drop-comments"]) == .fmt(several))
    }

    @Test func checkDefaults() throws {
        let o = try check(["spec.json", "fixtures/"])
        #expect(o == CheckOptions(spec: "spec.json", fixtures: ["fixtures/"]))
        #expect(o.unmatched == .skip)
        #expect(o.unmapped == .warn)
        #expect(!o.allowWarnings && !o.update)
        #expect(o.reports.isEmpty)
    }

    @Test func checkEveryOption() throws {
        let o = try check([
            "spec.json", "a.json", "b.har", "--path", "/login", "--method", "Post", "--status", "201",
            "--unmatched", "error", "--allow-warnings", "--unmapped=error", "--update",
            "--report", "junit=out/junit.xml", "--report=json=report.json",
        ])
        var expected = CheckOptions(spec: "spec.json", fixtures: ["a.json", "b.har"])
        expected.path = "/login"
        expected.method = "POST"
        expected.status = 201
        expected.unmatched = .error
        expected.allowWarnings = true
        expected.unmapped = .error
        expected.update = true
        expected.reports = [.init(kind: .junit, path: "out/junit.xml"), .init(kind: .json, path: "report.json")]
        #expect(o == expected)
    }

    @Test func eval() throws {
        #expect(try Command.parse(["eval", "type == 'Boy'"]) == .eval(EvalOptions(predicate: "type == 'Boy'")))
        // A predicate that starts with a dash is reachable after `--`.
        #expect(try Command.parse(["eval", "--", "-1 < x"]) == .eval(EvalOptions(predicate: "-1 < x")))
    }

    @Test(arguments: [
        (["--help"], Command.help(nil)), (["-h"], .help(nil)), (["help"], .help(nil)),
        (["help", "apply"], .help(.apply)), (["check", "--help"], .help(.check)),
        (["eval", "-h"], .help(.eval)), (["fmt", "a", "b", "--help"], .help(.fmt)),
        (["--version"], .version), (["help", "--man"], .manual),
        (["completions", "bash"], .completions(.bash)), (["completions", "fish"], .completions(.fish)),
    ])
    func helpAndVersion(_ args: [String], _ command: Command) throws {
        #expect(try Command.parse(args) == command)
    }

    @Test func helpAfterDoubleDashIsAnArgument() throws {
        var o = ApplyOptions(spec: "s")
        o.inputs = ["--help"]
        #expect(try Command.parse(["apply", "s", "--", "--help"]) == .apply(o))
    }
}
