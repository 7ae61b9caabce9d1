extension Commands {
    /// `rkmap lint`. Placeholder until the lint implementation lands.
    public static func lint(_ options: LintOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        notImplemented(.lint, stderr: stderr)
    }
}
