extension Commands {
    /// `rkmap check`. Placeholder until the check implementation lands.
    public static func check(_ options: CheckOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        notImplemented(.check, stderr: stderr)
    }
}
