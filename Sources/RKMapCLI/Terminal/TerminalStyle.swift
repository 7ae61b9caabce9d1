import RKMap

/// Colour for messages, only on a terminal and never when `NO_COLOR` is set
/// (https://no-color.org): pipes, files and CI logs get plain text.
public struct TerminalStyle: Sendable {
    public var enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// Colour when `fd` is a terminal and `NO_COLOR` is unset or empty.
    public init(fd: Int32) {
        self.enabled = isatty(fd) == 1 && !Environment.noColor
    }

    /// `--color auto|always|never` (docs/spec.md §11): `auto` is `init(fd:)`.
    public init(_ choice: ApplyOptions.Color, fd: Int32) {
        switch choice {
        case .auto: self.init(fd: fd)
        case .always: self.init(enabled: true)
        case .never: self.init(enabled: false)
        }
    }

    /// `error: ` in bold red, `warning: ` in bold yellow, anything else as is.
    public func highlightingSeverity(_ prefix: String) -> String {
        guard enabled else { return prefix }
        let code = prefix.hasPrefix("error") ? "1;31" : prefix.hasPrefix("warning") ? "1;33" : "1"
        return "\u{1B}[\(code)m\(prefix)\u{1B}[0m"
    }

    /// A diagnostic's line (without the newline) with its location in bold and
    /// its severity coloured: `FILE:LINE:COL:` / `FILE: $.path:` bold,
    /// `error:` red, `warning:` yellow. Plain text when disabled.
    public func render(_ diagnostic: Diagnostic) -> String {
        let text = diagnostic.description
        guard enabled else { return text }
        let severity = diagnostic.severity.rawValue + ":"
        // The location is everything before the severity word, which the text
        // forms always put right after "FILE…: ".
        guard let range = text.range(of: " " + severity + " ") else { return text }
        let location = String(text[..<range.lowerBound])
        let rest = String(text[range.upperBound...])
        return bold(location) + " " + highlightingSeverity(severity) + " " + rest
    }

    /// `error: MESSAGE` for messages that have no location.
    public func error(_ message: String) -> String {
        highlightingSeverity("error:") + " " + message
    }

    /// `warning: MESSAGE` for messages that have no location.
    public func warning(_ message: String) -> String {
        highlightingSeverity("warning:") + " " + message
    }

    func bold(_ text: String) -> String {
        enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
