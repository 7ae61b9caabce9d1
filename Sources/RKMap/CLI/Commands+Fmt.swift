extension Commands {
    /// `rkmap fmt`. Placeholder until the fmt implementation lands.
    public static func fmt(_ options: FmtOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        notImplemented(.fmt, stderr: stderr)
    }
}
