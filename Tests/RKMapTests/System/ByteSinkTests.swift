import Testing
@testable import RKMap

/// `ByteSink` buffering and closed-pipe detection, on real pipes.
@Suite struct ByteSinkTests {
    /// A pipe: (read end, write end).
    private func makePipe() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    /// Reads what is available without blocking (the write end must be closed).
    private func drain(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return out
    }

    @Test func buffersUntilFlush() throws {
        let (r, w) = try makePipe()
        defer { close(r) }
        let sink = ByteSink(fd: w)
        try sink.write("héllo ")
        try sink.write(Array("world\n".utf8))
        // Nothing reached the descriptor yet: make the read end non-blocking to look.
        _ = fcntl(r, F_SETFL, fcntl(r, F_GETFL) | O_NONBLOCK)
        var probe: UInt8 = 0
        #expect(read(r, &probe, 1) == -1)
        try sink.flush()
        close(w)
        #expect(drain(r) == Array("héllo world\n".utf8))
    }

    @Test func writesLargeChunksInOrder() async throws {
        let (r, w) = try makePipe()
        defer { close(r) }
        let sink = ByteSink(fd: w)
        // More than a buffer, mixed sizes, drained concurrently so the pipe never fills.
        var expected: [UInt8] = []
        let pieces: [[UInt8]] = [
            Array("start\n".utf8),
            [UInt8](repeating: UInt8(ascii: "a"), count: ByteSink.bufferSize + 17),
            Array("middle\n".utf8),
            [UInt8](repeating: UInt8(ascii: "b"), count: ByteSink.bufferSize - 3),
            Array(String(repeating: "c", count: 3 * ByteSink.bufferSize).utf8),
        ]
        for p in pieces { expected += p }
        let reader = Task.detached { () -> [UInt8] in
            var out: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(r, $0.baseAddress!, $0.count) }
                if n <= 0 { break }
                out += chunk[0..<n]
            }
            return out
        }
        for (i, p) in pieces.enumerated() {
            if i == 4 { try sink.write(String(decoding: p, as: UTF8.self)) } else { try sink.write(p) }
        }
        try sink.flush()
        close(w)
        #expect(await reader.value == expected)
    }

    @Test func closedReaderThrowsClosedAndStaysClosed() throws {
        // The executable ignores SIGPIPE; do the same here so the write fails with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        let (r, w) = try makePipe()
        defer { close(w) }
        close(r)
        let sink = ByteSink(fd: w)
        try sink.write("buffered, not yet written")
        #expect(throws: ByteSink.Closed()) { try sink.flush() }
        #expect(throws: ByteSink.Closed()) { try sink.write("more") }
        #expect(throws: ByteSink.Closed()) { try sink.write([1, 2, 3]) }
    }

    @Test func badDescriptorIsAWriteErrorNotClosed() throws {
        let sink = ByteSink(fd: -1)
        try sink.write("x")
        #expect(throws: ByteSink.WriteError(errno: EBADF)) { try sink.flush() }
    }
}
