import Testing
@testable import RKMap

@Suite struct PredicateEvaluationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var predicate: String
        var json: String
        var expected: Bool
        var testDescription: String { "\(predicate) on \(json.prefix(40)) → \(expected)" }
    }

    static let cases: [Case] =
        PredicateTable.personRows.map { Case(predicate: $0.0, json: PredicateTable.person, expected: $0.1) }
        + PredicateTable.valueRows.map { Case(predicate: $0.predicate, json: $0.json, expected: $0.expected) }

    @Test func tableIsLargeEnough() {
        #expect(Self.cases.count >= 150)
    }

    @Test(arguments: cases)
    func evaluates(_ row: Case) throws {
        let predicate = try Predicate(parsing: row.predicate)
        let value = TestJSON.parse(row.json)
        #expect(predicate.evaluate(value, context: KeyPathContext(root: value)) == row.expected)
        #expect(predicate.source == row.predicate)
    }

    static let child = TestJSON.parse(#"{"name": "Sarah", "age": 11}"#)
    static let parent = TestJSON.parse(#"{"name": "Blake", "minAge": 10, "child": {"name": "Sarah", "age": 11}}"#)
    static let root = TestJSON.parse(#"{"people": [{"name": "Blake"}], "limit": 3}"#)

    static func context(collectionIndex: Int? = 1, caseInsensitive: Bool = false) -> KeyPathContext {
        var routing = JSONObject()
        routing["parameters"] = .object(JSONObject([("id", .string("42"))]))
        return KeyPathContext(
            root: root, parents: [root, parent],
            metadata: JSONObject([("routing", .object(routing)), ("env", .string("test"))]),
            collectionIndex: collectionIndex, caseInsensitive: caseInsensitive)
    }

    @Test(arguments: [
        ("@root.limit == 3", true), ("@root.people.@count == 1", true), ("@parent.name == 'Blake'", true),
        ("age > @parent.minAge", true), ("@parent.@parent.limit == 3", true), ("@parent.@parent.@parent.x == nil", true),
        ("@metadata.routing.parameters.id == '42'", true), ("@metadata.env == 'test'", true),
        ("@metadata.mapping.collectionIndex == 1", true), ("@metadata.missing == nil", true),
        ("ANY @root.people.name == 'Blake'", true), ("name == @parent.child.name", true),
    ])
    func anchoredKeyPaths(_ text: String, _ expected: Bool) throws {
        let predicate = try Predicate(parsing: text)
        #expect(predicate.evaluate(Self.child, context: Self.context()) == expected)
    }

    @Test func collectionIndexIsMissingOutsideCollections() throws {
        let predicate = try Predicate(parsing: "@metadata.mapping.collectionIndex == nil")
        #expect(predicate.evaluate(Self.child, context: Self.context(collectionIndex: nil)))
    }

    @Test func caseInsensitiveKeyMatchingAppliesToPredicates() throws {
        let value = TestJSON.parse(#"{"sportID": 7}"#)
        let predicate = try Predicate(parsing: "sportId == 7")
        #expect(!predicate.evaluate(value, context: KeyPathContext(root: value)))
        #expect(predicate.evaluate(value, context: KeyPathContext(root: value, caseInsensitive: true)))
    }

    @Test func compiledOnceEvaluatedMany() throws {
        let predicate = try Predicate(parsing: "name MATCHES '[A-Z].*' AND name LIKE[c] '*a*'")
        let names = ["Blake", "sarah", "Bob", "Anna"]
        let results = names.map { name -> Bool in
            let value = JSONValue.object(JSONObject([("name", .string(name))]))
            return predicate.evaluate(value, context: KeyPathContext(root: value))
        }
        #expect(results == [true, false, false, true])
    }
}
