import Testing
@testable import RKMap

/// Whether a predicate reads `@root` decides whether a document may be streamed
/// (docs/spec.md §9, §4): read from the compiled tree, never from the text.
@Suite struct PredicateReadsRootTests {
    @Test(arguments: [
        ("@root.kind == 'news'", true),
        ("kind == '@root'", false),
        ("kind == \"@root.kind\"", false),
        ("NOT (a == 1 OR b IN {1, @root.c})", true),
        ("a == 1 AND (b == 2 OR NOT c == 3)", false),
        ("ANY tags == @root.tag", true),
        ("@parent.kind == 'x'", false),
        ("@metadata.page > 1", false),
        ("TRUEPREDICATE", false),
    ])
    func readsRoot(_ source: String, _ expected: Bool) throws {
        #expect(try Predicate(parsing: source).readsRoot == expected, "\(source)")
    }
}
