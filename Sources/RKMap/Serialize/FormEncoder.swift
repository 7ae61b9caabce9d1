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
///
/// An array held as its elements' text (a large record's array and the
/// bodies made from it, `Serializer.recordPlan`) is written an element at a
/// time; into an `EncodedOutput` one of `SpilledBytes.size` or more is
/// deferred (`FormPairs`), for whoever writes the output to write from the
/// array's own text: its form text (longer than its JSON: every pair
/// repeats its field) is then never held.
package enum FormEncoder {
    /// Appends the encoding of `object`'s members (no trailing newline).
    package static func encode(_ object: JSONObject, into out: inout [UInt8]) {
        var pairs = Pairs(out: out)
        out = []
        pairs.members(of: object, prefix: nil)
        out = pairs.out
    }

    package static func encode(_ object: JSONObject) -> String {
        var out: [UInt8] = []
        encode(object, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the encoding of `object`'s members, deferring large held
    /// arrays when `out` takes deferred values.
    static func encode(_ object: JSONObject, into out: inout EncodedOutput) {
        var pairs = Pairs(out: out.bytes)
        out.bytes = []
        pairs.defers = out.defers
        pairs.members(of: object, prefix: nil)
        out.bytes = pairs.out
        out.deferred.append(contentsOf: pairs.deferred)
    }

    /// Appends the pairs of `value` named `field` (`lines[]` for an element
    /// of `lines`); `first` is whether no pair precedes them.
    static func pairs(field: [UInt8], value: JSONValue, into out: inout [UInt8], first: inout Bool) {
        var pairs = Pairs(out: out)
        out = []
        pairs.first = first
        pairs.pairs(field: field, value: value)
        out = pairs.out
        first = pairs.first
    }

    /// Whether `value` contributes a pair (empty objects and arrays do not).
    static func writesPairs(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool, .number, .string: return true
        case .array(let elements): return elements.contains(where: writesPairs)
        case .object(let object): return object.members.contains { writesPairs($0.value) }
        case .compact(let held) where held.elements != nil:
            return (0..<held.heldCount).contains { writesPairs(held.element(at: $0)) }
        case .compact(let text): return writesPairs(text.expanded)
        }
    }

    private struct Pairs {
        var out: [UInt8]
        var first = true
        var defers = false
        var deferred: [DeferredValue] = []

        mutating func members(of object: JSONObject, prefix: [UInt8]?) {
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
                pairs(field: field, value: value)
            }
        }

        mutating func pairs(field: [UInt8], value: JSONValue) {
            switch value {
            case .compact(let held) where held.elements != nil:
                let elementField = field + [UInt8(ascii: "["), UInt8(ascii: "]")]
                if defers, held.count >= SpilledBytes.size {
                    guard FormEncoder.writesPairs(value) else { return }
                    deferred.append(DeferredValue(at: out.count, value: held, indent: 0, writer: FormPairs(field: elementField, separated: !first)))
                    first = false
                    return
                }
                for i in 0..<held.heldCount { pairs(field: elementField, value: held.element(at: i)) }
            case .compact(let c):
                pairs(field: field, value: c.expanded)
            case .object(let o):
                members(of: o, prefix: field)
            case .array(let elements):
                let elementField = field + [UInt8(ascii: "["), UInt8(ascii: "]")]
                for e in elements { pairs(field: elementField, value: e) }
            case .null:
                separator()
                escape(field, key: true, into: &out)
            case .bool(let b):
                pair(field, Array((b ? "true" : "false").utf8))
            case .number(let n):
                pair(field, Array(n.text.utf8))
            case .string(let s):
                pair(field, Array(s.utf8))
            }
        }

        private mutating func pair(_ field: [UInt8], _ value: [UInt8]) {
            separator()
            escape(field, key: true, into: &out)
            out.append(UInt8(ascii: "="))
            escape(value, key: false, into: &out)
        }

        private mutating func separator() {
            if !first { out.append(UInt8(ascii: "&")) }
            first = false
        }
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

/// The pairs of a held array's elements, written from its text when the
/// output is written (`EncodedOutput.write`), a piece of about
/// `SpilledBytes.size` at a time.
struct FormPairs: DeferredWriting {
    /// The elements' field (`lines[]`).
    let field: [UInt8]
    /// Whether a pair precedes the first (which then starts with `&`).
    let separated: Bool

    func write(_ value: CompactJSON, pieces piece: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(SpilledBytes.size + 4096)
        var first = !separated
        for i in 0..<value.heldCount {
            FormEncoder.pairs(field: field, value: value.element(at: i), into: &buffer, first: &first)
            if buffer.count >= SpilledBytes.size {
                try buffer.withUnsafeBytes(piece)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty { try buffer.withUnsafeBytes(piece) }
    }
}
