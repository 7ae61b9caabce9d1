import Foundation
import Testing
@testable import RKMap

/// `rkmap check` maps a body whose content is an array element by element
/// from its bytes (`MappingEngine.elementwiseDocument`): the same report as
/// mapping the body's whole tree, for every body where it applies, and the
/// whole tree wherever anything could tell the two apart.
@Suite struct ElementwiseCheckTests {
    typealias F = CheckFixtures

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func exchange(_ body: [UInt8], file: String = "b.json", facts: ExchangeFacts = ExchangeFacts()) -> Exchange {
        Exchange(name: file, file: file, facts: facts, content: .body(body, .json))
    }

    /// Checks `exchange` with and without element-wise mapping; records an
    /// issue when the two results differ. - Returns: whether it was eligible.
    @discardableResult
    private func expectSameResult(
        _ checker: FixtureChecker, _ exchange: Exchange, _ what: @autoclosure () -> String
    ) throws -> Bool {
        let engine = try MappingEngine(graph: checker.graph, options: exchange.facts.mappingOptions)
        guard case .body(let bytes, _) = exchange.content else { return false }
        var invalid = false
        let eligible = engine.elementwiseDocument(bytes, invalid: &invalid) != nil
        checker.elementwise = true
        let streamed = checker.check(exchange)
        // Every array collected through another held as text, however small.
        checker.holdingArraysFrom = 0
        let held = checker.check(exchange)
        checker.holdingArraysFrom = ProjectionPlan.holdingArraysFrom
        checker.elementwise = false
        let whole = checker.check(exchange)
        checker.elementwise = true
        for (result, how) in [(streamed, "element-wise"), (held, "held")] {
            #expect(result.outcome == whole.outcome, "\(how) \(what())")
            #expect(result.records == whole.records, "\(how) \(what())")
            #expect(result.reasons == whole.reasons, "\(how) \(what())")
            #expect(result.output == whole.output, "\(how) \(what())")
        }
        return eligible
    }

    private func checker(_ spec: String, configure: (inout CheckOptions) -> Void = { _ in }) throws -> FixtureChecker {
        try F.checker(spec, configure: configure)
    }

    /// A checker of `spec` under each `--unmapped`/`--missing` policy, with
    /// and without `--allow-warnings`, and the policy's name.
    private func checkersUnderEveryPolicy(_ spec: String) throws -> [(FixtureChecker, String)] {
        var out: [(FixtureChecker, String)] = []
        for unmapped in CheckOptions.Unmapped.allCases {
            for warnings in [false, true] {
                let c = try checker(spec) {
                    $0.unmapped = unmapped
                    $0.missing = CheckOptions.Missing(rawValue: unmapped.rawValue)!
                    $0.allowWarnings = warnings
                }
                out.append((c, "\(unmapped) \(warnings)"))
            }
        }
        return out
    }

    /// `body` read as the check reads a body mapped whole, every array its
    /// relationships map held as its elements' text however small, and the
    /// engine that maps it so.
    private func readHoldingEveryArray(
        _ body: String, _ checker: FixtureChecker, caseInsensitive: Bool
    ) throws -> (MappingEngine, JSONValue) {
        var options = MappingOptions()
        options.holdsLargeArrays = true
        options.holdingArraysFrom = 0
        let engine = try MappingEngine(graph: checker.graph, options: options)
        let plan = try #require(ProjectionPlan(
            wholeHoldingAsIn: engine.documentProjection.projection, caseInsensitive: caseInsensitive, holdingArraysFrom: 0))
        let document = try Array(body.utf8).withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: bytes, maxDepth: 512)
            return try scanner.readValue(projection: plan)
        }
        return (engine, document)
    }

    /// The report's reasons located at JSON paths, as `code path message`.
    private func pathReasons(_ result: ExchangeResult) -> [String] {
        result.reasons.compactMap { r -> String? in
            if case .jsonPath(let p) = r.location { return "\(r.code?.rawValue ?? "") \(p) \(r.message)" }
            return nil
        }
    }

    /// Expects every body eligible, and checked element-wise to give the
    /// whole read's result under every policy. - Returns: the rendered
    /// output of the first body (warnings allowed).
    private func expectEligibleAndSameUnderEveryPolicy(_ spec: String, _ bodies: [String]) throws -> String {
        for body in bodies { #expect(try eligible(spec, body), "\(body)") }
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for body in bodies {
                #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)"))
            }
        }
        let report = try checker(spec) { $0.allowWarnings = true }.check(exchange(Array(bodies[0].utf8)), rendering: true)
        return String(decoding: try #require(report.output), as: UTF8.self)
    }

    private func eligible(_ spec: String, _ body: String, facts: ExchangeFacts = ExchangeFacts()) throws -> Bool {
        let engine = try MappingEngine(graph: try F.graph(spec), options: facts.mappingOptions)
        var invalid = false
        return engine.elementwiseDocument(Array(body.utf8), invalid: &invalid) != nil
    }

    /// Whether the body was read and found not to be one valid document
    /// (the checker then validates it without building its tree).
    private func foundInvalid(_ spec: String, _ body: String) throws -> Bool {
        let engine = try MappingEngine(graph: try F.graph(spec), options: ExchangeFacts().mappingOptions)
        var invalid = false
        _ = engine.elementwiseDocument(Array(body.utf8), invalid: &invalid)
        return invalid
    }

    private static let items = #"{"mappers": [{"id": "item", "attributes": {"id": "id", "name": "name"}}], "descriptors": [{"keyPath": "data.items", "root-map-ref": "item"}]}"#

    // MARK: When

    /// Keys through objects to an array, each found once: element-wise.
    /// Anything else maps the whole tree, which reports it as it always did.
    @Test func onlyAnArrayFoundOnceThroughObjectsIsMappedElementwise() throws {
        let s = Self.items
        #expect(try eligible(s, #"{"data": {"items": [{"id": 1}], "next": null}, "meta": 1}"#))
        #expect(try eligible(s, #" {"data": {"items": []}} "#))
        // The content is not an array, or not there, or not reached through objects.
        #expect(try !eligible(s, #"{"data": {"items": {"id": 1}}}"#))
        #expect(try !eligible(s, #"{"data": {"items": null}}"#))
        #expect(try !eligible(s, #"{"data": {"other": []}}"#))
        // The last key through an array collects (`pages.items`): each element's value.
        #expect(try eligible(s, #"{"data": [{"items": []}]}"#))
        #expect(try !eligible(s, #"{"data": [{"other": []}]}"#))
        #expect(try !eligible(s, #"{"data": [[{"items": []}]]}"#))
        #expect(try !eligible(s, #"{"data": [{"items": [], "items": []}]}"#))
        #expect(try !eligible(s, #"[{"data": {"items": []}}]"#))
        // A key twice: which one a whole read takes is left to it.
        #expect(try !eligible(s, #"{"data": {"items": [], "items": [{"id": 1}]}}"#))
        #expect(try !eligible(s, #"{"data": {"items": []}, "data": {"items": []}}"#))
        // Not one valid document: the whole read's message says why.
        #expect(try !eligible(s, ""))
        #expect(try !eligible(s, #"{"data": {"items": [1,]}}"#))
        #expect(try !eligible(s, #"{"data": {"items": []}} {}"#))
        #expect(try !eligible(s, #"{"data": {"items": []}}]"#))
        #expect(try foundInvalid(s, #"{"data": {"items": [1,]}}"#))
        #expect(try foundInvalid(s, #"{"data": {"items": [{"id": 1}, {"id": "\q"}]}}"#))
        #expect(try !foundInvalid(s, #"{"data": {"items": {"id": 1}}}"#))
        #expect(try !foundInvalid(s, #"{"data": {"items": []}}"#))
        // Case-insensitive keys: one candidate, or two.
        let folded = #"{"keyMatching": "caseInsensitive", "mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "Data.Items", "root-map-ref": "item"}]}"#
        #expect(try eligible(folded, #"{"data": {"items": [{"id": 1}]}}"#))
        #expect(try !eligible(folded, #"{"data": {"items": [], "Items": []}}"#))
        #expect(try !eligible(s, #"{"Data": {"items": []}}"#))
        // Specs whose mapping an element cannot do alone.
        // `@root` read beside the content: the skeleton has it; a read into
        // the content, or of what holds it, needs the whole document.
        let atRoot = #"{"mappers": [{"id": "item", "attributes": {"id": "id", "@root.meta.page": "page"}}], "descriptors": [{"keyPath": "items", "root-map-ref": "item"}]}"#
        #expect(try eligible(atRoot, #"{"items": [{"id": 1}], "meta": {"page": 2}}"#))
        // A read into the content by keys: the skeleton holds the content as the reads read it.
        for read in ["@root.items.@count", "@root.items", "@root.items.id", "@root.items[0].id"] {
            let spec = atRoot.replacingOccurrences(of: "@root.meta.page", with: read)
            #expect(try eligible(spec, #"{"items": [{"id": 1}], "meta": {"page": 2}}"#), "\(read)")
        }
        // `@root` or what holds the content copied whole: the skeleton holds
        // the content as its text (`aRootCopiedWholeIsReadAsItsText`).
        #expect(try eligible(atRoot.replacingOccurrences(of: "@root.meta.page", with: "@root"), #"{"items": [{"id": 1}]}"#))
        let listing = #"{"mappers": [{"id": "item", "attributes": {"id": "id", "@root.data.after": "after"}}], "descriptors": [{"keyPath": "data.children", "root-map-ref": "item"}]}"#
        #expect(try eligible(listing, #"{"data": {"after": "t3", "children": [{"id": 1}]}}"#))
        #expect(try eligible(listing.replacingOccurrences(of: "@root.data.after", with: "@root.data"), #"{"data": {"children": []}}"#))
        // Copied beside a path that reads none of the content: the skeleton
        // holds the content as its text, the rest whole
        // (`aRootCopiedBesideRootPathsIsReadAsItsText`).
        #expect(try eligible(listing.replacingOccurrences(of: "\"@root.data.after\": \"after\"", with: "\"@root.data\": \"d\", \"@root.data.after\": \"after\""),
                             #"{"data": {"children": []}}"#))
        // Copied and counted, or read into through its elements: the
        // content as its elements' text, each element read back for the
        // paths (`aRootCopiedBesideRootPathsIsReadAsItsText`).
        for read in ["@root.data.children.id", "@root.data.children.@count", "@root.data.children.id.@count"] {
            let both = listing.replacingOccurrences(of: "\"@root.data.after\": \"after\"", with: "\"@root.data\": \"d\", \"\(read)\": \"c\"")
            #expect(try eligible(both, #"{"data": {"children": []}}"#), "\(read)")
        }
        // Into the document as the content: the skeleton is the document as the reads read it.
        let rootOfArray = #"{"mappers": [{"id": "item", "attributes": {"id": "id", "@root.@count": "n"}}], "descriptors": [{"root-map-ref": "item"}]}"#
        #expect(try eligible(rootOfArray, #"[{"id": 1}]"#))
        // An index at the start of a path reads the document whole from there.
        #expect(try !eligible(rootOfArray.replacingOccurrences(of: "@root.@count", with: "@root[0].id"), #"[{"id": 1}]"#))
        let matcher = #"{"mappers": [{"id": "item", "attributes": ["id"]}, {"id": "pick", "dynamic": true, "matchers": [{"predicate": "@root.meta.v == 2", "map-ref": "item"}]}], "descriptors": [{"keyPath": "items", "root-map-ref": "pick"}]}"#
        #expect(try eligible(matcher, #"{"items": [{"id": 1}], "meta": {"v": 2}}"#))
        #expect(try eligible(matcher.replacingOccurrences(of: "@root.meta.v == 2", with: "@root.items.@count == 1"), #"{"items": [{"id": 1}]}"#))
        // Ignoring case, the skeleton holds the content as the folded reads
        // read it; a key found twice ignoring case leaves it to a whole read.
        let foldedRoot = #"{"keyMatching": "caseInsensitive", "mappers": [{"id": "item", "attributes": {"id": "id", "@root.ITEMS.@count": "n"}}], "descriptors": [{"keyPath": "items", "root-map-ref": "item"}]}"#
        #expect(try eligible(foldedRoot, #"{"Items": [{"id": 1}]}"#))
        #expect(try !eligible(foldedRoot, #"{"Items": [{"id": 1}], "items": []}"#))
        // Several descriptors (JSON:API's `data` and `included`): each array
        // found once, none inside another's.
        let two = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "items", "root-map-ref": "item"}, {"keyPath": "more", "root-map-ref": "item"}]}"#
        #expect(try eligible(two, #"{"more": [], "x": 1, "items": [{"id": 1}]}"#))
        #expect(try !eligible(two, #"{"items": [{"id": 1}]}"#))
        // One of them one object: kept in the skeleton, mapped from there.
        #expect(try eligible(two, #"{"items": [{"id": 1}], "more": {}}"#))
        #expect(try expectSameResult(try checker(two), exchange(Array(#"{"items": [{"id": 1}], "more": {"id": 2, "x": 1}}"#.utf8)), "object"))
        let same = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "data.items", "root-map-ref": "item"}, {"keyPath": "data.items", "root-map-ref": "item"}, {"keyPath": "data.more", "root-map-ref": "item"}]}"#
        #expect(try eligible(same, #"{"data": {"items": [{"id": 1}], "more": [{"id": 2}]}}"#))
        let nested = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "data", "root-map-ref": "item"}, {"keyPath": "data.items", "root-map-ref": "item"}]}"#
        // An envelope on the way (`data`) maps the skeleton's object; an
        // array there is mapped element by element by a whole read.
        #expect(try eligible(nested, #"{"data": {"items": []}}"#))
        #expect(try !eligible(nested, #"{"data": [{"items": []}]}"#))
        #expect(try !eligible(nested, #"{"data": [{"items": []}]}"#))
        let mixed = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"root-map-ref": "item"}, {"keyPath": "items", "root-map-ref": "item"}]}"#
        // The document as one descriptor's content beside another's inside
        // it: the skeleton is mapped (`anEnvelopeOfTheDocumentBesideAContentMapsTheSkeleton`),
        // also a root array whose elements' `items` are collected.
        #expect(try eligible(mixed, #"{"items": []}"#))
        #expect(try eligible(mixed, #"[{"items": []}]"#))
        let spellings = #"{"keyMatching": "caseInsensitive", "mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "items", "root-map-ref": "item"}, {"keyPath": "Items", "root-map-ref": "item"}]}"#
        #expect(try !eligible(spellings, #"{"items": [{"id": 1}]}"#))
        // An index into an array on the way picks one element; the others stay as they are.
        let indexed = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "items[0].list", "root-map-ref": "item"}]}"#
        #expect(try eligible(indexed, #"{"items": [{"list": []}]}"#))
        #expect(try eligible(indexed, #"{"items": [{"list": [{"id": 1}]}, {"list": 2}, 3]}"#))
        #expect(try !eligible(indexed, #"{"items": []}"#))
        #expect(try !eligible(indexed, #"{"items": {"0": {"list": []}}}"#))
        #expect(try !eligible(indexed, #"{"items": [{"list": {}}]}"#))
        let fromEnd = indexed.replacingOccurrences(of: "items[0].list", with: "items[-1].list")
        #expect(try eligible(fromEnd, #"{"items": [{"list": 1}, {"list": [{"id": 1}]}]}"#))
        #expect(try !eligible(fromEnd, #"{"items": []}"#))
        let twoIndexes = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "items[0].list", "root-map-ref": "item"}, {"keyPath": "items[-1].list", "root-map-ref": "item"}]}"#
        #expect(try eligible(twoIndexes, #"{"items": [{"list": []}, {"list": []}]}"#))
        // One element named twice (`[0]` and `[-1]` of one element): a whole read.
        #expect(try !eligible(twoIndexes, #"{"items": [{"list": []}]}"#))
        let atTop = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "[1]", "root-map-ref": "item"}]}"#
        #expect(try eligible(atTop, #"[{"id": 0}, [{"id": 1}]]"#))
        #expect(try !eligible(atTop, #"[{"id": 0}, {"id": 1}]"#))
        #expect(try !eligible(indexed.replacingOccurrences(of: "items[0].list", with: "items.@count"), #"{"items": []}"#))
        // No key path: a top-level array is the content; an object is one record.
        let whole = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"root-map-ref": "item"}]}"#
        #expect(try eligible(whole, #" [{"id": 1}, null, [{"id": 2}]]"#))
        #expect(try !eligible(whole, #"{"id": 1}"#))
        #expect(try !eligible(whole, #"[{"id": 1}] ["#))
        let connected = #"""
            {"mappers": [{"id": "item", "target": "Item", "attributes": ["id", "ownerID"],
              "connections": [{"relationship": "owner", "sourceAttribute": "ownerID", "target": "Item", "targetAttribute": "id"}]}],
             "descriptors": [{"keyPath": "items", "root-map-ref": "item"}]}
            """#
        // Connections: the records are held as bytes and connected at the end.
        #expect(try eligible(connected, #"{"items": [{"id": 1, "ownerID": 1}]}"#))
    }

    /// Connections (spec §3.4) find their target anywhere in the document:
    /// the records are held until every descriptor is mapped, then
    /// connected. The same report as a whole read, for targets in an earlier
    /// or a later descriptor, in a nested relationship, missing, of the other
    /// kind, not a scalar, from an array source with a `null`, and from a
    /// keyed dictionary.
    @Test func connectionsAreMadeAsAWholeReadMakesThem() throws {
        let spec = #"""
            {"mappers": [
              {"id": "article", "target": "Article", "attributes": ["id", "authorID", "tagIDs"],
               "relationships": [{"from": "comments", "to": "comments", "map-ref": "comment"}],
               "connections": [
                 {"relationship": "author", "sourceAttribute": "authorID", "target": "Person", "targetAttribute": "id"},
                 {"relationship": "tags", "sourceAttribute": "tagIDs", "target": "Tag", "targetAttribute": "id"}]},
              {"id": "comment", "target": "Comment", "attributes": ["text", "by"],
               "connections": [{"relationship": "author", "sourceAttribute": "by", "target": "Person", "targetAttribute": "id"}]},
              {"id": "person", "target": "Person", "attributes": ["id", "name"]},
              {"id": "tag", "target": "Tag", "keyAttribute": "id", "forceCollection": true, "attributes": ["label"]}],
             "descriptors": [
               {"keyPath": "people", "root-map-ref": "person"},
               {"keyPath": "data", "root-map-ref": "article"},
               {"keyPath": "tags", "root-map-ref": "tag"},
               {"keyPath": "more", "root-map-ref": "person"}]}
            """#
        let bodies = [
            // Found earlier, later (`more`), in a dictionary; a comment's author too.
            #"{"people": [{"id": 1, "name": "ana"}], "data": [{"id": 10, "authorID": 2, "tagIDs": ["t1", null, "t2"], "comments": [{"text": "hi", "by": 1}]}], "tags": {"t1": {"label": "a"}, "t2": {"label": "b"}}, "more": [{"id": 2, "name": "bo"}]}"#,
            // Not found, the other kind (`"1"` for `1`), an object as the value, two targets with one id (the first wins).
            #"{"people": [{"id": 1, "name": "ana"}, {"id": 1, "name": "twin"}], "data": [{"id": 10, "authorID": "1", "comments": [{"by": 9}]}, {"id": 11, "authorID": {"x": 1}, "tagIDs": ["t9"]}], "tags": {}, "more": []}"#,
            #"{"people": [], "data": [], "tags": {}, "more": []}"#,
        ]
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for body in bodies {
                #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)"))
            }
        }
        // What the report says, so that equal cannot mean equally empty.
        let found = try checker(spec).check(exchange(Array(bodies[0].utf8)))
        #expect(found.outcome == .passed, "\(found.reasons)")
        // Root records: 1 person, 1 article, 2 tags, 1 more person.
        #expect(found.records == 5)
        let output = String(decoding: try #require(found.output), as: UTF8.self)
        #expect(output.contains(#""author": {\#n      "@type": "Person",\#n      "id": 2,\#n      "name": "bo"\#n    }"#), "\(output)")
        #expect(output.contains(#""label": "b""#))
        let missing = try checker(spec) { $0.allowWarnings = true }.check(exchange(Array(bodies[1].utf8)))
        let messages = missing.reasons.map(\.message)
        #expect(messages.contains { $0.hasPrefix("connection 'author': no Person with id = \"1\" in the document; the value is left out (a Person has id = the number 1") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("connection 'author': no Person with id = 9 in the document") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("connection 'tags': no Tag with id = \"t9\" in the document") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix(#"connection 'author': {"x":1} is not a string, number or boolean"#) }, "\(messages)")
        #expect(missing.records == 4)
    }

    /// A dictionary that a `forceCollection` object mapper maps (spec §5.3),
    /// at a key path or as the document itself: member by member, unless a
    /// key repeats (a whole read keeps the first one's position with the
    /// last one's value). Under a dynamic mapper, see the next test.
    @Test func aKeyedDictionaryIsMappedMemberByMember() throws {
        let users = #"{"mappers": [{"id": "user", "target": "User", "keyAttribute": "username", "forceCollection": true, "attributes": {"email": "email", "@metadata.mapping.collectionIndex": "index"}}], "descriptors": [{"keyPath": "users", "root-map-ref": "user"}]}"#
        #expect(try eligible(users, #"{"users": {"ana": {"email": "a"}, "bo": {}}, "page": 1}"#))
        #expect(try eligible(users, #"{"users": {}}"#))
        #expect(try eligible(users, #"{"users": [{"ana": {}}, {"bo": {}}]}"#))
        #expect(try !eligible(users, #"{"users": {"ana": {}, "bo": {}, "ana": {"email": "x"}}}"#))
        #expect(try !eligible(users, #"{"users": "ana"}"#))
        // Keys equal only after Unicode normalization are two keys (spec §4).
        #expect(try eligible(users, #"{"users": {"\u00e9": {}, "e\u0301": {}}}"#))
        let root = #"{"mappers": [{"id": "user", "keyAttribute": "username", "forceCollection": true, "attributes": ["email"]}], "descriptors": [{"root-map-ref": "user"}]}"#
        #expect(try eligible(root, #" {"ana": {"email": "a"}, "bo": 2} "#))
        #expect(try !eligible(root, #"{"ana": 1, "bo": 2, "ana": 3}"#))
        #expect(try !eligible(root, #"{"ana": 1} {}"#))
        // Without forceCollection the object is one record, mapped whole.
        let one = #"{"mappers": [{"id": "user", "keyAttribute": "username", "attributes": ["email"]}], "descriptors": [{"keyPath": "users", "root-map-ref": "user"}]}"#
        #expect(try !eligible(one, #"{"users": {"ana": {}}}"#))

        // The same report either way, and what it says.
        let bodies = [
            #"{"users": {"ana": {"email": "a", "age": 3}, "bo": {}, "cy": null, "di": 4, "ed": [{"email": "e"}]}, "page": 1}"#,
            #"{"users": {"ana": {}, "ana": {"email": "x", "age": 1}}}"#,
            #"{"users": {"\u00e9": {"email": "1"}, "e\u0301": {"email": "2"}}}"#,
            #"{"users": {}}"#,
        ]
        for (c, policy) in try checkersUnderEveryPolicy(users) {
            for body in bodies { try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)") }
        }
        let report = try checker(users) { $0.allowWarnings = true }.check(exchange(Array(bodies[0].utf8)))
        // `cy` is null; `di` and `ed` are not objects (each a warning).
        #expect(report.records == 2)
        let paths = pathReasons(report)
        #expect(paths.contains("unmapped $.users.*.age not mapped (1 time)"))
        #expect(paths.contains("unmapped $.page not mapped (1 time)"))
        #expect(paths.contains { $0.hasSuffix("$.users.ed the value of key 'ed' is an array, not an object: mapper 'user' maps the object under a key as a record; it maps another value only with an attribute from the nil key path (\"\")") })
        let output = String(decoding: try #require(report.output), as: UTF8.self)
        // The members' positions in the dictionary, as a whole read numbers them.
        #expect(output.contains("\"username\": \"bo\",\n    \"index\": 1\n"), "\(output)")
        let rootChecker = try checker(root) { $0.unmapped = .error }
        for body in [#"{"ana": {"email": "a"}, "bo": {"email": "b", "x": 1}}"#, #"{"ana": {}, "ana": {"x": 1}}"#] {
            #expect(try expectSameResult(rootChecker, exchange(Array(body.utf8)), body) == !body.contains(#""ana": {}, "ana""#))
        }
    }

    /// A content object whose dynamic root mapper may choose a
    /// `forceCollection` mapper (spec §3.3, §5.3): the mapper is chosen from
    /// what the matchers read of the object (`KeyedChoice`, as `apply`
    /// streams it), then the dictionary mapped member by member, or the
    /// object read whole for a one-record mapper; a decline maps nothing and
    /// is drift. The same report, records and output as a whole read under
    /// every policy: matchers reading a member, only the kind, through a
    /// chain of dynamic mappers, ignoring case. Matchers that read the whole
    /// object (an `expectValue` of the object itself) leave it to a whole read.
    @Test func aKeyedDictionaryChosenByADynamicMapperIsMappedMemberByMember() throws {
        let users = #"{"id": "user", "target": "User", "keyAttribute": "username", "forceCollection": true, "attributes": {"email": "email", "@metadata.mapping.collectionIndex": "index"}}"#
        let single = #"{"id": "single", "target": "Single", "attributes": ["kind", "email"]}"#
        func spec(_ matchers: String, extra: String = "", options: String = "") -> String {
            #"{\#(options)"mappers": [\#(users), \#(single), {"id": "pick", "dynamic": true, "matchers": [\#(matchers)]}\#(extra)], "descriptors": [{"keyPath": "users", "root-map-ref": "pick"}]}"#
        }
        let specs = [
            // A member read: `ana` with an email chooses the dictionary; `kind: one` one record.
            spec(#"{"keyPath": "kind", "expectValue": "one", "map-ref": "single"}, {"keyPath": "ana.email", "expectType": "string", "map-ref": "user"}"#),
            // Only the kind of the object itself.
            spec(#"{"keyPath": "", "expectType": "object", "map-ref": "user"}"#),
            // Through another dynamic mapper.
            spec(#"{"keyPath": "", "expectType": "object", "map-ref": "inner"}"#,
                 extra: #", {"id": "inner", "dynamic": true, "matchers": [{"keyPath": "kind", "expectValue": "one", "map-ref": "single"}, {"keyPath": "bo", "expectType": "object", "map-ref": "user"}]}"#),
            // Ignoring case: `ANA.EMAIL` reads `ana.email`.
            spec(#"{"keyPath": "ANA.EMAIL", "expectType": "string", "map-ref": "user"}"#, options: #""keyMatching": "caseInsensitive", "#),
        ]
        let bodies = [
            #"{"users": {"ana": {"email": "a", "age": 3}, "bo": {"email": "b"}, "cy": null, "di": 4}, "page": 1}"#,
            #"{"users": {"kind": "one", "email": "x", "extra": true}}"#,
            #"{"users": {"bo": {"email": "b", "age": 2}}}"#,
            #"{"users": {"ANA": {"EMAIL": "a"}, "bo": {}}}"#,
            #"{"users": {}}"#,
            #"{"users": [{"ana": {"email": "a"}}, {"kind": "one"}]}"#,
        ]
        for spec in specs {
            for body in bodies { #expect(try eligible(spec, body), "\(spec) \(body)") }
            for (c, policy) in try checkersUnderEveryPolicy(spec) {
                for body in bodies { try expectSameResult(c, exchange(Array(body.utf8)), "\(spec) \(body) \(policy)") }
            }
        }
        // What the first spec makes of each: the dictionary's records with
        // their positions, one record, a declined object reported.
        let first = try checker(specs[0]) { $0.allowWarnings = true }
        let dictionary = first.check(exchange(Array(bodies[0].utf8)))
        #expect(dictionary.records == 2)
        #expect(pathReasons(dictionary).contains("unmapped $.users.*.age not mapped (1 time)"), "\(pathReasons(dictionary))")
        let output = String(decoding: try #require(dictionary.output), as: UTF8.self)
        #expect(output.contains("\"username\": \"bo\",\n    \"email\": \"b\",\n    \"index\": 1\n"), "\(output)")
        let record = first.check(exchange(Array(bodies[1].utf8)))
        #expect(record.records == 1)
        #expect(pathReasons(record).contains("unmapped $.users.extra not mapped (1 time)"), "\(pathReasons(record))")
        let declined = first.check(exchange(Array(bodies[2].utf8)))
        #expect(declined.records == 0)
        #expect(pathReasons(declined).contains { $0.contains("$.users") && $0.contains("pick") }, "\(pathReasons(declined))")
        // An `expectValue` of the object itself reads all of it: a whole read.
        let whole = spec(#"{"keyPath": "", "expectValue": {"ana": {"email": "a"}}, "map-ref": "user"}"#)
        #expect(try !eligible(whole, bodies[0]))
    }

    /// The value under each key of a content dictionary is read as its
    /// mapper reads it (`MappingGraph.heldProjection(ofMemberOf:)`): a value
    /// an untyped nil key path only copies as its compact text, a large
    /// array a relationship maps held; the report is the whole read's.
    @Test func aDictionarysValuesAreReadAsItsMapperReadsThem() throws {
        let copied = #"{"mappers": [{"id": "entry", "target": "Entry", "forceCollection": true, "keyAttribute": "key", "attributes": {"": "value"}}], "descriptors": [{"keyPath": "users", "root-map-ref": "entry"}]}"#
        let readInto = #"""
            {"mappers": [
              {"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name",
               "attributes": {"email": "email", "age": "age", "tags": "tags"}, "types": {"age": "int"},
               "relationships": [{"from": "pets", "to": "pets", "map-ref": "pet", "many": true}, {"from": "", "to": "self", "map-ref": "again"}]},
              {"id": "pet", "target": "Pet", "attributes": ["kind"]},
              {"id": "again", "target": "Again", "attributes": {"email": "email", "gone": "gone"}}],
             "descriptors": [{"keyPath": "users", "root-map-ref": "user"}]}
            """#
        let bodies = [
            #"{"users": {"ana": {"email": "a", "age": "7", "tags": [1, [2]], "pets": [{"kind": "cat", "x": 1}, null, 3], "unread": {"deep": [1]}}, "bo": null, "cy": 3, "di": [{"email": "e"}], "ed": {}}, "page": 1}"#,
            #"{"users": {"items": [{"id": 1, "tags": ["a", {"b": [1.50, 1e2]}]}, null, []], "n": 12345678901234567890123, "o": {"deep": {"x": [[]]}}}}"#,
            #"{"users": {}}"#,
        ]
        for spec in [copied, readInto] {
            for body in bodies { #expect(try eligible(spec, body), "\(spec) \(body)") }
            for (c, policy) in try checkersUnderEveryPolicy(spec) {
                for body in bodies { try expectSameResult(c, exchange(Array(body.utf8)), "\(spec) \(body) \(policy)") }
            }
        }
        // Copied whole: nothing in a value is unmapped, every key a record.
        let whole = try checker(copied) { $0.unmapped = .error; $0.missing = .error }
        let report = whole.check(exchange(Array(bodies[1].utf8)))
        #expect(report.outcome == .passed && report.records == 3, "\(pathReasons(report))")
        let output = String(decoding: try #require(report.output), as: UTF8.self)
        #expect(output.contains("12345678901234567890123") && output.contains("1.50") && output.contains("1e2"), "\(output)")
        // Read into: what no key path reads is unmapped; the relationship's
        // elements are mapped from the held array.
        let into = try checker(readInto) { $0.allowWarnings = true }
        let paths = pathReasons(into.check(exchange(Array(bodies[0].utf8))))
        #expect(paths.contains("unmapped $.users.*.pets[*].x not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.users.*.unread not mapped (1 time)"), "\(paths)")
        #expect(paths.contains { $0.hasPrefix("missing $.users.*.gone mapped but missing") }, "\(paths)")
    }

    // MARK: The same report

    /// Drift inside elements and around the array, elements that map to
    /// nothing or to nested collections, a dynamic mapper that declines some,
    /// a failed validation: the report of the element-wise mapping, exactly
    /// as a whole read gives it (which the other check tests pin).
    @Test func driftIsReportedAsFromTheWholeTree() throws {
        let spec = #"""
            {"mappers": [
              {"id": "user", "target": "User", "attributes": {"id": "id", "name": "name", "email": "email"}, "types": {"id": "int"},
               "relationships": [{"from": "address", "to": "address", "map-ref": "address"}]},
              {"id": "bot", "target": "Bot", "attributes": ["id"]},
              {"id": "address", "target": "Address", "attributes": ["city"]},
              {"id": "kind", "dynamic": true, "matchers": [
                {"keyPath": "type", "expectValue": "user", "map-ref": "user"},
                {"keyPath": "type", "expectValue": "bot", "map-ref": "bot"}]}],
             "descriptors": [{"keyPath": "response.users", "root-map-ref": "kind"}]}
            """#
        let body = #"""
            {"response": {"users": [
              {"type": "user", "id": 1, "name": "a", "address": {"city": "P", "zip": "1"}, "avatar": "x"},
              null, 3,
              [{"type": "bot", "id": 2, "version": 1}],
              {"type": "user", "id": "7x", "name": "b"},
              {"type": "robot", "id": 3},
              {"type": "user", "id": 4, "avatar": null}
             ], "cursor": "c2"}, "meta": {"page": 1}}
            """#
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            #expect(try expectSameResult(c, exchange(Array(body.utf8)), policy))
        }
        // What the report says, so that equal cannot mean equally empty.
        let report = try checker(spec).check(exchange(Array(body.utf8)))
        #expect(report.outcome == .failed)
        let paths = pathReasons(report)
        #expect(paths.contains("unmapped $.response.users[*].avatar not mapped (2 times)"))
        #expect(paths.contains("unmapped $.response.users[*].address.zip not mapped (1 time)"))
        #expect(paths.contains("unmapped $.response.users[*][*].version not mapped (1 time)"))
        #expect(paths.contains("unmapped $.response.cursor not mapped (1 time)"))
        #expect(paths.contains("unmapped $.meta not mapped (1 time)"))
        #expect(paths.contains { $0.hasPrefix("unmapped $.response.users[*] declined (1 object)") })
    }

    /// `@root` key paths beside the content (a page number, a cursor in the
    /// envelope, a matcher's predicate): each element reads the skeleton,
    /// which has them; the report on the root counts them read, as a whole
    /// read does, and the envelope's other members are still reported.
    @Test func rootReadsBesideTheContentAreReadFromTheSkeleton() throws {
        let spec = #"""
            {"mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.meta.page": "page", "@root.data.after": "cursor"}},
              {"id": "old", "target": "Old", "attributes": {"id": "id", "@root.meta.page": "page"}},
              {"id": "pick", "dynamic": true, "matchers": [
                {"predicate": "@root.meta.version >= 2", "map-ref": "item"},
                {"keyPath": "@root.meta.version", "expectValue": 1, "map-ref": "old"}]}],
             "descriptors": [{"keyPath": "data.children", "root-map-ref": "pick"}]}
            """#
        let bodies = [
            #"{"meta": {"page": 3, "version": 2, "total": 9}, "data": {"after": "t3", "children": [{"id": 1}, {"id": 2, "x": 0}, null]}, "kind": "Listing"}"#,
            #"{"meta": {"page": 3, "version": 1}, "data": {"children": [{"id": 1}], "after": null}}"#,
            #"{"meta": {"version": 7}, "data": {"children": [{"id": 1}]}, "meta": {"version": 0}}"#,
            #"{"data": {"children": [{"id": 1}]}}"#,
        ]
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for body in bodies { #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)")) }
        }
        let report = try checker(spec) { $0.unmapped = .error }.check(exchange(Array(bodies[0].utf8)))
        let paths = pathReasons(report)
        #expect(paths.sorted() == [
            "unmapped $.data.children[*].x not mapped (1 time)",
            "unmapped $.kind not mapped (1 time)",
            "unmapped $.meta.total not mapped (1 time)",
        ], "\(paths)")
        let output = String(decoding: try #require(report.output), as: UTF8.self)
        #expect(output.contains("\"id\": 2,\n    \"page\": 3,\n    \"cursor\": \"t3\"\n"), "\(output)")
    }

    /// A JSON:API document: `data` and `included` by two descriptors, each
    /// array mapped element by element in file order, the envelope's other
    /// members (`meta`, `links`, `jsonapi`) reported once.
    @Test func severalDescriptorsAreMappedInFileOrder() throws {
        let spec = #"""
            {"mappers": [
              {"id": "article", "target": "Article", "attributes": {"id": "id", "attributes.title": "title"}},
              {"id": "person", "target": "Person", "attributes": {"id": "id", "attributes.name": "name", "@metadata.mapping.collectionIndex": "position"}}],
             "descriptors": [{"keyPath": "data", "root-map-ref": "article"}, {"keyPath": "included", "root-map-ref": "person"}]}
            """#
        let body = #"""
            {"jsonapi": {"version": "1.1"}, "included": [
               {"type": "people", "id": "9", "attributes": {"name": "Dan", "twitter": "dgeb"}},
               {"type": "people", "id": "10", "attributes": {"name": "Ann"}}],
             "data": [{"type": "articles", "id": "1", "attributes": {"title": "JSON:API", "body": "..."},
                       "relationships": {"author": {"data": {"type": "people", "id": "9"}}}}],
             "meta": {"total": 1}, "links": {"self": "/articles"}}
            """#
        for policy in CheckOptions.Unmapped.allCases {
            let c = try checker(spec) { $0.unmapped = policy }
            #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(policy)"))
        }
        let c = try checker(spec)
        let r = c.check(exchange(Array(body.utf8)))
        #expect(r.records == 3)
        let paths = r.reasons.compactMap { r -> String? in
            if case .jsonPath(let p) = r.location { return "\(p) \(r.message)" }
            return nil
        }
        #expect(paths.contains("$.data[*].attributes.body not mapped (1 time)"))
        #expect(paths.contains("$.included[*].attributes.twitter not mapped (1 time)"))
        #expect(paths.contains("$.meta not mapped (1 time)") && paths.contains("$.jsonapi not mapped (1 time)"))
        let output = String(decoding: try #require(c.check(exchange(Array(body.utf8)), rendering: true).output), as: UTF8.self)
        #expect(output.contains(#""title": "JSON:API""#) && output.contains("\"position\": 1\n"), "\(output)")
        #expect(output.range(of: "Article")!.lowerBound < output.range(of: "Person")!.lowerBound, "descriptors in file order")
    }

    /// A descriptor of the document itself beside one of a content inside it
    /// (`{"root-map-ref": "response"}` beside `items`, as `infer` writes for
    /// a page with a total): the envelope's mapper maps the skeleton, which
    /// holds the content emptied, or whole where that mapper reads into it
    /// (a count, a copy, the representation itself), so the body is mapped
    /// element-wise (a whole read built the tree: 16× the body in a 4.7 MB
    /// fixture) and the report is the whole read's: an envelope whose keys
    /// all went (`count` for `total`), drift in the items, a dynamic
    /// envelope, the envelope first or last, and connections. An envelope
    /// whose relationship maps into a content is a whole read: one whose
    /// mapper reads only `@metadata` has no projection there, and a tester
    /// found its warnings lost (`check` passed where the whole read failed).
    @Test func anEnvelopeOfTheDocumentBesideAContentMapsTheSkeleton() throws {
        let item = #"{"id": "item", "target": "Item", "attributes": {"id": "id"}}"#
        let items = #"{"keyPath": "items", "root-map-ref": "item"}"#
        func spec(_ envelope: String, first: Bool = false, more: String = "") -> String {
            let descriptors = first ? "{\"root-map-ref\": \"env\"}, \(items)" : "\(items), {\"root-map-ref\": \"env\"}"
            return #"{"mappers": [\#(item), \#(envelope)\#(more)], "descriptors": [\#(descriptors)]}"#
        }
        let bodies = [
            #"{"items": [{"id": 1}, {"id": 2, "x": 3}], "total": 2, "next": "c"}"#,
            #"{"items": [{"id": 1}, {"y": 1}], "count": 2}"#,
            #"{"total": 0, "items": []}"#,
            #"{"items": [null, 4, {"id": "5"}], "total": "two"}"#,
        ]
        let envelopes = [
            #"{"id": "env", "target": "Page", "attributes": {"total": "total", "next": "next"}, "types": {"total": "int"}}"#,
            #"{"id": "env", "target": "Page", "attributes": {"total": "total", "items.@count": "n", "items.id": "ids"}}"#,
            #"{"id": "env", "target": "Page", "attributes": {"total": "total", "items": "raw"}}"#,
            #"{"id": "env", "target": "Page", "attributes": {"": "whole"}}"#,
            // Only counted, only copied: the skeleton holds the items so.
            #"{"id": "env", "target": "Page", "attributes": {"total": "total", "items.@count": "n"}}"#,
            #"{"id": "env", "target": "Page", "attributes": {"total": "total", "items": "raw"}}"#,
            #"{"id": "env", "target": "Page", "attributes": {"items.@count": "n", "items": "raw"}}"#,
        ]
        for envelope in envelopes {
            for first in [false, true] {
                _ = try expectEligibleAndSameUnderEveryPolicy(spec(envelope, first: first), bodies)
            }
        }
        // Relationships into the content: a whole read, the same report.
        let into = [
            #"{"id": "env", "target": "Page", "attributes": ["total"], "relationships": [{"from": "items", "to": "list", "map-ref": "item", "many": true}]}"#,
            #"{"id": "env", "target": "Page", "attributes": ["total"], "relationships": [{"from": "items", "to": "list", "map-ref": "idx", "many": true}]}"#,
            #"{"id": "env", "target": "Page", "attributes": ["total"], "relationships": [{"from": "", "to": "again", "map-ref": "deep"}]}"#,
        ]
        let more = #", {"id": "idx", "target": "Idx", "attributes": {"@metadata.mapping.collectionIndex": "i"}}, {"id": "deep", "target": "Deep", "relationships": [{"from": "items", "to": "list", "map-ref": "idx", "many": true}]}"#
        for envelope in into {
            for body in bodies {
                #expect(try !eligible(spec(envelope, more: more), body), "\(envelope)")
                for (c, policy) in try checkersUnderEveryPolicy(spec(envelope, more: more)) {
                    _ = try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)")
                }
            }
        }
        // A relationship from a member beside the content: the skeleton
        // holds that array as a whole read holds it (its elements' text),
        // and the report is the same.
        let users = spec(#"{"id": "env", "target": "Page", "attributes": ["total"], "relationships": [{"from": "users", "to": "users", "map-ref": "idx", "many": true}]}"#, more: more)
        _ = try expectEligibleAndSameUnderEveryPolicy(users, [#"{"items": [{"id": 1}], "users": [{"a": 1}, {"b": 2}], "total": 1}"#])
        // The first envelope reads nothing of the items: one record each,
        // the page's after the items', and the renamed total reported.
        let report = try checker(spec(envelopes[0])) { $0.unmapped = .error }.check(exchange(Array(bodies[1].utf8)), rendering: true)
        #expect(report.records == 1)
        #expect(pathReasons(report) == [
            "mapping $.items[1] none of the mapped keys ('id') is present; the object is not mapped",
            "mapping $ none of the mapped keys ('total', 'next') is present; the object is not mapped",
            "unmapped $.count not mapped (1 time)", "unmapped $.items[*].y not mapped (1 time)",
        ], "\(pathReasons(report))")
        // A dynamic envelope, its matchers reading the page.
        let dynamic = spec(#"{"id": "env", "dynamic": true, "matchers": [{"predicate": "total > 0", "map-ref": "page"}]}"#,
                           more: #", {"id": "page", "target": "Page", "attributes": ["total"]}"#)
        for body in bodies { #expect(try expectSameResult(try checker(dynamic), exchange(Array(body.utf8)), "\(body)")) }
        // Connections: the records held as bytes until the end, then connected.
        let connected = #"""
            {"mappers": [{"id": "item", "target": "Item", "attributes": ["id", "owner"],
                          "connections": [{"relationship": "owner", "sourceAttribute": "owner", "target": "User", "targetAttribute": "id"}]},
                         {"id": "env", "target": "Page", "attributes": ["total"], "relationships": [{"from": "users", "to": "users", "map-ref": "user", "many": true}]},
                         {"id": "user", "target": "User", "entity": true, "identification": "id", "attributes": ["id"]}],
             "descriptors": [{"keyPath": "items", "root-map-ref": "item"}, {"root-map-ref": "env"}]}
            """#
        _ = try expectEligibleAndSameUnderEveryPolicy(connected, [#"{"items": [{"id": 1, "owner": 7}, {"id": 2, "owner": 8}], "users": [{"id": 7}], "total": 2}"#])
        // A root array: each element's `items` collected, the envelope
        // mapping each element; `@root` read anywhere reads the content whole.
        for body in [#"[{"items": [{"id": 1}], "total": 1}, {"items": [{"id": 2, "z": 0}], "next": "n"}]"#, #"[{"total": 1}]"#, "[]"] {
            for envelope in envelopes {
                _ = try expectSameResult(try checker(spec(envelope)) { $0.allowWarnings = true }, exchange(Array(body.utf8)), "\(body) \(envelope)")
            }
        }
        let atRoot = spec(#"{"id": "env", "target": "Page", "attributes": {"total": "total", "@root.items": "all"}}"#)
        for body in bodies { _ = try expectSameResult(try checker(atRoot), exchange(Array(body.utf8)), "\(body)") }
    }

    /// `@root` key paths into a content reached by keys (a count, a sum,
    /// every element's id, one element, the array itself, a matcher's
    /// predicate): the skeleton holds the content as they read it, and the
    /// report is the whole read's.
    @Test func rootReadsIntoTheContentAreReadFromTheSkeleton() throws {
        let spec = #"""
            {"mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.data.items.@count": "total",
                "@root.data.items.price.@sum": "sum", "@root.data.items.id": "ids", "@root.data.items[-1].id": "last"}},
              {"id": "copy", "target": "Copy", "attributes": {"id": "id", "@root.data.items": "all"}},
              {"id": "pick", "dynamic": true, "matchers": [
                {"predicate": "@root.data.items.@count > 2 AND kind == 'a'", "map-ref": "item"},
                {"predicate": "kind == 'b'", "map-ref": "copy"}]}],
             "descriptors": [{"keyPath": "data.items", "root-map-ref": "pick"}]}
            """#
        let bodies = [
            #"{"data": {"items": [{"id": 1, "kind": "a", "price": 2.5, "x": 1}, {"id": 2, "kind": "b"}, {"id": 3, "kind": "a", "price": "7"}, 4, null], "next": "c"}}"#,
            #"{"data": {"items": [{"id": 1, "kind": "a", "price": 1}, {"id": 2, "kind": "c"}]}}"#,
            #"{"data": {"items": []}, "meta": 1}"#,
        ]
        let output = try expectEligibleAndSameUnderEveryPolicy(spec, bodies)
        // Five elements; the ids of the three objects and `null` for the
        // others; the last element, `null`, has no id (left out).
        #expect(output.contains("\"total\": 5,\n    \"sum\": 9.5,\n    \"ids\": [\n      1,\n      2,\n      3,\n      null,\n      null\n    ]\n"), "\(output)")
        #expect(!output.contains("\"last\""), "\(output)")
        #expect(output.contains("\"all\": [\n      {\n        \"id\": 1,"), "\(output)")
    }

    /// `@root` copied whole by an untyped attribute (`"@root": "raw"`), in a
    /// mapper that runs for some documents and not for others: the skeleton
    /// holds the content as its text, and the report is the whole read's —
    /// nothing unmapped where the copy ran (it reads everything, also the
    /// objects mapped before it), every unread member counted where it did not.
    @Test func aRootCopiedWholeIsReadAsItsText() throws {
        let spec = #"""
            {"mappers": [
              {"id": "order", "target": "Order", "attributes": ["id"],
               "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}, {"from": "items", "to": "items", "map-ref": "item"}]},
              {"id": "item", "target": "Item", "attributes": ["sku"]},
              {"id": "gift", "target": "Gift", "attributes": {"note": "note", "@root": "raw"}}],
             "descriptors": [{"keyPath": "orders", "root-map-ref": "order"}]}
            """#
        let bodies = [
            #"{"orders": [{"id": 1, "x": 2, "items": [{"sku": "a", "qty": 1}]}, {"id": 2, "gift": {"note": "hi", "w": 1}}], "meta": {"n": 2}}"#,
            #"{"orders": [{"id": 1, "x": 2, "items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 1.50}]}], "meta": {"n": 1}}"#,
            #"{"meta": {"n": 0}, "orders": []}"#,
        ]
        let output = try expectEligibleAndSameUnderEveryPolicy(spec, bodies)
        // The gift's record copies the document.
        #expect(output.contains("\"raw\": {\n"), "\(output)")
    }

    /// `@root` copied whole beside `@root` paths that read none of the
    /// content (a page's total, a cursor): merged, the two read the tree;
    /// each apart, the copy reads the content as its text and the paths
    /// read the rest of the document, which the skeleton holds whole. The
    /// report and records are the whole read's, whether the copy runs or not.
    @Test(arguments: [
        #"{"keyPath": "items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.page.total": "total"}, "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]}, {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "note": "note"}}]}"#,
        #"{"keyPath": "data.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.data.total": "total", "@root.page": "page"}, "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]}, {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "note": "note"}}]}"#,
        #"{"keyPath": "data.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.data.total": "total", "@root.data": "d"}}]}"#,
        // The content counted too: held as its elements' text.
        #"{"keyPath": "items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.page.total": "total", "@root.items.@count": "n"}, "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]}, {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "note": "note"}}]}"#,
        #"{"keyPath": "data.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.data.total": "total", "@root.data": "d", "@root.data.items.@count": "n"}}]}"#,
        // The content itself copied and counted: merged, its tree; apart, its elements' text.
        #"{"keyPath": "items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.page.total": "total", "@root.items.@count": "n"}, "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]}, {"id": "gift", "target": "Gift", "attributes": {"@root.items": "all", "note": "note"}}]}"#,
        #"{"keyPath": "data.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.data.total": "total", "@root.data.items": "all", "@root.data.items.@count": "n"}}]}"#,
        // Paths through the content's elements beside the copy: its elements'
        // text, each element read back for them.
        #"{"keyPath": "items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.page.total": "total", "@root.items.x.@sum": "xs"}, "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]}, {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "@root.items.id": "ids", "note": "note"}}]}"#,
        #"{"keyPath": "data.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.data.total": "total", "@root.data": "d", "@root.data.items.sub.a": "subs", "@root.data.items[1].x": "second"}}]}"#,
    ])
    func aRootCopiedBesideRootPathsIsReadAsItsText(spec: String) throws {
        let data = spec.contains("data.items")
        func body(_ items: String, _ extra: String = "") -> String {
            data ? #"{"page": {"n": 1, "w": 2}, "data": {"total": 2, "z": 1, "items": \#(items)}\#(extra)}"#
                : #"{"page": {"total": 2, "extra": 1}, "items": \#(items)\#(extra)}"#
        }
        let bodies = [
            body(#"[{"id": 1, "x": 2}, {"id": 2, "x": 3, "sub": {"a": [1, 2.50]}}]"#),
            body(#"[{"id": 1, "x": 2, "gift": {"note": "n", "w": 1}}, {"id": 2, "y": 1.0e2}]"#, #", "tail": [true, null]"#),
            body(#"[]"#),
        ]
        let output = try expectEligibleAndSameUnderEveryPolicy(spec, bodies)
        #expect(output.contains("\"total\": 2"), "\(output)")
    }

    /// Under `keyMatching: caseInsensitive`, `@root` paths into the content
    /// spelled otherwise than the document (`@root.DATA.Items.price.@sum`,
    /// a copy of `@root.Data` or `@root`): the skeleton holds the content as
    /// the folded reads read it, every member equal ignoring case to a name
    /// read, so each lookup follows the member it follows in the whole
    /// tree (the exact key, else the first equal ignoring case: `price`
    /// before `Price`, `PRICE` alone). The report and records are the whole
    /// read's; a content key found twice ignoring case is read whole.
    @Test(arguments: [
        #"{"keyMatching": "caseInsensitive", "keyPath": "data.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.DATA.Items.price.@sum": "sum", "@root.Data.ITEMS.ID": "ids", "@root.data.items.@count": "n"}, "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]}, {"id": "gift", "target": "Gift", "attributes": {"note": "note"}}]}"#,
        #"{"keyMatching": "caseInsensitive", "keyPath": "Data.Items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"ID": "id", "@root.data.total": "total", "@root.DATA.items.Price.@max": "max"}, "relationships": [{"from": "Gift", "to": "gift", "map-ref": "gift"}]}, {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "@root.data.ITEMS.id": "ids", "note": "note"}}]}"#,
        #"{"keyMatching": "caseInsensitive", "keyPath": "data.items", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.DATA.total": "total", "@root.Data": "d", "@root.data.Items.@count": "n"}}]}"#,
    ])
    func rootReadsIntoTheContentIgnoringCaseAreReadFromTheSkeleton(spec: String) throws {
        func body(_ content: String, _ items: String) -> String {
            #"{"page": {"n": 1}, "Data": {"total": 2, "z": 1, "\#(content)": \#(items)}}"#
        }
        let bodies = [
            body("items", #"[{"id": 1, "price": 2, "Price": 9, "x": 1}, {"ID": 2, "PRICE": 3, "gift": {"note": "n", "w": 1}}, {"Id": 3, "iD": 4}]"#),
            body("ITEMS", #"[{"id": 1, "Price": 2.50, "y": [1]}, {"id": 2, "GIFT": {"NOTE": "m"}}]"#),
            body("Items", #"[]"#),
        ]
        let output = try expectEligibleAndSameUnderEveryPolicy(spec, bodies)
        #expect(output.contains("\"id\": 1"), "\(output)")
        // Two members equal ignoring case to the content's key: read whole, the same.
        let twice = #"{"Data": {"total": 2, "items": [{"id": 1, "price": 1}], "Items": [{"id": 2, "price": 5}]}}"#
        #expect(try !eligible(spec, twice))
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            #expect(try !expectSameResult(c, exchange(Array(twice.utf8)), "\(twice) \(policy)"))
        }
    }

    /// `@root` key paths into the document when the document is the content
    /// (GitHub's top-level lists; a `forceCollection` dictionary): the
    /// skeleton is the document as they read them (a count, a sum, every
    /// element's id and kind, a matcher's predicate), and the report is the
    /// whole read's. `@root` itself copied whole (untyped) is read as its
    /// compact text, as a copy of what holds a content is; copied and
    /// counted (`@root.@count` beside it), as its elements' text.
    @Test func rootReadsIntoTheDocumentAsTheContentAreReadFromTheSkeleton() throws {
        let spec = #"""
            {"mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.@count": "total",
                "@root.price.@sum": "sum", "@root.id": "ids", "@root.kind": "kinds"}},
              {"id": "other", "target": "Other", "attributes": {"id": "id"}},
              {"id": "pick", "dynamic": true, "matchers": [
                {"predicate": "@root.@count > 2 AND kind == 'a'", "map-ref": "item"},
                {"predicate": "kind == 'b'", "map-ref": "other"}]}],
             "root-map-ref": "pick"}
            """#
        let bodies = [
            #"[{"id": 1, "kind": "a", "price": 2.5, "x": 1}, {"id": 2, "kind": "b"}, {"id": 3, "kind": "a", "price": "7"}, 4, null]"#,
            #"[{"id": 1, "kind": "a", "price": 1}, {"id": 2, "kind": "c"}]"#,
            #"[]"#, #"[{"id": 1, "kind": "a"}, {"id": 2, "kind": "a"}, {"id": 3, "kind": "a"}, {"id": 4, "kind": "a", "id": 5}]"#,
        ]
        let output = try expectEligibleAndSameUnderEveryPolicy(spec, bodies)
        #expect(output.contains("\"total\": 5,\n    \"sum\": 9.5,\n    \"ids\": [\n      1,\n      2,\n      3,\n      null,\n      null\n    ],\n    \"kinds\": [\n      \"a\",\n      \"b\",\n      \"a\",\n      null,\n      null\n    ]"), "\(output)")
        // A dictionary as the document, its members counted.
        let keyed = #"""
            {"mappers": [{"id": "user", "target": "User", "keyAttribute": "name", "forceCollection": true,
              "attributes": {"email": "email", "@root.@count": "users"}}], "root-map-ref": "user"}
            """#
        let dictionary = #"{"ann": {"email": "a@x", "x": 1}, "bob": {"email": "b@x"}}"#
        #expect(try eligible(keyed, dictionary))
        for (c, policy) in try checkersUnderEveryPolicy(keyed) {
            #expect(try expectSameResult(c, exchange(Array(dictionary.utf8)), "\(policy)"))
        }
        // The document copied whole: read as its text, the same report.
        let keyedCopy = keyed.replacingOccurrences(of: #""@root.@count": "users""#, with: #""@root": "all""#)
        #expect(try eligible(keyedCopy, dictionary))
        for (c, policy) in try checkersUnderEveryPolicy(keyedCopy) {
            #expect(try expectSameResult(c, exchange(Array(dictionary.utf8)), "\(policy)"))
        }
        let copy = #"{"mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root": "all"}}], "root-map-ref": "item"}"#
        #expect(try eligible(copy, bodies[0]))
        for (c, policy) in try checkersUnderEveryPolicy(copy) {
            for body in bodies { #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(policy)")) }
        }
        // Copied and counted: held as its elements' text, the same report;
        // read into as well (`@root.id`, for every record), the same: each
        // element read back once for the document.
        let counted = copy.replacingOccurrences(of: #""@root": "all""#, with: #""@root": "all", "@root.@count": "n""#)
        #expect(try eligible(counted, bodies[0]))
        for (c, policy) in try checkersUnderEveryPolicy(counted) {
            for body in bodies { #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(policy)")) }
        }
        let through = counted.replacingOccurrences(of: #""@root.@count": "n""#, with: #""@root.@count": "n", "@root.id": "ids""#)
        #expect(try eligible(through, bodies[0]))
        for (c, policy) in try checkersUnderEveryPolicy(through) {
            for body in bodies { #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(policy)")) }
        }
    }

    /// The last key of a path through an array (`pages.items`, each page's
    /// items): each element's value is an element of the content, `null`
    /// where it has none, mapped one at a time; the report is the whole
    /// read's.
    @Test func aContentCollectedThroughAnArrayIsReportedAsFromTheWholeTree() throws {
        let spec = #"""
            {"mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.meta.page": "page", "@parent.n": "n"}, "types": {"id": "int"}}],
             "descriptors": [{"keyPath": "pages.items", "root-map-ref": "item"}]}
            """#
        let bodies = [
            #"{"pages": [{"n": 1, "items": [{"id": 1, "x": 2}, {"id": "z"}, null, [{"id": 3}]]}, {"n": 2, "more": true}, null, 4, {"items": {"id": 5, "y": 1}}, {"items": null}, {"items": 7}], "meta": {"page": 1}, "total": 3}"#,
            #"{"pages": [{"items": []}, {"items": [{"id": 9}]}]}"#,
            #"{"pages": [{"items": [{"id": 1}]}]}"#,
        ]
        for body in bodies { #expect(try eligible(spec, body), "\(body)") }
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for body in bodies {
                #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)"))
            }
        }
        let report = try checker(spec) { $0.allowWarnings = true }.check(exchange(Array(bodies[0].utf8)), rendering: true)
        // 1, `"z"` (its id left out, with a warning), the nested 3, the object 5.
        #expect(report.records == 4, "\(report.reasons)")
        let paths = pathReasons(report)
        #expect(paths.contains("unmapped $.pages[*].items[*].x not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.pages[*].more not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.total not mapped (1 time)"), "\(paths)")
        // Several descriptors, one of them collected, with connections.
        let two = #"""
            {"mappers": [
              {"id": "item", "target": "Item", "attributes": ["id", "ref"],
               "connections": [{"relationship": "tag", "sourceAttribute": "ref", "target": "Tag", "targetAttribute": "id"}]},
              {"id": "tag", "target": "Tag", "attributes": ["id"]}],
             "descriptors": [{"keyPath": "pages.items", "root-map-ref": "item"}, {"keyPath": "tags", "root-map-ref": "tag"}]}
            """#
        let body = #"{"pages": [{"items": [{"id": 1, "ref": "a"}]}, {"items": [{"id": 2, "ref": "b"}]}], "tags": [{"id": "b"}]}"#
        #expect(try eligible(two, body))
        for (c, policy) in try checkersUnderEveryPolicy(two) {
            #expect(try expectSameResult(c, exchange(Array(body.utf8)), policy))
        }
    }

    /// A content reached by an index (`pages[0].items`, `pages[-1].items`,
    /// `[1]` of a top-level array): the element-wise report is the whole
    /// read's, with the array's other elements kept in the skeleton.
    @Test func anIndexedContentIsReportedAsFromTheWholeTree() throws {
        let spec = #"""
            {"mappers": [
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@root.meta.page": "page"}, "types": {"id": "int"}},
              {"id": "last", "target": "Last", "attributes": ["id"]}],
             "descriptors": [{"keyPath": "pages[0].items", "root-map-ref": "item"}, {"keyPath": "pages[-1].items", "root-map-ref": "last"}]}
            """#
        let bodies = [
            #"{"pages": [{"page": 1, "items": [{"id": 1, "x": 2}, {"id": "z"}, null, [{"id": 3}]]}, {"page": 2, "items": [{"id": 4}], "more": true}, {"items": [{"id": 5, "y": 1}]}], "total": 3, "meta": {"page": 1}}"#,
            #"{"pages": [{"items": []}, {"page": 2}, {"items": [{"id": 7}]}]}"#,
            #"{"pages": [{"items": [{"id": 1}]}, {"items": [{"id": 2}]}]}"#,
        ]
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for body in bodies {
                #expect(try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)"))
            }
        }
        let report = try checker(spec) { $0.allowWarnings = true }.check(exchange(Array(bodies[0].utf8)))
        #expect(report.records == 4)
        let paths = pathReasons(report)
        // Patterns write every index as `[*]`; a diagnostic has the place.
        #expect(paths == [
            #"mapping $.pages[0].items[1].id cannot convert string "z" to int"#,
            "unmapped $.pages[*].items[*].x not mapped (1 time)",
            "unmapped $.pages[*].items[*].y not mapped (1 time)",
            // The index passes through: every page is on the way, its other members reported.
            "unmapped $.pages[*].more not mapped (1 time)",
            "unmapped $.pages[*].page not mapped (2 times)",
            "unmapped $.total not mapped (1 time)",
        ], "\(paths)")
        // `@root` reading the array an index picks from: a whole read.
        let readsPages = spec.replacingOccurrences(of: "@root.meta.page", with: "@root.pages[1].page")
        #expect(try !eligible(readsPages, bodies[0]))
        let top = #"{"mappers": [{"id": "item", "attributes": ["id"]}], "descriptors": [{"keyPath": "[1]", "root-map-ref": "item"}]}"#
        for (c, policy) in try checkersUnderEveryPolicy(top) {
            #expect(try expectSameResult(c, exchange(Array(#"[{"id": 0, "a": 1}, [{"id": 1, "b": 2}, 3]]"#.utf8)), policy))
        }
    }

    /// An envelope on the way to a content (Elasticsearch's `hits` beside
    /// `hits.hits`, the layout `infer` writes) and contents that are one
    /// object (`hits.total`, `_shards`) map the skeleton's object at their
    /// key path, the hits mapped one at a time: the whole read's report.
    /// Where the envelope's value is an array, or its relationship maps
    /// into the content, a whole read, the same report.
    @Test(arguments: [false, true])
    func anEnvelopeOnTheWayAndObjectContentsMapTheSkeleton(caseInsensitive: Bool) throws {
        func spec(_ hits: String = #""attributes": {"max_score": "maxScore"}"#) -> String {
            let options = caseInsensitive ? #""options": {"keyMatching": "caseInsensitive"}, "# : ""
            return #"""
                {\#(options)"mappers": [
                  {"id": "hit", "target": "Hit", "attributes": {"_id": "id", "_score": "score"}, "types": {"score": "double"}},
                  {"id": "response", "target": "Response", "attributes": {"took": "took", "timed_out": "timedOut"}},
                  {"id": "shard", "target": "Shard", "attributes": ["total", "failed"]},
                  {"id": "hits", "target": "Hits", \#(hits)},
                  {"id": "total", "target": "Total", "attributes": ["value", "relation"]}],
                 "descriptors": [{"keyPath": "hits.hits", "root-map-ref": "hit"}, {"root-map-ref": "response"},
                                 {"keyPath": "_shards", "root-map-ref": "shard"}, {"keyPath": "hits", "root-map-ref": "hits"},
                                 {"keyPath": "hits.total", "root-map-ref": "total"}]}
                """#
        }
        let bodies = [
            #"{"took": 5, "timed_out": false, "_shards": {"total": 1, "failed": 0, "skipped": 0}, "hits": {"total": {"value": 2, "relation": "eq"}, "max_score": 1.5, "hits": [{"_id": "a", "_score": 1.5, "_source": {"n": 1}}, {"_id": "b", "_score": "x"}]}}"#,
            #"{"took": 5, "hits": {"hits": [], "max_score": null, "total": {"value": 0}}, "_shards": {"total": 1}}"#,
            #"{"hits": {"total": {"value": 1, "relation": "eq", "extra": [1, 2]}, "hits": [null, 3, {"x": 1}], "aggregations": {"a": 1}}, "_shards": {"total": 1, "failed": 0}}"#,
        ]
        _ = try expectEligibleAndSameUnderEveryPolicy(spec(), bodies)
        // Reading into the hits (a count, a copy) holds them whole in the skeleton.
        for hits in [#""attributes": {"hits.@count": "n", "max_score": "maxScore"}"#, #""attributes": {"hits": "raw"}"#] {
            _ = try expectEligibleAndSameUnderEveryPolicy(spec(hits), bodies)
        }
        // A relationship into the hits, the envelope or a content not an
        // object (`hits` an array, `hits.total` a number), or missing: a
        // whole read.
        let into = spec(#""attributes": ["max_score"], "relationships": [{"from": "hits", "to": "hits", "map-ref": "hit", "many": true}]"#)
        let others = [
            #"{"hits": [{"hits": [{"_id": "a"}], "total": {"value": 1}}], "_shards": {"total": 1}}"#,
            #"{"hits": {"hits": [{"_id": "a"}], "total": 1}, "_shards": {"total": 1}}"#,
            #"{"hits": {"hits": [{"_id": "a"}], "total": {"value": 1}}}"#,
        ]
        for body in others { #expect(try !eligible(spec(), body), "\(body)") }
        #expect(try !eligible(into, bodies[0]))
        for s in [spec(), into] {
            for (c, policy) in try checkersUnderEveryPolicy(s) {
                for body in others + bodies {
                    _ = try expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)")
                }
            }
        }
        let report = try checker(spec()) { $0.allowWarnings = true }.check(exchange(Array(bodies[2].utf8)))
        #expect(pathReasons(report) == [
            #"mapping $.hits.hits[1] cannot map a number with mapper 'hit': it has no attribute from the nil key path ("")"#,
            "mapping $.hits.hits[2] none of the mapped keys ('_id', '_score') is present; the object is not mapped",
            "mapping $ none of the mapped keys ('took', 'timed_out') is present; the object is not mapped",
            "mapping $.hits none of the mapped keys ('max_score') is present; the object is not mapped",
            "unmapped $.hits.aggregations not mapped (1 time)", "unmapped $.hits.hits[*].x not mapped (1 time)",
            "unmapped $.hits.total.extra not mapped (1 time)",
        ], "\(pathReasons(report))")
    }

    /// A member beside the contents that nothing reads (JSON:API's
    /// `included` under a spec of `data`) is held as its text in the
    /// skeleton: the report names it without looking inside. One that an
    /// envelope or `@root` reads stays a tree. The whole read's report.
    @Test(arguments: [false, true])
    func aMemberNothingReadsIsHeldAsText(caseInsensitive: Bool) throws {
        let options = caseInsensitive ? #""options": {"keyMatching": "caseInsensitive"}, "# : ""
        let resource = #"{"id": "res", "target": "Resource", "attributes": ["type", "id"]}"#
        let specs = [
            #"{\#(options)"mappers": [\#(resource)], "descriptors": [{"keyPath": "data", "root-map-ref": "res"}]}"#,
            #"{\#(options)"mappers": [\#(resource), {"id": "doc", "target": "Doc", "attributes": {"meta.total": "total"}}], "descriptors": [{"keyPath": "data", "root-map-ref": "res"}, {"root-map-ref": "doc"}]}"#,
            #"{\#(options)"mappers": [{"id": "res", "target": "Resource", "attributes": {"type": "type", "id": "id", "@root.included.@count": "n", "@root.meta": "meta"}}], "descriptors": [{"keyPath": "data", "root-map-ref": "res"}]}"#,
            #"{\#(options)"mappers": [\#(resource), {"id": "doc", "target": "Doc", "attributes": {"Included": "all"}}], "descriptors": [{"keyPath": "data", "root-map-ref": "res"}, {"root-map-ref": "doc"}]}"#,
        ]
        let bodies = [
            #"{"data": [{"type": "a", "id": "1", "x": 1}], "included": [{"type": "b", "id": "2", "attributes": {"n": [1, {"m": 2}]}}, 3, null], "meta": {"total": 1, "page": {"n": 1}}}"#,
            #"{"Included": {"a": [1]}, "data": [], "meta": 5, "links": "s"}"#,
        ]
        for s in specs {
            _ = try expectEligibleAndSameUnderEveryPolicy(s, bodies)
        }
    }

    /// The elements of an array an index picks a content from that nothing
    /// reads are held as their text in the skeleton (the read tracker reads
    /// each back for its report), beside an envelope too; `@root` reading
    /// that array keeps them as trees. The whole read's report either way.
    @Test func theElementsAnIndexDoesNotPickAreHeldAsText() throws {
        let item = #"{"id": "item", "target": "Item", "attributes": ["id"]}"#
        let specs = [
            #"{"mappers": [\#(item)], "descriptors": [{"keyPath": "pages[1].items", "root-map-ref": "item"}]}"#,
            #"{"mappers": [\#(item), {"id": "env", "target": "Doc", "attributes": ["total"]}], "descriptors": [{"keyPath": "pages[1].items", "root-map-ref": "item"}, {"root-map-ref": "env"}]}"#,
        ]
        let bodies = [
            #"{"pages": [{"page": 0, "items": [{"id": 1, "x": 1}], "more": {"a": [1]}}, {"page": 1, "items": [{"id": 2, "y": 2}]}, [1, 2], null, "s"], "total": 2}"#,
            #"{"pages": [{"items": []}, {"items": [{"id": 3}]}], "total": 1}"#,
        ]
        for s in specs {
            _ = try expectEligibleAndSameUnderEveryPolicy(s, bodies)
        }
        // `@root` or an envelope reading into that array: a whole read, the same report.
        let reads = [
            #"{"mappers": [{"id": "item", "target": "Item", "attributes": {"id": "id", "@root.pages.page": "pages"}}], "descriptors": [{"keyPath": "pages[-1].items", "root-map-ref": "item"}]}"#,
            #"{"mappers": [\#(item), {"id": "env", "target": "Doc", "attributes": {"total": "total", "pages.@count": "n"}}], "descriptors": [{"keyPath": "pages[1].items", "root-map-ref": "item"}, {"root-map-ref": "env"}]}"#,
        ]
        for s in reads {
            for (c, policy) in try checkersUnderEveryPolicy(s) {
                for body in bodies { #expect(try !expectSameResult(c, exchange(Array(body.utf8)), "\(body) \(policy)")) }
            }
        }
    }

    /// A `fail` validation in the third element fails the document as a whole
    /// read fails it: no record count, the same error.
    @Test func aFailedValidationFailsTheDocumentAsAWholeReadDoes() throws {
        let spec = #"""
            {"mappers": [{"id": "item", "attributes": ["id"], "types": {"id": "int"},
              "validations": [{"attribute": "id", "predicate": "SELF >= 0", "onFailure": "fail"}]}],
             "descriptors": [{"keyPath": "items", "root-map-ref": "item"}]}
            """#
        let body = #"{"items": [{"id": 1}, {"id": 2}, {"id": -3}, {"id": 4, "extra": 1}]}"#
        let c = try checker(spec)
        #expect(try expectSameResult(c, exchange(Array(body.utf8)), "validation"))
        let r = c.check(exchange(Array(body.utf8)))
        #expect(r.outcome == .failed)
        #expect(r.records == nil)
    }

    /// The golden file's output is the same text: rendered from the records
    /// as they come rather than all at once.
    @Test func theRenderedOutputIsTheSame() throws {
        let spec = #"{"mappers": [{"id": "item", "attributes": {"id": "id", "name": "name", "@metadata.mapping.collectionIndex": "position"}}], "descriptors": [{"keyPath": "data.items", "root-map-ref": "item"}]}"#
        let c = try checker(spec)
        let body = #"{"data": {"items": [{"id": 1, "name": "a"}, [{"id": 2}], null, {"id": 3, "name": "c", "x": 0}]}}"#
        #expect(try expectSameResult(c, exchange(Array(body.utf8)), "golden"))
        let output = String(decoding: try #require(c.check(exchange(Array(body.utf8))).output), as: UTF8.self)
        // The elements' positions in the content array, as a whole read numbers them.
        #expect(output.contains("\"name\": \"c\",\n    \"position\": 3\n"), "\(output)")
    }

    /// A body mapped whole whose record has a to-many relationship (the
    /// usual RestKit shape: `{"items": [...]}` under a root record) holds
    /// the relationship's array as its elements' text, as `apply` does
    /// (`ProjectionPlan(wholeHoldingAsIn:)`), every element read back whole
    /// when it is mapped: the same report as the tree, under every policy,
    /// with drift inside the elements (a member nothing reads, one in an
    /// object a dotted key path reads into, a key path through the held
    /// array, a missing key), the same ignoring case, and under a key path.
    @Test(arguments: [false, true])
    func aRecordsLargeRelationshipIsHeldAndReportedAsFromTheWholeTree(caseInsensitive: Bool) throws {
        let folding = caseInsensitive ? #""keyMatching": "caseInsensitive", "# : ""
        let spec = #"""
            {\#(folding)"mappers": [
              {"id": "list", "target": "List", "attributes": {"items.ID": "ids", "meta.x": "x"},
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true},
                                 {"from": "data.more", "to": "more", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id", "Name": "name", "gone": "gone", "sub.a": "a"}}],
             "descriptors": [{"keyPath": "", "root-map-ref": "list"}, {"keyPath": "wrapped", "root-map-ref": "list"}]}
            """#
        let items = #"[{"ID": 1, "Name": "a", "extra": 1, "sub": {"a": 1, "b": 2}}, {"ID": 2, "Name": "b", "sub": {"a": 2, "c": 3}}, [{"ID": 3}], "s", null]"#
        let bodies = [
            #"{"items": \#(items), "meta": {"x": 1, "y": 2}, "other": [1, 2], "data": {"more": \#(items), "n": 1}}"#,
            #"{"wrapped": {"items": \#(items), "meta": {"x": 1}}, "next": null}"#,
            #"{"items": [], "meta": {}}"#,
            #"{"items": {"ID": 9, "odd": true}}"#,
        ]
        let body = caseInsensitive ? bodies.map { $0.replacingOccurrences(of: #""items""#, with: #""Items""#) } : bodies
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for b in body {
                #expect(!(try expectSameResult(c, exchange(Array(b.utf8)), "\(b) \(policy)")))
            }
        }
        // What the report says, so that equal cannot mean equally empty; and
        // held: the body read as the check reads it has the array as text.
        let checker = try checker(spec)
        checker.holdingArraysFrom = 0
        let report = checker.check(exchange(Array(body[0].utf8)))
        let paths = pathReasons(report)
        // Paths through a mapped relationship name it as the document spells
        // it (the member the lookup followed), not as the spec does.
        let key = caseInsensitive ? "Items" : "items"
        #expect(paths.contains("unmapped $.\(key)[*].extra not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.\(key)[*].sub.b not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.data.more[*].sub.c not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.meta.y not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.other not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.data.n not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("missing $.\(key)[*].gone mapped but missing (2 of 2)"), "\(paths)")
        let (_, document) = try readHoldingEveryArray(body[0], checker, caseInsensitive: caseInsensitive)
        guard case .object(let root) = document, case .compact(let held)? = root[caseInsensitive ? "Items" : "items"], case .object(let data)? = root["data"],
              case .compact? = data["more"], case .object(let meta)? = root["meta"], case .array(let other)? = root["other"] else {
            Issue.record("not held as the check reads it: \(document)")
            return
        }
        #expect(held.heldCount == 5)
        #expect(meta.count == 2 && other.count == 2 && data.count == 2)
    }

    /// Under caseInsensitive, each object opened inside a held element (an
    /// order's lines) walks the document to find which member each key of
    /// a read into it follows (the list's `orders.lines.sku`), through that
    /// element: the walk reads the element back from its text once for all
    /// the objects inside it, not once for each (quadratic in a large
    /// order's lines: a 396 KB document took 15 times as long). The report
    /// is the same either way.
    @Test func objectsInsideAHeldElementReadItBackOnce() throws {
        let orders = 12, lines = 30
        let spec = #"""
            {"keyMatching": "caseInsensitive", "mappers": [
              {"id": "list", "target": "List", "attributes": {"orders.lines.sku": "skus"},
               "relationships": [{"from": "orders", "to": "orders", "map-ref": "order", "many": true}]},
              {"id": "order", "target": "Order", "attributes": ["id"],
               "relationships": [{"from": "lines", "to": "lines", "map-ref": "line", "many": true}]},
              {"id": "line", "target": "Line", "attributes": ["qty"]}],
             "root-map-ref": "list"}
            """#
        func order(_ n: Int) -> String {
            #"{"ID": \#(n), "Lines": ["# + (0..<lines).map { #"{"QTY": \#($0), "Sku": "s\#($0)", "x": 1}"# }.joined(separator: ", ") + "]}"
        }
        let body = #"{"Orders": ["# + (0..<orders).map(order).joined(separator: ", ") + "]}"
        let checker = try checker(spec)
        let (engine, document) = try readHoldingEveryArray(body, checker, caseInsensitive: true)
        guard case .object(let root) = document, case .compact(let held)? = root["Orders"] else {
            Issue.record("not held as the check reads it: \(document)")
            return
        }
        #expect(held.heldCount == orders)
        let tracker = ReadTracker(caseInsensitive: true, graph: checker.graph)
        tracker.begin(contentKeyPaths: engine.applicableDescriptors.map(\.keyPath), document: document)
        _ = try engine.map(document: document, info: DocumentInfo(input: "d", index: 0), sink: CountingSink(), diagnostics: DiagnosticList(), readTracker: tracker)
        tracker.finish(document: document)
        // Each order once, not once for each of its lines.
        #expect(tracker.heldElementReadBacks == orders)
        #expect(tracker.unmapped.map { "\($0.path) \($0.count)" } == ["$.Orders[*].Lines[*].x \(orders * lines)"])
        // The report through the checker: the same as from the tree.
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            try expectSameResult(c, exchange(Array(body.utf8)), policy)
        }
    }

    /// A content whose elements are such records (batches of items), mapped
    /// element by element: each element's relationship array held the same
    /// way, the rest of the element read whole.
    @Test func eachElementsLargeRelationshipIsHeldAndReportedAsFromTheWholeTree() throws {
        let spec = #"""
            {"mappers": [
              {"id": "batch", "target": "Batch", "attributes": ["id"],
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id", "gone": "gone", "sub.a": "a"}}],
             "descriptors": [{"keyPath": "batches", "root-map-ref": "batch"}]}
            """#
        let items = #"[{"ID": 1, "extra": 1, "sub": {"a": 1, "b": 2}}, {"ID": 2}, [{"ID": 3}], 4, null]"#
        let body = #"{"batches": [{"id": 1, "items": \#(items), "note": "x"}, {"id": 2, "items": []}, [{"id": 3, "items": \#(items)}], null, {"id": 4}], "n": 1}"#
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            #expect(try expectSameResult(c, exchange(Array(body.utf8)), policy))
        }
        let checker = try checker(spec)
        checker.holdingArraysFrom = 0
        let paths = pathReasons(checker.check(exchange(Array(body.utf8))))
        #expect(paths.contains("unmapped $.batches[*].items[*].extra not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.batches[*][*].items[*].sub.b not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("missing $.batches[*].items[*].gone mapped but missing (2 of 2)"), "\(paths)")
        #expect(paths.contains("unmapped $.batches[*].note not mapped (1 time)"), "\(paths)")
        #expect(paths.contains("unmapped $.n not mapped (1 time)"), "\(paths)")
    }

    /// A record's relationship array is held too when key paths read `@root`
    /// or `@parent` (what they read is added wherever it may land: an array
    /// one of them reads whole is read as a tree, one it reads into or
    /// counts stays held) and when an attribute copies the array whole (the
    /// attribute and the relationship share the held text). Each spec gives
    /// the tree's report under every policy; the body read as the check
    /// reads it holds the array exactly where `held` says.
    @Test(arguments: [
        (#", "@parent.kind": "k""#, "", true),
        (#", "@parent.items.@count": "n", "@parent.items.Name": "names""#, "", true),
        (#", "@root.items[1].Name": "second", "@root.meta.a": "a""#, "", true),
        (#", "@parent.@parent.kind": "k2""#, "", true),
        (#", "@parent.items": "siblings""#, "", false),
        (#", "@parent": "p""#, "", false),
        (#", "@root": "r""#, "", false),
        (#", "@root.items.@distinctUnionOfObjects": "d""#, "", true),
        (#", "@root.items.Name.@max": "m""#, "", true),
        ("", #", "attributes": {"kind": "kind", "items": "raw"}"#, true),
        ("", #", "attributes": {"items": "raw"}, "types": {"raw": "set"}"#, true),
        ("", #", "attributes": {"items": "raw"}, "types": {"raw": "string"}"#, true),
        ("", #", "attributes": {"items": "raw"}, "types": {"raw": "array"}"#, true),
        ("", #", "attributes": {"items": "raw"}, "validations": [{"attribute": "raw", "predicate": "SELF != nil", "onFailure": "skip"}]"#, false),
    ])
    func aRecordReadFromOutsideOrCopiedHoldsItsRelationshipAsTheTreeReadsIt(item: String, list: String, held: Bool) throws {
        let spec = #"""
            {"mappers": [
              {"id": "list", "target": "List"\#(list),
               "relationships": [{"from": "items", "to": "all.items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id", "Name": "name"},
               "relationships": [{"from": "sub", "to": "sub", "map-ref": "sub"}]},
              {"id": "sub", "target": "Sub", "attributes": {"z": "z"\#(item)}}],
             "descriptors": [{"keyPath": "", "root-map-ref": "list"}]}
            """#
        let items = #"[{"ID": 1, "Name": "a", "extra": 1, "sub": {"z": 1}}, {"ID": 2, "Name": "b", "sub": {}}, {"ID": 2, "Name": "b"}, [{"ID": 3}], "s", null]"#
        let bodies = [
            #"{"kind": "L", "items": \#(items), "meta": {"a": 1, "b": 2}}"#,
            #"{"kind": "L", "items": []}"#,
            #"{"items": {"ID": 9, "sub": {"q": 1}}}"#,
        ]
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for b in bodies {
                #expect(!(try expectSameResult(c, exchange(Array(b.utf8)), "\(b) \(policy)")))
            }
        }
        let checker = try checker(spec)
        let plan = ProjectionPlan(
            wholeHoldingAsIn: checker.graph.heldProjection(for: checker.graph.descriptors), caseInsensitive: false, holdingArraysFrom: 0)
        let document = try Array(bodies[0].utf8).withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: bytes, maxDepth: 512)
            return try scanner.readValue(projection: plan ?? .everything)
        }
        guard case .object(let root) = document, let array = root["items"], case .object(let meta)? = root["meta"] else {
            Issue.record("not read: \(document)")
            return
        }
        if case .compact(let text) = array { #expect(held && text.heldCount == 6) } else { #expect(!held, "\(array)") }
        #expect(meta.count == 2)
    }

    /// A descriptor whose key path goes through an operator or an index holds
    /// the array before it, and the document itself when the path starts
    /// with an operator (`@sum` of a top-level array): the content is found
    /// through the held text (`KeyPath.find`), with the tree's report under
    /// every policy.
    @Test(arguments: [
        ("items.@distinctUnionOfObjects", #"{"ID": "id", "Name": "name"}"#, false),
        ("items.@distinctUnionOfObjects.Name", #"{"": "name"}"#, false),
        ("items[1]", #"{"ID": "id", "@root.meta.a": "a"}"#, false),
        ("items[-1]", #"{"ID": "id"}"#, false),
        ("@sum", #"{"": "total"}"#, true),
        ("@max", #"{"": "most"}"#, true),
        ("@distinctUnionOfObjects", #"{"ID": "id", "Name": "name"}"#, true),
    ])
    func aDescriptorsOperatorOrIndexHoldsTheArrayBeforeIt(keyPath: String, attributes: String, topLevel: Bool) throws {
        let spec = #"{"mappers": [{"id": "m", "target": "M", "attributes": \#(attributes)}], "descriptors": [{"keyPath": "\#(keyPath)", "root-map-ref": "m"}]}"#
        let items = #"[{"ID": 1, "Name": "a", "Price": 1.5, "extra": 1}, {"ID": 1, "Name": "a", "Price": 1.5, "extra": 1}, {"ID": 2, "Name": "b", "Price": 2}, null, {"ID": 3}]"#
        let bodies = topLevel
            ? ["[1, 2, 3.5, 2]", #"[1, "x", null]"#, "[]", items, #"{"a": 1}"#]
            : [#"{"items": \#(items), "meta": {"a": 1, "b": 2}}"#, #"{"items": []}"#, #"{"items": {"ID": 9}}"#, "[]"]
        for (c, policy) in try checkersUnderEveryPolicy(spec) {
            for b in bodies {
                #expect(!(try expectSameResult(c, exchange(Array(b.utf8)), "\(b) \(policy)")))
            }
        }
        let checker = try checker(spec)
        let plan = try #require(ProjectionPlan.wholeHolding(
            asIn: checker.graph.heldProjection(for: checker.graph.descriptors), caseInsensitive: false, holdingArraysFrom: 0))
        let document = try Array(bodies[0].utf8).withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: bytes, maxDepth: 512)
            return try scanner.readValue(projection: plan)
        }
        let array = topLevel ? document : document["items"]
        guard case .compact(let held)? = array else {
            Issue.record("not held: \(document)")
            return
        }
        #expect(held.heldCount == (topLevel ? 4 : 5))
        // A content that is itself a held array (a distinct union, held as
        // its kept elements' text, and the names found through it) has its
        // records held as bytes until the sink reads them, and they read as
        // the tree's records. Mapped from the items, at the top or not, or
        // from the numbers an arithmetic operator sums.
        let body = Array((keyPath == "@distinctUnionOfObjects" ? items : bodies[0]).utf8)
        let heldDocument = try body.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: bytes, maxDepth: 512)
            return try scanner.readValue(projection: plan)
        }
        var options = MappingOptions()
        options.holdsLargeArrays = true
        let engine = try MappingEngine(graph: checker.graph, options: options)
        let roots = try engine.mapDescriptorsHolding(
            heldDocument, with: DocumentMapper(engine: engine, document: heldDocument, inputName: "in.json", diagnostics: DiagnosticList()))
        let tree = try JSONScanner.parse(body)
        let treeRoots = try engine.mapDescriptors(
            tree, with: DocumentMapper(engine: engine, document: tree, inputName: "in.json", diagnostics: DiagnosticList()))
        #expect(roots.count == 1 && treeRoots.count == 1)
        #expect(roots[0].1.isHeld == keyPath.contains("@distinctUnionOfObjects"), "\(keyPath)")
        let sink = CountingSink(rendering: true), treeSink = CountingSink(rendering: true)
        _ = try engine.emit(roots, info: DocumentInfo(input: "in.json", index: 0), stats: DocumentStats(), sink: sink, diagnostics: DiagnosticList())
        _ = try engine.emit(treeRoots, info: DocumentInfo(input: "in.json", index: 0), stats: DocumentStats(), sink: treeSink, diagnostics: DiagnosticList())
        #expect(sink.records == treeSink.records && sink.records > 0)
        #expect(sink.output.map { String(decoding: $0, as: UTF8.self) } == treeSink.output.map { String(decoding: $0, as: UTF8.self) })
    }

    /// A value an attribute only copies (a GeoJSON feature's coordinates,
    /// its `properties`) is read as its compact text, as `apply` reads it,
    /// in a body mapped whole and in an element mapped from the body's
    /// bytes: the same report under every policy as before, and the value
    /// held as text, also where its type refuses it (`string`: the same
    /// warning for the text as for the tree). One that is also counted is
    /// read as a tree: nothing of the feature is held then.
    @Test(arguments: [
        (#"{"geometry.coordinates": "coords", "properties": "props"}"#, [String: String](), true),
        (#"{"geometry.coordinates": "coords", "geometry.coordinates.@count": "n"}"#, [:], false),
        (#"{"geometry.coordinates": "coords"}"#, ["coords": "string"], true),
        (#"{"geometry.coordinates": "coords"}"#, ["coords": "set"], true),
    ])
    func aValueOnlyCopiedIsReadAsItsText(attributes: String, types: [String: String], held: Bool) throws {
        let typed = types.isEmpty ? "" : #", "types": {"\#(types.keys.first!)": "\#(types.values.first!)"}"#
        let mapper = #"{"id": "f", "target": "F", "attributes": \#(attributes)\#(typed)}"#
        let feature = #"{"id": "f1", "properties": {"name": "x", "n": [1, 2]}, "geometry": {"type": "Polygon", "coordinates": [[[1.5, 2e3], [-0, 3]], []]}}"#
        for keyPath in ["features", "features[0]"] {
            let spec = #"{"mappers": [\#(mapper)], "descriptors": [{"keyPath": "\#(keyPath)", "root-map-ref": "f"}]}"#
            let body = #"{"type": "FeatureCollection", "features": [\#(feature), {"id": "f2", "geometry": null}]}"#
            for (c, policy) in try checkersUnderEveryPolicy(spec) {
                _ = try expectSameResult(c, exchange(Array(body.utf8)), "\(keyPath) \(policy)")
            }
            let checker = try checker(spec)
            guard let plan = ProjectionPlan(
                wholeHoldingAsIn: checker.graph.heldProjection(ofRepresentationOf: checker.graph.descriptors[0].rootMapper),
                caseInsensitive: false, holdingArraysFrom: 0)
            else {
                #expect(!held, "\(attributes) \(types): nothing held")
                continue
            }
            let element = try Array(feature.utf8).withUnsafeBytes { bytes in
                var scanner = JSONScanner(bytes: bytes, maxDepth: 512)
                return try scanner.readValue(projection: plan)
            }
            let coordinates = element["geometry"]?["coordinates"]
            if case .compact? = coordinates {
                #expect(held, "\(attributes) \(types)")
            } else {
                #expect(!held, "\(attributes) \(types): \(String(describing: coordinates))")
            }
            #expect(element["id"] == .string("f1"))
        }
    }

    /// Every spec and body of the repository's command-line cases, the check
    /// fixtures and the seed examples, as recorded and with their content's
    /// elements changed (members dropped, added and renamed in case, `null`,
    /// scalars and nested arrays among the elements), under each policy.
    @Test func theRepositoryCorpusGivesTheSameReports() throws {
        var pairs: [(spec: String, body: String)] = []
        let fm = FileManager.default
        for group in ["fixtures/cases", "fixtures/check"] {
            let base = Self.root.appendingPathComponent(group)
            for dir in try fm.contentsOfDirectory(atPath: base.path).sorted() {
                let path = base.appendingPathComponent(dir).path
                guard let names = try? fm.contentsOfDirectory(atPath: path) else { continue }
                let json = names.filter { $0.hasSuffix(".json") }.sorted()
                let specs = json.filter { $0.lowercased().contains("spec") }
                let bodies = json.filter { !$0.lowercased().contains("spec") && !$0.contains("expected") && !$0.contains(".meta.") }
                for s in specs { for b in bodies { pairs.append((path + "/" + s, path + "/" + b)) } }
            }
        }
        let examples = Self.root.appendingPathComponent("fixtures/examples").path
        for name in try fm.contentsOfDirectory(atPath: examples).sorted() where name.hasSuffix(".input.json") {
            let spec = Self.root.appendingPathComponent("specs/" + name.replacingOccurrences(of: ".input.json", with: ".json")).path
            if fm.fileExists(atPath: spec) { pairs.append((spec, examples + "/" + name)) }
        }
        for (spec, body) in [("api", "api/articles"), ("api", "drifted/article-12"), ("github", "github-drifted/issues-page-2")] {
            pairs.append((Self.root.appendingPathComponent("fixtures/check/\(spec).json").path, Self.root.appendingPathComponent("fixtures/check/\(body).json").path))
        }
        #expect(pairs.count > 100)
        var compared = 0
        var eligibleCount = 0
        var random = SplitMix64(seed: 12)
        for (specPath, bodyPath) in pairs {
            let specBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: specPath)))
            let result = SpecLoader.load(bytes: specBytes, file: specPath)
            guard let graph = result.graph else { continue }
            let recorded = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bodyPath)))
            var bodies = [recorded]
            if let value = try? JSONScanner.parse(recorded) {
                for _ in 0..<3 { bodies.append(Array(JSONWriter.serialize(Self.mutate(value, &random), pretty: false).utf8)) }
            }
            for policy in [CheckOptions.Unmapped.warn, .error] {
                var options = CheckOptions(spec: specPath, fixtures: [])
                options.unmapped = policy
                options.missing = CheckOptions.Missing(rawValue: policy.rawValue)!
                guard let checker = try? FixtureChecker(graph: graph, options: options) else { continue }
                for (n, body) in bodies.enumerated() {
                    let facts = FixtureReader.read(bodyPath, defaults: ExchangeFacts()).exchanges.first?.facts ?? ExchangeFacts()
                    if try expectSameResult(checker, exchange(body, file: bodyPath, facts: facts), "\(specPath) \(bodyPath) #\(n) \(policy)") {
                        eligibleCount += 1
                    }
                    compared += 1
                }
            }
        }
        // Most bodies of the corpus have an array as content: the comparison
        // is not of two whole reads.
        #expect(compared > 1000)
        #expect(eligibleCount > compared / 3, "\(eligibleCount) of \(compared) bodies mapped element-wise")
    }

    /// Changes a document's arrays of objects: drops, adds and re-cases
    /// members, adds `null`, a scalar and a nested array.
    static func mutate(_ value: JSONValue, _ random: inout SplitMix64) -> JSONValue {
        switch value {
        case .array(var elements):
            elements = elements.map { mutate($0, &random) }
            switch random.next() % 8 {
            case 0: elements.append(.null)
            case 1: elements.insert(.number(JSONNumber("7")), at: 0)
            case 2: if let first = elements.first { elements.append(.array([first])) }
            case 3: if let first = elements.first { elements.append(first) }
            default: break
            }
            return .array(elements)
        case .object(let object):
            var pairs: [(String, JSONValue)] = []
            for member in object.members {
                switch random.next() % 12 {
                case 0: continue
                case 1: pairs.append((member.key.uppercased(), mutate(member.value, &random)))
                default: pairs.append((member.key, mutate(member.value, &random)))
                }
            }
            if random.next() % 5 == 0 { pairs.append(("extra\(random.next() % 3)", .object(JSONObject([("z", .bool(true))])))) }
            if random.next() % 7 == 0 { pairs.append(("n", .null)) }
            return .object(JSONObject(pairs))
        default:
            switch random.next() % 20 {
            case 0: return .null
            case 1: return .string("s")
            default: return value
            }
        }
    }
}
