import RKMap

extension Commands {
    /// `rkmap fmt SPEC ... [--write | --check] [--drop-comments]`: specs as
    /// canonical strict JSON (relaxed syntax normalised, docs/spec.md §1.1).
    ///
    /// - Printing (one SPEC): the canonical text on stdout; dropped comments are
    ///   reported on stderr.
    /// - `--write`: each file replaced atomically, only when its text changes. A
    ///   file with comments is refused (left as it is) unless `--drop-comments`:
    ///   `fmt` never loses a comment silently; notes belong in `description` or
    ///   `comment` members, which it keeps.
    /// - `--check`: the names of files that are not canonical on stdout, nothing
    ///   changed (for CI).
    ///
    /// Exit status: 0 done (or all canonical), 1 a file is not canonical
    /// (`--check`) or was refused (`--write` with comments), 2 a spec cannot be
    /// read or does not parse.
    public static func fmt(_ options: FmtOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        var status = success
        var notCanonical: [String] = []
        for path in options.specs {
            let name = InputFile.displayName(path)
            let bytes: [UInt8]
            do {
                bytes = try InputFile.readAll(path)
            } catch {
                try? stderr.write("error: \(error)\n")
                status = max(status, usageOrSpecError)
                continue
            }
            let (text, diagnostics, comments) = SpecFormatter.formatKeepingComments(bytes: bytes, file: name)
            guard let text else {
                for d in diagnostics where d.severity == .error { try? stderr.write(d.description + "\n") }
                status = max(status, usageOrSpecError)
                continue
            }
            let unchanged = Array(text.utf8) == bytes
            if options.check {
                if !unchanged { notCanonical.append(name) }
                continue
            }
            if options.write && path != "-" {
                guard !unchanged else { continue }
                if !comments.isEmpty && !options.dropComments {
                    try? stderr.write("error: \(commentRefusal(name, comments))\n")
                    status = max(status, dataFailed)
                    continue
                }
                do {
                    let file = try AtomicFileOutput(path: path)
                    try file.sink.write(text)
                    try file.commit()
                } catch {
                    try? stderr.write("error: cannot write \(name): \(error)\n")
                    status = max(status, dataFailed)
                }
                continue
            }
            if !comments.isEmpty {
                let verb = comments.count == 1 ? "is" : "are"
                try? stderr.write("warning: \(commentNote(name, comments)) \(verb) not in the output; keep notes in \"description\" or \"comment\" members\n")
            }
            let printed = stoppingQuietly(stderr: stderr) {
                try stdout.write(text)
                return success
            }
            status = max(status, printed)
        }
        if options.check, !notCanonical.isEmpty {
            let written = stoppingQuietly(stderr: stderr) {
                for name in notCanonical { try stdout.write(name + "\n") }
                return success
            }
            let count = notCanonical.count
            try? stderr.write("error: \(count) spec\(count == 1 ? " is" : "s are") not canonical; run 'rkmap fmt --write' on \(count == 1 ? "it" : "them")\n")
            status = max(status, max(written, dataFailed))
        }
        return status
    }

    /// `spec.json: 2 comments (the first at line 3, column 5)`.
    static func commentNote(_ name: String, _ comments: [SourceLocation]) -> String {
        let first = comments[0]
        let count = comments.count == 1 ? "1 comment (at" : "\(comments.count) comments (the first at"
        return "\(name): \(count) line \(first.line), column \(first.column))"
    }

    static func commentRefusal(_ name: String, _ comments: [SourceLocation]) -> String {
        "\(commentNote(name, comments)) would be lost; move \(comments.count == 1 ? "it" : "them") into \"description\" or \"comment\" members "
            + "(docs/spec.md §1), or add --drop-comments; the file is unchanged"
    }
}
