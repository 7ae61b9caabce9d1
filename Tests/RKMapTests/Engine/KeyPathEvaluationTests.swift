import Testing
@testable import RKMap

/// Key path evaluation (docs/spec.md §4): KVC over arrays, collection operators,
/// anchors, escapes, case-insensitive matching.
@Suite struct KeyPathEvaluationTests {
    static let document = try! JSONScanner.parse(Array("""
    {"author": {"name": "Blake", "tags": ["a", "b", "a"]},
     "comments": [{"id": 1, "score": 2.5}, {"id": 2}, {"id": 3, "score": 4}],
     "odd.key": true, "@literal": 1, "sportID": 7, "sportid": 8, "SportId": 9, "items": []}
    """.utf8))

    static func evaluate(_ path: String, caseInsensitive: Bool = false) throws -> String? {
        let keyPath = try KeyPath(parsing: path)
        let context = KeyPathContext(root: document, caseInsensitive: caseInsensitive)
        return keyPath.evaluate(on: document, context: context).map { JSONWriter.serialize($0, pretty: false) }
    }

    static let table: [(String, String?)] = [
        ("author.name", "\"Blake\""),
        ("author.missing", nil),
        ("author.name.first", nil),                  // a key on a scalar is missing
        ("comments.id", "[1,2,3]"),                   // KVC collects over arrays
        ("comments.score", "[2.5,null,4]"),           // missing → null inside the array
        ("comments.@count", "3"),
        ("comments.score.@sum", "6.5"),
        ("comments.id.@sum", "6"),
        ("comments.id.@avg", "2"),
        ("comments.id.@min", "1"),
        ("comments.id.@max", "3"),
        ("items.@count", "0"),
        ("items.@sum", "0"),
        ("items.@avg", "null"),
        ("items.@min", "null"),
        ("author.@count", nil),                       // an operator on a non-array is missing
        ("author.tags.@distinctUnionOfObjects", "[\"a\",\"b\"]"),
        ("odd\\.key", "true"),
        ("\\@literal", "1"),
        ("sportID", "7"),
        ("@root.author.name", "\"Blake\""),
    ]

    @Test(arguments: table.indices)
    func evaluates(_ i: Int) throws {
        let (path, expected) = Self.table[i]
        #expect(try Self.evaluate(path) == expected, "\(path)")
    }

    @Test func caseInsensitiveMatchingPrefersExactThenFirstInDocumentOrder() throws {
        #expect(try Self.evaluate("sportid", caseInsensitive: true) == "8")   // exact match wins
        #expect(try Self.evaluate("SPORTID", caseInsensitive: true) == "7")   // first inexact one
        #expect(try Self.evaluate("SPORTID") == nil)                           // exact by default
    }

    @Test func parentAndMetadataAnchors() throws {
        let parent = try JSONScanner.parse(Array(#"{"id": 5, "child": {"x": 1}}"#.utf8))
        let grand = try JSONScanner.parse(Array(#"{"id": 9}"#.utf8))
        let context = KeyPathContext(
            root: .null, parents: [grand, parent],
            metadata: JSONObject([("routing", .object(JSONObject([("parameters", .object(JSONObject([("id", .string("12"))])))])))]),
            collectionIndex: 4)
        let child = JSONValue.object(JSONObject([("x", .number(JSONNumber(1)))]))
        #expect(try KeyPath(parsing: "@parent.id").evaluate(on: child, context: context) == .number(JSONNumber(5)))
        #expect(try KeyPath(parsing: "@parent.@parent.id").evaluate(on: child, context: context) == .number(JSONNumber(9)))
        #expect(try KeyPath(parsing: "@parent.@parent.@parent.id").evaluate(on: child, context: context) == nil)
        #expect(try KeyPath(parsing: "@metadata.routing.parameters.id").evaluate(on: child, context: context) == .string("12"))
        #expect(try KeyPath(parsing: "@metadata.mapping.collectionIndex").evaluate(on: child, context: context) == .number(JSONNumber(4)))
        let outside = KeyPathContext(root: .null)
        #expect(try KeyPath(parsing: "@metadata.mapping.collectionIndex").evaluate(on: child, context: outside) == nil)
    }
}
