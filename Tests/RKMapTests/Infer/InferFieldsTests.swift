import Testing
@testable import RKMap

/// The fields of the objects met at one place (docs/spec.md §15): the union
/// of their keys in first-seen order, each with the non-null values of every
/// object, one spelling of each text (§4: the first met; another is left out).
@Suite struct InferFieldsTests {
    static func objects(_ texts: [String]) throws -> [JSONObject] {
        try texts.map { text in
            guard case .object(let object) = try JSONScanner.parse(Array(text.utf8)) else { throw FieldsTestError.notAnObject(text) }
            return object
        }
    }

    enum FieldsTestError: Error { case notAnObject(String) }

    /// What the fields must be, worked out the plain way: a dictionary of
    /// texts (Swift's `==` on `String` is canonical equivalence) to the first
    /// spelling and the values of that spelling.
    static func expected(_ objects: [JSONObject]) -> [(key: String, values: [JSONValue])] {
        var order: [String] = []
        var fields: [String: (spelling: String, values: [JSONValue])] = [:]
        for object in objects {
            for member in object.members where !member.key.isEmpty {
                if let field = fields[member.key] {
                    guard Array(field.spelling.unicodeScalars) == Array(member.key.unicodeScalars) else { continue }
                } else {
                    order.append(member.key)
                    fields[member.key] = (member.key, [])
                }
                guard !member.value.isNull else { continue }
                // A scalar repeating the value before it (the same JSON text) is held once.
                if let last = fields[member.key]!.values.last, repeats(last, member.value) { continue }
                fields[member.key]!.values.append(member.value)
            }
        }
        return order.map { ($0, fields[$0]!.values) }
    }

    static func repeats(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.bool, .bool), (.number, .number), (.string, .string):
            return Array(JSONWriter.serialize(a, pretty: false).utf8) == Array(JSONWriter.serialize(b, pretty: false).utf8)
        default:
            return false
        }
    }

    /// Thousands of objects whose keys are mostly their own, with keys
    /// repeated across them, nulls, an empty key, and two spellings of one
    /// text (`café` composed first, then decomposed): every key once, in the
    /// order first met, with all of its values in order (a scalar repeating
    /// the one before it once).
    @Test(arguments: [3, 5_000])
    func theFieldsAreTheUnionOfTheKeysInFirstSeenOrder(count: Int) throws {
        var texts: [String] = []
        for i in 0..<count {
            let shared = i % 3 == 0 ? #""x": null"# : #""x": \#(i)"#
            texts.append(#"{"id": \#(i), "k\#(i * 7 % count)": "v\#(i)", \#(shared), "": 1, "caf\#(i % 2 == 0 ? "\u{E9}" : "e\u{301}")": true}"#)
        }
        let objects = try Self.objects(texts)
        var builder = InferBuilder(entity: false)
        let fields = builder.fields(of: objects)
        let expected = Self.expected(objects)
        #expect(fields.map(\.key) == expected.map(\.key))
        #expect(fields.count == count + 3)
        for (field, wanted) in zip(fields, expected) {
            guard field.isAttribute else {
                Issue.record("\(field.key) is not an attribute")
                continue
            }
            #expect(builder.pool.values(of: field).all == wanted.values, "\(field.key)")
        }
        // Composed first: the decomposed spelling's values are left out;
        // its own are each `true`, held once.
        let cafe = try #require(fields.first { $0.key == "caf\u{E9}" })
        #expect(Array(cafe.key.unicodeScalars) == Array("caf\u{E9}".unicodeScalars))
        #expect(cafe.isAttribute && builder.pool.values(of: cafe).all == [.bool(true)])
    }

    /// A key whose values hold objects is a relationship to one mapper of
    /// them all; a key with one value that is no object stays an attribute.
    @Test func objectValuesMakeARelationship() throws {
        let objects = try Self.objects([#"{"a": {"id": 1}, "b": 2}"#, #"{"a": {"id": 2, "n": "x"}, "c": [1]}"#])
        var builder = InferBuilder(entity: false)
        let fields = builder.fields(of: objects)
        #expect(fields.map(\.key) == ["a", "b", "c"])
        guard case .relationship(let mapper, let many) = fields[0].role else {
            Issue.record("a is not a relationship")
            return
        }
        #expect(!many)
        #expect(builder.mappers[mapper].fields.map(\.key) == ["id", "n"])
        #expect(fields[1].isAttribute && builder.pool.values(of: fields[1]).all == [.number(JSONNumber(2))])
        #expect(fields[2].isAttribute && builder.pool.values(of: fields[2]).all.count == 1)
    }
}

/// A date's year is four digits, where the format writes it (docs/spec.md §15):
/// `yyyy` reads `94` as the year 94, which an API's two-digit year never means.
@Suite struct InferDateYearTests {
    @Test func aYearOfFewerThanFourDigitsIsNoDate() {
        #expect(InferValueType.guess([.string("Tue, 15 Nov 94 08:12:31 GMT")]) == .untyped)
        #expect(InferValueType.guess([.string("94-11-15 08:12:31")]) == .untyped)
        #expect(InferValueType.guess([.string("11/15/94")]) == .untyped)
        #expect(InferValueType.guess([.string("Tue, 15 Nov 994 08:12:31 GMT")]) == .untyped)
        #expect(InferValueType.guess([.string("Tue, 15 Nov 19940 08:12:31 GMT")]) == .untyped)
        #expect(InferValueType.guess([.string("Tue, 15 Nov 1994 08:12:31 GMT")]) == .dateWithFormat(InferValueType.rfc1123))
        #expect(InferValueType.guess([.string("1994-11-15 08:12:31")]) != .untyped)
        #expect(InferValueType.guess([.string("11/15/1994")]) == .type(.date))
        // .NET's milliseconds hold slashes, and no year.
        #expect(InferValueType.guess([.string("/Date(1234567890123+0200)/"), .string("/Date(0)/")]) == .type(.date))
    }

    /// A common format's parser reads RestKit's defaults too: ISO 8601 beside
    /// RFC 1123 values is still a date in the RFC's format.
    @Test func isoBesideACommonFormatIsStillADate() {
        let values: [JSONValue] = [.string("2024-01-01T10:00:00Z"), .string("Tue, 15 Nov 1994 08:12:31 GMT")]
        #expect(InferValueType.guess(values) == .dateWithFormat(InferValueType.rfc1123))
        let twoDigits: [JSONValue] = [.string("2024-01-01T10:00:00Z"), .string("Tue, 15 Nov 94 08:12:31 GMT")]
        #expect(InferValueType.guess(twoDigits) == .untyped)
    }
}

/// The attributes' values, held apart from the fields: a field's only
/// scalar shared by its text with every field that has it, other values
/// each field's own; a field is 24 bytes (a field per key of 168,000
/// one-member lines took 40 each while it held its values).
@Suite struct InferValuePoolTests {
    @Test func aFieldIsTwentyFourBytes() {
        #expect(MemoryLayout<InferField>.stride == 24)
    }

    @Test func valuesAreSharedByTextAndAppendedAsBefore() {
        var pool = InferValuePool()
        var a = InferField(key: "a"), b = InferField(key: "b"), c = InferField(key: "c"), d = InferField(key: "d")
        #expect(a.hasNoValue && pool.values(of: a).all.isEmpty)
        pool.append(.string("v"), to: &a)
        pool.append(.string("v"), to: &b)
        // Another spelling, and a number of another text, are other values.
        pool.append(.string("e\u{301}"), to: &c)
        pool.append(.string("\u{E9}"), to: &d)
        #expect(pool.shared.count == 3)
        #expect(a.storage == b.storage && c.storage != d.storage)
        // A repeat of the last value adds nothing; another makes the field's own.
        pool.append(.string("v"), to: &a)
        #expect(pool.values(of: a).all == [.string("v")] && pool.owned.isEmpty)
        pool.append(.number(JSONNumber(1)), to: &a)
        pool.append(.number(JSONNumber("1.0")), to: &a)
        pool.append(.number(JSONNumber("1.0")), to: &a)
        #expect(pool.values(of: a).all == [.string("v"), .number(JSONNumber(1)), .number(JSONNumber("1.0"))])
        #expect(pool.values(of: b).all == [.string("v")])
        // Taken and stored back in its own place; an array is never shared.
        var values = pool.take(from: &a)
        values.append(.bool(true))
        pool.store(values, in: &a)
        #expect(pool.owned.count == 1 && pool.values(of: a).all.count == 4)
        pool.store(.one(.array([.null])), in: &b)
        #expect(pool.owned.count == 2 && pool.values(of: b).all == [.array([.null])])
        // A relationship lets its values go.
        pool.makeRelationship(&a, mapper: 7, many: true)
        guard case .relationship(let mapper, let many) = a.role else {
            Issue.record("not a relationship")
            return
        }
        #expect(mapper == 7 && many && !a.isAttribute && pool.values(of: a).all.isEmpty)
        #expect(pool.owned[0].all.isEmpty)
    }
}
