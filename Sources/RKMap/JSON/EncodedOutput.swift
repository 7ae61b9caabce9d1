/// What a pipeline worker encodes for a unit: bytes, and the large compact
/// values that belong between them (`DeferredValue`), which the writer
/// writes from the values' own bytes (`write`). The unit then holds a large
/// value once, as its compact text, not also its written text: pretty JSON
/// of a GeoJSON polygon is several times the value.
struct EncodedOutput {
    var bytes: [UInt8] = []
    /// In order of `at`.
    var deferred: [DeferredValue] = []
    /// Whether encoders may defer values here; the public encoders' callers
    /// want bytes only.
    var defers = true

    var count: Int { bytes.count }

    mutating func reserveCapacity(_ n: Int) { bytes.reserveCapacity(n) }

    /// Writes `range` of the output, deferred values included: its first
    /// piece through `first`, every later one (a deferred value's text, the
    /// bytes after it) through `rest`.
    ///
    /// - Parameter pretty: deferred values are indented (one piece of
    ///   about `SpilledBytes.size` at a time) as `JSONWriter` indents.
    func write(
        _ range: Range<Int>, pretty: Bool, first: (UnsafeRawBufferPointer) throws -> Void,
        rest: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try bytes.withUnsafeBytes { all in
            guard deferred.contains(where: { range.contains($0.at) }) else {
                return try first(UnsafeRawBufferPointer(rebasing: all[range]))
            }
            var start = range.lowerBound
            var wroteFirst = false
            func piece(_ bytes: UnsafeRawBufferPointer) throws {
                if wroteFirst { return try rest(bytes) }
                wroteFirst = true
                try first(bytes)
            }
            for value in deferred where range.contains(value.at) {
                try piece(UnsafeRawBufferPointer(rebasing: all[start..<value.at]))
                if let writer = value.writer {
                    try writer.write(value.value, pieces: piece)
                } else {
                    try JSONWriter.writeCompact(value.value, indent: value.indent, pretty: pretty, pieces: piece)
                }
                start = value.at
            }
            try piece(UnsafeRawBufferPointer(rebasing: all[start..<range.upperBound]))
        }
    }
}
