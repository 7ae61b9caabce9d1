import Testing
import RKMapCLI
import RKMap

/// The command line end to end: the built binary, exact stdout, stderr and exit
/// status (STYLE.md "Command line conventions", docs/spec.md §11).
@Suite struct CommandLineTests {
    private func usage(_ command: String) -> String {
        command == "rkmap"
            ? "usage: rkmap COMMAND [options]; see 'rkmap help'\n"
            : "usage: \(HelpText.synopsis(CommandName(rawValue: command)!)); see 'rkmap help \(command)'\n"
    }

    @Test func versionPrintsNameAndVersion() throws {
        let r = try RKMapExecutable.run(["--version"])
        #expect(r == .init(stdout: "rkmap 0.1.0\n", stderr: "", status: 0, stdoutBytes: Array("rkmap 0.1.0\n".utf8)))
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func overviewHelp(_ args: [String]) throws {
        let r = try RKMapExecutable.run(args)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == HelpText.page(for: nil))
        #expect(r.stdout.hasPrefix("OVERVIEW: "))
        for command in CommandName.allCases.map(\.rawValue) {
            #expect(r.stdout.contains("\n  \(command) "), "overview lists \(command)")
        }
    }

    @Test(arguments: CommandName.allCases)
    func commandHelpAllThreeWays(_ command: CommandName) throws {
        let forms = [["help", command.rawValue], [command.rawValue, "--help"], [command.rawValue, "-h"]]
        for args in forms {
            let r = try RKMapExecutable.run(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.stderr == "", "\(args)")
            #expect(r.stdout == HelpText.page(for: command), "\(args)")
        }
        let page = HelpText.page(for: command)
        // A command without positional arguments (`schema`) has no ARGUMENTS section.
        let takesArguments = !CommandDefinition.of(command).arguments.isEmpty
        for section in ["OVERVIEW: ", "\nUSAGE: ", "\nOPTIONS:\n"] + (takesArguments ? ["\nARGUMENTS:\n"] : []) {
            #expect(page.contains(section), "\(command) help has \(section)")
        }
        #expect(page.contains("\nARGUMENTS:\n") == takesArguments, "\(command) help")
    }

    @Test func applyHelpHasExamplesAndExitStatus() {
        let page = HelpText.page(for: .apply)
        #expect(page.contains("\nEXAMPLES:\n"))
        #expect(page.contains("\nEXIT STATUS:\n"))
        // Every option apply accepts is explained.
        for option in CommandDefinition.apply.options {
            #expect(page.contains(option.longSpelling), "apply help explains \(option.longSpelling)")
        }
    }

    @Test(arguments: [CommandName.lint, .fmt, .check])
    func everyOptionIsExplained(_ command: CommandName) {
        for option in CommandDefinition.of(command).options {
            #expect(HelpText.page(for: command).contains(option.longSpelling), "\(command) explains \(option.longSpelling)")
        }
    }

    @Test func helpWinsOverOtherMistakes() throws {
        let r = try RKMapExecutable.run(["apply", "--format", "xml", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout == HelpText.page(for: .apply))
    }

    /// (arguments, the `error:` line, the command whose usage hint follows)
    static let usageErrors: [([String], String, String)] = [
        ([], "missing command; expected one of apply, lint, fmt, check, eval, serialize, infer, graph, schema, completions, help", "rkmap"),
        (["aply"], "unknown command 'aply'; did you mean 'apply'?", "rkmap"),
        (["frobnicate"], "unknown command 'frobnicate'", "rkmap"),
        (["--vresion"], "unknown option '--vresion'; did you mean '--version'?", "rkmap"),
        (["help", "chek"], "unknown command 'chek'; did you mean 'check'?", "rkmap"),
        (["apply", "s.json", "--fromat", "json"], "unknown option '--fromat'; did you mean '--format'?", "apply"),
        (["apply", "s.json", "--format"], "missing value for '--format'", "apply"),
        (["apply", "s.json", "--format", "xml"], "invalid value 'xml' for '--format'; expected one of json, ndjson, csv, sqlite", "apply"),
        (["apply", "s.json", "--shape=tree"], "invalid value 'tree' for '--shape'; expected one of collection, dictionary, object", "apply"),
        (["apply", "s.json", "--status", "abc"], "invalid value 'abc' for '--status'; expected an HTTP status code from 100 to 599", "apply"),
        (["apply", "s.json", "--max-depth", "-1"], "invalid value '-1' for '--max-depth'; expected a whole number from 1 to 10000", "apply"),
        (["apply"], "missing argument SPEC", "apply"),
        (["apply", "s.json", "--format", "sqlite"], "'--format sqlite' writes a file: add '-o FILE'", "apply"),
        (["apply", "s.json", "--meta", "routing=1"], "reserved key 'routing' in '--meta'; 'mapping', 'routing' and 'HTTP' are set by rkmap, choose another key", "apply"),
        (["apply", "s.json", "--meta", "page"], "invalid value 'page' for '--meta'; expected KEY=VALUE", "apply"),
        (["apply", "s.json", "--compact=yes"], "option '--compact' takes no value, but was given 'yes'", "apply"),
        (["fmt", "a.json", "b.json"], "unexpected argument 'b.json': printing formats one spec; add '--write' or '--check' to format several", "fmt"),
        (["lint", "--format", "xml", "s.json"], "invalid value 'xml' for '--format'; expected one of text, json, github", "lint"),
        (["check", "s.json"], "missing argument FIXTURE", "check"),
        (["check", "s.json", "f", "--report", "xml=r.xml"], "invalid value 'xml=r.xml' for '--report'; expected junit=FILE or json=FILE", "check"),
        (["eval"], "missing argument PREDICATE", "eval"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsGoToStderrWithExit2(_ args: [String], _ message: String, _ command: String) throws {
        let r = try RKMapExecutable.run(args)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: \(message)\n" + usage(command))
        #expect(r.status == 2)
    }

    @Test func evalUnreadableInputExits2() throws {
        let r = try RKMapExecutable.run(["eval", "a == 1", "no/such/file.json"])
        #expect(r.stdout == "")
        #expect(r.stderr == "error: cannot read 'no/such/file.json': No such file or directory\n")
        #expect(r.status == 2)
    }

    /// Only meaningful once the real predicate parser has landed (the placeholder
    /// accepts everything).
    static let predicateParserLanded = (try? Predicate(parsing: "a ==")) == nil

    @Test(.enabled(if: predicateParserLanded), arguments: ["a ==", "name == 'x' AND", "(a == 1", "a === 1"])
    func evalPredicateSyntaxErrorShowsTheColumn(_ predicate: String) throws {
        let error = try #require(throws: PredicateSyntaxError.self) { try Predicate(parsing: predicate) }
        let r = try RKMapExecutable.run(["eval", predicate], stdin: Array("{}".utf8))
        #expect(r.stdout == "")
        let caret = String(repeating: " ", count: error.column - 1) + "^"
        #expect(r.stderr == "error: \(error.message) at column \(error.column)\n  \(predicate)\n  \(caret)\n")
        #expect(r.status == 2)
    }

    /// True once `readDocuments` is wired to the JSON reader (checked by asking the binary).
    static let jsonReaderWired: Bool = {
        guard let r = try? RKMapExecutable.run(["eval", "a", "-"], stdin: Array("{}".utf8)) else { return false }
        return !r.stderr.contains("not wired")
    }()

    @Test(.enabled(if: predicateParserLanded && jsonReaderWired))
    func evalPrintsOneLinePerDocument() throws {
        // docs/spec.md §9 / issue 3: true or false per document; 0 only when all are true.
        let docs = Array("{\"type\": \"Girl\"}\n{\"type\": \"Boy\"}\n".utf8)
        let mixed = try RKMapExecutable.run(["eval", "type == 'Girl'"], stdin: docs)
        #expect(mixed.stdout == "true\nfalse\n")
        #expect(mixed.stderr == "")
        #expect(mixed.status == 1)

        let all = try RKMapExecutable.run(["eval", "type != nil", "-"], stdin: docs)
        #expect(all.stdout == "true\ntrue\n")
        #expect(all.status == 0)
    }

    @Test(.enabled(if: jsonReaderWired))
    func evalInputThatDoesNotParseFailsWithItsLocation() throws {
        let r = try RKMapExecutable.run(["eval", "a == 1"], stdin: Array("{\"a\":".utf8))
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("<stdin>:1:"), "FILE:LINE:COL: error: … (docs/spec.md §11)")
        #expect(r.status == 1)
    }

    @Test func evalInputNotWiredYetIsReported() throws {
        // Until the JSON reader lands the command must say so, not print a verdict.
        let r = try RKMapExecutable.run(["eval", "a == 1"], stdin: Array("{}".utf8))
        if !Self.jsonReaderWired {
            #expect(r.stdout == "")
            #expect(r.stderr == "<stdin>: error: reading JSON documents is not wired yet\n")
            #expect(r.status == 1)
        }
    }

    @Test(arguments: [["help"], ["--version"], ["apply", "--help"]])
    func closedStdoutStopsQuietly(_ args: [String]) throws {
        // Like `rkmap help | head -0`: the reader is gone before rkmap writes, so the
        // write fails with EPIPE; rkmap must exit 0 without a word, not die of SIGPIPE.
        let r = try RKMapExecutable.run(args, stdoutClosed: true)
        #expect(r.stderr == "")
        #expect(r.status == 0)
    }
}
