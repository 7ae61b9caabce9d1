
/// Runs work on threads whose stacks fit the deepest nesting `--max-depth`
/// allows. Reading, mapping, writing and freeing a value are recursive, so a
/// document nested thousands of levels deep needs far more than the default
/// 8 MiB (512 KiB on secondary threads); only the pages actually touched are used.
///
/// Reserving a stack can fail (`ulimit -v` caps the address space): threads
/// are then started with smaller stacks, and `--max-depth` is capped to what
/// the stack got (`maxDepthLimit`), so a deep document fails with "nesting
/// deeper than N levels" instead of crashing. A thread that cannot start at all
/// is reported to the caller; nothing ever waits for a thread that never ran.
public enum LargeStack {
    /// The stack size asked for first, enough for `fullDepthLimit` levels.
    public static let preferredSize = 1 << 30

    /// The deepest nesting `preferredSize` is known to handle (tested with
    /// documents and recursive specs this deep, debug builds included).
    public static let fullDepthLimit = 10_000

    /// Stack sizes tried, largest first, when a reservation fails.
    static let sizes = [1 << 30, 1 << 28, 1 << 26, 1 << 24]

    /// The stack of the command thread `run` started (the calling thread's
    /// own, about 8 MiB, when none could start). Set once, before the command runs.
    nonisolated(unsafe) public private(set) static var size = preferredSize

    /// The largest `--max-depth` the command thread's stack allows:
    /// `fullDepthLimit` scaled to the stack it got.
    public static var maxDepthLimit: Int { depthLimit(forStack: size) }

    static func depthLimit(forStack bytes: Int) -> Int {
        max(16, min(fullDepthLimit, Int(Int64(fullDepthLimit) * Int64(bytes) / Int64(preferredSize))))
    }

    /// The stack a thread needs for `maxDepth` levels (at least 16 MiB).
    public static func stackSize(forDepth maxDepth: Int) -> Int {
        let perLevel = preferredSize / fullDepthLimit + 1
        return max(1 << 24, min(preferredSize, maxDepth * perLevel))
    }

    /// Runs `body` on a thread with the largest stack that can be reserved
    /// (see `sizes`) and returns its result; on the calling thread if no
    /// thread can start at all.
    public static func run(_ body: @escaping () -> Int32) -> Int32 {
        let box = Box(body)
        for candidate in sizes {
            if let thread = start(box, stackSize: candidate) {
                size = candidate
                pthread_join(thread, nil)
                return box.result
            }
        }
        // The main thread's usual stack (`ulimit -s` 8192); a safe estimate.
        size = 8 << 20
        box.run()
        return box.result
    }

    /// Starts a thread running `body` with a `stackSize` stack; returns false
    /// when it could not start (the caller does the work another way).
    /// Wait for the work itself (a semaphore, a condition), not for the thread.
    package static func spawn(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Box { body(); return 0 }
        guard let thread = start(box, stackSize: stackSize) else { return false }
        pthread_detach(thread)
        return true
    }

    private static func start(_ box: Box, stackSize: Int) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return nil }
        let context = Unmanaged.passRetained(box).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    private final class Box {
        let body: () -> Int32
        var result: Int32 = 0
        init(_ body: @escaping () -> Int32) { self.body = body }
        func run() { result = body() }
    }
}
