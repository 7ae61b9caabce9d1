extension ValueConverter {
    static func toArray(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        if case .array = value { return .success(value) }
        return .success(.array([value]))
    }

    /// Drops repeated elements, keeping the first. Equality is JSON equality:
    /// numbers compare as exact decimals (`1` = `1.0`), objects ignore member order.
    ///
    /// - Complexity: O(n): every element is hashed once (`JSONValueKey`).
    static func toSet(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        guard case .array(let elements) = value else { return .success(.array([value])) }
        return .success(.array(JSONValue.distinct(elements)))
    }
}
