import RKMap

/// One option a command accepts, declared once in `CommandDefinition` and read by
/// `ArgumentParser`. Help text for options lives in `HelpText.swift`.
public struct OptionDefinition: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Present or not: `--compact`.
        case flag
        /// Takes one value; given twice, the last one wins: `--format json`.
        case value
        /// Takes one value each time; every occurrence is kept in order: `--meta K=V`.
        case repeatable
    }

    /// Long name without dashes (`format`); results are keyed by it.
    public var name: String
    /// Single-letter alias (`o` for `--output`), if any.
    public var short: Character?
    public var kind: Kind

    public init(_ name: String, short: Character? = nil, _ kind: Kind) {
        self.name = name
        self.short = short
        self.kind = kind
    }

    /// The spelling used in messages: `--format`.
    public var longSpelling: String { "--" + name }

    public var takesValue: Bool { kind != .flag }
}
