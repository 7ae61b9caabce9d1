import Foundation
import Testing

extension BoundedMemoryTests {
    /// `infer` reads its samples document by document and keeps one per
    /// distinct shape (docs/spec.md §15): the stream's records differ only in
    /// their values, so memory stays under the bound however long it is.
    @Test func inferFromAPipeStaysUnderTheBound() throws {
        guard let peak = try Self.measure(["infer", "-"], from: "pipe") else { return }
        #expect(peak.exit == 0)
        #expect(peak.bytes > Self.streamMB * 990_000)
        #expect(peak.peak_rss_kib < Self.boundKiB, "peak RSS \(peak.peak_rss_kib) KiB on a \(Self.streamMB) MB stream")
    }

    /// The same from a file, whose documents are read through the window too.
    @Test func inferFromAFileStaysUnderTheBound() throws {
        guard let peak = try Self.measure(["infer"], from: "file") else { return }
        #expect(peak.exit == 0)
        #expect(peak.bytes > Self.streamMB * 990_000)
        #expect(peak.peak_rss_kib < Self.boundKiB, "peak RSS \(peak.peak_rss_kib) KiB on a \(Self.streamMB) MB file")
    }
}
