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

    /// A document read whole whose records have connections is written only
    /// once all of it was mapped and connected: one record holding its
    /// 50,000 related records as bytes (`RKMAP_HELD_ARRAY_BYTES=0` holds
    /// every such array), each with its connected record, written in pieces
    /// to a file (where a write never blocks). A signal while it is written
    /// must stop the run with 128 + the signal. It used to be noticed only
    /// between records, so the run wrote all of it and ended with 0.
    @Test(arguments: ["ndjson", "json", "csv"])
    func aSignalWhileAHeldRecordIsWrittenInPiecesEndsTheRun(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", """
            {"keyPath": "", "root-map-ref": "list", "mappers": [
              {"id": "list", "target": "List", "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]},
              {"id": "item", "target": "Item", "attributes": ["id", "name"],
               "connections": [{"relationship": "first", "sourceAttribute": "id", "target": "Item", "targetAttribute": "id"}]}]}
            """)
        let count = 50_000
        let items = (0..<count).map { i in #"{"id": \#(i), "name": "item number \#(i)"}"# }
        try scratch.write("list.json", #"{"items": ["# + items.joined(separator: ",") + "]}")
        let run = try #require(
            try SignalledRun.signalOnFirstOutputToFile(
                SIGINT, arguments: ["apply", "spec.json", "list.json", "--format", format], in: scratch,
                environment: ["RKMAP_HELD_ARRAY_BYTES": "0"]),
            "the run ended before its first output, or hung")
        #expect(run.status == 130, "\(run.stderr)")
        #expect(run.stderr.contains("error: interrupted by SIGINT"), "\(run.stderr)")
        // Stopped part way through the record: not every item was written
        // (each is at least 35 bytes).
        #expect(run.rest.count < count * 35, "\(run.rest.count) bytes")
    }
}
