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
            <stdin>: $.address: error: 'address' and 'userId' both write the body's 'id' with different values, and a body holds one; \
            a record mapped by this spec has the same value in both [mapper u, attribute address]

            """, "\(differ.stderr)")
        let nested = #"{"root-map-ref": "t", "mappers": [{"id": "t", "target": "T", "attributes": {"a": "a", "a.b": "ab"}}]}"#
        let inside = try Self.serialize(nested, #"{"@type": "T", "a": 1, "ab": 2}"#)
        #expect(inside.status == 1)
        #expect(inside.stderr.hasPrefix("<stdin>: $.ab: error: 'ab' and 'a' both write the body's 'a' with different values"), "\(inside.stderr)")
    }
}
