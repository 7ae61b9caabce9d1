import Testing
@testable import RKMap

/// Every spec error and warning a user can see, pinned by text and location.
/// Offending values start lines where possible so columns are easy to count.
@Suite struct SpecCompilerDiagnosticTests {
    private static let m = #"{"mappers": [{"id": "m","#   // line 1 of a one-mapper spec
    private static let selfCycle = #"""
        {"root-map-ref": "p", "mappers": [{"id": "p", "dynamic": true, "matchers": [
        {"keyPath": "t", "expectValue": "a", "map-ref": "p"}, {"keyPath": "t", "expectValue": "b", "map-ref": "o"}]}, {"id": "o", "attributes": ["x"]}]}
        """#
    private static let selfCycleWarning = "spec.json:2:1: warning: this matcher chooses 'p', the dynamic mapper it is in: an object it matches "
        + "may never reach an object mapper (apply warns and declines it); choose an object mapper [mapper p]"
    private static let twoCycle = #"""
        {"root-map-ref": "p", "mappers": [{"id": "p", "dynamic": true, "matchers": [{"keyPath": "t", "valueMap": {"x": "q", "y": "o"}}]},
         {"id": "q", "dynamic": true, "matchers": [
        {"keyPath": "k", "expectValue": 1, "map-ref": "p"}]}, {"id": "o", "attributes": ["x"]}]}
        """#
    private static let twoCycleWarning = "spec.json:3:1: warning: this matcher closes a cycle of dynamic mappers, 'p' → 'q' → 'p': an object it "
        + "matches may never reach an object mapper (apply warns and declines it); choose an object mapper [mapper q]"

    @Test(arguments: [
        // Unknown fields, with suggestions.
        ("\(m) \"relationships\": [{\"from\": \"r\", \"to\": \"r\"}],\n\"atributes\": [\"a\"]}]}",
         ["spec.json:2:1: warning: unknown field 'atributes' in mapper 'm'; did you mean 'attributes'?"]),
        ("{\"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}],\n\"descriptors\": [{\"keyPth\": \"x\"}]}",
         ["spec.json:2:18: warning: unknown field 'keyPth' in descriptor; did you mean 'keyPath'?"]),
        ("\(m) \"relationships\": [{\"from\": \"a\", \"to\": \"b\",\n\"mapref\": \"m\"}]}]}",
         ["spec.json:2:1: warning: unknown field 'mapref' in a relationship of mapper 'm'; did you mean 'map-ref'?"]),
        ("\(m)\n\"attributes\": [\"a\"], \"attributes\": [\"b\"]}]}",
         ["spec.json:2:22: warning: duplicate field 'attributes' in mapper 'm'; the last one is used"]),
        ("\(m) \"attributes\": [\"a\"], \"types\": {\n\"zz\": \"int\"}}]}",
         ["spec.json:2:1: warning: 'types' names 'zz', which the mapper does not map; it has no effect [mapper m]"]),
        // Identity is an entity's (docs/spec.md §7): without "entity": true the records
        // of a mapper with identification would insert a row each, silently.
        ("\(m) \"attributes\": [\"id\"],\n\"identification\": [\"id\"]}]}",
         ["spec.json:2:1: warning: 'identification' has no effect on a mapper that is not an entity (records have identity only with \"entity\": true) [mapper m]"]),
        ("\(m) \"attributes\": [\"id\"], \"entity\": true, \"identification\": [\"id\"]}]}", [String]()),
        ("\(m) \"attributes\": {\n\"(user).email\": \"email\"}}]}",
         ["spec.json:2:1: warning: key path '(user).email' names a dynamic key '(user)' but the mapper has no keyAttribute; it is read as a literal key [mapper m]"]),
        ("{\"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}], \"descriptors\": [{\n\"timeZone\": \"UTC\"}]}",
         ["spec.json:2:1: warning: 'timeZone' applies to the whole spec and is ignored in a descriptor; move it to the top level"]),
        ("{\"statusCodes\": [], \"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:17: warning: empty \"statusCodes\": the descriptor never applies"]),
        ("{\"mappers\": [{\"id\": \"d\", \"dynamic\": true,\n\"matchers\": []}]}",
         ["spec.json:2:13: warning: dynamic mapper has no matchers: every representation is declined [mapper d]"]),
        // A matcher leading back to its own dynamic mapper (apply only warned at run time).
        (selfCycle, [selfCycleWarning]),
        (twoCycle, [twoCycleWarning]),
    ])
    func warnings(spec: String, expected: [String]) {
        #expect(SpecTest.messages(spec) == expected)
        #expect(SpecTest.load(spec).graph != nil)
    }

    @Test(arguments: [
        // Structure and kinds.
        ("\"x\"", ["spec.json:1:1: error: a spec must be a JSON object or an array of descriptor objects; found a string"]),
        ("\(m)\n\"attributes\": 5}]}",
         ["spec.json:2:15: error: 'attributes' in mapper 'm' must be an object, an array or null; found a number"]),
        ("\(m) \"attributes\": [\"a\"],\n\"entity\": \"maybe\"}]}",
         ["spec.json:2:11: error: 'entity' in mapper 'm' must be a boolean (true, false, \"YES\" or \"NO\"); found a string"]),
        ("\(m) \"attributes\": {\"a\":\n5}}]}",
         ["spec.json:2:1: error: 'a' in attributes must be a destination attribute name (a string); found a number [mapper m]"]),
        ("{\"keyPath\": \"x\", \"descriptors\": [],\n\"mappers\": []}",
         ["spec.json:1:2: error: 'keyPath' is a descriptor field; with \"descriptors\", move it into a descriptor"]),
        // Mappers and references.
        ("{\"mappers\": [{\"id\": \"a\", \"attributes\": [\"x\"]},\n{\"id\": \"a\", \"attributes\": [\"x\"]}]}",
         ["spec.json:2:8: error: duplicate mapper id 'a'; first declared at line 1 [mapper a]"]),
        ("{\"mappers\": [{\"id\": \"a\", \"attributes\": [\"x\"]}, {\"id\": \"b\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:1: error: ambiguous root: the spec declares 2 mappers; add \"root-map-ref\""]),
        ("{\"keyPath\": \"x\"}",
         ["spec.json:1:1: error: no mapper to apply: the spec declares no mappers; add one under \"mappers\""]),
        ("{\"root-map-ref\": \"a\", \"mappers\": [\n{\"target\": \"A\"}]}",
         ["spec.json:1:18: error: unknown mapper 'a'",
          "spec.json:2:1: error: mapper has no \"id\"; add one so \"map-ref\" and \"root-map-ref\" can name it"]),
        ("\(m) \"relationships\": [{\"from\": \"a\", \"to\": \"b\", \"map-ref\":\n\"n\"}]}]}",
         ["spec.json:2:1: error: unknown mapper 'n'; did you mean 'm'? [mapper m]"]),
        ("\(m) \"relationships\": [\n{\"from\": \"a\"}]}]}",
         ["spec.json:2:1: error: missing field 'to' in a relationship of mapper 'm'"]),
        ("\(m) \"relationships\": [{\"from\": \"a\", \"to\": \"b\", \"map-ref\": \"m\", \"assignmentPolicy\":\n\"unoin\"}]}]}",
         ["spec.json:2:1: error: invalid assignmentPolicy 'unoin'; did you mean 'union'? (expected set, union or replace) [mapper m]"]),
        // Descriptor values.
        ("{\"statusCodes\": [200, \"6XX\", 99], \"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:23: error: invalid status code \"6XX\": expected an integer from 100 to 599 or a class \"1XX\" to \"5XX\"",
          "spec.json:1:30: error: invalid status code 99: expected an integer from 100 to 599 or a class \"1XX\" to \"5XX\""]),
        ("{\"methods\": [\"GET\", \"PSOT\"], \"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:21: error: unknown method 'PSOT'; did you mean 'POST'? (expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or ANY)"]),
        ("{\"keyMatching\": \"caseinsensitive\", \"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:17: error: unknown keyMatching 'caseinsensitive'; did you mean 'caseInsensitive'? (expected \"exact\" or \"caseInsensitive\")"]),
        ("{\"timeZone\": \"Mars/Base\", \"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:14: error: unknown time zone 'Mars/Base' (expected an IANA name such as \"Europe/Paris\", or \"UTC\")"]),
        ("{\"path\": \"/a/:\", \"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:10: error: invalid path pattern: ':' in path pattern '/a/:' must be followed by a parameter name"]),
        ("{\"keyPath\": \"a..b\", \"mappers\": [{\"id\": \"m\", \"attributes\": [\"x\"]}]}",
         ["spec.json:1:16: error: invalid key path: empty key in key path 'a..b'"]),
        // Destinations, types, key paths.
        ("\(m) \"types\": {\"a\":\n\"strng\"}, \"attributes\": [\"a\"]}]}",
         ["spec.json:2:1: error: unknown type 'strng' for 'a'; did you mean 'string'? (expected string, int, double, number, decimal, bool, date, url, array, set or any) [mapper m, attribute a]"]),
        ("\(m) \"entity\": true, \"attributes\": [\"userId\"], \"identification\":\n\"userID\"}]}",
         ["spec.json:2:1: error: 'identification' names 'userID', which the mapper does not map; did you mean 'userId'? [mapper m]"]),
        ("\(m) \"attributes\": [\"title\"], \"modificationAttribute\":\n\"updated\"}]}",
         ["spec.json:2:1: error: 'modificationAttribute' names 'updated', which the mapper does not map [mapper m]"]),
        ("\(m) \"keyAttribute\": \"username\", \"attributes\": {\n\"(user).email\": \"email\"}}]}",
         ["spec.json:2:1: error: key path '(user).email' names the dynamic key '(user)' but the keyAttribute is 'username'; write '(username)' [mapper m]"]),
        ("\(m) \"attributes\": {\n\"a.@cout\": \"n\"}}]}",
         ["spec.json:2:4: error: invalid key path: unknown operator '@cout' in key path 'a.@cout'; did you mean '@count'? (write '\\\\@' in JSON for a key that starts with '@') [mapper m]"]),
        ("\(m) \"attributes\": {\"a\":\n\"x..y\"}}]}",
         ["spec.json:2:1: error: invalid destination 'x..y': a destination name must be non-empty and have no empty part between dots [mapper m]"]),
        ("\(m) \"attributes\": [\"a\"], \"validations\": [{\"attribute\": \"a\", \"predicate\": \"SELF > 1\", \"onFailure\":\n\"drop\"}]}]}",
         ["spec.json:2:1: error: invalid onFailure 'drop' (expected skip, reject or fail) [mapper m]"]),
        ("\(m) \"attributes\": [\"a\"], \"validations\": [{\"attribute\":\n\"zzz\", \"predicate\": \"SELF > 1\"}]}]}",
         ["spec.json:2:1: error: 'attribute' names 'zzz', which the mapper does not map [mapper m]"]),
        // Connections.
        ("\(m) \"attributes\": [\"ids\"], \"connections\": [{\"relationship\": \"r\", \"sourceAttribute\":\n\"idz\", \"target\": \"m\", \"targetAttribute\": \"ids\"}]}]}",
         ["spec.json:2:1: error: 'sourceAttribute' names 'idz', which the mapper does not map; did you mean 'ids'? [mapper m]"]),
        ("\(m) \"target\": \"Article\", \"attributes\": [\"ids\"], \"connections\": [{\"relationship\": \"r\", \"sourceAttribute\": \"ids\", \"target\":\n\"Articel\", \"targetAttribute\": \"ids\"}]}]}",
         ["spec.json:2:1: error: connection target 'Articel' is not a type any mapper produces; did you mean 'Article'? [mapper m]"]),
        ("\(m) \"attributes\": [\"ids\"], \"connections\": [\n{\"relationship\": \"r\", \"sourceAttribute\": \"ids\", \"target\": \"m\", \"targetAttribute\": \"idx\"}]}]}",
         ["spec.json:2:1: error: no mapper of type 'm' maps 'idx'; did you mean 'ids'? [mapper m]"]),
        // Dynamic mappers.
        ("{\"root-map-ref\": \"d\", \"mappers\": [{\"id\": \"o\", \"attributes\": [\"x\"]}, {\"id\": \"d\", \"dynamic\": true, \"matchers\": [\n{\"keyPath\": \"t\", \"map-ref\": \"o\"}]}]}",
         ["spec.json:2:1: error: a matcher needs exactly one of \"expectValue\", \"expectType\", \"valueMap\" or \"predicate\" [mapper d]"]),
        ("{\"root-map-ref\": \"d\", \"mappers\": [{\"id\": \"o\", \"attributes\": [\"x\"]}, {\"id\": \"d\", \"dynamic\": true, \"matchers\": [\n{\"expectValue\": 1, \"map-ref\": \"o\"}]}]}",
         ["spec.json:2:1: error: a matcher with \"expectValue\" needs a \"keyPath\" [mapper d]"]),
        ("{\"root-map-ref\": \"d\", \"mappers\": [{\"id\": \"o\", \"attributes\": [\"x\"]}, {\"id\": \"d\", \"dynamic\": true, \"matchers\": [\n{\"keyPath\": \"t\", \"expectValue\": 1}]}]}",
         ["spec.json:2:1: error: a matcher needs a \"map-ref\" naming the mapper it chooses [mapper d]"]),
        ("{\"root-map-ref\": \"d\", \"mappers\": [{\"id\": \"o\", \"attributes\": [\"x\"]}, {\"id\": \"d\", \"dynamic\": true, \"matchers\": [{\"keyPath\": \"t\", \"expectType\":\n\"str\", \"map-ref\": \"o\"}]}]}",
         ["spec.json:2:1: error: unknown expectType 'str' (expected string, number, bool, object, array or null) [mapper d]"]),
        ("{\"root-map-ref\": \"d\", \"mappers\": [{\"id\": \"oo\", \"attributes\": [\"x\"]}, {\"id\": \"d\", \"dynamic\": true, \"matchers\": [{\"keyPath\": \"t\", \"valueMap\": {\"x\":\n\"o\"}}]}]}",
         ["spec.json:2:1: error: unknown mapper 'o'; did you mean 'oo'? [mapper d]"]),
    ])
    func errors(spec: String, expected: [String]) {
        #expect(SpecTest.messages(spec) == expected)
        #expect(SpecTest.load(spec).graph == nil)
    }

    @Test func severalErrorsAreReportedInOneRun() {
        let spec = "{\"root-map-ref\": \"x\", \"mappers\": [{\"id\": \"m\", \"relationships\": [{\"from\": \"a\", \"to\": \"b\", \"map-ref\": \"y\"}]}]}"
        #expect(SpecTest.errors(spec).count == 2)
    }

    @Test func diagnosticsCarryCodesAndMapperIDs() throws {
        let spec = "\(Self.m)\n\"atributes\": [\"a\"]}]}"
        let d = try #require(SpecTest.load(spec).diagnostics.first)
        #expect(d.code == .unknownField)
        #expect(d.mapperID == "m")
        #expect(d.location == .source(SourceLocation(line: 2, column: 1)))
    }

    @Test func relaxationWarningsComeFirstAndSyntaxErrorsStopTheLoad() {
        let relaxed = SpecTest.load("{\"mappers\": [{\"id\": \"m\", \"entity\": YES, \"atributes\": []}]}")
        // "atributes" is misspelt, so the mapper maps nothing (docs/spec.md §3.1).
        #expect(relaxed.diagnostics.map(\.code) == [SpecJSONParser.relaxedSyntaxCode, .unknownField, .mapsNothing])
        let broken = SpecTest.load("{\"mappers\": [")
        #expect(broken.graph == nil)
        #expect(broken.diagnostics.map(\.severity) == [.error])
    }

    @Test func invalidPredicateMessageNamesTheColumnInsideThePredicate() {
        let issue = SpecIssue.invalidPredicate(PredicateSyntaxError(message: "expected a value after '=='", column: 12))
        #expect(issue.message == "invalid predicate: expected a value after '==' at column 12")
        #expect(issue.severity == .error)
    }
}
