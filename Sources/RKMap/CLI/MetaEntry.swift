/// One `--meta KEY=VALUE` (SPEC §4, §11): becomes `@metadata.KEY` for the run.
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
        // TODO(lead): parse as JSON — `rawValue` through rkmap's strict JSON reader,
        // falling back to `.string(rawValue)` when it does not parse.
        .string(rawValue)
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
