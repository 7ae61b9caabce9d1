import RKMap

extension Commands {
    /// `rkmap completions SHELL`: the completion script on stdout.
    public static func completions(_ shell: CompletionsOptions.Shell, stdout: ByteSink) -> Int32 {
        stoppingQuietly {
            try stdout.write(CompletionScript.text(for: shell))
            return success
        }
    }

    /// `rkmap help --man`: the manual page (roff) on stdout.
    public static func manual(stdout: ByteSink) -> Int32 {
        stoppingQuietly {
            try stdout.write(ManualPage.text())
            return success
        }
    }
}
