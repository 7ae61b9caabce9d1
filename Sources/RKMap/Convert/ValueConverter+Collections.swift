extension ValueConverter {
    static func toArray(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        if case .array = value { return .success(value) }
        return .success(.array([value]))
    }

    /// Drops repeated elements, keeping the first. Equality is JSON equality:
    /// numbers compare numerically (`1` = `1.0`), objects ignore member order.
    ///
    /// - Complexity: strings and numbers are hashed, O(n); arrays and objects
    ///   are compared pairwise, O(n²) in their count.
    static func toSet(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        guard case .array(let elements) = value else { return .success(.array([value])) }
        var strings = Set<String>()
        var numbers = Set<JSONNumber>()
        var seenTrue = false, seenFalse = false, seenNull = false
        var containers: [JSONValue] = []
        var result: [JSONValue] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            let isNew: Bool
            switch element {
            case .string(let s): isNew = strings.insert(s).inserted
            case .number(let n): isNew = numbers.insert(n).inserted
            case .bool(true): isNew = !seenTrue; seenTrue = true
            case .bool(false): isNew = !seenFalse; seenFalse = true
            case .null: isNew = !seenNull; seenNull = true
            case .array, .object:
                isNew = !containers.contains(where: { jsonEqual($0, element) })
                if isNew { containers.append(element) }
            }
            if isNew { result.append(element) }
        }
        return .success(.array(result))
    }

    /// JSON equality: numbers numerically, objects as unordered key sets.
    static func jsonEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
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
}
