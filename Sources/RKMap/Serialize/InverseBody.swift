/// A request body being built from one record's fields (docs/spec.md §13),
/// which never lets one field quietly displace another's value.
///
/// Two fields can reach one member of the body: a relationship from the nil
/// key path merges its record's members into this body, and a key path
/// (`a.b`) writes inside a member another (`a`) writes. A record `apply`
/// made holds the same value at both places, which is written once; values
/// that differ have no body, and that is an error naming both fields. A
/// `null` that only stands for an absent attribute (`--nulls`) is a *fill*:
/// it never displaces a value, and any value displaces it.
///
/// ```swift
/// var body = InverseBody()
/// try body.place(["id"], .number(JSONNumber(5)), field: "userId")
/// try body.place(["id"], .null, field: "ownerId", fill: true)  // kept: 5
/// ```
struct InverseBody {
    private(set) var object = JSONObject()
    /// The paths holding fills.
    private(set) var fills: Set<[String]> = []
    /// Which field wrote each path, for messages: appended as they come
    /// (no hashing on the way), searched only for a conflict.
    private var writers: [(keys: [String], field: String)] = []

    /// The field that wrote `keys`, the object holding them (a whole
    /// `metadata.annotations` holds `metadata.annotations.x`), or a member
    /// inside them (`a.x.y` when `a.x` is written after it).
    private func writer(of keys: [String]) -> String? {
        writers.last { keys.starts(with: $0.keys) || $0.keys.starts(with: keys) }?.field
    }

    /// Two fields whose values one body cannot hold.
    struct Conflict: Error {
        let earlier: String
        let later: String
        let keys: [String]
        /// What is there, and what the later field would write.
        let existing: JSONValue
        let value: JSONValue
    }

    /// Writes `value` at `keys` for `field`, merging objects member by member.
    mutating func place(_ keys: [String], _ value: JSONValue, field: String, fill: Bool = false) throws(Conflict) {
        // A member on the way that holds something other than an object.
        for n in 1..<max(keys.count, 1) {
            let prefix = Array(keys[..<n])
            guard let existing = Serializer.lookup(object, prefix) else { break }
            if case .object = existing { continue }
            if fills.contains(prefix) {
                fills.remove(prefix)
                Serializer.set(&object, prefix[...], .object(JSONObject()))
                break
            }
            if fill { return }
            throw Conflict(earlier: writer(of: prefix) ?? field, later: field, keys: prefix, existing: existing, value: .object(JSONObject()))
        }
        guard let existing = Serializer.lookup(object, keys) else {
            Serializer.set(&object, keys[...], value)
            if fill { fills.insert(keys) }
            writers.append((keys, field))
            return
        }
        if fill { return }
        if fills.contains(keys) {
            fills.remove(keys)
            Serializer.set(&object, keys[...], value)
            writers.append((keys, field))
            return
        }
        if case .object = existing, case .object(let members) = value {
            for member in members.members { try place(keys + [member.key], member.value, field: field) }
            return
        }
        guard existing == value else {
            throw Conflict(earlier: writer(of: keys) ?? field, later: field, keys: keys, existing: existing, value: value)
        }
    }

    /// The paths and values of an object's leaves: members that are not
    /// objects, and empty objects (nested objects are walked).
    static func leaves(of object: JSONObject, prefix: [String] = []) -> [([String], JSONValue)] {
        var found: [([String], JSONValue)] = []
        for member in object.members {
            let keys = prefix + [member.key]
            if case .object(let inner) = member.value, !inner.isEmpty {
                found += leaves(of: inner, prefix: keys)
            } else {
                found.append((keys, member.value))
            }
        }
        return found
    }
}
