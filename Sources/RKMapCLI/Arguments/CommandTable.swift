import RKMap

/// One command's declaration: its definition (arguments, options, help text),
/// how the positional arguments make its options value, and what each option
/// sets. `Command.parse` runs it; help, completions and the manual page read
/// its `definition`.
struct CommandTable<Options> {
    var name: CommandName
    var summary: String
    var overview: String
    var discussion = ""
    var arguments: [ArgumentDefinition]
    /// Makes the options value from the positional arguments.
    var make: (inout PositionalArguments) throws(UsageError) -> Options
    var options: [OptionBinding<Options>]
    /// Checks between options, after every option is read (`--format sqlite` needs `-o`).
    var validate: (Options, CommandName) throws(UsageError) -> Void = { _, _ throws(UsageError) in }
    var notes = ""
    var examples: [String] = []
    var exitStatus = ""

    var definition: CommandDefinition {
        CommandDefinition(
            name, summary: summary, overview: overview, discussion: discussion, arguments: arguments,
            options: options.map(\.definition), notes: notes, examples: examples, exitStatus: exitStatus)
    }

    /// The options value for what `ArgumentParser` found: positionals first,
    /// then each option in table order, then the checks between options.
    func parse(_ parsed: ParsedArguments) throws(UsageError) -> Options {
        var positionals = PositionalArguments(parsed.positionals, command: name)
        var result = try make(&positionals)
        try positionals.noMore()
        for binding in options {
            try binding.read(&result, OptionValues(parsed: parsed, option: binding.definition, command: name))
        }
        try validate(result, name)
        return result
    }
}

extension CommandTable {
    /// The definition of `name`: the one switch over every command's table.
    static func definition(of name: CommandName) -> CommandDefinition where Options == Never {
        switch name {
        case .apply: return ApplyOptions.table.definition
        case .lint: return LintOptions.table.definition
        case .fmt: return FmtOptions.table.definition
        case .check: return CheckOptions.table.definition
        case .eval: return EvalOptions.table.definition
        case .serialize: return SerializeOptions.table.definition
        case .infer: return InferCommandOptions.table.definition
        case .graph: return GraphOptions.table.definition
        case .schema: return SchemaOptions.table.definition
        case .completions: return CompletionsOptions.table.definition
        case .help: return HelpOptions.table.definition
        }
    }
}

/// Lets `CommandDefinition.of` name the switch without a type argument.
typealias CommandTableIndex = CommandTable<Never>

/// The positional arguments of one command, taken in order.
struct PositionalArguments {
    private var rest: ArraySlice<String>
    private let command: CommandName

    init(_ values: [String], command: CommandName) {
        self.rest = values[...]
        self.command = command
    }

    /// The next argument; `name` says which is missing.
    mutating func required(_ name: String) throws(UsageError) -> String {
        guard let value = rest.popFirst() else { throw .missingArgument(name, command: command) }
        return value
    }

    mutating func optional() -> String? { rest.popFirst() }

    /// Every argument left, or `fallback` when none is.
    mutating func remaining(default fallback: [String]) -> [String] {
        defer { rest = [] }
        return rest.isEmpty ? fallback : Array(rest)
    }

    /// Fails on an argument the command does not take.
    func noMore() throws(UsageError) {
        if let extra = rest.first { throw .unexpectedArgument(extra, command: command) }
    }
}
