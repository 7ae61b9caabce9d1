/// The commands `rkmap` knows (docs/spec.md §11), spelled as the user types
/// them, in the order help lists them.
public enum CommandName: String, Sendable, CaseIterable, Equatable {
    case apply, lint, fmt, check, eval, serialize, infer, graph, schema, completions, help
}
