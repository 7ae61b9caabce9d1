import Foundation
import Testing

/// `@sum`, `@avg`, `@min` and `@max` on what APIs send (docs/spec.md §4):
/// money as strings (`"199.00"`, Shopify's and Stripe's shape) counts as the
/// number it spells; elements an operator cannot combine leave the attribute
/// out with a warning that names the element, where they used to be skipped
/// (a total of 0) or compared as text (`"9.50"` above `"199.00"`) without a
/// word, exit status 0 even under `--strict`. Read whole or streamed alike.
@Suite struct CollectionOperatorCLITests {
    static let spec = #"""
        {"keyPath": "orders", "mappers": [{"id": "order", "target": "Order", "attributes": {"id": "id",
          "line_items.price.@sum": "total", "line_items.price.@avg": "mean", "line_items.price.@min": "low",
          "line_items.price.@max": "high", "line_items.@count": "n"}}]}
        """#
    static let input = #"""
        {"orders": [{"id": 1, "line_items": [{"price": "199.00"}, {"price": "0.10"}, {"price": "9.50"}]},
          {"id": 2, "line_items": [{"price": "5"}, {"price": 12}, {"price": null}]},
          {"id": 3, "line_items": [{"price": "free"}, {"price": 1}]},
          {"id": 4, "line_items": [{"price": true}, {"price": "3"}]},
          {"id": 5, "line_items": [{"price": "b"}, {"price": "a10"}, {}]},
          {"id": 6, "line_items": [{"price": "9.50"}, {"price": "199.00"}, {"price": "N/A"}]}]}
        """#

    @Test(arguments: ["0", "1000000000"])
    func moneyStringsAddUpAndWhatCannotBeCombinedIsAWarning(threshold: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("in.json", Self.input)
        let arguments = ["apply", "spec.json", "in.json", "--format", "ndjson", "--no-type"]
        let run = try RKMapExecutable.run(arguments, directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        // 199.00 + 0.10 + 9.50 exactly, its mean to 34 significant digits;
        // "0.10" and "199.00" ordered as numbers, kept as written; null
        // skipped; "b" and "a10" spell no number, so they are ordered as text.
        #expect(run.stdout == """
            {"id":1,"total":208.6,"mean":69.53333333333333333333333333333333,"low":"0.10","high":"199.00","n":3}
            {"id":2,"total":17,"mean":8.5,"low":"5","high":12,"n":3}
            {"id":3,"n":2}
            {"id":4,"n":2}
            {"id":5,"low":"a10","high":"b","n":3}
            {"id":6,"n":3}

            """)
        #expect(run.status == 0)
        func warning(_ order: Int, _ op: String, _ attribute: String, _ why: String) -> String {
            "in.json: $.orders[\(order)]: warning: 'line_items.price.\(op)': \(why); the attribute is left out [mapper order, attribute \(attribute)]"
        }
        let adds = { (op: String, what: String) in "element 0 is \(what), and \(op) adds only numbers (and strings that spell them)" }
        #expect(run.stderr.split(separator: "\n").map(String.init) == [
            warning(2, "@sum", "total", adds("@sum", "a string that spells no number")),
            warning(2, "@avg", "mean", adds("@avg", "a string that spells no number")),
            warning(2, "@min", "low", "element 0 is a string that spells no number and element 1 a number, which @min cannot order together"),
            warning(2, "@max", "high", "element 0 is a string that spells no number and element 1 a number, which @max cannot order together"),
            warning(3, "@sum", "total", adds("@sum", "a boolean")),
            warning(3, "@avg", "mean", adds("@avg", "a boolean")),
            warning(3, "@min", "low", "element 0 is a boolean and element 1 a string, which @min cannot order together"),
            warning(3, "@max", "high", "element 0 is a boolean and element 1 a string, which @max cannot order together"),
            warning(4, "@sum", "total", adds("@sum", "a string that spells no number")),
            warning(4, "@avg", "mean", adds("@avg", "a string that spells no number")),
            // Money with a word among it: no order, rather than text order.
            warning(5, "@sum", "total", "element 2 is a string that spells no number, and @sum adds only numbers (and strings that spell them)"),
            warning(5, "@avg", "mean", "element 2 is a string that spells no number, and @avg adds only numbers (and strings that spell them)"),
            warning(5, "@min", "low", "element 0 is a string that spells a number and element 2 a string that spells no number, which @min cannot order together"),
            warning(5, "@max", "high", "element 0 is a string that spells a number and element 2 a string that spells no number, which @max cannot order together"),
        ])
        let strict = try RKMapExecutable.run(arguments + ["--strict"], directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        #expect(strict.status == 1)
    }

    /// The same as a content key path, folded as the elements are read when
    /// streamed: a value, or no content with the reason among the hints.
    @Test(arguments: ["0", "1000000000"])
    func anOperatorAsContent(threshold: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"{"keyPath": "prices.@max", "mappers": [{"id": "m", "target": "Max", "attributes": {"": "value"}}]}"#)
        try scratch.write("in.json", #"{"prices": ["199.00", "9.50", 20, null]}"# + "\n" + #"{"prices": [1, {"amount": 2}]}"# + "\n")
        let run = try RKMapExecutable.run(
            ["apply", "spec.json", "in.json", "--format", "ndjson", "--keep-going"], directory: scratch.url,
            environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        #expect(run.stdout == #"{"@type":"Max","value":"199.00"}"# + "\n")
        #expect(run.status == 1)
        #expect(run.stderr == """
            in.json: $: error: no mappable content: none of the key paths 'prices.@max' is in the document \
            (or its @sum/@avg/@min/@max has no value: an element it cannot combine, or more than 4096 digits, which rkmap does not represent) (document 2)

            """)
    }
}
