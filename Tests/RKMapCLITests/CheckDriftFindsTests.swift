import Foundation
import Testing

/// API drift that `rkmap check` passed with `--unmapped error --missing error`
/// (docs/spec.md §12 check 3), each a tester's find on a real API shape:
/// a new `kind` its dynamic mapper declines, a new member inside an object a
/// matcher only tested the kind of, and a descriptor's content renamed away.
@Suite struct CheckDriftFindsTests {
    static func check(_ spec: String, _ fixtures: [String: String]) throws -> RKMapExecutable.Result {
        let dir = try Scratch()
        try dir.write("s.json", spec)
        for (name, text) in fixtures { try dir.write(name, text) }
        return try RKMapExecutable.run(
            ["check", "s.json"] + fixtures.keys.sorted() + ["--unmapped", "error", "--missing", "error"], directory: dir.url,
            environment: ["GITHUB_ACTIONS": nil])
    }

    /// Reddit's listing: `t1` comments and `t3` links chosen by `kind`; a
    /// `t5` subreddit appears. Nothing of it is mapped (apply counts it as
    /// declined); check reports it, once per path pattern with a count.
    @Test func aDeclinedObjectIsReported() throws {
        let spec = #"""
            {"keyPath": "data.children", "root-map-ref": "thing", "mappers": [
              {"id": "thing", "dynamic": true, "matchers": [{"keyPath": "kind", "valueMap": {"t1": "comment", "t3": "link"}}]},
              {"id": "comment", "target": "Comment", "attributes": ["kind", "id"]},
              {"id": "link", "target": "Link", "attributes": ["kind", "id"]}]}
            """#
        let r = try Self.check(spec, [
            "a.json": #"{"data": {"children": [{"kind": "t1", "id": "a"}, {"kind": "t3", "id": "b"}]}}"#,
            "b.json": #"{"data": {"children": [{"kind": "t1", "id": "a"}, {"kind": "t5", "id": "c"}, {"kind": "t5", "id": "d"}, null]}}"#,
        ])
        #expect(r.stdout == """
            PASS a.json: 200, 2 records
            FAIL b.json: 200, 1 record
              unmapped: $.data.children[*]: declined (2 objects): no matcher of dynamic mapper 'thing' chose a mapper, so nothing of it is mapped [mapper thing]
            1 passed, 1 failed

            """)
        #expect(r.status == 1)
    }

    /// CloudTrail's `resources`, an entity keyed by `ARN`, where one
    /// resource has `"ARN": null` and another none: per mapper the key is
    /// there, so check passed, and `apply -o db.sqlite` then refused the
    /// document (a tester's find). Each record without an identity is
    /// reported at its place under the `--missing` policy, with SQLite's
    /// reason and fix.
    @Test func aRecordWithoutItsIdentityIsReported() throws {
        let spec = #"""
            {"keyPath": "Records", "root-map-ref": "r", "mappers": [
              {"id": "r", "target": "Rec", "attributes": ["eventID"], "relationships": [{"from": "resources", "to": "resources", "map-ref": "res", "many": true}]},
              {"id": "res", "target": "Resource", "entity": true, "identification": ["ARN"], "attributes": ["ARN", "type"]}]}
            """#
        let r = try Self.check(spec, [
            "a.json": #"{"Records": [{"eventID": "a", "resources": [{"ARN": "x", "type": "t"}]}]}"#,
            "b.json": #"{"Records": [{"eventID": "a", "resources": [{"ARN": "x", "type": "t"}, {"ARN": null, "type": "t"}]}, {"eventID": "b", "resources": [{"type": "t"}]}]}"#,
        ])
        #expect(r.stdout == #"""
            PASS a.json: 200, 1 record
            FAIL b.json: 200, 2 records
              missing: $.Records[0].resources[1]: the Resource record's identification attribute 'ARN' is null, so SQLite output cannot store it (Resource rows are keyed by it); fix the input, or leave such records out with a validation {"attribute": "ARN", "predicate": "SELF != nil", "onFailure": "reject"} [mapper res]
              missing: $.Records[1].resources[0]: the Resource record has no 'ARN', its identification attribute, so SQLite output cannot store it (Resource rows are keyed by it); fix the input, or give 'ARN' a value in "defaults" [mapper res]
            1 passed, 1 failed

            """#)
        #expect(r.status == 1)
    }

    /// Kubernetes container state `{"running": {...}}` chosen by an
    /// `expectType: object` matcher: the matcher reads that `running` is an
    /// object, not its members, so new members in it are reported as they
    /// are when a predicate chooses (`running.startedAt != nil`).
    @Test func aKindMatcherReadsNoMembers() throws {
        let spec = #"""
            {"keyPath": "statuses", "root-map-ref": "state", "mappers": [
              {"id": "state", "dynamic": true, "matchers": [{"keyPath": "running", "expectType": "object", "map-ref": "running"}]},
              {"id": "running", "target": "Running", "attributes": {"running.startedAt": "startedAt"}}]}
            """#
        let r = try Self.check(spec, [
            "a.json": #"{"statuses": [{"running": {"startedAt": "2024-05-01T12:00:05Z"}}]}"#,
            "b.json": #"{"statuses": [{"running": {"startedAt": "2024-05-01T12:00:05Z", "pid": 7}}]}"#,
        ])
        #expect(r.stdout == """
            PASS a.json: 200, 1 record
            FAIL b.json: 200, 1 record
              unmapped: $.statuses[*].running.pid: not mapped (1 time) [mapper running]
            1 passed, 1 failed

            """)
        #expect(r.status == 1)
    }

    /// HAL: `_embedded.people` and the `page` envelope; `people` renamed
    /// `persons` left the page's record alone, and passed: `_embedded`, on
    /// the way to a descriptor's content, counted as read whole. It is read
    /// along the path only, so its other members are reported; an optional
    /// descriptor whose content is absent (JSON:API `included`, GraphQL
    /// `errors`) is not drift.
    @Test func membersBesideADescriptorsContentAreReported() throws {
        let spec = #"""
            {"descriptors": [{"keyPath": "_embedded.people", "root-map-ref": "person"}, {"keyPath": "page", "root-map-ref": "page"},
                             {"keyPath": "errors", "root-map-ref": "error"}],
             "mappers": [{"id": "person", "target": "Person", "attributes": ["name"]},
                         {"id": "page", "target": "Page", "attributes": ["number"]},
                         {"id": "error", "target": "Error", "attributes": ["message"]}]}
            """#
        let r = try Self.check(spec, [
            "a.json": #"{"_embedded": {"people": [{"name": "a"}]}, "page": {"number": 0}}"#,
            "b.json": #"{"_embedded": {"persons": [{"name": "a"}]}, "page": {"number": 0}}"#,
        ])
        #expect(r.stdout == """
            PASS a.json: 200, 2 records
            FAIL b.json: 200, 1 record
              unmapped: $._embedded.persons: not mapped (1 time)
            1 passed, 1 failed

            """)
        #expect(r.status == 1)
    }

    /// A FHIR Bundle with an `entry` mapper (reading `fullUrl`) and an
    /// `entry.resource` descriptor: each element of `entry` is on the way to
    /// the other descriptor's content, so its `resource` is read (it was
    /// reported unmapped: the element's index stopped the match).
    @Test func contentInsideAnArrayAnotherDescriptorMapsIsRead() throws {
        let spec = #"""
            {"descriptors": [{"keyPath": "entry", "root-map-ref": "ent"}, {"keyPath": "entry.resource", "root-map-ref": "res"}],
             "mappers": [{"id": "ent", "target": "Entry", "attributes": ["fullUrl"]},
                         {"id": "res", "target": "Resource", "attributes": ["resourceType", "id"]}]}
            """#
        let r = try Self.check(spec, [
            "a.json": #"{"entry": [{"fullUrl": "u", "resource": {"resourceType": "P", "id": "1"}}]}"#,
            "b.json": #"{"entry": [{"fullUrl": "u", "search": {"mode": "match"}, "resource": {"resourceType": "P", "id": "1", "meta": {}}}]}"#,
        ])
        #expect(r.stdout == """
            PASS a.json: 200, 2 records
            FAIL b.json: 200, 2 records
              unmapped: $.entry[*].resource.meta: not mapped (1 time) [mapper res]
              unmapped: $.entry[*].search: not mapped (1 time) [mapper ent]
            1 passed, 1 failed

            """)
        #expect(r.status == 1)
    }
}
