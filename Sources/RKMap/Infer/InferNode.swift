/// A value of the samples `infer` builds its spec from, where it is: a
/// tree, or a place in a kept document's shape key, read only as far as it
/// is asked (its kind, its members' keys, one member's value), so that a
/// large document is never built whole (docs/spec.md §15).
///
/// A 3 MB document of objects each with a key of its own was built as one
/// tree while its content's fields were made, 7 times its size; one object
/// of many members as its tree beside a field per member. Walked as nodes,
/// only the content's objects are built, one at a time, and one object's
/// members one at a time.
///
/// ```swift
/// let documents = set.takeDocuments()
/// let items = documents.node(0).member("items")   // nothing built
/// items?.forEachElement { element in _ = element.value() }  // one element at a time
/// ```
enum InferNode {
    case tree(JSONValue)
    /// The value at `offset` of key `key` of `keys`.
    case key(InferKeys, key: Int, offset: Int)

    enum Kind: Equatable { case null, scalar, array, object }

    var kind: Kind {
        switch self {
        case .tree(let value):
            switch value {
            case .null: return .null
            case .array: return .array
            case .object: return .object
            default: return .scalar
            }
        case .key(let keys, let key, let offset):
            return keys.withReader(key, at: offset) { reader in
                switch reader.tag {
                case InferSampleSet.Tag.null: return .null
                case InferSampleSet.Tag.array: return .array
                case InferSampleSet.Tag.object, InferSampleSet.Tag.largeObject: return .object
                default: return .scalar
                }
            }
        }
    }

    /// The value, built.
    func value() -> JSONValue {
        switch self {
        case .tree(let value): return value
        case .key(let keys, let key, let offset): return keys.withReader(key, at: offset) { $0.value() }
        }
    }

    /// The object's members in order, each value a node (nothing built);
    /// `body` returns false to stop. Nothing for a value that is no object.
    func forEachMember(_ body: (String, InferNode) -> Bool) {
        switch self {
        case .tree(let value):
            guard case .object(let object) = value else { return }
            for member in object.members where !body(member.key, .tree(member.value)) { return }
        case .key(let keys, let key, let offset):
            keys.withReader(key, at: offset) { reader in
                reader.forEachMemberOffset { name, valueOffset in
                    body(name, .key(keys, key: key, offset: valueOffset))
                }
            }
        }
    }

    /// The object's members in order, each value built as a whole read
    /// builds it (a value repeated in the object is the earlier one
    /// itself, sharing its storage, `InferSampleSet.SharedValues`), but
    /// for members `skipping` names (not built); `body` returns false to stop.
    func forEachMemberValue(skipping: (String) -> Bool = { _ in false }, _ body: (String, JSONValue) -> Bool) {
        switch self {
        case .tree(let value):
            guard case .object(let object) = value else { return }
            for member in object.members where !skipping(member.key) {
                guard body(member.key, member.value) else { return }
            }
        case .key(let keys, let key, let offset):
            keys.withReader(key, at: offset) { $0.forEachMemberValue(skipping: skipping, body) }
        }
    }

    /// The array's elements in order, each a node. Nothing for a value that is no array.
    func forEachElement(_ body: (InferNode) -> Void) {
        switch self {
        case .tree(let value):
            guard case .array(let elements) = value else { return }
            for element in elements { body(.tree(element)) }
        case .key(let keys, let key, let offset):
            keys.withReader(key, at: offset) { reader in
                reader.forEachElementOffset { body(.key(keys, key: key, offset: $0)) }
            }
        }
    }

    /// The member named `name` (the same code units, as `JSONObject`'s
    /// lookup finds it); nil when there is none or this is no object.
    func member(_ name: String) -> InferNode? {
        switch self {
        case .tree(let value):
            guard case .object(let object) = value else { return nil }
            return object[name].map(InferNode.tree)
        case .key:
            var found: InferNode?
            forEachMember { key, value in
                guard JSONValue.sameText(key, name) else { return true }
                found = value
                return false
            }
            return found
        }
    }

    /// How many members the object has (0 for a value that is no object).
    var memberCount: Int {
        switch self {
        case .tree(let value):
            guard case .object(let object) = value else { return 0 }
            return object.count
        case .key(let keys, let key, let offset):
            return keys.withReader(key, at: offset) { $0.memberCount() }
        }
    }

    /// The value at `path` of member keys, through objects only (as the
    /// content and the envelope's holders are found).
    func node(at path: [String]) -> InferNode? {
        var current = self
        for key in path {
            guard let next = current.member(key) else { return nil }
            current = next
        }
        return current
    }

    /// The held tree of an object node that is one (its storage is then
    /// the same each time it is asked for).
    var heldObject: JSONObject? {
        guard case .tree(.object(let object)) = self else { return nil }
        return object
    }
}

/// The shape keys of kept documents, read in place (`InferNode`,
/// `InferDocuments`, `InferObjects`).
final class InferKeys {
    let store: InferSampleSet.ShapeKeyStore
    /// The representatives' values, number 1 first.
    let numbered: [JSONValue]
    init(store: InferSampleSet.ShapeKeyStore, numbered: [JSONValue]) {
        self.store = store
        self.numbered = numbered
    }

    /// Key `key` read from `offset`.
    func withReader<R>(_ key: Int, at offset: Int, _ body: (inout InferSampleSet.ShapeKeyReader) -> R) -> R {
        store.withKey(key) { bytes in
            var reader = InferSampleSet.ShapeKeyReader(bytes: bytes, numbered: numbered, elements: nil)
            reader.position = offset
            return body(&reader)
        }
    }
}

extension InferSampleSet.ShapeKeyReader {
    typealias Tag = InferSampleSet.Tag

    /// The tag of the value at `position`.
    var tag: UInt8 { bytes[position] }

    /// Moves past the value at `position` (a key with no `Tag.element`).
    /// A key records no length: walking nested objects level by level
    /// skips each level's subtree again, which is why a deeply nested
    /// document is built as a tree when taken (`nests(atLeast:)`).
    mutating func skip() {
        // No value nests that deep: the whole value is walked.
        _ = nests(atLeast: .max)
    }

    /// Whether the value at `position` holds `depth` or more arrays and
    /// objects one inside the other (itself counted); reads no further
    /// than it must to tell (`position` is then anywhere in the value),
    /// and past the value when it does not.
    mutating func nests(atLeast depth: Int) -> Bool {
        let tag = bytes[position]
        switch tag {
        case Tag.array, Tag.object, Tag.largeObject:
            if depth <= 1 { return true }
        default:
            if depth <= 0 { return true }
        }
        position += 1
        switch tag {
        case Tag.scalar, Tag.element: _ = bytes.readLEB128(at: &position)
        case Tag.string: position += bytes.readLEB128(at: &position)
        case Tag.array:
            while bytes[position] != Tag.end {
                if nests(atLeast: depth - 1) { return true }
            }
            position += 1
        case Tag.object, Tag.largeObject:
            if tag == Tag.largeObject { _ = bytes.readLEB128(at: &position) }
            while bytes[position] != Tag.end {
                position += bytes.readLEB128(at: &position) - Int(Tag.memberKey)
                if bytes[position] == Tag.repeated {
                    position += 1
                    _ = bytes.readLEB128(at: &position)
                } else if nests(atLeast: depth - 1) {
                    return true
                }
            }
            position += 1
        default:
            break
        }
        return false
    }

    /// Each member of the object at `position`: its key and where its
    /// value starts (a repeated value's, the earlier one's, as `value()`
    /// reads it); `body` returns false to stop.
    mutating func forEachMemberOffset(_ body: (String, Int) -> Bool) {
        let tag = bytes[position]
        guard tag == Tag.object || tag == Tag.largeObject else { return }
        position += 1
        if tag == Tag.largeObject { _ = bytes.readLEB128(at: &position) }
        // The object's distinct arrays and objects, as `value()` numbers them.
        var distinct: [Int] = []
        while bytes[position] != Tag.end {
            let length = bytes.readLEB128(at: &position) - Int(Tag.memberKey)
            let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
            position += length
            let valueOffset: Int
            if bytes[position] == Tag.repeated {
                position += 1
                valueOffset = distinct[bytes.readLEB128(at: &position)]
            } else {
                valueOffset = position
                switch bytes[position] {
                case Tag.array, Tag.object, Tag.largeObject, Tag.element:
                    if distinct.count < InferSampleSet.SharedValues.capacity { distinct.append(position) }
                default: break
                }
                skip()
            }
            guard body(key, valueOffset) else { return }
        }
    }

    /// Each member of the object at `position`, its value built as
    /// `value()` builds it, but for members `skipping` names (not built,
    /// not handed to `body`); `body` returns false to stop.
    mutating func forEachMemberValue(skipping: (String) -> Bool = { _ in false }, _ body: (String, JSONValue) -> Bool) {
        let tag = bytes[position]
        guard tag == Tag.object || tag == Tag.largeObject else { return }
        position += 1
        if tag == Tag.largeObject { _ = bytes.readLEB128(at: &position) }
        // The object's distinct arrays and objects, as `value()` numbers
        // them: built, or where a skipped one starts.
        var distinct: [(offset: Int, value: JSONValue?)] = []
        while bytes[position] != Tag.end {
            let length = bytes.readLEB128(at: &position) - Int(Tag.memberKey)
            let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
            position += length
            let skipped = skipping(key)
            let member: JSONValue
            if bytes[position] == Tag.repeated {
                position += 1
                let n = bytes.readLEB128(at: &position)
                guard !skipped else { continue }
                if let built = distinct[n].value {
                    member = built
                } else {
                    let resume = position
                    position = distinct[n].offset
                    member = value()
                    position = resume
                    distinct[n].value = member
                }
            } else {
                let start = position
                switch bytes[position] {
                case Tag.array, Tag.object, Tag.largeObject, Tag.element:
                    if skipped {
                        skip()
                        if distinct.count < InferSampleSet.SharedValues.capacity { distinct.append((start, nil)) }
                        continue
                    }
                    member = value()
                    if distinct.count < InferSampleSet.SharedValues.capacity { distinct.append((start, member)) }
                default:
                    guard !skipped else {
                        skip()
                        continue
                    }
                    member = value()
                }
            }
            guard body(key, member) else { return }
        }
    }

    /// Where each element of the array at `position` starts.
    mutating func forEachElementOffset(_ body: (Int) -> Void) {
        guard bytes[position] == Tag.array else { return }
        position += 1
        while bytes[position] != Tag.end {
            let start = position
            skip()
            body(start)
        }
    }

    /// How many members the object at `position` has: its count, for a
    /// `Tag.largeObject`; else counted.
    mutating func memberCount() -> Int {
        let tag = bytes[position]
        if tag == Tag.largeObject {
            position += 1
            return bytes.readLEB128(at: &position)
        }
        var count = 0
        forEachMemberOffset { _, _ in
            count += 1
            return true
        }
        return count
    }
}
