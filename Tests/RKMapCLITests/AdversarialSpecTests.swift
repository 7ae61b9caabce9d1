import Foundation
import Testing

/// Specs, records and headers whose size multiplied the cost of setting a run
/// up, of laying out CSV columns or of serializing: each test compares two
/// sizes within one run by the CPU time of the rkmap process alone
/// (`AdversarialInputTests.growth`), never against a clock, and checks the
/// output at both sizes.
@Suite struct AdversarialSpecTests {
    /// CPU time of the large run (`k` 1) over the small one (`k` 0), each
    /// the best of two (`AdversarialInputTests.growth`, for runs whose
    /// arguments differ too).
    static func ratio(_ run: (Int) throws -> AdversarialInputTests.Run) rethrows -> Double {
        var best = [Double.infinity, Double.infinity]
        for _ in 0..<2 {
            for k in 0..<2 { best[k] = min(best[k], try run(k).cpuSeconds) }
        }
        return best[1] / max(best[0], 0.001)
    }

    /// Mapper `i` leads, by to-one relationships, to mappers `i+1` and `i+2`
    /// (modulo `n`): the paths through them are exponentially many, and
    /// projections (what a run reads of a document) and CSV columns named
    /// every one of them. 30 such mappers (5 KB) took `lint` 4.75 GB and
    /// 33 s, `apply` 3.1 GB and 7 s at 28.
    static func cyclic(_ n: Int) -> String {
        let mappers = (0..<n).map { i in
            #"{"id": "m\#(i)", "target": "T\#(i)", "attributes": ["id"], "relationships": ["#
                + (0..<2).map { j in #"{"from": "r\#(j)", "to": "r\#(j)", "map-ref": "m\#((i + j + 1) % n)"}"# }.joined(separator: ", ")
                + "]}"
        }
        return #"{"root-map-ref": "m0", "mappers": ["# + mappers.joined(separator: ",\n") + "]}"
    }

    @Test func toOneRelationshipsThatCycleAreAppliedWithoutUnrollingThem() throws {
        let scratch = try Scratch()
        try scratch.write("small.json", Self.cyclic(12))
        try scratch.write("large.json", Self.cyclic(24))
        // The spec grows; the document stays the same.
        try scratch.write("in.json", #"[{"id": 1, "r0": {"id": 2, "r1": {"id": 4}}}]"#)
        let ratio = try Self.ratio { k in
            let spec = ["small.json", "large.json"][k]
            let run = try AdversarialInputTests.measure(
                ["apply", scratch.path(spec), scratch.path("in.json"), "--compact"], input: "", in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout == #"[{"@type":"T0","id":1,"r0":{"@type":"T1","id":2,"r1":{"@type":"T3","id":4}}}]"# + "\n")
            return run
        }
        #expect(ratio < 20, "twice the mappers cost \(ratio)× the CPU time")
    }

    /// CSV would flatten every path into dotted columns (929 of them for 12
    /// mappers, 2,056,913 for 28): past 131,072 columns the spec is refused, a warning in `lint` and
    /// an error before anything is written in `apply --format csv`, and the
    /// layout stops there.
    @Test func toOneRelationshipsThatCycleAreTooWideForCSV() throws {
        let scratch = try Scratch()
        try scratch.write("small.json", Self.cyclic(12))
        try scratch.write("bounded.json", Self.cyclic(24))
        try scratch.write("large.json", Self.cyclic(28))
        try scratch.write("in.json", #"[{"id": 1}]"#)
        let warning = "warning: CSV output would need more than 131072 columns, or 4 MB of column names"
        let small = try AdversarialInputTests.measure(["lint", scratch.path("small.json")], input: "", in: scratch)
        #expect(small.status == 0 && small.stderr.isEmpty, "\(small.stderr)")
        // 24 and 28 such mappers both pass the bound, so the layout does the
        // same work for both: about the same time, where laying out their
        // 300,097 and 2,056,913 columns took 1.3 s and 12 s (1.8 GB).
        let ratio = try Self.ratio { k in
            let run = try AdversarialInputTests.measure(["lint", scratch.path(k == 0 ? "bounded.json" : "large.json")], input: "", in: scratch)
            #expect(run.status == 0 && run.stderr.contains(warning), "\(run.stderr)")
            return run
        }
        #expect(ratio < 3, "four more mappers cost \(ratio)× the CPU time")
        let csv = try AdversarialInputTests.measure(
            ["apply", scratch.path("large.json"), scratch.path("in.json"), "--format", "csv"], input: "", in: scratch)
        #expect(csv.status == 2 && csv.stdout.isEmpty)
        #expect(csv.stderr.contains("error: CSV output would need more than 131072 columns"), "\(csv.stderr)")
        #expect(csv.stderr.contains(#"declare some of them "many": true (one column of JSON), or use --format ndjson, json or sqlite"#))
        let smallCSV = try AdversarialInputTests.measure(
            ["apply", scratch.path("small.json"), scratch.path("in.json"), "--format", "csv", "--no-type"], input: "", in: scratch)
        #expect(smallCSV.status == 0 && smallCSV.stderr.isEmpty, "\(smallCSV.stderr)")
        #expect(smallCSV.stdout.hasPrefix("id,r0.id,r0.r0.id,"), "\(smallCSV.stdout.prefix(100))")
    }

    /// A descriptor and a mapper per key: setting the run up looked at every
    /// mapper's connections for every attribute (8,000 took 5.3 s).
    @Test func manyDescriptorsEachWithItsMapperSetUpInLinearTime() throws {
        let scratch = try Scratch()
        func spec(_ n: Int) -> String {
            let mappers = (0..<n).map { #"{"id": "m\#($0)", "target": "T\#($0)", "attributes": ["x", "y"]}"# }
            let descriptors = (0..<n).map { #"{"keyPath": "k\#($0)", "root-map-ref": "m\#($0)"}"# }
            return #"{"mappers": ["# + mappers.joined(separator: ",") + #"], "descriptors": ["# + descriptors.joined(separator: ",") + "]}"
        }
        try scratch.write("small.json", spec(1_000))
        try scratch.write("large.json", spec(8_000))
        let input = #"{"k0": [{"x": 1}], "k999": [{"y": 2}]}"#
        let ratio = try Self.ratio { k in
            let name = ["small.json", "large.json"][k]
            let run = try AdversarialInputTests.measure(["apply", scratch.path(name), "-", "--compact"], input: input, in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout == #"[{"@type":"T0","x":1},{"@type":"T999","y":2}]"# + "\n")
            return run
        }
        #expect(ratio < 20, "8× the descriptors cost \(ratio)× the CPU time")
    }

    /// Request descriptors (§13) were compiled with the list of types and
    /// of mappers made again for each (8,000 took 8 s).
    @Test func manyRequestDescriptorsCompileInLinearTime() throws {
        let scratch = try Scratch()
        func spec(_ n: Int) -> String {
            let mappers = (0..<n).map { #"{"id": "m\#($0)", "target": "T\#($0)", "attributes": ["id"]}"# }
            let requests = (0..<n).map { #"{"target": "T\#($0)", "map-ref": "m\#($0)"}"# }
            return #"{"root-map-ref": "m0", "mappers": ["# + mappers.joined(separator: ",") + #"], "requestDescriptors": ["# + requests.joined(separator: ",") + "]}"
        }
        try scratch.write("small.json", spec(1_000))
        try scratch.write("large.json", spec(8_000))
        let ratio = try Self.ratio { k in
            let name = ["small.json", "large.json"][k]
            let run = try AdversarialInputTests.measure(
                ["serialize", scratch.path(name), "--format", "ndjson"], input: #"{"@type": "T7", "id": 7}"#, in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout == #"{"id":7}"# + "\n")
            return run
        }
        #expect(ratio < 20, "8× the request descriptors cost \(ratio)× the CPU time")
    }

    /// Many fields written under one nested key (`a.f0` … `a.fN`): each
    /// write copied the nested object (40,000 took 27 s).
    @Test(arguments: ["ndjson", "form"])
    func serializeOfManyDottedSourcesIsLinear(format: String) throws {
        let scratch = try Scratch()
        func spec(_ n: Int) -> String {
            #"{"mappers": [{"id": "r", "target": "R", "attributes": {"# + (0..<n).map { #""a.f\#($0)": "f\#($0)""# }.joined(separator: ",") + "}}]}"
        }
        func record(_ n: Int) -> String { #"{"@type": "R", "# + (0..<n).map { #""f\#($0)": \#($0)"# }.joined(separator: ",") + "}" }
        try scratch.write("small.json", spec(5_000))
        try scratch.write("large.json", spec(40_000))
        let ratio = try Self.ratio { k in
            let n = [5_000, 40_000][k]
            let run = try AdversarialInputTests.measure(
                ["serialize", scratch.path(k == 0 ? "small.json" : "large.json"), "--format", format], input: record(n), in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            // §13: the source key paths nest; §14: `a[f0]=0`, keys sorted.
            let expected = format == "ndjson"
                ? #"{"a":{"# + (0..<n).map { #""f\#($0)":\#($0)"# }.joined(separator: ",") + "}}\n"
                : (0..<n).map { "f\($0)" }.sorted().map { "a[\($0)]=\($0.dropFirst())" }.joined(separator: "&") + "\n"
            let same = run.stdout == expected
            #expect(same, "\(run.stdout.prefix(200))")
            return run
        }
        #expect(ratio < 20, "8× the fields cost \(ratio)× the CPU time")
    }

    /// Records of many types through one dynamic mapper: the mapper's
    /// members and each body's discriminator were found again per record
    /// (8,000 types took 13 s).
    @Test func serializeThroughAMapperChoosingAmongManyTypesIsLinear() throws {
        let scratch = try Scratch()
        func spec(_ n: Int) -> String {
            let matchers = (0..<n).map { #"{"keyPath": "t", "expectValue": "t\#($0)", "map-ref": "m\#($0)"}"# }
            let members = (0..<n).map { #"{"id": "m\#($0)", "target": "T\#($0)", "attributes": ["id"]}"# }
            return #"{"root-map-ref": "p", "mappers": [{"id": "d", "dynamic": true, "matchers": ["# + matchers.joined(separator: ",") + "]}, "
                + members.joined(separator: ",")
                + #", {"id": "p", "target": "P", "attributes": ["pid"], "relationships": [{"from": "items", "to": "items", "map-ref": "d"}]}]}"#
        }
        func record(_ n: Int) -> String {
            #"{"@type": "P", "pid": 1, "items": ["# + (0..<n).map { #"{"@type": "T\#($0)", "id": \#($0)}"# }.joined(separator: ",") + "]}"
        }
        try scratch.write("small.json", spec(1_000))
        try scratch.write("large.json", spec(8_000))
        let ratio = try Self.ratio { k in
            let n = [1_000, 8_000][k]
            let run = try AdversarialInputTests.measure(
                ["serialize", scratch.path(k == 0 ? "small.json" : "large.json"), "--format", "ndjson"], input: record(n), in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            // Each item's body gets the value its matcher expects (§13).
            let expected = #"{"pid":1,"items":["# + (0..<n).map { #"{"id":\#($0),"t":"t\#($0)"}"# }.joined(separator: ",") + "]}\n"
            let same = run.stdout == expected
            #expect(same, "\(run.stdout.prefix(200))")
            return run
        }
        #expect(ratio < 20, "8× the types cost \(ratio)× the CPU time")
    }

    /// Response headers (`--header`, a HAR entry's, a sidecar's) were merged
    /// by a scan of those before, per header (32,000 took 7 s).
    @Test func manyResponseHeadersAreLinear() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"mappers": [{"id": "r", "target": "R", "attributes": {"@metadata.HTTP.response.headers.h7": "h", "x": "x"}}]}"#)
        let ratio = try Self.ratio { k in
            let n = [4_000, 32_000][k]
            // Names differ in case only from `H7` on: one field, joined.
            let headers = (0..<n).flatMap { ["--header", "H\($0)=v\($0)"] } + ["--header", "h7=again"]
            let run = try AdversarialInputTests.measure(
                ["apply", scratch.path("spec.json"), "-", "--compact"] + headers, input: #"{"x": 1}"#, in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout == #"[{"@type":"R","h":"v7, again","x":1}]"# + "\n", "\(run.stdout)")
            return run
        }
        #expect(ratio < 20, "8× the headers cost \(ratio)× the CPU time")
    }

    /// A mapper of many dotted destinations (`lint` checks each against the
    /// slots it could nest in, for SQLite) and of many dotted sources under
    /// one key (`check` records what each reads): a scan of every slot per
    /// slot, and a copy of the nested reads per key, took 30 s and 24 s at
    /// 40,000.
    @Test(arguments: ["lint", "check"])
    func aMapperOfManyDottedPathsIsLinear(command: String) throws {
        let scratch = try Scratch()
        func spec(_ n: Int) -> String {
            let attributes = (0..<n).map { command == "lint" ? #""f\#($0)": "a.b\#($0 % 10).c.f\#($0)""# : #""a.f\#($0)": "f\#($0)""# }
            return #"{"mappers": [{"id": "r", "target": "R", "attributes": {"# + attributes.joined(separator: ",") + "}}]}"
        }
        func input(_ n: Int) -> String { #"{"a": {"# + (0..<n).map { #""f\#($0)": \#($0)"# }.joined(separator: ",") + "}}" }
        try scratch.write("small.json", spec(5_000))
        try scratch.write("large.json", spec(40_000))
        // `check` reads fixtures from files, not stdin.
        try scratch.write("small-fixture.json", input(5_000))
        try scratch.write("large-fixture.json", input(40_000))
        let ratio = try Self.ratio { k in
            let size = k == 0 ? "small" : "large"
            let args = [command, scratch.path("\(size).json")] + (command == "check" ? [scratch.path("\(size)-fixture.json")] : [])
            let run = try AdversarialInputTests.measure(args, input: "", in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr.prefix(300))")
            if command == "check" { #expect(run.stdout.contains("1 passed"), "\(run.stdout.prefix(300))") }
            return run
        }
        #expect(ratio < 20, "8× the paths cost \(ratio)× the CPU time")
    }

    /// `--shape dictionary` found each record's group by a scan of the
    /// groups (one per descriptor key path).
    @Test func aDictionaryOfManyKeyPathsIsLinear() throws {
        let scratch = try Scratch()
        func spec(_ n: Int) -> String {
            #"[{"keyPath": "k0", "root-map-ref": "r", "mappers": [{"id": "r", "target": "R", "attributes": ["x"]}]}, "#
                + (1..<n).map { #"{"keyPath": "k\#($0)", "root-map-ref": "r"}"# }.joined(separator: ",") + "]"
        }
        func input(_ n: Int) -> String { "{" + (0..<n).map { #""k\#($0)": [{"x": \#($0)}]"# }.joined(separator: ",") + "}" }
        try scratch.write("small.json", spec(2_500))
        try scratch.write("large.json", spec(20_000))
        let ratio = try Self.ratio { k in
            let n = [2_500, 20_000][k]
            let run = try AdversarialInputTests.measure(
                ["apply", scratch.path(k == 0 ? "small.json" : "large.json"), "-", "--shape", "dictionary", "--compact", "--no-type"],
                input: input(n), in: scratch)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let expected = "{" + (0..<n).map { #""k\#($0)":[{"x":\#($0)}]"# }.joined(separator: ",") + "}\n"
            let same = run.stdout == expected
            #expect(same, "\(run.stdout.prefix(200))")
            return run
        }
        #expect(ratio < 20, "8× the key paths cost \(ratio)× the CPU time")
    }

    /// A spec's names are compared by canonical equivalence, and Swift's
    /// canonical ordering of a run of combining marks takes time quadratic
    /// in the run: one destination of `a` and 80,000 marks took `lint` 58 s
    /// (exit 0), an attribute key of 80,000 2.6 s and `apply` 4 s. More than
    /// 30 in a row (Unicode's stream-safe limit) is an error now, found
    /// before any name is compared (docs/spec.md §4), in a key or a string
    /// anywhere but a description; 8× the marks cost about 8× the time.
    @Test(arguments: ["key", "destination", "keyPath", "id", "predicate"])
    func aLongRunOfCombiningMarksIsRefusedInLinearTime(_ place: String) throws {
        let scratch = try Scratch()
        func marks(_ n: Int) -> String { "a" + String(repeating: "\u{301}\u{316}", count: n / 2) }
        let sizes = [8_000, 64_000]
        let ratio = try Self.ratio { k in
            let name = marks(sizes[k])
            let spec: String
            switch place {
            case "key": spec = #"{"mappers": [{"id": "m", "target": "T", "attributes": {"\#(name)": "x"}}]}"#
            case "destination": spec = #"{"mappers": [{"id": "m", "target": "T", "attributes": {"x": "\#(name)"}}]}"#
            case "keyPath": spec = #"{"keyPath": "\#(name)", "mappers": [{"id": "m", "target": "T", "attributes": ["x"]}]}"#
            case "id": spec = #"{"mappers": [{"id": "\#(name)", "target": "T", "attributes": ["x"]}]}"#
            default:
                spec = #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [{"predicate": "x == '\#(name)'", "#
                    + #""map-ref": "m"}]}, {"id": "m", "target": "T", "attributes": ["x"]}]}"#
            }
            try scratch.write("spec.json", spec)
            let run = try AdversarialInputTests.measure(["lint", scratch.path("spec.json")], input: "", in: scratch)
            #expect(run.status == 2, "\(run.stderr.prefix(300))")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(run.stderr.prefix(600))")
            // The text's first 12 characters, escaped.
            let shown = place == "predicate" ? #"x == 'a\u{301}\u{316}\u{301}\u{316}\u{301}…"#
                : #"a\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}\u{316}\u{301}…"#
            #expect(lines.first?.contains(": error: '\(shown)' has \(sizes[k]) combining marks in a row; a spec allows at most 30") == true,
                    "\(run.stderr.prefix(600))")
            return run
        }
        #expect(ratio < 20, "8× the marks cost \(ratio)× the CPU time")
    }

    /// "Did you mean" compares two names in time the product of their
    /// lengths: an unknown mapper id of 160,000 characters beside a
    /// declared one as long took 70 s (40,000: 4.4 s) to suggest nothing.
    /// A search now stops after a bounded number of steps, so 8× the
    /// length costs about 8× the time, not 64×.
    @Test func aLongUnknownNameIsReportedInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [20_000, 160_000]
        let ratio = try Self.ratio { k in
            let a = String(repeating: "a", count: sizes[k])
            try scratch.write("spec.json", #"{"root-map-ref": "\#(a)x", "mappers": [{"id": "\#(a)y", "target": "T", "attributes": ["k"]}]}"#)
            let run = try AdversarialInputTests.measure(["lint", scratch.path("spec.json")], input: "", in: scratch)
            #expect(run.status == 2)
            #expect(run.stderr.contains("error: unknown mapper 'aaaa"), "\(run.stderr.prefix(300))")
            return run
        }
        #expect(ratio < 20, "8× the length cost \(ratio)× the CPU time")
    }

    /// Each misspelt reference is compared with every declared id: 8,000
    /// of each took 15 s, ×4 per ×2. A spec's searches share a budget of
    /// steps, so the first errors still name the id meant and the rest are
    /// reported plainly, every one of them (the search the budget runs out
    /// in too: the best it found so far may not be the closest).
    @Test func manyMisspeltReferencesAreReportedInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [1_000, 8_000]
        let ratio = try Self.ratio { k in
            let n = sizes[k]
            let mappers = (0..<n).map { #"{"id": "mapper\#($0)", "target": "T\#($0)", "attributes": ["k"]}"# }
            let descriptors = (0..<n).map { #"{"keyPath": "p\#($0)", "root-map-ref": "mappre\#($0)"}"# }
            try scratch.write("spec.json", #"{"descriptors": [\#(descriptors.joined(separator: ", "))], "mappers": [\#(mappers.joined(separator: ", "))]}"#)
            let run = try AdversarialInputTests.measure(["lint", scratch.path("spec.json")], input: "", in: scratch)
            #expect(run.status == 2)
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == n, "\(run.stderr.prefix(300))")
            // `mappre7` is one transposition from `mapper7`.
            #expect(lines.first?.hasSuffix("error: unknown mapper 'mappre0'; did you mean 'mapper0'?") == true, "\(lines.first ?? "")")
            // Each search costs some 40 to 120 steps a declared id: the budget
            // covers 579 searches among 1,000 ids, 273 among 8,000.
            let last = n == 1_000 ? 578 : 272
            #expect(lines.count > last + 1 && lines[last].hasSuffix("error: unknown mapper 'mappre\(last)'; did you mean 'mapper\(last)'?"), "\(lines.count > last ? lines[last] : "")")
            #expect(lines.count > last + 1 && lines[last + 1].hasSuffix("error: unknown mapper 'mappre\(last + 1)'"), "\(lines.count > last + 1 ? lines[last + 1] : "")")
            #expect(lines.last?.hasSuffix("error: unknown mapper 'mappre\(n - 1)'") == true)
            return run
        }
        #expect(ratio < 20, "8× the references cost \(ratio)× the CPU time")
    }

    /// `serialize` names the closest destination of each field a record's
    /// mapper does not map: a record of 8,000 unknown fields beside a mapper
    /// of 8,000 destinations took 7.9 s, each field searched over every
    /// destination (×4 per ×2). A search now takes a bounded number of
    /// steps and each field is searched once per mapper, so 4× the fields
    /// and destinations cost about 4× the time; a later record, repeating the
    /// same unknown fields, gets the same suggestions.
    @Test func manyUnknownFieldsAreWarnedOfInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [1_000, 4_000]
        let ratio = try Self.ratio { k in
            let n = sizes[k]
            let attributes = (0..<n).map { #""src\#($0)": "dst\#($0)""# }.joined(separator: ", ")
            try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": {\#(attributes)}}]}"#)
            let record = "{" + (0..<n).map { #""dts\#($0)": 1"# }.joined(separator: ", ") + "}"
            try scratch.write("records.ndjson", record + "\n" + record + "\n")
            let run = try AdversarialInputTests.measure(
                ["serialize", scratch.path("spec.json"), scratch.path("records.ndjson"), "--mapper", "m", "--format", "ndjson"],
                input: "", in: scratch)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            #expect(run.stdout == "{}\n{}\n")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 2 * n, "\(run.stderr.prefix(300))")
            // `dts7` is one transposition from `dst7`, the first destination that close.
            let first = "records.ndjson: $.dts7: warning: field 'dts7' is not mapped by mapper 'm', so the body leaves it out; did you mean 'dst7'? [mapper m]"
            #expect(lines.count > 7 && lines[7].hasSuffix(first), "\(lines.count > 7 ? lines[7] : "")")
            let second = first.replacingOccurrences(of: "? [mapper m]", with: "? (document 2) [mapper m]")
            #expect(lines.count == 2 * n && lines[n + 7].hasSuffix(second), "\(lines.count > n + 7 ? lines[n + 7] : "")")
            return run
        }
        #expect(ratio < 10, "4× the fields cost \(ratio)× the CPU time")
    }

    /// A dynamic mapper of many `expectValue` matchers on one key path (a
    /// Stripe event's `type`: 200 values) tried them one by one per record,
    /// and the run's counts per type were found by name per document:
    /// 8,000 types and 40,000 records took 24 s (×4 per ×2 of both). A run
    /// of such matchers is one table lookup now, and the counts a table.
    @Test func manyExpectValueMatchersChooseInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [500, 4_000]
        let ratio = try Self.ratio { k in
            let n = sizes[k]
            let matchers = (0..<n).map { #"{"keyPath": "type", "expectValue": "t\#($0)", "map-ref": "m\#($0)"}"# }.joined(separator: ", ")
            let mappers = (0..<n).map { #"{"id": "m\#($0)", "target": "T\#($0)", "attributes": ["v"]}"# }.joined(separator: ", ")
            try scratch.write("spec.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [\#(matchers)]}, \#(mappers)]}"#)
            try scratch.write("in.ndjson", (0..<(5 * n)).map { #"{"type": "t\#($0 % n)", "v": \#($0)}"# }.joined(separator: "\n") + "\n")
            let run = try AdversarialInputTests.measure(
                ["apply", scratch.path("spec.json"), scratch.path("in.ndjson"), "--format", "ndjson", "--stats"], input: "", in: scratch)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 5 * n && lines.first == #"{"@type":"T0","v":0}"# && lines.last == #"{"@type":"T\#(n - 1)","v":\#(5 * n - 1)}"#)
            #expect(run.stderr.contains("records: \(5 * n)\n  T0: 5\n  T1: 5\n"), "\(run.stderr.prefix(300))")
            return run
        }
        #expect(ratio < 20, "8× the types and records cost \(ratio)× the CPU time")
    }

    /// The table chooses as the matchers do one by one: the first of two
    /// matchers with one value, code units (a decomposed `é` is another
    /// value), a number is not its text, a matcher of another kind or key
    /// path between two runs keeps its place, and a record without the key
    /// is declined.
    @Test func aRunOfExpectValueMatchersChoosesAsInOrder() throws {
        let scratch = try Scratch()
        let matchers = [
            #"{"keyPath": "type", "expectValue": "a", "map-ref": "ma"}"#, #"{"keyPath": "type", "expectValue": "b", "map-ref": "mb"}"#,
            #"{"keyPath": "type", "expectValue": "a", "map-ref": "mb"}"#, #"{"keyPath": "type", "expectValue": "caf\u00e9", "map-ref": "mc"}"#,
            #"{"keyPath": "type", "expectValue": "1", "map-ref": "mc"}"#,
            #"{"keyPath": "type", "expectValue": 2, "map-ref": "mb"}"#,
            #"{"keyPath": "type", "expectValue": "2", "map-ref": "ma"}"#, #"{"keyPath": "type", "expectValue": "x", "map-ref": "ma"}"#,
            #"{"keyPath": "kind", "expectValue": "b", "map-ref": "mb"}"#, #"{"keyPath": "type", "expectValue": "y", "map-ref": "ma"}"#,
            #"{"keyPath": "type", "expectValue": "z", "map-ref": "mb"}"#, #"{"keyPath": "type", "expectValue": "w", "map-ref": "mc"}"#,
            #"{"keyPath": "type", "expectValue": "y", "map-ref": "mc"}"#,
        ].joined(separator: ", ")
        let mappers = ["a", "b", "c"].map { #"{"id": "m\#($0)", "target": "\#($0.uppercased())", "attributes": ["n"]}"# }.joined(separator: ", ")
        try scratch.write("spec.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [\#(matchers)]}, \#(mappers)]}"#)
        try scratch.write("in.json", """
            [{"type": "a", "n": 1}, {"type": "caf\\u00e9", "n": 2}, {"type": "cafe\\u0301", "n": 3}, {"type": 1, "n": 4},
             {"type": 2, "n": 5}, {"type": "2", "n": 6}, {"type": "y", "kind": "b", "n": 7}, {"type": "w", "n": 8}, {"n": 9}, {"type": "z", "n": 10}]
            """)
        let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), scratch.path("in.json"), "--compact"], input: "", in: scratch)
        #expect(run.status == 0)
        #expect(run.stdout == #"[{"@type":"A","n":1},{"@type":"C","n":2},{"@type":"B","n":5},{"@type":"A","n":6},{"@type":"B","n":7},{"@type":"C","n":8},{"@type":"B","n":10}]"# + "\n",
                "\(run.stdout)")
    }

    /// Matchers of numbers, of two key paths taking turns, and a run broken
    /// by a matcher of another kind were still tried one by one: 4,000 such
    /// matchers and 80,000 records took 77 s (0.61 s now). Every `expectValue` matcher
    /// of a scalar is tabled by key path and value now (`MatcherPlan`).
    @Test func matchersOfNumbersAndOfKeyPathsTakingTurnsChooseInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [500, 4_000]
        let ratio = try Self.ratio { k in
            let n = sizes[k]
            var matchers = (0..<n).map { i in
                i % 2 == 0 ? #"{"keyPath": "type", "expectValue": \#(i), "map-ref": "m\#(i)"}"#
                    : #"{"keyPath": "kind", "expectValue": "k\#(i)", "map-ref": "m\#(i)"}"#
            }
            matchers.insert(#"{"keyPath": "other", "expectType": "string", "map-ref": "m0"}"#, at: n / 2)
            let mappers = (0..<n).map { #"{"id": "m\#($0)", "target": "T\#($0)", "attributes": ["v"]}"# }.joined(separator: ", ")
            try scratch.write("spec.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [\#(matchers.joined(separator: ", "))]}, \#(mappers)]}"#)
            try scratch.write("in.ndjson", (0..<(5 * n)).map { r in
                let j = r % n
                return j % 2 == 0 ? #"{"type": \#(j), "v": \#(r)}"# : #"{"kind": "k\#(j)", "v": \#(r)}"#
            }.joined(separator: "\n") + "\n")
            let run = try AdversarialInputTests.measure(
                ["apply", scratch.path("spec.json"), scratch.path("in.ndjson"), "--format", "ndjson"], input: "", in: scratch)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 5 * n && lines.first == #"{"@type":"T0","v":0}"# && lines.last == #"{"@type":"T\#(n - 1)","v":\#(5 * n - 1)}"#,
                    "\(run.stdout.suffix(200))")
            return run
        }
        #expect(ratio < 20, "8× the matchers and records cost \(ratio)× the CPU time")
    }

    /// The tables choose as the matchers do one by one (docs/spec.md §3.3):
    /// the first matcher that matches, whichever key path or kind of value
    /// it compares; numbers exactly (`1` is `1.0`, two integers past 64 bits
    /// differ), a string is not a number, `null` only where the member is
    /// `null`; a predicate before the first match is tried first.
    @Test func tabledMatchersChooseAsInOrder() throws {
        let scratch = try Scratch()
        let matchers = [
            #"{"keyPath": "type", "expectValue": 1, "map-ref": "ma"}"#, #"{"keyPath": "kind", "expectValue": "x", "map-ref": "mb"}"#,
            #"{"predicate": "n == 3", "map-ref": "mc"}"#, #"{"keyPath": "type", "expectValue": 1.0, "map-ref": "mb"}"#,
            #"{"keyPath": "type", "expectValue": true, "map-ref": "mb"}"#, #"{"keyPath": "type", "expectValue": null, "map-ref": "mc"}"#,
            #"{"keyPath": "type", "expectValue": 2, "map-ref": "ma"}"#, #"{"keyPath": "kind", "expectValue": "x", "map-ref": "mc"}"#,
            #"{"keyPath": "type", "expectValue": 12345678901234567891, "map-ref": "mb"}"#,
        ].joined(separator: ", ")
        let mappers = ["a", "b", "c"].map { #"{"id": "m\#($0)", "target": "\#($0.uppercased())", "attributes": ["n"]}"# }.joined(separator: ", ")
        try scratch.write("spec.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [\#(matchers)]}, \#(mappers)]}"#)
        try scratch.write("in.json", """
            [{"type": 1, "n": 1}, {"type": 1.0, "n": 2}, {"type": 2, "n": 3}, {"type": 2, "n": 4}, {"type": true, "kind": "x", "n": 5},
             {"type": null, "n": 6}, {"n": 7}, {"type": "1", "n": 8}, {"type": 1, "kind": "x", "n": 9},
             {"type": 12345678901234567890, "n": 10}, {"type": 12345678901234567891, "n": 11}]
            """)
        let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), scratch.path("in.json"), "--compact"], input: "", in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == #"[{"@type":"A","n":1},{"@type":"A","n":2},{"@type":"C","n":3},{"@type":"A","n":4},{"@type":"B","n":5},{"@type":"C","n":6},{"@type":"A","n":9},{"@type":"B","n":11}]"# + "\n",
                "\(run.stdout)")
    }

    /// A root mapper of many relationships set each up as one the splitter
    /// may stream, each with a plan of what the record reads without it,
    /// made by scanning every step and slot: 4,000 relationships took 12 s
    /// and 8.5 GB to map ten records. The plan is made when the splitter
    /// streams that relationship, and the scans are tables.
    @Test func aMapperOfManyRelationshipsIsSetUpInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [250, 2_000]
        let ratio = try Self.ratio { k in
            let n = sizes[k]
            let relationships = (0..<n).map { #"{"from": "r\#($0)", "to": "r\#($0)", "map-ref": "c"}"# }.joined(separator: ", ")
            try scratch.write("spec.json", #"{"keyPath": "items", "root-map-ref": "m", "mappers": [{"id": "m", "target": "T", "attributes": ["a"], "#
                + #""relationships": [\#(relationships)]}, {"id": "c", "target": "C", "attributes": ["x"]}]}"#)
            try scratch.write("in.json", #"{"items": ["# + (0..<10).map { #"{"a": \#($0), "r0": {"x": 1}, "r\#(n - 1)": [{"x": 2}]}"# }.joined(separator: ", ") + "]}")
            let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), scratch.path("in.json"), "--format", "ndjson"], input: "", in: scratch)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            #expect(run.stdout.split(separator: "\n").first == #"{"@type":"T","a":0,"r0":{"@type":"C","x":1},"r\#(n - 1)":[{"@type":"C","x":2}]}"#, "\(run.stdout.prefix(300))")
            return run
        }
        #expect(ratio < 20, "8× the relationships cost \(ratio)× the CPU time")
    }

    /// A predicate's left side was found again from the first token for
    /// each comparison, for a message: an OR of 80,000 comparisons took 8 s
    /// to parse. It is its token's position now, the text made for an error.
    @Test func aLongPredicateParsesInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [4_000, 32_000]
        let ratio = try Self.ratio { k in
            let predicate = (0..<sizes[k]).map { "x == \($0)" }.joined(separator: " OR ")
            try scratch.write("spec.json", #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [{"predicate": "\#(predicate)", "map-ref": "m"}]}, "#
                + #"{"id": "m", "target": "T", "attributes": ["x"]}]}"#)
            let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), "--compact"], input: #"[{"x": 5}, {"x": -1}]"#, in: scratch)
            #expect(run.status == 0 && run.stdout == #"[{"@type":"T","x":5}]"# + "\n", "\(run.stdout) \(run.stderr.prefix(300))")
            return run
        }
        #expect(ratio < 20, "8× the comparisons cost \(ratio)× the CPU time")
    }

    /// A search that stops before the end suggests nothing rather than the
    /// best so far: among 2,000 destinations `ifed_1999_value` (two edits
    /// from `field_1999_value`) got `field_199_value`, three edits away.
    /// Among 200 the search is whole; one edit away is found among any number.
    @Test(arguments: [(200, "ifed_199_value", "field_199_value"), (2_000, "ifed_1999_value", nil), (2_000, "feild_1999_value", "field_1999_value")])
    func aStoppedSearchSuggestsNothing(destinations: Int, field: String, suggestion: String?) throws {
        let scratch = try Scratch()
        let attributes = (0..<destinations).map { #""s\#($0)": "field_\#($0)_value""# }.joined(separator: ", ")
        try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": {\#(attributes)}}]}"#)
        try scratch.write("record.json", #"{"\#(field)": 1}"#)
        let run = try AdversarialInputTests.measure(
            ["serialize", scratch.path("spec.json"), scratch.path("record.json"), "--mapper", "m", "--format", "ndjson"], input: "", in: scratch)
        #expect(run.status == 0 && run.stdout == "{}\n")
        let warning = "\(scratch.path("record.json")): $.\(field): warning: field '\(field)' is not mapped by mapper 'm', so the body leaves it out"
            + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " [mapper m]\n"
        #expect(run.stderr == warning, "\(run.stderr)")
    }

    /// Inside a nested destination's object (`address` of `address.f0`),
    /// each member was looked for among every destination: one record of
    /// 24,000 such members beside a mapper of as many destinations took
    /// 2.6 s (×4 per ×2). The mapper's nested paths are a table now.
    @Test func aWideNestedObjectIsCheckedForUnknownFieldsInLinearTime() throws {
        let scratch = try Scratch()
        let sizes = [2_000, 16_000]
        let ratio = try Self.ratio { k in
            let n = sizes[k]
            let attributes = (0..<n).map { #""src\#($0)": "address.f\#($0)""# }.joined(separator: ", ")
            try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": {\#(attributes)}}]}"#)
            let members = (0..<n).map { #""f\#($0)": \#($0)"# }.joined(separator: ", ")
            try scratch.write("record.json", #"{"address": {\#(members), "fx": true}}"#)
            let run = try AdversarialInputTests.measure(
                ["serialize", scratch.path("spec.json"), scratch.path("record.json"), "--mapper", "m", "--format", "ndjson"],
                input: "", in: scratch)
            #expect(run.status == 0)
            let body = "{" + (0..<n).map { #""src\#($0)":\#($0)"# }.joined(separator: ",") + "}\n"
            #expect(run.stdout == body, "\(run.stdout.prefix(100))")
            #expect(run.stderr.hasPrefix("""
                \(scratch.path("record.json")): $.address.fx: warning: field 'address.fx' is not mapped by mapper 'm', \
                so the body leaves it out; did you mean 'address.f0'? [mapper m]
                """), "\(run.stderr.prefix(300))")
            return run
        }
        #expect(ratio < 20, "8× the members cost \(ratio)× the CPU time")
    }

    /// Thirty marks in a row are allowed; thirty-one are refused wherever
    /// they are, a description's value and a member named `description` in
    /// `attributes` too, and a Tibetan vowel sign that decomposes into two
    /// marks counts two.
    @Test func thirtyMarksAreAllowedAndThirtyOneRefusedAnywhere() throws {
        let scratch = try Scratch()
        let thirty = "a" + String(repeating: "\u{301}", count: 30)
        let tibetan = "\u{F40}" + String(repeating: "\u{F73}", count: 15)
        try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": {"\#(thirty)": "x", "\#(tibetan)": "y"}}]}"#)
        let lint = try AdversarialInputTests.measure(["lint", scratch.path("spec.json")], input: "", in: scratch)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr.prefix(300))")
        try scratch.write("doc.json", #"[{"\#(thirty)": 5, "\#(tibetan)": 6}]"#)
        let apply = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), scratch.path("doc.json"), "--no-type", "--compact"], input: "", in: scratch)
        #expect(apply.stdout == #"[{"x":5,"y":6}]"# + "\n" && apply.status == 0, "\(apply.stderr.prefix(300))")
        let long = "a" + String(repeating: "\u{301}\u{316}", count: 20_000)
        for (spec, column, run) in [
            (#"{"mappers": [{"id": "m", "target": "T", "attributes": {"\#(thirty + "\u{316}")": "x"}}]}"#, 56, 31),
            (#"{"description": "\#(long)", "mappers": [{"id": "m", "target": "T", "attributes": ["x"]}]}"#, 17, 40_000),
            (#"{"mappers": [{"id": "m", "target": "T", "attributes": {"description": "\#(long)"}}]}"#, 71, 40_000),
            (#"{"mappers": [{"id": "m", "target": "T", "attributes": {"\#(tibetan + "\u{F73}")": "y"}}]}"#, 56, 32),
        ] {
            try scratch.write("spec.json", spec)
            let refused = try AdversarialInputTests.measure(["lint", scratch.path("spec.json")], input: "", in: scratch)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("spec.json:1:\(column): error: '"), "\(refused.stderr.prefix(300))")
            #expect(refused.stderr.contains("has \(run) combining marks in a row"), "\(refused.stderr.prefix(300))")
        }
    }

    /// `infer` writes no value with such a run: a discriminator value with
    /// 31 marks would be an `expectValue` and a type name, so that key is
    /// no discriminator, and the spec lints clean (docs/spec.md §15).
    @Test func inferWritesNoLongRunOfMarks() throws {
        let scratch = try Scratch()
        let odd = "a" + String(repeating: "\u{301}", count: 31)
        try scratch.write("doc.json", #"[{"type": "\#(odd)", "x": 1}, {"type": "b", "y": 2}]"#)
        let infer = try AdversarialInputTests.measure(["infer", scratch.path("doc.json")], input: "", in: scratch)
        #expect(infer.status == 0, "\(infer.stderr.prefix(300))")
        #expect(!infer.stdout.contains("expectValue") && !infer.stdout.contains("\u{301}"), "\(infer.stdout.prefix(600))")
        try scratch.write("spec.json", infer.stdout)
        let lint = try AdversarialInputTests.measure(["lint", scratch.path("spec.json")], input: "", in: scratch)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr.prefix(300))")
    }

    /// The attributes (besides `id`) of the small and the large mapper of
    /// `wideMapperRatio`.
    static let wideMapperSizes = [250, 2_000]

    /// `ratio` of `run` on `in.json`, 6,000 objects of the keys `id`, `f7`
    /// and `zz`, with `spec.json` a mapper of `id` and `f0`… (250 attributes,
    /// then 2,000).
    static func wideMapperRatio(in scratch: Scratch, _ run: (Int) throws -> AdversarialInputTests.Run) throws -> Double {
        let input = #"{"items": ["# + (0..<6_000).map { #"{"id": \#($0), "f7": "x", "zz": 1}"# }.joined(separator: ", ") + "]}"
        try scratch.write("in.json", input)
        return try ratio { k in
            let attributes = (["id"] + (0..<wideMapperSizes[k]).map { "f\($0)" }).map { "\"\($0)\"" }.joined(separator: ", ")
            try scratch.write("spec.json", #"{"keyPath": "items", "mappers": [{"id": "m", "target": "T", "attributes": [\#(attributes)]}]}"#)
            return try run(k)
        }
    }

    /// Each object was matched against every attribute of its mapper: 20,000
    /// objects of three keys under a mapper of 4,000 attributes took 3.4 s
    /// (objects × attributes). An object of a few members visits the steps
    /// its keys name and those that act on a missing source (`SparseSteps`).
    @Test func anObjectOfFewKeysUnderAWideMapperIsMappedInTimeOfItsKeys() throws {
        let scratch = try Scratch()
        let ratio = try Self.wideMapperRatio(in: scratch) { k in
            let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), scratch.path("in.json"), "--format", "ndjson"], input: "", in: scratch)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 6_000 && lines.last == #"{"@type":"T","id":5999,"f7":"x"}"#, "\(run.stdout.suffix(200))")
            return run
        }
        #expect(ratio < 4, "8× the attributes cost \(ratio)× the CPU time")
    }

    /// `check` of the same: every source of the mapper was looked up in each
    /// object for the missing-key report, each lacking one counted, and
    /// every member read looked up: 20,000 objects of three keys under 4,000
    /// attributes took 10.9 s (`apply` 0.1 s). What an object has is found
    /// from its members (`KeySkipIndex`), and a source some object had is
    /// not looked up again (docs/spec.md §12 check 3).
    @Test func anObjectOfFewKeysUnderAWideMapperIsCheckedInTimeOfItsKeys() throws {
        let scratch = try Scratch()
        let sizes = Self.wideMapperSizes
        let ratio = try Self.wideMapperRatio(in: scratch) { k in
            let run = try AdversarialInputTests.measure(["check", scratch.path("spec.json"), scratch.path("in.json")], input: "", in: scratch)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            let lines = run.stdout.split(separator: "\n")
            // Every attribute but `id` and `f7` is missing from all 6,000.
            let missing = lines.filter { $0.contains("missing (warning)") }
            #expect(missing.count == sizes[k] - 1, "\(run.stdout.prefix(300))")
            #expect(missing.contains { $0 == "  missing (warning): $.items[*].f0: mapped but missing (6000 of 6000) [mapper m]" })
            #expect(!missing.contains { $0.contains(".f7:") || $0.contains(".id:") })
            #expect(lines.contains("  unmapped (warning): $.items[*].zz: not mapped (6000 times) [mapper m]"), "\(run.stdout.prefix(300))")
            return run
        }
        #expect(ratio < 4, "8× the attributes cost \(ratio)× the CPU time")
    }

    /// What `check` reports of objects of few keys under a wide mapper is
    /// what looking every read and source up gives (docs/spec.md §12 check
    /// 3): under `keyMatching: caseInsensitive` a read finds a member spelled
    /// otherwise (`ID`, `name`, `META`, `Meta.PAGE`), a dotted read leaves the
    /// inner members it does not name unread, a source one object has is
    /// not missing, and a relationship's object is checked by its mapper.
    @Test func objectsOfFewKeysUnderAWideMapperAreCheckedAsEveryReadWould() throws {
        let scratch = try Scratch()
        let fillers = (0..<40).map { #""f\#($0)": "d\#($0)""# }.joined(separator: ", ")
        try scratch.write("spec.json", #"""
            {"keyMatching": "caseInsensitive", "keyPath": "items", "root-map-ref": "w", "mappers": [
              {"id": "w", "target": "W", "attributes": {"id": "id", "Name": "name", "meta.page": "page", \#(fillers)},
               "relationships": [{"from": "child", "to": "child", "map-ref": "c"}]},
              {"id": "c", "target": "C", "attributes": ["x"]}]}
            """#)
        try scratch.write("in.json", #"""
            {"items": [
              {"id": 1, "name": "a", "META": {"page": 1, "extra": 2}, "child": {"x": 1, "y": 2}, "other": 3},
              {"ID": 2, "f3": "z"},
              {"id": 3, "Meta": {"PAGE": 2}}]}
            """#)
        let run = try AdversarialInputTests.measure(["check", scratch.path("spec.json"), scratch.path("in.json")], input: "", in: scratch)
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("unmapped (warning)") } == [
            "  unmapped (warning): $.items[*].META.extra: not mapped (1 time) [mapper w]",
            "  unmapped (warning): $.items[*].child.y: not mapped (1 time) [mapper c]",
            "  unmapped (warning): $.items[*].other: not mapped (1 time) [mapper w]",
        ], "\(run.stdout)")
        let missing = lines.filter { $0.contains("missing (warning)") }
        let expected = (0..<40).filter { $0 != 3 }.map { "  missing (warning): $.items[*].f\($0): mapped but missing (3 of 3) [mapper w]" }
        #expect(missing.sorted() == expected.sorted(), "\(run.stdout)")
    }

    /// What an object of few keys under a wide mapper gives is what visiting
    /// every step gives (docs/spec.md §5): a default for a missing source, a
    /// key path through an object and an operator by their first key, an
    /// `@root` read, a relationship, warnings in attribute order, an object
    /// with no mapped key left out; under `keyMatching: caseInsensitive`,
    /// the exact key first, else the first equal ignoring case; and with
    /// `assignsDefaultValueForMissingAttributes` every missing one `null`.
    @Test func anObjectOfFewKeysUnderAWideMapperMapsAsEveryStepWould() throws {
        let scratch = try Scratch()
        let fillers = (0..<40).map { #""f\#($0)": "d\#($0)""# }.joined(separator: ", ")
        try scratch.write("spec.json", #"""
            {"keyPath": "items", "root-map-ref": "w", "mappers": [
              {"id": "w", "target": "W", "attributes": {"id": "id", "n": "count", "m": "more", "address.city": "city",
                 "tags.@count": "tagCount", "note": "note", "@root.v": "version", \#(fillers)},
               "types": {"id": "int", "count": "int", "more": "int"}, "defaults": {"note": "none"},
               "relationships": [{"from": "child", "to": "child", "map-ref": "c"}]},
              {"id": "c", "target": "C", "attributes": ["x"]}]}
            """#)
        try scratch.write("in.json", #"""
            {"v": 7, "items": [
              {"id": 1, "f3": "a", "address": {"city": "Oslo"}, "tags": [1, 2], "child": {"x": 9}},
              {"m": "y", "n": "x", "f39": true},
              {"zz": 1}]}
            """#)
        let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), scratch.path("in.json"), "--format", "ndjson"], input: "", in: scratch)
        #expect(run.status == 0)
        #expect(run.stdout == #"""
            {"@type":"W","id":1,"city":"Oslo","tagCount":2,"note":"none","version":7,"d3":"a","child":{"@type":"C","x":9}}
            {"@type":"W","note":"none","version":7,"d39":true}

            """#, "\(run.stdout)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 3, "\(run.stderr)")
        #expect(warnings.count == 3
                && warnings[0].hasSuffix(#"in.json: $.items[1].n: warning: cannot convert string "x" to int [mapper w, attribute count]"#)
                && warnings[1].hasSuffix(#"in.json: $.items[1].m: warning: cannot convert string "y" to int [mapper w, attribute more]"#)
                && warnings[2].contains("in.json: $.items[2]: warning: none of the mapped keys ('id', 'n', 'm', "), "\(run.stderr)")

        try scratch.write("ci.json", #"{"keyMatching": "caseInsensitive", "keyPath": "items", "mappers": [{"id": "w", "target": "W", "attributes": {"Name": "name", \#(fillers)}}]}"#)
        try scratch.write("ci-in.json", #"{"items": [{"NAME": "a", "name": "b"}, {"name": "b", "Name": "c"}, {"F1": 1, "f1": 2, "F2": 3}]}"#)
        let ci = try AdversarialInputTests.measure(["apply", scratch.path("ci.json"), scratch.path("ci-in.json"), "--format", "ndjson"], input: "", in: scratch)
        #expect(ci.status == 0 && ci.stdout == #"""
            {"@type":"W","name":"a"}
            {"@type":"W","name":"c"}
            {"@type":"W","d1":2,"d2":3}

            """#, "\(ci.stdout) \(ci.stderr)")

        try scratch.write("null.json", #"{"keyPath": "items", "mappers": [{"id": "w", "target": "W", "assignsDefaultValueForMissingAttributes": true, "attributes": {\#(fillers)}}]}"#)
        let null = try AdversarialInputTests.measure(["apply", scratch.path("null.json"), "--format", "ndjson"], input: #"{"items": [{"f5": 5}]}"#, in: scratch)
        let expected = "{\"@type\":\"W\"," + (0..<40).map { #""d\#($0)":\#($0 == 5 ? "5" : "null")"# }.joined(separator: ",") + "}\n"
        #expect(null.status == 0 && null.stdout == expected, "\(null.stdout) \(null.stderr)")
    }

    /// Every applicable descriptor was tried on every document: 20,000
    /// NDJSON documents under 2,000 descriptors took 11 s. A document tries
    /// the descriptors its keys name and those without a first key
    /// (`KeySkipIndex`).
    @Test func manyDescriptorsAreTriedByTheirFirstKey() throws {
        let scratch = try Scratch()
        let sizes = [250, 2_000]
        try scratch.write("in.ndjson", (0..<4_000).map { #"{"k\#($0 % 10)": [{"a": \#($0)}], "zz": 1}"# }.joined(separator: "\n") + "\n")
        let ratio = try Self.ratio { k in
            let descriptors = (0..<sizes[k]).map { #"{"keyPath": "k\#($0)", "root-map-ref": "m"}"# }.joined(separator: ", ")
            try scratch.write("spec.json", #"{"mappers": [{"id": "m", "target": "T", "attributes": ["a"]}], "descriptors": [\#(descriptors)]}"#)
            let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), scratch.path("in.ndjson"), "--format", "ndjson"], input: "", in: scratch)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 4_000 && lines.last == #"{"@type":"T","a":3999}"#, "\(run.stdout.suffix(200))")
            return run
        }
        #expect(ratio < 4, "8× the descriptors cost \(ratio)× the CPU time")
    }

    /// What a document tries among many descriptors is what trying each
    /// gives (docs/spec.md §2): two descriptors of one key both, a nil key
    /// path's always, a key path through an object by its first key, in the
    /// spec's order; under `keyMatching: caseInsensitive`, the exact key
    /// first, else one equal ignoring case.
    @Test func manyDescriptorsMapAsTryingEachWould() throws {
        let scratch = try Scratch()
        let keyed = (0..<36).map { #"{"keyPath": "k\#($0)", "root-map-ref": "m"}"# }.joined(separator: ", ")
        let mappers = #"[{"id": "m", "target": "T", "attributes": ["a"]}, {"id": "n", "target": "N", "attributes": ["a"]}, {"id": "doc", "target": "D", "attributes": ["v"]}]"#
        try scratch.write("spec.json", #"{"mappers": \#(mappers), "descriptors": [\#(keyed), {"keyPath": "k3", "root-map-ref": "n"}, "#
            + #"{"keyPath": null, "root-map-ref": "doc"}, {"keyPath": "x.inner", "root-map-ref": "m"}]}"#)
        let input = #"{"k3": [{"a": 1}], "v": 9}"# + "\n" + #"{"x": {"inner": [{"a": 2}]}, "k35": [{"a": 3}], "v": 1}"# + "\n"
        let run = try AdversarialInputTests.measure(["apply", scratch.path("spec.json"), "--format", "ndjson"], input: input, in: scratch)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout == #"""
            {"@type":"T","a":1}
            {"@type":"N","a":1}
            {"@type":"D","v":9}
            {"@type":"T","a":3}
            {"@type":"D","v":1}
            {"@type":"T","a":2}

            """#, "\(run.stdout)")

        try scratch.write("ci.json", #"{"keyMatching": "caseInsensitive", "mappers": \#(mappers), "descriptors": [\#(keyed), {"keyPath": "k3", "root-map-ref": "n"}]}"#)
        let ci = try AdversarialInputTests.measure(["apply", scratch.path("ci.json"), "--format", "ndjson"], input: #"{"K3": [{"a": 1}], "k3": [{"a": 5}]}"# + "\n" + #"{"K4": [{"a": 6}]}"#, in: scratch)
        #expect(ci.status == 0 && ci.stdout == #"""
            {"@type":"T","a":5}
            {"@type":"N","a":5}
            {"@type":"T","a":6}

            """#, "\(ci.stdout) \(ci.stderr)")
    }
}
