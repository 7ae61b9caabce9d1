/// Why CSV output failed.
public enum CSVSinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The temporary file that holds rows beyond the in-memory limit failed
    /// (full disk, no temporary directory): the system's message.
    case temporaryFile(String)

    public var description: String {
        switch self {
        case .temporaryFile(let message):
            return "CSV output: the temporary file for buffered rows failed: \(message); free space in the temporary directory (/tmp)"
        }
    }
}
