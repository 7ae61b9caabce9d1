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
                try? stderr.write(CommandFailure.library(error).line)
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
                    try? stderr.write(CommandFailure.commentsWouldBeLost(file: name, comments: comments).line)
                    status = max(status, dataFailed)
                    continue
                }
                do {
                    try replaceFile(path, with: text)
                } catch {
                    try? stderr.write(CommandFailure.cannotWrite(name, error).line)
                    status = max(status, dataFailed)
                }
                continue
            }
            if !comments.isEmpty {
                let verb = comments.count == 1 ? "is" : "are"
                try? stderr.write("warning: \(CommandFailure.commentNote(name, comments)) \(verb) not in the output; keep notes in \"description\" or \"comment\" members\n")
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
            try? stderr.write(CommandFailure.notCanonical(count: notCanonical.count).line)
            status = max(status, max(written, dataFailed))
        }
        return status
    }
}
