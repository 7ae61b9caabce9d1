import RKMap

/// What `ArgumentParser` found in a command's arguments, before any value is
/// interpreted: raw values by option name, in the order given.
public struct ParsedArguments: Sendable, Equatable {
    /// Values by long option name; a `.value` option keeps all occurrences here
    /// too, and `value(_:)` returns the last one.
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []
    /// `--help` or `-h` appeared before `--`.
    public var helpRequested = false

    public init() {}

    /// The last value given for `name`, if any.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for `name`, in order.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    public func flag(_ name: String) -> Bool { flags.contains(name) }
}
