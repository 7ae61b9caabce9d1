import RKMap

/// A command line that cannot be run as typed. Each case carries what was typed
/// and which command it was typed for; the text a person reads is produced in one
/// place, `UsageError+Message.swift`. `rkmap` prints it on stderr and exits 2.
public enum UsageError: Error, Sendable, Equatable {
    /// `rkmap` with no command at all.
    case missingCommand
    /// `rkmap aply`: not a command; `suggestion` is the closest command, if any.
    case unknownCommand(String, suggestion: String?)
    /// `--fromat`: not an option of `command` (`nil`: of `rkmap` itself, as in
    /// `rkmap --vresion`); `suggestion` is spelled with dashes.
    case unknownOption(String, suggestion: String?, command: CommandName?)
    /// An option that needs a value came last, or was followed by another option.
    case missingValue(option: String, command: CommandName)
    /// A flag written with a value (`--compact=yes`).
    case unexpectedValue(option: String, value: String, command: CommandName)
    /// A value outside a fixed set (`--format xml`); `valid` lists the set in order.
    case invalidChoice(option: String, value: String, valid: [String], command: CommandName)
    /// A value of the wrong form (`--status abc`, `--max-depth -1`, `--meta foo`);
    /// `expected` says in words what would be accepted.
    case invalidValue(option: String, value: String, expected: String, command: CommandName)
    /// A required positional argument (`SPEC`, `FIXTURE`, `PREDICATE`) is missing.
    case missingArgument(String, command: CommandName)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String, command: CommandName)
    /// `--format sqlite` without `-o FILE` (docs/spec.md §10.4): a database is a file.
    case outputFileRequired(format: String, command: CommandName)
    /// `--meta mapping=…`: `mapping`, `routing` and `HTTP` are rkmap's own (docs/spec.md §4).
    case reservedMetaKey(String, command: CommandName)
    /// Two options that ask for opposite things (`fmt --write --check`).
    case conflictingOptions(String, String, command: CommandName)
    /// Several SPEC arguments where the command can print only one (`fmt a b`).
    case severalSpecsNeedOption(String, options: String, command: CommandName)

    /// The command the mistake was made in, for the usage hint; `nil` at top level.
    public var command: CommandName? {
        switch self {
        case .missingCommand, .unknownCommand: return nil
        case .unknownOption(_, _, let c): return c
        case .missingValue(_, let c), .unexpectedValue(_, _, let c),
             .invalidChoice(_, _, _, let c), .invalidValue(_, _, _, let c),
             .missingArgument(_, let c), .unexpectedArgument(_, let c),
             .outputFileRequired(_, let c), .reservedMetaKey(_, let c),
             .conflictingOptions(_, _, let c), .severalSpecsNeedOption(_, _, let c):
            return c
        }
    }
}
