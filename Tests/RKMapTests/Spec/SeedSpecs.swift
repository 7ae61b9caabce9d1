import Foundation
import Testing

/// The seed document's ("Mapping description for RestKit") JSON blocks, read
/// from the repository rather than copied: the specs exactly as the seed writes
/// them, typos included (`specs/seed-verbatim/`), and its example responses
/// (`fixtures/examples/*.input.json`).
enum SeedSpecs {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of `path` (relative to the repository root); a file that cannot
    /// be read fails the test that asked for it.
    static func read(_ path: String) -> String {
        do {
            return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            Issue.record("cannot read \(path): \(error)")
            return ""
        }
    }

    static func spec(_ name: String) -> String { read("specs/seed-verbatim/\(name).json") }
    static func response(_ name: String) -> String { read("fixtures/examples/\(name).input.json") }

    static var quickExample: String { spec("quick-example") }
    static var example1: String { spec("example1-articles") }
    static var example2: String { spec("example2-relationship") }
    static var example3: String { spec("example3-values-without-keypaths") }
    static var example4: String { spec("example4-nil-keypath") }
    static var example6: String { spec("example6-dynamic-nesting") }
    static var example6Multiple: String { spec("example6-dynamic-nesting-collection") }
    static var example7: String { spec("example7-dynamic-mapping") }

    /// Response files by name; read when a test asks.
    static let responses: [(String, String)] = [
        ("response3", "example3-values-without-keypaths"), ("response4", "example4-nil-keypath"),
        ("response5", "example5-multiple-roots"), ("response6", "example6-dynamic-nesting"),
        ("response6Multiple", "example6-dynamic-nesting-collection"), ("response7", "example7-dynamic-mapping"),
    ]
}
