import RKMap

extension Commands {
    /// `rkmap fmt SPEC [--write]`: the spec as canonical strict JSON (relaxed
    /// syntax normalised, comments dropped). `--write` replaces the file
    /// atomically, and only when the text changes.
    /// Exit status: 0 formatted, 2 the spec cannot be read or does not parse.
    public static func fmt(_ options: FmtOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        let name = InputFile.displayName(options.spec)
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readAll(options.spec)
        } catch {
            try? stderr.write("error: \(error)\n")
            return usageOrSpecError
        }
        let (text, diagnostics) = SpecFormatter.format(bytes: bytes, file: name)
        guard let text else {
            for d in diagnostics where d.severity == .error { try? stderr.write(d.description + "\n") }
            return usageOrSpecError
        }
        return stoppingQuietly(stderr: stderr) {
            guard options.write, options.spec != "-" else {
                try stdout.write(text)
                return success
            }
            guard Array(text.utf8) != bytes else { return success }
            let file = try AtomicFileOutput(path: options.spec)
            try file.sink.write(text)
            try file.commit()
            return success
        }
    }
}
