import RKMap

/// The commands `rkmap` knows (SPEC §11), spelled as the user types them.
public enum CommandName: String, Sendable, CaseIterable, Equatable {
    case apply, lint, fmt, check, eval, help
}
