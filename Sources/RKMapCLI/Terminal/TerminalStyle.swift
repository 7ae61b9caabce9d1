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

    /// `error: ` in bold red, `warning: ` in bold yellow, anything else as is.
    public func highlightingSeverity(_ prefix: String) -> String {
        guard enabled else { return prefix }
        let code = prefix.hasPrefix("error") ? "1;31" : prefix.hasPrefix("warning") ? "1;33" : "1"
        return "\u{1B}[\(code)m\(prefix)\u{1B}[0m"
    }
}
