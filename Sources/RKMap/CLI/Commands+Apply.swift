extension Commands {
    /// `rkmap apply`. Placeholder until the apply implementation lands.
    public static func apply(_ options: ApplyOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        notImplemented(.apply, stderr: stderr)
    }
}
