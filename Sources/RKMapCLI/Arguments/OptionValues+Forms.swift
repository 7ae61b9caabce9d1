import RKMap

/// The value forms several options share, each checked with a message that
/// says what would be accepted.
extension OptionValues {
    /// `--method M`: letters only, upper-cased.
    func method(_ raw: String) throws(UsageError) -> String? {
        let isToken = !raw.isEmpty && raw.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
        guard isToken else { throw invalid(raw, expected: "an HTTP method such as GET or POST") }
        return raw.uppercased()
    }

    /// `--status N`: an HTTP status code.
    func status(_ raw: String) throws(UsageError) -> Int? {
        guard let n = Int(raw), (100...599).contains(n) else {
            throw invalid(raw, expected: "an HTTP status code from 100 to 599")
        }
        return n
    }

    /// `--meta KEY=VALUE`; the first segment of a dotted KEY may not be reserved.
    func metaEntry(_ raw: String) throws(UsageError) -> MetaEntry {
        guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else {
            throw invalid(raw, expected: "KEY=VALUE")
        }
        let key = String(raw[..<eq])
        // `--meta a.b=1` nests under `a`, so the first segment decides.
        let top = String(key.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
        if MetaEntry.reservedKeys.contains(top) { throw .reservedMetaKey(key, command: command) }
        return MetaEntry(key: key, rawValue: String(raw[raw.index(after: eq)...]))
    }

    /// `--header NAME=VALUE`: NAME an HTTP field name, so curl's `'Link: <…>'`
    /// form is caught rather than read as a header named `Link: <…?page`.
    func header(_ raw: String) throws(UsageError) -> ResponseHeaders.Field {
        do {
            return try ResponseHeaders.parseArgument(raw)
        } catch {
            switch error {
            case .missingName:
                throw invalid(raw, expected: "NAME=VALUE, a response header such as 'ETag=\"abc\"'")
            case .invalidName(_, let c):
                let shown = c == " " ? "a space" : "'\(c)'"
                throw invalid(raw, expected: "NAME=VALUE with an HTTP header name before the first '=' (\(shown) cannot be in a name)")
            }
        }
    }

    /// `--max-depth N`: from 1 to what the large stack is known to handle.
    /// Below 10000 only when the stack could not be reserved whole (`ulimit -v`).
    func maxDepth(_ raw: String) throws(UsageError) -> Int {
        let limit = LargeStack.maxDepthLimit
        guard let n = Int(raw), n >= 1, n <= limit else {
            let why = limit < LargeStack.fullDepthLimit
                ? " (the \(LargeStack.size >> 20) MiB stack this process could reserve allows no more; raise 'ulimit -v')" : ""
            throw invalid(raw, expected: "a whole number from 1 to \(limit)\(why)")
        }
        return n
    }

    /// `--max-records N`: at least 1.
    func maxRecords(_ raw: String) throws(UsageError) -> Int? {
        guard let n = Int(raw), n >= 1 else { throw invalid(raw, expected: "a whole number of at least 1") }
        return n
    }

    /// `--report KIND=FILE`.
    func report(_ raw: String) throws(UsageError) -> CheckOptions.Report {
        guard let eq = raw.firstIndex(of: "="),
              let kind = CheckOptions.Report.Kind(rawValue: String(raw[..<eq])),
              raw.index(after: eq) != raw.endIndex
        else {
            throw invalid(raw, expected: "junit=FILE or json=FILE")
        }
        return CheckOptions.Report(kind: kind, path: String(raw[raw.index(after: eq)...]))
    }
}
