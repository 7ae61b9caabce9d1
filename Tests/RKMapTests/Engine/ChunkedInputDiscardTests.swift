import Foundation
import Testing
@testable import RKMap

/// `ChunkedInput.discardBytes(before:)` gives back the whole pages of the
/// bytes before a point (a form line once decoded) and leaves every byte
/// from that point on as it was read: the bytes `moveOn` keeps.
@Suite struct ChunkedInputDiscardTests {
    @Test(arguments: [1, 4095, 4096, 1_500_001, 2_999_999])
    func bytesFromThePointOnAreKept(end: Int) throws {
        let pattern = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) }
        try Self.withInput(of: pattern) { input in
            try #require(input.bytes.count == pattern.count)
            input.discardBytes(before: end)
            #expect(input.bytes[end...].elementsEqual(pattern[end...]), "a byte at or after \(end) changed")
            // The bytes kept are what the next chunk starts with.
            try input.moveOn(keeping: end)
            #expect(input.bytes.elementsEqual(pattern[end...]))
        }
    }

    /// The pattern's bytes in a file, read whole into a `ChunkedInput` for `body`.
    static func withInput(of pattern: [UInt8], _ body: (inout ChunkedInput) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rkmap-discard-\(getpid())-\(UUID().uuidString)").path
        try Data(pattern).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var input = try ChunkedInput(fd: fd, window: 4 << 20)
        while !input.atEnd && !input.isFull { try input.fill() }
        try body(&input)
    }

    /// The pages are given back: whole pages before the point read as zeros
    /// (Linux `MADV_DONTNEED` on private memory), where no input byte is 0.
    @Test func wholePagesBeforeThePointAreGivenBack() throws {
        #if os(Linux)
        try Self.withInput(of: [UInt8](repeating: 7, count: 2_000_000)) { input in
            input.discardBytes(before: 1_000_000)
            let zeros = input.bytes[..<1_000_000].filter { $0 == 0 }.count
            #expect(zeros >= 1_000_000 - 2 * 65_536, "only \(zeros) bytes were given back")
            #expect(!input.bytes[1_000_000...].contains(0))
        }
        #endif
    }
}
