import RKMap

/// One `--meta KEY=VALUE` (docs/spec.md §4, §11): becomes `@metadata.KEY` for the run.
public struct MetaEntry: Sendable, Equatable {
    public var key: String
    /// VALUE exactly as typed.
    public var rawValue: String

    public init(key: String, rawValue: String) {
        self.key = key
        self.rawValue = rawValue
    }

    /// VALUE read as JSON when it parses (`--meta page=2` is the number 2,
    /// `--meta tags='["a"]'` an array), else as the string typed (`--meta env=prod`).
    public var value: JSONValue {
        // A value that is one complete JSON document is that value (`--meta
        // page=2` is a number, `--meta tags='["a"]'` an array); anything else
        // is taken as text, so `--meta user=alice` needs no quoting.
        var reader = JSONDocumentReader(bytes: Array(rawValue.utf8))
        guard let value = try? reader.next(), (try? reader.next()) == .some(nil) else {
            return .string(rawValue)
        }
        return value
    }

    /// The keys rkmap fills itself; a `--meta` for one of them is a usage error.
    public static let reservedKeys: [String] = ["mapping", "routing", "HTTP"]
}

extension Array where Element == MetaEntry {
    /// The entries as one metadata object, in order; a key given twice keeps its
    /// first position and last value.
    public var metadataObject: JSONObject {
        JSONObject(map { ($0.key, $0.value) })
    }
}
