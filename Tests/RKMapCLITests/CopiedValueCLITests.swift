import Foundation
import Testing
@testable import RKMap

/// An untyped attribute whose value nothing else reads (GeoJSON coordinates)
/// is read as its compact text rather than a tree (docs/behaviour.md,
/// "Values copied whole"). Through the binary the output is what §10 gives
/// for the value in every format, streamed and whole, and a syntax error
/// inside such a value is reported as anywhere else.
@Suite struct CopiedValueCLITests {
    static let spec = #"""
        {"keyPath": "features", "root-map-ref": "f", "mappers": [
          {"id": "f", "target": "Feature", "attributes": {"id": "id", "properties.name": "name", "geometry.type": "kind",
                                                          "geometry.coordinates": "coordinates"}}]}
        """#
    static let input = #"""
        {"type": "FeatureCollection", "features": [
          {"id": "a", "properties": {"name": "N"}, "geometry": {"type": "Point", "coordinates": [1.50, -2e3]}},
          {"id": "b", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0]], [], {"k": "caf\u00e9 \/ \"q\"", "k": {}}]},
           "properties": {"name": "x"}}]}
        """#

    /// §10.1: compact JSON keeps the numbers' source digits, writes `é` and
    /// `/` unescaped and a repeated key's last value at its first place.
    @Test func ndjsonWritesTheValueAsCompactJSON() throws {
        let expected = #"{"@type":"Feature","id":"a","name":"N","kind":"Point","coordinates":[1.50,-2e3]}"# + "\n"
            + #"{"@type":"Feature","id":"b","name":"x","kind":"Polygon","coordinates":[[[0,0],[1,0]],[],{"k":{}}]}"# + "\n"
        try expectOutput(["--format", "ndjson"], expected)
    }

    /// §10.3: an array is one cell of compact JSON text, quoted (it holds commas).
    @Test func csvWritesTheValueAsOneCell() throws {
        let expected = "@type,id,name,kind,coordinates\r\n"
            + #"Feature,a,N,Point,"[1.50,-2e3]""# + "\r\n"
            + #"Feature,b,x,Polygon,"[[[0,0],[1,0]],[],{""k"":{}}]""# + "\r\n"
        try expectOutput(["--format", "csv"], expected)
    }

    /// §10.1: pretty JSON puts each element and member on its own line, two
    /// spaces deeper, and keeps `[]` and `{}` on one.
    @Test func prettyJSONIndentsTheValue() throws {
        let expected = """
            [
              {
                "@type": "Feature",
                "id": "a",
                "name": "N",
                "kind": "Point",
                "coordinates": [
                  1.50,
                  -2e3
                ]
              },
              {
                "@type": "Feature",
                "id": "b",
                "name": "x",
                "kind": "Polygon",
                "coordinates": [
                  [
                    [
                      0,
                      0
                    ],
                    [
                      1,
                      0
                    ]
                  ],
                  [],
                  {
                    "k": {}
                  }
                ]
              }
            ]

            """
        try expectOutput([], expected)
    }

    /// §10.4: an untyped array is TEXT holding its compact JSON.
    @Test func sqliteStoresTheValueAsJSONText() throws {
        for environment in PipelineThresholds.both {
            let scratch = try Scratch()
            defer { scratch.remove() }
            try scratch.write("spec.json", Self.spec)
            try scratch.write("in.json", Self.input)
            let (run, db) = try PipelineThresholds.intoSQLite(in: scratch, environment: environment)
            #expect(run.status == 0 && run.stderr == "", "\(run)")
            let rows = try Tables.query(db, "SELECT id, coordinates, typeof(coordinates) FROM Feature ORDER BY id")
            #expect(rows == [[.text("a"), .text("[1.50,-2e3]"), .text("text")],
                             [.text("b"), .text(#"[[[0,0],[1,0]],[],{"k":{}}]"#), .text("text")]])
        }
    }

    /// A syntax error inside a value read as text is the error a tree read
    /// reports (the same spec with `geometry.coordinates.@count` reads the
    /// tree), at the same line and column; the record before it is written.
    @Test(arguments: [
        ("[1, 2,]", "1:87: error: expected a value after ',', found ']' (trailing commas are not JSON)"),
        ("[1 2]", "1:84: error: expected ',' or ']' after an array element, found '2'"),
        (#"{"a" 1}"#, "1:86: error: expected ':' after an object key, found '1'"),
        (#"["\x"]"#, "1:83: error: invalid escape '\\x' in a string"),
        ("[[[[1]]]]", "1:83: error: nesting deeper than 6 levels"),
    ])
    func aSyntaxErrorInsideTheValueIsReportedAsElsewhere(value: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("tree.json", Self.spec.replacingOccurrences(of: #""kind","#, with: #""kind", "geometry.coordinates.@count": "n","#))
        try scratch.write("in.json", #"{"features": [{"id": "a"}, {"id": "b", "geometry": {"type": "P", "coordinates": "# + value + "}}]}\n")
        for environment in PipelineThresholds.both {
            let copied = try RKMapExecutable.run(
                ["apply", "spec.json", "in.json", "--format", "ndjson", "--max-depth", "6"], directory: scratch.url, environment: environment)
            let tree = try RKMapExecutable.run(
                ["apply", "tree.json", "in.json", "--format", "ndjson", "--max-depth", "6"], directory: scratch.url, environment: environment)
            #expect(copied.status == 1)
            #expect(copied.stderr.contains("in.json:" + message), "\(copied.stderr)")
            #expect(copied.stderr == tree.stderr)
        }
    }

    /// A value larger than a worker's output buffer moves on at once
    /// (`SpilledBytes.size`, 256 KiB) is written into the output bytes
    /// directly, handed to the file uncopied, quoted into a CSV row from its
    /// own bytes and bound to SQLite from them: the same text as a small
    /// value's, between the records around it. Its elements hold a quote, a
    /// comma, a backslash and empty containers; the input has spaces that
    /// compact JSON drops.
    enum Large {
        static let count = 12_000
        static var element: (Int) -> (input: String, compact: String) {
            { i in (#"[\#(i), "q\"u,o\\te", {"k": [], "e": {}}]"#, #"[\#(i),"q\"u,o\\te",{"k":[],"e":{}}]"#) }
        }
        static var compact: String { "[" + (0..<count).map { element($0).compact }.joined(separator: ",") + "]" }
        static var input: String {
            #"{"features": [{"id": "a", "geometry": {"type": "Point", "coordinates": [1, 2]}},"#
                + #" {"id": "big", "geometry": {"type": "Polygon", "coordinates": ["#
                + (0..<count).map { element($0).input }.joined(separator: ", ")
                + #"]}}, {"id": "z", "geometry": {"type": "Point", "coordinates": []}}]}"# + "\n"
        }
    }

    @Test func aLargeValueIsWrittenAsASmallOneInNDJSONAndCSV() throws {
        let compact = Large.compact
        #expect(compact.utf8.count > 256 * 1024 + 100_000)
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Large.input)
        let args = ["apply", "spec.json", "in.json"]
        try PipelineThresholds.expectOutput(args + ["--format", "ndjson"], in: scratch,
            #"{"@type":"Feature","id":"a","kind":"Point","coordinates":[1,2]}"# + "\n"
                + #"{"@type":"Feature","id":"big","kind":"Polygon","coordinates":"# + compact + "}\n"
                + #"{"@type":"Feature","id":"z","kind":"Point","coordinates":[]}"# + "\n")
        // §10.3: one quoted cell, its quotes doubled.
        let cell = "\"" + compact.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try PipelineThresholds.expectOutput(args + ["--format", "csv"], in: scratch,
            "@type,id,name,kind,coordinates\r\n" + "Feature,a,,Point,\"[1,2]\"\r\n"
                + "Feature,big,,Polygon," + cell + "\r\n" + "Feature,z,,Point,[]\r\n")
        for environment in PipelineThresholds.both {
            try? FileManager.default.removeItem(atPath: scratch.path("out.db"))
            let (run, db) = try PipelineThresholds.intoSQLite(in: scratch, environment: environment)
            #expect(run.status == 0 && run.stderr == "", "\(run)")
            let rows = try Tables.query(db, "SELECT id, coordinates, typeof(coordinates) FROM Feature ORDER BY id")
            #expect(rows == [[.text("a"), .text("[1,2]"), .text("text")], [.text("big"), .text(compact), .text("text")],
                             [.text("z"), .text("[]"), .text("text")]])
        }
    }

    /// §10.1 pretty JSON of the large value: each element and member on its
    /// own line two spaces deeper, `[]` and `{}` on one.
    @Test func aLargeValueIsIndentedAsASmallOne() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Large.input)
        let pad = { (level: Int) in String(repeating: " ", count: 2 * level) }
        let elements = (0..<Large.count).map { i in
            pad(3) + "[\n" + pad(4) + "\(i),\n" + pad(4) + #""q\"u,o\\te","# + "\n" + pad(4) + "{\n"
                + pad(5) + #""k": [],"# + "\n" + pad(5) + #""e": {}"# + "\n" + pad(4) + "}\n" + pad(3) + "]"
        }
        func record(_ id: String, _ kind: String, _ coordinates: String) -> String {
            pad(1) + "{\n" + pad(2) + #""@type": "Feature","# + "\n" + pad(2) + #""id": "\#(id)","# + "\n"
                + pad(2) + #""kind": "\#(kind)","# + "\n" + pad(2) + #""coordinates": "# + coordinates + "\n" + pad(1) + "}"
        }
        let expected = "[\n"
            + record("a", "Point", "[\n" + pad(3) + "1,\n" + pad(3) + "2\n" + pad(2) + "]") + ",\n"
            + record("big", "Polygon", "[\n" + elements.joined(separator: ",\n") + "\n" + pad(2) + "]") + ",\n"
            + record("z", "Point", "[]") + "\n]\n"
        try PipelineThresholds.expectOutput(["apply", "spec.json", "in.json"], in: scratch, expected)
    }

    private func expectOutput(_ args: [String], _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Self.input)
        try PipelineThresholds.expectOutput(["apply", "spec.json", "in.json"] + args, in: scratch, expected, sourceLocation: sourceLocation)
    }
}
