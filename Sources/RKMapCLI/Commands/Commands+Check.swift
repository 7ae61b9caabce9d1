import RKMap

extension Commands {
    /// `rkmap check SPEC FIXTURE ...`: validate recorded API responses (docs/spec.md §12).
    ///
    /// Prints one `PASS`/`FAIL`/`SKIP` line per exchange on stdout as each
    /// fixture file is checked, reasons indented below, then `N passed, M failed`
    /// (`, K skipped`). Under `GITHUB_ACTIONS=true` failures are also printed as
    /// workflow annotations. Exit status: 0 every exchange passed (skips are
    /// fine), 1 some failed, 2 usage or spec error (the spec does not load, a
    /// FIXTURE names nothing, a report cannot be written).
    ///
    /// - Parameter githubActions: annotate failures; default: whether
    ///   `GITHUB_ACTIONS` is `true` in the environment.
    public static func check(_ options: CheckOptions, stdout: ByteSink, stderr: ByteSink, githubActions: Bool? = nil) -> Int32 {
        guard let graph = loadSpec(options.spec, stderr: stderr) else { return usageOrSpecError }
        let checker: FixtureChecker
        do {
            checker = try FixtureChecker(graph: graph, options: options)
            checker.holdingArraysFrom = Environment.holdingArraysFrom
        } catch {
            try? stderr.write("\(error)\n")
            return usageOrSpecError
        }
        let paths: [String]
        do {
            paths = try FixtureDiscovery.files(for: options.fixtures)
        } catch {
            try? stderr.write(CommandFailure.library(error).line)
            return usageOrSpecError
        }
        if let shared = FixtureDiscovery.sharedGolden(paths) {
            try? stderr.write(CommandFailure.library(shared).line)
            return usageOrSpecError
        }
        let annotate = githubActions ?? Environment.githubActions
        let defaults = ExchangeFacts(method: options.method?.uppercased(), path: options.path, status: options.status)
        let locator = AnnotationLocator()
        // A report on stdout (`--report json=-`) is all stdout holds, for a
        // pipe into `jq`; the lines a reader follows go to stderr.
        let reportsToStdout = options.reports.contains { $0.path == "-" }
        let lines = reportsToStdout ? stderr : stdout
        return stoppingQuietly(stderr: stderr) {
            var summary = CheckSummary(spec: graph.file)
            for path in paths {
                var result = checker.check(FixtureReader.read(path, defaults: defaults, maxDepth: options.maxDepth))
                for exchange in result.results {
                    try lines.write(CheckReport.text(exchange))
                    if annotate { try lines.write(CheckReport.github(exchange, locate: locator.locate)) }
                }
                // The reports need no output: one held for a golden goes
                // with its file, not kept through the rest of the run.
                for i in result.results.indices { result.results[i].output = nil }
                summary.files.append(result)
            }
            try lines.write(summary.totalsLine + "\n")
            for report in options.reports {
                let text = report.kind == .junit ? CheckReport.junit(summary) : CheckReport.json(summary)
                if report.path == "-" {
                    try stdout.write(text)
                    continue
                }
                do {
                    try replaceFile(report.path, with: text)
                } catch {
                    try? stderr.write(CommandFailure.cannotWriteReport(kind: report.kind.rawValue, error).line)
                    return usageOrSpecError
                }
            }
            return summary.failed > 0 ? dataFailed : success
        }
    }
}
