import Foundation
import Testing
@testable import RKMap

@Suite struct CSVSinkTests {
    /// Runs documents through a CSVSink and returns the text it wrote.
    static func csv(_ documents: [[FieldValue]], includeType: Bool = true, spillThreshold: Int = 8 << 20, abandon: Set<Int> = []) throws -> String {
        var bytes: [UInt8] = []
        var calls = 0
        let sink = CSVSink(output: { bytes += $0; calls += 1 }, includeType: includeType, spillThreshold: spillThreshold)
        for (i, roots) in documents.enumerated() {
            try sink.beginDocument(DocumentInfo(input: "-", index: i))
            for root in roots { try sink.write(root, descriptor: Fixture.descriptor) }
            #expect(calls == 0, "nothing is written before finish()")
            if abandon.contains(i) { try sink.abandonDocument() } else { try sink.endDocument() }
        }
        try sink.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    let user = Fixture.mapper("User", [.attribute("name"), .attribute("age"), .attribute("admin")])
    let address = Fixture.mapper("Address", [.attribute("city"), .attribute("geo.lat")])
    let tag = Fixture.mapper("Tag", [.attribute("t")])
    var post: ObjectMapper {
        Fixture.mapper("Post", [.attribute("title"), .relationship("author"), .relationship("tags"), .attribute("meta")])
    }

    @Test func headerTypeAndFieldPathsInFirstSeenOrder() throws {
        let u = Fixture.record(user, ["name": .string("Ann"), "age": .number("12.50"), "admin": .bool(false)])
        #expect(try Self.csv([[.record(u)]]) == "@type,name,age,admin\r\nUser,Ann,12.50,false\r\n")
        #expect(try Self.csv([[.record(u)]], includeType: false) == "name,age,admin\r\nAnn,12.50,false\r\n")
    }

    @Test func toOneIsFlattenedAndToManyIsJSON() throws {
        let authorWithHome = Fixture.record(
            Fixture.mapper("User", [.attribute("name"), .relationship("home")]),
            ["name": .string("Ann"), "home": .record(Fixture.record(address, ["city": .string("Oslo"), "geo.lat": .number("59.9")]))])
        let p = Fixture.record(post, [
            "title": .string("T"), "author": .record(authorWithHome),
            "tags": .many([.record(Fixture.record(tag, ["t": .string("a")])), .many([.record(Fixture.record(tag, ["t": .string("b")]))])]),
            "meta": .value(.object(JSONObject([("k", .array([.null, .bool(true)]))]))),
        ])
        #expect(try Self.csv([[.record(p)]]) == """
            @type,title,author.name,author.home.city,author.home.geo.lat,tags,meta\r
            Post,T,Ann,Oslo,59.9,"[{""@type"":""Tag"",""t"":""a""},[{""@type"":""Tag"",""t"":""b""}]]","{""k"":[null,true]}"\r

            """)
    }

    @Test func nullAndAbsentAreEmptyAndLaterColumnsPadEarlierRows() throws {
        let a = Fixture.record(user, ["name": .string("A"), "age": .null])
        let b = Fixture.record(post, ["title": .string("T")])
        let c = Fixture.record(user, ["admin": .bool(true)])
        #expect(try Self.csv([[.record(a), .record(b)], [.record(c)]]) == """
            @type,name,age,title,admin\r
            User,A,,,\r
            Post,,,T,\r
            User,,,,true\r

            """)
    }

    @Test func nestedRootArraysGiveOneRowPerRecord() throws {
        let r = { (n: String) in FieldValue.record(Fixture.record(self.tag, ["t": .string(n)])) }
        #expect(try Self.csv([[.many([r("a"), .many([r("b"), r("c")])])]]) == "@type,t\r\nTag,a\r\nTag,b\r\nTag,c\r\n")
    }

    @Test func abandonedDocumentDropsItsRowsAndColumns() throws {
        let a = Fixture.record(user, ["name": .string("A")])
        let b = Fixture.record(user, ["name": .string("B"), "age": .int(3)])
        #expect(try Self.csv([[.record(a)], [.record(b)], [.record(a)]], abandon: [1]) == "@type,name\r\nUser,A\r\nUser,A\r\n")
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
        let m = Fixture.mapper("M", [.attribute("x")])
        #expect(try Self.csv([[.record(Fixture.record(m, ["x": .null]))]], includeType: false) == "x\r\n\"\"\r\n")
    }

    @Test func spillingToTheTemporaryFileGivesTheSameOutput() throws {
        let big = Fixture.mapper("Row", [.attribute("n"), .attribute("text"), .attribute("late")])
        var roots: [FieldValue] = []
        for i in 0..<500 {
            roots.append(.record(Fixture.record(big, i == 400
                ? ["n": .int(i), "late": .string("x,\"y\"\r\n")]
                : ["n": .int(i), "text": .string("line \(i)\nwith \"quotes\", commas")])))
        }
        let inMemory = try Self.csv([roots, [roots[0]], [roots[1]]], abandon: [1])
        let spilled = try Self.csv([roots, [roots[0]], [roots[1]]], spillThreshold: 100, abandon: [1])
        #expect(spilled == inMemory)
        #expect(inMemory.hasPrefix("@type,n,text,late\r\nRow,0,\"line 0\nwith \"\"quotes\"\", commas\",\r\n"))
        #expect(inMemory.hasSuffix("Row,1,\"line 1\nwith \"\"quotes\"\", commas\",\r\n"))
    }

    @Test func abandoningAfterASpillTruncatesTheFile() throws {
        let m = Fixture.mapper("Row", [.attribute("n")])
        let docs: [[FieldValue]] = (0..<3).map { d in (0..<50).map { .record(Fixture.record(m, ["n": .int(d * 100 + $0)])) } }
        let expected = try Self.csv([docs[0], docs[2]])
        #expect(try Self.csv(docs, spillThreshold: 64, abandon: [1]) == expected)
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
        let m = Fixture.mapper("Cell\"s, \"odd\"", [.attribute("v"), .attribute("w,x"), .attribute("n")])
        let roots = nasty.enumerated().map { i, s in
            FieldValue.record(Fixture.record(m, ["v": .string(s), "w,x": .string(s + s), "n": .int(i)]))
        }
        let text = try Self.csv([roots])
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
        #expect(rows.first == ["@type", "v", "w,x", "n"])
        #expect(Array(rows.dropFirst()) == nasty.enumerated().map { i, s in ["Cell\"s, \"odd\"", s, s + s, String(i)] })
    }

    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first(where: FileManager.default.isExecutableFile)
    }
}
