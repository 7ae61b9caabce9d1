import RKMap

/// `rkmap fmt SPEC ... [--write | --check] [--drop-comments]`: canonical strict
/// JSON to stdout, in place, or a CI check that every file already is.
public struct FmtOptions: Sendable, Equatable {
    public var specs: [String]
    /// Rewrite the files instead of printing.
    public var write = false
    /// Print the names of files that are not canonical and exit 1; change nothing.
    public var check = false
    /// Let `--write` drop `//` and `/* */` comments (otherwise it refuses).
    public var dropComments = false

    public init(specs: [String]) { self.specs = specs }
}
