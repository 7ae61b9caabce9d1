import Foundation

/// Runs work on a thread whose stack fits the deepest nesting `--max-depth`
/// allows. Reading, mapping, writing and freeing a value are recursive, so a
/// document nested thousands of levels deep needs far more than the default
/// 8 MiB (512 KiB on secondary threads); only the pages actually touched are used.
public enum LargeStack {
    /// Stack size for the command thread and the pipeline's threads.
    public static let size = 1 << 30

    /// The largest `--max-depth` that this stack size is known to handle (tested
    /// with documents and recursive specs this deep, debug builds included).
    public static let maxDepthLimit = 10_000

    /// Runs `body` on a thread with a `size` stack and waits for its result.
    public static func run(_ body: @escaping () -> Int32) -> Int32 {
        let result = ResultBox()
        let work = Unchecked(value: body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.value = work.value()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return result.value
    }

    private final class ResultBox: @unchecked Sendable {
        var value: Int32 = 0
    }
}
