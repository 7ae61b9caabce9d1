/// One unit of `rkmap serialize` work, as a pipeline worker hands it to the writer.
/// (It lives with the pipeline, which carries it between threads, so that the
/// engine does not depend on `Serialize/`.)
struct SerializedUnit {
    /// The bodies, with large held arrays deferred to the writer
    /// (`EncodedOutput`): a record of 180,000 related records is written
    /// from the text of their bodies, not copied into `bytes` first.
    var bytes = EncodedOutput()
    var diagnostics: [Diagnostic] = []
    var records = 0
    var failed = 0
}
