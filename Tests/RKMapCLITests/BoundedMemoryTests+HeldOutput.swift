import Foundation
import Testing

extension BoundedMemoryTests {
    /// One document of many small objects (`{"items": [{"ID": …}, …]}`) under
    /// a spec with a `fail` validation (every item passes), whose output is
    /// held until the document's end, and in `--shape dictionary`, written as
    /// it comes: streamed, so memory follows the output, not the tree (issue
    /// 12: about 10× the input when the tree was built). 24 MB for
    /// a debug build too: the streaming window's fixed cost would dominate a
    /// smaller document.
    @Test(arguments: [
        ["fixtures/scale/items-validated.json", "--format", "ndjson"],
        ["fixtures/scale/items-validated.json", "--format", "json"],
        ["fixtures/scale/items-validated.json", "--format", "json", "--shape", "dictionary"],
    ])
    func aHeldOrShapedDocumentStaysWithinThreeTimesItsSize(_ arguments: [String]) throws {
        let mb = 24.0
        let args = ["apply"] + arguments
        guard let baseline = try Self.measure(args, from: "file", shape: "items", mb: 0.001),
              let peak = try Self.measure(args, from: "file", shape: "items", mb: mb)
        else { return }
        #expect(baseline.exit == 0 && peak.exit == 0)
        #expect(peak.bytes > Int(mb * 990_000))
        let grownKiB = peak.peak_rss_kib - baseline.peak_rss_kib
        #expect(grownKiB * 1024 < 3 * peak.bytes,
                "\(arguments.joined(separator: " ")): peak RSS grew by \(grownKiB) KiB over the baseline on a \(peak.bytes)-byte document")
    }
}
