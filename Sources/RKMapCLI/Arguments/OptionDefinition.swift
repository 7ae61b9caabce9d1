/// One option a command accepts: how it is spelled, whether it takes a value,
/// and how help, completions and the manual page describe it. Declared once,
/// in the command's table (`ApplyOptions+Command.swift` and its siblings), with
/// the field it sets (`OptionBinding`).
public struct OptionDefinition: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Present or not: `--compact`.
        case flag
        /// Takes one value; given twice, the last one wins: `--format json`.
        case value
        /// Takes one value each time; every occurrence is kept in order: `--meta K=V`.
        case repeatable
    }

    /// What a shell may offer for an option's or argument's value.
    public enum Completion: Sendable, Equatable {
        /// Free text: nothing to offer.
        case none
        /// A file name.
        case file
        /// One of a fixed set, in this order.
        case choices([String])
    }

    /// Long name without dashes (`format`); results are keyed by it.
    public var name: String
    /// Single-letter alias (`o` for `--output`), if any.
    public var short: Character?
    public var kind: Kind
    /// How help names the value (`FILE`); `nil` for flags.
    public var valueName: String?
    /// The help text, wrapped as `rkmap help` prints it (53 columns).
    public var help: String
    public var completion: Completion

    public init(
        _ name: String, short: Character? = nil, _ kind: Kind, valueName: String? = nil,
        completion: Completion = .none, help: String = ""
    ) {
        self.name = name
        self.short = short
        self.kind = kind
        self.valueName = valueName
        self.completion = completion
        self.help = help
    }

    /// The spelling used in messages: `--format`.
    public var longSpelling: String { "--" + name }

    public var takesValue: Bool { kind != .flag }

    /// The first sentence of the help on one line, for shells' completion menus.
    var summary: String { Self.firstSentence(of: help) }

    /// The help's first sentence, cut at a word before 60 characters when longer.
    static func firstSentence(of text: String) -> String {
        var line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        if let end = line.range(of: ". ") { line = String(line[..<end.lowerBound]) }
        if line.hasSuffix(".") { line.removeLast() }
        guard line.count > 60 else { return line }
        let head = line.prefix(57)
        let cut = head.lastIndex(of: " ") ?? head.endIndex
        return String(head[..<cut]) + "..."
    }
}
