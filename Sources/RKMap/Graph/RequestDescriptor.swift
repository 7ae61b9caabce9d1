/// A compiled request descriptor (docs/spec.md §13): which mapper turns records
/// of one type into request bodies, for which methods, wrapped under which key.
public struct RequestDescriptor: Sendable {
    /// Record type this descriptor serializes (a record's `@type`).
    public var target: String
    public var mapper: MapperRef
    /// `true`: `mapper` is a response mapper, used inverted; `false`: a request
    /// mapper applied forward (record fields are its source key paths).
    public var inverse: Bool
    /// `rootKeyPath` split on unescaped dots; empty for none.
    public var rootKeyPath: [String]
    /// `nil` means `ANY`.
    public var methods: Set<String>?
    public var location: SourceLocation

    public init(target: String, mapper: MapperRef, inverse: Bool, rootKeyPath: [String], methods: Set<String>?, location: SourceLocation) {
        self.target = target
        self.mapper = mapper
        self.inverse = inverse
        self.rootKeyPath = rootKeyPath
        self.methods = methods
        self.location = location
    }

    /// True when the descriptor serves requests made with `method` (upper case).
    public func applies(to method: String) -> Bool {
        methods.map { $0.contains(method) } ?? true
    }
}
