import RKMap

extension Commands {
    /// `rkmap lint SPEC ...`: every diagnostic of each spec, relaxed-syntax
    /// warnings included (docs/spec.md §1.1, §11). `--strict` makes warnings errors.
    ///
    /// Text diagnostics go to stderr (`FILE:LINE:COL: severity: message`); the
    /// `json` and `github` formats are reports and go to stdout.
    /// Exit status: 0 no errors, 2 some spec has an error or cannot be read.
    public static func lint(_ options: LintOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        var all: [Diagnostic] = []
        for path in options.specs {
            let name = InputFile.displayName(path)
            let bytes: [UInt8]
            do {
                bytes = try InputFile.readAll(path)
            } catch {
                all.append(Diagnostic(.error, "\(error)", file: name, code: .unreadable))
                continue
            }
            let loaded = SpecLoader.load(bytes: consume bytes, file: name)
            var diagnostics = loaded.diagnostics
            if let graph = loaded.graph {
                // Names SQLite output would refuse (docs/spec.md §3.1, §10.4): warnings
                // here, since JSON and CSV output can hold them.
                for var problem in SQLiteSchema(graph: graph).problems {
                    problem.severity = .warning
                    problem.message += " (--format sqlite refuses this spec)"
                    diagnostics.append(problem)
                }
                let roots = graph.descriptors.map(\.rootMapper)
                for problem in CSVSink.problems(graph: graph, roots: roots, type: nil, includeType: true) {
                    diagnostics.append(Diagnostic(.warning, problem + " (--format csv refuses this spec)", file: name, code: .destination))
                }
            }
            for var d in diagnostics {
                if options.strict, d.severity == .warning {
                    d.severity = .error
                    d.message += " (--strict)"
                }
                all.append(d)
            }
        }
        return stoppingQuietly(stderr: stderr) {
            switch options.format {
            case .text:
                // Coloured like apply's diagnostics on a terminal (docs/spec.md §11).
                let style = TerminalStyle(fd: stderr.fd)
                for d in all { try stderr.write(style.render(d) + "\n") }
            case .json:
                try stdout.write(DiagnosticRenderer.json(all))
            case .github:
                try stdout.write(DiagnosticRenderer.github(all))
            }
            return all.contains { $0.severity == .error } ? usageOrSpecError : success
        }
    }
}
