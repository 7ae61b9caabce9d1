import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import RKMap

@Suite struct JUnitReportTests {
    @Test func escapesMarkupAndDropsCharactersXMLCannotHold() {
        #expect(CheckReport.xml("a & b < c > d \"e\" 'f'") == "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;")
        #expect(CheckReport.xml("x\u{0}\u{1}\u{1B}y\u{FFFE}\u{FFFF}z") == "xyz")
        #expect(CheckReport.xml("tab\there\nline\r") == "tab&#9;here&#10;line&#13;")
        #expect(CheckReport.xml("café 🚀") == "café 🚀")
    }

    /// A report whose names and messages hold every troublesome character still
    /// parses, and the parser gives the text back (less the illegal characters).
    @Test func hostileTextRoundTripsThroughAnXMLParser() throws {
        let hostile = "<&>\"' \u{1}\u{8}end\u{FFFF}"
        let exchange = Exchange(name: "f\(hostile).json", file: "f\(hostile).json", facts: ExchangeFacts(method: "GET", path: "/a?<&>"), content: .body([], .json))
        var summary = CheckSummary(spec: "spec.json")
        summary.files = [FixtureFileResult(path: exchange.file, results: [
            ExchangeResult(exchange: exchange, outcome: .failed, reasons: [
                Diagnostic(.error, "bad \(hostile)\nsecond line", file: exchange.file, location: .jsonPath("$[\"<&>\"]"), code: .golden),
            ]),
            ExchangeResult(exchange: exchange, outcome: .skipped, reasons: [Diagnostic(.note, "skip \(hostile)", file: exchange.file, code: .descriptor)]),
            ExchangeResult(exchange: exchange, outcome: .passed, records: 1),
        ])]
        let xml = CheckReport.junit(summary)
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(xml)")
        #expect(collector.names == ["testsuites", "testsuite", "testcase", "failure", "testcase", "skipped", "testcase"])
        let failure = try #require(collector.attributes.first { $0["type"] != nil })
        #expect(failure["message"] == "golden: $[\"<&>\"]: bad <&>\"' end\nsecond line")
        #expect(collector.attributes[1]["name"] == "f<&>\"' end.json")
        #expect(collector.attributes[1]["failures"] == "1")
        #expect(collector.attributes[1]["skipped"] == "1")
        #expect(collector.attributes[1]["tests"] == "3")
    }

    final class Collector: NSObject, XMLParserDelegate {
        var names: [String] = []
        var attributes: [[String: String]] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            names.append(name)
            self.attributes.append(attributes)
        }
    }
}
