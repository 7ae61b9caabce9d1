import Foundation
import Testing

/// A streamed document under a spec with connections is written only at its
/// end (docs/behaviour.md "Connections in a streamed document"), after the
/// whole input was read: a signal then must still end the run with status
/// 128 + the signal (130 for SIGINT, docs/spec.md §11), as it does for a
/// document read whole. It used to be noticed only between input units, so a
/// signal during that last write was lost: exit 0.
@Suite struct HeldDocumentSignalTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalWhileAHeldDocumentIsWrittenEndsTheRun(signal: Int32) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "statuses", "mappers": [{"id": "status", "target": "Status", "attributes": ["id", "text", "inReplyTo"],
              "connections": [{"relationship": "replyTo", "sourceAttribute": "inReplyTo", "target": "Status", "targetAttribute": "id"}]}]}
            """)
        let statuses = (0..<60_000).map { i in #"{"id": "s\#(i)", "text": "status number \#(i)", "inReplyTo": "s\#((i + 1) % 60_000)"}"# }
        try scratch.write("statuses.json", #"{"statuses": ["# + statuses.joined(separator: ",") + "]}")
        // The first record comes only once the whole document was read and
        // connected: the run is then writing it when the signal comes.
        let run = try SignalledRun.signalOnFirstOutput(
            signal, arguments: ["apply", "spec.json", "statuses.json", "--format", "ndjson"], in: scratch)
        #expect(run.first == Data("{".utf8))
        #expect(run.status == 128 + signal)
        #expect(run.stderr.contains("error: interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), "\(run.stderr)")
        // Stopped part way: not every record was written.
        #expect(run.rest.count < 60_000 * 60)
    }
}
