import Testing
@testable import RKMap

@Suite struct DocumentPathTests {
    @Test func rendersIdentifiersWithDotsAndOthersQuoted() {
        #expect(DocumentPath.render([]) == "$")
        #expect(DocumentPath.render([.key("articles"), .index(3), .key("author")]) == "$.articles[3].author")
        #expect(DocumentPath.render([.key("odd key"), .key("2nd"), .key("quo\"te")]) == #"$["odd key"]["2nd"]["quo\"te"]"#)
        #expect(DocumentPath.render([.index(0), .index(1)]) == "$[0][1]")
    }
}
