import Foundation
import Testing

/// Two fields that reach one member of a request body (docs/spec.md §13):
/// a relationship from the nil key path merges its record's members into
/// the body, and `a.b` writes inside `a`. Through the binary.
@Suite struct SerializeBodyConflictTests {
    static let user = #"""
        {"root-map-ref": "u", "mappers": [
          {"id": "u", "target": "User", "attributes": {"id": "userId", "name": "name"},
           "relationships": [{"from": "", "to": "address", "map-ref": "ad"}]},
          {"id": "ad", "target": "Address", "attributes": {"id": "ownerId", "city": "city"}}]}
        """#

    static func serialize(_ spec: String, _ record: String, _ extra: [String] = []) throws -> RKMapExecutable.Result {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", spec)
        return try RKMapExecutable.run(["serialize", "spec.json", "--compact"] + extra, stdin: Array(record.utf8), directory: scratch.url)
    }

    /// `--nulls` writes `null` for an absent attribute (§13), never over a
    /// value another field wrote: the address's absent `ownerId` leaves the
    /// user's `id` 5, where it overwrote it with `null`.
    @Test func aNullForAnAbsentAttributeNeverDisplacesAValue() throws {
        let merged = try Self.serialize(Self.user, #"{"@type": "User", "userId": 5, "name": "Ann", "address": {"@type": "Address", "city": "Paris"}}"#, ["--nulls"])
        #expect(merged.status == 0 && merged.stderr.isEmpty)
        #expect(merged.stdout == #"{"id":5,"name":"Ann","city":"Paris"}"# + "\n")
        // An absent user id is a null until the address writes its owner's.
        let owner = try Self.serialize(Self.user, #"{"@type": "User", "name": "Ann", "address": {"@type": "Address", "ownerId": 5}}"#, ["--nulls"])
        #expect(owner.stdout == #"{"id":5,"name":"Ann","city":null}"# + "\n")
        let nested = #"{"root-map-ref": "t", "mappers": [{"id": "t", "target": "T", "attributes": {"a": "a", "a.b": "ab"}}]}"#
        #expect(try Self.serialize(nested, #"{"@type": "T", "a": 5}"#, ["--nulls"]).stdout == #"{"a":5}"# + "\n")
        #expect(try Self.serialize(nested, #"{"@type": "T", "ab": 2}"#, ["--nulls"]).stdout == #"{"a":{"b":2}}"# + "\n")
    }

    /// The same value from both fields is written once; different values
    /// have no body: an error naming both, exit 1, where the later field won.
    @Test func twoFieldsWithDifferentValuesForOneMemberAreAnError() throws {
        let same = try Self.serialize(Self.user, #"{"@type": "User", "userId": 5, "address": {"@type": "Address", "ownerId": 5, "city": "P"}}"#)
        #expect(same.status == 0 && same.stdout == #"{"id":5,"city":"P"}"# + "\n")
        let differ = try Self.serialize(Self.user, #"{"@type": "User", "userId": 5, "address": {"@type": "Address", "ownerId": 7}}"#)
        #expect(differ.status == 1 && differ.stdout.isEmpty)
        #expect(differ.stderr == """
            <stdin>: $.address: error: 'address' and 'userId' both write the body's 'id', 7 and 5, and a body holds one value; \
            leave one of them out of the record, or give both the same value [mapper u, attribute address]

            """, "\(differ.stderr)")
        let nested = #"{"root-map-ref": "t", "mappers": [{"id": "t", "target": "T", "attributes": {"a": "a", "a.b": "ab"}}]}"#
        let inside = try Self.serialize(nested, #"{"@type": "T", "a": 1, "ab": 2}"#)
        #expect(inside.status == 1)
        #expect(inside.stderr.hasPrefix("<stdin>: $.ab: error: 'ab' and 'a' both write the body's 'a', an object and 1, "), "\(inside.stderr)")
        // A whole object and a member of it: the message names the field
        // that wrote the object (Kubernetes annotations and a typed
        // `prometheus.io/scrape` read from them; it named 'scrape' twice).
        let whole = #"{"root-map-ref": "p", "mappers": [{"id": "p", "target": "P", "attributes": {"meta.labels": "labels", "meta.labels.on": "on"}, "types": {"on": "bool"}}]}"#
        let typed = try Self.serialize(whole, #"{"@type": "P", "labels": {"on": "true"}, "on": true}"#)
        #expect(typed.status == 1)
        #expect(typed.stderr == """
            <stdin>: $.on: error: 'on' and 'labels' both write the body's 'meta.labels.on', true and "true", and a body holds one value; \
            leave one of them out of the record, or give both the same value [mapper p, attribute on]

            """, "\(typed.stderr)")
    }

    /// A field its mapper does not map has no place in the body: it is left
    /// out with a warning naming it and the closest destination, at any
    /// depth (it gave `{}`, exit 0, silently).
    @Test func aFieldTheMapperDoesNotMapIsAWarning() throws {
        let spec = #"""
            {"root-map-ref": "user", "mappers": [
              {"id": "user", "target": "User", "attributes": ["name", "email"], "relationships": [{"from": "team", "to": "team", "map-ref": "team"}]},
              {"id": "team", "target": "Team", "attributes": ["title"]}]}
            """#
        let run = try Self.serialize(spec, #"{"@type": "User", "nme": "x", "team": {"@type": "Team", "titel": "t", "title": "T"}}"#)
        #expect(run.status == 0)
        #expect(run.stdout == #"{"team":{"title":"T"}}"# + "\n")
        #expect(run.stderr == """
            <stdin>: $.nme: warning: field 'nme' is not mapped by mapper 'user', so the body leaves it out; did you mean 'name'? [mapper user]
            <stdin>: $.team.titel: warning: field 'titel' is not mapped by mapper 'team', so the body leaves it out; did you mean 'title'? [mapper team]

            """, "\(run.stderr)")
        // In a stream of records, after the first, which record: the
        // warnings of each read alike (`$.nme`), as another record's do.
        let stream = try Self.serialize(spec, #"{"@type": "User", "name": "a"}"# + "\n" + #"{"@type": "User", "nme": "x"}"# + "\n" + #"{"@type": "User", "nme": "y"}"#)
        #expect(stream.stderr == """
            <stdin>: $.nme: warning: field 'nme' is not mapped by mapper 'user', so the body leaves it out; did you mean 'name'? (document 2) [mapper user]
            <stdin>: $.nme: warning: field 'nme' is not mapped by mapper 'user', so the body leaves it out; did you mean 'name'? (document 3) [mapper user]

            """, "\(stream.stderr)")
    }

    /// Records keyed by their `keyAttribute` become one dictionary (§5.3):
    /// two with the same key are an error, where the first vanished.
    @Test func twoKeyedRecordsWithOneKeyAreAnError() throws {
        let spec = #"""
            {"root-map-ref": "t", "mappers": [
              {"id": "t", "target": "Team", "attributes": ["name"], "relationships": [{"from": "users", "to": "users", "map-ref": "u"}]},
              {"id": "u", "target": "User", "keyAttribute": "username", "attributes": {"(username).email": "email"}}]}
            """#
        let same = try Self.serialize(spec, #"{"@type": "Team", "name": "x", "users": [{"@type": "User", "username": "a", "email": 1}, {"@type": "User", "username": "a", "email": 2}]}"#)
        #expect(same.status == 1 && same.stdout.isEmpty)
        #expect(same.stderr == """
            <stdin>: $.users[1]: error: records 0 and 1 of 'users' have the same key 'a' (their keyAttribute 'username'), \
            and the body is a dictionary with one member per key [mapper u, attribute username]

            """, "\(same.stderr)")
        let distinct = try Self.serialize(spec, #"{"@type": "Team", "name": "x", "users": [{"@type": "User", "username": "a", "email": 1}, {"@type": "User", "username": "b", "email": 2}]}"#)
        #expect(distinct.stdout == #"{"name":"x","users":{"a":{"email":1},"b":{"email":2}}}"# + "\n")
    }

    /// A `--nulls` fill at any depth of a nil-key-path relationship's body
    /// stays a fill when merged (it was an error against the user's `a.b`
    /// 5), and a dynamic member's discriminator replaces its own fill
    /// (`"type": null` was declined when mapped again).
    @Test func fillsNeverBlockValues() throws {
        let nested = #"""
            {"root-map-ref": "p", "mappers": [
              {"id": "p", "target": "P", "attributes": {"a.b": "x"}, "relationships": [{"from": "", "to": "extra", "map-ref": "e"}]},
              {"id": "e", "target": "E", "attributes": {"a.b": "y", "z": "z"}}]}
            """#
        let merged = try Self.serialize(nested, #"{"@type": "P", "x": 5, "extra": {"@type": "E", "z": 1}}"#, ["--nulls"])
        #expect(merged.status == 0 && merged.stderr.isEmpty, "\(merged)")
        #expect(merged.stdout == #"{"a":{"b":5},"z":1}"# + "\n")
        let dynamic = #"""
            {"keyPath": "people", "root-map-ref": "p", "mappers": [
              {"id": "boy", "target": "Boy", "attributes": ["name", "type"]}, {"id": "girl", "target": "Girl", "attributes": ["name", "type"]},
              {"id": "p", "dynamic": true, "matchers": [{"keyPath": "type", "expectValue": "Boy", "map-ref": "boy"},
                                                      {"keyPath": "type", "expectValue": "Girl", "map-ref": "girl"}]}]}
            """#
        let boy = try Self.serialize(dynamic, #"{"@type": "Boy", "name": "b"}"#, ["--nulls"])
        #expect(boy.stdout == #"{"name":"b","type":"Boy"}"# + "\n")
    }

    /// A destination below a to-one relationship's (`address.city` beside
    /// `address`, which `lint` warns of): `apply` writes it into the
    /// relationship's object, with no `@type` when the user had no `addr`.
    /// `serialize` wrote `"addr": {}` for that user (a server may clear the
    /// stored address) and warned that mapper `a` maps no `city`. Now the
    /// user's own members there are the user's, and with nothing else the
    /// relationship is absent; with `addr`, its record's fields go to it.
    /// `--no-type` too. An unknown member is warned of by the related
    /// record's mapper: what is not the mapper's own is the record's.
    @Test func aDestinationBelowARelationshipIsNotTheRelatedRecord() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"root-map-ref": "u", "mappers": [
              {"id": "u", "target": "U", "attributes": {"name": "name", "city": "address.city", "geo.lat": "address.geo.lat"},
               "relationships": [{"from": "addr", "to": "address", "map-ref": "a"}]},
              {"id": "a", "target": "A", "attributes": {"street": "street", "zip": "zip"}}]}
            """#)
        for extra in [[], ["--no-type"]] {
            for input in [#"{"name": "n", "city": "SF", "geo": {"lat": 1.5}}"#,
                          #"{"name": "n", "city": "SF", "geo": {"lat": 1.5}, "addr": {"street": "s", "zip": "z"}}"#] {
                let applied = try RKMapExecutable.run(["apply", "spec.json", "-", "--compact"] + extra, stdin: Array(input.utf8), directory: scratch.url)
                #expect(applied.status == 0, "\(applied.stderr)")
                let back = try RKMapExecutable.run(["serialize", "spec.json", "--compact"] + (extra.isEmpty ? [] : ["--mapper", "u"]),
                                                   stdin: applied.stdoutBytes, directory: scratch.url)
                #expect(back.stdout == input.replacingOccurrences(of: " ", with: "") + "\n", "\(extra)")
                #expect(back.stderr == "", "\(extra)")
                #expect(back.status == 0)
            }
        }
        let typo = try Self.serialize(
            (try String(contentsOf: scratch.url.appendingPathComponent("spec.json"), encoding: .utf8)),
            #"{"@type": "U", "name": "n", "address": {"@type": "A", "street": "s", "cty": "x", "city": "SF", "geo": {"lat": 1.5, "lon": 2}}}"#)
        #expect(typo.stdout == #"{"name":"n","city":"SF","geo":{"lat":1.5},"addr":{"street":"s"}}"# + "\n")
        #expect(typo.stderr.contains("$.address.cty: warning: field 'cty' is not mapped by mapper 'a'"), "\(typo.stderr)")
        // `lon` is not the user's (`address.geo.lat` is), so it is the related record's, whose mapper maps no `geo`.
        #expect(typo.stderr.contains("$.address.geo: warning: field 'geo' is not mapped by mapper 'a'"), "\(typo.stderr)")
        #expect(!typo.stderr.contains("'city'"), "\(typo.stderr)")
    }

    /// Only the mapper's own values below the relationship's object are
    /// its own: the related record's `geo.lng` beside the user's
    /// `address.geo.lat` goes to the relationship (it was dropped with
    /// `geo`, exit 0, no warning), with or without the user's value.
    @Test func theRelatedRecordKeepsItsMembersBesideTheMappersOwn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"root-map-ref": "user", "mappers": [
              {"id": "user", "target": "User", "attributes": {"name": "name", "lat": "address.geo.lat"},
               "relationships": [{"from": "addr", "to": "address", "map-ref": "address"}]},
              {"id": "address", "target": "Address", "attributes": {"street": "street", "lng": "geo.lng"}}]}
            """#)
        for input in [#"{"name": "u", "lat": 1, "addr": {"street": "s", "lng": 2}}"#, #"{"name": "u", "lat": 1, "addr": {"lng": 2}}"#,
                      #"{"name": "u", "addr": {"lng": 2}}"#, #"{"name": "u", "lat": 1}"#] {
            let applied = try RKMapExecutable.run(["apply", "spec.json", "-", "--compact"], stdin: Array(input.utf8), directory: scratch.url)
            let back = try RKMapExecutable.run(["serialize", "spec.json", "--compact"], stdin: applied.stdoutBytes, directory: scratch.url)
            #expect(back.stdout == input.replacingOccurrences(of: " ", with: "") + "\n")
            #expect(back.stderr == "")
            #expect(back.status == 0)
        }
    }
}
