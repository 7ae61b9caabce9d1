import Foundation
import Testing
@testable import RKMap

/// A large document whose content object is mapped by a dynamic root mapper
/// that may choose a `forceCollection` mapper (docs/spec.md §3.3, §5.3) is
/// streamed: the mapper chooses from what its matchers read of the object, and
/// a dictionary is then split member by member (docs/behaviour.md). Through
/// the binary, from a file and from stdin, in chunks of a few bytes, every
/// choice — a dictionary, one record, nothing, through nested dynamic mappers
/// and `@root`, `@metadata` and member-reading matchers — answers as the
/// document read whole does: the same stdout, stderr and exit status.
@Suite struct DynamicKeyedStreamingCLITests {
    /// `@metadata` picks one record; a predicate reads `@root` and a member;
    /// a member's kind leads to a nested dynamic mapper that reads `@root`;
    /// the object's kind picks another dictionary mapper. Members' owners are
    /// chosen for again, inside the streamed members.
    static let spec = #"""
        {"keyPath": "data", "root-map-ref": "pick", "mappers": [
          {"id": "pick", "dynamic": true, "matchers": [
            {"keyPath": "@metadata.layout", "expectValue": "one", "map-ref": "summary"},
            {"predicate": "@root.kind == 'map' AND meta.version >= 2", "map-ref": "byKey"},
            {"keyPath": "meta", "expectType": "null", "map-ref": "inner"},
            {"keyPath": "", "expectType": "array", "map-ref": "plain"}]},
          {"id": "inner", "dynamic": true, "matchers": [
            {"keyPath": "@root.kind", "valueMap": {"map": "byKey", "list": "plain"}}]},
          {"id": "byKey", "target": "Item", "forceCollection": true, "keyAttribute": "key",
           "attributes": {"n": "n", "@metadata.mapping.collectionIndex": "position"}, "types": {"n": "int"},
           "relationships": [{"from": "owner", "to": "owner", "map-ref": "pick"}]},
          {"id": "plain", "target": "Plain", "forceCollection": true, "attributes": ["n"]},
          {"id": "summary", "target": "Summary", "attributes": {"meta.version": "version", "k1.n": "first"}}]}
        """#

    /// Only the object's kind is read to choose: nothing of its members.
    static let kindOnlySpec = #"""
        {"keyPath": "data", "root-map-ref": "pick", "mappers": [
          {"id": "pick", "dynamic": true, "matchers": [
            {"keyPath": "@metadata.layout", "expectValue": "one", "map-ref": "summary"},
            {"keyPath": "", "expectType": "object", "map-ref": "byKey"}]},
          {"id": "byKey", "target": "Item", "forceCollection": true, "keyAttribute": "key", "attributes": ["n"]},
          {"id": "summary", "target": "Summary", "keyAttribute": "key", "attributes": ["n"]}]}
        """#

    static func members(_ n: Int) -> String {
        (0..<n).map { i in
            switch i % 5 {
            case 0: return #""k\#(i)": {"n": \#(i), "owner": {"meta": null, "o\#(i)": {"n": 1}}}"#
            case 1: return #""k\#(i)": {"n": "x"}"#
            case 2: return #""k\#(i)": null"#
            case 3: return #""k\#(i)": 7"#
            default: return #""é\"\#(i)": [{"n": \#(i)}]"#
            }
        }.joined(separator: ", ")
    }

    /// A dictionary chosen by a predicate, by a nested mapper (kind `list`
    /// and `map`), declined, an array, `{}`, a scalar, no content, a syntax
    /// error inside the object, and a document after it.
    static let documents = [
        #"{"kind": "map", "data": {"meta": {"version": 3}, "# + members(40) + "}}",
        #"{"kind": "list", "data": {"meta": null, "# + members(12) + "}}",
        #"{"kind": "map", "data": {"meta": {"version": 1}, "# + members(6) + "}}",
        #"{"kind": "map", "data": [{"n": 1}, {"meta": null, "n": 2}]}"#,
        #"{"kind": "map", "data": {}}"#,
        #"{"kind": "map", "data": 3}"#,
        #"{"kind": "map"}"#,
        #"{"kind": "map", "data": {"meta": null, "a": {"n": 1}, "b": {"n" 2}}}"#,
        #"{"kind": "map", "data": {"meta": null, "z": {"n": 9}}}"#,
    ]

    /// Every document read whole, however large.
    static let whole: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "1000000000"]

    /// Every document streamed, read in chunks of `window` bytes.
    static func streamed(window: String) -> [String: String?] {
        ["RKMAP_PIPELINE_THRESHOLD": "0", "RKMAP_WINDOW_BYTES": window]
    }

    /// `arguments` on `in.json` read whole, then streamed from the file and
    /// from stdin: the same stdout, stderr and exit status.
    static func expectSameAsWhole(
        _ arguments: [String], in scratch: Scratch, input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> RKMapExecutable.Result {
        let whole = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url, environment: Self.whole)
        for window in ["1", "7", "4096"] {
            let file = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url, environment: Self.streamed(window: window))
            #expect(file == whole, "window \(window): \(arguments)", sourceLocation: sourceLocation)
        }
        let stdin = try RKMapExecutable.run(
            arguments + ["-"], stdin: Array(input.utf8), directory: scratch.url, environment: Self.streamed(window: "7"))
        let wholeStdin = try RKMapExecutable.run(arguments + ["-"], stdin: Array(input.utf8), directory: scratch.url, environment: Self.whole)
        #expect(stdin == wholeStdin, "stdin: \(arguments)", sourceLocation: sourceLocation)
        #expect(wholeStdin.stdout == whole.stdout && wholeStdin.status == whole.status, sourceLocation: sourceLocation)
        return whole
    }

    @Test(arguments: [["--format", "ndjson"], ["--format", "json"], ["--format", "csv"], ["--format", "json", "--shape", "dictionary"]])
    func everyChoiceAnswersAsAWholeRead(_ format: [String]) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let input = Self.documents.joined(separator: "\n") + "\n"
        try scratch.write("in.json", input)
        for layout in ["dict", "one"] {
            for extra in [["--keep-going", "--stats"], ["--strict", "--keep-going"], []] {
                let arguments = ["apply", "spec.json"] + format + ["--meta", "layout=\(layout)"] + extra
                let whole = try Self.expectSameAsWhole(arguments, in: scratch, input: input)
                #expect(whole.status == 1)
                if extra.isEmpty {
                    #expect(whole.stderr.contains("in.json: $: error: no mappable content: none of the key paths 'data' is in the document (document 7)\n"))
                    #expect(!whole.stderr.contains("in.json:8:"), "the run stops at the first failing document")
                    continue
                }
                #expect(whole.stderr.contains("in.json:8:65: error: expected ':' after an object key, found '2'\n"))
                if format == ["--format", "ndjson"], layout == "dict", extra.contains("--stats") {
                    // What a whole read gives, pinned: a dictionary (chosen by a
                    // predicate, then by the nested mapper), owners chosen for
                    // again inside members, `plain` for kind `list`, and the
                    // declined objects counted; `null`, numbers and arrays under
                    // keys make no record (docs/spec.md §5.3), numbers and
                    // arrays a warning each, and so does the number no
                    // matcher chooses for as document 6's content.
                    #expect(whole.stdout.hasPrefix(#"""
                        {"@type":"Item","key":"meta","position":0}
                        {"@type":"Item","key":"k0","n":0,"position":1,"owner":[{"@type":"Item","key":"o0","n":1,"position":1}]}
                        {"@type":"Item","key":"k1","position":2}

                        """#))
                    #expect(whole.stdout.contains(#"{"@type":"Plain","n":10}"# + "\n" + #"{"@type":"Plain","n":"x"}"# + "\n"))
                    #expect(whole.stdout.hasSuffix(#"{"@type":"Item","key":"z","n":9,"position":1}"# + "\n"))
                    #expect(whole.stderr.hasSuffix("""
                        documents: 9 (2 failed)
                        records: 32
                          Item: 26
                          Plain: 6
                        declined: 4
                        unmappable: 21
                        warnings: 30

                        """))
                }
            }
        }
    }

    /// A choice of a mapper that maps the object as one record reads the
    /// members it maps (and counts the keys of a `keyAttribute` mapper without
    /// `forceCollection`, which needs exactly one); a choice of none is
    /// declined; through a nil-key-path relationship the object is a
    /// dictionary inside one record.
    @Test func oneRecordChoicesReadWhatTheyMap() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"keyPath": "data", "root-map-ref": "pick", "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [
                {"keyPath": "@metadata.m", "expectValue": "ka", "map-ref": "keyOne"},
                {"keyPath": "@metadata.m", "expectValue": "nil", "map-ref": "nilAttr"},
                {"keyPath": "@metadata.m", "expectValue": "nilrel", "map-ref": "wrap"},
                {"keyPath": "@metadata.m", "expectValue": "fc", "map-ref": "byKey"}]},
              {"id": "keyOne", "target": "KeyOne", "keyAttribute": "key", "attributes": ["n"]},
              {"id": "nilAttr", "target": "NilAttr", "attributes": {"": "whole"}},
              {"id": "wrap", "target": "Wrap", "attributes": {"k0.n": "first"},
               "relationships": [{"from": "", "to": "items", "map-ref": "byKey", "many": true}]},
              {"id": "byKey", "target": "Item", "forceCollection": true, "keyAttribute": "key", "attributes": ["n"]}]}
            """#)
        let input = [
            #"{"data": {"k0": {"n": 0}, "k1": {"n": 1}, "k2": null}}"#,
            #"{"data": {"only": {"n": 5}}}"#,
            #"{"data": {}}"#,
        ].joined(separator: "\n") + "\n"
        try scratch.write("in.json", input)
        var answers: [String: RKMapExecutable.Result] = [:]
        for m in ["ka", "nil", "nilrel", "fc", "none"] {
            answers[m] = try Self.expectSameAsWhole(
                ["apply", "spec.json", "--format", "ndjson", "--stats", "--meta", "m=\(m)"], in: scratch, input: input)
        }
        #expect(answers["ka"]?.stdout == #"{"@type":"KeyOne","key":"only","n":5}"# + "\n")
        #expect(answers["ka"]?.stderr.hasPrefix("""
            in.json: $.data: warning: a dynamic nesting key needs a dictionary with exactly one key, found 3; \
            set "forceCollection": true to map each key as a record [mapper keyOne]
            """) == true)
        #expect(answers["nil"]?.stdout.hasPrefix(#"{"@type":"NilAttr","whole":{"k0":{"n":0},"k1":{"n":1},"k2":null}}"#) == true)
        #expect(answers["nilrel"]?.stdout.hasPrefix(
            #"{"@type":"Wrap","first":0,"items":[{"@type":"Item","key":"k0","n":0},{"@type":"Item","key":"k1","n":1}]}"#) == true)
        #expect(answers["none"]?.stdout == "")
        #expect(answers["none"]?.stderr.contains("declined: 3") == true)
    }

    /// Over the pipeline threshold (1 MiB) without any setting, from a file
    /// and from a pipe: a dictionary chosen from the object's kind only, from
    /// a member, and one record chosen for the same object.
    @Test func aLargeDocumentStreamsAsItIsReadWhole() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("kind.json", Self.kindOnlySpec)
        let members = (0..<40_000).map { #""m\#($0)": {"n": \#($0), "pad": "\#(String(repeating: "p", count: 10))"}"# }
        let input = #"{"kind": "map", "data": {"meta": {"version": 2}, "# + members.joined(separator: ", ") + "}}\n"
        #expect(input.utf8.count > 1 << 20)
        try scratch.write("in.json", input)
        for (spec, layout) in [("spec.json", "dict"), ("spec.json", "one"), ("kind.json", "dict"), ("kind.json", "one")] {
            let arguments = ["apply", spec, "--format", "ndjson", "--stats", "--meta", "layout=\(layout)"]
            let whole = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url, environment: Self.whole)
            let file = try RKMapExecutable.run(arguments + ["in.json"], directory: scratch.url)
            let pipe = try RKMapExecutable.run(arguments + ["-"], stdin: Array(input.utf8), directory: scratch.url)
            #expect(file == whole, "\(spec) \(layout)")
            #expect(pipe.stdout == whole.stdout && pipe.status == whole.status, "\(spec) \(layout)")
            #expect(whole.status == 0)
            switch (spec, layout) {
            case ("spec.json", "one"):
                #expect(whole.stdout == #"{"@type":"Summary","version":2}"# + "\n")
            case ("kind.json", "one"):
                #expect(whole.stdout == "")
                #expect(whole.stderr.hasPrefix("in.json: $.data: warning: a dynamic nesting key needs a dictionary with exactly one key, found 40001;"))
            default:
                #expect(whole.stdout.hasSuffix(#"{"@type":"Item","key":"m39999","n":39999"# + (spec == "spec.json" ? #","position":40000}"# : "}") + "\n"))
                #expect(whole.stderr.contains("records: 40001\n"))
            }
        }
    }

    /// SQLite output of streamed documents holds the rows of a whole read.
    @Test func sqliteRowsAreAWholeReadsRows() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        let input = Self.documents.prefix(3).joined(separator: "\n") + "\n"
        try scratch.write("in.json", input)
        var tables: [[[[SQLiteValue]]]] = []
        for environment in [Self.whole, Self.streamed(window: "7")] {
            let database = scratch.path("out-\(tables.count).db")
            let run = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", database, "--meta", "layout=dict"],
                directory: scratch.url, environment: environment)
            #expect(run.status == 0, "\(run)")
            let names = try Tables.query(database, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            tables.append(try names.map { row in
                guard case .text(let name) = row[0] else { return [] }
                return try Tables.query(database, #"SELECT * FROM "\#(name)" ORDER BY 1"#)
            } + [names])
        }
        #expect(tables[0] == tables[1])
        #expect(tables[0].last?.count ?? 0 >= 3, "Item, Plain and the owner link at least")
    }

    /// A dynamic root mapper whose chosen mapper has a relationship that may
    /// be streamed, over content reached through an array (a FHIR bundle's
    /// `entry.resource`): each element is chosen by its worker, so the
    /// document streams. It was read whole first, as for a content object,
    /// so a late syntax error left nothing on stdout. Longer than the 8 MiB
    /// lookahead: the resources before the error are written, then the
    /// error, exit status 1.
    @Test func aDynamicRootOverAnArrayStreams() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"keyPath": "entry.resource", "root-map-ref": "pick", "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [{"keyPath": "resourceType", "expectValue": "Observation", "map-ref": "obs"}]},
              {"id": "obs", "target": "Observation", "attributes": ["id"], "relationships": [{"from": "subject", "to": "subject", "map-ref": "ref"}]},
              {"id": "ref", "target": "Ref", "attributes": ["reference"]}]}
            """#)
        let entries = (0..<120_000).map { #"{"resource": {"resourceType": "Observation", "id": "o\#($0)", "subject": {"reference": "Patient/p\#($0)"}}}"# }
        try scratch.write("in.json", #"{"resourceType": "Bundle", "entry": ["# + "\n" + entries.joined(separator: ",\n") + ",\n{\"resource\": tru}]}\n")
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "ndjson"], directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
        #expect(run.status == 1)
        #expect(run.stderr == "in.json:120002:14: error: unexpected word 'tru'; JSON literals are true, false and null, and strings need double quotes\n")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count > 0 && lines.count <= 120_000)
        #expect(lines.first == #"{"@type":"Observation","id":"o0","subject":{"@type":"Ref","reference":"Patient/p0"}}"#)
    }
}
