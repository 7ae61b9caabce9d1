/// A compiled response descriptor (docs/spec.md §2).
public struct Descriptor: Sendable {
    /// Position in the spec file (descriptors apply in file order).
    public var index: Int
    /// Where the descriptor starts in the spec file.
    public var location: SourceLocation
    /// `nil` matches any path.
    public var pathPattern: PathPattern?
    /// Key path of the mappable content; `KeyPath.empty` is the root.
    public var keyPath: KeyPath
    /// The key path as written, `nil` for the root (`@metadata.mapping.rootKeyPath`,
    /// and the key of `--shape dictionary`, where the root is `""`).
    public var keyPathText: String?
    public var statusCodes: StatusCodeSet
    /// `nil` means `ANY`.
    public var methods: Set<String>?
    public var rootMapper: MapperRef

    public init(
        index: Int, location: SourceLocation, pathPattern: PathPattern?, keyPath: KeyPath,
        keyPathText: String?, statusCodes: StatusCodeSet, methods: Set<String>?, rootMapper: MapperRef
    ) {
        self.index = index
        self.location = location
        self.pathPattern = pathPattern
        self.keyPath = keyPath
        self.keyPathText = keyPathText
        self.statusCodes = statusCodes
        self.methods = methods
        self.rootMapper = rootMapper
    }
}

/// Status codes a descriptor accepts: exact codes and classes (`2XX` = 200...299).
public struct StatusCodeSet: Sendable, Equatable, CustomStringConvertible {
    public var codes: Set<Int>
    /// Leading digits of accepted classes (2 for `2XX`).
    public var classes: Set<Int>

    public init(codes: Set<Int> = [], classes: Set<Int> = []) {
        self.codes = codes
        self.classes = classes
    }

    public static let successful = StatusCodeSet(classes: [2])

    public func contains(_ status: Int) -> Bool {
        codes.contains(status) || classes.contains(status / 100)
    }

    public var description: String {
        (classes.sorted().map { "\($0)XX" } + codes.sorted().map(String.init)).joined(separator: ", ")
    }
}
