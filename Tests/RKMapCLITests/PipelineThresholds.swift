import Foundation
import Testing

/// The two ways the streaming suites run the binary on one input:
/// `RKMAP_PIPELINE_THRESHOLD=0` streams every document the spec allows, a
/// threshold past the input reads every document whole. Their answers must
/// be the same.
enum PipelineThresholds {
    static let streamed: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "0"]
    static let whole: [String: String?] = ["RKMAP_PIPELINE_THRESHOLD": "1000000000"]
    static let both = [streamed, whole]

    /// Runs `rkmap args` in `scratch` streamed and whole, and expects each
    /// run to succeed with exactly `expected` on stdout and nothing on stderr.
    static func expectOutput(
        _ args: [String], in scratch: Scratch, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        for environment in both {
            let run = try RKMapExecutable.run(args, directory: scratch.url, environment: environment)
            #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stdout == expected, sourceLocation: sourceLocation)
            #expect(run.stderr == "", sourceLocation: sourceLocation)
        }
    }

    /// Maps `spec.json` and `in.json` of `scratch` into `out.db` there, under
    /// `environment`: the run, and the database's path.
    static func intoSQLite(
        in scratch: Scratch, environment: [String: String?]
    ) throws -> (run: RKMapExecutable.Result, database: String) {
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"], directory: scratch.url, environment: environment)
        return (run, scratch.path("out.db"))
    }
}
