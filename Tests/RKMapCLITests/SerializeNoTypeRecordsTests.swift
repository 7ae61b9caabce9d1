import Foundation
import Testing

/// Which objects `serialize` reads as `--shape dictionary` wrappers
/// (docs/spec.md §13 "Records"): only those whose members are arrays named
/// as the descriptors' key paths. Through the binary.
@Suite struct SerializeNoTypeRecordsTests {
    static let spec = #"""
        {"keyPath": "posts", "root-map-ref": "post", "mappers": [
          {"id": "post", "target": "Post", "relationships": [{"from": "comments", "to": "comments", "map-ref": "c"}]},
          {"id": "c", "target": "Comment", "attributes": ["text"]}]}
        """#

    /// A `--no-type` record whose only field is a to-many relationship is one
    /// record (it was two empty bodies, one per comment, exit 0), and
    /// `--shape dictionary` output is still read as its records.
    @Test func aNoTypeRecordOfArraysIsOneRecord() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        let record = #"{"comments": [{"text": "hi"}, {"text": "yo"}]}"#
        let one = try RKMapExecutable.run(["serialize", "spec.json", "--mapper", "post", "--compact"], stdin: Array(record.utf8), directory: scratch.url)
        #expect(one.status == 0 && one.stderr.isEmpty)
        #expect(one.stdout == #"{"comments":[{"text":"hi"},{"text":"yo"}]}"# + "\n")
        let input = #"{"posts": [{"comments": [{"text": "a"}]}, {"comments": []}]}"#
        let applied = try RKMapExecutable.run(
            ["apply", "spec.json", "-", "--shape", "dictionary", "--no-type", "--compact"], stdin: Array(input.utf8), directory: scratch.url)
        #expect(applied.stdout == #"{"posts":[{"comments":[{"text":"a"}]},{"comments":[]}]}"# + "\n")
        let back = try RKMapExecutable.run(["serialize", "spec.json", "--mapper", "post", "--compact"], stdin: applied.stdoutBytes, directory: scratch.url)
        #expect(back.status == 0)
        #expect(back.stdout == #"{"comments":[{"text":"a"}]}"# + "\n" + #"{"comments":[]}"# + "\n")
    }

    /// Form encoding cannot tell where one object in an array ends
    /// (docs/spec.md §14): objects with different keys read back regrouped
    /// (`[{"sku": "A", "qty": "1"}, {"sku": "B"}]`), which is a warning naming
    /// the place; the body is still written as RestKit writes it. Objects
    /// with the same keys, and an empty array, read back and say nothing.
    @Test func aFormBodyThatDoesNotReadBackIsAWarning() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"root-map-ref": "o", "mappers": [
              {"id": "o", "target": "Order", "attributes": ["id"], "relationships": [{"from": "lines", "to": "lines", "map-ref": "l"}]},
              {"id": "l", "target": "Line", "attributes": ["sku", "qty"]}]}
            """#)
        let records = [
            #"{"@type": "Order", "id": 1, "lines": [{"@type": "Line", "sku": "A"}, {"@type": "Line", "sku": "B", "qty": 1}]}"#,
            #"{"@type": "Order", "id": 2, "lines": [{"@type": "Line", "sku": "A", "qty": 2}, {"@type": "Line", "sku": "B", "qty": 1}]}"#,
            #"{"@type": "Order", "id": 3, "lines": []}"#,
        ].joined(separator: "\n")
        let run = try RKMapExecutable.run(["serialize", "spec.json", "--format", "form"], stdin: Array(records.utf8), directory: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == """
            id=1&lines[][sku]=A&lines[][qty]=1&lines[][sku]=B
            id=2&lines[][qty]=2&lines[][sku]=A&lines[][qty]=1&lines[][sku]=B
            id=3

            """)
        // The first document: no document number (docs/spec.md §11).
        #expect(run.stderr == """
            <stdin>: $: warning: this record's form body does not read back as its body at 'lines[0]': form encoding cannot tell \
            where one object in an array ends when the objects have different keys, nor hold an array in an array; a server would \
            read other records (use --format json, or give the objects the same keys)
            <stdin>: $: warning: this record's form body leaves out 'lines' (an empty array): form encoding writes nothing for an \
            empty array or object, so a server reads it as absent (use --format json to send it) (document 3)

            """, "\(run.stderr)")
        // What the server would read: the first line regrouped.
        let read = try RKMapExecutable.run(
            ["apply", "spec.json", "-", "--input-format", "form", "--format", "ndjson"], stdin: run.stdoutBytes, directory: scratch.url)
        #expect(read.stdout.hasPrefix(#"{"@type":"Order","id":"1","lines":[{"@type":"Line","sku":"A","qty":"1"},{"@type":"Line","sku":"B"}]}"#), "\(read.stdout)")
    }

    /// A key with brackets (`x[y]`, written as RestKit writes it,
    /// `labels[x[y]]`) or an empty key (`labels[]`) cannot be named by a
    /// form: the body reads back as other members, or not at all. The
    /// warning blamed arrays and named no place; it now names each key as
    /// the form writes it. Plain keys say nothing.
    @Test func aKeyAFormCannotNameIsSaid() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": ["name", "labels"]}]}"#)
        let records = #"{"@type": "T", "name": "n", "labels": {"x[y]": "1", "": "3", "tier": "web"}}"# + "\n"
            + #"{"@type": "T", "name": "m", "labels": {"tier": "web"}}"#
        let run = try RKMapExecutable.run(["serialize", "spec.json", "--format", "form"], stdin: Array(records.utf8), directory: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "labels[]=3&labels[tier]=web&labels[x[y]]=1&name=n\nlabels[tier]=web&name=m\n")
        #expect(run.stderr == "<stdin>: $: warning: this record's form body does not read back as its body: form encoding cannot name "
            + "'labels[x[y]]' (a key with brackets), 'labels[]' (an empty key), which a server reads as other members "
            + "(use --format json, or map those keys to plain names)\n", "\(run.stderr)")
    }

    /// Such a key holding only empty arrays and objects names no pair: the
    /// form leaves it out, which is said, and the body did not "fail to read
    /// back" through it (both warnings were given). An empty key holding
    /// a value at any depth still does.
    @Test func aKeyThatNamesNoPairIsOnlyLeftOut() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": ["name", "labels"]}]}"#)
        let records = #"{"@type": "T", "name": "n", "labels": {"x[y]": [], "": {"a": {}}, "tier": "web"}}"# + "\n"
            + #"{"@type": "T", "name": "m", "labels": {"": {"a": {"b": 2}}}}"#
        let run = try RKMapExecutable.run(["serialize", "spec.json", "--format", "form"], stdin: Array(records.utf8), directory: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "labels[tier]=web&name=n\nlabels[][a][b]=2&name=m\n")
        #expect(run.stderr == "<stdin>: $: warning: this record's form body leaves out 'labels[x[y]]' (an empty array), 'labels[][a]' (an empty object): "
            + "form encoding writes nothing for an empty array or object, so a server reads them as absent (use --format json to send them)\n"
            + "<stdin>: $: warning: this record's form body does not read back as its body: form encoding cannot name "
            + "'labels[]' (an empty key), which a server reads as other members (use --format json, or map that key to a plain name) (document 2)\n",
            "\(run.stderr)")
    }

    /// A name the form leaves out in every element is said once, with how
    /// many times: 30,000 items with an empty `meta` made one warning of a
    /// megabyte, the name repeated.
    @Test func aRepeatedNameIsSaidOnceWithItsCount() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": ["items", "tags"]}]}"#)
        let record = #"{"@type": "T", "items": [{"meta": {}, "n": 1}, {"meta": {}, "n": 2}, {"meta": {}, "n": 3}], "tags": []}"#
        let run = try RKMapExecutable.run(["serialize", "spec.json", "--format", "form"], stdin: Array(record.utf8), directory: scratch.url)
        #expect(run.status == 0)
        #expect(run.stdout == "items[][n]=1&items[][n]=2&items[][n]=3\n")
        #expect(run.stderr == "<stdin>: $: warning: this record's form body leaves out 'items[][meta]' (an empty object, 3 times), 'tags' (an empty array): "
            + "form encoding writes nothing for an empty array or object, so a server reads them as absent (use --format json to send them)\n",
            "\(run.stderr)")
    }

    /// A dynamic mapper's member gets its discriminator back (docs/spec.md
    /// §13): `apply` then `serialize` then `apply` again gives the same
    /// records, where the bodies had no `type` and were all declined (exit 0).
    @Test func aDynamicMembersBodyIsChosenAgain() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", #"""
            {"keyPath": "people", "root-map-ref": "person", "mappers": [
              {"id": "boy", "target": "Boy", "attributes": ["name"], "relationships": [{"from": "friends", "to": "friends", "map-ref": "person"}]},
              {"id": "girl", "target": "Girl", "attributes": ["name"]},
              {"id": "person", "dynamic": true, "matchers": [{"keyPath": "type", "expectValue": "Boy", "map-ref": "boy"},
                                                           {"keyPath": "kind.name", "valueMap": {"g": "girl"}}]}]}
            """#)
        let input = #"{"people": [{"name": "Blake", "type": "Boy", "friends": [{"name": "Jane", "kind": {"name": "g"}}]}, {"name": "Sarah", "kind": {"name": "g"}}]}"#
        let applied = try RKMapExecutable.run(["apply", "spec.json", "-", "--format", "ndjson"], stdin: Array(input.utf8), directory: scratch.url)
        let bodies = try RKMapExecutable.run(["serialize", "spec.json", "--compact"], stdin: applied.stdoutBytes, directory: scratch.url)
        #expect(bodies.status == 0 && bodies.stderr.isEmpty, "\(bodies)")
        #expect(bodies.stdout == """
            {"name":"Blake","friends":[{"name":"Jane","kind":{"name":"g"}}],"type":"Boy"}
            {"name":"Sarah","kind":{"name":"g"}}

            """)
        let again = #"{"people": ["# + bodies.stdout.split(separator: "\n").joined(separator: ", ") + "]}"
        let reapplied = try RKMapExecutable.run(["apply", "spec.json", "-", "--format", "ndjson"], stdin: Array(again.utf8), directory: scratch.url)
        #expect(reapplied.stdout == applied.stdout && reapplied.stderr.isEmpty)
    }

    /// A `valueMap` key that spells a number is written as that number
    /// (Discord-style integer types: `"type":"0"` was a string the API
    /// rejects), and a member only a predicate chooses gets a spec warning
    /// that its bodies may not be chosen again, unless it maps what the
    /// predicate reads (docs/spec.md §13).
    @Test func discriminatorsKeepNumbersAndUnwritableOnesAreSaid() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("vm.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [{"keyPath": "type", "valueMap": {"0": "msg"}}]}, {"id": "msg", "target": "Msg", "attributes": ["id"]}]}"#)
        let number = try RKMapExecutable.run(["serialize", "vm.json", "--compact"], stdin: Array(#"{"@type": "Msg", "id": "1"}"#.utf8), directory: scratch.url)
        #expect(number.status == 0 && number.stderr.isEmpty)
        #expect(number.stdout == #"{"id":"1","type":0}"# + "\n")
        try scratch.write("pm.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [{"predicate": "type == 'img'", "map-ref": "img"}]}, {"id": "img", "target": "Img", "attributes": ["id"]}]}"#)
        let lost = try RKMapExecutable.run(["serialize", "pm.json", "--compact"], stdin: Array(#"{"@type": "Img", "id": "1"}"#.utf8), directory: scratch.url)
        #expect(lost.status == 0 && lost.stdout == #"{"id":"1"}"# + "\n")
        #expect(lost.stderr == """
            pm.json:1:35: warning: serialize writes nothing that makes dynamic mapper 'd' choose 'img' again (a predicate, a kind or another \
            dynamic mapper chooses it): mapped again, such a body may be declined or mapped by another mapper; map what the matcher reads \
            as an attribute of 'img', or match with expectValue or valueMap

            """, "\(lost.stderr)")
        try scratch.write("pm2.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [{"predicate": "type == 'img'", "map-ref": "img"}]}, {"id": "img", "target": "Img", "attributes": ["id", "type"]}]}"#)
        let kept = try RKMapExecutable.run(["serialize", "pm2.json", "--compact"], stdin: Array(#"{"@type": "Img", "id": "1", "type": "img"}"#.utf8), directory: scratch.url)
        #expect(kept.stderr.isEmpty && kept.stdout == #"{"id":"1","type":"img"}"# + "\n")
    }
}
