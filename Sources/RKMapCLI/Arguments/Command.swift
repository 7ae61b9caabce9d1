import RKMap

/// A parsed command line: what `rkmap` was asked to do.
///
/// ```swift
/// try Command.parse(["apply", "spec.json", "--compact"])
/// // .apply(ApplyOptions(spec: "spec.json", compact: true, …))
/// ```
public enum Command: Sendable, Equatable {
    case apply(ApplyOptions)
    case lint(LintOptions)
    case fmt(FmtOptions)
    case check(CheckOptions)
    case eval(EvalOptions)
    case serialize(SerializeOptions)
    case infer(InferCommandOptions)
    case graph(GraphOptions)
    /// Print the JSON Schema of the spec format.
    case schema
    case completions(CompletionsOptions.Shell)
    /// Help for one command, or the overview when `nil`.
    case help(CommandName?)
    /// `rkmap help --man`: the manual page.
    case manual
    case version
}
