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
        try Self.expectWithinThreeTimes(["apply"] + arguments, shape: "items", mb: 24, from: "file")
    }
}
