/// A JSON value read from a spec file, with the source location of every value
/// and key, so the spec compiler can point at the exact line and column.
///
/// Objects keep every member in order, duplicates included (the compiler reports
/// duplicates; a data document would keep only the last).
public struct SpecValue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([SpecValue])
        case object([SpecMember])
    }

    public var kind: Kind
    /// Location of the value's first character.
    public var location: SourceLocation
    /// True for a value written with relaxed syntax the strict form would spell
    /// differently (bare `YES`, `2XX`, `key: value` pairs inside `[ ]`).
    public var wasRelaxed: Bool

    public init(_ kind: Kind, at location: SourceLocation, wasRelaxed: Bool = false) {
        self.kind = kind
        self.location = location
        self.wasRelaxed = wasRelaxed
    }

    /// The plain JSON value (locations dropped; duplicate keys: last wins).
    public var json: JSONValue {
        switch kind {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.json))
        case .object(let members):
            var o = JSONObject()
            for m in members { o.append(key: m.key, value: m.value.json) }
            return .object(o)
        }
    }

    /// Replaces the values of this object's members named `key` with `null`
    /// (each where it was), releasing what they held: the compiler lets a
    /// descriptor's `mappers` go once their declarations hold them.
    mutating func releaseMembers(named key: String) {
        guard case .object(var members) = kind, members.contains(where: { $0.key == key }) else { return }
        kind = .null
        for i in members.indices where members[i].key == key {
            members[i].value = SpecValue(.null, at: members[i].value.location)
        }
        kind = .object(members)
    }

    /// The last member with this key, for objects: of a field written twice,
    /// the last is used (a warning says so, `SpecIssue.duplicateField`), as
    /// JSON readers take the last.
    public subscript(key: String) -> SpecValue? {
        if case .object(let members) = kind { return members.last { $0.key == key }?.value }
        return nil
    }
}

/// One `key: value` member of a spec object.
public struct SpecMember: Sendable, Equatable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: SpecValue

    public init(key: String, keyLocation: SourceLocation, value: SpecValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
