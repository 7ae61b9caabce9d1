import RKMap

extension Commands {
    /// `rkmap help [COMMAND]`, `rkmap --help`, `rkmap COMMAND --help`: the page on stdout.
    public static func help(_ topic: CommandName?, stdout: ByteSink) -> Int32 {
        stoppingQuietly {
            try stdout.write(HelpText.page(for: topic))
            return success
        }
    }

    /// `rkmap --version`.
    public static func version(stdout: ByteSink) -> Int32 {
        stoppingQuietly {
            try stdout.write("rkmap \(HelpText.version)\n")
            return success
        }
    }

    /// A usage error on stderr: the message and the one-line usage hint.
    public static func usageError(_ error: UsageError, stderr: ByteSink) -> Int32 {
        let style = TerminalStyle(fd: stderr.fd)
        try? stderr.write(style.highlightingSeverity("error: ") + error.message + "\n" + error.usageHint + "\n")
        return usageOrSpecError
    }
}
