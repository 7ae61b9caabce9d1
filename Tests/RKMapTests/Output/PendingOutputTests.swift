import Testing
@testable import RKMap

/// A held document's output is kept in pieces (`PendingOutput`): released, it
/// is written in order after what came before; abandoned, everything it wrote
/// goes, whichever piece it began in, and what came before stays.
@Suite struct PendingOutputTests {
    /// `count` bytes of `byte`, appended as a sink does, a few KiB at a time,
    /// with the sink's check after each append.
    static func append(_ byte: UInt8, count: Int, to pending: inout PendingOutput, output: PendingOutput.Output) throws {
        var left = count
        while left > 0 {
            let n = min(left, 4_000)
            pending.bytes.append(contentsOf: repeatElement(byte, count: n))
            left -= n
            if pending.bytes.count >= 1 << 16 { try pending.filled(output) }
        }
    }

    @Test(arguments: [10, 100_000, 3 * PendingOutput.pieceSize + 17])
    func heldOutputIsWrittenOnceReleasedAndGoneOnceAbandoned(heldBytes: Int) throws {
        var written: [UInt8] = []
        let output: PendingOutput.Output = { written.append(contentsOf: $0) }
        var pending = PendingOutput()
        // Output before the document, not all of it flushed yet.
        try Self.append(1, count: 70_000, to: &pending, output: output)
        try Self.append(2, count: 30, to: &pending, output: output)
        pending.hold()
        try Self.append(3, count: heldBytes, to: &pending, output: output)
        #expect(!written.contains(3))
        pending.abandon()
        try pending.flush(output)
        #expect(written == Array(repeating: 1, count: 70_000) + Array(repeating: 2, count: 30))

        written = []
        pending.hold()
        try Self.append(4, count: heldBytes, to: &pending, output: output)
        #expect(written.isEmpty)
        pending.release()
        try Self.append(5, count: 3, to: &pending, output: output)
        try pending.flush(output)
        #expect(written == Array(repeating: 4, count: heldBytes) + [5, 5, 5])
    }

    /// A piece of `pieceSize` or more goes to the output as it is (one call,
    /// after what waited), not through the pending bytes; while a document is
    /// held it waits like any other.
    @Test func aLargePieceGoesStraightToTheOutputUnlessHeld() throws {
        var calls: [[UInt8]] = []
        let output: PendingOutput.Output = { calls.append(Array($0)) }
        var pending = PendingOutput()
        let large = [UInt8](repeating: 7, count: PendingOutput.pieceSize)
        pending.bytes = [1, 2]
        try large.withUnsafeBytes { try pending.append($0, output) }
        #expect(calls == [[1, 2], large])
        #expect(pending.bytes.isEmpty)

        calls = []
        try [UInt8](repeating: 8, count: 100).withUnsafeBytes { try pending.append($0, output) }
        #expect(calls.isEmpty)
        #expect(pending.bytes == [UInt8](repeating: 8, count: 100))

        pending.hold()
        try large.withUnsafeBytes { try pending.append($0, output) }
        #expect(calls.isEmpty)
        pending.abandon()
        try pending.flush(output)
        #expect(calls == [[UInt8](repeating: 8, count: 100)])
    }
}
