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

    /// Records held as bytes cost a field value nothing in size: a list is
    /// one reference whichever way it holds its records, so a `FieldValue`
    /// stays as large as a `JSONValue` plus its case.
    @Test func aFieldListIsOneWord() {
        #expect(MemoryLayout<FieldList>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<FieldValue>.size <= MemoryLayout<JSONValue>.size + 1)
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

    // MARK: Ignoring case

    /// What a lookup ignoring case finds, by definition: the exact key, else
    /// the first member in document order whose key `lowercased()` equals
    /// the key's (docs/spec.md §4, `keyMatching: caseInsensitive`).
    static func reference(_ key: String, in object: JSONObject) -> JSONValue? {
        if let exact = object.members.first(where: { JSONObject.sameKey($0.key, key) }) { return exact.value }
        // Ignoring case: the same code units once lowercased (docs/spec.md §4).
        let folded = key.lowercased()
        return object.members.first { JSONObject.sameKey($0.key.lowercased(), folded) }?.value
    }

    /// Keys that fold alike (several spellings of one key, the Kelvin sign,
    /// a dotted capital I, `ß`), in objects either side of the threshold:
    /// the first in document order wins, as the scan it replaces found it.
    @Test(arguments: [JSONObject.indexedCount - 1, JSONObject.indexedCount, 1_000])
    func lookupsIgnoringCaseFindTheFirstThatFoldsAlike(count: Int) throws {
        let tricky: [(String, JSONValue)] = [
            ("Name", .string("first")), ("NAME", .string("second")), ("name", .string("exact")),
            ("\u{212A}ey", .string("kelvin")), ("KEY", .string("K")),
            ("\u{130}d", .string("dotted")), ("STRASSE", .string("ss")), ("straße", .string("sharp")),
            ("e\u{301}t\u{c9}", .string("accents")),
        ]
        let pairs = Self.members(max(0, count - tricky.count)) + tricky
        let object = JSONObject(pairs)
        #expect(object.count == count)
        let probes = ["name", "Name", "nAmE", "NAME", "key", "Key", "\u{212A}EY", "i\u{307}d", "\u{130}D", "id", "strasse",
                      "STRAßE", "É\u{301}", "e\u{301}t\u{e9}", "\u{c9}T\u{c9}", "key0", "KEY0", "Key\(max(0, count - tricky.count) - 1)",
                      "missing", ""]
        for probe in probes {
            #expect(object.value(forKey: probe, caseInsensitive: true) == Self.reference(probe, in: object), "\(probe)")
        }
        #expect(object.value(forKey: "NAME", caseInsensitive: true) == .string("second"), "an exact key first")
        #expect(object.value(forKey: "nAmE", caseInsensitive: true) == .string("first"), "then the first folding alike")
        #expect(object.value(forKey: "nAmE", caseInsensitive: false) == nil)
        // `E\u{301}T\u{C9}` lowercases to the key's code units; the composed
        // `\u{C9}T\u{C9}` is another spelling of that text: no match.
        #expect(object.value(forKey: "E\u{301}T\u{c9}", caseInsensitive: true) == .string("accents"))
        #expect(object.value(forKey: "\u{c9}T\u{c9}", caseInsensitive: true) == nil)
    }

    /// Members appended after a lookup ignoring case built the folded index
    /// are found, unless an earlier key folds alike; a removal, and a copy's
    /// own additions, leave each object's lookups right.
    @Test func lookupsIgnoringCaseFollowChanges() {
        var object = JSONObject(Self.members(100))
        // Built here, in the object's own index; then kept up to date.
        #expect(object.value(forKey: "KEY7", caseInsensitive: true) == .number(JSONNumber(7)))
        object["Extra"] = .string("a")
        object["EXTRA"] = .string("b")
        #expect(object.value(forKey: "extra", caseInsensitive: true) == .string("a"))
        #expect(object.value(forKey: "EXTRA", caseInsensitive: true) == .string("b"))
        let copy = object
        object["Copied"] = .bool(true)
        #expect(object.value(forKey: "copied", caseInsensitive: true) == .bool(true))
        #expect(copy.value(forKey: "copied", caseInsensitive: true) == nil, "the copy has its own members")
        #expect(copy.value(forKey: "extra", caseInsensitive: true) == .string("a"))
        var shared = object
        shared["Later"] = .null
        #expect(shared.value(forKey: "LATER", caseInsensitive: true) == .null)
        #expect(object.value(forKey: "LATER", caseInsensitive: true) == nil)
        object["Extra"] = nil
        #expect(object.value(forKey: "extra", caseInsensitive: true) == .string("b"), "after a removal, the next that folds alike")
        #expect(object.value(forKey: "KEY99", caseInsensitive: true) == .number(JSONNumber(99)))
        for probe in ["KEY0", "key50", "EXTRA", "Later", "nothing"] {
            #expect(object.value(forKey: probe, caseInsensitive: true) == Self.reference(probe, in: object), "\(probe)")
        }
    }

    /// One object read from several threads at once, each first lookup
    /// ignoring case racing to build the folded index: every answer right.
    @Test func lookupsIgnoringCaseFromSeveralThreads() async {
        let object = JSONObject(Self.members(5_000))
        let wrong = await withTaskGroup(of: Int.self) { group in
            for t in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for i in stride(from: t, to: 5_000, by: 7) where object.value(forKey: "KEY\(i)", caseInsensitive: true) != .number(JSONNumber(i)) {
                        wrong += 1
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
