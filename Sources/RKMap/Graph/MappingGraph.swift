/// A compiled spec: descriptors and mappers with every reference resolved and
/// every key path pre-split. Immutable once built; the engine never re-reads the spec.
public final class MappingGraph: Sendable {
    /// The spec file's name as given on the command line (for diagnostics).
    public let file: String
    public let descriptors: [Descriptor]
    /// All mappers; `MapperRef` values index this array.
    public let mappers: [Mapper]
    public let options: SpecOptions
    /// `requestDescriptors` (docs/spec.md §13), in file order.
    public let requestDescriptors: [RequestDescriptor]

    public init(file: String, descriptors: [Descriptor], mappers: [Mapper], options: SpecOptions, requestDescriptors: [RequestDescriptor] = []) {
        self.file = file
        self.descriptors = descriptors
        self.mappers = mappers
        self.options = options
        self.requestDescriptors = requestDescriptors
    }

    /// The mapper with this id, if any.
    public func mapper(id: String) -> Mapper? {
        mappers.first { $0.id == id }
    }

    /// Every object mapper, in declaration order.
    public var objectMappers: [ObjectMapper] {
        mappers.compactMap { if case .object(let m) = $0 { return m } else { return nil } }
    }
}

/// Top-level spec options (docs/spec.md §1).
public struct SpecOptions: Sendable {
    public var dateFormats: [DateFormat]
    /// IANA name or `UTC`, resolved.
    public var timeZone: ZoneResolver
    public var caseInsensitiveKeys: Bool
    /// The unit of numeric dates (docs/spec.md §6); a mapper may override it.
    public var numericDates: NumericDates

    public init(
        dateFormats: [DateFormat] = [], timeZone: ZoneResolver = .utc, caseInsensitiveKeys: Bool = false,
        numericDates: NumericDates = .seconds
    ) {
        self.dateFormats = dateFormats
        self.timeZone = timeZone
        self.caseInsensitiveKeys = caseInsensitiveKeys
        self.numericDates = numericDates
    }
}

/// Index of a mapper in `MappingGraph.mappers`. Cycles (Boy.friends → person → Boy)
/// are legal, so mappers refer to each other by index, not by reference.
public typealias MapperRef = Int

/// An object mapper or a dynamic mapper (docs/spec.md §3.1, §3.3).
public enum Mapper: Sendable {
    case object(ObjectMapper)
    case dynamic(DynamicMapper)

    public var id: String {
        switch self {
        case .object(let m): return m.id
        case .dynamic(let m): return m.id
        }
    }
}
