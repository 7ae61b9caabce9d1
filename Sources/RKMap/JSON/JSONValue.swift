/// A JSON value as rkmap holds it: objects keep member order, numbers keep
/// their source text until a type asks for a conversion.
///
/// ```swift
/// let v: JSONValue = .object(JSONObject([("id", .number(JSONNumber("12")))]))
/// v["id"]  // .number(12)
/// ```
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
    /// An array or object kept as compact JSON text (`CompactJSON`).
    case compact(CompactJSON)

    /// The JSON kind, as `expectType` and diagnostics name it.
    public var kind: JSONKind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        case .compact(let c): return c.kind
        }
    }

    /// Member lookup on an object (exact key match); `nil` for other kinds.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var isNull: Bool { if case .null = self { return true } else { return false } }
}

/// The six JSON kinds, spelled as in specs (`expectType`).
public enum JSONKind: String, Sendable, CaseIterable {
    case string, number, bool, object, array, null
}

/// A JSON number as it appeared in the source (`12345678901234567890`, `0.1`,
/// `1e3`); conversions happen on demand.
///
/// Equality is numeric: `1`, `1.0` and `1e0` are equal (RestKit compares
/// `NSNumber`s), which is what `expectValue` and predicates need.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal text, always a valid RFC 8259 number.
    public let text: String

    /// Wraps literal text that the caller guarantees is a valid JSON number.
    public init(_ text: String) { self.text = text }

    public init(_ value: Int) { self.text = String(value) }

    /// The shortest text that reads back as `value`. Non-finite values have no JSON
    /// spelling and must be handled by the caller.
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON has no spelling for \(value)")
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // `Int64` has no negative zero: `-0` keeps the sign that reads back.
            self.text = value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
        } else {
            // Swift writes whole doubles up to 2^53 with `.0`
            // (`9007199254740992.0`): the digits alone are shorter.
            let text = "\(value)"
            self.text = text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
    }

    public var description: String { text }

    /// True when the literal has no fraction and no exponent.
    public var isIntegerLiteral: Bool {
        !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
    }

    /// The value as a `Double` (always succeeds for valid JSON; may round).
    public var doubleValue: Double { Double(text) ?? .nan }

    /// The value as an `Int64` when it is integral and in range (`12`, `12.0`, `1e2`).
    public var int64Value: Int64? {
        if isIntegerLiteral { return Int64(text) }
        let d = doubleValue
        guard d.isFinite, d == d.rounded(.towardZero), abs(d) < 9.2e18 else { return nil }
        return Int64(d)
    }

    /// Exact decimal equality (docs/spec.md §4): `1`, `1.0` and `10e-1` are
    /// equal, `12345678901234567890` and `12345678901234567891` are not.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        return compare(lhs, rhs) == 0
    }

    /// Orders two numbers exactly, at any size and precision: -1, 0 or 1.
    ///
    /// - Complexity: O(digits), no allocation; integers that fit `Int64` take a
    ///   shortcut.
    public static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        var a = lhs.text, b = rhs.text
        if let x = a.utf8.count <= 18 ? smallInteger(a) : nil, let y = b.utf8.count <= 18 ? smallInteger(b) : nil {
            return x == y ? 0 : (x < y ? -1 : 1)
        }
        return a.withUTF8 { x in b.withUTF8 { y in DecimalScan.compare(x, y) } }
    }

    /// The value of a plain integer literal of at most 18 characters.
    @inline(__always)
    private static func smallInteger(_ text: String) -> Int64? {
        var value: Int64 = 0
        var negative = false
        var any = false
        for b in text.utf8 {
            if b == UInt8(ascii: "-"), !any, !negative { negative = true; continue }
            guard b &- 48 < 10 else { return nil }
            value = value &* 10 &+ Int64(b &- 48)
            any = true
        }
        guard any else { return nil }
        return negative ? -value : value
    }

    /// Hashes the canonical decimal form, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { DecimalScan.hash($0, into: &hasher) }
    }
}

/// An ordered JSON object. Duplicate keys keep the position of the first
/// occurrence and the value of the last (what `NSJSONSerialization`, jq and
/// JavaScript do).
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) { self.key = key; self.value = value }
    }

    public private(set) var members: [Member]

    /// The positions of the keys of an object of `indexedCount` members or
    /// more, so that a lookup is O(1): a spec mapping 32,000 attributes of an
    /// object of as many members scanned it once per attribute (7 s to apply).
    /// Small objects (nearly all in API payloads) are scanned, which needs no
    /// hashing and no side table.
    ///
    /// Boxed: a `JSONObject` stays one word beside its members, so a
    /// `JSONValue` stays as small as its `String` payload (every array
    /// element and member of every tree pays for that size). The box is
    /// shared by copies and copied before a change when shared.
    private var index: MemberIndexBox?

    /// From this many members on, an object keeps an index of its keys.
    static let indexedCount = 64

    public init() { members = [] }

    /// A repeated key keeps its first position and its last value. From 16
    /// pairs on, keys are found through an index: `infer` builds its spec's
    /// objects with this, one attribute per member of a sample object, and
    /// one with 80,000 members took 40 s while each pair was looked up by a scan.
    public init(_ pairs: [(String, JSONValue)]) {
        members = []
        members.reserveCapacity(pairs.count)
        guard pairs.count >= 16 else {
            for (k, v) in pairs { self[k] = v }
            return
        }
        var index = MemberIndex([], base: 0)
        for (k, v) in pairs {
            if let i = index.find(k, in: members) {
                members[i].value = v
            } else {
                members.append(Member(key: k, value: v))
                index.insertNew(at: members.count - 1, in: members)
            }
        }
        if members.count >= Self.indexedCount { self.index = MemberIndexBox(index) }
    }

    /// Builds an object from members already known to have distinct keys.
    public init(uniqueMembers: [Member]) {
        members = uniqueMembers
        if members.count >= Self.indexedCount { index = MemberIndexBox(MemberIndex(members, base: 0)) }
    }

    /// Builds an object from members with distinct keys and no index,
    /// however many: its lookups scan. For trees only looked up a few
    /// times per object (`infer`'s samples, read back from their shape
    /// keys), where the index of an object of a million members cost 4 MB.
    init(uniqueUnindexedMembers members: [Member]) {
        self.members = members
    }

    /// The same, with the index a reader built of exactly these members
    /// while it read them (`nil` for fewer than 16), so large objects are not
    /// hashed twice.
    init(uniqueMembers: [Member], readIndex: MemberIndex?) {
        members = uniqueMembers
        guard members.count >= Self.indexedCount else { return }
        index = MemberIndexBox(readIndex?.rebased() ?? MemberIndex(members, base: 0))
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// Where the members are stored (nil when there are none): two live
    /// objects with the same storage are copies of one, so equal, and one
    /// met already is known without comparing members (`infer`'s
    /// dictionaries of values shared by shape).
    var storage: UInt? {
        members.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
    }

    /// Whether a lookup of `key` finds a member named `name`: the same code
    /// units (`JSONValue.sameText`; a streamed read follows the member a whole
    /// read's lookup finds by the same rule).
    @inline(__always)
    static func sameKey(_ name: String, _ key: String) -> Bool {
        JSONValue.sameText(name, key)
    }

    /// Exact-key lookup: through the index of a large object, else a scan
    /// (`position(ofKey:)`).
    public subscript(key: String) -> JSONValue? {
        get { position(ofKey: key).map { members[$0].value } }
        set {
            if let i = position(ofKey: key) {
                if let newValue {
                    members[i].value = newValue
                } else {
                    // Positions after `i` move: the index is made anew.
                    members.remove(at: i)
                    index = members.count >= Self.indexedCount ? MemberIndexBox(MemberIndex(members, base: 0)) : nil
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    if !isKnownUniquelyReferenced(&index!) { index = MemberIndexBox(index!.index) }
                    index!.index.insertNew(at: members.count - 1, in: members)
                    index!.appended(at: members.count - 1, in: members)
                } else if members.count == Self.indexedCount {
                    index = MemberIndexBox(MemberIndex(members, base: 0))
                }
            }
        }
    }

    /// The position in `members` of the member named `key` (`sameKey`).
    /// Objects in API payloads are small, so below `indexedCount` members a
    /// linear scan beats hashing (no hash of the probe key, no side table).
    func position(ofKey key: String) -> Int? {
        if let index { return index.index.find(key, in: members) }
        // Compare keys in place: iterating `members` would copy (and retain)
        // every member passed on the way. Lengths first (O(1) for native and
        // small strings): a key of another length is rejected without a full
        // string comparison.
        let length = key.utf8.count
        return members.withUnsafeBufferPointer { buffer in
            buffer.indices.first { buffer[$0].key.utf8.count == length && Self.sameKey(buffer[$0].key, key) }
        }
    }

    /// The key of the member `value(forKey:caseInsensitive:)` finds for
    /// `key`, as the document spells it: `key` itself when a member is
    /// named so exactly, else (ignoring case) the first equal to it
    /// ignoring case; nil when none is.
    func followedKey(_ key: String, caseInsensitive: Bool) -> String? {
        if position(ofKey: key) != nil { return key }
        guard caseInsensitive, let i = position(ofKeyIgnoringCase: key) else { return nil }
        return members[i].key
    }

    /// Lookup that falls back to a case-insensitive match when no key matches
    /// exactly; among several inexact matches the first in document order wins.
    public func value(forKey key: String, caseInsensitive: Bool) -> JSONValue? {
        if let v = self[key] { return v }
        guard caseInsensitive, let i = position(ofKeyIgnoringCase: key) else { return nil }
        return members[i].value
    }

    /// The position of the first member whose key equals `key` ignoring case
    /// (`lowercased()`): through the folded index of a large object, else a scan.
    func position(ofKeyIgnoringCase key: String) -> Int? {
        if let index { return index.firstPosition(ignoringCase: key, in: members) }
        return Self.firstEqualIgnoringCase(key, in: members.lazy.map(\.key))
    }

    /// The name of the member a lookup of `key` follows among `names` (in
    /// document order): the exact one (`sameKey`), else, ignoring case, the
    /// first equal ignoring case. The one rule for whole reads (`value(forKey:)`)
    /// and for what a streamed read follows (the splitter, from the names it
    /// scanned; `followedKey` is the same for an object at hand).
    static func followedName(_ key: String, among names: [String], caseInsensitive: Bool) -> String? {
        if let exact = names.first(where: { sameKey($0, key) }) { return exact }
        guard caseInsensitive, let i = firstEqualIgnoringCase(key, in: names) else { return nil }
        return names[i]
    }

    private static func firstEqualIgnoringCase<C: Collection<String>>(_ key: String, in names: C) -> C.Index? {
        let folded = key.lowercased()
        return names.firstIndex { JSONValue.sameText($0.lowercased(), folded) }
    }

    /// Appends a member read from a document; a repeated key replaces the
    /// earlier value in place.
    public mutating func append(key: String, value: JSONValue) {
        self[key] = value
    }
}

extension JSONValue {
    /// Whether two strings are the same text as JSON compares it: code unit
    /// for code unit (RFC 8259 §8.3; `NSString`'s `isEqual:`), not Swift's
    /// canonical equivalence, under which `"é"` and `"e\u{301}"` (or `"K"`
    /// and the Kelvin sign) are equal. Keys, values, `set`, predicates' `==`
    /// and `@distinctUnionOfObjects` compare strings so: a document means the
    /// same written with escapes or without.
    @inline(__always)
    package static func sameText(_ a: String, _ b: String) -> Bool {
        let n = a.utf8.count
        guard n == b.utf8.count else { return false }
        // The same bits are the same bytes: a small string (up to 15 bytes of
        // UTF-8, most keys) holds them in place, a large one points at them.
        if MemoryLayout<String>.size == 16 {
            let x = unsafeBitCast(a, to: (UInt64, UInt64).self)
            let y = unsafeBitCast(b, to: (UInt64, UInt64).self)
            if x == y { return true }
        }
        // Swift's `==` on a short pair: for ASCII (nearly every key) a compare
        // of the bytes, inline for small strings, and it rejects nearly every
        // other pair. Not on a long one: it compares canonical forms, and
        // normalizing a run of combining marks takes time quadratic in the run.
        if n <= 32, a != b { return false }
        return sameBytes(a, b)
    }

    /// A hash of `text`'s code units, agreeing with `sameText`. Swift's own
    /// hash of a `String` is of its canonical form: quadratic in a run of
    /// combining marks, and alike for two spellings that JSON tells apart.
    package static func textHash(_ text: String) -> Int {
        var hasher = Hasher()
        hashText(text, into: &hasher)
        return hasher.finalize()
    }

    package static func hashText(_ text: String, into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
    }

    @inline(never)
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        let n = a.utf8.count
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in n == 0 || memcmp(x.baseAddress!, y.baseAddress!, n) == 0 }
        }
        if let same, let same { return same }
        return a.utf8.elementsEqual(b.utf8)
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return sameText(a, b)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.compact(let a), .compact(let b)) where a === b: return true
        case (.compact(let a), _): return a.expanded == rhs
        case (_, .compact(let b)): return lhs == b.expanded
        default: return false
        }
    }
}

extension JSONObject.Member {
    public static func == (lhs: JSONObject.Member, rhs: JSONObject.Member) -> Bool {
        JSONValue.sameText(lhs.key, rhs.key) && lhs.value == rhs.value
    }
}
