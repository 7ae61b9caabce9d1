import Foundation
import Testing

/// `rkmap infer` through the binary (docs/spec.md §15): every sample in
/// `fixtures/infer/` gives its golden spec, the spec lints clean, and `check`
/// with `--unmapped error` passes on the sample — infer's promise.
@Suite struct InferCommandTests {
    /// A case: one sample file, or a directory of samples inferred together.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var samples: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let root = RKMapExecutable.repositoryRoot.appendingPathComponent("fixtures/infer")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        var cases: [Case] = []
        for entry in entries.sorted() where entry != "expected" && entry != "README.md" {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(entry).path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(entry).path)) ?? [])
                    .filter { $0.hasSuffix(".json") }.sorted()
                cases.append(Case(name: entry, samples: files.map { "fixtures/infer/\(entry)/\($0)" }))
            } else if entry.hasSuffix(".json") {
                cases.append(Case(name: String(entry.dropLast(5)), samples: ["fixtures/infer/\(entry)"]))
            }
        }
        return cases
    }()

    @Test func theCorpusIsThere() {
        // The corpus the issue asks for: lists, JSON:API, GeoJSON, discriminated
        // lists, timelines, keyed objects, arrays of arrays, mixed nulls.
        #expect(Self.cases.count >= 10)
    }

    @Test(arguments: cases) func infersTheGoldenSpec(_ c: Case) throws {
        let result = try RKMapExecutable.run(["infer"] + c.samples)
        #expect(result.status == 0, "\(result)")
        let expected = try String(contentsOf: RKMapExecutable.repositoryRoot
            .appendingPathComponent("fixtures/infer/expected/\(c.name).spec.json"), encoding: .utf8)
        #expect(result.stdout == expected, "\(TextDiff.describe(expected: expected, actual: result.stdout))")
    }

    @Test(arguments: cases) func theInferredSpecLintsCleanAndIsCanonical(_ c: Case) throws {
        let spec = "fixtures/infer/expected/\(c.name).spec.json"
        let lint = try RKMapExecutable.run(["lint", "--strict", spec])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
        let fmt = try RKMapExecutable.run(["fmt", "--check", spec])
        #expect(fmt.status == 0 && fmt.stdout.isEmpty, "\(fmt)")
    }

    /// The promise of docs/spec.md §15.
    @Test(arguments: cases) func checkPassesOnEverySampleWithNothingUnmapped(_ c: Case) throws {
        let spec = "fixtures/infer/expected/\(c.name).spec.json"
        let check = try RKMapExecutable.run(["check", spec] + c.samples + ["--unmapped", "error", "--missing", "ignore"])
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.hasSuffix("\(c.samples.count) passed, 0 failed\n"), "\(check)")
    }

    /// RFC 1123 dates (HTTP's) survive infer → apply → serialize: the
    /// inferred spec's `timeZone` is `GMT`, so `zzz` writes `GMT` (docs/spec.md
    /// §6, §15); it wrote `UTC`, which an HTTP-date is not. A spec whose
    /// `timeZone` is `UTC` still names it `UTC`.
    @Test func anRFC1123DateComesBackWithGMT() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("rfc.json", #"[{"d": "Fri, 22 Apr 2011 13:33:48 GMT"}, {"d": "Sat, 23 Apr 2011 01:02:03 GMT"}]"#)
        let inferred = try RKMapExecutable.run(["infer", "rfc.json", "-o", "s.json"], directory: scratch.url)
        #expect(inferred.status == 0, "\(inferred)")
        let spec = try String(contentsOf: scratch.url.appendingPathComponent("s.json"), encoding: .utf8)
        #expect(spec.contains(#""timeZone": "GMT""#), "\(spec)")
        let applied = try RKMapExecutable.run(["apply", "s.json", "rfc.json", "--compact"], directory: scratch.url)
        let back = try RKMapExecutable.run(["serialize", "s.json", "--compact"], stdin: applied.stdoutBytes, directory: scratch.url)
        #expect(back.stdout == #"{"d":"Fri, 22 Apr 2011 13:33:48 GMT"}"# + "\n" + #"{"d":"Sat, 23 Apr 2011 01:02:03 GMT"}"# + "\n", "\(back.stderr)")
        #expect(back.status == 0)
        try scratch.write("utc.json", spec.replacingOccurrences(of: #""timeZone": "GMT""#, with: #""timeZone": "UTC""#))
        let utc = try RKMapExecutable.run(["serialize", "utc.json", "--compact"], stdin: applied.stdoutBytes, directory: scratch.url)
        #expect(utc.stdout.hasPrefix(#"{"d":"Fri, 22 Apr 2011 13:33:48 UTC"}"#), "\(utc)")
    }

    /// A year of two or three digits is no date of a `yyyy` format: `yyyy`
    /// reads `94` as the year 94 (as ICU does), so `infer` typed `Tue, 15
    /// Nov 94 08:12:31 GMT`, `94-11-15 08:12:31` and `11/15/94` as dates and
    /// `apply` wrote `0094-11-15T08:12:31Z`, exit 0. They stay strings; the
    /// same values with four-digit years, and a year 0094 written so, are
    /// dates.
    @Test func aTwoDigitYearIsNotTypedAsADate() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("in.json", #"""
            [{"a": "Tue, 15 Nov 94 08:12:31 GMT", "b": "94-11-15 08:12:31", "c": "11/15/94", "d": "Tue, 15 Nov 994 08:12:31 GMT",
              "e": "Tue, 15 Nov 1994 08:12:31 GMT", "f": "1994-11-15 08:12:31", "g": "11/15/1994", "h": "0094-11-15 08:12:31"}]
            """#)
        let inferred = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: scratch.url)
        #expect(inferred.status == 0, "\(inferred)")
        let applied = try RKMapExecutable.run(["apply", "s.json", "in.json", "--format", "ndjson"], directory: scratch.url)
        #expect(applied.status == 0, "\(applied)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(applied.stdout.utf8)) as? [String: Any])
        #expect(record["a"] as? String == "Tue, 15 Nov 94 08:12:31 GMT")
        #expect(record["b"] as? String == "94-11-15 08:12:31")
        #expect(record["c"] as? String == "11/15/94")
        #expect(record["d"] as? String == "Tue, 15 Nov 994 08:12:31 GMT")
        #expect(record["e"] as? String == "1994-11-15T08:12:31Z")
        #expect(record["f"] as? String == "1994-11-15T08:12:31Z")
        #expect(record["g"] as? String == "1994-11-15T00:00:00Z")
        #expect(record["h"] as? String == "0094-11-15T08:12:31Z")
    }

    /// `--key-path` through an array (`data.metadata`, each charge's
    /// metadata): the error says so and what to give (it said the path was
    /// in none of the samples). An output path that cannot be written is a
    /// usage error (2), as for `apply -o` (it was 1).
    @Test func aKeyPathThroughAnArrayAndAnUnwritableOutputSayWhatIsWrong() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("list.json", #"{"object": "list", "data": [{"id": "ch_1", "metadata": {"order": "7"}}]}"#)
        let through = try RKMapExecutable.run(["infer", "list.json", "--key-path", "data.metadata"], directory: scratch.url)
        #expect(through.stderr == "error: --key-path 'data.metadata' goes through the array 'data', whose elements each hold a part of it; "
                + "infer takes content at a path of objects: give --key-path data (the rest is inferred in its elements)\n", "\(through)")
        #expect(through.status == 1, "the samples, as for a path in none of them")
        for path in ["items", "data.nothere"] {
            // Through the array too, when no element holds the rest.
            let missing = try RKMapExecutable.run(["infer", "list.json", "--key-path", path], directory: scratch.url)
            #expect(missing.stderr.contains("--key-path '\(path)' is in none of the samples"), "\(missing)")
        }
        let unwritable = try RKMapExecutable.run(["infer", "list.json", "-o", "no/such/dir/s.json"], directory: scratch.url)
        #expect(unwritable.status == 2, "\(unwritable)")
        #expect(unwritable.stderr.contains("error: cannot write no/such/dir/s.json"), "\(unwritable)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("no").path))
    }

    @Test func namesTheRootTypeAndMakesEntities() throws {
        let result = try RKMapExecutable.run(["infer", "fixtures/infer/github-issues.json", "--name", "Issue", "--entity"])
        #expect(result.status == 0, "\(result)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let mappers = try #require(spec["mappers"] as? [[String: Any]])
        let issue = try #require(mappers.first { $0["target"] as? String == "Issue" })
        #expect(issue["id"] as? String == "issue")
        #expect(issue["entity"] as? Bool == true)
        #expect(issue["identification"] as? String == "id")
        #expect(spec["root-map-ref"] as? String == "issue")
        // Labels have an id too; milestones and pull requests without one stay plain.
        let label = try #require(mappers.first { $0["target"] as? String == "Label" })
        #expect(label["identification"] as? String == "id")
        let pull = try #require(mappers.first { $0["target"] as? String == "PullRequest" })
        #expect(pull["entity"] == nil)
    }

    @Test func keyPathChoosesTheContent() throws {
        let result = try RKMapExecutable.run(["infer", "fixtures/infer/jsonapi-articles.json", "--key-path", "included"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "note: content: included\n")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let descriptors = try #require(spec["descriptors"] as? [[String: Any]])
        #expect(descriptors.first?["keyPath"] as? String == "included")
    }

    @Test func writesTheSpecToAFile() throws {
        let scratch = try Scratch()
        let out = scratch.path("spec.json")
        let result = try RKMapExecutable.run(["infer", "fixtures/infer/threads.json", "-o", out])
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        let expected = try String(contentsOf: RKMapExecutable.repositoryRoot
            .appendingPathComponent("fixtures/infer/expected/threads.spec.json"), encoding: .utf8)
        #expect(written == expected)
    }

    @Test func readsSamplesFromStdin() throws {
        let sample = #"[{"id": 1, "name": "a", "tags": ["x"]}, {"id": 2, "name": null}]"#
        let result = try RKMapExecutable.run(["infer", "--name", "Tag"], stdin: Array(sample.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == """
            {
              "root-map-ref": "tag",
              "mappers": [
                {
                  "id": "tag",
                  "target": "Tag",
                  "attributes": {
                    "id": "id",
                    "name": "name",
                    "tags": "tags"
                  },
                  "types": {
                    "id": "int"
                  }
                }
              ]
            }

            """)
    }

    // MARK: Objects with nothing to map (docs/spec.md §5.2, §15)

    static let emptyObjectWarning = #"warning: an object with no member to map (empty, or with only "") gives no record (docs/spec.md §5.2), "#
        + "so rkmap check reports a mapping warning on this sample; `rkmap check --allow-warnings` accepts it"

    /// A spec spells each text one way (docs/spec.md §4, §15), across all
    /// its places, not only within one: the Greek `Ω` at one place and the
    /// Ohm sign `Ω` at another (one text) keep the first spelling met, the
    /// other left out and said so; the Kelvin sign `K` and `K` alike; and a
    /// destination made from a key is spelled as the spec spells its text (a
    /// decomposed `É` gives the destination `é` as the key `é` elsewhere
    /// spells it). Each spec lints clean, where `lint` refused them (two
    /// Unicode spellings of one text), and `check` passes where nothing was
    /// left out.
    @Test func aTextHasOneSpellingAcrossTheSpec() throws {
        let dir = try Scratch()
        let strict = ["--unmapped", "error", "--missing", "ignore"]
        let environment: [String: String?] = ["GITHUB_ACTIONS": nil]
        try dir.write("ohm.json", #"{"a": [{"x": {"\u03a9": 1}}], "b": {"y": {"\u2126": 1, "n": 2}}}"#)
        let ohm = try RKMapExecutable.run(["infer", "ohm.json", "-o", "ohm.spec.json"], directory: dir.url)
        #expect(ohm.status == 0)
        #expect(ohm.stderr.contains(#"ohm.json: $.b.y["\#u{2126}"]: warning: member '\u{2126}' left out of the spec: its key is another Unicode spelling of '\u{3A9}'"#), "\(ohm.stderr)")
        let ohmSpec = try String(contentsOfFile: dir.path("ohm.spec.json"), encoding: .utf8)
        #expect(ohmSpec.unicodeScalars.contains("\u{3A9}") && !ohmSpec.unicodeScalars.contains("\u{2126}"), "\(ohmSpec)")
        let ohmLint = try RKMapExecutable.run(["lint", "ohm.spec.json"], directory: dir.url)
        #expect(ohmLint.status == 0, "\(ohmLint)")

        try dir.write("kelvin.json", #"{"a": {"\u212a": 1}, "b": {"K": 2, "m": 3}}"#)
        let kelvin = try RKMapExecutable.run(["infer", "kelvin.json", "-o", "kelvin.spec.json"], directory: dir.url)
        #expect(kelvin.status == 0)
        #expect(kelvin.stderr.contains(#"$.b.K: warning: member 'K' left out of the spec: its key is another Unicode spelling of '\u{212A}'"#), "\(kelvin.stderr)")
        let kelvinLint = try RKMapExecutable.run(["lint", "kelvin.spec.json"], directory: dir.url)
        #expect(kelvinLint.status == 0, "\(kelvinLint)")

        for (name, sample) in [("e", #"{"a": {"E\u0301": 1, "\u00e9": 2}}"#), ("places", #"{"a": {"E\u0301": 1}, "b": {"\u00e9": 2}}"#)] {
            try dir.write("\(name).json", sample)
            let infer = try RKMapExecutable.run(["infer", "\(name).json", "-o", "\(name).spec.json"], directory: dir.url)
            #expect(infer.status == 0 && infer.stderr == "note: content: the whole document\n", "\(infer)")
            let spec = try String(contentsOfFile: dir.path("\(name).spec.json"), encoding: .utf8)
            // The decomposed `É`'s destination, spelled as the key `é` is (by
            // code units: `String`'s `contains` finds either spelling).
            let bytes = Array(spec.utf8)
            func has(_ text: String) -> Bool {
                let needle = Array(text.utf8)
                return bytes.indices.contains { i in bytes[i...].starts(with: needle) }
            }
            #expect(has("\"E\u{301}\": \"\u{E9}\""), "\(spec)")
            #expect(!has("e\u{301}"), "\(spec)")
            let lint = try RKMapExecutable.run(["lint", "\(name).spec.json"], directory: dir.url)
            #expect(lint.status == 0, "\(lint)")
            let check = try RKMapExecutable.run(["check", "\(name).spec.json", "\(name).json"] + strict, directory: dir.url, environment: environment)
            #expect(check.status == 0, "\(check)")
        }
    }

    /// An empty object gives no record and a mapping warning (§5.2), so
    /// `check` failed an inferred spec on its own sample (Kubernetes'
    /// `"labels": {}`, npm's `"dependencies": {}`). A member that is an empty
    /// object in some sample is an attribute, its value mapped whole, and
    /// `check --unmapped error --missing ignore` passes (§15). An empty
    /// content element has no such way out: `infer` warns with the path
    /// pattern `check` reports, and `check --allow-warnings` passes.
    @Test func anEmptyObjectIsMappedWholeOrSaidSo() throws {
        let dir = try Scratch()
        try dir.write("a.json", #"{"users": [{"id": 1, "meta": {"x": 1}, "tags": [{"n": 1}]}]}"#)
        try dir.write("b.json", #"{"users": [{"id": 2, "meta": {}, "tags": [{}, {"n": 2}]}]}"#)
        let infer = try RKMapExecutable.run(["infer", "a.json", "b.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stderr == "note: content: users\n")
        #expect(try String(contentsOfFile: dir.path("s.json"), encoding: .utf8) == """
            {
              "keyPath": "users",
              "root-map-ref": "user",
              "mappers": [
                {
                  "id": "user",
                  "target": "User",
                  "attributes": {
                    "id": "id",
                    "meta": "meta",
                    "tags": "tags"
                  },
                  "types": {
                    "id": "int"
                  }
                }
              ]
            }

            """)
        let environment: [String: String?] = ["GITHUB_ACTIONS": nil]
        let strict = ["--unmapped", "error", "--missing", "ignore"]
        let check = try RKMapExecutable.run(["check", "s.json", "a.json", "b.json"] + strict, directory: dir.url, environment: environment)
        #expect(check.status == 0, "\(check)")

        try dir.write("c.json", #"{"users": [{"id": 3}, {}]}"#)
        let content = try RKMapExecutable.run(["infer", "c.json", "-o", "t.json"], directory: dir.url)
        #expect(content.status == 0)
        #expect(content.stderr == "note: content: users\nc.json: $.users[*]: \(Self.emptyObjectWarning)\n")
        let fails = try RKMapExecutable.run(["check", "t.json", "c.json"] + strict, directory: dir.url, environment: environment)
        #expect(fails.status == 1)
        #expect(fails.stdout.contains("$.users[1]: none of the mapped keys ('id') is present; the object is not mapped"), "\(fails)")
        let allowed = try RKMapExecutable.run(["check", "t.json", "c.json", "--allow-warnings"] + strict,
                                              directory: dir.url, environment: environment)
        #expect(allowed.status == 0, "\(allowed)")
    }

    /// A last page without the envelope's optional members (`next_cursor`,
    /// `total`) has none of the keys the envelope's mapper reads, so it gives
    /// no record and a mapping warning (§5.2) that `check` fails on: `infer`
    /// says so, with the keys, and `check --allow-warnings` passes. Found by a
    /// user: `infer` printed only its note and the spec failed its own sample.
    @Test func anEnvelopeWithoutItsMembersInASampleIsSaidSo() throws {
        let dir = try Scratch()
        try dir.write("r1.json", #"{"items": [{"id": 1}], "next_cursor": "abc", "total": 2}"#)
        try dir.write("r2.json", #"{"items": [{"id": 2}]}"#)
        let infer = try RKMapExecutable.run(["infer", "r1.json", "r2.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stderr == "note: content: items\n"
            + "r2.json: $: warning: an object with none of the members its mapper reads ('next_cursor', 'total'; "
            + "other samples have them) gives no record (docs/spec.md §5.2), so rkmap check reports a mapping warning "
            + "on this sample; `rkmap check --allow-warnings` accepts it\n", "\(infer.stderr)")
        let environment: [String: String?] = ["GITHUB_ACTIONS": nil]
        let strict = ["--unmapped", "error", "--missing", "ignore"]
        let fails = try RKMapExecutable.run(["check", "s.json", "r1.json", "r2.json"] + strict, directory: dir.url, environment: environment)
        #expect(fails.status == 1)
        #expect(fails.stdout.contains("FAIL r2.json"), "\(fails)")
        #expect(fails.stdout.contains("none of the mapped keys ('next_cursor', 'total') is present"), "\(fails)")
        let allowed = try RKMapExecutable.run(["check", "s.json", "r1.json", "r2.json", "--allow-warnings"] + strict,
                                              directory: dir.url, environment: environment)
        #expect(allowed.status == 0, "\(allowed)")
        // A member present in every sample, even null in one, keeps the object mapped: no warning.
        try dir.write("r3.json", #"{"items": [{"id": 3}], "total": null}"#)
        let quiet = try RKMapExecutable.run(["infer", "r1.json", "r3.json", "-o", "t.json"], directory: dir.url)
        #expect(quiet.stderr == "note: content: items\n", "\(quiet.stderr)")
        let passes = try RKMapExecutable.run(["check", "t.json", "r1.json", "r3.json"] + strict, directory: dir.url, environment: environment)
        #expect(passes.status == 0, "\(passes)")
    }

    /// A sample without the content the others have (a root array beside
    /// `{"items": [...]}`, or another endpoint's `{"next": ...}`): the spec
    /// maps nothing of it, not even its members (`z`), and `check` fails on
    /// it. `infer` said only `note: content: items`; it now warns for each
    /// such sample (the document within an NDJSON sample too).
    ///
    /// A sample whose `results` holds objects the content's mapper maps is
    /// mapped through their own descriptor, and `check` passes on it: infer
    /// warned that "the spec maps nothing of it and rkmap check fails on it"
    /// (the descriptors tried were only the content's).
    @Test func aSampleWithoutTheContentIsSaidSo() throws {
        let dir = try Scratch()
        try dir.write("p1.json", #"{"items": [{"id": 1}]}"#)
        try dir.write("p2.json", #"[{"id": 2, "z": 1}]"#)
        try dir.write("p3.ndjson", "{\"items\": [{\"id\": 3}]}\n{\"results\": [{\"id\": 4}]}\n")
        try dir.write("p4.json", #"{"results": [{"id": 5}]}"#)
        let infer = try RKMapExecutable.run(["infer", "p1.json", "p2.json", "p3.ndjson", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        let warning = "warning: this sample has no 'items', the content the spec maps, so the spec maps nothing of it "
            + "and rkmap check fails on it (no mappable content); infer the samples of one endpoint together, "
            + "or choose the content with --key-path"
        #expect(infer.stderr == "note: content: items\np2.json: $: \(warning)\n", "\(infer.stderr)")
        let strict = ["--unmapped", "error", "--missing", "ignore"]
        let environment: [String: String?] = ["GITHUB_ACTIONS": nil]
        let check = try RKMapExecutable.run(["check", "s.json", "p2.json"] + strict, directory: dir.url, environment: environment)
        #expect(check.status == 1)
        #expect(check.stdout.contains("no mappable content"), "\(check)")
        let passes = try RKMapExecutable.run(["check", "s.json", "p1.json", "p4.json"] + strict, directory: dir.url, environment: environment)
        #expect(passes.status == 0, "\(passes)")
        #expect(passes.stdout.contains("PASS p4.json: 200, 1 record"), "\(passes)")
    }

    /// Content found through an array is content (docs/spec.md §2): infer
    /// warned that the spec maps nothing of `{"a": [{"items": [...]}]}`
    /// beside `{"a": {"items": [...]}}` and `check` fails on it; it passes.
    @Test func contentThroughAnArrayIsNotWarnedAbout() throws {
        let dir = try Scratch()
        try dir.write("p1.json", #"{"a": {"items": [{"id": 1}, {"id": 2}]}}"#)
        try dir.write("p2.json", #"{"a": [{"items": [{"id": 3}]}]}"#)
        let infer = try RKMapExecutable.run(["infer", "p1.json", "p2.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stderr == "note: content: a.items\n", "\(infer.stderr)")
        let environment: [String: String?] = ["GITHUB_ACTIONS": nil]
        let check = try RKMapExecutable.run(["check", "s.json", "p1.json", "p2.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: environment)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("PASS p2.json: 200, 1 record"), "\(check)")
    }

    /// Content found through a root array's elements beside other members
    /// (a batch endpoint's `[{"request_id": "r-1", "results": [...]}]`):
    /// `check` passed on it while `request_id` and `error` were mapped by
    /// nothing; it reports them now, and `infer` warns of such a sample.
    @Test func contentThroughAnArrayBesideOtherMembersIsReported() throws {
        let dir = try Scratch()
        try dir.write("page.json", #"{"results": [{"id": 1}], "meta": {"page": 1}}"#)
        try dir.write("batch.json", #"[{"request_id": "r-1", "results": [{"id": 2}]}, {"request_id": "r-2", "error": {"code": 404}}]"#)
        let infer = try RKMapExecutable.run(["infer", "page.json", "batch.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stderr == "note: content: results\nbatch.json: $: warning: this sample holds 'results' inside the elements "
            + "of an array, where the others hold it in objects: the spec maps the content of each element but not the elements' "
            + "other members, which rkmap check reports as unmapped; infer the samples of one endpoint together, or choose the "
            + "content with --key-path\n", "\(infer.stderr)")
        let environment: [String: String?] = ["GITHUB_ACTIONS": nil]
        let check = try RKMapExecutable.run(["check", "s.json", "page.json", "batch.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: environment)
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout == """
            PASS page.json: 200, 2 records
            FAIL batch.json: 200, 1 record
              unmapped: $[*].error: not mapped (1 time)
              unmapped: $[*].request_id: not mapped (2 times)
            1 passed, 1 failed

            """, "\(check)")
    }

    /// A sample with none of the content but envelope members the spec maps
    /// (a page of only `total` and `meta`): `check` passes on it, mapping
    /// only those, so `infer` says just that. It said the spec maps nothing
    /// of it and `check` fails on it. (Whether `check` passes is not said:
    /// an envelope object of §5.2 fails it, and that warning names only
    /// the first sample with it.)
    @Test func aSampleOfOnlyTheEnvelopeIsSaidSo() throws {
        let dir = try Scratch()
        try dir.write("a.json", #"{"data": [{"id": 1}], "total": 1, "meta": {"page": 1}}"#)
        try dir.write("b.json", #"{"total": 0, "meta": {"page": 2}}"#)
        try dir.write("c.json", #"{"meta": {"page": 3}}"#)
        let infer = try RKMapExecutable.run(["infer", "a.json", "b.json", "c.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        let warning = "warning: this sample has no 'data', the content the spec maps, so of it the spec maps only the "
            + "members around the content (the envelope); infer the samples of one endpoint together, or choose the "
            + "content with --key-path"
        // c.json has none of the root's scalars either: §5.2's warning too.
        let stderr = infer.stderr.split(separator: "\n").map(String.init)
        #expect(stderr.first == "note: content: data")
        #expect(stderr.contains("b.json: $: \(warning)"), "\(infer.stderr)")
        #expect(stderr.contains("c.json: $: \(warning)"), "\(infer.stderr)")
        #expect(!infer.stderr.contains("rkmap check fails on it (no mappable content)"), "\(infer.stderr)")
        let environment: [String: String?] = ["GITHUB_ACTIONS": nil]
        let check = try RKMapExecutable.run(["check", "s.json", "b.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: environment)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("PASS b.json: 200, 2 records"), "\(check)")
        // A root array beside a list: the envelope's mapper of the nil key
        // path maps its elements, and `check` fails on their other members.
        // The warning says only what the spec maps of it.
        try dir.write("list.json", #"{"object": "list", "data": [{"id": "ch_1"}], "has_more": false}"#)
        try dir.write("events.json", #"[{"id": "evt_1", "object": "event"}]"#)
        let events = try RKMapExecutable.run(["infer", "list.json", "events.json", "-o", "e.json"], directory: dir.url)
        #expect(events.stderr.contains("events.json: $: " + warning + "\n"), "\(events.stderr)")
        let failing = try RKMapExecutable.run(["check", "e.json", "events.json", "--unmapped", "error", "--missing", "ignore"],
                                              directory: dir.url, environment: environment)
        #expect(failing.status == 1, "\(failing)")
        #expect(failing.stdout.contains("$[*].id: not mapped"), "\(failing)")
    }

    // MARK: Members named "" (docs/spec.md §4, §15)

    static let emptyKeyWarning = #"warning: member "" left out of the spec: no key path can name an empty key (docs/spec.md §4), "#
        + #"so rkmap check reports it as unmapped; to keep its value, map its object whole with an attribute from the nil key path """#

    /// `""` is the nil key path, and no escape names an empty key: infer
    /// leaves such a member out and says so, on stderr and in the spec's
    /// `comment`, and `check` then reports it instead of passing. It mapped
    /// `"": "field"` typed int (every record warned "cannot convert an object
    /// to int"), or a nil key path relationship that silently lost `{"z": 7}`.
    @Test(arguments: [#"[{"id": 1, "": 7}]"#, #"[{"id": 1, "": {"z": 7}}]"#])
    func aMemberNamedEmptyIsLeftOutAndSaidSo(_ sample: String) throws {
        let dir = try Scratch()
        try dir.write("in.json", sample)
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stdout == "")
        #expect(infer.stderr == "note: content: the whole document\n" + #"in.json: $[*][""]: "# + Self.emptyKeyWarning + "\n")
        #expect(try String(contentsOfFile: dir.path("s.json"), encoding: .utf8) == #"""
            {
              "comment": "member \"\" left out at $[*][\"\"]: no key path can name an empty key (docs/spec.md §4), so rkmap check reports it as unmapped",
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

            """#)
        let lint = try RKMapExecutable.run(["lint", "--strict", "s.json"], directory: dir.url)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
        let apply = try RKMapExecutable.run(["apply", "s.json", "in.json", "--strict"], directory: dir.url)
        #expect(apply.status == 0 && apply.stderr.isEmpty, "\(apply)")
        let check = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(check.stdout == """
            FAIL in.json: 200, 1 record
              unmapped: $[*][""]: not mapped (1 time) [mapper item]
            0 passed, 1 failed

            """)
        #expect(check.status == 1)
    }

    /// Content that mixes objects and scalars (`["x", {"id": 1}]`): an object
    /// mapper alone warned "cannot map a number" on each scalar, so `check`
    /// failed infer's spec on its own sample. A dynamic mapper now chooses by
    /// the value's kind (`expectType`): objects to their mapper, each scalar
    /// kind seen to one that maps the value from the nil key path.
    @Test func contentMixingObjectsAndScalarsIsChosenByKind() throws {
        let dir = try Scratch()
        try dir.write("in.json", #"{"items": [{"id": 1}, 2, "x", {"id": 3}, null]}"#)
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0 && infer.stderr == "note: content: items\n", "\(infer)")
        #expect(try String(contentsOfFile: dir.path("s.json"), encoding: .utf8) == #"""
            {
              "keyPath": "items",
              "root-map-ref": "itemByKind",
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
                },
                {
                  "id": "itemValue",
                  "target": "ItemValue",
                  "attributes": {
                    "": "value"
                  }
                },
                {
                  "id": "itemByKind",
                  "dynamic": true,
                  "matchers": [
                    {
                      "keyPath": "",
                      "expectType": "object",
                      "map-ref": "item"
                    },
                    {
                      "keyPath": "",
                      "expectType": "number",
                      "map-ref": "itemValue"
                    },
                    {
                      "keyPath": "",
                      "expectType": "string",
                      "map-ref": "itemValue"
                    }
                  ]
                }
              ]
            }

            """#)
        let lint = try RKMapExecutable.run(["lint", "--strict", "s.json"], directory: dir.url)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
        let check = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "error"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(check.stdout == "PASS in.json: 200, 4 records\n1 passed, 0 failed\n", "\(check)")
        #expect(check.status == 0)
        let apply = try RKMapExecutable.run(["apply", "s.json", "in.json", "--format", "ndjson", "--strict"], directory: dir.url)
        #expect(apply.stdout == """
            {"@type":"Item","id":1}
            {"@type":"ItemValue","value":2}
            {"@type":"ItemValue","value":"x"}
            {"@type":"Item","id":3}

            """, "\(apply)")
        // A kind the samples did not have is declined, and check says so.
        try dir.write("later.json", #"{"items": [{"id": 1}, true]}"#)
        let drift = try RKMapExecutable.run(["check", "s.json", "later.json"], directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(drift.stdout == """
            FAIL later.json: 200, 1 record
              mapping: $.items[1]: cannot map a bool with dynamic mapper 'itemByKind': none of its matchers chose a mapper for it, so the value is left out [mapper itemByKind]
            0 passed, 1 failed

            """, "\(drift)")
        #expect(drift.status == 1)
    }

    /// Scalars beside objects with nothing to name (`{}`, `{"": 1}`): infer
    /// failed with "the samples' content holds no object or value to map".
    /// Each value is mapped whole, the objects too, and not typed.
    @Test(arguments: [(#"[{}, "x"]"#, 2), (#"{"items": [{}, 5, 6]}"#, 3), (#"[{"": 1}, {"": 2}, "x"]"#, 3)])
    func scalarsBesideEmptyObjectsAreMappedWhole(_ sample: String, records: Int) throws {
        let dir = try Scratch()
        try dir.write("in.json", sample)
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0, "\(infer)")
        let spec = try String(contentsOfFile: dir.path("s.json"), encoding: .utf8)
        #expect(spec.contains("\"attributes\": {\n        \"\": \"value\"\n      }\n") && !spec.contains("types"), "\(spec)")
        let check = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "error"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(check.status == 0 && check.stdout.hasPrefix("PASS in.json: 200, \(records) records\n"), "\(check)")
    }

    /// One sample object of 131,073 members makes a record wider than CSV
    /// output lays out: `lint` warned "declare some [to-one relationships]
    /// many", of a spec with none, and `infer` said nothing. `infer` notes
    /// it, and the warning says what is wide.
    @Test func aRecordWiderThanCSVIsNoted() throws {
        let dir = try Scratch()
        let n = 131_073
        try dir.write("in.json", "{" + (0..<n).map { #""k\#($0)": 1"# }.joined(separator: ",") + "}")
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stderr == "note: content: the whole document\n"
            + "note: a record of this spec has \(n) fields, more than the 131072 columns CSV output lays out (a SQLite table holds 2,000): "
            + "`rkmap lint` warns of it; write such records with --format ndjson or json\n", "\(infer.stderr)")
        // The 131,073rd column: `@type` is the first.
        let lint = try RKMapExecutable.run(["lint", "s.json"], directory: dir.url)
        #expect(lint.status == 0)
        #expect(lint.stderr.contains("warning: CSV output would need more than 131072 columns, or 4 MB of column names: "
            + "a record of this spec has more fields than that ('k131071'); use --format ndjson or json"), "\(lint.stderr.prefix(400))")
    }

    /// The same at any length: past 1,024 bytes `infer` told spellings apart
    /// by code units, kept both, and wrote a spec `lint` refused (exit 0,
    /// no warning). Keys of 1,101 and 1,200 scalars, one spelling each way.
    @Test func aSecondSpellingOfALongKeyIsLeftOutToo() throws {
        let dir = try Scratch()
        let x = String(repeating: "x", count: 1_100)
        let accents = String(repeating: "\u{E9}", count: 600), decomposed = String(repeating: "e\u{301}", count: 600)
        try dir.write("in.json", #"[{"\#(x)\#u{E9}": 1, "\#(x)e\#u{301}": 2, "\#(accents)": 3, "\#(decomposed)": 4, "id": 1}]"#)
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        let warnings = infer.stderr.split(separator: "\n").filter { $0.contains("warning: member '") }
        #expect(warnings.count == 2, "\(infer.stderr.prefix(600))")
        #expect(warnings.allSatisfy { $0.contains("left out of the spec: its key is another Unicode spelling of") }, "\(infer.stderr.prefix(600))")
        let lint = try RKMapExecutable.run(["lint", "--strict", "s.json"], directory: dir.url)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr.prefix(600))")
        let check = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(check.status == 1 && check.stdout.hasPrefix("FAIL in.json: 200, 1 record\n"), "\(check.stdout.prefix(300))")
        #expect(check.stdout.components(separatedBy: ": not mapped (1 time)").count == 3, "\(check.stdout.prefix(600))")
    }

    /// A spec may spell a key only one way (docs/spec.md §4): keys that are
    /// one text in two Unicode spellings (`caf\u{E9}`, `cafe\u{301}`) were one
    /// field, typed from both spellings' values, and the second went unread
    /// without a word. Now the first spelling is the field, typed from its own
    /// values, and the other is left out with a warning that shows both
    /// spellings escaped (a terminal shows them alike); `check` reports it.
    @Test func aSecondUnicodeSpellingOfAKeyIsLeftOutAndSaidSo() throws {
        let dir = try Scratch()
        try dir.write("in.json", #"{"meta": {"caf\u00e9": 1, "cafe\u0301": 2}, "items": [{"n\u00e9": 1}, {"ne\u0301": "x", "id": 2}]}"#)
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        let warning = { (path: String, key: String, read: String) in
            "in.json: \(path): warning: member '\(key)' left out of the spec: its key is another Unicode spelling of '\(read)' "
                + "(canonically equivalent), which the spec reads, and a spec may use only one spelling of a key "
                + "(docs/spec.md §4), so rkmap check reports it as unmapped\n"
        }
        #expect(infer.stderr == "note: content: items\n"
            + warning("$.items[*][\"n\u{E9}\"]", #"ne\u{301}"#, #"n\u{E9}"#)
            + warning("$.meta[\"caf\u{E9}\"]", #"cafe\u{301}"#, #"caf\u{E9}"#), "\(infer.stderr)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("s.json"))) as? [String: Any])
        let mappers = try #require(spec["mappers"] as? [[String: Any]])
        // One spelling each, typed from its own values (`"x"` is the other's).
        #expect(mappers.map { Array(($0["attributes"] as? [String: String] ?? [:]).keys).sorted().map { Array($0.unicodeScalars) } } == [
            [Array("id".unicodeScalars), Array("n\u{E9}".unicodeScalars)], [Array("caf\u{E9}".unicodeScalars)],
        ])
        #expect((mappers[0]["types"] as? [String: String])?["n\u{E9}"] == "int")
        let lint = try RKMapExecutable.run(["lint", "--strict", "s.json"], directory: dir.url)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
        let check = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(check.stdout == """
            FAIL in.json: 200, 3 records
              unmapped: $.items[*]["n\u{E9}"]: not mapped (1 time) [mapper item]
              unmapped: $.meta["caf\u{E9}"]: not mapped (1 time) [mapper meta]
            0 passed, 1 failed

            """, "\(check.stdout)")
        #expect(check.status == 1)
    }

    /// Every other spelling is warned of, wherever it is: a third spelling
    /// in one object (`Å` as U+00C5, `A` + U+030A, U+212B), an envelope's
    /// member, the content's own key spelled another way beside it (which
    /// made a second descriptor whose spec did not lint); among 20 other
    /// keys too, where the walk finds fields through an index.
    @Test(arguments: [
        (#"[{"\u00c5": 1, "A\u030a": 2, "\u212b": 3}]"#, 2),
        (#"{"items": [{"q": 1}], "m\u00e9ta": {"a": 1}, "me\u0301ta": {"b": 2}}"#, 1),
        (#"{"caf\u00e9": [{"a": 1}, {"a": 2}], "cafe\u0301": [{"b": 1}]}"#, 1),
        ("[{" + (0..<20).map { #""k\#($0)": \#($0), "# }.joined() + #""caf\u00e9": 1, "cafe\u0301": 2}]"#, 1),
        ("[{" + (0..<20).map { #""k\#($0)": \#($0), "# }.joined() + #""\u00c5": 1}, {"A\u030a": 2, "k3": 4, "\u212b": 3}]"#, 2),
    ])
    func everyOtherSpellingIsLeftOutAndSaidSo(_ sample: String, warnings: Int) throws {
        let dir = try Scratch()
        try dir.write("in.json", sample)
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stderr.components(separatedBy: "left out of the spec: its key is another Unicode spelling").count - 1 == warnings, "\(infer.stderr)")
        let lint = try RKMapExecutable.run(["lint", "--strict", "s.json"], directory: dir.url)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
        let check = try RKMapExecutable.run(["check", "s.json", "in.json", "--unmapped", "ignore", "--missing", "ignore"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(check.status == 0, "\(check)")
    }

    /// A dictionary keyed by usernames whose values share a shape but for an
    /// optional member (one user of twelve with a `nickname`) is still keyed
    /// data: it got one relationship and one mapper per user (`Gracehop`),
    /// a spec that failed on the next user. Values with little in common
    /// are not.
    @Test func aKeyedDictionaryWithAnOptionalMemberIsStillKeyed() throws {
        let dir = try Scratch()
        let names = ["alan", "grace", "ada", "linus", "ken", "dennis", "bjarne", "guido", "james", "larry", "matz", "rasmus"]
        let users = names.map { #""\#($0)": {"born": "1912", "name": "\#($0)"\#($0 == "grace" ? #", "nickname": "Amazing""# : "")}"# }
        try dir.write("in.json", #"{"users": {"# + users.joined(separator: ", ") + "}}")
        let infer = try RKMapExecutable.run(["infer", "in.json", "-o", "s.json"], directory: dir.url)
        #expect(infer.status == 0)
        let spec = try String(contentsOfFile: dir.path("s.json"), encoding: .utf8)
        #expect(spec.contains(#""keyAttribute": "key""#) && spec.contains(#""nickname": "nickname""#) && !spec.contains("Grace"), "\(spec)")
        try dir.write("later.json", #"{"users": {"barbara": {"born": "1939", "name": "barbara"}}}"#)
        let check = try RKMapExecutable.run(["check", "s.json", "in.json", "later.json", "--unmapped", "error", "--missing", "ignore"],
                                            directory: dir.url, environment: ["GITHUB_ACTIONS": nil])
        #expect(check.status == 0, "\(check)")
        // Five objects with one key in common of four: not one shape.
        try dir.write("mixed.json", #"{"a": {"id": 1, "x": 1}, "b": {"id": 2, "y": 1}, "c": {"id": 3, "z": 1}, "d": {"id": 4, "w": 1}, "e": {"id": 5, "v": 1}}"#)
        let mixed = try RKMapExecutable.run(["infer", "mixed.json"], directory: dir.url)
        #expect(mixed.status == 0 && !mixed.stdout.contains("keyAttribute"), "\(mixed)")
    }

    /// The warning names the first sample, and document, that has the member
    /// at each path, with the path `check` reports; keys that are data (a
    /// keyed dictionary's) and members of values read whole are not left out.
    @Test func eachLeftOutMemberNamesItsFirstSampleAndPath() throws {
        let dir = try Scratch()
        try dir.write("a.json", #"{"data": [{"id": 1, "tags": [{"": 1}, 2]}], "meta": {"page": 1}}"#)
        try dir.write("b.ndjson", """
            {"data": [{"id": 2}], "meta": {"page": 2}}
            {"data": [{"id": 3, "user": {"name": "a", "": 0}}], "meta": {"page": 3, "": "x"}, "": {"x": 1}}
            {"data": [{"id": 4, "": true}], "meta": {"page": 4}}

            """)
        let infer = try RKMapExecutable.run(["infer", "a.json", "b.ndjson"], directory: dir.url)
        #expect(infer.status == 0)
        #expect(infer.stderr == "note: content: data\n" + [
            #"b.ndjson: $[""]: "#, #"b.ndjson: $.data[*].user[""]: "#, #"b.ndjson: $.meta[""]: "#, #"b.ndjson: $.data[*][""]: "#,
        ].enumerated().map { $0.element + Self.emptyKeyWarning + ($0.offset < 3 ? " (document 2)" : " (document 3)") + "\n" }.joined())
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(infer.stdout.utf8)) as? [String: Any])
        #expect(spec["comment"] as? String == #"member "" left out at $[""], $.data[*].user[""], $.meta[""], $.data[*][""]: "#
            + "no key path can name an empty key (docs/spec.md §4), so rkmap check reports them as unmapped")

        let keyed = try RKMapExecutable.run(["infer", "-"], stdin: Array(#"""
            {"users": {"a1b2c3d4e5": {"email": "x", "": 1}, "b1b2c3d4e5": {"email": "y", "": 2}, "c1b2c3d4e5": {"email": "z", "": 3}}}
            """#.utf8))
        #expect(keyed.status == 0)
        #expect(keyed.stderr == "note: content: the whole document\n" + #"<stdin>: $.users.*[""]: "# + Self.emptyKeyWarning + "\n")
    }

    // MARK: Unhappy paths

    @Test func aKeyPathInNoSampleIsAnError() throws {
        let result = try RKMapExecutable.run(["infer", "fixtures/infer/threads.json", "--key-path", "items"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: --key-path 'items' is in none of the samples; give the path of the content, e.g. --key-path data\n")
    }

    @Test func aKeyPathWithOperatorsIsAnError() throws {
        let result = try RKMapExecutable.run(["infer", "fixtures/infer/threads.json", "--key-path", "data.@count"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: --key-path 'data.@count' is not a path of member names (operators and indexes cannot locate content)\n")
    }

    @Test func aSampleThatDoesNotParseSaysWhere() throws {
        let result = try RKMapExecutable.run(["infer", "-"], stdin: Array("{\"a\": [1, 2,]}".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("<stdin>:1:13: error: "), "\(result)")
    }

    @Test func anEmptySampleIsAnError() throws {
        let result = try RKMapExecutable.run(["infer", "-"], stdin: Array("  \n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr == "error: no JSON document in <stdin>\n")
    }

    @Test func samplesWithNothingToMapAreAnError() throws {
        let result = try RKMapExecutable.run(["infer", "-"], stdin: Array("[null, null]".utf8))
        #expect(result.status == 1)
        #expect(result.stderr == "error: the samples' content holds no object or value to map\n")
    }

    @Test func aMissingSampleFileIsAUsageError() throws {
        let result = try RKMapExecutable.run(["infer", "no-such-sample.json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: "), "\(result)")
        #expect(result.stderr.contains("no-such-sample.json"))
    }

    @Test func aNameThatCannotBeATypeIsAUsageError() throws {
        let result = try RKMapExecutable.run(["infer", "fixtures/infer/threads.json", "--name", "a.b"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: invalid value 'a.b' for '--name'; expected a record type name such as Article\n"))
    }

    /// Type names are the keys, singular (docs/spec.md §15), also for words
    /// that end in `s`: `statuses` gave `Statuse`, `containerStatuses`
    /// `ContainerStatuse`, `aliases` `Aliase`.
    @Test func pluralsOfWordsEndingInSNameTheirTypes() throws {
        let sample = #"[{"name": "a", "statuses": [{"code": 1}], "aliases": [{"name": "x"}], "containerStatuses": [{"ready": true}]}]"#
        let result = try RKMapExecutable.run(["infer", "--name", "Pod"], stdin: Array(sample.utf8))
        #expect(result.status == 0, "\(result)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let targets = (spec["mappers"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
        #expect(targets == ["Pod", "Status", "Alias", "ContainerStatus"])
    }

    /// A first page whose `items` is empty: the content is still `items`,
    /// found in the next page (it was the whole document).
    @Test func anEmptyFirstPageDoesNotMakeTheWholeDocumentTheContent() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try scratch.write("page1.json", #"{"items": [], "next": "p2"}"#)
        let second = try scratch.write("page2.json", #"{"items": [{"id": 1, "name": "a"}], "next": null}"#)
        let result = try RKMapExecutable.run(["infer", first, second])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("note: content: items\n"), "\(result.stderr)")
        #expect(result.stdout.contains(#""keyPath": "items""#), "\(result.stdout)")
    }

    /// A first sample whose root is an array: its elements are the content,
    /// not a later sample's `data`, and the spec checks clean on both
    /// samples; so does one whose first sample has no such member.
    @Test func aLaterSamplesContentIsTakenOnlyWhereEverySampleHasIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for first in [#"[{"id": 1, "title": "a"}]"#, #"{"meta": 1}"#] {
            let one = try scratch.write("one.json", first)
            let two = try scratch.write("two.json", #"{"data": [{"x": 1}]}"#)
            let result = try RKMapExecutable.run(["infer", one, two, "-o", scratch.path("spec.json")])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.hasPrefix("note: content: the whole document\n"), "\(first): \(result.stderr)")
            for sample in [one, two] {
                let check = try RKMapExecutable.run(["check", scratch.path("spec.json"), sample, "--unmapped", "error", "--missing", "ignore"])
                #expect(check.status == 0, "\(first): \(check)")
            }
        }
    }

    /// Keys that are numbers name their fields by all their numbers (`1.0`
    /// was `0`, `2024-01-01` was `0101`), and types from them start with
    /// `Item`; the spec checks clean on its sample.
    @Test func keysOfNumbersKeepTheirNumbersInNames() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let sample = try scratch.write("rates.json", #"{"rates": {"1.0": 1, "10": 2, "2024-01-01": 3}, "322": {"name": "x"}}"#)
        let result = try RKMapExecutable.run(["infer", sample, "-o", scratch.path("spec.json")])
        #expect(result.status == 0, "\(result)")
        let spec = try String(contentsOfFile: scratch.path("spec.json"), encoding: .utf8)
        #expect(spec.contains(#""1\\.0": "1_0""#), "\(spec)")
        #expect(spec.contains(#""10": "10""#) && spec.contains(#""2024-01-01": "2024_01_01""#), "\(spec)")
        #expect(spec.contains(#""target": "Item322""#), "\(spec)")
        let check = try RKMapExecutable.run(["check", scratch.path("spec.json"), sample, "--unmapped", "error", "--missing", "ignore"])
        #expect(check.status == 0, "\(check)")
    }

    /// A date keeps milliseconds (docs/spec.md §6), so a timestamp with
    /// microseconds is left untyped (§15: typing must not lose exactness),
    /// where `date` turned `…00.123456Z` into `…00.123Z` with exit 0 even
    /// under `--strict`; milliseconds, and zeros past them, are still dates.
    @Test func timestampsFinerThanMillisecondsAreNotDates() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let sample = #"[{"id": 1, "at": "2024-01-01T00:00:00.123456Z", "ok": "2024-01-01T00:00:00.123000Z", "ms": "2024-01-01T10:00:00.5+02:00"}]"#
        try scratch.write("sample.json", sample)
        let inferred = try RKMapExecutable.run(["infer", "sample.json", "-o", "spec.json"], directory: scratch.url)
        #expect(inferred.status == 0, "\(inferred)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("spec.json"))) as? [String: Any])
        let mapper = try #require((spec["mappers"] as? [[String: Any]])?.first)
        #expect(mapper["types"] as? [String: String] == ["id": "int", "ok": "date", "ms": "date"])
        let applied = try RKMapExecutable.run(["apply", "spec.json", "sample.json", "--format", "ndjson", "--strict"], directory: scratch.url)
        #expect(applied.status == 0 && applied.stderr.isEmpty, "\(applied)")
        #expect(applied.stdout == #"{"@type":"Item","id":1,"at":"2024-01-01T00:00:00.123456Z","ok":"2024-01-01T00:00:00.123Z","ms":"2024-01-01T08:00:00.500Z"}"# + "\n")
    }

    /// An object whose only member is named "" gets no mapper (it would map
    /// nothing, and the spec would not lint): it is an attribute, its value
    /// kept whole, so the spec lints, `check` passes and nothing is lost.
    @Test func anObjectOfOnlyAnEmptyKeyIsMappedWhole() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("sample.json", #"{"id": 1, "x": {"": 1}}"#)
        let inferred = try RKMapExecutable.run(["infer", "sample.json", "-o", "spec.json"], directory: scratch.url)
        #expect(inferred.status == 0, "\(inferred)")
        #expect(try RKMapExecutable.run(["lint", "spec.json"], directory: scratch.url).status == 0)
        let check = try RKMapExecutable.run(["check", "spec.json", "sample.json", "--unmapped", "error"], directory: scratch.url)
        #expect(check.status == 0, "\(check)")
        let applied = try RKMapExecutable.run(["apply", "spec.json", "sample.json", "--format", "ndjson"], directory: scratch.url)
        #expect(applied.stdout == #"{"@type":"Item","id":1,"x":{"":1}}"# + "\n")
    }
}
