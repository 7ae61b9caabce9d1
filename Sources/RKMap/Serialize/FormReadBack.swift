/// Whether a form-encoded body reads back as the body it encodes
/// (docs/spec.md §14): form encoding has no types (every scalar reads back as
/// a string, `null` as `null`) and writes nothing for an empty object or
/// array, and beyond that it cannot say where one object in an array ends
/// (`lines[][sku]=A&lines[][qty]=1&lines[][sku]=B` reads back as
/// `[{"sku": "A", "qty": "1"}, {"sku": "B"}]` for `[{"sku": "A"}, {"sku":
/// "B", "qty": 1}]`) nor hold an array in an array. `serialize --format
/// form` warns where a body does not read back, rather than write one that
/// a server would read as other records.
enum FormReadBack {
    /// The first path (`.lines[0]`) where `body` read back from `encoded`
    /// differs from what it should be, or `""` when the body cannot be read
    /// back at all; nil when it reads back as it should.
    static func difference(_ body: JSONObject, encoded: [UInt8]) -> String? {
        guard let read = try? FormDecoder.decode(encoded) else { return "" }
        guard let expected = expected(.object(body)) else { return read.isEmpty ? nil : "" }
        return difference(read: .object(read), expected: expected, path: "")
    }

    /// The empty arrays and objects in a body (in member order), named as
    /// the form names keys (`tags`, `meta[labels]`, `lines[][tags]`), and
    /// which each is: form encoding writes nothing for them, so a server
    /// reads those members as absent (RestKit's encoding does the same).
    static func empties(_ value: JSONValue, name: String = "", into found: inout [(name: String, kind: JSONKind)]) {
        switch value {
        case .array(let elements):
            if elements.isEmpty { found.append((name, .array)) }
            for element in elements { empties(element, name: name + "[]", into: &found) }
        case .object(let object):
            if object.isEmpty, !name.isEmpty { found.append((name, .object)) }
            for member in object.members {
                empties(member.value, name: name.isEmpty ? member.key : name + "[\(member.key)]", into: &found)
            }
        default:
            break
        }
    }

    /// Keys a form cannot name (in member order), as the form writes them:
    /// one with brackets (`labels[x[y]]`, read back as deeper nesting) or an
    /// empty one (`labels[]`, read back as an array's element). RestKit's
    /// encoding leaves brackets in keys as they are, as this one does.
    static func ambiguousKeys(_ value: JSONValue, name: String = "", into found: inout [(name: String, reason: String)]) {
        switch value {
        case .array(let elements):
            for element in elements { ambiguousKeys(element, name: name + "[]", into: &found) }
        case .object(let object):
            for member in object.members {
                let inner = name.isEmpty ? member.key : name + "[\(member.key)]"
                if member.key.isEmpty {
                    found.append((inner, "an empty key"))
                } else if member.key.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) {
                    found.append((inner, "a key with brackets"))
                }
                ambiguousKeys(member.value, name: inner, into: &found)
            }
        default:
            break
        }
    }

    /// What a value reads back as: scalars as strings, empty containers gone
    /// (nil when nothing of it is written).
    private static func expected(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .compact(let c): return expected(c.expanded)
        case .null: return .null
        case .bool(let b): return .string(b ? "true" : "false")
        case .number(let n): return .string(n.text)
        case .string: return value
        case .array(let elements):
            let kept = elements.compactMap(expected)
            return kept.isEmpty ? nil : .array(kept)
        case .object(let object):
            var kept = JSONObject()
            for member in object.members {
                if let value = expected(member.value) { kept[member.key] = value }
            }
            return kept.isEmpty ? nil : .object(kept)
        }
    }

    private static func difference(read: JSONValue, expected: JSONValue, path: String) -> String? {
        switch (read, expected) {
        case (.object(let a), .object(let b)):
            // Members in the body's order; the form sorts them.
            for member in b.members {
                guard let got = a[member.key] else { return path + DocumentPath.render([.key(member.key)]).dropFirst() }
                if let found = difference(read: got, expected: member.value, path: path + DocumentPath.render([.key(member.key)]).dropFirst()) {
                    return found
                }
            }
            return a.count == b.count ? nil : path
        case (.array(let a), .array(let b)):
            for (i, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(read: x, expected: y, path: path + "[\(i)]") { return found }
            }
            return a.count == b.count ? nil : path
        default:
            return read == expected ? nil : path
        }
    }
}
