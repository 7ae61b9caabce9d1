extension SQLiteSink {
    /// The SQLite value of a JSON value stored in a column of `type`.
    ///
    /// Numbers are stored without loss (docs/spec.md §10.4): in a REAL column
    /// (declared `double`, rounded because the spec asked) as a double; in a
    /// TEXT column as their literal text; elsewhere an integer that fits 64 bits
    /// is INTEGER, a number whose double prints back as the same number is REAL,
    /// and any other (`12345678901234567890`, `1e400`, `1e-400`,
    /// `0.1000000000000000055511`) is TEXT holding its source digits. Booleans
    /// are 0/1; objects and arrays are compact JSON text.
    /// Whether a value is stored as another kind than its own: `true` as
    /// INTEGER 1, a number as TEXT, an array or object as its JSON text.
    static func storesAnotherKind(_ value: JSONValue, as stored: SQLiteValue) -> Bool {
        switch value {
        case .bool, .array, .object, .compact: return true
        case .number: if case .text = stored { return true } else { return false }
        case .string, .null: return false
        }
    }

    static func sqliteValue(_ value: JSONValue, as type: SQLColumnType) -> SQLiteValue {
        switch value {
        case .null: return .null
        case .bool(let b): return .integer(b ? 1 : 0)
        case .string(let s): return .text(s)
        case .number(let n):
            switch type {
            case .text: return .text(n.text)
            case .real: return .real(n.doubleValue)
            case .integer:
                if let i = n.isIntegerLiteral ? Int64(n.text) : n.int64Value { return .integer(i) }
                return losslessValue(n)
            case .none: return losslessValue(n)
            }
        case .array, .object: return .text(JSONWriter.serialize(value, pretty: false))
        case .compact(let c): return .text(c.text)
        }
    }

    /// INTEGER, REAL or TEXT, whichever holds the number exactly.
    ///
    /// - Complexity: O(1) for integers and for decimals of at most 15 digits
    ///   without an exponent (every such decimal survives a double); longer
    ///   numbers are compared digit by digit with the double's shortest text.
    static func losslessValue(_ n: JSONNumber) -> SQLiteValue {
        let text = n.text
        if n.isIntegerLiteral, let i = Int64(text) { return .integer(i) }
        let utf8 = text.utf8
        let hasExponent = utf8.contains { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        // At most 16 characters without an exponent: at most 15 significant
        // digits and no underflow, so the double is exact to its shortest text.
        if utf8.count <= 16, !hasExponent, let d = Double(text) { return .real(d) }
        guard let d = Double(text), d.isFinite,
              let source = DecimalText(utf8, lenient: false),
              let printed = DecimalText("\(d)".utf8, lenient: true),
              source.isNumericallyEqual(to: printed)
        else { return .text(text) }
        return .real(d)
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

    /// Whether `value` is newer than the `stored` row's, as
    /// `modificationAttribute` means it (docs/spec.md §7): numbers
    /// numerically and exactly, a string that spells a number as that number
    /// (`"10"` is newer than `9` and `"9"`), other text lexicographically by
    /// UTF-8 bytes (ISO 8601 dates sort that way, once the whole-second form
    /// `…:00Z` is read as `…:00.000Z`: rkmap writes milliseconds only when
    /// they are not zero, docs/spec.md §6). A stored NULL is older than
    /// anything. nil when the two cannot be compared (a number and a word,
    /// an object): the caller refuses the record rather than guess.
    static func isNewer(_ value: JSONValue, than stored: SQLiteValue) -> Bool? {
        if case .null = stored { return true }
        switch (Version(value), Version(stored)) {
        case (.number(let x)?, .number(let y)?):
            return JSONNumber.compare(x, y) > 0
        case (.text(let x)?, .text(let y)?):
            return normalizedDate(y).utf8.lexicographicallyPrecedes(normalizedDate(x).utf8)
        default:
            return nil
        }
    }

    /// A version as `modificationAttribute` compares it: a number (a JSON
    /// number, or a string that spells one in JSON's grammar, as `"10"`), or
    /// other text (an ISO 8601 date); nil for what is neither.
    enum Version {
        case number(JSONNumber)
        case text(String)

        init?(_ value: JSONValue) {
            switch value {
            case .number(let n): self = .number(n)
            case .string(let s): self = Self.spelled(s)
            case .bool(let b): self = .number(JSONNumber(b ? 1 : 0))
            case .null, .array, .object, .compact: return nil
            }
        }

        init?(_ value: SQLiteValue) {
            switch value {
            case .integer(let i): self = .number(JSONNumber(String(i)))
            case .real(let d) where d.isFinite: self = .number(JSONNumber(d))
            case .text(let s): self = Self.spelled(s)
            case .null, .real, .blob: return nil
            }
        }

        private static func spelled(_ s: String) -> Version {
            DecimalText(s.utf8, lenient: false) == nil ? .text(s) : .number(JSONNumber(s))
        }
    }

    /// A version in an error message: a number as written, text quoted.
    static func versionText(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return "\"\(s)\" (text)"
        case .number(let n): return "\(n.text) (a number)"
        default: return JSONWriter.serialize(value, pretty: false)
        }
    }

    static func versionText(_ value: SQLiteValue) -> String {
        switch value {
        case .integer(let i): return "\(i) (a number)"
        case .real(let d): return "\(d) (a number)"
        case .text(let s): return "\"\(s)\" (text)"
        case .blob: return "a blob"
        case .null: return "null"
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
