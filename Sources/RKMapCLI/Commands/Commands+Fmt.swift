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
            // Strict JSON (what `infer` and `fmt` write) is formatted as it is
            // read, its canonical text compared or written a piece at a time.
            if SpecFormatter.isStrictJSON(bytes) {
                let outcome = fmtStrict(bytes, path: path, name: name, options: options, stdout: stdout, stderr: stderr)
                if outcome.notCanonical { notCanonical.append(name) }
                status = max(status, outcome.status)
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

    /// `fmt` of one spec that is strict JSON (`SpecFormatter.formatStrict`),
    /// as `fmt` does it from the tree: no comments to keep, no diagnostics.
    private static func fmtStrict(
        _ bytes: [UInt8], path: String, name: String, options: FmtOptions, stdout: ByteSink, stderr: ByteSink
    ) -> (status: Int32, notCanonical: Bool) {
        if options.check || (options.write && path != "-") {
            // The canonical text compared with the file's as it comes.
            var offset = 0
            var same = true
            try? SpecFormatter.formatStrict(bytes) { piece in
                let end = offset + piece.count
                if same { same = end <= bytes.count && bytes[offset..<end].elementsEqual(piece) }
                offset = end
            }
            let unchanged = same && offset == bytes.count
            if options.check || unchanged { return (success, !unchanged) }
            do {
                let file = try AtomicFileOutput(path: path)
                do {
                    try SpecFormatter.formatStrict(bytes) { piece in try file.sink.write(piece) }
                    try file.commit()
                } catch {
                    file.rollback()
                    throw error
                }
            } catch {
                try? stderr.write(CommandFailure.cannotWrite(name, error).line)
                return (dataFailed, false)
            }
            return (success, false)
        }
        let printed = stoppingQuietly(stderr: stderr) {
            try SpecFormatter.formatStrict(bytes) { piece in try stdout.write(piece) }
            return success
        }
        return (printed, false)
    }
}
