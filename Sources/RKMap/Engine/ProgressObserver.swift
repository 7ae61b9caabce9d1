/// Told as a run advances, for a progress display (`apply --progress`,
/// docs/spec.md §11). Called on the thread that hands records to the sink,
/// after each document (or each batch of a large streamed document), so an
/// observer may read the engine's `stats`; it should be quick and rate-limit
/// its own output. Runs without an observer pay one `nil` check per document.
public protocol ProgressObserver: AnyObject {
    /// - Parameter inputOffset: how far into the current input (or stream, from
    ///   its start) mapping has got, in bytes.
    func advanced(inputOffset: Int)
}
