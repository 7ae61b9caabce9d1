extension CheckReport {
    /// `--report junit=FILE`: JUnit XML as Jenkins, GitLab, GitHub test
    /// reporters and others read it: a `testsuite` per fixture file, a
    /// `testcase` per exchange, `failure` and `skipped` elements with the reasons.
    public static func junit(_ summary: CheckSummary) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"rkmap check\" tests=\"\(summary.results.count)\" failures=\"\(summary.failed)\" errors=\"0\" skipped=\"\(summary.skipped)\">\n"
        for file in summary.files {
            let failed = file.results.filter { $0.outcome == .failed }.count
            let skipped = file.results.filter { $0.outcome == .skipped }.count
            out += "  <testsuite name=\"\(xml(file.path))\" tests=\"\(file.results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            for r in file.results {
                var name = r.exchange.entry.map { "#\($0)" } ?? r.exchange.name
                if r.exchange.hasFacts { name += " " + r.exchange.facts.summary }
                out += "    <testcase classname=\"\(xml(file.path))\" name=\"\(xml(name))\""
                let lines = r.reasons.map { text($0, exchangeFile: r.exchange.file) }
                switch r.outcome {
                case .passed where lines.isEmpty:
                    out += "/>\n"
                    continue
                case .passed:
                    out += ">\n      <system-out>\(xml(lines.joined(separator: "\n")))</system-out>\n"
                case .failed:
                    let first = r.reasons.first { $0.severity == .error }.map { text($0, exchangeFile: r.exchange.file) } ?? "failed"
                    let type = r.reasons.first { $0.severity == .error }?.code?.rawValue ?? "check"
                    out += ">\n      <failure message=\"\(xml(first))\" type=\"\(xml(type))\">\(xml(lines.joined(separator: "\n")))</failure>\n"
                case .skipped:
                    out += ">\n      <skipped message=\"\(xml(lines.first ?? "skipped"))\"/>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Escapes `& < > " '` and drops what XML 1.0 cannot hold at all (control
    /// characters other than tab, line feed and carriage return; U+FFFE, U+FFFF).
    /// Line breaks and tabs are written as character references so attribute
    /// values keep them.
    static func xml(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
