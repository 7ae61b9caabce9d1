import Foundation
import Testing
import RKMapCLI
import RKMap

/// `rkmap completions bash|zsh|fish` and `rkmap help --man`, through the
/// binary: made from the command table, so they name every command and option
/// the parser accepts (issue 13).
@Suite struct CompletionTests {
    @Test(arguments: CompletionsOptions.Shell.allCases)
    func scriptNamesEveryCommandAndOption(_ shell: CompletionsOptions.Shell) throws {
        let r = try RKMapExecutable.run(["completions", shell.rawValue])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        for command in CommandDefinition.all {
            #expect(r.stdout.contains(command.name.rawValue), "\(shell) names \(command.name)")
            for option in command.options {
                switch shell {
                case .bash, .zsh:
                    #expect(r.stdout.contains(option.longSpelling), "\(shell) names \(command.name) \(option.longSpelling)")
                    if let short = option.short {
                        #expect(r.stdout.contains("-\(short)"), "\(shell) names \(command.name) -\(short)")
                    }
                case .fish:
                    #expect(r.stdout.contains("__fish_seen_subcommand_from \(command.name.rawValue)' -l \(option.name) ")
                        || r.stdout.contains("__fish_seen_subcommand_from \(command.name.rawValue)' -s \(option.short.map(String.init) ?? "") -l \(option.name) "),
                        "fish names \(command.name) --\(option.name)")
                }
                if case .choices(let values) = option.completion {
                    #expect(r.stdout.contains(values.joined(separator: " ")), "\(shell) offers the values of \(option.longSpelling)")
                }
            }
        }
    }

    /// The option lists docs/spec.md §11/§12 give for the commands rkmap implements,
    /// so a table that lost an option fails here, not only in the scripts.
    @Test func tableHasTheDocumentedOptions() {
        let expected: [CommandName: [String]] = [
            .apply: ["format", "output", "shape", "compact", "no-type", "path", "method", "status", "meta",
                     "strict", "stats", "max-depth"],
            .check: ["path", "method", "status", "unmatched", "allow-warnings", "unmapped", "update", "report"],
            .lint: ["strict", "format"],
            .fmt: ["write"],
        ]
        for (command, names) in expected {
            let declared = Set(CommandDefinition.of(command).options.map(\.name))
            #expect(Set(names).isSubset(of: declared), "\(command): missing \(Set(names).subtracting(declared).sorted())")
        }
    }

    @Test func unknownShellIsAUsageError() throws {
        let r = try RKMapExecutable.run(["completions", "tcsh"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == """
            error: invalid value 'tcsh' for 'SHELL'; expected one of bash, zsh, fish
            usage: rkmap completions SHELL; see 'rkmap help completions'

            """)
        let missing = try RKMapExecutable.run(["completions"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: missing argument SHELL\n"))
    }

    /// Runs the bash script's completion function as bash does on TAB.
    private func bashComplete(_ words: [String], bash: ExternalTool, script: String) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = script + """
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _rkmap
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try bash.run(["--norc", "--noprofile", "-c", program])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        guard let bash = ExternalTool.find("bash", for: "bash completion behaviour") else { return }
        let script = try RKMapExecutable.run(["completions", "bash"]).stdout
        #expect(try bash.run(["-n"], stdin: script).status == 0)
        #expect(try bashComplete(["rkmap", "ch"], bash: bash, script: script) == ["check"])
        #expect(try bashComplete(["rkmap", "apply", "--fo"], bash: bash, script: script) == ["--format"])
        #expect(try bashComplete(["rkmap", "apply", "--format", ""], bash: bash, script: script) == ["json", "ndjson", "csv", "sqlite"])
        #expect(try bashComplete(["rkmap", "check", "--unm"], bash: bash, script: script).sorted() == ["--unmapped", "--unmatched"])
        #expect(try bashComplete(["rkmap", "completions", "z"], bash: bash, script: script) == ["zsh"])
        #expect(try bashComplete(["rkmap", "apply", "specs/example2-rel"], bash: bash, script: script) == ["specs/example2-relationship.json"])
    }

    @Test(arguments: [("zsh", CompletionsOptions.Shell.zsh), ("fish", .fish)])
    func scriptParses(_ program: String, _ shell: CompletionsOptions.Shell) throws {
        guard let tool = ExternalTool.find(program, for: "\(program) completion syntax check") else { return }
        let script = try RKMapExecutable.run(["completions", shell.rawValue]).stdout
        let scratch = try Scratch()
        let path = try scratch.write("rkmap.\(program)", script)
        let r = try tool.run(["-n", path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func manualPageHasEveryCommandAndOption() throws {
        let r = try RKMapExecutable.run(["help", "--man"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasPrefix(".TH RKMAP 1 "))
        for command in CommandDefinition.all {
            #expect(r.stdout.contains(".SS \"rkmap \(command.name.rawValue)"), "man page has \(command.name)")
            for option in command.options {
                let spelled = "\\-\\-" + option.name.replacingOccurrences(of: "-", with: "\\-")
                #expect(r.stdout.contains(spelled), "man page explains \(command.name) --\(option.name)")
            }
        }
    }

    @Test func manualPageRendersWithoutWarnings() throws {
        guard let groff = ExternalTool.find("groff", for: "man page rendering check") else { return }
        let page = try RKMapExecutable.run(["help", "--man"]).stdout
        let r = try groff.run(["-man", "-Tutf8", "-ww", "-z"], stdin: page)
        #expect(r.status == 0)
        #expect(r.stderr == "")
    }
}
