/// Told, while a document is mapped, which object each mapper maps and which
/// dynamic mappers' matchers were read: what `rkmap check` needs to report the
/// members nothing reads (docs/spec.md §12). The engine defines the protocol and
/// knows nothing of who observes (Check's `ReadTracker` does), so the mapping
/// code does not depend on the checker. `apply` passes none: one nil check per
/// mapped object.
protocol ReadObserver: AnyObject {
    /// A dynamic mapper's matchers up to `last` (all when `nil`: none
    /// matched) were evaluated on the next object opened.
    func noteMatchers(of dynamic: DynamicMapper, through last: Int?)
    /// The matchers noted since the last `open` led to no object opened
    /// (a choice declined, a value that is not an object, a dictionary
    /// mapped member by member), for a value `parentDepth` objects deep:
    /// what they read of it is dropped, what they read of the enclosing
    /// objects (`@parent`) and of the document (`@root`) still counts.
    func discardMatcherReads(parentDepth: Int)
    /// No matcher of `dynamic` chose a mapper for `value`, found at `path`:
    /// nothing of it is mapped (called before `discardMatcherReads`).
    func declined(_ value: JSONValue, by dynamic: DynamicMapper, path: [DocumentPath.Component])
    /// `mapper` is about to map `object`, found at `path`, `parentDepth` objects deep;
    /// `composed` for the source of a nil-key-path relationship (the enclosing
    /// object itself, or for a `keyAttribute` mapper its one member).
    func open(_ object: JSONObject, mapper: ObjectMapper, path: [DocumentPath.Component], parentDepth: Int, composed: Bool)
    /// The innermost open object is done; `keep` when it produced a record,
    /// `noKeyPresent` when it made none for having none of the mapper's
    /// keys (docs/spec.md §5.2), not for a record a validation rejected.
    func close(keep: Bool, noKeyPresent: Bool)
    /// A relationship whose source is anchored (`@parent.items`,
    /// `@root.meta`) is mapped between these two: the objects it maps are
    /// found elsewhere in the document than the path says; `atRoot` for a
    /// source from the document root (`@root.meta`), whose path is the one
    /// its key path leads to from the root.
    func enterAnchoredSource(atRoot: Bool)
    func leaveAnchoredSource()
}
