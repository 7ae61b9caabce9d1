/// The fields of a record (`Record.fields`): one per slot of its mapper, in
/// slot order, `nil` for an absent field.
///
/// A mapper of up to `denseLimit` slots keeps one entry per slot. A wider
/// one keeps only its present fields, with their slots: a record of three
/// fields under a mapper of 4,000 attributes would otherwise hold 4,000
/// entries (about 100 KB), and a document of 20,000 such records mapped
/// whole held 1.9 GB for 769 KB of input. Reading is the same either way; a
/// slot is found among the present ones by binary search, and setting slots
/// in increasing order (as mapping does) appends.
public struct FieldSlots: Sendable, RandomAccessCollection, MutableCollection {
    public typealias Element = FieldValue?
    public typealias Index = Int

    /// Mappers of more slots than this keep only their present fields.
    public static let denseLimit = 48

    fileprivate enum Storage: Sendable {
        case dense([FieldValue?])
        /// The present fields' slots, increasing, and their values.
        case sparse(slots: [Int32], values: [FieldValue])
    }

    private var storage: Storage
    public let endIndex: Int

    /// `count` absent fields.
    public init(count: Int) {
        endIndex = count
        if count > Self.denseLimit {
            storage = .sparse(slots: [], values: [])
            return
        }
        // Not `Array(repeating:count:)`: it allocates through generic code
        // that looks the buffer's type metadata up at run time (~500
        // instructions a record, 3% of mapping the benchmark), where
        // `reserveCapacity` is specialized for the element type.
        var fields: [FieldValue?] = []
        fields.reserveCapacity(count)
        for _ in 0..<count { fields.append(nil) }
        storage = .dense(fields)
    }

    public var startIndex: Int { 0 }

    /// How many entries are held: every slot of dense fields, the present
    /// ones of sparse fields. O(1): a capacity hint for a pass over them.
    public var storedCount: Int {
        switch storage {
        case .dense(let fields): return fields.count
        case .sparse(_, let values): return values.count
        }
    }

    /// How many fields are present.
    public var presentCount: Int {
        switch storage {
        case .dense(let fields): return fields.reduce(0) { $1 == nil ? $0 : $0 + 1 }
        case .sparse(_, let values): return values.count
        }
    }

    public subscript(i: Int) -> FieldValue? {
        get {
            switch storage {
            case .dense(let fields):
                return fields[i]
            case .sparse(let slots, let values):
                precondition(i >= 0 && i < endIndex, "slot \(i) out of range")
                let (at, found) = Self.place(of: i, in: slots)
                return found ? values[at] : nil
            }
        }
        set {
            switch storage {
            case .dense(var fields):
                // Released first, so that the array is changed in place.
                storage = .sparse(slots: [], values: [])
                fields[i] = newValue
                storage = .dense(fields)
            case .sparse(var slots, var values):
                precondition(i >= 0 && i < endIndex, "slot \(i) out of range")
                storage = .sparse(slots: [], values: [])
                let (at, found) = Self.place(of: i, in: slots)
                switch (found, newValue) {
                case (true, let value?):
                    values[at] = value
                case (true, nil):
                    slots.remove(at: at)
                    values.remove(at: at)
                case (false, let value?):
                    slots.insert(Int32(i), at: at)
                    values.insert(value, at: at)
                case (false, nil):
                    break
                }
                storage = .sparse(slots: slots, values: values)
            }
        }
    }

    /// Changes the present field at slot `i` in place (absent: nothing is
    /// called): `body` holds the only reference to it, so a record inside is
    /// not copied, and a sparse field keeps its place.
    public mutating func update(_ i: Int, _ body: (inout FieldValue) -> Void) {
        switch storage {
        case .dense(var fields):
            storage = .sparse(slots: [], values: [])
            if var field = fields[i] {
                fields[i] = nil
                body(&field)
                fields[i] = field
            }
            storage = .dense(fields)
        case .sparse(let slots, var values):
            storage = .sparse(slots: [], values: [])
            let (at, found) = Self.place(of: i, in: slots)
            if found {
                var field = values[at]
                values[at] = .value(.null)
                body(&field)
                values[at] = field
            }
            storage = .sparse(slots: slots, values: values)
        }
    }

    /// Where slot `i` is among the present slots, or would be inserted.
    /// - Complexity: O(1) for a slot after the last present one, else O(log n).
    private static func place(of i: Int, in slots: [Int32]) -> (Int, found: Bool) {
        let target = Int32(truncatingIfNeeded: i)
        guard let last = slots.last, last >= target else { return (slots.count, false) }
        var low = 0, high = slots.count
        while low < high {
            let mid = (low + high) / 2
            if slots[mid] < target { low = mid + 1 } else { high = mid }
        }
        return (low, slots[low] == target)
    }

    /// Calls `body` with each present field and its slot, in slot order,
    /// read in place (iterating would copy and retain every entry, absent
    /// ones included).
    @inline(__always)
    public func forEachPresent(_ body: (Int, FieldValue) throws -> Void) rethrows {
        switch storage {
        case .dense(let fields):
            try fields.withUnsafeBufferPointer { fields in
                for i in fields.indices {
                    if let field = fields[i] { try body(i, field) }
                }
            }
        case .sparse(let slots, let values):
            try values.withUnsafeBufferPointer { values in
                for k in values.indices { try body(Int(slots[k]), values[k]) }
            }
        }
    }

    /// The present fields with their slots, in slot order (for a loop that
    /// `forEachPresent`'s closure does not suit).
    public var present: Present { Present(fields: self) }

    /// `FieldSlots.present`.
    public struct Present: Sequence {
        fileprivate let fields: FieldSlots

        public func makeIterator() -> PresentIterator { PresentIterator(storage: fields.storage) }
    }

    /// `FieldSlots.present`'s iterator: absent slots of sparse fields are not visited.
    public struct PresentIterator: IteratorProtocol {
        private let slots: [Int32]
        private let values: [FieldValue?]
        private let sparse: [FieldValue]
        private var k = 0

        fileprivate init(storage: Storage) {
            switch storage {
            case .dense(let values): (self.slots, self.values, self.sparse) = ([], values, [])
            case .sparse(let slots, let values): (self.slots, self.values, self.sparse) = (slots, [], values)
            }
        }

        public mutating func next() -> (slot: Int, field: FieldValue)? {
            if slots.isEmpty {
                while k < values.count {
                    defer { k += 1 }
                    if let field = values[k] { return (k, field) }
                }
                return nil
            }
            guard k < slots.count else { return nil }
            defer { k += 1 }
            return (Int(slots[k]), sparse[k])
        }
    }

    public func makeIterator() -> Iterator { Iterator(fields: self) }

    /// Every slot in order; for sparse fields, each absent one without a search.
    public struct Iterator: IteratorProtocol {
        private let fields: FieldSlots
        private var slot = 0
        private var present = 0

        fileprivate init(fields: FieldSlots) { self.fields = fields }

        public mutating func next() -> FieldValue?? {
            guard slot < fields.endIndex else { return nil }
            defer { slot += 1 }
            switch fields.storage {
            case .dense(let values):
                return .some(values[slot])
            case .sparse(let slots, let values):
                guard present < slots.count, Int(slots[present]) == slot else { return .some(nil) }
                present += 1
                return .some(values[present - 1])
            }
        }
    }
}
