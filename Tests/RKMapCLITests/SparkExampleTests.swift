import Foundation
import Testing

/// `examples/spark`: Spark maps a directory of NDJSON files through
/// `rkmap apply SPEC - --format ndjson` (`RDD.pipe`) and writes Parquet, and the
/// Parquet records are those of `rkmap apply` on the concatenated input, in order.
///
/// With Spark's start-up the test takes 45 s to over two minutes on a busy 2-core
/// machine, so it runs only with `RKMAP_SPARK_TEST=1` (and PySpark and Java installed);
/// otherwise it prints why it is skipped. `make spark-demo` runs the same check.
@Suite struct SparkExampleTests {
    static let example = RKMapExecutable.repositoryRoot.appendingPathComponent("examples/spark")

    /// The Python interpreter when the test should run, or nil after a visible skip.
    static func pythonWithSpark() throws -> ExternalTool? {
        guard ProcessInfo.processInfo.environment["RKMAP_SPARK_TEST"] == "1" else {
            print("SKIPPED: SparkExampleTests: set RKMAP_SPARK_TEST=1 to run the Spark example"
                + " (Spark's start-up makes it take 45 s to over two minutes; make spark-demo runs the same check)")
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
        let mapped = try python.run([
            Self.example.appendingPathComponent("map_with_spark.py").path,
            "--rkmap", try RKMapExecutable.locate().path, spec, input.path, parquet,
        ])
        #expect(mapped.status == 0, "map_with_spark.py failed:\n\(mapped.stderr)")
        #expect(mapped.stdout.contains("\(names.count) files written to \(parquet)"))
        let readBack = try python.run([Self.example.appendingPathComponent("read_parquet.py").path, parquet])
        #expect(readBack.status == 0, "read_parquet.py failed:\n\(readBack.stderr)")

        let expected = try Self.canonicalRecords(direct.stdout)
        let got = try Self.canonicalRecords(readBack.stdout)
        let inputLines = concatenated.split(separator: UInt8(ascii: "\n")).count
        #expect(expected.count == inputLines, "one record per input line")
        #expect(got == expected)
    }
}
