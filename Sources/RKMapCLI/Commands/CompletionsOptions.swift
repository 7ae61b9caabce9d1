/// `rkmap completions SHELL`: a completion script for the shell, made from the
/// command table.
public struct CompletionsOptions: Sendable, Equatable {
    public enum Shell: String, Sendable, CaseIterable { case bash, zsh, fish }

    public var shell: Shell

    public init(shell: Shell) { self.shell = shell }
}
