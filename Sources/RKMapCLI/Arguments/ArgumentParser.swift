import RKMap

/// Splits one command's arguments into options and positionals as the command's
/// `CommandDefinition` declares them. It knows the conventions, not the meanings:
///
/// - `--name VALUE` and `--name=VALUE`; `-o VALUE` and `-oVALUE`;
/// - flags take no value (`--compact=yes` is an error);
/// - `--` ends options: everything after it is positional;
/// - `-` alone is positional (stdin);
/// - a value may start with `-` when it is not an option (`--max-depth -1` reaches
///   the number check, which explains what is wrong with it);
/// - `--help` / `-h` anywhere before `--` asks for the command's help.
public enum ArgumentParser {
    public static func parse(
        _ args: [String], as definition: CommandDefinition
    ) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var rest = args[...]
        while let arg = rest.popFirst() {
            if arg == "--" {
                result.positionals.append(contentsOf: rest)
                break
            }
            if arg == "--help" || arg == "-h" {
                result.helpRequested = true
            } else if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                let name: String, attached: String?
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    attached = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                    attached = nil
                }
                guard let option = definition.option(long: name) else {
                    throw unknownOption("--" + name, in: definition)
                }
                try take(option, spelled: "--" + name, attached: attached, from: &rest, into: &result, definition)
            } else if arg.hasPrefix("-"), arg.count > 1 {
                let letter = arg[arg.index(after: arg.startIndex)]
                guard let option = definition.option(short: letter) else {
                    throw unknownOption(arg, in: definition)
                }
                let tail = String(arg.dropFirst(2))
                if !option.takesValue, !tail.isEmpty {
                    throw unknownOption(arg, in: definition)
                }
                try take(option, spelled: "-" + String(letter), attached: tail.isEmpty ? nil : tail,
                         from: &rest, into: &result, definition)
            } else {
                result.positionals.append(arg)
            }
        }
        return result
    }

    private static func take(
        _ option: OptionDefinition, spelled: String, attached: String?,
        from rest: inout ArraySlice<String>, into result: inout ParsedArguments,
        _ definition: CommandDefinition
    ) throws(UsageError) {
        guard option.takesValue else {
            if let attached {
                throw .unexpectedValue(option: spelled, value: attached, command: definition.name)
            }
            result.flags.insert(option.name)
            return
        }
        let value: String
        if let attached {
            value = attached
        } else if let next = rest.first, !looksLikeOption(next, in: definition) {
            value = next
            rest.removeFirst()
        } else {
            throw .missingValue(option: option.longSpelling, command: definition.name)
        }
        result.values[option.name, default: []].append(value)
    }

    /// True when `word` should be read as the next option rather than as a value:
    /// it starts with `-`, is not `-` itself, and names a declared option or `--`.
    /// Anything else starting with `-` (`-1`, `-x`) is taken as the value, so the
    /// value check can say what is wrong with it.
    private static func looksLikeOption(_ word: String, in definition: CommandDefinition) -> Bool {
        if word == "--" || word == "--help" || word == "-h" { return true }
        if word.hasPrefix("--") {
            let name = word.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return definition.option(long: name) != nil
        }
        if word.hasPrefix("-"), word.count > 1 {
            return definition.option(short: word[word.index(after: word.startIndex)]) != nil
        }
        return false
    }

    private static func unknownOption(_ word: String, in definition: CommandDefinition) -> UsageError {
        // Compare bare names: the dashes would otherwise loosen the typo allowance.
        var suggestion: String?
        if word.hasPrefix("--") {
            let names = definition.options.map(\.name) + ["help"]
            suggestion = Suggestions.closest(to: String(word.dropFirst(2)), in: names).map { "--" + $0 }
        }
        return .unknownOption(word, suggestion: suggestion, command: definition.name)
    }
}
