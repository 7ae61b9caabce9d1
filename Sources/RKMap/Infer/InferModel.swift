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

/// One member of the objects at a place.
struct InferField {
    enum Kind {
        /// The non-null values seen (scalars, arrays of scalars, or mixed kinds).
        case attribute(values: InferValues)
        case relationship(mapper: Int, many: Bool)
    }

    /// The member name as it appears in the data.
    var key: String
    var kind: Kind

    /// Whether no value was added to the attribute yet.
    var hasNoValue: Bool {
        if case .attribute(.none) = kind { return true }
        return false
    }

    /// Adds a value to an attribute's, in place (`fields(of:)` gathers each
    /// key's values in its field).
    mutating func appendValue(_ value: JSONValue) {
        guard case .attribute(var values) = kind else { return }
        kind = .attribute(values: .none)
        values.append(value)
        kind = .attribute(values: values)
    }
}
