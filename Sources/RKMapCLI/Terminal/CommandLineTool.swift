import RKMap
#if canImport(Glibc)
import Glibc
#endif

/// The whole of `rkmap` as a program: parse the arguments, run the command,
/// flush, exit with its status (0 success, 1 the data failed, 2 usage or spec
/// error; docs/spec.md §11). The `rkmap` executable only calls `main()`.
package enum CommandLineTool {
    /// What a command ended at once by a signal says (in the handler, so
    /// only `write(2)` of a constant), as `apply` says it when it stops
    /// itself: the run did not finish, whatever it wrote before.
    private static let sayInterrupted: @convention(c) (Int32) -> Void = { signal in
        let text: StaticString = signal == SIGINT ? "error: interrupted by SIGINT\n"
            : signal == SIGTERM ? "error: interrupted by SIGTERM\n" : "error: interrupted by SIGHUP\n"
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }

    package static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        // A closed stdout (`rkmap apply … | head`) must surface as EPIPE, which ByteSink
        // turns into a quiet stop, rather than killing the process.
        signal(SIGPIPE, SIG_IGN)
        // A signal ends the process as usual, but leaves no temporary file
        // behind (`apply` stops more gently: it installs its own mode).
        Interruption.install(cooperative: false, ending: sayInterrupted)
        fixMapThreshold(bytes: 1 << 20)

        let standardOutput = ByteSink(fd: 1)
        let standardError = ByteSink(fd: 2)

        // Commands run on a thread with a large stack: deeply nested documents are
        // read, mapped and written recursively (see LargeStack).
        let status = LargeStack.run {
            do throws(UsageError) {
                switch try Command.parse(arguments) {
                case .apply(let o): return Commands.apply(o, stdout: standardOutput, stderr: standardError)
                case .lint(let o): return Commands.lint(o, stdout: standardOutput, stderr: standardError)
                case .fmt(let o): return Commands.fmt(o, stdout: standardOutput, stderr: standardError)
                case .check(let o): return Commands.check(o, stdout: standardOutput, stderr: standardError)
                case .eval(let o): return Commands.eval(o, stdout: standardOutput, stderr: standardError)
                case .serialize(let o): return Commands.serialize(o, stdout: standardOutput, stderr: standardError)
                case .infer(let o): return Commands.infer(o, stdout: standardOutput, stderr: standardError)
                case .graph(let o): return Commands.graph(o, stdout: standardOutput, stderr: standardError)
                case .schema: return Commands.schema(stdout: standardOutput, stderr: standardError)
                case .completions(let shell): return Commands.completions(shell, stdout: standardOutput)
                case .help(let topic): return Commands.help(topic, stdout: standardOutput)
                case .manual: return Commands.manual(stdout: standardOutput)
                case .version: return Commands.version(stdout: standardOutput)
                }
            } catch {
                return Commands.usageError(error, stderr: standardError)
            }
        }

        // A reader that went away before the last flush still gets a quiet exit 0.
        var exitStatus = status
        do {
            try standardOutput.flush()
        } catch is ByteSink.Closed {
        } catch {
            // Disk full (`> /dev/full`): say so, or the output is silently lost.
            try? standardError.write(CommandFailure.cannotWriteOutput(error).line)
            exitStatus = max(exitStatus, Commands.dataFailed)
        }
        try? standardError.flush()
        exit(exitStatus)
    }

    /// Gives the system back the free pages of the heap (glibc's
    /// `malloc_trim(0)`): between the phases of a command whose second
    /// holds other things than its first, so that memory freed by the first
    /// (blocks below the map threshold) is not counted again beside the
    /// second's. Elsewhere, nothing.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// Blocks of `bytes` and more (a document read whole, an array held as
    /// its elements' text, output being encoded) are mapped from the system
    /// and given back when freed. By default glibc raises this threshold each
    /// time such a block is freed (up to 32 MiB), after which they came from
    /// the heap, grew by copying and stayed when freed: a 24 MB document
    /// mapped whole peaked at 3.2 times its size rather than 2.2 (the
    /// benchmark's streamed runs take the same time either way).
    ///
    /// glibc's `mallopt(M_MMAP_THRESHOLD, bytes)`, looked up when the program
    /// starts: its header is not in Swift's Glibc module. Elsewhere, nothing.
    private static func fixMapThreshold(bytes: Int32) {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, bytes)
        #endif
    }
}
