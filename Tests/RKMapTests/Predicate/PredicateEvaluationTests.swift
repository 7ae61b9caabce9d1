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
        #expect(try predicate.evaluate(value, context: KeyPathContext(root: value)) == row.expected)
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
        #expect(try predicate.evaluate(Self.child, context: Self.context()) == expected)
    }

    @Test func collectionIndexIsMissingOutsideCollections() throws {
        let predicate = try Predicate(parsing: "@metadata.mapping.collectionIndex == nil")
        #expect(try predicate.evaluate(Self.child, context: Self.context(collectionIndex: nil)))
    }

    @Test func caseInsensitiveKeyMatchingAppliesToPredicates() throws {
        let value = TestJSON.parse(#"{"sportID": 7}"#)
        let predicate = try Predicate(parsing: "sportId == 7")
        #expect(try !predicate.evaluate(value, context: KeyPathContext(root: value)))
        #expect(try predicate.evaluate(value, context: KeyPathContext(root: value, caseInsensitive: true)))
    }

    @Test func compiledOnceEvaluatedMany() throws {
        let predicate = try Predicate(parsing: "name MATCHES '[A-Z].*' AND name LIKE[c] '*a*'")
        let names = ["Blake", "sarah", "Bob", "Anna"]
        let results = try names.map { name -> Bool in
            let value = JSONValue.object(JSONObject([("name", .string(name))]))
            return try predicate.evaluate(value, context: KeyPathContext(root: value))
        }
        #expect(results == [true, false, false, true])
    }

    /// A pattern read from the document that does not compile has no answer
    /// (docs/spec.md §9): an error naming the pattern, never a quiet `false`.
    /// Operands that decide the result first are not affected.
    @Test func undecidablePatternFromTheDocumentThrows() throws {
        let value = TestJSON.parse(#"{"name": "abc", "re": "(a", "ok": "a.c", "n": 1, "list": ["x", "abc"]}"#)
        let context = KeyPathContext(root: value)
        #expect(throws: PredicateEvaluationError(pattern: "(a", problem: "unbalanced '(' at offset 0")) {
            try Predicate(parsing: "name MATCHES re").evaluate(value, context: context)
        }
        #expect(throws: PredicateEvaluationError.self) {
            try Predicate(parsing: "NOT name MATCHES re").evaluate(value, context: context)
        }
        #expect(throws: PredicateEvaluationError.self) {
            try Predicate(parsing: "ANY list MATCHES re").evaluate(value, context: context)
        }
        #expect(try Predicate(parsing: "name MATCHES ok OR name MATCHES re").evaluate(value, context: context))
        #expect(try !Predicate(parsing: "n == 2 AND name MATCHES re").evaluate(value, context: context))
        // A pattern that is not a string is a kind mismatch, false like every string operator.
        #expect(try !Predicate(parsing: "name MATCHES n").evaluate(value, context: context))
        #expect(PredicateEvaluationError(pattern: "(a", problem: "unbalanced '(' at offset 0").description
            == "the pattern '(a' of MATCHES is not a valid regular expression: unbalanced '(' at offset 0")
    }

    /// An `@sum`, `@avg`, `@min` or `@max` without a value (§4: a sum past
    /// 4,096 digits, an element that spells no number, elements with no
    /// common order) leaves the predicate without an answer: read as `null`,
    /// `a.@sum == nil` was quietly true and `a.@sum > 0` quietly false. A
    /// path missing for an ordinary reason is still `null`, and an operand
    /// that decides first still decides.
    @Test func anOperatorWithoutAValueLeavesNoAnswer() throws {
        let value = TestJSON.parse(#"{"huge": [1e80000, 1e-80000], "mixed": ["9.50", "N/A"], "kinds": [1, true], "ok": [1, 2]}"#)
        let context = KeyPathContext(root: value)
        let digits = "the exact @sum needs more than 4096 digits, which rkmap does not represent"
        #expect(throws: PredicateEvaluationError(keyPath: "huge.@sum", problem: digits)) {
            try Predicate(parsing: "huge.@sum == nil").evaluate(value, context: context)
        }
        #expect(throws: PredicateEvaluationError(keyPath: "huge.@sum", problem: digits)) {
            try Predicate(parsing: "NOT (huge.@sum > 0)").evaluate(value, context: context)
        }
        #expect(throws: PredicateEvaluationError(
            keyPath: "mixed.@avg", problem: "element 1 is a string that spells no number, and @avg adds only numbers (and strings that spell them)")) {
            try Predicate(parsing: "mixed.@avg < 10").evaluate(value, context: context)
        }
        #expect(throws: PredicateEvaluationError.self) {
            try Predicate(parsing: "kinds.@max IN {1, 2}").evaluate(value, context: context)
        }
        #expect(throws: PredicateEvaluationError.self) {
            try Predicate(parsing: "{huge.@sum, 1} CONTAINS 1").evaluate(value, context: context)
        }
        #expect(try Predicate(parsing: "missing.@sum == nil AND ok.@sum == 3").evaluate(value, context: context))
        #expect(try Predicate(parsing: "ok.@sum == 3 OR huge.@sum > 0").evaluate(value, context: context))
        #expect(PredicateEvaluationError(keyPath: "huge.@sum", problem: digits).description
            == "the key path 'huge.@sum' has no value: " + digits)
    }
}
