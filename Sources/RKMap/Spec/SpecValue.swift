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
    /// `location` and `wasRelaxed` in eight bytes (`SpecLocation`): a large
    /// spec is a tree of many small values, and a member took 80 bytes.
    private var packed: SpecLocation
    /// Location of the value's first character.
    public var location: SourceLocation {
        get { packed.location }
        set { packed = SpecLocation(newValue, flag: packed.flag) }
    }
    /// True for a value written with relaxed syntax the strict form would spell
    /// differently (bare `YES`, `2XX`, `key: value` pairs inside `[ ]`).
    public var wasRelaxed: Bool {
        get { packed.flag }
        set { packed = SpecLocation(packed.location, flag: newValue) }
    }

    public init(_ kind: Kind, at location: SourceLocation, wasRelaxed: Bool = false) {
        self.kind = kind
        packed = SpecLocation(location, flag: wasRelaxed)
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
    private var packedKeyLocation: SpecLocation
    public var keyLocation: SourceLocation {
        get { packedKeyLocation.location }
        set { packedKeyLocation = SpecLocation(newValue, flag: false) }
    }
    public var value: SpecValue

    public init(key: String, keyLocation: SourceLocation, value: SpecValue) {
        self.key = key
        packedKeyLocation = SpecLocation(keyLocation, flag: false)
        self.value = value
    }
}

/// A place in a spec in eight bytes, with a flag: a line and a column below
/// 2^31 each. A spec is read whole and at most `InputFile.wholeReadLimit`
/// (256 MiB) long, so its lines and columns always fit; a larger number
/// given by a caller is held as the largest (2^31 - 1), a negative one as 0
/// (the "no place" of a value made in code, `SourceLocation(line: 0, column: 0)`).
struct SpecLocation: Sendable, Equatable {
    private let line: UInt32
    /// The column, and the flag in the top bit.
    private let columnAndFlag: UInt32
    private static let flagBit: UInt32 = 1 << 31

    init(_ location: SourceLocation, flag: Bool) {
        line = UInt32(clamping: Swift.min(location.line, Int(Self.flagBit - 1)))
        columnAndFlag = UInt32(clamping: Swift.min(location.column, Int(Self.flagBit - 1))) | (flag ? Self.flagBit : 0)
    }

    var location: SourceLocation { SourceLocation(line: Int(line), column: Int(columnAndFlag & ~Self.flagBit)) }
    var flag: Bool { columnAndFlag & Self.flagBit != 0 }
}
