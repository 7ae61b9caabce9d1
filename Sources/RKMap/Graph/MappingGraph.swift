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

    /// Every object mapper, in declaration order.
    public let objectMappers: [ObjectMapper]
    /// Per record type, the attributes some connection finds its records by
    /// (`targetAttribute`): looked up per attribute while a run is set up,
    /// where a scan of every mapper's connections made a spec of thousands
    /// of mappers take seconds (`copiesWhole`).
    let connectionTargets: [String: Set<String>]
    /// Some key path reads `@root` or `@parent` (`MappingGraph.readsAnywhere`).
    let readsAnywhere: Bool
    /// The key paths of the mappers that read `@parent` (asked per streamed
    /// relationship: `StreamedRelationship.candidates`).
    let parentKeyPaths: [KeyPath]

    public init(file: String, descriptors: [Descriptor], mappers: [Mapper], options: SpecOptions, requestDescriptors: [RequestDescriptor] = []) {
        self.file = file
        self.descriptors = descriptors
        self.mappers = mappers
        self.options = options
        self.requestDescriptors = requestDescriptors
        let objectMappers = mappers.compactMap { if case .object(let m) = $0 { return m } else { return nil } }
        self.objectMappers = objectMappers
        var targets: [String: Set<String>] = [:]
        for mapper in objectMappers {
            for c in mapper.connections { targets[c.targetType, default: []].insert(c.targetAttribute) }
        }
        connectionTargets = targets
        readsAnywhere = Self.readsAnywhere(mappers, descriptors)
        var parentKeyPaths: [KeyPath] = []
        _ = Self.readsKeyPath(in: mappers) { path in
            if case .parent = path.anchor { parentKeyPaths.append(path) }
            return false
        }
        self.parentKeyPaths = parentKeyPaths
    }

    /// The mapper with this id, if any.
    public func mapper(id: String) -> Mapper? {
        mappers.first { $0.id == id }
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
