import Testing
@testable import RKMap

private func readAll(_ text: String) -> (docs: [JSONValue], starts: [Int], error: String?) {
    var reader = JSONDocumentReader(bytes: Array(text.utf8))
    var docs: [JSONValue] = []
    var starts: [Int] = []
    do {
        while let doc = try reader.next() {
            docs.append(doc)
            starts.append(reader.documentStartOffset)
        }
        return (docs, starts, nil)
    } catch {
        return (docs, starts, error.description)
    }
}

private func n(_ i: Int) -> JSONValue { .number(JSONNumber(i)) }

/// NDJSON and concatenated JSON: each value is a separate document (docs/spec.md §1.1).
@Suite struct JSONDocumentReaderTests {
    @Test func ndjson() {
        let r = readAll("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n")
        #expect(r.docs == [1, 2, 3].map { .object(JSONObject([("a", n($0))])) })
        #expect(r.starts == [0, 8, 16])
        #expect(r.error == nil)
    }

    @Test func concatenated() {
        let r = readAll("{\"a\":1}{\"b\":2}[3]\"s\"")
        #expect(r.docs == [
            .object(JSONObject([("a", n(1))])), .object(JSONObject([("b", n(2))])), .array([n(3)]), .string("s"),
        ])
        #expect(r.starts == [0, 7, 14, 17])
    }

    @Test func scalarsSeparatedByWhitespace() {
        let r = readAll("1 2\t-3.5\r\ntrue null")
        #expect(r.docs == [n(1), n(2), .number(JSONNumber("-3.5")), .bool(true), .null])
    }

    @Test(arguments: ["", " ", "\n\n", " \t\r\n "])
    func emptyInputHasNoDocuments(_ text: String) {
        let r = readAll(text)
        #expect(r.docs.isEmpty)
        #expect(r.error == nil)
    }

    @Test func singleDocumentWithoutTrailingNewline() {
        #expect(readAll("[1, 2]").docs == [.array([n(1), n(2)])])
    }

    @Test func trailingGarbageIsLocatedInTheWholeInput() {
        let r = readAll("{\"a\":1}\n{\"a\":2}\n{\"a\":3} ]\n")
        #expect(r.docs.count == 3)
        #expect(r.error == "3:9: expected a value, found ']'")
    }

    @Test func errorOnLaterLineOfNDJSON() {
        let r = readAll("{\"a\":1}\n{\"a\":2,}\n{\"a\":3}\n")
        #expect(r.docs.count == 1)
        #expect(r.error == "2:8: expected a string key after ',', found '}'")
    }

    @Test func readerStopsAfterAnError() throws {
        var reader = JSONDocumentReader(bytes: Array("1 x 2".utf8))
        #expect(try reader.next() == n(1))
        #expect(throws: JSONSyntaxError.self) { try reader.next() }
        #expect(try reader.next() == nil)
    }

    @Test func literalsMustEndAtAWordBoundary() {
        let r = readAll("truefalse")
        #expect(r.docs.isEmpty)
        #expect(r.error == "1:1: unexpected word 'truefalse'; JSON literals are true, false and null, and strings need double quotes")
    }
}
