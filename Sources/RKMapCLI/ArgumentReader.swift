import RKMap

/// Turns one command's `ParsedArguments` into its options type, checking each
/// value (choices, numbers, `KEY=VALUE` forms) and the positional arguments.
struct ArgumentReader {
    private let parsed: ParsedArguments
    private let command: CommandName
    private var positionals: ArraySlice<String>

    init(_ parsed: ParsedArguments, command: CommandName) {
        self.parsed = parsed
        self.command = command
        self.positionals = parsed.positionals[...]
    }

    // MARK: Commands

    mutating func apply() throws(UsageError) -> ApplyOptions {
        var o = ApplyOptions(spec: try requiredPositional("SPEC"))
        o.inputs = remainingPositionals(default: ["-"])
        // `-o -` is stdout (SPEC §11), never a file named `-`.
        o.output = parsed.value("output").flatMap { $0 == "-" ? nil : $0 }
        o.format = try choice("format") ?? o.output.map(ApplyOptions.Format.init(inferredFrom:)) ?? .json
        o.shape = try choice("shape") ?? .collection
        o.compact = parsed.flag("compact")
        o.noType = parsed.flag("no-type")
        o.path = parsed.value("path")
        o.method = try method()
        o.status = try status()
        o.meta = try parsed.all("meta").map { (raw) throws(UsageError) in try metaEntry(raw) }
        o.strict = parsed.flag("strict")
        o.stats = parsed.flag("stats")
        o.keepGoing = parsed.flag("keep-going")
        o.explain = parsed.flag("explain")
        o.progress = parsed.flag("progress") ? true : nil
        o.color = try choice("color") ?? .auto
        if let depth = parsed.value("max-depth") {
            let limit = LargeStack.maxDepthLimit
            guard let n = Int(depth), n >= 1, n <= limit else {
                // Below 10000 only when the stack could not be reserved whole.
                let why = limit < LargeStack.fullDepthLimit
                    ? " (the \(LargeStack.size >> 20) MiB stack this process could reserve allows no more; raise 'ulimit -v')" : ""
                throw .invalidValue(
                    option: "--max-depth", value: depth,
                    expected: "a whole number from 1 to \(limit)\(why)", command: command)
            }
            o.maxDepth = n
        } else {
            o.maxDepth = min(o.maxDepth, LargeStack.maxDepthLimit)
        }
        if o.format == .sqlite, o.output == nil {
            throw .outputFileRequired(format: o.format.rawValue, command: command)
        }
        return o
    }

    mutating func lint() throws(UsageError) -> LintOptions {
        let first = try requiredPositional("SPEC")
        var o = LintOptions(specs: [first] + remainingPositionals(default: []))
        o.strict = parsed.flag("strict")
        o.format = try choice("format") ?? .text
        return o
    }

    mutating func fmt() throws(UsageError) -> FmtOptions {
        var o = FmtOptions(spec: try requiredPositional("SPEC"))
        try noMorePositionals()
        o.write = parsed.flag("write")
        return o
    }

    mutating func check() throws(UsageError) -> CheckOptions {
        let spec = try requiredPositional("SPEC")
        let first = try requiredPositional("FIXTURE")
        var o = CheckOptions(spec: spec, fixtures: [first] + remainingPositionals(default: []))
        o.path = parsed.value("path")
        o.method = try method()
        o.status = try status()
        o.unmatched = try choice("unmatched") ?? .skip
        o.allowWarnings = parsed.flag("allow-warnings")
        o.unmapped = try choice("unmapped") ?? .warn
        o.update = parsed.flag("update")
        o.reports = try parsed.all("report").map { (raw) throws(UsageError) in try report(raw) }
        return o
    }

    mutating func eval() throws(UsageError) -> EvalOptions {
        var o = EvalOptions(predicate: try requiredPositional("PREDICATE"))
        o.inputs = remainingPositionals(default: ["-"])
        return o
    }

    // MARK: Positionals

    mutating func requiredPositional(_ name: String) throws(UsageError) -> String {
        guard let value = positionals.popFirst() else { throw .missingArgument(name, command: command) }
        return value
    }

    mutating func optionalPositional() throws(UsageError) -> String? {
        positionals.popFirst()
    }

    mutating func remainingPositionals(default fallback: [String]) -> [String] {
        defer { positionals = [] }
        return positionals.isEmpty ? fallback : Array(positionals)
    }

    func noMorePositionals() throws(UsageError) {
        if let extra = positionals.first { throw .unexpectedArgument(extra, command: command) }
    }

    // MARK: Values

    private func choice<T: RawRepresentable & CaseIterable>(_ name: String) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let raw = parsed.value(name) else { return nil }
        guard let value = T(rawValue: raw) else {
            throw .invalidChoice(option: "--" + name, value: raw, valid: T.allCases.map(\.rawValue), command: command)
        }
        return value
    }

    private func method() throws(UsageError) -> String? {
        guard let raw = parsed.value("method") else { return nil }
        let isToken = !raw.isEmpty && raw.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
        guard isToken else {
            throw .invalidValue(option: "--method", value: raw, expected: "an HTTP method such as GET or POST", command: command)
        }
        return raw.uppercased()
    }

    private func status() throws(UsageError) -> Int? {
        guard let raw = parsed.value("status") else { return nil }
        guard let n = Int(raw), (100...599).contains(n) else {
            throw .invalidValue(option: "--status", value: raw, expected: "an HTTP status code from 100 to 599", command: command)
        }
        return n
    }

    private func metaEntry(_ raw: String) throws(UsageError) -> MetaEntry {
        guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else {
            throw .invalidValue(option: "--meta", value: raw, expected: "KEY=VALUE", command: command)
        }
        let key = String(raw[..<eq])
        // `--meta a.b=1` nests under `a`, so the first segment decides.
        let top = String(key.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
        if MetaEntry.reservedKeys.contains(top) { throw .reservedMetaKey(key, command: command) }
        return MetaEntry(key: key, rawValue: String(raw[raw.index(after: eq)...]))
    }

    private func report(_ raw: String) throws(UsageError) -> CheckOptions.Report {
        guard let eq = raw.firstIndex(of: "="),
              let kind = CheckOptions.Report.Kind(rawValue: String(raw[..<eq])),
              raw.index(after: eq) != raw.endIndex
        else {
            throw .invalidValue(option: "--report", value: raw, expected: "junit=FILE or json=FILE", command: command)
        }
        return CheckOptions.Report(kind: kind, path: String(raw[raw.index(after: eq)...]))
    }
}
