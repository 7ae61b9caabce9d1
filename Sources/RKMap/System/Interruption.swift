import Synchronization

/// SIGINT, SIGTERM and SIGHUP stop a run like a failure (docs/spec.md §11): no
/// temporary file is left, `-o` files and databases keep their contents.
///
/// Two ways to stop, chosen by `install(cooperative:)`:
/// - Cooperative (`apply`): a signal handler may do almost nothing safely, so
///   it only records the signal and wakes anyone waiting for input (a byte on a
///   pipe); the run notices at its next document boundary (`check()`), or at
///   once when it is waiting for input (`waitForInput`), throws `Interrupted`,
///   and cleans up on its ordinary failure path. The command line turns
///   `Interrupted` into exit status 128 + signal.
/// - At once (every other command, and a second signal during a cooperative
///   stop): the handler removes the files registered in `TemporaryFiles` and
///   ends the process by the signal, the usual way (a shell sees 128 + signal).
package enum Interruption {
    private static let raised = Atomic<Int32>(0)
    /// Whether the first signal is only recorded, for the run to stop itself.
    private static let cooperative = Atomic<Bool>(false)
    /// Told of a signal that ends the process at once, unless the run has
    /// already said it was interrupted (`reported()`): a second signal
    /// while a cooperative run winds down, or one that stops it before it
    /// noticed the first (blocked opening a named pipe).
    nonisolated(unsafe) private static var endingHook: (@convention(c) (Int32) -> Void)?
    private static let hasReported = Atomic<Bool>(false)

    /// The run has said it was interrupted: a signal that then ends the
    /// process at once says nothing more.
    package static func reported() {
        hasReported.store(true, ordering: .sequentiallyConsistent)
    }
    /// Both ends of the wake-up pipe: the handler writes, readers poll.
    nonisolated(unsafe) private static var wakeRead: Int32 = -1
    nonisolated(unsafe) private static var wakeWrite: Int32 = -1
    /// The thread in a `write(2)` that may block (`writing(_:)`), as a
    /// `pthread_t`'s bits, or 0.
    private static let writer = Atomic<UInt>(0)
    /// The signal that wakes that thread: ignored by default, so one that
    /// arrives after the thread left `write(2)` does nothing.
    private static let wakeSignal = SIGURG

    /// Handles `signals` from now on (idempotent per signal).
    /// - Parameter cooperative: record the first signal for `check()` and
    ///   `waitForInput` rather than ending the process at once.
    /// - Parameter ending: called (in the handler: async-signal-safe calls
    ///   only) just before a signal ends the process at once, outside a
    ///   cooperative run: the command line says why it stopped.
    package static func install(
        cooperative: Bool = true, _ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], ending: (@convention(c) (Int32) -> Void)? = nil
    ) {
        _ = raised.load(ordering: .relaxed)  // initialized before any handler runs
        Self.cooperative.store(cooperative, ordering: .relaxed)
        if let ending { endingHook = ending }
        TemporaryFiles.prepare()
        if wakeRead < 0 {
            var fds: [Int32] = [-1, -1]
            if pipe(&fds) == 0 {
                _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
                _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
                wakeRead = fds[0]
                wakeWrite = fds[1]
            }
        }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals {
            // A signal the parent set to be ignored (`nohup`, a background job
            // of a non-interactive shell) stays ignored, as is the convention.
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            // Function pointers are not Equatable: compare their addresses.
            let ignored = unsafeBitCast(handler(of: previous), to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            if ignored { continue }
            sigaddset(&unblock, signal)
            setHandler(Interruption.handle, for: signal)
        }
        if cooperative {
            sigaddset(&unblock, wakeSignal)
            setHandler(Interruption.wake, for: wakeSignal)
        }
        // A blocked mask is inherited across exec (some process launchers
        // leave these blocked): unblock them on this thread, and so on every
        // thread it starts, or a signal would never arrive.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        // Outside a cooperative run, and on a second signal while the run is
        // still winding down (a user pressing Ctrl-C again), end the process at
        // once, the usual way, leaving no temporary file.
        guard Interruption.cooperative.load(ordering: .relaxed),
            Interruption.raised.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent).exchanged
        else {
            if !Interruption.hasReported.load(ordering: .sequentiallyConsistent) { Interruption.endingHook?(signal) }
            TemporaryFiles.removeAll()
            Interruption.setHandler(SIG_DFL, for: signal)
            raise(signal)
            return
        }
        if Interruption.wakeWrite >= 0 {
            var byte: UInt8 = 1
            _ = write(Interruption.wakeWrite, &byte, 1)
        }
        // The kernel hands a signal to any thread; the one blocked writing to
        // a reader that does not read must see it too (`pthread_kill` is
        // async-signal-safe).
        let writer = Interruption.writer.load(ordering: .sequentiallyConsistent)
        if writer != 0, writer != Interruption.bits(pthread_self()) {
            _ = pthread_kill(Interruption.thread(writer), Interruption.wakeSignal)
        }
    }

    /// Does nothing: being handled (without `SA_RESTART`) is what ends the
    /// receiving thread's blocked `write(2)` with `EINTR`.
    private static let wake: @convention(c) (Int32) -> Void = { _ in }

    /// Runs `body`, a `write(2)` that may block, with this thread known to
    /// the handler: a signal that stops the run interrupts the write, which
    /// returns `EINTR` (or a short count), and the caller then checks
    /// `check()` (`ByteSink`). Only threads that outlive the run may call it
    /// (the handler signals the thread by its id).
    /// Returns `nil` without calling `body` when a signal has already
    /// arrived: the caller then writes only what does not block
    /// (`canWriteWithoutBlocking`).
    @inline(__always)
    package static func writing(_ body: () -> Int) -> Int? {
        // Sequentially consistent with the handler's store of `raised` and
        // load of `writer`: either this thread sees the signal, or the
        // handler sees this thread.
        writer.store(bits(pthread_self()), ordering: .sequentiallyConsistent)
        defer { writer.store(0, ordering: .relaxed) }
        guard raised.load(ordering: .sequentiallyConsistent) == 0 else { return nil }
        return body()
    }

    /// Whether `fd` takes at least `pipeAtomicBytes` now (`poll` without
    /// waiting): after a signal, output that would block is abandoned.
    package static func canWriteWithoutBlocking(_ fd: Int32) -> Bool {
        var polls = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
        while true {
            let n = poll(&polls, 1, 0)
            if n < 0, errno == EINTR { continue }
            return n == 1 && polls[0].revents & Int16(POLLOUT) != 0
        }
    }

    /// What a pipe that `poll` reports writable takes without blocking
    /// (POSIX's least `PIPE_BUF`).
    package static let pipeAtomicBytes = 512

    private static func bits(_ thread: pthread_t) -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: thread)
        #else
        UInt(thread)
        #endif
    }

    private static func thread(_ bits: UInt) -> pthread_t {
        #if canImport(Darwin)
        pthread_t(bitPattern: bits)!
        #else
        pthread_t(bits)
        #endif
    }

    /// A `sigaction`'s handler (the one place that knows the C library's field names).
    private static func handler(of action: sigaction) -> (@convention(c) (Int32) -> Void)? {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler
        #else
        action.__sigaction_handler.sa_handler
        #endif
    }

    /// Installs `handler` for `signal`, with no flags and nothing blocked.
    /// Async-signal-safe (`sigaction` is).
    private static func setHandler(_ handler: (@convention(c) (Int32) -> Void)?, for signal: Int32) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    /// The first signal received, or `nil`.
    package static var signal: Int32? {
        let value = raised.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// Throws once a signal has arrived. One relaxed load: cheap enough for
    /// every document.
    @inline(__always)
    package static func check() throws(Interrupted) {
        let value = raised.load(ordering: .relaxed)
        if value != 0 { throw Interrupted(signal: value) }
    }

    /// Waits until `fd` has input (or its end) or a signal arrives.
    /// - Throws: `Interrupted` for a signal.
    package static func waitForInput(_ fd: Int32) throws(Interrupted) {
        while true {
            try check()
            var polls = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if wakeRead >= 0 { polls.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)) }
            let n = poll(&polls, nfds_t(polls.count), -1)
            if n < 0 { continue }  // EINTR: the loop checks for a signal
            try check()
            if polls[0].revents != 0 { return }
        }
    }
}

/// A run stopped by a signal (docs/spec.md §11); exit status 128 + `signal`.
package struct Interrupted: Error, Sendable, Equatable, CustomStringConvertible {
    package var signal: Int32
    package var description: String {
        let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "signal \(signal)"
        return "interrupted by \(name)"
    }
}
