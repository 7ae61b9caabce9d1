import Foundation
import Testing
@testable import RKMap

@Suite struct CSVSinkTests {
    /// The spec the tests' records come from: CSV columns come from it (SPEC 1.1 §10.3).
    static let graph: MappingGraph = {
        let spec = #"""
            {"mappers": [
              {"id": "user", "target": "User", "attributes": ["name", "age", "admin"],
               "relationships": [{"from": "home", "to": "home", "map-ref": "address"}]},
              {"id": "address", "target": "Address", "attributes": {"city": "city", "lat": "geo.lat"}},
              {"id": "tag", "target": "Tag", "attributes": ["t"]},
              {"id": "post", "target": "Post", "attributes": ["title"],
               "relationships": [{"from": "author", "to": "author", "map-ref": "user"},
                                 {"from": "tags", "to": "tags", "map-ref": "tag", "many": true},
                                 {"from": "meta", "to": "meta"}]},
              {"id": "any", "dynamic": true, "matchers": [
                {"keyPath": "kind", "expectValue": "user", "map-ref": "user"},
                {"keyPath": "kind", "expectValue": "post", "map-ref": "post"},
                {"keyPath": "kind", "expectValue": "tag", "map-ref": "tag"}]}],
             "descriptors": [{"root-map-ref": "any"}]}
            """#
        return SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json").graph!
    }()

    static func mapper(_ id: String) -> ObjectMapper {
        guard case .object(let m)? = graph.mapper(id: id) else { fatalError("no mapper \(id)") }
        return m
    }

    /// Runs documents through a CSVSink and returns the text it wrote, checking
    /// that each document's rows were handed on by the end of the document.
    static func csv(_ documents: [[FieldValue]], includeType: Bool = true, type: String? = nil) throws -> String {
        var bytes: [UInt8] = []
        let sink = CSVSink(
            output: { bytes += $0 }, graph: graph, roots: graph.descriptors.map(\.rootMapper), type: type,
            includeType: includeType)
        for (i, roots) in documents.enumerated() {
            try sink.beginDocument(DocumentInfo(input: "-", index: i))
            for root in roots { try sink.write(root, descriptor: Fixture.descriptor) }
            try sink.endDocument()
            #expect(roots.isEmpty || !bytes.isEmpty, "rows are written by the end of their document")
        }
        try sink.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    let user = Self.mapper("user")
    let address = Self.mapper("address")
    let tag = Self.mapper("tag")
    let post = Self.mapper("post")

    static let header = "@type,name,age,admin,home.city,home.geo.lat,title,author.name,author.age,author.admin,author.home.city,author.home.geo.lat,tags,meta,t"

    @Test func columnsComeFromTheSpecInMatcherAndRecordOrder() throws {
        let u = Fixture.record(user, ["name": .string("Ann"), "age": .number("12.50"), "admin": .bool(false)])
        #expect(try Self.csv([[.record(u)]]) == Self.header + "\r\nUser,Ann,12.50,false" + String(repeating: ",", count: 11) + "\r\n")
        #expect(try Self.csv([[]]) == Self.header + "\r\n", "the same header without any record")
        #expect(try Self.csv([[.record(u)]], includeType: false).hasPrefix("name,age,admin,home.city,"))
        #expect(try Self.csv([[.record(u)]], type: "User") == "@type,name,age,admin,home.city,home.geo.lat\r\nUser,Ann,12.50,false,,\r\n")
    }

    @Test func toOneIsFlattenedAndToManyIsJSON() throws {
        let authorWithHome = Fixture.record(user, [
            "name": .string("Ann"), "home": .record(Fixture.record(address, ["city": .string("Oslo"), "geo.lat": .number("59.9")])),
        ])
        let p = Fixture.record(post, [
            "title": .string("T"), "author": .record(authorWithHome),
            "tags": .many([.record(Fixture.record(tag, ["t": .string("a")])), .many([.record(Fixture.record(tag, ["t": .string("b")]))])]),
            "meta": .value(.object(JSONObject([("k", .array([.null, .bool(true)]))]))),
        ])
        #expect(try Self.csv([[.record(p)]], type: "Post") == """
            @type,title,author.name,author.age,author.admin,author.home.city,author.home.geo.lat,tags,meta\r
            Post,T,Ann,,,Oslo,59.9,"[{""@type"":""Tag"",""t"":""a""},[{""@type"":""Tag"",""t"":""b""}]]","{""k"":[null,true]}"\r

            """)
    }

    @Test func nullAndAbsentAreEmpty() throws {
        let a = Fixture.record(post, ["title": .string("A"), "author": .null])
        #expect(try Self.csv([[.record(a)]], type: "Post") == "@type,title,author.name,author.age,author.admin,author.home.city,author.home.geo.lat,tags,meta\r\nPost,A,,,,,,,\r\n")
    }

    @Test func nestedRootArraysGiveOneRowPerRecord() throws {
        let r = { (n: String) in FieldValue.record(Fixture.record(self.tag, ["t": .string(n)])) }
        #expect(try Self.csv([[.many([r("a"), .many([r("b"), r("c")])])]], type: "Tag") == "@type,t\r\nTag,a\r\nTag,b\r\nTag,c\r\n")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", #""a,b""#), (#"say "hi""#, #""say ""hi""""#), ("two\nlines", "\"two\nlines\""),
        ("cr\rlf", "\"cr\rlf\""), (" lead", #"" lead""#), ("trail ", #""trail ""#), ("in side", "in side"),
        ("Ünïcode 名前 🎉", "Ünïcode 名前 🎉"), ("", ""),
    ])
    func quoting(cell: String, expected: String) {
        var out: [UInt8] = []
        CSVSink.appendCell(cell, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test func loneEmptyCellIsNotABlankLine() throws {
        #expect(try Self.csv([[.record(Fixture.record(tag, ["t": .null]))]], includeType: false, type: "Tag") == "t\r\n\"\"\r\n")
    }

    @Test func outputIsHandedOnInBoundedChunks() throws {
        var chunks: [Int] = []
        let sink = CSVSink(output: { chunks.append($0.count) }, graph: Self.graph, roots: [Self.graph.descriptors[0].rootMapper], type: "Tag")
        try sink.beginDocument(DocumentInfo(input: "-", index: 0))
        let row = FieldValue.record(Fixture.record(tag, ["t": .string(String(repeating: "x", count: 1000))]))
        for _ in 0..<1000 { try sink.write(row, descriptor: Fixture.descriptor) }
        #expect(chunks.count >= 10, "rows are written while the document is still going")
        #expect(chunks.allSatisfy { $0 < CSVSink.flushThreshold + 2000 })
        try sink.endDocument()
        try sink.finish()
        let total = chunks.reduce(0, +)
        let expected: Int = 9 + 1000 * 1006  // "@type,t\r\n", then "Tag,xxx…\r\n" rows
        #expect(total == expected)
    }

    /// Python's csv module reads the output back: the real-reader check of quoting.
    @Test func pythonCSVReaderReadsTheCellsBack() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile)
            ?? Self.which("python3")
        else {
            print("CSVSinkTests: python3 not found; skipping the real-reader check")
            return
        }
        let nasty = ["a,b", #"say "hi""#, "two\nlines", "cr\r\nlf", " lead", "trail ", "Ünïcode 名前 🎉", "", "\"", ",", "plain"]
        let roots = nasty.map { FieldValue.record(Fixture.record(tag, ["t": .string($0)])) }
        let text = try Self.csv([roots], type: "Tag")
        let script = "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))"
        let file = Fixture.temporaryPath("out.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rows = try JSONDecoder().decode([[String]].self, from: output)
        #expect(rows.first == ["@type", "t"])
        #expect(Array(rows.dropFirst()) == nasty.map { ["Tag", $0] })
    }

    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first(where: FileManager.default.isExecutableFile)
    }
}
