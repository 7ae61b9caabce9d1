/// Renders diagnostics for machines: a JSON report, or GitHub Actions workflow
/// annotations (`::error file=…,line=…,col=…::message`). The text form is
/// `Diagnostic.description`.
public enum DiagnosticRenderer {
    /// `{"diagnostics": [...], "errors": N, "warnings": N}`, pretty, with a final newline.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        var list: [JSONValue] = []
        for d in diagnostics {
            var o = JSONObject()
            o["file"] = .string(d.file)
            switch d.location {
            case .none: break
            case .source(let loc):
                o["line"] = .number(JSONNumber(loc.line))
                o["column"] = .number(JSONNumber(loc.column))
            case .jsonPath(let path):
                o["path"] = .string(path)
            }
            o["severity"] = .string(d.severity.rawValue)
            o["message"] = .string(d.message)
            if let code = d.code { o["code"] = .string(code.rawValue) }
            if let m = d.mapperID { o["mapper"] = .string(m) }
            if let a = d.attribute { o["attribute"] = .string(a) }
            list.append(.object(o))
        }
        let report = JSONObject([
            ("diagnostics", .array(list)),
            ("errors", .number(JSONNumber(diagnostics.filter { $0.severity == .error }.count))),
            ("warnings", .number(JSONNumber(diagnostics.filter { $0.severity == .warning }.count))),
        ])
        return JSONWriter.serialize(.object(report), pretty: true) + "\n"
    }

    /// One workflow command per diagnostic (notes become `::notice`).
    public static func github(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for d in diagnostics {
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties = ["file=\(escapeProperty(d.file))"]
            var message = d.message
            switch d.location {
            case .source(let loc):
                properties.append("line=\(loc.line)")
                properties.append("col=\(loc.column)")
            case .jsonPath(let path):
                message = "\(path): \(message)"
            case .none:
                break
            }
            var context: [String] = []
            if let m = d.mapperID { context.append("mapper \(m)") }
            if let a = d.attribute { context.append("attribute \(a)") }
            if !context.isEmpty { message += " [" + context.joined(separator: ", ") + "]" }
            out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return out
    }

    /// GitHub's escaping for the message part of a workflow command.
    public static func escapeData(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// GitHub's escaping for a property value (also `:` and `,`).
    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed).
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        guard contains(target) else { return self }
        var out = ""
        out.reserveCapacity(count)
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
