/// Compact JSON text for values stored inside a cell (CSV) or a TEXT column
/// (SQLite): no spaces, strings escaped as SPEC §10.1 says (only `"`, `\` and
/// control characters). A minimal private writer until a shared one exists.
enum CompactJSONText {
    static func string(_ value: JSONValue) -> String {
        var out = ""
        append(value, to: &out)
        return out
    }

    static func append(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.text
        case .string(let s): appendString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                append(item, to: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += "," }
                appendString(member.key, to: &out)
                out += ":"
                append(member.value, to: &out)
            }
            out += "}"
        }
    }

    static func appendString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A record as the JSON tree writes it (SPEC §10.1): `@type` first (unless
    /// `includeType` is false), then present fields in order; dotted destinations
    /// build nested objects; to-one relationships nest, to-many are arrays.
    static func json(of record: Record, includeType: Bool) -> JSONValue {
        var object = JSONObject()
        if includeType { object["@type"] = .string(record.typeName) }
        for (slot, field) in zip(record.mapper.slots, record.fields) {
            guard let field else { continue }
            set(json(of: field, includeType: includeType), at: slot.path[...], in: &object)
        }
        return .object(object)
    }

    static func json(of field: FieldValue, includeType: Bool) -> JSONValue {
        switch field {
        case .value(let v): return v
        case .record(let r): return json(of: r, includeType: includeType)
        case .many(let items): return .array(items.map { json(of: $0, includeType: includeType) })
        }
    }

    private static func set(_ value: JSONValue, at path: ArraySlice<String>, in object: inout JSONObject) {
        guard let head = path.first else { return }
        if path.count == 1 { object[head] = value; return }
        var inner: JSONObject
        if case .object(let existing)? = object[head] { inner = existing } else { inner = JSONObject() }
        set(value, at: path.dropFirst(), in: &inner)
        object[head] = .object(inner)
    }
}
