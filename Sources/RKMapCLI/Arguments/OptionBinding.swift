/// An option together with what it does to a command's options value: the one
/// declaration `Command.parse`, help, completions and the manual page share.
///
/// Each binding reads its own raw values (last one wins for `.value`, all in
/// order for `.repeatable`) and checks them, so bindings run in table order and
/// the first bad value in that order is the one reported.
struct OptionBinding<Options> {
    var definition: OptionDefinition
    var read: (inout Options, OptionValues) throws(UsageError) -> Void

    /// `--name`: sets `field` to true when present.
    static func flag(
        _ name: String, short: Character? = nil, _ field: WritableKeyPath<Options, Bool>, help: String
    ) -> Self {
        Self(definition: OptionDefinition(name, short: short, .flag, help: help)) { options, values throws(UsageError) in
            if values.isSet { options[keyPath: field] = true }
        }
    }

    /// `--name VALUE`, kept as typed.
    static func text(
        _ name: String, short: Character? = nil, valueName: String, completion: OptionDefinition.Completion = .none,
        _ field: WritableKeyPath<Options, String?>, help: String
    ) -> Self {
        let definition = OptionDefinition(name, short: short, .value, valueName: valueName, completion: completion, help: help)
        return Self(definition: definition) { options, values throws(UsageError) in
            if let value = values.last { options[keyPath: field] = value }
        }
    }

    /// `--name CHOICE`, one of `T`'s cases.
    static func choice<T: RawRepresentable & CaseIterable>(
        _ name: String, valueName: String, _ field: WritableKeyPath<Options, T>, help: String
    ) -> Self where T.RawValue == String {
        let definition = OptionDefinition(
            name, .value, valueName: valueName, completion: .choices(T.allCases.map(\.rawValue)), help: help)
        return Self(definition: definition) { options, values throws(UsageError) in
            if let value: T = try values.choice() { options[keyPath: field] = value }
        }
    }

    /// `--name VALUE` read by `convert` (which checks it) into `field`.
    static func value<T>(
        _ name: String, short: Character? = nil, valueName: String, completion: OptionDefinition.Completion = .none,
        _ field: WritableKeyPath<Options, T>, help: String,
        convert: @escaping (String, OptionValues) throws(UsageError) -> T
    ) -> Self {
        let definition = OptionDefinition(name, short: short, .value, valueName: valueName, completion: completion, help: help)
        return Self(definition: definition) { options, values throws(UsageError) in
            if let raw = values.last { options[keyPath: field] = try convert(raw, values) }
        }
    }

    /// `--name VALUE`, repeatable: every value, in order, read by `convert`.
    static func repeatable<T>(
        _ name: String, valueName: String, completion: OptionDefinition.Completion = .none,
        _ field: WritableKeyPath<Options, [T]>, help: String,
        convert: @escaping (String, OptionValues) throws(UsageError) -> T
    ) -> Self {
        let definition = OptionDefinition(name, .repeatable, valueName: valueName, completion: completion, help: help)
        return Self(definition: definition) { options, values throws(UsageError) in
            var all: [T] = []
            for raw in values.all { all.append(try convert(raw, values)) }
            if !all.isEmpty { options[keyPath: field] = all }
        }
    }
}

/// The raw values one option was given, with what its messages need.
struct OptionValues {
    let parsed: ParsedArguments
    let option: OptionDefinition
    let command: CommandName

    /// The last value given, if any.
    var last: String? { parsed.value(option.name) }
    /// Every value given, in order.
    var all: [String] { parsed.all(option.name) }
    /// The flag was given.
    var isSet: Bool { parsed.flag(option.name) }

    /// The last value as one of `T`'s cases.
    func choice<T: RawRepresentable & CaseIterable>() throws(UsageError) -> T? where T.RawValue == String {
        guard let raw = last else { return nil }
        guard let value = T(rawValue: raw) else {
            throw .invalidChoice(option: option.longSpelling, value: raw, valid: T.allCases.map(\.rawValue), command: command)
        }
        return value
    }

    /// `--option`'s `value` is not of the form `expected` describes.
    func invalid(_ value: String, expected: String) -> UsageError {
        .invalidValue(option: option.longSpelling, value: value, expected: expected, command: command)
    }
}
