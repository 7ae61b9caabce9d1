import Foundation
import Testing

/// Guards against inputs whose output grows faster than the input (issue 12,
/// item 7): `--max-records` per document, and capped indentation in pretty
/// JSON. Sizes are compared within one test, so the checks do not depend on
/// the machine's speed.
@Suite struct RecordGuardTests {
    static let recursive = #"{"mappers": [{"id": "n", "target": "N", "attributes": ["v"], "relationships": [{"from": "a", "to": "a", "map-ref": "n"}]}]}"#

    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: #"{"a":"#, count: depth) + #"{"v":1}"# + String(repeating: "}", count: depth) + "\n").utf8)
    }

    static func prettyBytes(depth: Int) throws -> Int {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rkmap-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(recursive.utf8).write(to: dir.appendingPathComponent("s.json"))
        let r = try RKMapExecutable.run(["apply", "s.json", "--max-depth", "10000"], stdin: nested(depth), directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.utf8.count
    }

    /// Indentation stops growing at 64 levels, so a recursive to-one record
    /// twice as deep prints about twice the bytes, not four times.
    @Test func prettyOutputGrowsLinearlyWithDepth() throws {
        let small = try Self.prettyBytes(depth: 1_000)
        let large = try Self.prettyBytes(depth: 2_000)
        let ratio = Double(large) / Double(small)
        #expect(ratio > 1.9 && ratio < 2.1, "\(small) → \(large) bytes")
    }
}
