import Testing
@testable import RKMap

@Suite struct KeyPathParsingTests {
    @Test func splitsOnUnescapedDots() throws {
        let p = try KeyPath(parsing: "author.name")
        #expect(p.components == [.key("author"), .key("name")])
        #expect(p.anchor == .representation)
    }

    @Test func escapedDotAndAt() throws {
        #expect(try KeyPath(parsing: "odd\\.key").components == [.key("odd.key")])
        #expect(try KeyPath(parsing: "\\@literal").components == [.key("@literal")])
    }

    @Test func anchors() throws {
        #expect(try KeyPath(parsing: "@root.a").anchor == .root)
        #expect(try KeyPath(parsing: "@parent.@parent.id").anchor == .parent(2))
        #expect(try KeyPath(parsing: "@metadata.routing.parameters.id").anchor == .metadata)
    }

    @Test(arguments: ["a..b", "a.@root", "a.@parent", "@cuont", ".a", "a."])
    func rejects(_ text: String) {
        #expect(throws: KeyPath.SyntaxError.self) { try KeyPath(parsing: text) }
    }
}
