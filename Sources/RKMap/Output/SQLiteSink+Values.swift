extension SQLiteSink {
    /// The SQLite value of a JSON value stored in a column of `type`.
    ///
    /// Numbers go to TEXT columns (`decimal`, `any`, …) as their literal text so no
    /// digit is lost; elsewhere integer literals that fit are INTEGER and other
    /// numbers REAL. Booleans are 0/1; objects and arrays are compact JSON text.
    static func sqliteValue(_ value: JSONValue, as type: SQLColumnType) -> SQLiteValue {
        switch value {
        case .null: return .null
        case .bool(let b): return .integer(b ? 1 : 0)
        case .string(let s): return .text(s)
        case .number(let n):
            if type == .text { return .text(n.text) }
            if type != .real, let i = n.isIntegerLiteral ? Int64(n.text) : (type == .integer ? n.int64Value : nil) {
                return .integer(i)
            }
            return .real(n.doubleValue)
        case .array, .object: return .text(JSONWriter.serialize(value, pretty: false))
        }
    }

    /// How a to-one relationship column holds a child's key: the key value
    /// itself, or for a composite key the JSON array of its values.
    static func columnValue(ofKey key: [SQLiteValue]) -> SQLiteValue {
        if key.count == 1 { return key[0] }
        var text = "["
        for (i, part) in key.enumerated() {
            if i > 0 { text += "," }
            switch part {
            case .null: text += "null"
            case .integer(let v): text += String(v)
            case .real(let v): text += v.isFinite ? JSONNumber(v).text : "null"
            case .text(let s): text += JSONWriter.serialize(.string(s), pretty: false)
            case .blob(let b): text += JSONWriter.serialize(.string(String(decoding: b, as: UTF8.self)), pretty: false)
            }
        }
        return .text(text + "]")
    }

    /// `a > b` as `modificationAttribute` means it: numbers numerically, text
    /// lexicographically by UTF-8 bytes (ISO 8601 dates sort that way, once the
    /// whole-second form `…:00Z` is read as `…:00.000Z`: rkmap writes
    /// milliseconds only when they are not zero, docs/spec.md §6). A stored
    /// NULL, or values of different kinds, cannot be compared: the update proceeds.
    static func isNewer(_ a: SQLiteValue, than b: SQLiteValue) -> Bool {
        switch (a, b) {
        case (_, .null): return true
        case (.integer(let x), .integer(let y)): return x > y
        case (.integer(let x), .real(let y)): return Double(x) > y
        case (.real(let x), .integer(let y)): return x > Double(y)
        case (.real(let x), .real(let y)): return x > y
        case (.text(let x), .text(let y)):
            return normalizedDate(y).utf8.lexicographicallyPrecedes(normalizedDate(x).utf8)
        default: return true
        }
    }

    /// `2011-07-04T00:00:00Z` → `2011-07-04T00:00:00.000Z`; other text unchanged.
    static func normalizedDate(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.count == 20, bytes.last == UInt8(ascii: "Z"),
            bytes[bytes.index(bytes.startIndex, offsetBy: 10)] == UInt8(ascii: "T")
        else { return text }
        return String(text.dropLast()) + ".000Z"
    }
}
