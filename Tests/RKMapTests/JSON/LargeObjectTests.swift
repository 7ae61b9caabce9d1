import Testing
@testable import RKMap

/// Objects of `JSONObject.indexedCount` members or more find keys through an
/// index; what a lookup finds must not depend on it.
@Suite struct LargeObjectTests {
    static func members(_ n: Int) -> [(String, JSONValue)] {
        (0..<n).map { ("key\($0)", .number(JSONNumber($0))) }
    }

    /// Every way an object is made finds each key, and no absent one, on
    /// both sides of the threshold.
    @Test(arguments: [JSONObject.indexedCount - 1, JSONObject.indexedCount, 1_000])
    func everyKeyIsFoundHoweverTheObjectIsMade(count: Int) throws {
        let pairs = Self.members(count)
        var appended = JSONObject()
        for (k, v) in pairs { appended[k] = v }
        let read = try JSONScanner.parse(Array((#"{"# + pairs.map { #""\#($0.0)": \#($0.0.dropFirst(3))"# }.joined(separator: ",") + "}").utf8))
        let objects = [
            JSONObject(pairs), JSONObject(uniqueMembers: pairs.map { JSONObject.Member(key: $0.0, value: $0.1) }), appended,
        ]
        guard case .object(let parsed) = read else { Issue.record("not an object"); return }
        for object in objects + [parsed] {
            #expect(object.count == count)
            for (i, (k, v)) in pairs.enumerated() {
                #expect(object[k] == v, "\(k)")
                #expect(object.position(ofKey: k) == i, "\(k)")
            }
            #expect(object["key\(count)"] == nil)
            #expect(object["Key0"] == nil)
            #expect(object.value(forKey: "KEY1", caseInsensitive: true) == .number(JSONNumber(1)))
        }
    }

    /// Keys are compared code unit for code unit: `é` and `e` + U+0301 are two
    /// members of a large object as of a small one, and a repeated key keeps
    /// its first position and its last value.
    @Test func keysAreTheirCodeUnits() throws {
        let text = #"{"# + Self.members(100).map { #""\#($0.0)": 0"# }.joined(separator: ",")
            + #", "\u00e9": 1, "e\u0301": 2, "key5": 5, "\u00e9": 3}"#
        guard case .object(let object) = try JSONScanner.parse(Array(text.utf8)) else { Issue.record("not an object"); return }
        #expect(object.count == 102)
        #expect(object["\u{e9}"] == .number(JSONNumber(3)))
        #expect(object["e\u{301}"] == .number(JSONNumber(2)))
        #expect(object.position(ofKey: "\u{e9}") == 100)
        #expect(object.position(ofKey: "key5") == 5)
        #expect(object["key5"] == .number(JSONNumber(5)))
    }

    /// The index costs a tree nothing in value size: a `JSONValue` is as
    /// large as its largest payload, a `String` (16 bytes), plus its case.
    @Test func anObjectIsOneWordBesideItsMembers() {
        #expect(MemoryLayout<JSONObject>.size == 2 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<JSONValue>.size <= MemoryLayout<String>.size + 1)
    }

    /// A copy keeps its own index: a key added to one is not in the other.
    @Test func copiesKeepTheirOwnIndex() {
        let original = JSONObject(Self.members(100))
        var copy = original
        copy["added"] = .bool(true)
        #expect(copy["added"] == .bool(true))
        #expect(original["added"] == nil)
        #expect(original.position(ofKey: "added") == nil)
        #expect(original.count == 100 && copy.count == 101)
    }

    /// Setting, replacing and removing keep lookups right; equality is of
    /// the members alone.
    @Test func changesKeepLookupsRight() {
        var object = JSONObject(Self.members(200))
        object["key10"] = nil
        #expect(object.count == 199)
        #expect(object["key10"] == nil)
        #expect(object["key11"] == .number(JSONNumber(11)))
        #expect(object.position(ofKey: "key11") == 10)
        #expect(object.position(ofKey: "key199") == 198)
        object["key11"] = .string("x")
        #expect(object.position(ofKey: "key11") == 10)
        object["new"] = .null
        #expect(object.position(ofKey: "new") == 199)
        #expect(object["new"] == .null)
        // Below the threshold again, by removal.
        for i in 0..<150 { object["key\(i)"] = nil }
        #expect(object.count == 51)
        #expect(object["key199"] == .number(JSONNumber(199)))
        #expect(object.position(ofKey: "new") == 50)
        let same = JSONObject(uniqueMembers: object.members)
        #expect(same == object)
    }
}
