import RKMap

/// Prints each diagnostic as one line on a stream (stderr), as it arrives, in
/// the text forms of SPEC §11; counts what it printed.
public final class StreamDiagnostics: DiagnosticCollector {
    private let stream: ByteSink
    private let style: TerminalStyle
    public private(set) var errors = 0
    public private(set) var warnings = 0

    public init(stream: ByteSink) {
        self.stream = stream
        self.style = TerminalStyle(fd: stream.fd)
    }

    public func emit(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: break
        }
        // Diagnostics are best effort: a closed stderr must not stop the mapping.
        // Each goes out at once, so warnings appear next to the work that caused them.
        try? stream.write(diagnostic.description + "\n")
        try? stream.flush()
    }
}
