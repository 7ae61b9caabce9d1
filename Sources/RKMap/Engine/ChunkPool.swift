import Foundation
import Synchronization

/// Buffers of finished chunks, kept for the next chunks of the same input.
///
/// A new 1 MiB buffer from `malloc` is fresh pages: the kernel zeroes and maps
/// each on first touch, inside `read(2)`, and a freed one goes back to it.
/// That was the largest kernel cost of mapping a large file (about 4% of the
/// cycles). A buffer taken from here is already mapped.
///
/// The pool never holds more buffers than the input had chunks alive at once
/// (a buffer enters it only when its chunk goes), so memory stays what the
/// pipeline's bound on units in flight makes it.
final class ChunkPool: Sendable {
    /// The size of every buffer in the pool (the input's window); larger
    /// chunks, grown for a large document, are freed instead.
    let bufferSize: Int
    private let buffers = Mutex<[UInt]>([])

    init(bufferSize: Int) {
        self.bufferSize = bufferSize
    }

    /// A buffer of `bufferSize` bytes: a reused one, or a new one.
    func take() -> UnsafeMutableRawPointer? {
        if let address = buffers.withLock({ $0.popLast() }) {
            return UnsafeMutableRawPointer(bitPattern: address)
        }
        return malloc(max(bufferSize, 1))
    }

    /// Keeps a buffer of `bufferSize` bytes for `take`.
    func give(_ buffer: UnsafeMutableRawPointer) {
        buffers.withLock { $0.append(UInt(bitPattern: buffer)) }
    }

    deinit {
        buffers.withLock { all in
            for address in all { free(UnsafeMutableRawPointer(bitPattern: address)) }
        }
    }
}
