/// Writes a body as `application/x-www-form-urlencoded` with RestKit's
/// (AFNetworking's) rules, as docs/spec.md §13 fixes them: members sorted by
/// key in Unicode code point order at every level, `a[b]=v` for a nested
/// object, `a[]=v` for an array element, `a[][k]=v` for an object in an
/// array, the key alone for `null`, empty objects and arrays contribute no
/// pair (as in AFNetworking). Every byte but `A-Z a-z 0-9 - . _ ~` is
/// percent-encoded with upper-case hex; brackets in keys are left as they are.
///
/// ```swift
/// FormEncoder.encode(object)  // "key1=value1&tags[]=a&tags[]=b&user[name]=Blake%20Watters"
/// ```
package enum FormEncoder {
    /// Appends the encoding of `object`'s members (no trailing newline).
    package static func encode(_ object: JSONObject, into out: inout [UInt8]) {
        var first = true
        pairs(of: object, prefix: nil, into: &out, first: &first)
    }

    package static func encode(_ object: JSONObject) -> String {
        var out: [UInt8] = []
        encode(object, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func pairs(of object: JSONObject, prefix: [UInt8]?, into out: inout [UInt8], first: inout Bool) {
        // Code point order is UTF-8 byte order.
        let sorted = object.members.map { (Array($0.key.utf8), $0.value) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
        for (key, value) in sorted {
            var field: [UInt8]
            if let prefix {
                field = prefix
                field.append(UInt8(ascii: "["))
                field.append(contentsOf: key)
                field.append(UInt8(ascii: "]"))
            } else {
                field = key
            }
            pairs(field: field, value: value, into: &out, first: &first)
        }
    }

    private static func pairs(field: [UInt8], value: JSONValue, into out: inout [UInt8], first: inout Bool) {
        switch value {
        case .compact(let c):
            pairs(field: field, value: c.expanded, into: &out, first: &first)
        case .object(let o):
            pairs(of: o, prefix: field, into: &out, first: &first)
        case .array(let elements):
            let elementField = field + [UInt8(ascii: "["), UInt8(ascii: "]")]
            for e in elements { pairs(field: elementField, value: e, into: &out, first: &first) }
        case .null:
            separator(&out, &first)
            escape(field, key: true, into: &out)
        case .bool(let b):
            pair(field, Array((b ? "true" : "false").utf8), into: &out, first: &first)
        case .number(let n):
            pair(field, Array(n.text.utf8), into: &out, first: &first)
        case .string(let s):
            pair(field, Array(s.utf8), into: &out, first: &first)
        }
    }

    private static func pair(_ field: [UInt8], _ value: [UInt8], into out: inout [UInt8], first: inout Bool) {
        separator(&out, &first)
        escape(field, key: true, into: &out)
        out.append(UInt8(ascii: "="))
        escape(value, key: false, into: &out)
    }

    private static func separator(_ out: inout [UInt8], _ first: inout Bool) {
        if !first { out.append(UInt8(ascii: "&")) }
        first = false
    }

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Percent-encodes every byte outside the unreserved set (`[` `]` too, except in keys).
    package static func escape(_ bytes: [UInt8], key: Bool, into out: inout [UInt8]) {
        for b in bytes {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(b)
            case UInt8(ascii: "[") where key, UInt8(ascii: "]") where key:
                out.append(b)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0x0F)])
            }
        }
    }
}
