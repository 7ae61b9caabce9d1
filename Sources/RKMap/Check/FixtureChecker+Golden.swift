extension FixtureChecker {
    /// The nesting a golden file or a rendered output may have: an output
    /// nests about as deep as the fixture it maps, deeper where dotted
    /// destinations add objects, so twice `--max-depth`, and its envelope.
    var goldenDepth: Int { 2 * options.maxDepth + 8 }

    /// Check 4 (docs/spec.md §12): compares each checked exchange's output with the
    /// file's golden (`--update` writes it: `commitUpdate`). A body file's golden
    /// is its `apply` output; a HAR file's is an array with one output per
    /// checked (not skipped) entry, `null` for an entry that did not map.
    func golden(_ file: FixtureFile, results: inout [ExchangeResult]) {
        let checked = results.indices.filter { results[$0].outcome != .skipped }
        guard !checked.isEmpty else { return }
        guard access(file.goldenPath, F_OK) == 0 else { return }
        // Compared as rendered: the golden's text exactly (`GoldenStream`),
        // or a body's differences found element by element.
        if results[checked[0]].goldenComparison != nil { return }
        let expected: JSONValue
        switch FixtureReader.parseOne(file.goldenPath, holding: "a golden file", maxDepth: goldenDepth) {
        case .success(let value): expected = value
        case .failure(let problem):
            for i in checked { results[i].reasons.append(goldenReason(problem.diagnostic)) }
            return
        }
        switch file.kind {
        case .body:
            compare(expected, with: &results[checked[0]], golden: file.goldenPath, index: nil)
        case .har:
            guard case .array(let outputs) = expected else {
                let reason = Diagnostic(.error, "expected an array with one output per checked HAR entry, found \(expected.kind.rawValue)", file: file.goldenPath, location: .jsonPath("$"), code: .golden)
                for i in checked { results[i].reasons.append(reason) }
                return
            }
            for (k, i) in checked.enumerated() {
                guard k < outputs.count else {
                    results[i].reasons.append(Diagnostic(.error, "no expected output for this entry: the golden has \(outputs.count) for \(checked.count) checked entries (run with --update after checking the output)", file: file.goldenPath, location: .jsonPath("$[\(k)]"), code: .golden))
                    continue
                }
                compare(outputs[k], with: &results[i], golden: file.goldenPath, index: k)
            }
            if outputs.count > checked.count, let last = checked.last {
                results[last].reasons.append(Diagnostic(.error, "the golden has \(outputs.count) outputs for \(checked.count) checked entries", file: file.goldenPath, location: .jsonPath("$[\(checked.count)]"), code: .golden))
            }
        }
    }

    /// Compares one exchange's output with its expected value; differences are
    /// reported by JSON path into the golden file (`$[0].title`; for a HAR
    /// file's golden, `$[3][0].title` for its fourth checked entry).
    private func compare(_ expected: JSONValue, with result: inout ExchangeResult, golden: String, index: Int?) {
        let prefix = index.map { "$[\($0)]" } ?? "$"
        guard let output = result.output else {
            // The mapping failed and says why; `null` is what --update writes then.
            if !expected.isNull, !result.reasons.contains(where: { $0.severity == .error }) {
                result.reasons.append(Diagnostic(.error, "no output, expected \(GoldenDiff.show(expected))", file: golden, location: .jsonPath(prefix), code: .golden))
            }
            return
        }
        guard case .success(let actual) = FixtureReader.parseOne(output, file: result.exchange.name, maxDepth: goldenDepth) else { return }
        for d in GoldenDiff.differences(expected: expected, actual: actual) {
            result.reasons.append(Diagnostic(.error, d.message, file: golden, location: .jsonPath(prefix + d.path.dropFirst()), code: .golden))
        }
    }

    /// `--update`: puts the golden's temporary file `out`, into which the
    /// outputs were written as they were rendered (a HAR's through
    /// `golden`), in place, unless an exchange it covers fails another check
    /// (docs/spec.md §12: a broken mapping must not become the golden; each
    /// failing exchange says the golden was not written) or a body has no
    /// output; then it is removed. `out` is the failure to create it when
    /// that failed: each checked exchange says the golden cannot be written.
    func commitUpdate(
        _ out: Result<AtomicFileOutput, any Error>, _ golden: HARGoldenWriter?, _ file: borrowing FixtureFile,
        results: inout [ExchangeResult]
    ) {
        let path = file.goldenPath
        // Removed unless committed (a no-op after `commit`).
        defer { try? out.get().rollback() }
        let checked = results.indices.filter { results[$0].outcome != .skipped }
        guard !checked.isEmpty else { return }
        let failing = checked.filter { i in results[i].reasons.contains { $0.severity == .error } }
        if !failing.isEmpty {
            let why = file.kind == .har
                ? "\(failing.count) of \(checked.count) checked entries fail another check"
                : "this exchange fails another check"
            for i in failing {
                results[i].reasons.append(Diagnostic(
                    .note, "not written: \(why) (a broken mapping must not become the golden)", file: path, code: .golden))
            }
            return
        }
        do {
            if file.kind == .body, results[checked[0]].records == nil {
                // A body not mapped (no response body): nothing was rendered.
                results[checked[0]].reasons.append(Diagnostic(.note, "not written: the exchange has no output (no response body)", file: path, code: .golden))
                return
            }
            try golden?.finish()
            try out.get().commit()
            results[checked[0]].reasons.append(Diagnostic(.note, "wrote \(path)", file: path, code: .golden))
        } catch {
            for i in checked {
                results[i].reasons.append(Diagnostic(.error, "cannot write the golden: \(error)", file: path, code: .golden))
            }
        }
    }

    private func goldenReason(_ d: Diagnostic) -> Diagnostic {
        var d = d
        d.code = .golden
        return d
    }
}

/// A HAR file's golden written as its checked entries are rendered: a
/// pretty array with one element per checked entry, each entry's pretty
/// output indented one level as an element (what writing the array of the
/// outputs read back gives), `null` for an entry without output.
final class HARGoldenWriter {
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var entries = 0
    /// The current entry has written something (its element is open).
    private var open = false
    /// The last byte written of the entry was a line break, held back:
    /// indented when more comes, dropped at the entry's end.
    private var pendingBreak = false
    /// A write outside an entry's rendering failed.
    private var failure: Error?

    /// - Parameter sink: where the golden's text goes: its temporary file
    ///   (`--update`), or the comparison with the golden there (`GoldenStream`).
    init(_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.sink = sink }

    convenience init(_ file: ByteSink) { self.init { try file.write($0) } }

    private func emit(_ text: StaticString) throws {
        try sink(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes a piece of the current entry's output.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        if !open {
            try emit(entries == 0 ? "[\n  " : ",\n  ")
            open = true
        }
        var start = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            if pendingBreak { try emit("\n  ") }
            try sink(UnsafeRawBufferPointer(rebasing: bytes[start..<i]))
            pendingBreak = true
            start = i + 1
        }
        if start < bytes.count {
            if pendingBreak { try emit("\n  ") }
            pendingBreak = false
            try sink(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Ends a checked entry: `null` when it rendered nothing (an entry
    /// whose mapping failed midway has an error: the file is not kept).
    func endEntry() {
        do {
            if !open { try emit(entries == 0 ? "[\n  null" : ",\n  null") }
        } catch {
            failure = failure ?? error
        }
        entries += 1
        open = false
        pendingBreak = false
    }

    /// Closes the array.
    func finish() throws {
        if let failure { throw failure }
        try emit(entries == 0 ? "[]\n" : "\n]\n")
    }
}
