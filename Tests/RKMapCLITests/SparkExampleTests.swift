import Foundation
import Testing

/// `examples/spark`: Spark maps a directory of NDJSON files through
/// `rkmap apply SPEC - --format ndjson` (`RDD.pipe`) and writes Parquet, and the
/// Parquet records are those of `rkmap apply` on the concatenated input, in order.
///
/// Runs whenever PySpark and Java are installed (`RKMAP_SKIP_SPARK=1` skips it),
/// and prints which one is missing otherwise. One Spark session does the whole
/// job and reads the Parquet back (`map_with_spark.py --fast-start --read-back`),
/// tuned for start-up: about 10-20 s, most of it the JVM starting Spark.
@Suite struct SparkExampleTests {
    static let example = RKMapExecutable.repositoryRoot.appendingPathComponent("examples/spark")

    /// The Python interpreter when the test should run, or nil after a visible skip.
    static func pythonWithSpark() throws -> ExternalTool? {
        if ProcessInfo.processInfo.environment["RKMAP_SKIP_SPARK"] == "1" {
            print("SKIPPED: SparkExampleTests: RKMAP_SKIP_SPARK=1 is set")
            return nil
        }
        guard let python = ExternalTool.find("python3", for: "SparkExampleTests") else { return nil }
        guard try python.run(["-c", "import pyspark"]).status == 0 else {
            print("SKIPPED: SparkExampleTests: PySpark is not installed (pip install pyspark)")
            return nil
        }
        guard ExternalTool.find("java", for: "SparkExampleTests (Spark needs Java 17 or later)") != nil else {
            return nil
        }
        return python
    }

    /// Each NDJSON line as canonical JSON text (sorted keys): Spark orders the
    /// columns it infers by name, rkmap by declaration; values must be equal.
    static func canonicalRecords(_ text: String) throws -> [String] {
        try text.split(separator: "\n").map { line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test func parquetRecordsEqualRKMapOnTheConcatenatedInput() throws {
        guard let python = try Self.pythonWithSpark() else { return }
        let spec = Self.example.appendingPathComponent("orders.spec.json").path
        let input = Self.example.appendingPathComponent("input")
        let names = try FileManager.default.contentsOfDirectory(atPath: input.path)
            .filter { $0.hasSuffix(".ndjson") }.sorted()
        #expect(names.count > 1, "the example maps a directory of several files")
        var concatenated: [UInt8] = []
        for name in names {
            concatenated += try Data(contentsOf: input.appendingPathComponent(name))
        }
        let direct = try RKMapExecutable.run(["apply", spec, "-", "--format", "ndjson"], stdin: concatenated)
        #expect(direct.status == 0, "\(direct)")
        #expect(direct.stderr == "")

        let scratch = try Scratch()
        let parquet = scratch.path("orders.parquet")
        let readBack = scratch.path("parquet-records.ndjson")
        let mapped = try python.run([
            Self.example.appendingPathComponent("map_with_spark.py").path, "--fast-start", "--read-back", readBack,
            "--rkmap", try RKMapExecutable.locate().path, spec, input.path, parquet,
        ])
        #expect(mapped.status == 0, "map_with_spark.py failed:\n\(mapped.stderr)")
        #expect(mapped.stdout.contains("\(names.count) files written to \(parquet)"))
        let parts = try FileManager.default.contentsOfDirectory(atPath: parquet).filter { $0.hasPrefix("part-") }
        #expect(!parts.isEmpty, "Parquet part files in \(parquet)")

        let expected = try Self.canonicalRecords(direct.stdout)
        let got = try Self.canonicalRecords(try String(contentsOfFile: readBack, encoding: .utf8))
        let inputLines = concatenated.split(separator: UInt8(ascii: "\n")).count
        #expect(expected.count == inputLines, "one record per input line")
        #expect(got == expected)
    }
}
