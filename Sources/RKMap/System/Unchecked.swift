/// Lets the pipeline hand values that are not `Sendable` to its threads. Safe
/// here because each is either immutable during the run (the engine's graph,
/// the input bytes) or used by one thread only.
struct Unchecked<T>: @unchecked Sendable {
    let value: T
}
