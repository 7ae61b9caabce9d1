extension ValueConverter {
    /// An array as it is, its compact text (`JSONValue.compact`) included;
    /// any other value as a one-element array.
    static func toArray(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        switch value {
        case .array: return .success(value)
        case .compact(let c) where c.kind == .array: return .success(value)
        default: return .success(.array([value]))
        }
    }

    /// Drops repeated elements, keeping the first. Equality is JSON equality:
    /// numbers compare as exact decimals (`1` = `1.0`), objects ignore member order.
    /// An array read as compact text is compared element by element too.
    ///
    /// - Complexity: O(n): every element is hashed once (`JSONValueKey`);
    ///   text is read one element at a time (`JSONValue.distinctElements`).
    static func toSet(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        switch value {
        case .array(let all): return .success(.array(JSONValue.distinct(all)))
        case .compact(let c) where c.kind == .array: return .success(JSONValue.distinctElements(of: c))
        default: return .success(.array([value]))
        }
    }
}
