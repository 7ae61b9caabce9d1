/// The outcome of loading a spec: the compiled graph when there was no error,
/// and every diagnostic in the order found (the reader's relaxation warnings
/// first, then the compiler's).
public struct SpecLoadResult: Sendable {
    /// `nil` when any diagnostic is an error.
    public var graph: MappingGraph?
    public var diagnostics: [Diagnostic]

    public init(graph: MappingGraph?, diagnostics: [Diagnostic]) {
        self.graph = graph
        self.diagnostics = diagnostics
    }
}

/// Loads spec files (docs/spec.md §1–§4): reads the relaxed JSON and compiles it into an
/// immutable `MappingGraph` with every reference resolved and every key path split.
///
/// ```swift
/// let result = SpecLoader.load(bytes: Array(text.utf8), file: "spec.json")
/// for d in result.diagnostics { print(d) }   // spec.json:5:22: error: unknown mapper …
/// guard let graph = result.graph else { exit(2) }
/// ```
public enum SpecLoader {
    /// Reads (relaxed syntax, docs/spec.md §1.1) and compiles a spec file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the name used in diagnostics.
    /// - Returns: the graph (nil on any error) and all diagnostics.
    ///
    /// The bytes and the tree read from them are given up as they are done
    /// with (a caller passing `consume bytes` holds neither while the spec
    /// compiles; see `compile(_:file:)`).
    public static func load(bytes: consuming [UInt8], file: String) -> SpecLoadResult {
        var (value, parseDiagnostics) = SpecJSONParser.parse(bytes, file: file)
        bytes = []
        // Taken out of the optional, so that no second reference holds it.
        guard let tree = value.take() else { return SpecLoadResult(graph: nil, diagnostics: parseDiagnostics) }
        let compiled = compile(consume tree, file: file)
        return SpecLoadResult(graph: compiled.graph, diagnostics: parseDiagnostics + compiled.diagnostics)
    }

    /// Compiles an already read spec tree. Each mapper's part of the tree is
    /// released once that mapper is compiled, when the tree is held only
    /// here (passed with `consume`): a spec of many mappers is not held
    /// whole beside all it compiles to.
    public static func compile(_ value: consuming SpecValue, file: String) -> SpecLoadResult {
        let compiler = SpecCompiler(file: file)
        // Names that would take minutes to compare are refused before any is.
        var graph: MappingGraph?
        if compiler.checkCombiningRuns(value) { graph = compiler.compile(consume value) }
        // Found pass by pass; reported in source order, which is how people read them.
        let sorted = compiler.diagnostics.enumerated().sorted { a, b in
            let la = a.element.sourceLocation, lb = b.element.sourceLocation
            return la == lb ? a.offset < b.offset : la < lb
        }.map(\.element)
        return SpecLoadResult(graph: graph, diagnostics: sorted)
    }
}

extension Diagnostic {
    /// The source location, or the start of the file for other locations.
    fileprivate var sourceLocation: SourceLocation {
        if case .source(let l) = location { return l }
        return SourceLocation(line: 0, column: 0)
    }
}
