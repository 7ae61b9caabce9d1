import Synchronization

/// An object made at most once, by whichever thread asks for it first, and
/// read after that with one atomic load: what a run makes per mapper for the
/// mappers it meets (their escaped names, their inverse plans), so that a
/// spec of thousands of mappers does not make them all before its first
/// record. (The standard library's `AtomicLazyReference` is not specialized
/// across modules: its load cost a generic metadata lookup, some 650
/// instructions, per record.)
///
/// ```swift
/// let names = LazyReference<EncodedMapperNames>()
/// let made = names.value { EncodedMapperNames(mapper) }   // unretained; `names` keeps it
/// ```
final class LazyReference<Value: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: the pointer is to a `Sendable` object, published once with
    // release ordering and read with acquire (an `Atomic` of a raw pointer
    // is not `Sendable` itself).
    /// The object, retained once, or nil until it is made.
    private let pointer = Atomic<UnsafeMutableRawPointer?>(nil)

    init() {}

    deinit {
        if let made = pointer.load(ordering: .acquiring) { Unmanaged<Value>.fromOpaque(made).release() }
    }

    /// The object, made by `make` if no thread has made it yet (when two
    /// make it at once, one is kept and both get it). Unretained: this
    /// reference keeps it alive.
    @inline(__always)
    func value(_ make: () -> Value) -> Unmanaged<Value> {
        if let made = pointer.load(ordering: .acquiring) { return .fromOpaque(made) }
        return keep(make())
    }

    @inline(never)
    private func keep(_ made: Value) -> Unmanaged<Value> {
        let retained = Unmanaged.passRetained(made)
        let (exchanged, kept) = pointer.compareExchange(expected: nil, desired: retained.toOpaque(), ordering: .acquiringAndReleasing)
        if exchanged { return retained }
        retained.release()
        return .fromOpaque(kept.unsafelyUnwrapped)
    }
}
