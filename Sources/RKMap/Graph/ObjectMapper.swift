/// A compiled object mapper (docs/spec.md §3.1): how one representation becomes one record.
///
/// Destinations are numbered **slots** in field order (docs/spec.md §5.1): the key
/// attribute first, then attributes, then relationships, then connections. Two
/// mappings that write the same destination share a slot, so the later one wins
/// and the field keeps the first one's position.
public final class ObjectMapper: Sendable {
    public let id: String
    /// Record type name (`target`/`targetName`, default: the id).
    public let typeName: String
    public let isEntity: Bool
    /// Slots of the identification attributes (declared or inferred); empty when
    /// records of this mapper have no identity.
    public let identification: [Int]
    public let modificationSlot: Int?
    public let slots: [Slot]
    public let keyAttributeSlot: Int?
    public let forceCollection: Bool
    /// Attribute mappings, then relationship mappings, in declaration order:
    /// the order in which they are applied. Made from `steps` when asked
    /// (each is held once, as a step: a spec of many attributes held every
    /// mapping twice).
    public var properties: [PropertyMapping] { steps.map(\.property) }
    public let connections: [Connection]
    /// Slot → value assigned when the source key path is missing.
    public let defaults: [Int: JSONValue]
    public let assignsDefaultValueForMissingAttributes: Bool
    public let assignsNilForMissingRelationships: Bool
    public let validations: [Validation]
    /// Date formats tried before the spec's (and then RestKit's defaults).
    public let dateFormats: [DateFormat]
    /// The mapper's own `numericDates`, overriding the spec's (docs/spec.md §6).
    public let numericDates: NumericDates?
    /// True when some attribute maps the nil key path (scalars are mappable).
    public let mapsNilKeyPath: Bool
    /// Where the mapper is declared in the spec.
    public let location: SourceLocation
    /// True when some destination has a dot (`address.city`), so records need nesting.
    public let hasNestedDestinations: Bool
    /// Each destination that dotted destinations nest inside (`address` for
    /// `address.city`), with theirs: the dotted fields are written into its
    /// object or to-one record, and a value of another kind gives way to them
    /// (`RecordEncoder.nest`), which the engine reports.
    let nestings: [(outer: Int, inner: [Int])]
    /// Whether slot's field has one place in a record's output: its
    /// destination is a plain name that no dotted destination writes into
    /// (`meta.count` beside `items` leaves `items` one place; `items.total`
    /// would nest into it, replacing its value, `RecordEncoder.nest`).
    func hasOnePlace(_ slot: Int) -> Bool {
        guard slots[slot].isPlainName else { return false }
        return !hasNestedDestinations || slotsPerFirstName[slots[slot].name] == 1
    }
    /// How many slots' destinations start with each name (`hasOnePlace`,
    /// asked per streamed relationship and per record written with one:
    /// a scan of every slot each time); empty without dotted destinations.
    private let slotsPerFirstName: [String: Int]

    /// `properties` flattened for the engine's inner loop: reading
    /// `steps[i].field` borrows in place (`PropertySteps`), where binding an
    /// enum payload would copy (and retain) the whole mapping for every
    /// object mapped.
    let steps: PropertySteps
    /// For a mapper of many steps, the steps a missing first key leaves
    /// without effect, by that key (`KeySkipIndex`); nil for the others.
    let sparseSteps: KeySkipIndex?

    public init(
        id: String, typeName: String, isEntity: Bool, identification: [Int], modificationSlot: Int?,
        slots: [Slot], keyAttributeSlot: Int?, forceCollection: Bool, properties: [PropertyMapping],
        connections: [Connection], defaults: [Int: JSONValue], assignsDefaultValueForMissingAttributes: Bool,
        assignsNilForMissingRelationships: Bool, validations: [Validation], dateFormats: [DateFormat],
        numericDates: NumericDates? = nil, location: SourceLocation
    ) {
        self.id = id
        self.typeName = typeName
        self.isEntity = isEntity
        self.identification = identification
        self.modificationSlot = modificationSlot
        self.slots = slots
        // Without dotted destinations every slot's is a name of its own: no
        // table (a mapper of many attributes made one as large as its slots).
        let hasNestedDestinations = slots.contains { !$0.isPlainName }
        var slotsPerFirstName: [String: Int] = [:]
        if hasNestedDestinations {
            for slot in slots { if let first = slot.path.first { slotsPerFirstName[first, default: 0] += 1 } }
        }
        self.slotsPerFirstName = slotsPerFirstName
        self.keyAttributeSlot = keyAttributeSlot
        self.forceCollection = forceCollection
        self.connections = connections
        self.defaults = defaults
        self.assignsDefaultValueForMissingAttributes = assignsDefaultValueForMissingAttributes
        self.assignsNilForMissingRelationships = assignsNilForMissingRelationships
        self.validations = validations
        self.dateFormats = dateFormats
        self.numericDates = numericDates
        self.mapsNilKeyPath = properties.contains { p in
            if case .attribute(let a) = p { return a.source.isNil }
            return false
        }
        self.location = location
        self.hasNestedDestinations = hasNestedDestinations
        self.nestings = Self.nestings(of: slots)
        self.steps = PropertySteps(properties)
        // A step whose key path starts with a key at the representation
        // finds nothing in an object without that member, and then does
        // nothing unless a default or a null is assigned for a missing source.
        let steps = self.steps
        let assignsDefaults = assignsDefaultValueForMissingAttributes, assignsNil = assignsNilForMissingRelationships
        self.sparseSteps = KeySkipIndex(count: steps.count) { i in
            let step = steps[i]
            let missingDoesNothing = step.target == nil ? defaults[step.slot] == nil && !assignsDefaults : !assignsNil
            guard step.anchoredAtRepresentation, !step.sourceIsNil, missingDoesNothing else { return nil }
            return step.source.firstKey
        }
    }

    /// For each slot whose path other slots' paths continue (`address` and
    /// `address.city`), those slots, in slot order; outers in slot order.
    ///
    /// - Complexity: O(slots × depth): each slot looks its path's prefixes
    ///   up. (Comparing every pair made a mapper of 32,000 attributes take
    ///   4 s to compile.)
    static func nestings(of slots: [Slot]) -> [(outer: Int, inner: [Int])] {
        guard slots.contains(where: { !$0.isPlainName }) else { return [] }
        var slotsByPath: [[String]: [Int]] = [:]
        for (i, slot) in slots.enumerated() { slotsByPath[slot.path, default: []].append(i) }
        var inner: [Int: [Int]] = [:]
        for (i, slot) in slots.enumerated() where !slot.isPlainName {
            for length in 1..<slot.path.count {
                for o in slotsByPath[Array(slot.path.prefix(length))] ?? [] { inner[o, default: []].append(i) }
            }
        }
        return inner.keys.sorted().map { ($0, inner[$0]!) }
    }

    /// The slot index of a destination name, if the mapper writes it.
    public func slotIndex(named name: String) -> Int? {
        slots.firstIndex { $0.name == name }
    }
}

/// One destination field of a record.
public struct Slot: Sendable {
    public enum Kind: Sendable {
        /// The dynamic nesting key (`keyAttribute`).
        case keyAttribute
        /// An attribute (including a relationship without `map-ref`).
        case attribute
        /// A relationship to records of another mapper. Held apart (`indirect`),
        /// as the connection is: a kind is then a word to copy, not the room
        /// of the largest payload (a slot holds its kind apart, `Shape`).
        indirect case relationship(RelationshipInfo)
        /// A foreign-key connection (docs/spec.md §3.4), filled after the document is mapped.
        indirect case connection(Connection)
    }

    /// Destination name as written, escapes removed (`address.city`, `odd.key`).
    public var name: String
    /// Destination split on unescaped dots: `["address", "city"]` builds a nested
    /// object in tree output; a single element for a plain name.
    public var path: [String] {
        get { dottedPath.isEmpty ? [name] : dottedPath }
        set { shape = Shape(kind, dottedPath: Self.isJust(newValue, name) ? [] : newValue) }
    }
    /// `path` when it is not just `[name]`; empty for a plain name, which
    /// most are (an array for each held 44 bytes more per slot).
    private var dottedPath: [String] {
        if case .other(let rare) = shape { return rare.dottedPath }
        return []
    }
    public var kind: Kind {
        get {
            switch shape {
            case .attribute: .attribute
            case .keyAttribute: .keyAttribute
            case .other(let rare): rare.kind
            }
        }
        set { shape = Shape(newValue, dottedPath: dottedPath) }
    }
    /// The kind and the dotted path in one word: a plain attribute (most
    /// slots) holds neither apart, so a slot takes 32 bytes, not 40.
    private var shape: Shape
    /// Declared type from `types`, if any.
    public var type: ValueType?

    private enum Shape: Sendable {
        case attribute, keyAttribute
        case other(Rare)

        init(_ kind: Kind, dottedPath: [String]) {
            switch kind {
            case .attribute where dottedPath.isEmpty: self = .attribute
            case .keyAttribute where dottedPath.isEmpty: self = .keyAttribute
            default: self = .other(Rare(kind: kind, dottedPath: dottedPath))
            }
        }
    }

    /// A relationship's or connection's kind, or a dotted destination.
    private final class Rare: Sendable {
        let kind: Kind
        let dottedPath: [String]
        init(kind: Kind, dottedPath: [String]) {
            self.kind = kind
            self.dottedPath = dottedPath
        }
    }

    public init(name: String, path: [String], kind: Kind, type: ValueType?) {
        self.name = name
        shape = Shape(kind, dottedPath: Self.isJust(path, name) ? [] : path)
        self.type = type
    }

    /// `path` is `[name]`, by code units (names are compared so, docs/spec.md §4).
    private static func isJust(_ path: [String], _ name: String) -> Bool {
        path.count == 1 && JSONValue.sameText(path[0], name)
    }

    /// The destination is one name (`path` is `[name]`), asked without
    /// making the array.
    var isPlainName: Bool {
        if case .other(let rare) = shape { return rare.dottedPath.isEmpty }
        return true
    }

    /// The first name of `path`.
    var firstName: String { dottedPath.first ?? name }

    /// The last name of `path`.
    var lastName: String { dottedPath.last ?? name }

    public var isRelationship: Bool {
        switch kind {
        case .relationship, .connection: return true
        case .keyAttribute, .attribute: return false
        }
    }
}

/// What a relationship slot points to.
public struct RelationshipInfo: Sendable {
    public var mapper: MapperRef
    /// `true`/`false` when forced with `many`; `nil` decides by the source value.
    public var many: Bool?
    public var assignmentPolicy: AssignmentPolicy
    /// `linkTable`: the SQLite link table's name when the default
    /// `PARENT_relationship` would collide with another table (docs/spec.md §10.4).
    public var linkTable: String?

    public init(mapper: MapperRef, many: Bool?, assignmentPolicy: AssignmentPolicy, linkTable: String? = nil) {
        self.mapper = mapper
        self.many = many
        self.assignmentPolicy = assignmentPolicy
        self.linkTable = linkTable
    }
}

/// How a stored to-many relationship is updated (docs/spec.md §7).
public enum AssignmentPolicy: String, Sendable, CaseIterable {
    case set, union, replace
}

/// An attribute or relationship mapping, in application order.
public enum PropertyMapping: Sendable {
    case attribute(AttributeMapping)
    case relationship(RelationshipMapping)
}

public struct AttributeMapping: Sendable {
    /// Source key path (`(key).` prefix already stripped for dynamic nesting).
    public var source: KeyPath
    public var slot: Int
    public var location: SourceLocation

    public init(source: KeyPath, slot: Int, location: SourceLocation) {
        self.source = source
        self.slot = slot
        self.location = location
    }
}

public struct RelationshipMapping: Sendable {
    /// Source key path; the nil key path composes from the parent's own keys.
    public var source: KeyPath
    public var slot: Int
    public var mapper: MapperRef
    public var many: Bool?
    public var location: SourceLocation

    public init(source: KeyPath, slot: Int, mapper: MapperRef, many: Bool?, location: SourceLocation) {
        self.source = source
        self.slot = slot
        self.mapper = mapper
        self.many = many
        self.location = location
    }
}

/// A foreign-key connection (docs/spec.md §3.4).
public struct Connection: Sendable {
    /// Destination relationship name (also the slot name).
    public var relationship: String
    public var slot: Int
    /// Slot of the source attribute in this mapper's records.
    public var sourceSlot: Int
    public var sourceAttribute: String
    /// Record type name of the connected records.
    public var targetType: String
    public var targetAttribute: String
    public var location: SourceLocation

    public init(
        relationship: String, slot: Int, sourceSlot: Int, sourceAttribute: String,
        targetType: String, targetAttribute: String, location: SourceLocation
    ) {
        self.relationship = relationship
        self.slot = slot
        self.sourceSlot = sourceSlot
        self.sourceAttribute = sourceAttribute
        self.targetType = targetType
        self.targetAttribute = targetAttribute
        self.location = location
    }
}

/// What a failed validation does (docs/spec.md §8).
public enum ValidationFailure: String, Sendable, CaseIterable {
    case skip, reject, fail
}

/// A validation (docs/spec.md §8): the predicate is evaluated with the converted
/// attribute value bound to `SELF`.
public struct Validation: Sendable {
    public var slot: Int
    public var attribute: String
    public var predicateSource: String
    public var predicate: Predicate
    public var onFailure: ValidationFailure
    public var message: String?
    public var location: SourceLocation

    public init(
        slot: Int, attribute: String, predicateSource: String, predicate: Predicate,
        onFailure: ValidationFailure, message: String?, location: SourceLocation
    ) {
        self.slot = slot
        self.attribute = attribute
        self.predicateSource = predicateSource
        self.predicate = predicate
        self.onFailure = onFailure
        self.message = message
        self.location = location
    }
}

/// One attribute or relationship mapping in the form the engine's inner loop
/// reads, held in its mapper's `PropertySteps` (one allocation for all of
/// them) and read there in place. Packed (a byte of flags, a four-byte slot
/// and target): 56 bytes a step. As an object of its own, a step took 112
/// (then 80) and a pointer: a large spec is a step per attribute
/// (docs/behaviour.md, memory).
struct PropertyStep: Sendable {
    let source: KeyPath
    private let flags: UInt8
    private let packedSlot: Int32
    /// The related mapper, or -1.
    private let packedTarget: Int32
    /// Where the mapping is declared in the spec.
    let location: SourceLocation

    private enum Flag {
        static let sourceIsNil: UInt8 = 1, anchoredOutside: UInt8 = 2, anchoredAtRepresentation: UInt8 = 4
        static let mayCollect: UInt8 = 8, manyKnown: UInt8 = 16, many: UInt8 = 32
    }

    var slot: Int { Int(packedSlot) }
    /// The related mapper for a relationship; `nil` for an attribute.
    var target: MapperRef? { packedTarget < 0 ? nil : Int(packedTarget) }
    var many: Bool? { flags & Flag.manyKnown == 0 ? nil : flags & Flag.many != 0 }
    /// The source is the nil key path (the representation itself).
    var sourceIsNil: Bool { flags & Flag.sourceIsNil != 0 }
    /// The source starts at `@root`, `@parent` or `@metadata`.
    var anchoredOutside: Bool { flags & Flag.anchoredOutside != 0 }
    /// The source starts at the representation (no context needed to evaluate it).
    var anchoredAtRepresentation: Bool { flags & Flag.anchoredAtRepresentation != 0 }
    /// The source may collect over an array (`tags.name`), so finding a value
    /// does not yet mean some element has the key (docs/spec.md §2).
    var mayCollect: Bool { flags & Flag.mayCollect != 0 }

    init(_ property: PropertyMapping) {
        let slot: Int, target: MapperRef?, many: Bool?
        switch property {
        case .attribute(let a):
            source = a.source
            slot = a.slot
            target = nil
            many = nil
            location = a.location
        case .relationship(let r):
            source = r.source
            slot = r.slot
            target = r.mapper
            many = r.many
            location = r.location
        }
        // A slot or mapper number past 2^31 would be a spec of billions of
        // mappings, more than memory holds compiled: not a case to round.
        packedSlot = Int32(slot)
        packedTarget = target.map { Int32($0) } ?? -1
        var flags: UInt8 = 0
        if source.isNil { flags |= Flag.sourceIsNil }
        if source.isAnchoredOutside { flags |= Flag.anchoredOutside } else { flags |= Flag.anchoredAtRepresentation }
        if source.mayCollect { flags |= Flag.mayCollect }
        if let many { flags |= Flag.manyKnown | (many ? Flag.many : 0) }
        self.flags = flags
    }

    /// The mapping this step was made from.
    var property: PropertyMapping {
        guard let target else { return .attribute(AttributeMapping(source: source, slot: slot, location: location)) }
        return .relationship(RelationshipMapping(source: source, slot: slot, mapper: target, many: many, location: location))
    }
}

/// The steps of one mapper in one allocation, each read in place: `steps[i]`
/// is an address, so `steps[i].source.evaluate(…)` in the engine's inner loop
/// neither copies the key path nor retains its parts (which an array of
/// steps, read through its getter, may do per property per object).
final class PropertySteps: RandomAccessCollection, @unchecked Sendable {
    // @unchecked: the steps are written once, in `init`, and only read after;
    // the class owns the allocation and frees it in `deinit`.
    private let base: UnsafeMutablePointer<PropertyStep>
    let count: Int

    /// A step made from each mapping, in place (no array of them first).
    init(_ properties: [PropertyMapping]) {
        count = properties.count
        base = UnsafeMutablePointer<PropertyStep>.allocate(capacity: Swift.max(properties.count, 1))
        for (i, property) in properties.enumerated() { (base + i).initialize(to: PropertyStep(property)) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> PropertyStep {
        unsafeAddress {
            // Kept in release builds: it stands for the bounds check an
            // array would make, and guards raw memory (one compare per step).
            precondition(i >= 0 && i < count, "step index out of range")
            return UnsafePointer(base + i)
        }
    }
}
