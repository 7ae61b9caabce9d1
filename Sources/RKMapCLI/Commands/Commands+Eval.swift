import RKMap

extension Commands {
    /// `rkmap eval PREDICATE [INPUT ...]`: `true` or `false` per document (docs/spec.md §9).
    ///
    /// Exit status: 0 when every document gave true (and there was at least one),
    /// 1 otherwise (including an input that does not parse), 2 when the predicate
    /// does not parse or an input cannot be read.
    public static func eval(_ options: EvalOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        let predicate: Predicate
        do {
            predicate = try Predicate(parsing: options.predicate)
        } catch {
            try? stderr.write(syntaxErrorText(error, in: options.predicate, style: TerminalStyle(fd: stderr.fd)))
            return usageOrSpecError
        }
        // Check every input is readable before printing anything, as apply does.
        for input in options.inputs {
            if let failure = InputFile.unreadable(input) {
                try? stderr.write(CommandFailure.library(failure).line)
                return usageOrSpecError
            }
        }
        // Only what the predicate reads is built; the rest of each document is
        // validated and skipped, so memory follows the predicate, not the input.
        // A large array an index or an operator picks from is held as its
        // elements' text (read back as the path reads it).
        let projection = ProjectionPlan(predicate.documentProjectionHoldingIndexes, holdingArraysFrom: Environment.holdingArraysFrom)
        return stoppingQuietly(stderr: stderr) {
            var documents = 0
            var allTrue = true
            for input in options.inputs {
                let name = InputFile.displayName(input)
                // Documents are read through a bounded window and each result is
                // printed as its document arrives; a syntax error ends the input
                // (results before it stay printed), as `apply` does.
                do {
                    var index = 0
                    var syntaxError = false
                    try InputFile.withChunkedInput(input, window: Environment.windowBytes) { chunked in
                        try chunked.forEachWindow { window, origin, _, final in
                            var scanner = JSONScanner(bytes: window, offset: 0, origin: origin)
                            do {
                                while true {
                                    switch try scanner.readDocument(final: final, projection: projection) {
                                    case .end:
                                        try stdout.flush()
                                        return (window.count, false)
                                    case .needsMore(let start):
                                        try stdout.flush()
                                        return (start, false)
                                    case .value(let value, _):
                                        documents += 1
                                        index += 1
                                        let result: Bool
                                        do {
                                            result = try predicate.evaluate(value, context: KeyPathContext(root: value))
                                        } catch let error as PredicateEvaluationError {
                                            // Neither true nor false (docs/spec.md §9): no verdict line,
                                            // an error naming the document, exit status 1.
                                            try stdout.flush()
                                            try stderr.write("\(undecided(error, file: name, index: index - 1))\n")
                                            allTrue = false
                                            continue
                                        }
                                        allTrue = allTrue && result
                                        try stdout.write(result ? "true\n" : "false\n")
                                    }
                                }
                            } catch let error as JSONSyntaxError {
                                try stdout.flush()
                                let diagnostic = Diagnostic(.error, error.message, file: name, location: .source(error.location), code: .syntax)
                                try stderr.write("\(diagnostic)\n")
                                allTrue = false
                                syntaxError = true
                                return (window.count, true)
                            }
                        }
                    }
                    if index == 0, !syntaxError {
                        // An empty input has no verdict to print: say so, as `apply` does.
                        try stderr.write(CommandFailure.noDocument(input: name).line)
                        allTrue = false
                    }
                } catch let failure as InputFile.Failure {
                    try? stderr.write(CommandFailure.library(failure).line)
                    return usageOrSpecError
                }
            }
            return allTrue && documents > 0 ? success : dataFailed
        }
    }

    /// The error for a document the predicate cannot decide (a `MATCHES`
    /// pattern from the document that does not compile), as
    /// `FILE: error: MESSAGE` plus ` (document N)` after an input's first document.
    static func undecided(_ error: PredicateEvaluationError, file: String, index: Int) -> Diagnostic {
        let which = index > 0 ? " (document \(index + 1))" : ""
        return Diagnostic(.error, "\(error); the predicate has no answer for this document\(which)", file: file, location: .none, code: .predicate)
    }

    /// The message, then the predicate with a caret under the column:
    ///
    /// ```text
    /// error: expected a value after '==' at column 9
    ///   name == 
    ///           ^
    /// ```
    static func syntaxErrorText(_ error: PredicateSyntaxError, in source: String, style: TerminalStyle) -> String {
        // Keep tabs in the caret line so it lines up under the same character.
        let before = source.unicodeScalars.prefix(max(0, error.column - 1))
        let pad = String(String.UnicodeScalarView(before.map { $0 == "\t" ? "\t" : " " }))
        let padding = pad + String(repeating: " ", count: max(0, error.column - 1 - before.count))
        return style.highlightingSeverity("error: ") + "\(error)\n  \(source)\n  \(padding)^\n"
    }
}
