import RKMap

extension Commands {
    /// Reads and compiles a spec for a command that maps (`apply`, `check`).
    /// Errors are printed; warnings other than relaxed syntax too (relaxations
    /// are `lint`'s business, docs/spec.md §11).
    ///
    /// - Returns: the graph, or `nil` after printing why (exit status 2).
    static func loadSpec(_ path: String, stderr: ByteSink) -> MappingGraph? {
        loadSpec(path, diagnostics: StreamDiagnostics(stream: stderr))
    }

    /// `loadSpec` printing through `diagnostics`, each line at once: a spec's
    /// warnings appear before any input is read, even when the input is a
    /// stdin that stays open (docs/spec.md §11).
    static func loadSpec(_ path: String, diagnostics: StreamDiagnostics) -> MappingGraph? {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readAll(path)
        } catch {
            diagnostics.error("\(error)")
            return nil
        }
        let result = SpecLoader.load(bytes: consume bytes, file: InputFile.displayName(path))
        for diagnostic in result.diagnostics where diagnostic.severity == .error || diagnostic.code != .relaxedSyntax {
            diagnostics.emit(diagnostic)
        }
        return result.graph
    }
}
