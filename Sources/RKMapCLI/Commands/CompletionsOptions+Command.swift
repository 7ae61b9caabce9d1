extension CompletionsOptions {
    /// `rkmap completions`: the one declaration of its argument.
    static var table: CommandTable<CompletionsOptions> {
        CommandTable(
            name: .completions,
            summary: "Print a completion script for bash, zsh or fish.",
            overview: "Print a shell completion script for rkmap's commands and options.",
            discussion: """
                Load it in the current shell, or install it where the shell looks:
                  source <(rkmap completions bash)
                  rkmap completions zsh > "${fpath[1]}/_rkmap"
                  rkmap completions fish > ~/.config/fish/completions/rkmap.fish
                'make install' installs all three.
                """,
            arguments: [
                ArgumentDefinition("SHELL", completion: .choices(Shell.allCases.map(\.rawValue)), help: "bash, zsh or fish."),
            ],
            make: { args throws(UsageError) in
                let raw = try args.required("SHELL")
                guard let shell = Shell(rawValue: raw) else {
                    throw .invalidChoice(option: "SHELL", value: raw, valid: Shell.allCases.map(\.rawValue), command: .completions)
                }
                return CompletionsOptions(shell: shell)
            },
            options: [],
            exitStatus: "  0 printed, 2 usage error.")
    }
}
