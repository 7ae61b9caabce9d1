import Testing
@testable import RKMap

/// Which members count as read (docs/spec.md §12 check 3): source key paths' first
/// keys, nil key paths (everything), `@parent` keys, matchers' key paths.
@Suite struct ReadTrackerTests {
    private func unmapped(spec: String, document: String) throws -> [String] {
        let graph = try CheckFixtures.graph(spec)
        let engine = try MappingEngine(graph: graph, options: MappingOptions())
        var reader = JSONDocumentReader(bytes: Array(document.utf8))
        let value = try #require(try reader.next())
        let tracker = ReadTracker(caseInsensitive: graph.options.caseInsensitiveKeys, graph: graph)
        tracker.begin(contentKeyPaths: engine.applicableDescriptors.map(\.keyPath))
        let list = DiagnosticList()
        _ = try engine.map(document: value, info: DocumentInfo(input: "d", index: 0), sink: CountingSink(), diagnostics: list, readTracker: tracker)
        tracker.finish(document: value)
        return tracker.unmapped.map { "\($0.path) \($0.count) \($0.mapperIDs.joined(separator: ","))" }
    }

    @Test func nilKeyPathAttributeReadsEverything() throws {
        let spec = #"{"mappers": [{"id": "t", "attributes": {"": "raw"}}], "descriptors": [{"keyPath": "items", "root-map-ref": "t"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"items": [{"a": 1, "b": 2}]}"#) == [])
    }

    /// A nil key path relationship maps the same object again with its mapper:
    /// what either mapper reads is read, and nothing else (`zip` was counted
    /// read once, when the relationship counted as reading the object whole).
    @Test func nilKeyPathRelationshipComposesFromTheSameObject() throws {
        let spec = #"""
            {"mappers": [
              {"id": "user", "attributes": ["name"], "relationships": [{"from": "", "to": "address", "map-ref": "address"}]},
              {"id": "address", "attributes": ["city"]}],
             "descriptors": [{"keyPath": "user", "root-map-ref": "user"}]}
            """#
        #expect(try unmapped(spec: spec, document: #"{"user": {"name": "a", "city": "b", "zip": "c"}}"#) == ["$.user.zip 1 user"])
        #expect(try unmapped(spec: spec, document: #"{"user": {"name": "a", "city": "b"}}"#) == [])
    }

    /// RestKit's nil key path reads the object through its mapper, never a
    /// member named "" (docs/spec.md §4: no key path names an empty key).
    @Test func aNilKeyPathRelationshipDoesNotReadAMemberNamedEmpty() throws {
        let spec = #"""
            {"mappers": [
              {"id": "p", "attributes": ["id"], "relationships": [{"from": "", "to": "addr", "map-ref": "a"}]},
              {"id": "a", "attributes": ["city"]}],
             "descriptors": [{"root-map-ref": "p"}]}
            """#
        #expect(try unmapped(spec: spec, document: #"[{"id": 1, "city": "P", "": "lost"}]"#) == [#"$[*][""] 1 p"#])
    }

    /// The composed mapper's `@parent` reads and its children's land on the
    /// object it maps again (the parent's), and its source key paths count for
    /// the missing-keys check under its own id.
    @Test func aComposedMapperReadsThroughParentsAndChildrenAndCanMissKeys() throws {
        let spec = #"""
            {"mappers": [
              {"id": "post", "attributes": ["title"], "relationships": [{"from": "", "to": "stats", "map-ref": "stats"}]},
              {"id": "stats", "attributes": {"views": "views", "likes": "likes"},
               "relationships": [{"from": "comments", "to": "comments", "map-ref": "comment"}]},
              {"id": "comment", "attributes": {"text": "text", "@parent.lang": "lang"}}],
             "descriptors": [{"keyPath": "post", "root-map-ref": "post"}]}
            """#
        let doc = #"{"post": {"title": "t", "views": 3, "lang": "en", "comments": [{"text": "a"}], "draft": true}}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.post.draft 1 post"])
        #expect(try missing(spec: spec, document: doc) == ["$.post.likes 1 stats"])
    }

    /// A nil key path relationship to a `forceCollection` mapper maps every
    /// member of the object as a dynamic key: they are read, and their values'
    /// members are checked.
    @Test func aNilKeyPathRelationshipToAKeyedMapperReadsEveryMember() throws {
        let spec = #"""
            {"mappers": [
              {"id": "w", "attributes": {"@metadata.mapping.rootKeyPath": "k"}, "relationships": [{"from": "", "to": "users", "map-ref": "user"}]},
              {"id": "user", "keyAttribute": "username", "forceCollection": true, "attributes": ["email"]}],
             "descriptors": [{"keyPath": "users", "root-map-ref": "w"}]}
            """#
        let doc = #"{"users": {"blake": {"email": "b@x", "age": 1}, "rachit": {"email": "r@x"}}}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.users.*.age 1 user"])
    }

    /// A descriptor without a key path has the document as its content: the
    /// keys of a `forceCollection` dictionary at the root, or a dynamic
    /// nesting key, are records, not unread members of an unmapped root.
    @Test func aKeyedDictionaryAtTheRootIsContentNotUnmappedMembers() throws {
        let keyed = #"{"mappers": [{"id": "user", "keyAttribute": "username", "forceCollection": true, "attributes": ["email"]}]}"#
        #expect(try unmapped(spec: keyed, document: #"{"sarah": {"email": "s", "age": 3}, "zed": {}}"#) == ["$.*.age 1 user"])
        let nested = #"{"mappers": [{"id": "user", "keyAttribute": "username", "attributes": ["email"]}], "descriptors": [{"root-map-ref": "user"}]}"#
        #expect(try unmapped(spec: nested, document: #"{"sarah": {"email": "s"}}"#) == [])
        // With a key path, the root's other members are still checked.
        let atUsers = #"{"mappers": [{"id": "user", "keyAttribute": "username", "forceCollection": true, "attributes": ["email"]}], "descriptors": [{"keyPath": "users", "root-map-ref": "user"}]}"#
        #expect(try unmapped(spec: atUsers, document: #"{"users": {"sarah": {"email": "s"}}, "page": 1}"#) == ["$.page 1 "])
    }

    // MARK: descriptor content (SPEC §12 check 3)

    /// Another descriptor's content is read in an envelope mapped anywhere on
    /// the way to it, not only at the root (Elasticsearch: `hits` beside
    /// `hits.hits`); the envelope's other members are still checked.
    @Test func contentIsReadInAnEnvelopeBelowTheRoot() throws {
        let spec = #"""
            {"mappers": [{"id": "hit", "attributes": ["id"]}, {"id": "env", "attributes": {"max_score": "maxScore"}}],
             "descriptors": [{"keyPath": "hits.hits", "root-map-ref": "hit"}, {"keyPath": "hits", "root-map-ref": "env"}]}
            """#
        #expect(try unmapped(spec: spec, document: #"{"hits": {"max_score": 1, "hits": [{"id": 1}]}}"#) == [])
        #expect(try unmapped(spec: spec, document: #"{"hits": {"max_score": 1, "total": 2, "hits": [{"id": 1}]}, "took": 3}"#)
            == ["$.hits.total 1 env", "$.took 1 "])
    }

    @Test func parentKeysAreReadsOfTheEnclosingObject() throws {
        let spec = #"""
            {"mappers": [
              {"id": "post", "attributes": ["title"], "relationships": [{"from": "comments", "to": "comments", "map-ref": "comment"}]},
              {"id": "comment", "attributes": {"text": "text", "@parent.postID": "postID"}}],
             "descriptors": [{"keyPath": "post", "root-map-ref": "post"}]}
            """#
        let doc = #"{"post": {"title": "t", "postID": 4, "draft": true, "comments": [{"text": "a", "likes": 1}, {"text": "b", "likes": 2}]}}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.post.comments[*].likes 2 comment", "$.post.draft 1 post"])
    }

    /// A dotted `@parent` path reads along its keys, as the same path on
    /// the enclosing mapper does: `@parent.items.name` reads `name` of each
    /// item, not all of `items` (which hid drift inside `items`); a key
    /// before an operator is read whole (`@parent.meta.@count`), as
    /// `meta.@count` is. The same from a matcher, and two levels up
    /// (`@parent.@parent`).
    @Test func parentPathsReadAlongTheirKeys() throws {
        let spec = #"""
            {"mappers": [
              {"id": "order", "attributes": ["id"], "relationships": [{"from": "lines", "to": "lines", "map-ref": "line"}]},
              {"id": "line", "attributes": {"sku": "sku", "@parent.items.name": "names", "@parent.meta.@count": "metaCount"},
               "relationships": [{"from": "parts", "to": "parts", "map-ref": "part"}]},
              {"id": "part", "dynamic": true, "matchers": [{"keyPath": "@parent.@parent.flags.on", "expectValue": true, "map-ref": "on"}]},
              {"id": "on", "attributes": ["p"]}],
             "descriptors": [{"keyPath": "orders", "root-map-ref": "order"}]}
            """#
        let doc = #"""
            {"orders": [{"id": 1, "lines": [{"sku": "a", "parts": [{"p": 1}]}],
              "items": [{"name": "n1", "price": 3}, {"name": "n2", "extra": 1}],
              "meta": {"a": 1}, "flags": {"on": true, "off": false}}]}
            """#
        #expect(try unmapped(spec: spec, document: doc) == [
            "$.orders[*].flags.off 1 order", "$.orders[*].items[*].extra 1 order", "$.orders[*].items[*].price 1 order",
        ])
        // Through the enclosing mapper's own path, the same report.
        let direct = spec.replacingOccurrences(of: #""attributes": ["id"]"#, with: #""attributes": {"id": "id", "items.name": "names"}"#)
            .replacingOccurrences(of: #", "@parent.items.name": "names""#, with: "")
        #expect(try unmapped(spec: direct, document: doc) == [
            "$.orders[*].flags.off 1 order", "$.orders[*].items[*].extra 1 order", "$.orders[*].items[*].price 1 order",
        ])
    }

    /// A matcher's `@parent` and `@root` reads count however its choice
    /// goes: a `forceCollection` mapper (whose dictionary is no object
    /// opened: its members are), a declined object, a scalar mapped from the
    /// nil key path. They were dropped with the matcher's reads of the value,
    /// and `meta` was reported unmapped although a matcher read `meta.x`.
    @Test func matchersReadTheirParentWhateverTheyChoose() throws {
        let spec = #"""
            {"mappers": [
              {"id": "order", "attributes": ["id"],
               "relationships": [{"from": "users", "to": "users", "map-ref": "dyn"}, {"from": "lines", "to": "lines", "map-ref": "dyn2"},
                                 {"from": "notes", "to": "notes", "map-ref": "dyn3"}]},
              {"id": "dyn", "dynamic": true, "matchers": [{"keyPath": "@parent.meta.x", "expectValue": 1, "map-ref": "user"}]},
              {"id": "dyn2", "dynamic": true, "matchers": [{"predicate": "@parent.flags.on == true", "map-ref": "line"}]},
              {"id": "dyn3", "dynamic": true, "matchers": [{"keyPath": "@parent.tags.a", "expectType": "string", "map-ref": "note"}]},
              {"id": "line", "attributes": ["sku"]},
              {"id": "note", "attributes": {"": "text"}},
              {"id": "user", "forceCollection": true, "keyAttribute": "name", "attributes": ["email"]}],
             "descriptors": [{"keyPath": "orders", "root-map-ref": "order"}]}
            """#
        let doc = #"""
            {"orders": [{"id": 1, "meta": {"x": 1, "y": 2}, "flags": {"on": false, "off": 1}, "tags": {"a": "t", "b": "u"},
                         "users": {"bob": {"email": "e"}}, "lines": [{"sku": "a"}], "notes": ["n1", "n2"]}]}
            """#
        // `lines` is declined (`on` is false); `notes` are strings mapped whole.
        #expect(try unmapped(spec: spec, document: doc) == [
            "$.orders[*].flags.off 1 order", "$.orders[*].meta.y 1 order", "$.orders[*].tags.b 1 order",
        ])
    }

    /// A nil key path relationship's dynamic mapper that declines the
    /// enclosing object still read what its matchers name there
    /// (`visibility`); the counts nothing maps are unmapped.
    @Test func aDeclinedComposedObjectWasReadByItsMatchers() throws {
        let spec = #"""
            {"mappers": [
              {"id": "status", "attributes": ["id"], "relationships": [{"from": "", "to": "stats", "map-ref": "pick"}]},
              {"id": "pick", "dynamic": true, "matchers": [{"keyPath": "visibility", "expectValue": "public", "map-ref": "stats"}]},
              {"id": "stats", "attributes": {"favourites_count": "favs"}}],
             "descriptors": [{"keyPath": "", "root-map-ref": "status"}]}
            """#
        #expect(try unmapped(spec: spec, document: #"[{"id": "1", "visibility": "private", "favourites_count": 2}]"#)
            == ["$[*].favourites_count 1 status"])
        #expect(try unmapped(spec: spec, document: #"[{"id": "1", "visibility": "public", "favourites_count": 2}]"#) == [])
    }

    /// A `@parent` path that reads into objects another relationship maps
    /// (`@parent.items.qty` from a shipment; each item mapped by its own
    /// mapper) reads them, whichever relationship is mapped first: `qty`
    /// was reported unmapped (a correct spec failed). Only what a mapping
    /// ran to read counts: no shipment, no read. A count reads none of the
    /// items' members.
    @Test func aParentPathReadsIntoObjectsMappedByAnotherRelationship() throws {
        func spec(shipmentsFirst: Bool, read: String = "@parent.items.qty") -> String {
            let items = #"{"from": "items", "to": "items", "map-ref": "item"}"#
            let ships = #"{"from": "shipments", "to": "shipments", "map-ref": "ship"}, {"from": "item", "to": "item", "map-ref": "item"}"#
            return #"""
                {"mappers": [
                  {"id": "order", "attributes": ["id"], "relationships": [\#(shipmentsFirst ? ships + ", " + items : items + ", " + ships)]},
                  {"id": "item", "attributes": ["id"]},
                  {"id": "ship", "attributes": {"id": "id", "\#(read)": "read", "@parent.item.qty": "one"}}],
                 "descriptors": [{"keyPath": "", "root-map-ref": "order"}]}
                """#
        }
        let doc = #"{"id": 1, "items": [{"id": 1, "qty": 3}, {"id": 2, "qty": 4, "price": 5}], "item": {"id": 3, "qty": 1}, "shipments": [{"id": 9}]}"#
        for first in [false, true] {
            #expect(try unmapped(spec: spec(shipmentsFirst: first), document: doc) == ["$.items[*].price 1 item"], "shipments first: \(first)")
            // Counted, not read into: each item's members are its own mapper's.
            #expect(try unmapped(spec: spec(shipmentsFirst: first, read: "@parent.items.@count"), document: doc)
                == ["$.items[*].price 1 item", "$.items[*].qty 2 item"], "shipments first: \(first)")
        }
        // No shipment mapped: nothing read `qty`.
        let none = #"{"id": 1, "items": [{"id": 1, "qty": 3}], "item": {"id": 3, "qty": 1}, "shipments": []}"#
        #expect(try unmapped(spec: spec(shipmentsFirst: false), document: none) == ["$.item.qty 1 item", "$.items[*].qty 1 item"])
        // An item reading its own siblings' `qty` through its parent.
        let own = #"""
            {"mappers": [
              {"id": "order", "attributes": ["id"], "relationships": [{"from": "items", "to": "items", "map-ref": "item"}]},
              {"id": "item", "attributes": {"id": "id", "@parent.items.qty": "all"}}],
             "descriptors": [{"keyPath": "", "root-map-ref": "order"}]}
            """#
        #expect(try unmapped(spec: own, document: doc) == ["$.item 1 order", "$.items[*].price 1 item", "$.shipments 1 order"])
    }

    /// The same for `@root` paths (`@root.items.qty` from a shipment mapped
    /// after the items: `qty` was reported, and not when the shipments came
    /// first), and for reads made while the object they read is still being
    /// mapped (a part of an item reading `@root.items.qty` or
    /// `@parent.@parent.items.qty`).
    @Test func rootAndDeepParentPathsReadObjectsMappedBeforeOrAround() throws {
        func spec(_ relationships: String, ship: String, part: String = "") -> String {
            #"""
            {"mappers": [
              {"id": "order", "attributes": ["id"], "relationships": [\#(relationships)]},
              {"id": "item", "attributes": ["id"], "relationships": [{"from": "parts", "to": "parts", "map-ref": "part"}]},
              {"id": "part", "attributes": {"p": "p"\#(part)}},
              {"id": "ship", "attributes": {"id": "id"\#(ship)}}],
             "descriptors": [{"keyPath": "", "root-map-ref": "order"}]}
            """#
        }
        let items = #"{"from": "items", "to": "items", "map-ref": "item"}"#
        let ships = #"{"from": "shipments", "to": "shipments", "map-ref": "ship"}"#
        let doc = #"{"id": 1, "items": [{"id": 1, "qty": 3, "parts": [{"p": 1}]}, {"id": 2, "qty": 4, "price": 5, "parts": []}], "shipments": [{"id": 9}]}"#
        for order in [items + ", " + ships, ships + ", " + items] {
            #expect(try unmapped(spec: spec(order, ship: #", "@root.items.qty": "q""#), document: doc) == ["$.items[*].price 1 item"], "\(order)")
        }
        // Read from inside the item being mapped.
        for read in ["@root.items.qty", "@parent.@parent.items.qty"] {
            #expect(try unmapped(spec: spec(items, ship: "", part: #", "\#(read)": "q""#), document: doc)
                == ["$.items[*].price 1 item", "$.shipments 1 order"], "\(read)")
        }
        // No shipment mapped: nothing read `qty`.
        let none = doc.replacingOccurrences(of: #""shipments": [{"id": 9}]"#, with: #""shipments": []"#)
        #expect(try unmapped(spec: spec(items + ", " + ships, ship: #", "@root.items.qty": "q""#), document: none)
            == ["$.items[*].price 1 item", "$.items[*].qty 2 item"])
    }

    @Test func matcherKeysAreReads() throws {
        let spec = #"""
            {"mappers": [
              {"id": "person", "dynamic": true, "matchers": [
                 {"keyPath": "type", "expectValue": "Boy", "map-ref": "boy"},
                 {"predicate": "kind == 'girl' OR age > 18", "map-ref": "girl"}]},
              {"id": "boy", "attributes": ["name"]},
              {"id": "girl", "attributes": ["name"]}],
             "descriptors": [{"keyPath": "people", "root-map-ref": "person"}]}
            """#
        let doc = #"{"people": [{"type": "Boy", "name": "a", "toy": 1}, {"type": "Girl", "kind": "girl", "age": 3, "name": "b"}, {"type": "x", "other": 1}]}"#
        // The declined third element is not a mapped object: nothing is reported for it.
        #expect(try unmapped(spec: spec, document: doc) == ["$.people[*].toy 1 boy"])
    }

    @Test func dynamicNestingKeysFoldToAWildcard() throws {
        let spec = #"""
            {"mappers": [{"id": "user", "keyAttribute": "username", "forceCollection": true, "attributes": ["email"]}],
             "descriptors": [{"keyPath": "users", "root-map-ref": "user"}]}
            """#
        let doc = #"{"users": {"blake": {"email": "b@x", "age": 1}, "rachit": {"email": "r@x", "age": 2}}}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.users.*.age 2 user"])
    }

    @Test func caseInsensitiveReadsMarkTheMemberFound() throws {
        let spec = #"{"keyMatching": "caseInsensitive", "mappers": [{"id": "s", "attributes": ["sportId"]}], "descriptors": [{"keyPath": "s", "root-map-ref": "s"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"s": {"SPORTID": 1, "x": 2}}"#) == ["$.s.x 1 s"])
    }

    /// Under case-insensitive keys a read finds the member the engine's
    /// lookup finds: `@root.META.PAGE` and `@root.Meta.z` both read `Meta`
    /// (its `Page` was reported unmapped, the first spelling hiding the
    /// other), and `meta` after `Meta`, which no lookup finds, is unread.
    @Test func caseInsensitiveRootReadsFindTheMemberTheLookupFinds() throws {
        let spec = #"{"keyMatching": "caseInsensitive", "mappers": [{"id": "i", "attributes": {"id": "id", "@root.META.PAGE": "p", "@root.Meta.z": "z"}}], "descriptors": [{"keyPath": "items", "root-map-ref": "i"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"items": [{"id": 1}], "Meta": {"Page": 1, "z": 0}}"#) == [])
        #expect(try unmapped(spec: spec, document: #"{"items": [{"id": 1}], "Meta": {"Page": 1, "z": 0, "q": 2}, "meta": {"page": 2}}"#)
            == ["$.Meta.q 1 ", "$.meta 1 "])
        #expect(try unmapped(spec: spec, document: #"{"items": [{"id": 1}], "meta": {"page": 1, "Z": 0, "q": 2}}"#) == ["$.meta.q 1 "])
    }

    /// An object with none of its mapper's keys gives no record and a
    /// warning (docs/spec.md §5.2); its members are in the document all the
    /// same and nothing maps them, so they are unmapped: under
    /// `--allow-warnings --unmapped error` the `1` must not pass as mapped.
    /// A record a validation rejected is the spec's choice, and its members
    /// are not reported.
    @Test func membersOfAnObjectWithNoneOfTheKeysAreUnmapped() throws {
        let spec = #"{"mappers": [{"id": "a", "attributes": ["name"]}], "descriptors": [{"keyPath": "items", "root-map-ref": "a"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"items": [{"name": "n"}, {"other": 1}]}"#) == ["$.items[*].other 1 a"])
        #expect(try unmapped(spec: spec, document: #"{"items": [{"name": "n"}, {"other": 1}, {"other": 2, "x": 3}, {}]}"#)
            == ["$.items[*].other 2 a", "$.items[*].x 1 a"])
        let validated = #"""
            {"mappers": [{"id": "a", "attributes": ["name"], "validations": [{"attribute": "name", "predicate": "SELF != 'n'", "onFailure": "reject"}]}],
             "descriptors": [{"keyPath": "items", "root-map-ref": "a"}]}
            """#
        #expect(try unmapped(spec: validated, document: #"{"items": [{"name": "n", "other": 1}, {"name": "m"}]}"#) == [])
        // The document root under an envelope mapper: `total` renamed `count`.
        let envelope = #"""
            {"mappers": [{"id": "a", "attributes": ["name"]}, {"id": "page", "attributes": ["total"]}],
             "descriptors": [{"keyPath": "items", "root-map-ref": "a"}, {"root-map-ref": "page"}]}
            """#
        #expect(try unmapped(spec: envelope, document: #"{"items": [{"name": "n"}], "count": 3}"#) == ["$.count 1 page"])
        #expect(try unmapped(spec: envelope, document: #"{"items": [{"name": "n"}], "total": 3}"#) == [])
    }

    @Test func rootKeysReadByAtRoot() throws {
        let spec = #"{"mappers": [{"id": "a", "attributes": {"name": "name", "@root.version": "v"}}], "descriptors": [{"root-map-ref": "a"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"name": "n", "version": 2, "x": 1}"#) == ["$.x 1 a"])
    }

    /// `@root.meta.next_token` reads `$.meta.next_token`, as a dotted path
    /// does: the other members of `meta` are checked.
    @Test func dottedRootPathsReadOnlyTheirMember() throws {
        let spec = #"{"mappers": [{"id": "i", "attributes": {"id": "id", "@root.meta.next_token": "next"}}], "descriptors": [{"keyPath": "data", "root-map-ref": "i"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"data": [{"id": 1}, {"id": 2}], "meta": {"next_token": "x"}}"#) == [])
        #expect(try unmapped(spec: spec, document: #"{"data": [{"id": 1}], "meta": {"pagination_token": "x", "total": 3}}"#)
            == ["$.meta.pagination_token 1 ", "$.meta.total 1 "])
    }

    /// On a mapped root too, whichever descriptor comes first: the root's
    /// members are counted once every `@root` read is known.
    @Test func dottedRootPathsOnAMappedRootInEitherDescriptorOrder() throws {
        for descriptors in [#"[{"root-map-ref": "env"}, {"keyPath": "data", "root-map-ref": "i"}]"#,
                            #"[{"keyPath": "data", "root-map-ref": "i"}, {"root-map-ref": "env"}]"#] {
            let spec = #"{"mappers": [{"id": "env", "attributes": ["took"]}, {"id": "i", "attributes": {"id": "id", "@root.meta.next": "next"}}], "descriptors": "# + descriptors + "}"
            #expect(try unmapped(spec: spec, document: #"{"took": 1, "data": [{"id": 1}], "meta": {"next": "x", "total": 3}}"#)
                == ["$.meta.total 1 env"], "\(descriptors)")
        }
    }

    @Test func atRootAloneReadsTheWholeDocument() throws {
        let spec = #"{"mappers": [{"id": "i", "attributes": {"id": "id", "@root": "doc"}}], "descriptors": [{"keyPath": "data", "root-map-ref": "i"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"data": [{"id": 1}], "meta": {"total": 3}}"#) == [])
    }

    // MARK: dotted key paths (SPEC §12 check 3)

    @Test func membersOfObjectsReadThroughDottedPathsAreTracked() throws {
        let spec = #"{"mappers": [{"id": "i", "attributes": {"reactions.total_count": "reactions", "user.login": "author"}}], "descriptors": [{"keyPath": "issues", "root-map-ref": "i"}]}"#
        let doc = #"{"issues": [{"reactions": {"total": 1, "url": "u"}, "user": {"login": "a"}}, {"reactions": {"total_count": 2}, "user": {"login": "b", "id": 3}}]}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.issues[*].reactions.total 1 i", "$.issues[*].reactions.url 1 i", "$.issues[*].user.id 1 i"])
    }

    @Test func dottedPathsThroughArraysAndDeeperObjects() throws {
        let spec = #"{"mappers": [{"id": "i", "attributes": {"labels.name": "labels", "a.b.c": "c"}}], "descriptors": [{"keyPath": "i", "root-map-ref": "i"}]}"#
        let doc = #"{"i": {"labels": [{"name": "bug", "color": "red"}, {"name": "ui", "color": "blue"}, 5], "a": {"b": {"c": 1, "d": 2}, "e": 3}}}"#
        #expect(try unmapped(spec: spec, document: doc) == ["$.i.a.b.d 1 i", "$.i.a.e 1 i", "$.i.labels[*].color 2 i"])
    }

    @Test func aMemberReadWholeIsNotDescended() throws {
        let spec = #"{"mappers": [{"id": "i", "attributes": {"reactions.total_count": "total", "reactions": "all", "tags.@count": "n"}}], "descriptors": [{"keyPath": "i", "root-map-ref": "i"}]}"#
        let doc = #"{"i": {"reactions": {"total_count": 1, "heart": 2}, "tags": [{"x": 1}]}}"#
        #expect(try unmapped(spec: spec, document: doc) == [])
    }

    @Test func caseInsensitiveDottedReads() throws {
        let spec = #"{"keyMatching": "caseInsensitive", "mappers": [{"id": "i", "attributes": {"Reactions.Total_Count": "total"}}], "descriptors": [{"keyPath": "i", "root-map-ref": "i"}]}"#
        #expect(try unmapped(spec: spec, document: #"{"i": {"reactions": {"total_count": 1, "x": 2}}}"#) == ["$.i.reactions.x 1 i"])
    }

    // MARK: missing keys

    private func missing(spec: String, document: String) throws -> [String] {
        let graph = try CheckFixtures.graph(spec)
        let engine = try MappingEngine(graph: graph, options: MappingOptions())
        var reader = JSONDocumentReader(bytes: Array(document.utf8))
        let value = try #require(try reader.next())
        let tracker = ReadTracker(caseInsensitive: graph.options.caseInsensitiveKeys, graph: graph)
        tracker.begin(contentKeyPaths: engine.applicableDescriptors.map(\.keyPath))
        _ = try engine.map(document: value, info: DocumentInfo(input: "d", index: 0), sink: CountingSink(), diagnostics: DiagnosticList(), readTracker: tracker)
        tracker.finish(document: value)
        return tracker.missing.map { "\($0.path) \($0.count) \($0.mapperID)" }
    }

    @Test func missingKeyPathsArePerMapperAndPattern() throws {
        let spec = #"""
            {"mappers": [
              {"id": "a", "attributes": {"id": "id", "title": "title", "reactions.total_count": "n", "tags.@count": "tags"},
               "relationships": [{"from": "author", "to": "author", "map-ref": "p"}]},
              {"id": "p", "attributes": ["name", "email"]}],
             "descriptors": [{"keyPath": "articles", "root-map-ref": "a"}, {"keyPath": "featured", "root-map-ref": "a"}]}
            """#
        // `reactions.total_count` is not reported: `reactions` is null in one
        // object (the member is there), so it is not missing from every object.
        let doc = #"{"articles": [{"id": 1, "reactions": {"total": 1}, "author": {"name": "x"}}, {"id": 2, "reactions": null, "author": {"name": "y"}}], "featured": {"id": 3, "reactions": {}}}"#
        #expect(try missing(spec: spec, document: doc) == [
            "$.articles[*].tags 2 a", "$.articles[*].title 2 a", "$.articles[*].author.email 2 p",
            "$.featured.tags 1 a", "$.featured.title 1 a",
        ].sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    }

    @Test func presentInOneObjectOrThroughAnArrayIsNotMissing() throws {
        let spec = #"{"mappers": [{"id": "a", "attributes": ["id", "title", "labels.name"]}], "descriptors": [{"keyPath": "items", "root-map-ref": "a"}]}"#
        let doc = #"{"items": [{"id": 1, "labels": [{"color": "r"}, {"name": "bug"}]}, {"id": 2, "title": "t", "labels": []}]}"#
        #expect(try missing(spec: spec, document: doc) == [])
    }

    /// An object a nil key path relationship maps again counts for its
    /// mapper's missing keys even when it had none of them (no record, no
    /// warning: RestKit composes nothing from it): an API that dropped
    /// every such field was a quiet pass, and only one dropped was reported.
    @Test func aComposedObjectWithNoneOfItsKeysHasThemMissing() throws {
        let spec = #"""
            {"mappers": [
              {"id": "status", "attributes": ["id"], "relationships": [{"from": "", "to": "stats", "map-ref": "stats"}]},
              {"id": "stats", "attributes": {"favourites_count": "favs", "reblogs_count": "reblogs"}}],
             "descriptors": [{"keyPath": "", "root-map-ref": "status"}]}
            """#
        #expect(try missing(spec: spec, document: #"[{"id": 1, "favourites_count": 2, "reblogs_count": 1}]"#) == [])
        #expect(try missing(spec: spec, document: #"[{"id": 1, "reblogs_count": 1}]"#) == ["$[*].favourites_count 1 stats"])
        #expect(try missing(spec: spec, document: #"[{"id": 1}, {"id": 2}]"#) == ["$[*].favourites_count 2 stats", "$[*].reblogs_count 2 stats"])
        // One object that has a key is enough for it not to be missing.
        #expect(try missing(spec: spec, document: #"[{"id": 1}, {"id": 2, "reblogs_count": 1}]"#) == ["$[*].favourites_count 2 stats"])
    }

    /// An object that had none of its mapper's keys gives no record and a
    /// warning naming the keys (docs/spec.md §5.2): it is not an object the
    /// mapper mapped for the missing check (its members are reported as
    /// unmapped, `membersOfAnObjectWithNoneOfTheKeysAreUnmapped`).
    @Test func unmappedObjectsDoNotCountAsMapped() throws {
        let spec = #"{"mappers": [{"id": "a", "attributes": ["id", "title"]}], "descriptors": [{"keyPath": "items", "root-map-ref": "a"}]}"#
        #expect(try missing(spec: spec, document: #"{"items": [{"id": 1}, {"x": 1}]}"#) == ["$.items[*].title 1 a"])
        #expect(try missing(spec: spec, document: #"{"items": [{"id": 1, "title": "t"}, {"x": 1}]}"#) == [])
        #expect(try missing(spec: spec, document: #"{"items": [{"x": 1}]}"#) == [])
    }
}

/// Whether a key path finds a value (docs/spec.md §12 check 3, as the
/// lookup of §4 finds it), asked without an index element by element and
/// with one through what was collected: the same answers.
@Suite struct ReadTrackerPresenceTests {
    private func present(_ path: String, in document: String, caseInsensitive: Bool = false) throws -> Bool {
        var reader = JSONDocumentReader(bytes: Array(document.utf8))
        let value = try #require(try reader.next())
        let steps = try KeyPath(parsing: path).components
        return ReadTracker.present(steps[...], in: value, caseInsensitive: caseInsensitive)
    }

    @Test func throughArraysTheRestIsInSomeElementOrTheArrayIsEmpty() throws {
        let doc = #"{"data": [{"id": 1}, {"name": "x"}], "none": [{"a": 1}, 2, "s"], "empty": [], "deep": [[{"id": 1}], [{"x": 2}]], "hollow": [[{"id": 1}], []], "n": null, "o": {"id": null}}"#
        #expect(try present("data.id", in: doc))
        #expect(try present("data.name", in: doc))
        #expect(try !present("data.other", in: doc))
        #expect(try !present("none.id", in: doc))
        #expect(try present("empty.id", in: doc))
        #expect(try present("deep.id", in: doc))
        #expect(try !present("deep.name", in: doc))
        // An empty array inside cannot tell either: present.
        #expect(try present("hollow.name", in: doc))
        // `null` on the way is the member there, empty; a scalar is not.
        #expect(try present("n.id.more", in: doc))
        #expect(try present("o.id", in: doc))
        #expect(try !present("o.id2", in: doc))
        #expect(try !present("data.id.more", in: doc))
        #expect(try !present("missing", in: doc))
        // An operator asks only for what is before it.
        #expect(try present("data.@count", in: doc))
        #expect(try present("data.id.@max", in: doc))
        #expect(try !present("data.zip.@max", in: doc))
    }

    @Test func anIndexPicksFromWhatWasCollected() throws {
        let doc = #"{"data": [{"id": 1, "tags": ["a"]}, {"tags": []}], "list": [{"a": 1}]}"#
        #expect(try present("data[0].id", in: doc))
        #expect(try !present("data[1].id", in: doc))
        // Past the end: present (an array too short is not a key dropped).
        #expect(try present("data[5].id", in: doc))
        #expect(try present("data.tags[0]", in: doc))
        #expect(try !present("list[0].b", in: doc))
    }

    @Test func caseInsensitiveFindsTheMemberTheLookupFinds() throws {
        let doc = #"{"Data": [{"ID": 1}]}"#
        #expect(try present("data.id", in: doc, caseInsensitive: true))
        #expect(try !present("data.id", in: doc))
    }
}
