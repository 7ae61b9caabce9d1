import RKMap

/// Prints each diagnostic as one line on a stream (stderr), as it arrives, in
/// the text forms of docs/spec.md §11; counts what it printed.
public final class StreamDiagnostics: DiagnosticCollector {
    private let stream: ByteSink
    public let style: TerminalStyle
    public private(set) var errors = 0
    public private(set) var warnings = 0
    /// Runs before each line (the progress line blanks itself).
    var beforeWrite: (() -> Void)?

    public init(stream: ByteSink, style: TerminalStyle? = nil) {
        self.stream = stream
        self.style = style ?? TerminalStyle(fd: stream.fd)
    }

    public func emit(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: break
        }
        // Diagnostics are best effort: a closed stderr must not stop the mapping.
        // Each goes out at once, so warnings appear next to the work that caused them.
        write(style.render(diagnostic))
    }

    /// `error: MESSAGE`, for problems that have no location (an unreadable
    /// file, a database left unchanged); counted as an error.
    public func error(_ message: String) {
        errors += 1
        write(style.error(message))
    }

    /// Writes one line at once: a diagnostic must not wait in a buffer while
    /// the run goes on (stdin may stay open for a long time).
    public func write(_ line: String) {
        beforeWrite?()
        try? stream.write(line + "\n")
        try? stream.flush()
    }
}
