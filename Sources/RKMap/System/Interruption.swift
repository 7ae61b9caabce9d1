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
    /// Both ends of the wake-up pipe: the handler writes, readers poll.
    nonisolated(unsafe) private static var wakeRead: Int32 = -1
    nonisolated(unsafe) private static var wakeWrite: Int32 = -1

    /// Handles `signals` from now on (idempotent per signal).
    /// - Parameter cooperative: record the first signal for `check()` and
    ///   `waitForInput` rather than ending the process at once.
    package static func install(cooperative: Bool = true, _ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        _ = raised.load(ordering: .relaxed)  // initialized before any handler runs
        Self.cooperative.store(cooperative, ordering: .relaxed)
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
            Interruption.raised.compareExchange(expected: 0, desired: signal, ordering: .relaxed).exchanged
        else {
            TemporaryFiles.removeAll()
            Interruption.setHandler(SIG_DFL, for: signal)
            raise(signal)
            return
        }
        if Interruption.wakeWrite >= 0 {
            var byte: UInt8 = 1
            _ = write(Interruption.wakeWrite, &byte, 1)
        }
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
