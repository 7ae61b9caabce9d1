/// One unit of `rkmap serialize` work, as a pipeline worker hands it to the writer.
/// (It lives with the pipeline, which carries it between threads, so that the
/// engine does not depend on `Serialize/`.)
struct SerializedUnit {
    var bytes: [UInt8] = []
    var diagnostics: [Diagnostic] = []
    var records = 0
    var failed = 0
}
