import RKMap

/// Every environment variable rkmap reads, in one place. The library reads
/// none: what they set reaches it as values (issue 8).
enum Environment {
    /// `RKMAP_PIPELINE_THRESHOLD`: inputs of at least this many bytes go through
    /// the parallel pipeline (tests set 0 to force it). Unset or not a whole
    /// number ≥ 0: the library's default.
    static var pipelineThreshold: Int {
        guard let text = value("RKMAP_PIPELINE_THRESHOLD"), let n = Int(text), n >= 0 else {
            return MappingOptions.defaultPipelineThreshold
        }
        return n
    }

    /// `RKMAP_WINDOW_BYTES`: the size of the chunks inputs are read in (tests
    /// set a few bytes so that documents, elements and line numbers cross chunk
    /// boundaries; at least 4 are used, a byte order mark's length). Unset or
    /// not a whole number > 0: the library's default.
    static var windowBytes: Int {
        guard let text = value("RKMAP_WINDOW_BYTES"), let n = Int(text), n > 0 else {
            return ChunkedInput.defaultWindow
        }
        return n
    }

    /// `RKMAP_HELD_ARRAY_BYTES`: how many bytes of input an array that only
    /// relationships map spans before `apply` holds it as its elements' text
    /// (`check` too, and `serialize` an array member of a record; tests set 0 to hold
    /// every one). Unset or not a whole number ≥ 0: the
    /// library's default.
    static var holdingArraysFrom: Int {
        guard let text = value("RKMAP_HELD_ARRAY_BYTES"), let n = Int(text), n >= 0 else {
            return ProjectionPlan.holdingArraysFrom
        }
        return n
    }

    /// `GITHUB_ACTIONS=true`: `check` also prints workflow annotations.
    static var githubActions: Bool { value("GITHUB_ACTIONS") == "true" }

    /// `NO_COLOR` set and not empty (https://no-color.org): no colour, even on a terminal.
    static var noColor: Bool { !(value("NO_COLOR") ?? "").isEmpty }

    private static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
