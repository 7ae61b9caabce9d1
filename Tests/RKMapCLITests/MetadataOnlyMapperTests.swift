import Foundation
import Testing

/// A mapper that reads no key of what it maps (only `@metadata`): each
/// object makes no record and a warning (docs/spec.md §5.2), as the whole
/// tree gives. `apply` read such a value through the spec's projection as
/// `nothing`, so a relationship's array became `"list": null` and a
/// content gave no record, each with no warning and exit 0; `check` mapped
/// the tree and warned (a tester's find, comparing the two).
@Suite struct MetadataOnlyMapperTests {
    @Test(arguments: [nil, "0"])
    func whatSuchAMapperMapsIsWarnedAboutAsFromTheTree(threshold: String?) throws {
        let dir = try Scratch()
        try dir.write("s.json", #"""
            {"descriptors": [{"keyPath": "items", "root-map-ref": "idx"}, {"root-map-ref": "page"}],
             "mappers": [{"id": "page", "target": "Page", "attributes": ["total"],
                          "relationships": [{"from": "users", "to": "list", "map-ref": "idx", "many": true}]},
                         {"id": "idx", "target": "Idx", "attributes": {"@metadata.mapping.collectionIndex": "i"}}]}
            """#)
        try dir.write("in.json", #"{"items": [{"a": 1}, 3], "users": [{"b": 2}, {}], "total": 2}"#)
        let r = try RKMapExecutable.run(["apply", "s.json", "in.json", "--compact"], directory: dir.url,
                                        environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        #expect(r.stdout == #"[{"@type":"Page","total":2,"list":[]}]"# + "\n", "\(r)")
        #expect(r.stderr == """
            in.json: $.items[0]: warning: the mapper reads no keys of the object, so the object is not mapped [mapper idx]
            in.json: $.items[1]: warning: cannot map a number with mapper 'idx': it has no attribute from the nil key path ("") [mapper idx]
            in.json: $.users[0]: warning: the mapper reads no keys of the object, so the object is not mapped [mapper idx]
            in.json: $.users[1]: warning: the mapper reads no keys of the object, so the object is not mapped [mapper idx]

            """, "\(r)")
        #expect(r.status == 0)
    }
}
