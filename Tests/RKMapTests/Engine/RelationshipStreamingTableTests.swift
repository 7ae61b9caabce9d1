import Foundation
import Testing
@testable import RKMap

/// A record whose to-many relationship holds most of the document, streamed
/// into a table output (`RecordSink.openRecord`): its row (SQLite) or its
/// cells before the relationship's (CSV) are written first, the elements as
/// they are mapped, the rest after. Each answer must be a whole read's: the
/// same rows with the same rowids, links and positions under every
/// assignment policy over a database that already holds rows, the same CSV
/// bytes.
@Suite struct RelationshipStreamingTableTests {
    static func spec(policy: String = "set", modification: Bool = false) -> String {
        #"""
        {"keyPath": "", "root-map-ref": "doc", "mappers": [
          {"id": "doc", "target": "Doc", "entity": true, "identification": ["id"],
           \#(modification ? #""modificationAttribute": "version","# : "")
           "attributes": ["id", "name", "version"], "types": {"id": "int", "version": "int"},
           "relationships": [{"from": "owner", "to": "owner", "map-ref": "person"},
                             {"from": "items", "to": "items", "map-ref": "item", "many": true, "assignmentPolicy": "\#(policy)"}]},
          {"id": "person", "target": "Person", "attributes": ["login"]},
          {"id": "item", "target": "Item", "entity": true, "identification": ["n"], "attributes": {"n": "n", "label": "label"},
           "types": {"n": "int"},
           "relationships": [{"from": "tags", "to": "tags", "map-ref": "tag", "many": true}]},
          {"id": "tag", "target": "Tag", "attributes": {"": "name"}}]}
        """#
    }

    /// Runs `documents` into the database at `path` as one run.
    static func runSQLite(
        spec: String, input: String, path: String, pipeline: Bool, options: MappingOptions = MappingOptions(keepGoing: true)
    ) throws -> (diagnostics: [String], outcome: InputOutcome?, opened: Int, stats: MappingStats) {
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        var options = options
        options.pipelineThreshold = pipeline ? 0 : Int.max
        let engine = try MappingEngine(graph: graph, options: options)
        let database = try SQLiteSink(path: path, graph: graph)
        database.documentSavepoints = options.keepGoing
        let sink = OpenRecordSpy(database)
        let diagnostics = DiagnosticList()
        // A run error (the database refuses a record without --keep-going) as a diagnostic.
        var errors: [String] = []
        var outcome: InputOutcome?
        do {
            outcome = try engine.run(input: Array(input.utf8), inputName: "in.json", sink: sink, diagnostics: diagnostics)
        } catch {
            errors.append("\(error)")
        }
        do { try sink.finish() } catch { errors.append("\(error)") }
        let messages = (diagnostics.diagnostics.map(\.description) + errors).map { $0.replacingOccurrences(of: path, with: "DB") }
        return (messages, outcome, sink.opened, engine.stats)
    }

    /// Every table's schema and rows in rowid order (keys order them in a
    /// table without rowids): what a run wrote, and in which order.
    static func dump(_ path: String) throws -> [String] {
        let database = try SQLiteDatabase(path: path)
        var lines: [String] = []
        for row in try database.rows("SELECT name, sql FROM sqlite_master ORDER BY name") {
            lines.append("\(row)")
            guard case .text(let name) = row[0], case .text(let sql) = row[1], sql.hasPrefix("CREATE TABLE") else { continue }
            let order = sql.contains("WITHOUT ROWID") ? "" : " ORDER BY rowid"
            let select = sql.contains("WITHOUT ROWID") ? "*" : "rowid, *"
            for values in try database.rows("SELECT \(select) FROM \(SQL.quote(name))\(order)") { lines.append("  \(values)") }
        }
        return lines
    }

    /// The first line where two databases differ, not all of both.
    static func expectSameDump(
        _ a: String, _ b: String, _ comment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let (x, y) = (try dump(a), try dump(b))
        let first = zip(x, y).first { $0 != $1 }
        #expect(x.count == y.count && first == nil, "\(comment): \(first.map { "\($0.0) vs \($0.1)" } ?? "\(x.count) vs \(y.count) lines")",
                sourceLocation: sourceLocation)
    }

    /// Runs `runs` one after another into a database read whole and into one
    /// streamed, each record streamed (`opened`) with no diagnostic and the
    /// same counts, and expects the same dump; returns the streamed one's path.
    static func expectRunsLikeAWholeRead(
        spec: String, runs: [String], _ comment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> String {
        let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
        for input in runs {
            let a = try runSQLite(spec: spec, input: input, path: whole, pipeline: false)
            let b = try runSQLite(spec: spec, input: input, path: streamed, pipeline: true)
            #expect(a.diagnostics == b.diagnostics && a.diagnostics.isEmpty, sourceLocation: sourceLocation)
            #expect(a.stats == b.stats, sourceLocation: sourceLocation)
            #expect(b.opened == 1, sourceLocation: sourceLocation)
        }
        try expectSameDump(whole, streamed, comment, sourceLocation: sourceLocation)
        return streamed
    }

    /// The documents of two runs over one database: the second changes the
    /// first's items (some kept, some new, some dropped), so each policy
    /// shows in the links and rows it leaves.
    static let first = #"{"id": 1, "name": "a", "version": 2, "owner": {"login": "o"}, "items": [{"n": 1, "label": "x", "tags": ["t", "u"]}, {"n": 2}, {"n": 3, "tags": [["deep"]]}]}"#
    static let second = [
        #"{"items": [{"n": 2, "label": "again"}, null, 7, {"n": 4, "tags": ["v"]}, [{"n": 5}], {"n": 1}], "id": 1, "name": "b", "version": 3}"#,
        #"{"id": 1, "items": [], "version": 4}"#,
        #"{"id": 1, "version": 1, "items": [{"n": 9}]}"#,
        #"{"id": 2, "name": "no items"}"#,
        #"{"id": 3, "items": null}"#,
        // An item without its identification value: the database refuses it,
        // after the record's row and the first item were written.
        #"{"id": 1, "name": "c", "version": 5, "items": [{"n": 8}, {"label": "no n"}]}"#,
    ]

    @Test(arguments: ["set", "union", "replace"], [false, true])
    func aStreamedRelationshipWritesTheRowsAWholeReadWrites(policy: String, modification: Bool) throws {
        let spec = Self.spec(policy: policy, modification: modification)
        var strict = MappingOptions(keepGoing: true)
        strict.strict = true
        for second in Self.second {
          for options in [MappingOptions(keepGoing: true), strict, MappingOptions()] {
            let whole = Fixture.temporaryPath()
            let streamed = Fixture.temporaryPath()
            for (input, i) in [(Self.first, 0), (second, 1)] {
                let a = try Self.runSQLite(spec: spec, input: input, path: whole, pipeline: false, options: options)
                let b = try Self.runSQLite(spec: spec, input: input, path: streamed, pipeline: true, options: options)
                #expect(a.diagnostics == b.diagnostics)
                #expect(a.outcome == b.outcome)
                // A run the database ends (no --keep-going) stops counting where it stops.
                if a.outcome != nil { #expect(a.stats == b.stats) }
                #expect(b.opened == (i == 1 && !second.contains("\"items\": [") ? 0 : 1), "\(second)")
            }
            try Self.expectSameDump(whole, streamed, "\(policy) \(second)")
          }
        }
    }

    /// Worked out from §7: `union` keeps 1, 2, 3 at their positions and
    /// appends 4 and 5 after them; `replace` links exactly the new items and
    /// deletes item 3, which no link reaches any more.
    @Test func thePoliciesLinkAsTheSpecSays() throws {
        let expected: [String: (links: [[SQLiteValue]], items: [[SQLiteValue]])] = [
            "set": ([[2, 0], [4, 1], [5, 2], [1, 3]], [[1], [2], [3], [4], [5]]),
            "union": ([[1, 0], [2, 1], [3, 2], [4, 3], [5, 4]], [[1], [2], [3], [4], [5]]),
            "replace": ([[2, 0], [4, 1], [5, 2], [1, 3]], [[1], [2], [4], [5]]),
        ]
        for (policy, want) in expected {
            let path = Fixture.temporaryPath()
            _ = try Self.runSQLite(spec: Self.spec(policy: policy), input: Self.first, path: path, pipeline: true)
            let run = try Self.runSQLite(spec: Self.spec(policy: policy), input: Self.second[0], path: path, pipeline: true)
            #expect(run.opened == 1)
            #expect(try Fixture.query(path, #"SELECT "child_n", "position" FROM "Doc_items" ORDER BY "position""#) == want.links, "\(policy)")
            #expect(try Fixture.query(path, #"SELECT "n" FROM "Item" ORDER BY "n""#) == want.items, "\(policy)")
            #expect(try Fixture.query(path, #"SELECT "name", "version" FROM "Doc""#) == [["b", 3]])
        }
    }

    /// Not newer than the stored row (§7 `modificationAttribute`): nothing of
    /// the record is written, its elements neither.
    @Test func aStaleRecordWritesNoElement() throws {
        let path = Fixture.temporaryPath()
        let spec = Self.spec(modification: true)
        _ = try Self.runSQLite(spec: spec, input: Self.first, path: path, pipeline: true)
        let run = try Self.runSQLite(spec: spec, input: Self.second[2], path: path, pipeline: true)
        #expect(run.opened == 1)
        #expect(try Fixture.query(path, #"SELECT "n" FROM "Item" ORDER BY "n""#) == [[1], [2], [3]])
        #expect(try Fixture.query(path, #"SELECT "version" FROM "Doc""#) == [[2]])
    }

    /// A relationship that can reach the record's own type is written whole:
    /// its rows would be inserted in another order.
    @Test func aRelationshipReachingTheRecordsTypeIsWrittenWhole() throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "node", "mappers": [
              {"id": "node", "target": "Node", "attributes": ["name"],
               "relationships": [{"from": "children", "to": "children", "map-ref": "node", "many": true}]}]}
            """#
        let input = #"{"name": "root", "children": [{"name": "a", "children": [{"name": "b"}]}, {"name": "c"}]}"#
        let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
        _ = try Self.runSQLite(spec: spec, input: input, path: whole, pipeline: false)
        let run = try Self.runSQLite(spec: spec, input: input, path: streamed, pipeline: true)
        #expect(run.opened == 0)
        try Self.expectSameDump(whole, streamed, "nodes")
        // The children first, as §10.4 writes a record after its relationships.
        #expect(try Fixture.query(streamed, #"SELECT "_id", "name" FROM "Node" ORDER BY "_id""#) == [[1, "b"], [2, "a"], [3, "c"], [4, "root"]])
    }

    /// A relationship before others, under validations (a rejected record
    /// writes no row, its elements none): the same rows. When another
    /// relationship can make records of a type the streamed one makes, only
    /// the later one (`extra`) is streamed: the earlier one's rows come
    /// first either way (`items` is not, a later one's rows would come first).
    @Test(arguments: ["Extra", "Item"])
    func laterRelationshipsAndValidationsWriteTheRowsAWholeReadWrites(extraType: String) throws {
        let spec = RelationshipStreamingTests.laterSpec.replacingOccurrences(
            of: #"{"from": "extra", "to": "extra", "map-ref": "item", "many": true}"#,
            with: #"{"from": "extra", "to": "extra", "map-ref": "extra", "many": true}"#
        ).replacingOccurrences(
            of: #"{"id": "person","#, with: #"{"id": "extra", "target": "\#(extraType)", "attributes": {"n": "n"}}, {"id": "person","#)
        for document in RelationshipStreamingTests.laterDocuments {
            let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
            let a = try Self.runSQLite(spec: spec, input: document, path: whole, pipeline: false)
            let b = try Self.runSQLite(spec: spec, input: document, path: streamed, pipeline: true)
            #expect(a.diagnostics == b.diagnostics)
            #expect(a.outcome == b.outcome)
            if a.outcome != nil { #expect(a.stats == b.stats) }
            let failed = document.contains(#""name": "bad""#) || document.contains(#""name": "fail""#)
            let expected = failed || (extraType == "Item" && !document.contains(#""extra""#)) ? 0 : 1
            #expect(b.opened == expected, "\(document)")
            try Self.expectSameDump(whole, streamed, document)
        }
    }

    /// CSV makes a relationship without `"many": true` to-one (an array
    /// there is left out, with a warning): such a relationship is not
    /// streamed, even where its cell is JSON (a recursive one).
    @Test func underCSVsToOneRuleOnlyAManyRelationshipIsStreamed() throws {
        let spec = #"{"keyPath": "", "root-map-ref": "status", "mappers": [{"id": "status", "target": "Status", "attributes": ["text"], "relationships": [{"from": "replies", "to": "replies", "map-ref": "status"}]}]}"#
        var options = MappingOptions(keepGoing: true)
        options.relationshipsToOneUnlessMany = true
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        #expect(try MappingEngine(graph: graph, options: options).streamedRelationships.isEmpty)
        let input = #"{"text": "root", "replies": [{"text": "a"}, {"text": "b"}]}"#
        try EngineRun.expectStreamedSameAsWhole(input, spec: spec, format: "csv", options: options, streams: true)
        let run = try EngineRun.run(spec: spec, input: input, options: options, pipeline: true, format: "csv")
        #expect(run.output == "@type,text,replies\r\nStatus,root,\r\n")
        #expect(run.stats.recordsPerType.map(\.count) == [1])
    }

    /// Two properties of the record write its relationship's field (the
    /// last mapped wins): it is not streamed, and the rows are a whole read's.
    @Test func aFieldWrittenTwiceIsNotStreamed() throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "a", "mappers": [
              {"id": "a", "target": "A", "attributes": ["name"], "relationships": [
                {"from": "dummy", "to": "items", "map-ref": "b", "many": true}, {"from": "one", "to": "one", "map-ref": "b"},
                {"from": "items", "to": "items", "map-ref": "b", "many": true}]},
              {"id": "b", "target": "B", "attributes": ["v"]}]}
            """#
        let input = #"{"name": "p", "one": {"v": "one"}, "items": [{"v": "i1"}, {"v": "i2"}], "dummy": [{"v": "d"}]}"#
        let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
        _ = try Self.runSQLite(spec: spec, input: input, path: whole, pipeline: false)
        let run = try Self.runSQLite(spec: spec, input: input, path: streamed, pipeline: true)
        #expect(run.opened == 0)
        try Self.expectSameDump(whole, streamed, "written twice")
        // §10.4: the children in slot order, then the record.
        #expect(try Fixture.query(streamed, #"SELECT "_id", "v" FROM "B" ORDER BY "_id""#) == [[1, "i1"], [2, "i2"], [3, "one"]])
    }

    /// A child whose key the link table cannot hold (one type, with and
    /// without identity) ends the run, but only after every child's row:
    /// a later child the database refuses comes first, as in a whole
    /// record, and fails its document alone under `--keep-going`.
    @Test func aChildThatDoesNotFitTheLinksFailsAfterTheRows() throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "doc", "mappers": [
              {"id": "doc", "target": "Doc", "attributes": ["id"],
               "relationships": [{"from": "items", "to": "items", "map-ref": "dynitem", "many": true}]},
              {"id": "dynitem", "dynamic": true, "matchers": [
                 {"keyPath": "kind", "expectValue": "b", "map-ref": "itemb"},
                 {"keyPath": "n", "expectType": "number", "map-ref": "item"}]},
              {"id": "item", "target": "Item", "entity": true, "identification": ["n"], "attributes": ["n"], "types": {"n": "int"}},
              {"id": "itemb", "target": "Item", "attributes": ["n", "kind"]}]}
            """#
        for input in [
            #"{"id": 1, "items": [{"n": 2, "kind": "b"}, {"n": 2.5}]}"# + "\n" + #"{"id": 2, "items": [{"n": 3}]}"#,
            #"{"id": 1, "items": [{"n": 2, "kind": "b"}, {"n": 4}]}"#,
        ] {
            for options in [MappingOptions(keepGoing: true), MappingOptions()] {
                let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
                let a = try Self.runSQLite(spec: spec, input: input, path: whole, pipeline: false, options: options)
                let b = try Self.runSQLite(spec: spec, input: input, path: streamed, pipeline: true, options: options)
                #expect(b.opened >= 1)
                #expect(a.diagnostics == b.diagnostics)
                #expect(a.outcome == b.outcome)
                if a.outcome != nil { #expect(a.stats == b.stats) }
                try Self.expectSameDump(whole, streamed, input)
            }
        }
    }

    /// Under `--keep-going` a refused element stops the writing of its
    /// document, not its mapping: the elements after it in the same batch
    /// are still counted and their warnings reported, as in a whole read.
    @Test func afterARefusalTheRestOfTheBatchIsAccounted() throws {
        let spec = #"{"keyPath": "", "root-map-ref": "item", "mappers": [{"id": "item", "target": "Item", "entity": true, "identification": ["id"], "attributes": ["id", "x"], "types": {"x": "int"}}]}"#
        let input = "[" + (0..<300).map { $0 == 5 ? #"{"x": "bad"}"# : #"{"id": \#($0), "x": "\#($0 % 50 == 0 ? "w" : "1")"}"# }.joined(separator: ",") + "]"
        let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
        let a = try Self.runSQLite(spec: spec, input: input, path: whole, pipeline: false)
        let b = try Self.runSQLite(spec: spec, input: input, path: streamed, pipeline: true)
        #expect(a.diagnostics.count == 8 && a.diagnostics.last?.contains("no value for its identification attribute") == true)
        #expect(a.diagnostics == b.diagnostics)
        #expect(a.outcome == b.outcome)
        #expect(a.stats == b.stats)
        try Self.expectSameDump(whole, streamed, "refused in a batch")
    }

    /// Another relationship of the record that reaches the streamed one's
    /// types, before it (`replace` deletes orphans when the record's row is
    /// written) or after it: the record is written whole.
    @Test func anotherRelationshipReachingItsTypesKeepsTheRecordWhole() throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "list", "mappers": [
              {"id": "list", "target": "List", "entity": true, "identification": ["id"], "attributes": ["id"], "relationships": [
                {"from": "a", "to": "a", "map-ref": "item", "many": true, "assignmentPolicy": "replace"},
                {"from": "b", "to": "b", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "entity": true, "identification": ["id"], "attributes": ["id"]}]}
            """#
        let (whole, streamed) = (Fixture.temporaryPath(), Fixture.temporaryPath())
        for input in [#"{"id": 1, "a": [{"id": 10}], "b": []}"#, #"{"b": [{"id": 10}], "id": 1, "a": []}"#] {
            let a = try Self.runSQLite(spec: spec, input: input, path: whole, pipeline: false)
            let b = try Self.runSQLite(spec: spec, input: input, path: streamed, pipeline: true)
            #expect(a.diagnostics == b.diagnostics && b.opened == 0)
        }
        try Self.expectSameDump(whole, streamed, "replace before")
    }

    /// An earlier relationship that shares the streamed one's types (a
    /// repository's `owner` User before its `contributors` Users) under
    /// `set` or `union`: its rows precede the children in both orders, so
    /// the record streams, with the rows, rowids and links a whole read
    /// writes, whatever the streamed relationship's policy. Ids repeat
    /// across the two and across runs (upserts), and some rows have no
    /// identity (`Note`, rowids by insert order).
    @Test(arguments: ["set", "union", "replace"], ["set", "union"])
    func anEarlierRelationshipSharingItsTypesStreams(policy: String, earlier: String) throws {
        let spec = #"""
            {"keyPath": "", "root-map-ref": "repo", "mappers": [
              {"id": "repo", "target": "Repo", "entity": true, "identification": ["id"], "attributes": ["id"], "relationships": [
                {"from": "owner", "to": "owner", "map-ref": "user"},
                {"from": "pinned", "to": "pinned", "map-ref": "user", "many": true, "assignmentPolicy": "\#(earlier)"},
                {"from": "contributors", "to": "contributors", "map-ref": "user", "many": true, "assignmentPolicy": "\#(policy)"}]},
              {"id": "user", "target": "User", "entity": true, "identification": ["login"], "attributes": ["login", "name"],
               "relationships": [{"from": "notes", "to": "notes", "map-ref": "note", "many": true}]},
              {"id": "note", "target": "Note", "attributes": ["text"]}]}
            """#
        let runs = [
            #"{"id": 1, "owner": {"login": "a", "notes": [{"text": "o"}]}, "pinned": [{"login": "b"}], "contributors": [{"login": "c", "notes": [{"text": "c1"}]}, {"login": "a", "name": "A"}, {"login": "d"}]}"#,
            #"{"contributors": [{"login": "d", "name": "D"}, {"login": "e", "notes": [{"text": "e1"}]}, {"login": "b"}], "id": 1, "owner": {"login": "e"}, "pinned": [{"login": "c"}, {"login": "f"}]}"#,
            #"{"id": 2, "owner": {"login": "f"}, "contributors": [{"login": "f", "name": "F"}]}"#,
        ]
        _ = try Self.expectRunsLikeAWholeRead(spec: spec, runs: runs, "\(earlier) then \(policy)")
    }

    /// Elements of nested arrays, whose JSON may need no quotes in a cell:
    /// `[[]]` is a cell as it is, `[[],[]]` quoted for its comma.
    static let unquoted = [#"{"id": 4, "items": [[]]}"#, #"{"id": 5, "items": [[], []]}"#, #"{"id": 6, "items": [[], [{"n": 1}]]}"#]

    /// CSV through the open record (counted), against a whole read.
    static func runCSV(spec: String, input: String, pipeline: Bool) throws -> (output: String, opened: Int) {
        let graph = try #require(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph)
        var options = MappingOptions(keepGoing: true)
        options.pipelineThreshold = pipeline ? 0 : Int.max
        let engine = try MappingEngine(graph: graph, options: options)
        var output: [UInt8] = []
        let sink = OpenRecordSpy(CSVSink(output: { output += $0 }, graph: graph, roots: [graph.descriptors[0].rootMapper]))
        _ = try engine.run(input: Array(input.utf8), inputName: "in.json", sink: sink, diagnostics: DiagnosticList())
        try sink.finish()
        return (String(decoding: output, as: UTF8.self), sink.opened)
    }

    @Test func aStreamedRelationshipGivesAWholeReadsCSV() throws {
        let input = ([Self.first] + Self.second + Self.unquoted).joined(separator: "\n")
        let (whole, streamed) = (try Self.runCSV(spec: Self.spec(), input: input, pipeline: false), try Self.runCSV(spec: Self.spec(), input: input, pipeline: true))
        #expect(whole.opened == 0)
        // Every document whose `items` is an array.
        #expect(streamed.opened == 8)
        #expect(whole.output == streamed.output)
        try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec(), format: "csv", options: MappingOptions(keepGoing: true), streams: true)
        var strict = MappingOptions(keepGoing: true)
        strict.strict = true
        try EngineRun.expectStreamedSameAsWhole(input, spec: Self.spec(), format: "csv", options: strict, streams: true)
    }

    /// Worked out from §10.3: the relationship's cell is its compact JSON,
    /// quoted (quotes doubled) when it holds a comma or a quote; the cells
    /// after it follow.
    @Test func theCSVCellIsTheRelationshipsCompactJSON() throws {
        let input = (Self.unquoted + [#"{"id": 7, "items": [{"n": 1}, {"n": 2}]}"#]).joined(separator: "\n")
        let run = try EngineRun.run(spec: Self.spec(), input: input, pipeline: true, format: "csv")
        #expect(run.output == [
            "@type,id,name,version,owner.login,items",
            "Doc,4,,,,[[]]",
            "Doc,5,,,,\"[[],[]]\"",
            "Doc,6,,,,\"[[],[{\"\"@type\"\":\"\"Item\"\",\"\"n\"\":1}]]\"",
            "Doc,7,,,,\"[{\"\"@type\"\":\"\"Item\"\",\"\"n\"\":1},{\"\"@type\"\":\"\"Item\"\",\"\"n\"\":2}]\"",
        ].map { $0 + "\r\n" }.joined())
    }
}

/// Counts the records a sink is given open, and passes everything on.
final class OpenRecordSpy: RecordSink {
    let sink: RecordSink
    var opened = 0

    init(_ sink: RecordSink) { self.sink = sink }

    func beginDocument(_ document: DocumentInfo) throws { try sink.beginDocument(document) }
    func write(_ root: FieldValue, descriptor: Descriptor) throws { try sink.write(root, descriptor: descriptor) }
    func beginDescriptor(_ descriptor: Descriptor) throws { try sink.beginDescriptor(descriptor) }
    func endDocument() throws { try sink.endDocument() }
    func abandonDocument() throws { try sink.abandonDocument() }
    func finish() throws { try sink.finish() }
    var acceptsStreaming: Bool { sink.acceptsStreaming }
    func holdDocumentOutput() -> Bool { sink.holdDocumentOutput() }
    var acceptsNestedArrays: Bool { sink.acceptsNestedArrays }
    func beginNestedArray(descriptor: Descriptor) throws { try sink.beginNestedArray(descriptor: descriptor) }
    func endNestedArray(descriptor: Descriptor) throws { try sink.endNestedArray(descriptor: descriptor) }
    func acceptsOpenRecord(of mapper: ObjectMapper, relationship slot: Int) -> Bool {
        sink.acceptsOpenRecord(of: mapper, relationship: slot)
    }
    func openRecord(_ record: Record, relationship slot: Int, descriptor: Descriptor) throws {
        opened += 1
        try sink.openRecord(record, relationship: slot, descriptor: descriptor)
    }
    func writeRelated(_ elements: [FieldValue]) throws { try sink.writeRelated(elements) }
    func closeRecord(completed: Bool) throws { try sink.closeRecord(completed: completed) }
}
