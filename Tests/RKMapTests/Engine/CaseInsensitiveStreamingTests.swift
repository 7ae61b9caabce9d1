import Testing
@testable import RKMap

/// A large document under `keyMatching: caseInsensitive` is streamed like an
/// exact-key one (docs/spec.md §4; docs/behaviour.md "Large documents are
/// streamed"): the splitter follows the first key on the content path that
/// matches ignoring case. Wherever a whole-document read takes the same member,
/// the streamed run must give the same output, diagnostics, outcome and
/// statistics; where it would take a later one, the streamed run says so.
@Suite struct CaseInsensitiveStreamingTests {
    static func spec(keyPath: String) -> String {
        """
        {"keyPath": "\(keyPath)", "root-map-ref": "item", "keyMatching": "caseInsensitive", "mappers": [
          {"id": "item", "target": "Item", "attributes": {"ID": "id", "name": "name"},
           "relationships": [{"from": "Tags", "to": "tags", "map-ref": "tag", "many": true}]},
          {"id": "tag", "target": "Tag", "attributes": {"Label": "label"}}]}
        """
    }

    /// Elements whose own keys differ in case too (exact wins, else the first).
    static func elements(_ tag: String) -> String {
        #"[{"id": 1, "NAME": "\#(tag)1", "tags": [{"label": "x"}, {"LABEL": "y", "label": "z"}]}, "#
            + #"{"Id": 2, "name": "\#(tag)2", "Name": "no", "TAGS": {"Label": "w"}}, null, "scalar", {"iD": 3, "ÍD": 4}]"#
    }

    /// Maps `input` whole and serially, or through the pipeline with a
    /// threshold of 0, so that every document is streamed.
    static func run(_ input: String, keyPath: String, streamed: Bool, format: String = "ndjson") throws -> EngineRun {
        try EngineRun.run(spec: spec(keyPath: keyPath), input: input, pipeline: streamed, format: format) { engine, sink in
            // The point of the suite: such a spec is streamed, not read whole.
            #expect(engine.canStream(into: sink))
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var keyPath: String
        var input: String
        /// A whole-document read maps the elements tagged `a`.
        var maps = true
        var description: String { name }
    }

    /// Documents where the first member that matches ignoring case is the one a
    /// whole-document read takes (or holds no content, and the one it takes comes later).
    static let sameAnswer: [Case] = [
        Case(name: "exact key only", keyPath: "items", input: #"{"meta": 1, "items": \#(elements("a"))}"#),
        Case(name: "only an inexact key", keyPath: "items", input: #"{"Items": \#(elements("a")), "tail": [1]}"#),
        Case(name: "exact key before inexact ones", keyPath: "items",
             input: #"{"items": \#(elements("a")), "Items": \#(elements("b")), "ITEMS": 3}"#),
        Case(name: "several inexact keys: the first", keyPath: "items",
             input: #"{"Items": \#(elements("a")), "ITEMS": \#(elements("b")), "iTeMs": []}"#),
        Case(name: "nested key path, inexact at each level", keyPath: "data.items",
             input: #"{"x": {"items": []}, "Data": {"n": 1, "Items": \#(elements("a")), "ITEMS": []}}"#),
        Case(name: "nested: the inexact first has no content, an exact one later does", keyPath: "data.items",
             input: #"{"Data": {"other": \#(elements("b"))}, "data": {"items": \#(elements("a"))}}"#),
        Case(name: "nested: the inexact first has no content, another inexact one later does", keyPath: "data.items",
             input: #"{"Data": {"other": 1}, "DATA": {"items": \#(elements("a"))}}"#, maps: false),
        Case(name: "nested: an inexact key whose value is not an object, then the exact one", keyPath: "data.items",
             input: #"{"DATA": 7, "data": {"ITEMS": \#(elements("a"))}}"#),
        Case(name: "key path through an array", keyPath: "groups.items",
             input: #"{"Groups": [{"Items": \#(elements("a"))}, {"items": \#(elements("b")), "ITEMS": []}, {"x": 1}]}"#),
        Case(name: "non-ASCII case", keyPath: "ítems.ñame",
             input: #"{"ÍTEMS": {"Ñame": \#(elements("a")), "ÑAME": []}, "ítemsx": 1}"#),
        Case(name: "nested: a scalar where the path goes on", keyPath: "data.items",
             input: #"{"Data": "flat", "DATA": {"items": \#(elements("a"))}}"#, maps: false),
        Case(name: "no key matches", keyPath: "items", input: #"{"item": \#(elements("a")), "Itemss": []}"#, maps: false),
    ]

    @Test(arguments: sameAnswer)
    func streamedGivesTheSameAnswerAsWhole(_ c: Case) throws {
        // The document alone, and twice (documents after a streamed one).
        for input in [c.input, c.input + "\n" + c.input] {
            for format in ["ndjson", "json"] {
                let whole = try Self.run(input, keyPath: c.keyPath, streamed: false, format: format)
                let streamed = try Self.run(input, keyPath: c.keyPath, streamed: true, format: format)
                #expect(streamed == whole, "\(format), \(input.utf8.count) bytes")
                #expect(whole.output.contains("a1") == c.maps)
            }
        }
    }

    /// An exact key after an inexact one: a whole-document read takes the exact
    /// one, a streamed one has already mapped the first and says so, at the later key.
    @Test func inexactKeyThenExactLaterIsMappedFromTheFirstWithAWarning() throws {
        let input = #"{"Items": \#(Self.elements("a")), "items": \#(Self.elements("b"))}"#
        let streamed = try Self.run(input, keyPath: "items", streamed: true)
        // At the later key's value (just after its colon; columns count
        // characters), once the elements before it are mapped.
        let column = input.count - Self.elements("b").count - 1
        let warning = "in.json:1:\(column): warning: key 'items' appears after 'Items'; "
            + "a streamed document is mapped from the first key matching 'items' ignoring case"
        // What it mapped is what a whole-document read of the first key gives.
        let first = try Self.run(#"{"Items": \#(Self.elements("a"))}"#, keyPath: "items", streamed: false)
        #expect(streamed.diagnostics == first.diagnostics + [warning])
        #expect(streamed.output == first.output)
        #expect(streamed.outcome == first.outcome)
        // Read whole, the exact key wins and nothing is said.
        let whole = try Self.run(input, keyPath: "items", streamed: false)
        #expect(whole.output.contains("b1") && !whole.output.contains("a1"))
        #expect(!whole.diagnostics.contains { $0.contains("appears") })
    }

    /// The same on a nested path, and a repeat of the key followed: the
    /// existing duplicate-key warning, in document order.
    @Test func nestedDivergenceAndRepeatsAreWarnedInOrder() throws {
        let input = #"{"Data": {"Items": \#(Self.elements("a")), "Items": [], "items": []}, "data": {"items": []}}"#
        let streamed = try Self.run(input, keyPath: "data.items", streamed: true)
        let notes = streamed.diagnostics.filter { $0.contains("appears") }.map { $0.split(separator: " ", maxSplits: 1)[1] }
        #expect(notes == [
            "warning: key 'Items' appears again; a streamed document is mapped from its first occurrence",
            "warning: key 'items' appears after 'Items'; a streamed document is mapped from the first key matching 'items' ignoring case",
            "warning: key 'data' appears after 'Data'; a streamed document is mapped from the first key matching 'data' ignoring case",
        ])
        #expect(streamed.output.contains("a1"))
    }

    /// Exact keys only: a repeat is the duplicate-key warning, as before.
    @Test func exactRepeatKeepsTheDuplicateKeyWarning() throws {
        let input = #"{"items": \#(Self.elements("a")), "items": \#(Self.elements("b"))}"#
        let streamed = try Self.run(input, keyPath: "items", streamed: true)
        let column = input.count - Self.elements("b").count - 1
        #expect(streamed.diagnostics.last
            == "in.json:1:\(column): warning: key 'items' appears again; a streamed document is mapped from its first occurrence")
        #expect(streamed.output.contains("a1") && !streamed.output.contains("b1"))
    }
}
