/// A JSON value as a hash key, with JSON equality: numbers as exact decimals
/// (`1` = `1.0`), objects as unordered member sets (as `NSDictionary`
/// compares), arrays element by element.
///
/// This is what makes `set` and `@distinctUnionOfObjects` linear (docs/spec.md
/// §4, §6): each element is hashed once instead of compared with every kept one.
package struct JSONValueKey: Hashable, Sendable {
    package let value: JSONValue

    package init(_ value: JSONValue) { self.value = value }

    package static func == (lhs: JSONValueKey, rhs: JSONValueKey) -> Bool {
        jsonEqual(lhs.value, rhs.value)
    }

    package func hash(into hasher: inout Hasher) {
        Self.hash(value, into: &hasher)
    }

    /// JSON equality: numbers exactly, objects as unordered key sets.
    package static func jsonEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.compact(let x), _): return jsonEqual(x.expanded, b)
        case (_, .compact(let y)): return jsonEqual(a, y.expanded)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for member in x.members {
                guard let other = y[member.key], jsonEqual(member.value, other) else { return false }
            }
            return true
        default:
            return a == b
        }
    }

    private static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .compact(let c): hash(c.expanded, into: &hasher)
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b): hasher.combine(1 as UInt8); hasher.combine(b)
        case .number(let n): hasher.combine(2 as UInt8); hasher.combine(n)
        case .string(let s): hasher.combine(3 as UInt8); JSONValue.hashText(s, into: &hasher)
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements.count)
            for e in elements { hash(e, into: &hasher) }
        case .object(let object):
            // Order-independent: a wrapping sum of per-member hashes.
            hasher.combine(5 as UInt8)
            hasher.combine(object.count)
            var sum = 0
            for member in object.members {
                var h = Hasher()
                JSONValue.hashText(member.key, into: &h)
                hash(member.value, into: &h)
                sum = sum &+ h.finalize()
            }
            hasher.combine(sum)
        }
    }
}

extension JSONValue {
    /// The elements without repeats, first occurrence kept, in O(n) hashing.
    package static func distinct(_ elements: [JSONValue]) -> [JSONValue] {
        var seen = Set<JSONValueKey>()
        seen.reserveCapacity(elements.count)
        var out: [JSONValue] = []
        out.reserveCapacity(elements.count)
        for element in elements where seen.insert(JSONValueKey(element)).inserted {
            out.append(element)
        }
        return out
    }

    /// `distinct` of an array kept as text (`CompactJSON`), reading one
    /// element at a time: a first pass hashes each; when no two hashes are
    /// alike, no two elements are equal and the array is its own answer, kept
    /// as text (a large array is not made a tree, docs/spec.md §6). Else a
    /// second pass keeps every element whose hash is its own and compares
    /// the others exactly: the tree holds only the elements kept; of a held
    /// array, the text of the elements kept, held the same way (a 12 MB
    /// array of many repeats is not made a tree of those it keeps).
    package static func distinctElements(of array: CompactJSON) -> JSONValue {
        var hashes = Set<Int>(), repeated = Set<Int>()
        array.forEachElement { element in
            let hash = JSONValueKey(element).hashValue
            if !hashes.insert(hash).inserted { repeated.insert(hash) }
        }
        if repeated.isEmpty { return .compact(array) }
        hashes = []
        var seen = Set<JSONValueKey>()
        guard array.elements != nil else {
            var out: [JSONValue] = []
            array.forEachElement { element in
                let key = JSONValueKey(element)
                if !repeated.contains(key.hashValue) || seen.insert(key).inserted { out.append(element) }
            }
            return .array(out)
        }
        var kept: [Int] = []
        for i in 0..<array.heldCount {
            let key = JSONValueKey(array.element(at: i))
            if !repeated.contains(key.hashValue) || seen.insert(key).inserted { kept.append(i) }
        }
        return .compact(array.heldSubset(kept))
    }
}
