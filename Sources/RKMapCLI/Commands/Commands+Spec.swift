import RKMap

extension Commands {
    /// Reads and compiles a spec for a command that maps (`apply`, `check`).
    /// Errors are printed; warnings other than relaxed syntax too (relaxations
    /// are `lint`'s business, SPEC §11).
    ///
    /// - Returns: the graph, or `nil` after printing why (exit status 2).
    static func loadSpec(_ path: String, stderr: ByteSink) -> MappingGraph? {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readAll(path)
        } catch {
            try? stderr.write("error: \(error)\n")
            return nil
        }
        let result = SpecLoader.load(bytes: bytes, file: InputFile.displayName(path))
        for diagnostic in result.diagnostics where diagnostic.severity == .error || diagnostic.code != "relaxed-syntax" {
            try? stderr.write(diagnostic.description + "\n")
        }
        return result.graph
    }
}
