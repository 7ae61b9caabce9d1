/// Text forms of a `rkmap check` run (docs/spec.md §12): one line per exchange, its
/// reasons indented below it, and the totals line.
///
/// ```text
/// FAIL fixtures/check/drifted/article.json: GET /articles/12 200, 1 record
///   mapping: $.article: cannot convert string "art-12" to int [mapper article, attribute articleID]
/// 3 passed, 1 failed
/// ```
public enum CheckReport {
    /// The line for an exchange and its indented reasons, each ending in a newline.
    public static func text(_ result: ExchangeResult) -> String {
        let word: String
        switch result.outcome {
        case .passed: word = "PASS"
        case .failed: word = "FAIL"
        case .skipped: word = "SKIP"
        }
        var line = "\(word) \(result.exchange.name)"
        if result.exchange.hasFacts { line += ": " + result.exchange.facts.summary }
        if let records = result.records { line += ", \(records) record\(records == 1 ? "" : "s")" }
        var out = line + "\n"
        for reason in result.reasons { out += "  " + text(reason, exchangeFile: result.exchange.file) + "\n" }
        return out
    }

    /// `CHECK: [FILE:LINE:COL: | PATH: ]MESSAGE [mapper M, attribute A]`; the
    /// file is named when it is not the exchange's own (a golden, the spec).
    public static func text(_ reason: Diagnostic, exchangeFile: String) -> String {
        var s = reason.code?.rawValue ?? "check"
        switch reason.severity {
        case .warning: s += " (warning)"
        case .note: s += " (note)"
        case .error: break
        }
        s += ": "
        let otherFile = reason.file != exchangeFile
        switch reason.location {
        case .source(let at): s += "\(reason.file):\(at.line):\(at.column): "
        case .jsonPath(let path): s += (otherFile ? reason.file + ": " : "") + path + ": "
        case .none: if otherFile { s += reason.file + ": " }
        }
        s += reason.message
        var context: [String] = []
        if let m = reason.mapperID { context.append("mapper \(m)") }
        if let a = reason.attribute { context.append("attribute \(a)") }
        if !context.isEmpty { s += " [" + context.joined(separator: ", ") + "]" }
        return s
    }

    /// GitHub workflow annotations for a failing exchange's errors and its
    /// warnings (`::error file=F,line=L,col=C::message`).
    ///
    /// - Parameter locate: the line and column of a reason located by JSON
    ///   path (see `JSONPathLocator`), so the annotation lands on its line.
    public static func github(_ result: ExchangeResult, locate: (Diagnostic, Exchange) -> SourceLocation? = { _, _ in nil }) -> String {
        var out = ""
        for reason in result.reasons where reason.severity != .note {
            guard result.outcome == .failed || reason.severity == .warning else { continue }
            var properties = ["file=\(DiagnosticRenderer.escapeProperty(reason.file))"]
            var at: SourceLocation?
            if case .source(let location) = reason.location { at = location } else { at = locate(reason, result.exchange) }
            if let at {
                properties.append("line=\(at.line)")
                properties.append("col=\(at.column)")
            }
            properties.append("title=\(DiagnosticRenderer.escapeProperty("rkmap check: \(reason.code?.rawValue ?? "check")"))")
            let message = result.exchange.name + ": " + text(reason, exchangeFile: result.exchange.file)
            let command = reason.severity == .error ? "error" : "warning"
            out += "::\(command) \(properties.joined(separator: ","))::\(DiagnosticRenderer.escapeData(message))\n"
        }
        return out
    }

    /// `--report json=FILE`: the same facts as the text report.
    public static func json(_ summary: CheckSummary) -> String {
        var exchanges: [JSONValue] = []
        for file in summary.files {
            for r in file.results {
                var o = JSONObject()
                o["fixture"] = .string(r.exchange.name)
                o["file"] = .string(r.exchange.file)
                if let entry = r.exchange.entry { o["entry"] = .number(JSONNumber(entry)) }
                if let m = r.exchange.facts.method { o["method"] = .string(m) }
                if let p = r.exchange.facts.path { o["path"] = .string(p) }
                o["status"] = .number(JSONNumber(r.exchange.facts.status ?? 200))
                o["result"] = .string(r.outcome.rawValue)
                if let n = r.records { o["records"] = .number(JSONNumber(n)) }
                o["reasons"] = .array(r.reasons.map(reasonJSON))
                exchanges.append(.object(o))
            }
        }
        let report = JSONObject([
            ("spec", .string(summary.spec)),
            ("exchanges", .array(exchanges)),
            ("passed", .number(JSONNumber(summary.passed))),
            ("failed", .number(JSONNumber(summary.failed))),
            ("skipped", .number(JSONNumber(summary.skipped))),
        ])
        return JSONWriter.serialize(.object(report), pretty: true) + "\n"
    }

    private static func reasonJSON(_ d: Diagnostic) -> JSONValue {
        var o = JSONObject()
        o["check"] = .string(d.code?.rawValue ?? "check")
        o["severity"] = .string(d.severity.rawValue)
        o["file"] = .string(d.file)
        switch d.location {
        case .none: break
        case .source(let at):
            o["line"] = .number(JSONNumber(at.line))
            o["column"] = .number(JSONNumber(at.column))
        case .jsonPath(let path): o["path"] = .string(path)
        }
        o["message"] = .string(d.message)
        if let m = d.mapperID { o["mapper"] = .string(m) }
        if let a = d.attribute { o["attribute"] = .string(a) }
        return .object(o)
    }
}
