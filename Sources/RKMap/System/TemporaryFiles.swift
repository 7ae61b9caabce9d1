import Synchronization

/// Files a run must not leave behind if a signal ends the process: the
/// temporary file of an `AtomicFileOutput`, a database the run created and has
/// not committed (docs/spec.md §11: "no temporary file is left behind").
///
/// A run that stops cooperatively (`apply`) removes them itself on its failure
/// path. A command that does not, and a second signal during `apply`'s wind-down,
/// end the process in the signal handler, which calls `removeAll()` first. A
/// handler may only make async-signal-safe calls, so the registry is a fixed
/// table of C strings and a bit mask of the live slots: the handler reads the
/// mask and calls `unlink(2)`, nothing else. A path's string is never freed
/// (a handler on another thread may be reading it); that is a few bytes per
/// output file.
package enum TemporaryFiles {
    /// A registered path, to `unregister` once the file is committed or removed.
    package struct Registration: Sendable, Equatable {
        fileprivate let slot: Int
    }

    private static let capacity = 64
    /// Slots taken by a registration (also while its path is being stored).
    private static let claimed = Atomic<UInt64>(0)
    /// Slots whose path the handler may remove.
    private static let armed = Atomic<UInt64>(0)
    /// The paths, by slot; written only by the registration that claimed the slot.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()

    /// Allocates the table, so that a signal handler never does.
    package static func prepare() { _ = paths }

    /// Removes `path` if a signal ends the process before `unregister`.
    /// Returns `nil` when every slot is taken (the file then has no signal
    /// cleanup, and is still removed on every ordinary failure path).
    package static func register(_ path: String) -> Registration? {
        prepare()
        while true {
            let taken = claimed.load(ordering: .relaxed)
            guard taken != .max else { return nil }
            let slot = (~taken).trailingZeroBitCount
            let bit = UInt64(1) << UInt64(slot)
            guard claimed.compareExchange(expected: taken, desired: taken | bit, ordering: .acquiring).exchanged else {
                continue
            }
            paths[slot] = strdup(path)
            armed.bitwiseOr(bit, ordering: .releasing)
            return Registration(slot: slot)
        }
    }

    /// The file was committed (renamed) or removed: a signal leaves it alone.
    package static func unregister(_ registration: Registration?) {
        guard let registration else { return }
        let bit = UInt64(1) << UInt64(registration.slot)
        armed.bitwiseAnd(~bit, ordering: .releasing)
        claimed.bitwiseAnd(~bit, ordering: .releasing)
    }

    /// The registered paths (not for signal handlers: it allocates).
    package static var registered: [String] {
        let live = armed.load(ordering: .acquiring)
        return (0..<capacity).compactMap { slot in
            live & (UInt64(1) << UInt64(slot)) == 0 ? nil : paths[slot].map { String(cString: $0) }
        }
    }

    /// Unlinks every registered file. Async-signal-safe: for signal handlers.
    package static func removeAll() {
        let live = armed.load(ordering: .acquiring)
        guard live != 0 else { return }
        for slot in 0..<capacity where live & (UInt64(1) << UInt64(slot)) != 0 {
            if let path = paths[slot] { unlink(path) }
        }
    }
}
