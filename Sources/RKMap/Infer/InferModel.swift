/// The mappers an inference builds before they become spec JSON
/// (docs/spec.md §15). Attributes keep the values seen for them, not a type,
/// so that two places merged into one mapper infer their type from all their
/// values together.
struct InferMapper {
    enum Kind {
        /// An object mapper; `keyAttribute` set for a dictionary keyed by data.
        case object
        /// A dynamic mapper choosing by the string at `key`.
        case dynamic(key: String, choices: [(value: String, mapper: Int)])
        /// Scalars mapped from the nil key path into `value`.
        case scalar(values: [JSONValue])
        /// A dynamic mapper choosing by the value's JSON kind (`expectType`):
        /// objects to `object`, scalars of `scalarKinds` to `scalar` (content
        /// that mixes objects and scalars, `[{"id": 1}, "x", 2]`).
        case byKind(object: Int, scalar: Int, scalarKinds: [JSONKind])

        var isObject: Bool {
            if case .object = self { return true }
            return false
        }
    }

    var kind: Kind
    /// Where it was first met, for its name: the member key or discriminator value.
    var nameHint: String
    var fields: [InferField] = []
    /// Destination of the dynamic-nesting key, with `forceCollection`.
    var keyAttribute: String?
    /// Replaced by another mapper with the same shape (see `SpecInferrer.merge`).
    var mergedInto: Int?

    init(kind: Kind, nameHint: String) {
        self.kind = kind
        self.nameHint = nameHint
    }
}

/// The non-null values seen for an attribute. Most attributes of a large
/// sample object have one, kept without an array of its own (an allocation
/// per member of an object of a million members).
enum InferValues {
    case none
    case one(JSONValue)
    case many([JSONValue])

    init(_ values: [JSONValue]) {
        switch values.count {
        case 0: self = .none
        case 1: self = .one(values[0])
        default: self = .many(values)
        }
    }

    var all: [JSONValue] {
        switch self {
        case .none: return []
        case .one(let value): return [value]
        case .many(let values): return values
        }
    }

    /// Appends `value`, in place when the values are held only here. A
    /// scalar repeating the last value (the same text) is not appended
    /// again: what is asked of the values is whether all of them answer
    /// alike (`InferValueType.guess`), which a repeat cannot change, and
    /// the samples' scalars are their classes' representatives, so a
    /// place's 100,000 ids held 100,000 copies of one.
    mutating func append(_ value: JSONValue) {
        if let last, Self.repeats(last, value) { return }
        switch self {
        case .none:
            self = .one(value)
        case .one(let first):
            self = .many([first, value])
        case .many(var values):
            self = .none
            values.append(value)
            self = .many(values)
        }
    }

    /// The value appended last.
    private var last: JSONValue? {
        switch self {
        case .none: return nil
        case .one(let value): return value
        case .many(let values): return values.last
        }
    }

    /// Whether `b` is the scalar `a`, by text (code units: `1` and `1.0`,
    /// or two spellings of a string, answer apart).
    static func repeats(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.text.utf8.elementsEqual(y.text.utf8)
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        default: return false
        }
    }

    /// Appends `more`'s values, in place when the values are held only here.
    mutating func append(_ more: InferValues) {
        switch (self, more) {
        case (_, .none):
            return
        case (.none, _):
            self = more
        case (.many(var values), _):
            self = .none
            values.append(contentsOf: more.all)
            self = .many(values)
        case (.one(let value), _):
            self = .many([value] + more.all)
        }
    }
}

/// One member of the objects at a place: its key, and whether it is an
/// attribute (whose values the builder holds, `InferValuePool`) or a
/// relationship to which mapper.
///
/// 24 bytes: samples whose keys all differ make a field of each key (168,000
/// for 3 MB of one-member lines), and a field that held its values itself
/// (a `JSONValue` is 17 bytes) took 40.
struct InferField {
    /// The expanded view of a field's kind (`InferBuilder.kind(of:)`).
    enum Kind {
        /// The non-null values seen (scalars, arrays of scalars, or mixed kinds).
        case attribute(values: InferValues)
        case relationship(mapper: Int, many: Bool)
    }

    /// A field's kind without its values.
    enum Role {
        case attribute
        case relationship(mapper: Int, many: Bool)
    }

    /// The member name as it appears in the data.
    var key: String
    /// Packed: the top two bits say which (`Storage`), the rest where.
    private(set) var bits: UInt64 = 0

    /// Where an attribute's values are, or a relationship's mapper.
    enum Storage: Equatable {
        /// An attribute of no value yet.
        case none
        /// An attribute of one scalar, shared by every field with that
        /// scalar (by its text): the pool's `shared[i]`.
        case shared(Int)
        /// An attribute's values of its own: the pool's `owned[i]`.
        case owned(Int)
        case relationship(mapper: Int, many: Bool)
    }

    /// An attribute of no value yet.
    init(key: String) { self.key = key }

    var storage: Storage {
        get {
            let index = Int(bits & 0xFFFF_FFFF)
            switch bits >> 62 {
            case 0: return .none
            case 1: return .shared(index)
            case 2: return .owned(index)
            default: return .relationship(mapper: index, many: bits & 1 << 32 != 0)
            }
        }
        set {
            switch newValue {
            case .none: bits = 0
            case .shared(let i): bits = 1 << 62 | Self.index(i)
            case .owned(let i): bits = 2 << 62 | Self.index(i)
            case .relationship(let mapper, let many): bits = 3 << 62 | (many ? 1 << 32 : 0) | Self.index(mapper)
            }
        }
    }

    private static func index(_ i: Int) -> UInt64 {
        guard let index = UInt32(exactly: i) else { preconditionFailure("more than 2^32 inferred values or mappers") }
        return UInt64(index)
    }

    var role: Role {
        if case .relationship(let mapper, let many) = storage { return .relationship(mapper: mapper, many: many) }
        return .attribute
    }

    var isAttribute: Bool {
        if case .attribute = role { return true }
        return false
    }

    /// Whether no value was added to the attribute yet.
    var hasNoValue: Bool { storage == .none }
}

/// The values of the attributes `InferBuilder` makes, held apart from the
/// fields (`InferField`): a scalar that is a field's only value once for
/// every field that has it (a sample's scalars are their classes'
/// representatives: 168,000 one-member lines' fields share one `"v"`), and
/// the values of a field of more than one, or of an array or object, its own.
struct InferValuePool {
    private(set) var shared: [JSONValue] = []
    private var sharedIndex: [Scalar: Int] = [:]
    private(set) var owned: [InferValues] = []

    /// A scalar by its text, as `InferValues.repeats` compares them.
    private enum Scalar: Hashable {
        case null
        case bool(Bool)
        case number(ExactText)
        case string(ExactText)

        init?(_ value: JSONValue) {
            switch value {
            case .null: self = .null
            case .bool(let b): self = .bool(b)
            case .number(let n): self = .number(ExactText(n.text))
            case .string(let s): self = .string(ExactText(s))
            default: return nil
            }
        }
    }

    /// The values of attribute `field` (none for a relationship).
    func values(of field: InferField) -> InferValues {
        switch field.storage {
        case .none, .relationship: return .none
        case .shared(let i): return .one(shared[i])
        case .owned(let i): return owned[i]
        }
    }

    /// Adds `value` to attribute `field`'s values (`InferValues.append`: a
    /// scalar repeating the last value is not added again).
    mutating func append(_ value: JSONValue, to field: inout InferField) {
        switch field.storage {
        case .none:
            store(.one(value), in: &field)
        case .shared(let i):
            guard !InferValues.repeats(shared[i], value) else { return }
            store(.many([shared[i], value]), in: &field)
        case .owned(let i):
            owned[i].append(value)
        case .relationship:
            return
        }
    }

    /// Attribute `field`'s values, taken out (so that they can be added
    /// to in place); `store` puts them back.
    mutating func take(from field: inout InferField) -> InferValues {
        switch field.storage {
        case .none, .relationship:
            return .none
        case .shared(let i):
            return .one(shared[i])
        case .owned(let i):
            var values = InferValues.none
            swap(&values, &owned[i])
            return values
        }
    }

    /// Makes `field` an attribute of `values`: a one-scalar value shared,
    /// others in the field's own place (the one it had, when it had one).
    mutating func store(_ values: InferValues, in field: inout InferField) {
        switch values {
        case .none:
            if case .owned(let i) = field.storage { owned[i] = .none }
            field.storage = .none
        case .one(let value):
            if let scalar = Scalar(value) {
                if case .owned(let i) = field.storage { owned[i] = .none }
                if let i = sharedIndex[scalar] {
                    field.storage = .shared(i)
                } else {
                    sharedIndex[scalar] = shared.count
                    field.storage = .shared(shared.count)
                    shared.append(value)
                }
                return
            }
            own(values, in: &field)
        case .many:
            own(values, in: &field)
        }
    }

    private mutating func own(_ values: InferValues, in field: inout InferField) {
        if case .owned(let i) = field.storage {
            owned[i] = values
        } else {
            field.storage = .owned(owned.count)
            owned.append(values)
        }
    }

    /// Makes `field` a relationship (its own values, if any, let go).
    mutating func makeRelationship(_ field: inout InferField, mapper: Int, many: Bool) {
        if case .owned(let i) = field.storage { owned[i] = .none }
        field.storage = .relationship(mapper: mapper, many: many)
    }

    /// Makes `field` what `kind` says.
    mutating func set(_ kind: InferField.Kind, of field: inout InferField) {
        switch kind {
        case .attribute(let values): store(values, in: &field)
        case .relationship(let mapper, let many): makeRelationship(&field, mapper: mapper, many: many)
        }
    }
}
