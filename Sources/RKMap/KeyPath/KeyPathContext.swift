/// What a key path can see besides the representation itself: the document root,
/// the chain of enclosing representations, and the metadata (docs/spec.md §4).
///
/// The engine keeps one of these per document and pushes/pops parents as it
/// descends; predicates and matchers receive the same context.
public struct KeyPathContext: Sendable {
    /// The whole document (`@root`).
    public var root: JSONValue
    /// Enclosing representations, outermost first; `parents.last` is `@parent`.
    public var parents: [JSONValue]
    /// The metadata object (`@metadata`): `mapping`, `routing`, `HTTP` and `--meta` keys.
    /// `mapping.collectionIndex` is not stored here but in `collectionIndex`.
    public var metadata: JSONObject
    /// Index of the nearest enclosing collection element, if any.
    public var collectionIndex: Int?
    /// `keyMatching: caseInsensitive` (docs/spec.md §4).
    public var caseInsensitive: Bool

    public init(
        root: JSONValue, parents: [JSONValue] = [], metadata: JSONObject = JSONObject(),
        collectionIndex: Int? = nil, caseInsensitive: Bool = false
    ) {
        self.root = root
        self.parents = parents
        self.metadata = metadata
        self.collectionIndex = collectionIndex
        self.caseInsensitive = caseInsensitive
    }
}
