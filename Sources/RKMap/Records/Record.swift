/// A mapped record (docs/spec.md §5.1): a type (its mapper) plus fields in slot order.
/// `nil` in `fields` is an *absent* field, distinct from a `null` value.
public struct Record: Sendable {
    public let mapper: ObjectMapper
    /// One entry per `mapper.slots`, in field order (for a wide mapper,
    /// only the present ones are held: `FieldSlots`).
    public var fields: FieldSlots
    /// What is known of the record beyond its fields (`RecordNote`), for
    /// the few records that need it: one reference, nil for the others.
    public var note: RecordNote?

    /// Why an output that stores records under their identification cannot
    /// store this one, and where it was mapped (`MappingOptions.keysRecordsByIdentity`):
    /// the output refuses the document when it comes to write the record,
    /// so a record that is never written (rejected with its parent, left
    /// out by `--type`, replaced by a later field) fails nothing.
    public var unstorable: UnstorableRecord? {
        get { note?.unstorable }
        set { note = RecordNote(unstorable: newValue, path: note?.path) }
    }

    /// Where a record with connections was mapped (a JSON path): its
    /// connections are looked up after the document, and a value none finds
    /// is reported here, not at the document (`$`).
    public var path: String? {
        get { note?.path }
        set { note = RecordNote(unstorable: note?.unstorable, path: newValue) }
    }

    public init(mapper: ObjectMapper) {
        self.mapper = mapper
        fields = FieldSlots(count: mapper.slots.count)
    }

    public var typeName: String { mapper.typeName }

    /// The value of a destination by name (tests and sinks use this).
    public subscript(name: String) -> FieldValue? {
        guard let i = mapper.slotIndex(named: name) else { return nil }
        return fields[i]
    }
}

/// What a `Record` carries beyond its fields (`Record.note`).
public final class RecordNote: Sendable {
    public let unstorable: UnstorableRecord?
    public let path: String?

    public init(unstorable: UnstorableRecord?, path: String?) {
        self.unstorable = unstorable
        self.path = path
    }
}

/// Why a record cannot be stored, with the place it was mapped at.
public final class UnstorableRecord: Sendable {
    public let message: String
    public let path: String
    public let mapperID: String
    public let attribute: String

    public init(message: String, path: String, mapperID: String, attribute: String) {
        self.message = message
        self.path = path
        self.mapperID = mapperID
        self.attribute = attribute
    }
}

/// The value of a record field.
///
/// Only `record` is boxed (a record holds field values, so one case must be):
/// an attribute value sits inline, which saves an allocation per field — the
/// records of a document held for tree output are most of its memory.
public enum FieldValue: Sendable {
    /// An attribute value (after type conversion), or `null` for a null relationship.
    case value(JSONValue)
    /// A to-one relationship.
    indirect case record(Record)
    /// A to-many relationship: records, or nested arrays of them (an array of
    /// arrays in the source keeps its shape).
    case many(FieldList)
}

/// The records of a to-many relationship (`FieldValue.many`), in order: an
/// array of them, or, for a large one mapped whole, the records held as
/// compact bytes (`HeldFieldValues`), each made again when it is read.
///
/// Reading is the same either way: a collection of field values, so that
/// outputs and checks need not know which. A held list is made only where
/// nothing changes its records after they are mapped (no connections).
public struct FieldList: Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    private enum Storage: Sendable {
        case values([FieldValue])
        case held(HeldBox)
    }

    /// Held values behind one reference: an existential inline would make
    /// `FieldList` three words and every `FieldValue` with it, which the
    /// records of a document mapped whole pay for in every field.
    private final class HeldBox: Sendable {
        let held: any HeldFieldValues
        init(_ held: any HeldFieldValues) { self.held = held }
    }

    private var storage: Storage

    public init(_ values: [FieldValue]) { storage = .values(values) }

    public init(arrayLiteral elements: FieldValue...) { storage = .values(elements) }

    /// Records held as bytes, read back one at a time.
    public init(held: any HeldFieldValues) { storage = .held(HeldBox(held)) }

    /// The records held as bytes, nil for an array of them.
    var heldValues: (any HeldFieldValues)? {
        if case .held(let box) = storage { return box.held }
        return nil
    }

    /// Whether the records are held as bytes rather than as records.
    public var isHeld: Bool {
        if case .held = storage { return true }
        return false
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .values(let values): return values.count
        case .held(let box): return box.held.count
        }
    }

    /// - Complexity: O(1) for an array; for held records, the making of
    ///   element `i` from its bytes, each time it is read.
    public subscript(i: Int) -> FieldValue {
        switch storage {
        case .values(let values): return values[i]
        case .held(let box): return box.held.element(at: i)
        }
    }

    /// Calls `body` with each value and its position, in order: an array's
    /// in place (iterating would copy and retain each one), held records
    /// made one at a time and gone after `body` returns.
    @inline(__always)
    public func forEachValue(_ body: (Int, FieldValue) -> Void) {
        switch storage {
        case .values(let values):
            values.withUnsafeBufferPointer { values in
                for i in values.indices { body(i, values[i]) }
            }
        case .held(let box):
            let held = box.held
            for i in 0..<held.count { body(i, held.element(at: i)) }
        }
    }

    /// The values as an array (held records are made, all of them).
    public var values: [FieldValue] {
        switch storage {
        case .values(let values): return values
        case .held: return Array(self)
        }
    }
}

/// The records of a large to-many relationship held as bytes (the engine's
/// `HeldFieldList`), made again one at a time when they are read.
public protocol HeldFieldValues: Sendable {
    var count: Int { get }
    func element(at i: Int) -> FieldValue
}
