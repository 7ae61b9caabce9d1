/// Finds the line of a reason located by JSON path, for GitHub annotations:
/// in a body fixture or a golden file, the value at the path; for a HAR
/// entry, the entry itself (its body is a string inside the HAR file), or the
/// HAR field a `$.log…` path names. Files are read once.
public final class AnnotationLocator {
    private var files: [String: [UInt8]?] = [:]

    public init() {}

    public func locate(_ reason: Diagnostic, in exchange: Exchange) -> SourceLocation? {
        guard case .jsonPath(var path) = reason.location else { return nil }
        if reason.file == exchange.file, let entry = exchange.entry, !path.hasPrefix("$.log") {
            path = "$.log.entries[\(entry)]"
        }
        guard let bytes = read(reason.file) else { return nil }
        if let at = JSONPathLocator.location(of: path, in: bytes) { return at }
        // A missing key is not in the file: point at the object that lacks it.
        guard reason.code == .missing else { return nil }
        while let parent = Self.parent(of: path) {
            path = parent
            if let at = JSONPathLocator.location(of: path, in: bytes) { return at }
        }
        return nil
    }

    /// `$.a.b` → `$.a`, `$.a[*]` → `$.a`; `nil` for `$`. A quoted member
    /// name holding `.` or `[` is cut at the wrong place, and then simply
    /// not found.
    static func parent(of path: String) -> String? {
        guard path != "$", let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }), cut > path.startIndex else { return nil }
        return String(path[..<cut])
    }

    private func read(_ file: String) -> [UInt8]? {
        if let cached = files[file] { return cached }
        let bytes = try? InputFile.readAll(file)
        files[file] = bytes
        return bytes
    }
}
