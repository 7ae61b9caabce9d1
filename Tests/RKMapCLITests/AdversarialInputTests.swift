import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs that used to cost quadratic or exponential time, or gave a wrong
/// `false`, through the binary (docs/spec.md §4, §6 `set`, §9).
///
/// The cost checks compare two input sizes within one test, by the CPU time
/// of the rkmap process alone (from `wait4`, so other tests running at the
/// same time do not count): 8× the input must cost well under the 64× a
/// quadratic algorithm needs. No absolute time bound is asserted.
@Suite struct AdversarialInputTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var cpuSeconds: Double
    }

    /// Runs rkmap with stdin from `input` and measures the child's CPU time.
    static func measure(_ args: [String], input: String, in scratch: Scratch, environment: [String] = []) throws -> Run {
        let binary = try RKMapExecutable.locate().path
        let inPath = try scratch.write("stdin-\(UUID().uuidString)", input)
        let outPath = scratch.path("stdout-\(UUID().uuidString)")
        let errPath = scratch.path("stderr-\(UUID().uuidString)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        func cStrings(_ list: [String]) -> [UnsafeMutablePointer<CChar>?] {
            list.map { (s: String) -> UnsafeMutablePointer<CChar>? in strdup(s) } + [nil]
        }
        let argv = cStrings([binary] + args)
        let envp = cStrings(["NO_COLOR=1", "PATH=/usr/bin:/bin"] + environment)
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        let out = try String(contentsOfFile: outPath, encoding: .utf8)
        let err = try String(contentsOfFile: errPath, encoding: .utf8)
        return Run(status: (status >> 8) & 0xFF, stdout: out, stderr: err, cpuSeconds: cpu)
    }

    /// CPU time of the large run over the small one, each the best of two.
    static func growth(
        _ args: [String], small: String, large: String, in scratch: Scratch, environment: [String] = [],
        check: (Run, Bool) throws -> Void
    ) throws -> Double {
        try growth(small: (args, small), large: (args, large), in: scratch, environment: environment, check: check)
    }

    /// `growth` of two runs that differ in their arguments too (a file each).
    static func growth(
        small: (args: [String], input: String), large: (args: [String], input: String), in scratch: Scratch,
        environment: [String] = [], check: (Run, Bool) throws -> Void
    ) throws -> Double {
        var best = [Double.infinity, Double.infinity]
        for _ in 0..<2 {
            for (k, (args, input)) in [small, large].enumerated() {
                let run = try measure(args, input: input, in: scratch, environment: environment)
                try check(run, k == 1)
                best[k] = min(best[k], run.cpuSeconds)
            }
        }
        return best[1] / max(best[0], 0.001)
    }

    static let operatorsSpec = """
        { "mappers": [ { "id": "doc", "attributes": {
            "values.@distinctUnionOfObjects.@count": "distinct",
            "values.@count": "count" } } ] }
        """

    /// Arrays of at least `RKMAP_HELD_ARRAY_BYTES` (256 KiB by default) are
    /// held as their elements' text and read back an element at a time
    /// (`JSONValue.distinctElements`), smaller ones read as a tree: the
    /// growth tests of operators run both ways, so that their two sizes are
    /// read the same way. With the default, 2,000 pairs of objects (88 kB)
    /// were a tree and 16,000 (700 kB) held, and the ratio measured the
    /// change of path (held costs a few times more per element in a debug
    /// build) as much as the growth: 18–26× where each path alone grows 7–8×.
    static let bothReadings = ["0", "1000000000"]

    @Test(arguments: bothReadings)
    func distinctUnionOfNumbersIsLinear(heldFrom: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.operatorsSpec)
        func document(_ n: Int) -> String {
            // n distinct numbers, then all of them again (spelled differently).
            let values = (0..<n).map { "\(1_000_000 + $0)" } + (0..<n).map { "\(1_000_000 + $0).0" }
            return #"{"values": ["# + values.joined(separator: ",") + "]}"
        }
        let ratio = try Self.growth(
            ["apply", scratch.path("spec.json"), "--no-type"], small: document(5_000), large: document(40_000), in: scratch,
            environment: ["RKMAP_HELD_ARRAY_BYTES=\(heldFrom)"]
        ) { run, large in
            #expect(run.status == 0)
            let n = large ? 40_000 : 5_000
            #expect(run.stdout.contains(#""distinct": \#(n),"#), "\(run.stdout.prefix(200))")
        }
        #expect(ratio < 20, "8× the numbers cost \(ratio)× the CPU time")
    }

    @Test(arguments: bothReadings)
    func distinctUnionOfObjectsIsLinear(heldFrom: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.operatorsSpec)
        func document(_ n: Int) -> String {
            let objects = (0..<n).map { #"{"id": \#($0), "tag": "t"}"# } + (0..<n).map { #"{"tag": "t", "id": \#($0)}"# }
            return #"{"values": ["# + objects.joined(separator: ",") + "]}"
        }
        let ratio = try Self.growth(
            ["apply", scratch.path("spec.json"), "--no-type"], small: document(2_000), large: document(16_000), in: scratch,
            environment: ["RKMAP_HELD_ARRAY_BYTES=\(heldFrom)"]
        ) { run, large in
            #expect(run.status == 0)
            let n = large ? 16_000 : 2_000
            #expect(run.stdout.contains(#""distinct": \#(n),"#), "\(run.stdout.prefix(200))")
        }
        #expect(ratio < 20, "8× the objects cost \(ratio)× the CPU time")
    }

    /// A form-encoded line (docs/spec.md §14) whose key repeats, plain or
    /// nested (`o[name]=…`: appended inside a `switch` on the value, the
    /// array was copied at every pair, 16,000 pairs 2.3 s and a 3 MB line
    /// nine minutes), appended with `[]`, or starting objects: 8× the pairs
    /// cost about 8× the time.
    @Test(arguments: ["o[name]=v%d", "name=v%d", "o[list][]=v%d", "items[][k]=v%d"])
    func aRepeatedFormKeyIsLinear(pattern: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"mappers": [{"id": "m", "attributes": {"o.name": "a", "name": "b", "o.list": "c", "items.k": "d"}}]}"#)
        func line(_ n: Int) -> String {
            (0..<n).map { pattern.replacingOccurrences(of: "%d", with: "\($0)") }.joined(separator: "&") + "\n"
        }
        let args = ["apply", scratch.path("spec.json"), "--input-format", "form", "--no-type", "--compact"]
        let ratio = try Self.growth(args, small: line(2_000), large: line(16_000), in: scratch) { run, large in
            #expect(run.status == 0, "\(run.stderr)")
            let n = large ? 16_000 : 2_000
            #expect(run.stdout.components(separatedBy: #""v"#).count - 1 == n)
            #expect(run.stdout.contains(#""v\#(n - 1)""#))
        }
        #expect(ratio < 20, "8× the pairs cost \(ratio)× the CPU time")
    }

    @Test func setOfObjectsIsLinear() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            { "mappers": [ { "id": "doc", "attributes": { "values": "values" }, "types": { "values": "set" } } ] }
            """)
        func document(_ n: Int) -> String {
            let objects = (0..<n).map { #"{"id": \#($0)}"# } + (0..<n).map { #"{"id": \#($0).0}"# }
            return #"{"values": ["# + objects.joined(separator: ",") + "]}"
        }
        let ratio = try Self.growth(["apply", scratch.path("spec.json"), "--no-type", "--compact"], small: document(2_000), large: document(16_000), in: scratch) { run, large in
            #expect(run.status == 0)
            let n = large ? 16_000 : 2_000
            #expect(run.stdout.components(separatedBy: #"{"id":"#).count - 1 == n)
        }
        #expect(ratio < 20, "8× the objects cost \(ratio)× the CPU time")
    }

    /// Every record of a content reading an operator over the whole document
    /// (`@root.price.@max`) or over its parent's list (`@parent.items.price.@sum`):
    /// each evaluated the operator again, n records × n elements (a 1 MB
    /// top-level array of 14,000 items: 22 s). Now once per document or
    /// parent (`OperatorResults`), whether the document is read whole or
    /// streamed in units (`RKMAP_PIPELINE_THRESHOLD=0`) and by `check`; the
    /// records are exact at both sizes.
    @Test(arguments: ["root", "rootStreamed", "rootCheck", "parent"])
    func operatorsOverTheDocumentForEachRecordAreLinear(_ shape: String) throws {
        let scratch = try Scratch()
        try scratch.write("root.json", """
            {"root-map-ref": "item", "mappers": [{"id": "item", "target": "Item",
              "attributes": {"id": "id", "price": "price", "@root.price.@max": "highest", "@root.@count": "count"}}]}
            """)
        try scratch.write("parent.json", """
            {"root-map-ref": "list", "mappers": [
              {"id": "list", "target": "List", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"id": "id", "price": "price", "@parent.items.price.@sum": "total"}}]}
            """)
        func items(_ n: Int) -> String { (0..<n).map { #"{"id": \#($0), "price": \#($0 % 1000)}"# }.joined(separator: ",") }
        func document(_ n: Int) -> String { shape == "parent" ? #"{"items": ["# + items(n) + "]}" : "[" + items(n) + "]" }
        let spec = scratch.path(shape == "parent" ? "parent.json" : "root.json")
        if shape == "rootCheck" {
            // A fixture is a file: the best of two runs at each size.
            var best = [Double.infinity, Double.infinity]
            for (k, n) in [2_000, 16_000].enumerated() {
                let fixture = try scratch.write("fixture-\(n).json", document(n))
                for _ in 0..<2 {
                    let run = try Self.measure(["check", spec, fixture, "--unmapped", "error", "--missing", "error"], input: "", in: scratch)
                    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
                    #expect(run.stdout.contains("\(n) records"), "\(run.stdout)")
                    best[k] = min(best[k], run.cpuSeconds)
                }
            }
            let ratio = best[1] / max(best[0], 0.001)
            #expect(ratio < 20, "8× the records cost \(ratio)× the CPU time")
            return
        }
        let args = ["apply", spec, "--format", "ndjson", "--no-type"]
        let environment = shape == "rootStreamed" ? ["RKMAP_PIPELINE_THRESHOLD=0"] : []
        let ratio = try Self.growth(args, small: document(2_000), large: document(16_000), in: scratch, environment: environment) { run, large in
            #expect(run.status == 0, "\(run.stderr)")
            let n = large ? 16_000 : 2_000
            let lines = run.stdout.split(separator: "\n")
            if shape == "parent" {
                // Σ (i mod 1000) for i < n.
                let total = (0..<n).reduce(0) { $0 + $1 % 1000 }
                #expect(lines.count == 1)
                #expect(lines.first?.components(separatedBy: #""total":\#(total)"#).count == n + 1)
            } else {
                #expect(lines.count == n)
                #expect(lines.last == #"{"id":\#(n - 1),"price":999,"highest":999,"count":\#(n)}"#, "\(lines.last ?? "")")
            }
        }
        #expect(ratio < 20, "8× the records cost \(ratio)× the CPU time")
    }

    /// A `@root` key path through the content's elements (`@root.items.kind`,
    /// which a matcher asks of every item) beside a copy of the document:
    /// each evaluation made an array of every element's `kind` (a document
    /// read whole, as a tree) or read every element back from the items'
    /// text (streamed, the items held so for the copy, which writes that
    /// text: 6× the document in memory as a tree), n records × n elements.
    /// Its value is kept per document, as an operator's is
    /// (`OperatorResults`), streamed or not (16,000 items took 66× the time
    /// of 2,000 both ways); held at both sizes (`RKMAP_HELD_ARRAY_BYTES=0`).
    @Test(arguments: [["RKMAP_PIPELINE_THRESHOLD=0"], []])
    func aRootPathThroughHeldElementsForEachRecordIsLinear(environment: [String]) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "items", "root-map-ref": "pick", "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [
                {"keyPath": "@root.items.kind", "expectValue": "none", "map-ref": "other"},
                {"keyPath": "kind", "expectValue": "a", "map-ref": "item"}]},
              {"id": "item", "target": "Item", "attributes": ["id"],
               "relationships": [{"from": "gift", "to": "gift", "map-ref": "gift"}]},
              {"id": "other", "target": "Other", "attributes": ["id"]},
              {"id": "gift", "target": "Gift", "attributes": {"@root": "doc", "note": "note"}}]}
            """)
        func document(_ n: Int) -> String {
            #"{"items": ["# + (0..<n).map { #"{"id": \#($0), "kind": "a"}"# }.joined(separator: ",") + "]}"
        }
        let args = ["apply", scratch.path("spec.json"), "--format", "ndjson", "--no-type"]
        let ratio = try Self.growth(
            args, small: document(2_000), large: document(16_000), in: scratch, environment: environment + ["RKMAP_HELD_ARRAY_BYTES=0"]
        ) { run, large in
            #expect(run.status == 0, "\(run.stderr)")
            let n = large ? 16_000 : 2_000
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == n)
            #expect(lines.last == #"{"id":\#(n - 1)}"#, "\(lines.last ?? "")")
        }
        #expect(ratio < 20, "8× the records cost \(ratio)× the CPU time")
    }

    /// An item's `@parent.data.price.@avg` (the list) beside its variants'
    /// `@parent.variants.price.@avg` (the item): each parent's value is
    /// kept while it is used. With one start kept for all `@parent` paths,
    /// each item's variants replaced the list's, and every item averaged
    /// the list again: n items × n prices (28 s for 1 MB of items held as
    /// their text). Held at both sizes.
    @Test func parentOperatorsAtTwoDepthsAreEachComputedOncePerParent() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "", "root-map-ref": "list", "mappers": [
              {"id": "list", "target": "List", "attributes": ["url"],
               "relationships": [{"from": "data", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"id": "id", "@parent.data.price.@avg": "avg"},
               "relationships": [{"from": "variants", "to": "variants", "map-ref": "variant", "many": true}]},
              {"id": "variant", "target": "Variant", "attributes": {"sku": "sku", "@parent.variants.price.@max": "top"}}]}
            """)
        func document(_ n: Int) -> String {
            #"{"url": "/v1/items", "data": ["# + (0..<n).map {
                #"{"id": \#($0), "price": \#($0 % 2 * 2), "variants": [{"sku": "a", "price": 1}, {"sku": "b", "price": 3}]}"#
            }.joined(separator: ",") + "]}"
        }
        let args = ["apply", scratch.path("spec.json"), "--format", "ndjson", "--no-type"]
        let ratio = try Self.growth(
            args, small: document(2_000), large: document(16_000), in: scratch, environment: ["RKMAP_HELD_ARRAY_BYTES=0"]
        ) { run, large in
            #expect(run.status == 0, "\(run.stderr)")
            // Prices 0, 2, 0, 2, …: the average is 1; each item's variants' highest, 3.
            let n = large ? 16_000 : 2_000
            let item = #""avg":1,"variants":[{"sku":"a","top":3},{"sku":"b","top":3}]}"#
            #expect(run.stdout.components(separatedBy: item).count == n + 1, "\(run.stdout.prefix(300))")
        }
        #expect(ratio < 20, "8× the records cost \(ratio)× the CPU time")
    }

    /// Under `keyMatching: caseInsensitive`, each item waiting for a later
    /// read (`@root.orders[0].id` in another descriptor) is asked whether
    /// its way from the document is unambiguous (`ReadTracker`): the way
    /// to its order was walked again for each item, the order's held text
    /// read back each time, quadratic in the items of an order (2 × 2,400
    /// items took 7.7 s in release). The walk now continues from the last
    /// one. `check` of 2 × 2,400 items costs about 8× 2 × 300 (held).
    @Test func itemsWaitingUnderCaseInsensitiveKeysDoNotReadTheirOrderAgain() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyMatching": "caseInsensitive",
             "descriptors": [{"keyPath": "orders", "root-map-ref": "order"}, {"keyPath": "", "root-map-ref": "summary"}],
             "mappers": [
              {"id": "order", "attributes": ["id"], "relationships": [{"from": "items", "to": "items", "map-ref": "item"}]},
              {"id": "item", "attributes": {"price": "price", "@parent.Items.price.@sum": "sum"}},
              {"id": "summary", "attributes": {"note": "note", "@root.orders[0].id": "first"}}]}
            """)
        func document(_ n: Int) -> String {
            let items = (0..<n).map { #"{"price": \#($0), "x": 1}"# }.joined(separator: ",")
            return #"{"note": "n", "orders": [{"id": 0, "items": [\#(items)]}, {"id": 1, "items": [\#(items)]}]}"#
        }
        let files = [scratch.path("small.json"), scratch.path("large.json")]
        try scratch.write("small.json", document(300))
        try scratch.write("large.json", document(2_400))
        let checking = files.map { ["check", scratch.path("spec.json"), $0, "--unmapped", "warn", "--missing", "ignore"] }
        let ratio = try Self.growth(
            small: (checking[0], ""), large: (checking[1], ""), in: scratch, environment: ["RKMAP_HELD_ARRAY_BYTES=0"]
        ) { run, large in
            #expect(run.stdout == """
                PASS \(files[large ? 1 : 0]): 200, 3 records
                  unmapped (warning): $.orders[*].items[*].x: not mapped (\(large ? 4_800 : 600) times) [mapper item]
                1 passed, 0 failed

                """, "\(run.stderr)")
            #expect(run.status == 0)
        }
        #expect(ratio < 20, "8× the items cost \(ratio)× the CPU time")
    }

    /// Each item of a record reads `@parent.items.Name`, every item's name:
    /// n records of n names by the spec's meaning. The record's items held
    /// as their text, its records were held as bytes, each with its own copy
    /// of that array (checking a 1 MB record took 22 s and 2.2 GB); held
    /// now, the array is held once among them (`HeldRecords.shared`). The
    /// records are the same either way, and `check` of 16,000 items costs
    /// about 8× 2,000 (held at both sizes).
    @Test func recordsSharingTheirParentsArrayAreNotHeldEachWithACopy() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "", "root-map-ref": "order", "mappers": [
              {"id": "order", "target": "Order", "attributes": ["id"],
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id", "@parent.items.@count": "n", "@parent.items.Name": "names"}}]}
            """)
        func document(_ n: Int) -> String {
            #"{"id": 1, "items": ["# + (0..<n).map { #"{"ID": \#($0), "Name": "n\#($0)"}"# }.joined(separator: ",") + "]}"
        }
        try scratch.write("three.json", document(3))
        for held in ["0", "1000000000"] {
            let run = try Self.measure(["apply", scratch.path("spec.json"), scratch.path("three.json"), "--format", "ndjson", "--no-type"],
                                       input: "", in: scratch, environment: ["RKMAP_HELD_ARRAY_BYTES=\(held)"])
            let names = #""n":3,"names":["n0","n1","n2"]"#
            #expect(run.stdout == #"{"id":1,"items":[{"id":0,\#(names)},{"id":1,\#(names)},{"id":2,\#(names)}]}"# + "\n")
            #expect(run.status == 0)
        }
        let files = [scratch.path("small.json"), scratch.path("large.json")]
        try scratch.write("small.json", document(2_000))
        try scratch.write("large.json", document(16_000))
        let checking = files.map { ["check", scratch.path("spec.json"), $0, "--unmapped", "error"] }
        let ratio = try Self.growth(
            small: (checking[0], ""), large: (checking[1], ""), in: scratch, environment: ["RKMAP_HELD_ARRAY_BYTES=0"]
        ) { run, large in
            #expect(run.stdout == "PASS \(files[large ? 1 : 0]): 200, 1 record\n1 passed, 0 failed\n", "\(run.stderr)")
            #expect(run.status == 0)
        }
        #expect(ratio < 20, "8× the records cost \(ratio)× the CPU time")
    }

    /// `infer` on one object of many members writes one attribute each; the
    /// spec's objects were built with a scan per member, and the check for
    /// members left out scanned the mapper's fields per member: 80,000 keys
    /// (1 MB) took 40 s, four times as long per doubling.
    @Test func inferOfAnObjectOfManyKeysIsLinear() throws {
        let scratch = try Scratch()
        func document(_ n: Int) -> String {
            "{" + (0..<n).map { #""key\#($0)": \#($0)"# }.joined(separator: ", ") + "}"
        }
        let ratio = try Self.growth(["infer", "-"], small: document(4_000), large: document(32_000), in: scratch) { run, large in
            #expect(run.status == 0)
            let last = large ? 31_999 : 3_999
            #expect(run.stdout.contains(#""key\#(last)": "key\#(last)""#), "\(run.stdout.suffix(200))")
        }
        #expect(ratio < 20, "8× the keys cost \(ratio)× the CPU time")
    }

    /// `infer` on an object whose keys are one name in different cases
    /// (`abcdefghijklmnop`, `Abcdefghijklmnop`, …): each destination after
    /// the first is numbered, and the numbers were found by counting up from
    /// 2 for each key, every candidate looked up: 20,000 such keys (0.4 MB)
    /// took 122 s, 16 times as long per quadrupling. The next number is now
    /// kept per name (`InferDestinations`).
    @Test func inferOfKeysThatAreOneNameIsLinear() throws {
        let scratch = try Scratch()
        let word = Array("abcdefghijklmnop")
        func key(_ i: Int) -> String {
            String(word.enumerated().map { j, c in (i >> j) & 1 == 1 ? Character(c.uppercased()) : c })
        }
        func document(_ n: Int) -> String {
            "{" + (0..<n).map { #""\#(key($0))": \#($0)"# }.joined(separator: ", ") + "}"
        }
        let ratio = try Self.growth(["infer", "-"], small: document(1_000), large: document(8_000), in: scratch) { run, large in
            #expect(run.status == 0)
            let n = large ? 8_000 : 1_000
            // The last key's own destination (its first letter lowercased), numbered n.
            let last = key(n - 1)
            let destination = last.prefix(1).lowercased() + last.dropFirst() + "\(n)"
            #expect(run.stdout.contains(#""\#(last)": "\#(destination)""#), "\(run.stdout.suffix(300))")
            #expect(run.stdout.contains(#""abcdefghijklmnop": "abcdefghijklmnop","#))
            #expect(run.stdout.contains(#""Abcdefghijklmnop": "abcdefghijklmnop2","#))
        }
        #expect(ratio < 20, "8× the keys cost \(ratio)× the CPU time")
    }

    /// A mapper of many attributes, applied to and checked against an object
    /// of as many members: compiling it compared every two destinations,
    /// each attribute's lookup scanned the object, and `check` scanned its
    /// reads per attribute. 32,000 attributes took 6.7 s to apply and 14.6 s
    /// to check, four times as long per doubling. Under `keyMatching:
    /// caseInsensitive`, with every attribute's key spelled in capitals
    /// (`KEY7` for the member `key7`), each lookup then folded every
    /// member's key: 16,000 took 2.9 s to apply and 6.9 s to check.
    @Test(arguments: [false, true])
    func aMapperOfManyAttributesIsLinear(caseInsensitive: Bool) throws {
        let scratch = try Scratch()
        var best: [String: [Double]] = ["apply": [.infinity, .infinity], "check": [.infinity, .infinity]]
        let source = caseInsensitive ? "KEY" : "key"
        let matching = caseInsensitive ? #""keyMatching": "caseInsensitive", "# : ""
        for _ in 0..<2 {
            for (k, n) in [2_000, 16_000].enumerated() {
                // Every other destination is nested (`d.key1`): nestings are found too.
                let attributes = (0..<n).map { #""\#(source)\#($0)": "\#($0 % 2 == 1 ? "d." : "")key\#($0)""# }.joined(separator: ", ")
                let spec = try scratch.write("spec\(n).json", #"{\#(matching)"mappers": [{"id": "m", "target": "T", "attributes": {\#(attributes)}}]}"#)
                let document = try scratch.write("doc\(n).json", "{" + (0..<n).map { #""key\#($0)": \#($0)"# }.joined(separator: ", ") + "}")
                let apply = try Self.measure(["apply", spec, "-", "--compact"], input: try String(contentsOfFile: document, encoding: .utf8), in: scratch)
                #expect(apply.status == 0 && apply.stderr.isEmpty, "\(apply.stderr)")
                #expect(apply.stdout.contains(#""key\#(n - 2)":\#(n - 2)"#) && apply.stdout.contains(#""key\#(n - 1)":\#(n - 1)}"#), "\(apply.stdout.suffix(100))")
                let check = try Self.measure(["check", spec, document, "--unmapped", "error", "--missing", "error"], input: "", in: scratch)
                #expect(check.status == 0 && check.stdout.hasSuffix("1 passed, 0 failed\n"), "\(check.stdout.suffix(300))")
                best["apply"]![k] = min(best["apply"]![k], apply.cpuSeconds)
                best["check"]![k] = min(best["check"]![k], check.cpuSeconds)
            }
        }
        for (command, times) in best {
            let ratio = times[1] / max(times[0], 0.001)
            #expect(ratio < 20, "8× the attributes cost \(ratio)× the CPU time of \(command)")
        }
    }

    /// `(a+)+c|a+b` costs exponential time in a backtracking engine; here it is
    /// linear, and the answer is right both ways.
    @Test func catastrophicPatternIsLinear() throws {
        let scratch = try Scratch()
        func document(_ n: Int, _ last: String) -> String { #"{"name": ""# + String(repeating: "a", count: n) + last + "\"}\n" }
        let args = ["eval", "name MATCHES '(a+)+c|a+b'"]
        let ratio = try Self.growth(args, small: document(20_000, ""), large: document(160_000, ""), in: scratch) { run, _ in
            #expect(run.stdout == "false\n")
            #expect(run.status == 1)
        }
        #expect(ratio < 20, "8× the subject cost \(ratio)× the CPU time")
        // 20 records of 31 characters: all answered, none wrongly false.
        let records = String(repeating: document(30, "b"), count: 20) + document(31, "")
        let run = try Self.measure(args, input: records, in: scratch)
        #expect(run.stdout == String(repeating: "true\n", count: 20) + "false\n")
    }

    /// Connections into SQLite find each connected row through an index the
    /// run makes and drops (it read the whole table once per connected record:
    /// 4 MB of records took 39 s). Each item connects to the next one, which
    /// comes later in the document; the database ends with the links and
    /// without the run's index.
    @Test func connectionsIntoSQLiteAreLinear() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "items", "mappers": [{"id": "item", "target": "Item", "attributes": ["id", "next"],
              "connections": [{"relationship": "following", "sourceAttribute": "next", "target": "Item", "targetAttribute": "id"}]}]}
            """)
        func document(_ n: Int) -> String {
            #"{"items": ["# + (0..<n).map { #"{"id": "i\#($0)", "next": "i\#(($0 + 1) % n)"}"# }.joined(separator: ",") + "]}"
        }
        let database = scratch.path("out.db")
        let args = ["apply", scratch.path("spec.json"), "-", "--format", "sqlite", "-o", database]
        let ratio = try Self.growth(args, small: document(2_000), large: document(16_000), in: scratch) { run, large in
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let n = large ? 16_000 : 2_000
            let links = try Tables.query(database, #"""
                SELECT count(*) FROM "Item" p JOIN "Item" c ON c."_id" = p."following"
                WHERE c."id" = 'i' || ((CAST(substr(p."id", 2) AS INTEGER) + 1) % \#(n))
                """#)
            #expect(links == [[.integer(Int64(n))]])
            let indexes = try Tables.query(database, "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'rkmap%'")
            #expect(indexes.isEmpty)
            try FileManager.default.removeItem(atPath: database)
        }
        #expect(ratio < 20, "8× the records cost \(ratio)× the CPU time")
    }

    /// A key repeated thousands of times in a streamed `forceCollection`
    /// object: each repeat's warning is placed from the one before it (each
    /// counted lines from the chunk's start: 10,000 repeats took 3.3 s), and
    /// in a document held in memory (here for `@root`) each repeat is found
    /// once (`RepeatedMembers` compared it with every earlier one).
    @Test(arguments: [false, true])
    func aKeyRepeatedInAStreamedObjectIsLinear(heldInMemory: Bool) throws {
        let scratch = try Scratch()
        let root = heldInMemory ? #", "@root.n": "n""# : ""
        try scratch.write("spec.json", """
            {"keyPath": "users", "mappers": [{"id": "user", "target": "User", "forceCollection": true, "keyAttribute": "name",
              "attributes": {"email": "email"\(root)}}]}
            """)
        func document(_ n: Int) -> String {
            #"{"n": 1, "users": {"a": {"email": "x"},"# + String(repeating: "\n  \"a\": {},", count: n - 1) + #" "b": {}}}"#
        }
        let args = ["apply", scratch.path("spec.json"), "-", "--format", "ndjson"]
        // Every document streamed, however small.
        let ratio = try Self.growth(
            args, small: document(2_000), large: document(16_000), in: scratch, environment: ["RKMAP_PIPELINE_THRESHOLD=0"]
        ) { run, large in
            let n = large ? 16_000 : 2_000
            #expect(run.status == 0)
            #expect(run.stdout.split(separator: "\n").count == 2)
            let warnings = run.stderr.split(separator: "\n")
            #expect(warnings.count == n - 1)
            #expect(warnings.last?.hasPrefix("<stdin>:\(n):7: warning: key 'a' appears again") == true, "\(warnings.last ?? "")")
        }
        #expect(ratio < 20, "8× the repeats cost \(ratio)× the CPU time")
    }

    /// Thousands of broken documents under `--keep-going` (an NDJSON export
    /// with a trailing comma on every line): each error's line and column is
    /// counted from the one before it, not from the chunk's start (40,000
    /// errors took 19 s, ×4 per ×2), read whole or streamed; every error is
    /// reported at its own line, and the good document after them is mapped.
    @Test(arguments: [false, true])
    func manySyntaxErrorsUnderKeepGoingAreLinear(streamed: Bool) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "", "mappers": [{"id": "c", "target": "C", "attributes": ["id"]}]}"#)
        func document(_ n: Int) -> String {
            (0..<n).map { #"{"id":\#($0),}"# + "\n" }.joined() + #"{"id":"last"}"# + "\n"
        }
        let args = ["apply", scratch.path("spec.json"), "-", "--format", "ndjson", "--keep-going", "--no-type"]
        let environment = ["RKMAP_PIPELINE_THRESHOLD=" + (streamed ? "0" : "1000000000")]
        let ratio = try Self.growth(args, small: document(2_000), large: document(16_000), in: scratch, environment: environment) { run, large in
            let n = large ? 16_000 : 2_000
            #expect(run.status == 1)
            #expect(run.stdout == #"{"id":"last"}"# + "\n")
            let errors = run.stderr.split(separator: "\n")
            #expect(errors.count == n)
            #expect(errors.last == "<stdin>:\(n):\(8 + String(n - 1).count): error: expected a string key after ',', found '}'", "\(errors.last ?? "")")
        }
        #expect(ratio < 20, "8× the errors cost \(ratio)× the CPU time")
    }

    /// One record connected from every record of its own subtree (a team
    /// whose members all name the root user as their boss), in a streamed
    /// document: the connected record is read back once and shared, as a
    /// document read whole shares it (a copy per connection cost quadratic
    /// time and memory: 2,000 members took 15 s and 938 MB).
    @Test func oneRecordConnectedFromItsSubtreeIsLinear() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "users", "mappers": [{"id": "user", "target": "User", "entity": true, "identification": "id",
              "attributes": ["id", "name", "boss"], "relationships": [{"from": "team", "to": "team", "map-ref": "user"}],
              "connections": [{"relationship": "manager", "sourceAttribute": "boss", "target": "User", "targetAttribute": "id"}]}]}
            """)
        // Over 1 MiB at both sizes, so both are streamed.
        let bio = String(repeating: "b", count: 4_000)
        func document(_ n: Int) -> String {
            let team = (0..<n).map { #"{"id": \#($0), "name": "m\#($0)", "boss": -1, "bio": "\#(bio)"}"# }
            return #"{"users": [{"id": -1, "name": "root", "boss": null, "team": ["# + team.joined(separator: ",") + "]}]}"
        }
        let database = scratch.path("team.db")
        let args = ["apply", scratch.path("spec.json"), "-", "--format", "sqlite", "-o", database]
        let ratio = try Self.growth(args, small: document(300), large: document(2_400), in: scratch) { run, large in
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let managed = try Tables.query(database, #"SELECT count(*) FROM "User" WHERE "manager" = -1"#)
            #expect(managed == [[.integer(large ? 2_400 : 300)]])
            try FileManager.default.removeItem(atPath: database)
        }
        #expect(ratio < 20, "8× the team cost \(ratio)× the CPU time")
    }

    /// A record of many array elements serialized as a form body (§14),
    /// which is read back to check that a server would read the record:
    /// the reader counted each pair's column from the line's start and
    /// copied the array at every pair it appended to (8,000 items took
    /// 13 s, four times as long per doubling).
    @Test func aLargeFormBodyIsLinear() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "attributes": {"tags": "tags"},
               "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": {"ID": "id", "Name": "name"}}]}
            """)
        func record(_ n: Int) -> String {
            let tags = (0..<n).map { #""t\#($0)""# }.joined(separator: ",")
            let items = (0..<n).map { #"{"@type": "Item", "id": \#($0), "name": "n \#($0)"}"# }.joined(separator: ",")
            return #"{"@type": "Doc", "tags": ["# + tags + #"], "items": ["# + items + "]}"
        }
        // Keys sorted, `a[][k]=v` for the objects, `a[]=v` for the tags,
        // a space as `%20` (§14).
        func body(_ n: Int) -> String {
            ((0..<n).map { "items[][ID]=\($0)&items[][Name]=n%20\($0)" } + (0..<n).map { "tags[]=t\($0)" }).joined(separator: "&") + "\n"
        }
        let args = ["serialize", scratch.path("spec.json"), "--format", "form"]
        // Both sizes held as text (`bothReadings`: 2,000 items are under
        // the default, 16,000 over it).
        let ratio = try Self.growth(
            args, small: record(2_000), large: record(16_000), in: scratch, environment: ["RKMAP_HELD_ARRAY_BYTES=0"]
        ) { run, large in
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout == body(large ? 16_000 : 2_000), "\(run.stdout.prefix(200))")
        }
        #expect(ratio < 20, "8× the items cost \(ratio)× the CPU time")
    }

    /// `CONTAINS` with a long needle from the spec or the document, `ANY a
    /// IN b` with `b` from the document, and a long key path: a needle
    /// tried at every start, `b` scanned per element of `a`, and the column
    /// of each part counted from the start took time quadratic in n.
    @Test(arguments: ["contains", "containsKeyPath", "anyIn", "keyPath"])
    func predicateWorkIsLinear(_ shape: String) throws {
        let scratch = try Scratch()
        func case_(_ n: Int) -> (predicate: String, document: String, answer: String) {
            let long = String(repeating: "a", count: n)
            switch shape {
            case "contains": return ("s CONTAINS[c] '\(long)b'", #"{"s": "\#(long)\#(long)\#(long)\#(long)"}"#, "false")
            case "containsKeyPath": return ("s CONTAINS t", #"{"s": "\#(long)\#(long)\#(long)\#(long)ab", "t": "\#(long)b"}"#, "true")
            case "anyIn":
                let a = (n..<(2 * n)).map(String.init).joined(separator: ",")
                let b = (0..<n).map(String.init).joined(separator: ",") + ",\(2 * n - 1).0"
                return ("ANY a IN b", #"{"a": [\#(a)], "b": [\#(b)]}"#, "true")
            default:
                let path = Array(repeating: "a", count: n).joined(separator: ".")
                return ("\(path) == 1", "{}", "false")
            }
        }
        var best = [Double.infinity, Double.infinity]
        for _ in 0..<2 {
            for (k, n) in [2_000, 16_000].enumerated() {
                let c = case_(n)
                let run = try Self.measure(["eval", c.predicate], input: c.document, in: scratch)
                #expect(run.stdout == c.answer + "\n" && run.stderr.isEmpty, "\(run.stderr.prefix(200))")
                best[k] = min(best[k], run.cpuSeconds)
            }
        }
        let ratio = best[1] / max(best[0], 0.001)
        #expect(ratio < 20, "8× the size cost \(ratio)× the CPU time")
    }

    /// A long run of combining marks in a key or a string: Swift's `==`,
    /// `<`, `hasPrefix` and `String` hashing compare canonical forms, and
    /// normalizing such a run (putting its marks in canonical order) took
    /// time quadratic in it: 160,000 marks took `apply` 5.8 s, `check` and
    /// `eval` 11.7 s, `@distinctUnionOfObjects` 23 s, `infer` over a minute.
    /// Text compares by code units (docs/spec.md §4): nothing is normalized.
    /// (`infer` leaves the key out: a spec may not hold more than 30 marks
    /// in a row, `AdversarialSpecTests.aLongRunOfCombiningMarksIsRefused…`.)
    ///
    /// `streamedKeys` and `repeatedKeys`: a streamed `forceCollection`
    /// object's keys are kept to find a repeat (held in memory, `@root` read,
    /// they are hashed in a pass); `connection`: a connection's value is
    /// looked up by its hash, read whole or streamed. Each hashed such a key
    /// as Swift's `String` (canonical): 160,000 marks took 5.8 s, 5.8 s and
    /// 17.5 s. `foldDecomposed`: `[d]` folds decomposed text (a letter and
    /// two marks, repeated) a piece at a time: Foundation's folding of the
    /// whole is quadratic in its characters (640,000 marks: 3.9 s).
    @Test(arguments: [
        "apply", "caseInsensitive", "eval", "distinct", "valueMap", "check", "infer", "streamedKeys", "repeatedKeys", "connection",
        "streamedConnection", "foldDecomposed",
    ])
    func combiningMarksAreLinear(_ shape: String) throws {
        let scratch = try Scratch()
        // Two classes of mark alternating (230 and 220): canonical order
        // would move every second one. `other` is the same marks the other
        // way round: canonically equivalent, different code units.
        func marks(_ n: Int, swapped: Bool = false) -> String {
            "a" + String(repeating: swapped ? "\u{316}\u{301}" : "\u{301}\u{316}", count: n / 2)
        }
        // Folding is fast per character: more of them, for the quadratic to show.
        let sizes = shape == "foldDecomposed" ? [40_000, 320_000] : [8_000, 64_000]
        let ratio = try AdversarialSpecTests.ratio { k in
            let key = marks(sizes[k]), other = marks(sizes[k], swapped: true)
            let spec = scratch.path("spec.json"), document = scratch.path("doc.json")
            var args = ["apply", spec, document, "--no-type", "--compact"]
            let expected: String
            var status: Int32 = 0
            var environment: [String] = []
            switch shape {
            case "apply", "caseInsensitive", "check", "infer":
                let matching = shape == "caseInsensitive" ? #""keyMatching": "caseInsensitive", "# : ""
                let attribute = shape == "caseInsensitive" ? "ID" : "id"
                try scratch.write("spec.json", #"{\#(matching)"mappers": [{"id": "m", "target": "T", "attributes": ["\#(attribute)"]}]}"#)
                // `apply` with the key escaped: decoded, it is looked up by name.
                let spelled = shape == "apply" ? #"a"# + String(repeating: #"\u0301\u0316"#, count: sizes[k] / 2) : key
                try scratch.write("doc.json", #"[{"\#(spelled)": 1, "id": 1}]"#)
                switch shape {
                case "check":
                    args = ["check", spec, document]
                    expected = "PASS \(document): 200, 1 record\n"
                        + "  unmapped (warning): $[*][\"\(key)\"]: not mapped (1 time) [mapper m]\n1 passed, 0 failed\n"
                case "infer":
                    // No spec may name the key (docs/spec.md §4): left out, and said so.
                    args = ["infer", document]
                    expected = """
                        {
                          "root-map-ref": "item",
                          "mappers": [
                            {
                              "id": "item",
                              "target": "Item",
                              "attributes": {
                                "id": "id"
                              },
                              "types": {
                                "id": "int"
                              }
                            }
                          ]
                        }

                        """
                default:
                    expected = #"[{"\#(attribute)":1}]"# + "\n"
                }
            case "eval":
                try scratch.write("doc.json", #"{"a": "\#(key)", "b": "\#(other)"}"#)
                args = ["eval", "a == b", document]
                (expected, status) = ("false\n", 1)
            case "foldDecomposed":
                let decomposed = String(repeating: "a\u{316}\u{301}", count: sizes[k] / 2)
                try scratch.write("doc.json", #"{"a": "\#(decomposed)", "b": "\#(String(repeating: "a", count: sizes[k] / 2))"}"#)
                args = ["eval", "a ==[d] b AND a CONTAINS[cd] 'AAA' AND NOT (a ENDSWITH[d] 'b')", document]
                expected = "true\n"
            case "distinct":
                try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": {"v.@distinctUnionOfObjects": "v"}}]}"#)
                try scratch.write("doc.json", #"[{"v": ["\#(key)", "\#(other)", "\#(key)"]}]"#)
                expected = #"[{"v":["\#(key)","\#(other)"]}]"# + "\n"
            case "streamedKeys", "repeatedKeys":
                // Streamed from the first byte; `@root` holds the document in memory.
                let root = shape == "repeatedKeys" ? #", "@root.x": "x""# : ""
                try scratch.write("spec.json", #"""
                    {"mappers": [{"id": "m", "target": "T", "forceCollection": true, "keyAttribute": "k",
                      "attributes": {"(k).v": "v"\#(root)}}]}
                    """#)
                try scratch.write("doc.json", #"{"\#(key)": {"v": 1}, "b": {"v": 2}, "\#(other)": {"v": 3}, "\#(key)": {"v": 4}}"#)
                environment = ["RKMAP_PIPELINE_THRESHOLD=0"]
                expected = #"[{"k":"\#(key)","v":1},{"k":"b","v":2},{"k":"\#(other)","v":3}]"# + "\n"
            case "connection", "streamedConnection":
                // Streamed, the records are held as bytes (`HeldRecords`), indexed by hash.
                if shape == "streamedConnection" { environment = ["RKMAP_PIPELINE_THRESHOLD=0"] }
                try scratch.write("spec.json", """
                    {"mappers": [
                      {"id": "t", "target": "T", "attributes": ["name"]},
                      {"id": "u", "target": "U", "attributes": ["ref"],
                       "connections": [{"relationship": "t", "sourceAttribute": "ref", "target": "T", "targetAttribute": "name"}]}],
                     "descriptors": [{"keyPath": "ts", "root-map-ref": "t"}, {"keyPath": "us", "root-map-ref": "u"}]}
                    """)
                try scratch.write("doc.json", #"{"ts": [{"name": "\#(other)"}, {"name": "\#(key)"}], "us": [{"ref": "\#(key)"}]}"#)
                expected = #"[{"name":"\#(other)"},{"name":"\#(key)"},{"ref":"\#(key)","t":{"name":"\#(key)"}}]"# + "\n"
            default:
                try scratch.write("spec.json", """
                    {"root-map-ref": "d", "mappers": [
                      {"id": "d", "dynamic": true, "matchers": [{"keyPath": "t", "valueMap": {"x": "m"}}]},
                      {"id": "m", "target": "T", "attributes": ["t"]}]}
                    """)
                try scratch.write("doc.json", #"[{"t": "\#(key)"}]"#)
                expected = "[]\n"
            }
            let run = try Self.measure(args, input: "", in: scratch, environment: environment)
            #expect(run.status == status, "\(run.stderr.prefix(300))")
            #expect(run.stdout == expected, "\(run.stdout.prefix(300))")
            if shape == "infer" {
                #expect(run.stderr.contains(#": warning: member 'a\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}…' "#
                    + "left out of the spec: its key has \(sizes[k]) combining marks in a row, and a spec allows at most 30"), "\(run.stderr.suffix(300))")
            }
            return run
        }
        #expect(ratio < 20, "8× the marks cost \(ratio)× the CPU time")
    }

    @Test func starMatchesAMillionCharacters() throws {
        let scratch = try Scratch()
        let run = try Self.measure(
            ["eval", "name MATCHES 'a*'"], input: #"{"name": ""# + String(repeating: "a", count: 1_000_000) + "\"}", in: scratch)
        #expect(run.stdout == "true\n")
        #expect(run.status == 0)
    }

    /// `IN` against a literal list is a hash lookup: ten times the list costs
    /// about the same for the same documents.
    @Test func inLiteralListIsAHashLookup() throws {
        let scratch = try Scratch()
        let documents = (0..<20_000).map { #"{"x": \#($0 % 7 == 0 ? "\($0 % 500)" : "-\($0)")}"# }.joined(separator: "\n")
        func predicate(_ n: Int) -> String { "x IN {" + (0..<n).map { String($0) }.joined(separator: ", ") + "}" }
        var best = [Double.infinity, Double.infinity]
        for _ in 0..<2 {
            for (k, n) in [500, 5_000].enumerated() {
                let run = try Self.measure(["eval", predicate(n)], input: documents, in: scratch)
                let answers = run.stdout.split(separator: "\n")
                #expect(answers.count == 20_000)
                #expect(answers.filter { $0 == "true" }.count == (0..<20_000).filter { $0 % 7 == 0 }.count)
                best[k] = min(best[k], run.cpuSeconds)
            }
        }
        let ratio = best[1] / max(best[0], 0.001)
        #expect(ratio < 3, "10× the list cost \(ratio)× the CPU time")
    }
}
